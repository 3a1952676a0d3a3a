import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Docusaurus sites (format.md §16). Docusaurus cannot be installed here (no npm registry): its
/// routing rules are checked against the vectors of its own tests (facebook/docusaurus,
/// `packages/docusaurus-plugin-content-docs/src/__tests__/slug.test.ts` and `numberPrefix.test.ts`),
/// and a site on disk is checked, pinned and walked as the command line does.
@Suite("Docusaurus sites", .serialized)
struct DocusaurusTests {
    /// `getSlug`, every case of `slug.test.ts`: (source from the docs directory, id, front matter slug, slug).
    @Test func slugsAsDocusaurusTestsThem() {
        let cases: [(String, String?, String?, String)] = [
            ("dir/doc.md", "doc", nil, "/dir/doc"),
            ("dir/subdir/doc.md", "doc", nil, "/dir/subdir/doc"),
            ("dir/subdir/index.md", "doc", nil, "/dir/subdir/"),
            ("dir/subdir/inDEx.mdx", "doc", nil, "/dir/subdir/"),
            ("dir/subdir/readme.md", "doc", nil, "/dir/subdir/"),
            ("dir/subdir/reADMe.mdx", "doc", nil, "/dir/subdir/"),
            ("dir/subdir/subdir.md", "doc", nil, "/dir/subdir/"),
            ("dir/subdir/suBDir.mdx", "doc", nil, "/dir/subdir/"),
            ("dir/subdir/index.md", "doc", "/my/frontMatterSlug", "/my/frontMatterSlug"),
            ("001-dir1/002-dir2/doc.md", "doc", nil, "/dir1/dir2/doc"),
            ("dir with spâce/hey $hello/doc.md", "my dôc", nil, "/dir with spâce/hey $hello/my dôc"),
            ("doc.md", "doc", nil, "/doc"),
            ("doc.md", "any", "/abc/def", "/abc/def"),
            ("any/doc.md", "any", "/abc/def", "/abc/def"),
            ("any/any/doc.md", "any", "/abc/def", "/abc/def"),
            ("doc.md", "any", "abc/def", "/abc/def"),
            ("dir/doc.md", "any", "abc/def", "/dir/abc/def"),
            ("nonSlashedDir/doc.md", "any", "abc/def", "/nonSlashedDir/abc/def"),
            ("dir/subdir/doc.md", "any", "abc/def", "/dir/subdir/abc/def"),
            ("dir/doc.md", "any", "./abc/def", "/dir/abc/def"),
            ("dir/doc.md", "any", "./abc/../def", "/dir/def"),
            ("dir/subdir/doc.md", "any", "../abc/def", "/dir/abc/def"),
            ("dir/subdir/subdirDoc.md", "any", "../../../../../abc/../def", "/def"),
        ]
        for (source, id, slug, expected) in cases {
            #expect(DocusaurusRoutes.slug(of: source, id: id, slug: slug) == expected, "\(source) \(id ?? "-") \(slug ?? "-")")
        }
        // Without a front matter id, the file name without its number prefix.
        #expect(DocusaurusRoutes.slug(of: "01-guide/02-install.md", id: nil, slug: nil) == "/guide/install")
        #expect(DocusaurusRoutes.route(of: "01-guide/02-install.md", id: nil, slug: nil, base: "/docs") == "/docs/guide/install")
        #expect(DocusaurusRoutes.route(of: "index.md", id: nil, slug: nil, base: "") == "/")
        #expect(DocusaurusRoutes.route(of: "guide/index.md", id: nil, slug: nil, base: "/docs") == "/docs/guide/")
    }

    /// `DefaultNumberPrefixParser`, the cases of `numberPrefix.test.ts`.
    @Test func numberPrefixesAsDocusaurusTestsThem() {
        for name in ["1-My Doc", "01-My Doc", "001-My Doc", "001 - My Doc", "001      -    My Doc", "999      -        My Doc",
                     "1---My Doc", "01---My Doc", "001---My Doc", "001 --- My Doc", "001      ---    My Doc", "999      ---        My Doc",
                     "1___My Doc", "01___My Doc", "001___My Doc", "001 ___ My Doc", "001      ___    My Doc", "999      ___        My Doc",
                     "1.My Doc", "01.My Doc", "001.My Doc", "001 . My Doc", "001      .    My Doc", "999      .       My Doc", "0046036 - My Doc"] {
            #expect(DocusaurusRoutes.stripNumberPrefix(name) == "My Doc", "\(name)")
        }
        let ignored = ["MyDoc", "a1-My Doc", "My Doc-000", "My Doc - 1", "My Doc - 02", "Hey - 03 - My Doc", "00abc01-My Doc", "My 001- Doc",
                       "My -001 Doc", "2021-01-31 - Doc", "31-01-2021 - Doc", "2021_01_31 - Doc", "31_01_2021 - Doc", "2021.01.31 - Doc",
                       "31.01.2021 - Doc", "2021-01 - Doc", "2021_01 - Doc", "2021.01 - Doc", "01-2021 - Doc", "01_2021 - Doc", "01.2021 - Doc",
                       "2021-01-31", "2021-01", "21-01-31", "21-01", "2021_01_31", "2021_01", "21_01_31", "21_01", "01_31", "01", "2021",
                       "8.0", "8.0.0", "14.2.16", "18.2", "8.0 - Doc", "8.0.0 - Doc", "8_0", "8_0_0", "14_2_16", "18_2"]
        for name in ignored { #expect(DocusaurusRoutes.stripNumberPrefix(name) == name, "\(name)") }
        let path = "0-MyRootFolder0/1 - MySubFolder1/2.  MyDeepFolder2/3 _MyDoc3"
        #expect(path.split(separator: "/").map { DocusaurusRoutes.stripNumberPrefix(String($0)) }.joined(separator: "/") == "MyRootFolder0/MySubFolder1/MyDeepFolder2/MyDoc3")
    }

    /// What the configuration says, read as literals: the classic preset's docs (path, routeBasePath),
    /// docs plugin instances, blog and pages, markdown.format, mdx1Compat, i18n; what is not a literal
    /// is said, naming the .outline.toml key.
    @Test func theConfigurationRead() throws {
        let ts = """
            import type {Config} from '@docusaurus/types';
            const config: Config = {
              baseUrl: '/site/',
              i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
              markdown: {format: 'detect', mdx1Compat: {headingIds: false}},
              presets: [['classic', {docs: {path: 'documentation', routeBasePath: '/'}, blog: false}]],
              plugins: [['content-docs', {id: 'community', path: 'community', routeBasePath: 'community'}]],
            };
            export default config;
            """
        let site = try #require(try Site.read("/w/docusaurus.config.ts", bytes: bytes(ts), read: { _ in nil }))
        #expect(site.generator == .docusaurus && site.profile == .docusaurus && site.contentRoot == "/w/documentation")
        #expect(site.docs.map(\.path) == ["/w/documentation", "/w/community"] && site.docs.map(\.route) == ["", "/community"])
        #expect(site.docs[1].translations == ["fr": "/w/i18n/fr/docusaurus-plugin-content-docs-community/current"])
        #expect(site.otherRoots == ["/w/src/pages", "/w/i18n/fr/docusaurus-plugin-content-pages"])
        #expect(site.markdownFormat == .detect && site.baseURL == "/site/" && site.unread.isEmpty)
        #expect(site.readsAsMDX("/w/documentation/a.mdx") && !site.readsAsMDX("/w/documentation/a.md"))
        #expect(site.features.contains("mdx1Compat headingIds false, comments true"))
        #expect(site.publishes("/w/community/x") && site.publishes("/w/i18n/fr/docusaurus-plugin-content-pages/p.md") && !site.publishes("/w/README.md"))

        let unreadable = try #require(try Site.read("/w/docusaurus.config.js", bytes: bytes("module.exports = require('./config');\n"), read: { _ in nil }))
        #expect(unreadable.contentRoot == "/w/docs" && unreadable.markdownFormat == .mdx && unreadable.readsAsMDX("/w/docs/a.md"))
        #expect(unreadable.otherRoots == ["/w/blog", "/w/src/pages"])
        #expect(unreadable.unread.count == 1 && unreadable.unread[0].contains("site-root"), "\(unreadable.unread)")
        let partly = try #require(try Site.read("/w/docusaurus.config.js", bytes: bytes("""
            module.exports = {markdown: {format: process.env.FORMAT}, presets: [['classic', {docs: {path: docsPath()}}]]};
            """), read: { _ in nil }))
        #expect(partly.markdownFormat == .mdx && partly.contentRoot == "/w/docs")
        #expect(partly.unread.contains { $0.hasPrefix("markdown.format is not a literal") } && partly.unread.contains { $0.contains("docs path is not a literal") && $0.contains("site-root") })
    }

    static let config = """
        // @ts-check
        const config = {
          baseUrl: '/site/',
          i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
          presets: [
            ['classic', /** @type {import('@docusaurus/preset-classic').Options} */ ({
              docs: {routeBasePath: '/docs', sidebarPath: require.resolve('./sidebars.js')},
            })],
          ],
        };
        module.exports = config;
        """

    func tree(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        _ = try shell("git init -q .", in: dir)
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// Links by file path and by route as the built site resolves them: number prefixes left out of
    /// routes, front matter `id` and `slug`, `routeBasePath`, `baseUrl` optional, a heading's
    /// `{/* #id */}`; a translation's links resolve among its locale's pages; a route under no docs
    /// directory is skipped; a file with an extension is looked for in `static/`.
    @Test func linksByFileAndByRoute() throws {
        let dir = try tree([
            "docusaurus.config.js": Self.config,
            "docs/01-intro.md": "# Intro\n\n## Getting started\n",
            "docs/guide/02-install.mdx": "---\nid: setup\n---\n# Install\n\n## Linux {/* #on-linux */}\n",
            "docs/guide/index.md": "# Guide\n",
            "docs/slugged.md": "---\nslug: /custom/place\n---\n# Slugged\n",
            "docs/_partial.md": "# Partial\n",
            "docs/links.md": """
                # Links

                [a](./01-intro.md#getting-started) [b](/docs/intro#getting-started) [c](guide/setup#on-linux)
                [d](/docs/guide/) [e](/docs/custom/place) [f](/docs/nowhere) [g](/docs/intro#nope)
                [h](/blog/post) [i](/img/logo.png) [j](/site/docs/intro) [k](01-intro.md) [l](/img/missing.png)
                [m](/docs/partial) [n](/docs/01-intro)
                """,
            "i18n/fr/docusaurus-plugin-content-docs/current/01-intro.md": "# Intro FR\n\n## Premiers pas\n",
            "i18n/fr/docusaurus-plugin-content-docs/current/links.md": "# Liens\n\n[x](/docs/intro#premiers-pas) [y](./01-intro.md#premiers-pas) [z](/docs/intro#getting-started)\n",
            "static/img/logo.png": "",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try runBinary(["check", "docs", "i18n"], directory: dir)
        let broken = check.text.split(separator: "\n").filter { $0.contains("broken link") }.map(String.init)
        #expect(broken == [
            "docs/links.md:4: broken link '/docs/nowhere': no doc of the site is routed at /docs/nowhere",
            "docs/links.md:4: broken link '/docs/intro#nope': docs/01-intro.md has no heading 'nope'",
            "docs/links.md:5: broken link '/img/missing.png': no such file",
            "docs/links.md:6: broken link '/docs/partial': no doc of the site is routed at /docs/partial",
            "docs/links.md:6: broken link '/docs/01-intro': no doc of the site is routed at /docs/01-intro (did you mean /docs/intro?)",
            "i18n/fr/docusaurus-plugin-content-docs/current/links.md:3: broken link '/docs/intro#getting-started': i18n/fr/docusaurus-plugin-content-docs/current/01-intro.md has no heading 'getting-started'",
        ], "\(check.text)\(check.stderr)")
        let verbose = try runBinary(["check", "--verbose", "docs/links.md"], directory: dir)
        #expect(verbose.stderr.contains("a route outside the docs"), "\(verbose.stderr)")
        let site = try runBinary(["site"], directory: dir)
        #expect(site.text.contains("docusaurus.config.js: ") && site.text.contains("docusaurus, content root docs, slugs docusaurus, markdown.format mdx")
                && site.text.contains("i18n en fr, docs docs at /docs"), "\(site.text)")
    }

    /// `markdown.format` decides which files are MDX: `mdx` (the default) every file of the site,
    /// `detect` only `.mdx` files; a file outside the site is CommonMark unless it is `.mdx`.
    @Test func theFormatDecidesTheCommentSyntax() throws {
        let dir = try tree([
            "docusaurus.config.js": "module.exports = {markdown: {format: 'detect'}};\n",
            "docs/a.md": "# A\n", "docs/b.mdx": "# B\n", "blog/post.md": "# Post\n", "README.md": "# Readme\n", "notes.mdx": "# Notes\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try runBinary(["id", "-w", "."], directory: dir).status == 0)
        func read(_ path: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8) }
        #expect(try read("docs/a.md") == "# A\n<!-- outline:a -->\n")
        #expect(try read("docs/b.mdx") == "# B\n{/* outline:b */}\n")
        #expect(try read("README.md") == "# Readme\n<!-- outline:readme -->\n")
        #expect(try read("notes.mdx") == "# Notes\n{/* outline:notes */}\n")
        try "module.exports = {presets: ['classic']};\n".write(to: dir.appendingPathComponent("docusaurus.config.js"), atomically: true, encoding: .utf8)
        try "# C\n".write(to: dir.appendingPathComponent("docs/c.md"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["id", "-w", "docs/c.md", "blog/post.md"], directory: dir).status == 0)
        #expect(try read("docs/c.md") == "# C\n{/* outline:c */}\n" && read("blog/post.md") == "# Post\n{/* outline:post */}\n")
    }
}
