import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Configurations found and read as their generators find and read them (format.md §16):
/// Zensical's `zensical.toml` and its reading of `mkdocs.yml`, Hugo's configuration directory and
/// environments, mounts by language, sections moved by their `slug`, and the search for the site
/// that publishes a directory. Each expectation was measured with the generator itself (zensical
/// 0.0.73, hugo 0.168); `ZensicalSiteTests` and `HugoConfigurationBuildTests` build the same.
@Suite("site configurations")
struct SiteConfigurationTests {
    func read(_ path: String, _ text: String, as generator: Site.Generator? = nil, files: [String: String] = [:],
              directories: Set<String> = [], environment: String = ConfigurationSources.defaultEnvironment) throws -> Site? {
        try Site.read(path, as: generator, bytes: Array(text.utf8),
                      sources: ConfigurationSources(read: { files[$0].map { Array($0.utf8) } }, isDirectory: { directories.contains($0) }, environment: environment))
    }

    /// `zensical.toml`'s `[project]`: without `markdown_extensions` Zensical's own set, so an
    /// attribute block is a heading's id, footnotes and tabs have theirs.
    @Test func zensicalTOMLWithItsDefaults() throws {
        let site = try #require(try read("/r/zensical.toml", "[project]\nsite_name = \"x\"\ndocs_dir = \"pages\"\nuse_directory_urls = false\n"))
        #expect(site.generator == .zensical && site.contentRoot == "/r/pages" && !site.directoryURLs && site.linksFromFile)
        #expect(site.profile == .mkdocs && site.dialect.headingAttributes && site.dialect.footnoteSeparator == ":")
        #expect(site.dialect.admonitions && site.dialect.details && site.dialect.tabs && site.dialect.markdownInHTML && site.dialect.fenceAttributes)
        // Its own table of extensions: the `pymdownx` namespace hoisted, a slugify given as a table.
        let material = try #require(try read("/r/zensical.toml", """
            [project]
            site_name = "x"
            [project.markdown_extensions]
            footnotes = {}
            toc.slugify = { object = "pymdownx.slugs.slugify", kwds = { case = "lower" } }
            pymdownx.tabbed.alternate_style = true
            pymdownx.tabbed.slugify = { kwds = { case = "lower" } }
            """))
        #expect(material.profile == .mkdocsMaterial && material.dialect.tabs && material.dialect.tabSlugs == SlugProfile.mkdocsMaterial.rawValue)
        #expect(!material.dialect.headingAttributes && material.dialect.fenceAttributes, "only what it lists, and superfences always")
        let unknown = try #require(try read("/r/zensical.toml", "[project.markdown_extensions.toc]\nslugify = { object = \"my.slugify\" }\n"))
        #expect(unknown.profile == nil && unknown.unknownSlugify == "my.slugify")
    }

    /// A `mkdocs.yml` is MkDocs' unless Zensical is named: then without `markdown_extensions` it
    /// has Zensical's (`## with pip { #with-pip }` is `with-pip`, not MkDocs' `with-pip-with-pip`),
    /// and `INHERIT` appends lists (deepmerge) where MkDocs replaces them (mergedeep).
    @Test func mkdocsYAMLAsZensicalReadsIt() throws {
        let bare = "site_name: x\n"
        let mkdocs = try #require(try read("/r/mkdocs.yml", bare))
        let zensical = try #require(try read("/r/mkdocs.yml", bare, as: .zensical))
        #expect(mkdocs.generator == .mkdocs && !mkdocs.dialect.headingAttributes && !mkdocs.linksFromFile)
        #expect(zensical.generator == .zensical && zensical.dialect.headingAttributes && zensical.linksFromFile)
        #expect(try read("/r/mkdocs.yml", bare, as: .hugo) == nil, "Hugo reads no mkdocs.yml")
        let files = ["/r/base.yml": "site_name: x\nmarkdown_extensions: [attr_list]\n"]
        let child = "INHERIT: base.yml\nmarkdown_extensions: [footnotes]\n"
        let inherited = try #require(try read("/r/mkdocs.yml", child, as: .zensical, files: files))
        #expect(inherited.dialect.headingAttributes && inherited.dialect.footnoteSeparator != nil && !inherited.dialect.admonitions)
        let replaced = try #require(try read("/r/mkdocs.yml", child, files: files))
        #expect(!replaced.dialect.headingAttributes && replaced.dialect.footnoteSeparator != nil)
    }

    /// Zensical writes every relative link from the source file, raw HTML's too: `guide/` in
    /// `docs/urls.md` is `/guide/` (MkDocs: `/urls/guide/`), `<a href="guide.md#x">` the page.
    @Test func zensicalLinksResolveFromTheFile() throws {
        let store = MemoryStore([
            "docs/urls.md": """
            # URLs

            [url](guide/#setup) [html source](guide.md#nope) [climbs](../../guide/)

            <a href="guide.md#setup">raw</a> <img src="img/x.png">
            """,
            "docs/guide.md": "# Guide\n\n## Setup\n",
            "docs/img/x.png": "png",
        ])
        store.config.site = try #require(try read("/w/zensical.toml", "[project]\nsite_name = \"x\"\n"))
        let report = try Run(store: store, lifetime: .session()).check(Run.CheckRequest(files: ["docs/urls.md"], configs: [store.config]))
        let broken = report.findings.filter { $0.kind == .brokenLink }.map { "\($0.line ?? 0) \($0.subject.map { "\($0)" } ?? "-")" }
        #expect(broken == ["3 link(\"guide.md#nope\")", "3 link(\"../../guide/\")"], "\(report.findings)")
        store.config.site = try #require(try read("/w/mkdocs.yml", "site_name: x\n"))
        let mkdocs = try Run(store: store, lifetime: .session()).check(Run.CheckRequest(files: ["docs/urls.md"], configs: [store.config]))
        #expect(mkdocs.findings.filter { $0.kind == .brokenLink }.count == 5, "MkDocs: guide/, guide.md#nope, ../../guide/, the raw .md and img/x.png from /urls/")
    }

    /// Hugo's configuration directory alone is a site; `config/production/` (or the environment
    /// named) is merged over `config/_default/`, which is merged over the root file.
    @Test func hugoConfigurationDirectory() throws {
        let files = [
            "/r/config/_default/hugo.yaml": "contentDir: a\nuglyURLs: true\nparams:\n  x: 1\n",
            "/r/config/production/hugo.toml": "contentDir = 'b'\n",
            "/r/config/staging/params.toml": "x = 2\n",
            "/r/config/staging/hugo.yaml": "contentDir: c\n",
        ]
        let alone = try #require(try read("/r/config/_default/hugo.yaml", files["/r/config/_default/hugo.yaml"]!, files: files))
        #expect(alone.generator == .hugo && alone.contentRoot == "/r/b" && alone.hugo?.uglyURLs == true)
        #expect(alone.features.contains("config/_default (hugo.yaml)") && alone.features.contains("config/production (hugo.toml)"))
        let staging = try #require(try read("/r/config/_default/hugo.yaml", files["/r/config/_default/hugo.yaml"]!, files: files, environment: "staging"))
        #expect(staging.contentRoot == "/r/c")
        // The root file is under the directory (hugo 0.168: `hugo config` says `contentdir = 'b'`).
        let root = try #require(try read("/r/hugo.toml", "contentDir = 'r'\ndisablePathToLower = true\n", files: files))
        #expect(root.contentRoot == "/r/b" && root.hugo?.lowercasePaths == false)
        #expect(SiteSearch.configurations(in: "/r", exists: { files[$0] != nil }) == ["/r/config/_default/hugo.yaml"])
        #expect(SiteSearch.configurations(in: "/r", exists: { files[$0] != nil || $0 == "/r/config.toml" }) == ["/r/config.toml"])
        // Past the nesting limit (format.md §11): the file the site was found by is unreadable, with
        // its line, as a root file is; another file of the directory is said with its line and left out.
        let deep = "params:\n  x: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
        var broken = files
        broken["/r/config/_default/hugo.yaml"] = deep
        #expect(throws: Diagnostic.self) { try read("/r/config/_default/hugo.yaml", deep, files: broken) }
        do { _ = try read("/r/config/_default/hugo.yaml", deep, files: broken) } catch let error as Diagnostic {
            #expect(error.path == "/r/config/_default/hugo.yaml" && error.line == 2 && error.message.contains("nesting deeper than"), "\(error)")
        }
        broken = files
        broken["/r/config/staging/params.toml"] = "x = " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
        let partly = try #require(try read("/r/config/_default/hugo.yaml", files["/r/config/_default/hugo.yaml"]!, files: broken, environment: "staging"))
        #expect(partly.contentRoot == "/r/c" && partly.unread == ["config/staging/params.toml:1: cannot read TOML: nesting deeper than \(Nesting.limit)"], "\(partly.unread)")
    }

    /// Mounts to `content` for some languages (`sites.matrix.languages`, before Hugo 0.153 `lang`)
    /// are those languages' content; a mount for none is the default language's.
    @Test func hugoMountsByLanguage() throws {
        // The site `HugoBuildTests` builds (en and fr by `sites.matrix`), with Japanese by `lang`
        // (which hugo 0.168 refuses) and a mount of English pages into French.
        let yaml = try #require(HugoFixtures.configuration["config/_default/hugo.yaml"])
            .replacingOccurrences(of: "  fr: {weight: 2}\n", with: "  fr: {weight: 2}\n  ja: {weight: 3}\n")
            + "    - {source: content/ja, target: content, lang: ja}\n    - {source: content/en/docs, target: content/docs, sites: {matrix: {languages: [fr]}}}\n"
        let site = try #require(try read("/r/hugo.yaml", yaml))
        #expect(site.contentRoot == "/r/content/en" && site.otherRoots.isEmpty)
        #expect(site.hugo?.languages.map { "\($0.code) \($0.contentDir) \($0.prefix)" } == ["en /r/content/en ", "fr /r/content/fr /fr", "ja /r/content/ja /ja"])
        #expect(site.translations?.targets.map(\.directory) == ["/r/content/fr", "/r/content/ja"])
    }

    /// Current Hugo publishes a section, and every page under it, under its `_index.md`'s `slug`
    /// (0.168's `hugo list all`: `guide/deep/q.md` with `slug: qq` at `/manual/deep-two/qq/`).
    @Test func hugoSectionsMoveUnderTheirSlug() throws {
        let files = [
            "/r/content/guide/_index.md": "---\ntitle: G\nslug: manual\n---\n",
            "/r/content/guide/page.md": "# P\n",
            "/r/content/guide/deep/_index.md": "---\nslug: Deep Two\n---\n",
            "/r/content/guide/deep/q.md": "---\nslug: qq\n---\n",
            "/r/content/guide/deep/bundle/index.md": "# B\n",
            "/r/content/other/_index.md": "---\nurl: /elsewhere/\n---\n",
            "/r/content/other/o.md": "# O\n",
        ]
        let site = try #require(try read("/r/hugo.toml", "baseURL = 'x'\n", directories: ["/r/content"]))
        let routes = HugoRouteTable(site, canonical: { $0 }, list: { dir in files.keys.filter { $0.hasPrefix(dir + "/") }.sorted() }, read: { files[$0].map { Array($0.utf8) } })
        let urls = files.keys.sorted().map { "\(String($0.dropFirst("/r/content/".count))) \(routes.url(of: $0) ?? "-")" }
        #expect(urls == [
            "guide/_index.md /manual/", "guide/deep/_index.md /manual/deep-two/", "guide/deep/bundle/index.md /manual/deep-two/bundle/",
            "guide/deep/q.md /manual/deep-two/qq/", "guide/page.md /manual/page/",
            "other/_index.md /elsewhere/", "other/o.md /other/o/",
        ])
    }

    /// The site that publishes a directory: the nearest configuration whose content root holds it,
    /// else the next one up; a generator named reads the nearest configuration it reads.
    @Test func theSearchGoesOnAboveAConfigurationThatDoesNotPublish() throws {
        let files: [String: String] = [
            "/w/mkdocs.yml": "site_name: x\n",
            "/w/docs/templates/mkdocs.yml": "site_name: template\n",
            "/w/sub/zensical.toml": "[project]\nsite_name = \"z\"\n",
            "/w/sub/mkdocs.yml": "site_name: m\n",
            "/w/.git": "",
        ]
        func search() -> SiteSearch {
            SiteSearch(exists: { files[$0] != nil }, isTop: { files[$0 + "/.git"] != nil }, read: { path, generator in
                try Site.read(path, as: generator, bytes: Array(files[path]!.utf8), sources: ConfigurationSources(read: { files[$0].map { Array($0.utf8) } }))
            })
        }
        var s = search()
        #expect(try s.nearestConfiguration(from: "/w/docs/templates")?.path == "/w/docs/templates/mkdocs.yml")
        #expect(try s.site(publishing: "/w/docs/templates")?.config == "/w/mkdocs.yml")
        #expect(try s.site(publishing: "/w/docs/templates/docs")?.config == "/w/docs/templates/mkdocs.yml")
        #expect(try s.site(publishing: "/w/elsewhere") == nil)
        // Two generators' configurations in one directory: an error, unless one is named.
        #expect(throws: Diagnostic.self) { try s.site(publishing: "/w/sub/docs") }
        let zensical = try s.site(publishing: "/w/sub/docs", generator: .zensical)
        #expect(zensical?.config == "/w/sub/zensical.toml" && zensical?.generator == .zensical)
        #expect(try s.site(publishing: "/w/sub/docs", generator: .mkdocs)?.config == "/w/sub/mkdocs.yml")
        #expect(try s.site(publishing: "/w/docs", generator: .zensical)?.generator == .zensical)
    }

    /// YAML merge keys as PyYAML reads them: `<<: *toc` brings the anchored mapping's keys (and with
    /// them `toc`'s slugify), the mapping's own keys win; a quoted `"<<"` is a key; merges are bounded.
    @Test func mergeKeysAsPyYAMLReadsThem() throws {
        let yml = """
        site_name: x
        x-toc: &toc
          slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}
          permalink: false
        markdown_extensions:
          - toc:
              <<: *toc
              permalink: true
          - attr_list
        """
        let site = try #require(try read("/r/mkdocs.yml", yml))
        #expect(site.profile == .mkdocsMaterial && site.dialect.headingAttributes)
        let toc = try ConfigValue.yaml(Array(yml.utf8))["markdown_extensions"]?.list?.first?["toc"]
        #expect(toc?.pairs?.map(\.key) == ["slugify", "permalink"] && toc?["permalink"]?.bool == true)
        let quoted = try ConfigValue.yaml(Array("a: &a {x: 1}\nb: {\"<<\": *a}\n".utf8))
        #expect(quoted["b"]?.pairs?.map(\.key) == ["<<"])
        #expect(throws: Diagnostic.self) { try ConfigValue.yaml(Array("a: 1\nb: {<<: [1]}\n".utf8)) }
        // 600 keys merged 600 times by each of 600 mappings: past the budget, said, not copied.
        let keys = (0..<600).map { "k\($0): 1" }.joined(separator: ", ")
        let bomb = "a: &a {\(keys)}\n" + (0..<600).map { "b\($0): {<<: [\(Array(repeating: "*a", count: 600).joined(separator: ", "))]}" }.joined(separator: "\n") + "\n"
        #expect(throws: Diagnostic.self) { try ConfigValue.yaml(Array(bomb.utf8)) }
    }

    /// A directory relative to itself is `.` (`outline site` inside the content root).
    @Test func aDirectoryFromItselfIsDot() {
        #expect(FilePath.relative("w/docs", fromDirectory: "w/docs") == ".")
        #expect(FilePath.relative("w/docs/a.md", fromDirectory: "w/docs") == "a.md")
        #expect(FilePath.relative("w/docs", fromDirectory: "w/docs/sub") == "..")
    }
}
