import Testing
@testable import OutlineCore

/// What a site's configuration implies (format.md §16), read from `mkdocs.yml` and `conf.py`.
@Suite("site configurations")
struct SiteReadingTests {
    func mkdocs(_ text: String, files: [String: String] = [:]) throws -> Site {
        try #require(try Site.read("/r/mkdocs.yml", bytes: Array(text.utf8), read: { files[$0].map { Array($0.utf8) } }))
    }

    @Test func mkdocsExtensionsBecomeTheDialectAndTheProfile() throws {
        let site = try mkdocs("""
        site_name: x
        docs_dir: src/docs
        use_directory_urls: false
        markdown_extensions:
          - attr_list
          - footnotes:
              SEPARATOR: "-"
          - admonition
          - pymdownx.details
          - pymdownx.tabbed:
              alternate_style: true
              combine_header_slug: true
              slugify: !!python/object/apply:pymdownx.slugs.slugify
                kwds:
                  case: lower
          - md_in_html
          - markdown.extensions.toc:
              slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}
        plugins: [search, blog, macros]
        """)
        #expect(site.generator == .mkdocs && site.contentRoot == "/r/src/docs" && !site.directoryURLs)
        #expect(site.profile == .mkdocsMaterial)
        let d = site.dialect
        #expect(d.headingAttributes && d.inlineAttributes && d.footnoteSeparator == "-" && d.admonitions && d.details && d.tabs && d.markdownInHTML)
        #expect(d.tabSlugs == "mkdocs-material" && d.tabSlugsCombineHeader && d.lastDefinitionWins && d.explicitIDsReservedFirst)
        #expect(!d.mystDirectives && !d.mystTargets)
        #expect(site.templates && site.notes.count == 2 && site.unread.isEmpty)
    }

    @Test func defaultsAndWhatCannotBeRead() throws {
        let plain = try mkdocs("site_name: x\n")
        #expect(plain.contentRoot == "/r/docs" && plain.directoryURLs && plain.profile == .mkdocs)
        #expect(!plain.dialect.headingAttributes && !plain.dialect.hasContainers)
        let unknown = try mkdocs("markdown_extensions:\n  - toc:\n      slugify: !!python/name:my.own.slugify\n")
        #expect(unknown.profile == nil && unknown.unknownSlugify == "my.own.slugify")
        let cased = try mkdocs("markdown_extensions:\n  - toc:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: fold}}\n")
        #expect(cased.profile == nil)
        let env = try mkdocs("docs_dir: !ENV [DOCS, docs]\n")
        #expect(env.unread.contains { $0.contains("site-root") })
        #expect(throws: Diagnostic.self) { try mkdocs("a: [1\n") }
    }

    @Test func inheritMergesTheParentUnderTheChild() throws {
        let site = try mkdocs("INHERIT: base/mkdocs.yml\ndocs_dir: mine\n", files: [
            "/r/base/mkdocs.yml": "docs_dir: theirs\nuse_directory_urls: false\nmarkdown_extensions: [attr_list]\n",
        ])
        #expect(site.contentRoot == "/r/mine" && !site.directoryURLs && site.dialect.headingAttributes)
        let missing = try mkdocs("INHERIT: nowhere.yml\n")
        #expect(missing.unread.contains { $0.contains("INHERIT") })
    }

    @Test func sphinxWithMyST() throws {
        let conf = """
        extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.intersphinx"]
        myst_enable_extensions = ["colon_fence", "deflist"]
        myst_heading_anchors = 2
        source_suffix = [".md"]
        def setup(app):
            app.add_directive("rest-links", RestLinks)
        """
        let site = try #require(try Site.read("/r/docs/conf.py", bytes: Array(conf.utf8), read: { _ in nil }))
        #expect(site.generator == .sphinx && site.contentRoot == "/r/docs" && site.profile == .myst)
        #expect(site.dialect.mystDirectives && site.dialect.colonFence && site.dialect.mystTargets && site.dialect.headingSlugLevels == 2)
        #expect(site.documentedObjects && site.customDirectives == ["rest-links"] && site.sourceSuffixes == [".md"])
        let none = try #require(try Site.read("/r/docs/conf.py", bytes: Array("extensions = ['myst_parser']\n".utf8), read: { _ in nil }))
        #expect(none.dialect.headingSlugLevels == 0 && !none.dialect.colonFence)
        // A conf.py without MyST configures no site outline reads.
        #expect(try Site.read("/r/docs/conf.py", bytes: Array("extensions = ['sphinx.ext.autodoc']\n".utf8), read: { _ in nil }) == nil)
    }

    @Test func mkdocsURLs() {
        #expect(SiteLinks.url(of: "a/b.md", directoryURLs: true) == "a/b/")
        #expect(SiteLinks.url(of: "a/index.md", directoryURLs: true) == "a/")
        #expect(SiteLinks.url(of: "README.md", directoryURLs: true) == "")
        #expect(SiteLinks.url(of: "a/b.md", directoryURLs: false) == "a/b.html")
        #expect(SiteLinks.resolveURL("../c/", against: "a/b/") == "a/c/")
        #expect(SiteLinks.resolveURL("img/x.png", against: "a/b/") == "a/b/img/x.png")
        #expect(SiteLinks.resolveURL("/img/x.png", against: "a/b/") == "img/x.png")
        #expect(SiteLinks.resolveURL("../../..", against: "a/b/") == nil)
        #expect(SiteLinks.files(at: "a/b/", directoryURLs: true) == ["a/b/index.md", "a/b/README.md", "a/b.md"])
        #expect(SiteLinks.files(at: "api/serializers", directoryURLs: true) == ["api/serializers", "api/serializers/index.md", "api/serializers/README.md", "api/serializers.md"])
        #expect(SiteLinks.files(at: "a/b.html", directoryURLs: false) == ["a/b.html", "a/b.md"])
    }
}
