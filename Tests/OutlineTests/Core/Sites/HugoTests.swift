import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Hugo sites (format.md §16): the configuration as Hugo reads it (TOML, YAML or JSON; `hugo.*`
/// before `config.*`; `config/_default/`), links by URL as Hugo publishes pages, the ids goldmark
/// gives, shortcodes, languages.
@Suite("Hugo sites", .serialized)
struct HugoTests {
    func hugo(_ text: String, name: String = "hugo.toml", files: [String: String] = [:], directories: Set<String> = []) throws -> Site? {
        try Site.read("/r/" + name, bytes: Array(text.utf8), read: { files[$0].map { Array($0.utf8) } }, isDirectory: { directories.contains($0) })
    }

    @Test func tomlAsTOMLReadsIt() throws {
        let value = try ConfigValue.toml(Array("""
        # comment
        baseURL = "https://x.org/" # trailing
        "quoted key" = 'literal \\n'
        a.b.c = 1_000
        flag = true
        list = [ "x", 'y',
          # inside
          3, ]
        inline = { k = "v", n.m = 2 }
        multi = \"\"\"
        one \\
          two\"\"\"
        [markup.goldmark.parser]
          autoDefinitionTermID = true
        [[module.mounts]]
          source = "content/en"
          target = "content"
        [[module.mounts]]
          source = "static"
          target = "static"
        [languages.fr]
          contentDir = "content/fr"
        """.utf8))
        #expect(value["baseURL"]?.string == "https://x.org/")
        #expect(value["quoted key"]?.string == "literal \\n")
        #expect(value["a"]?["b"]?["c"] == .scalar("1_000", plain: true))
        #expect(value["flag"]?.bool == true)
        #expect(value["list"]?.list?.count == 3 && value["list"]?.list?[1].string == "y")
        #expect(value["inline"]?["n"]?["m"]?.string == "2")
        #expect(value["multi"]?.string == "one two")
        #expect(value["markup"]?["goldmark"]?["parser"]?["autoDefinitionTermID"]?.bool == true)
        #expect(value["module"]?["mounts"]?.list?.map { $0["source"]?.string } == ["content/en", "static"])
        #expect(value["languages"]?["fr"]?["contentDir"]?.string == "content/fr")
        // Errors are located, never a silent misreading.
        for bad in ["a = ", "a = \"open", "[t]\n[t]", "a = 1\na = 2", "a b = 1"] {
            #expect(throws: Diagnostic.self, "\(bad)") { try ConfigValue.toml(Array(bad.utf8)) }
        }
    }

    @Test func theConfigurationRead() throws {
        let site = try #require(try hugo("""
        contentDir = "src"
        defaultContentLanguage = "de"
        uglyURLs = true
        [permalinks]
          posts = "/:year/:slug/"
        [languages.de]
          weight = 1
        [languages.fr]
          contentDir = "src-fr"
        [markup.goldmark.parser]
          autoDefinitionTermID = true
        """))
        #expect(site.generator == .hugo && site.contentRoot == "/r/src" && site.profile == .hugo && site.dialect.definitionTermIDs)
        let settings = try #require(site.hugo)
        #expect(settings.uglyURLs && settings.permalinks == ["posts": "/:year/:slug/"] && settings.staticDirs == ["/r/static"])
        #expect(settings.languages.map(\.code) == ["de", "fr"] && settings.languages.map(\.prefix) == ["", "/fr"])
        #expect(site.publishes("/r/src-fr/a.md") && site.publishes("/r/src/a.md") && !site.publishes("/r/layouts/a.md"))
        #expect(site.translations == TranslationLayout(source: .init(language: "de", directory: "/r/src"), targets: [.init(language: "fr", directory: "/r/src-fr")]))
        // Languages without a contentDir of their own: translations by file name.
        let suffixed = try #require(try hugo("[languages.en]\n[languages.fr]\n[languages.it]\n"))
        #expect(suffixed.translations?.isSuffixed == true && suffixed.translations?.targets.map(\.language) == ["fr", "it"])
        // Mounts to content replace contentDir; another heading-id type is a profile outline lacks.
        let mounted = try #require(try hugo("""
        [markup.goldmark.parser]
          autoHeadingIDType = "blackfriday"
        [[module.mounts]]
          source = 'content/en'
          target = 'content'
        """))
        #expect(mounted.contentRoot == "/r/content/en" && mounted.profile == nil && mounted.unknownSlugify == "autoHeadingIDType blackfriday")
        // The default language's own contentDir is the content root (hugo-book's exampleSite:
        // `content.en`, `content.zh`); disablePathToLower is read.
        let perLanguage = try #require(try hugo("disablePathToLower = true\n[languages.en]\n  contentDir = 'content.en'\n[languages.zh]\n  contentDir = 'content.zh'\n"))
        #expect(perLanguage.contentRoot == "/r/content.en" && perLanguage.hugo?.languages.map(\.contentDir) == ["/r/content.en", "/r/content.zh"])
        #expect(perLanguage.hugo?.lowercasePaths == false && perLanguage.publishes("/r/content.en/a.md") && !perLanguage.publishes("/r/content/a.md"))
        // YAML and JSON too; keys are case-insensitive.
        #expect(try hugo("contentdir: docs\n", name: "hugo.yaml")?.contentRoot == "/r/docs")
        #expect(try hugo("{\"contentDir\": \"pages\", \"uglyurls\": true}", name: "hugo.json")?.hugo?.uglyURLs == true)
    }

    /// `config.*` is Hugo's only beside `content/` or when it sets `baseURL` or `contentDir`;
    /// `hugo.*` comes before `config.*`; `config/_default/` is merged over the root file (hugo
    /// 0.168's `hugo config`: a key of the directory wins).
    @Test func whichFileIsHugos() throws {
        #expect(try hugo("title = 'x'\n", name: "config.toml") == nil)
        #expect(try hugo("key: [unclosed\n", name: "config.yaml") == nil)
        #expect(try hugo("title = 'x'\n", name: "config.toml", directories: ["/r/content"])?.generator == .hugo)
        #expect(try hugo("baseURL = 'https://x/'\n", name: "config.toml")?.contentRoot == "/r/content")
        #expect(Site.readConfigurations(["/r/mkdocs.yml", "/r/hugo.toml", "/r/hugo.yaml", "/r/config.toml"]) == ["/r/mkdocs.yml", "/r/hugo.toml"])
        #expect(Site.readConfigurations(["/r/config.toml", "/r/config.yaml"]) == ["/r/config.toml"])
        let merged = try #require(try hugo("contentDir = 'root'\ndisablePathToLower = true\n", name: "hugo.toml", files: [
            "/r/config/_default/hugo.toml": "contentDir = 'dir'\nuglyURLs = true\n",
            "/r/config/_default/markup.yaml": "goldmark:\n  parser:\n    autoDefinitionTermID: true\n",
            "/r/config/_default/languages.toml": "[en]\n[es]\ncontentDir = 'content/es'\n",
        ]))
        #expect(merged.contentRoot == "/r/dir" && merged.hugo?.uglyURLs == true && merged.hugo?.lowercasePaths == false && merged.dialect.definitionTermIDs)
        #expect(merged.hugo?.languages.map(\.contentDir) == ["/r/dir", "/r/content/es"])
    }

    /// Where Hugo publishes a content file; each vector is what `hugo list all` (0.168) gave for
    /// the same file and front matter.
    @Test func urlsAsHugoPublishesThem() {
        var settings = HugoSettings()
        typealias Meta = HugoRoutes.PageMeta
        let vectors: [(String, Meta, String)] = [
            ("guide/Install.md", Meta(), "/guide/install/"),
            ("guide/_index.md", Meta(), "/guide/"),
            ("guide/bundle/index.md", Meta(), "/guide/bundle/"),
            ("guide/My Page.md", Meta(), "/guide/my-page/"),
            ("Big Dir/Ünï Page.md", Meta(), "/big-dir/ünï-page/"),
            ("guide/slugged.md", Meta(slug: "other-name"), "/guide/other-name/"),
            ("guide/fixed.md", Meta(url: "/fixed/here/"), "/fixed/here/"),
            ("_index.md", Meta(), "/"),
            // Hugo's UnicodeSanitize: hugo 0.168 publishes these files at these URLs.
            ("getting started.md", Meta(), "/getting-started/"),
            ("say \"hi\".md", Meta(), "/say-hi/"),
            ("guide/what's-new.md", Meta(), "/guide/whats-new/"),
            ("a+b (x).md", Meta(), "/a+b-x/"),
            ("café.md", Meta(), "/café/"),
            ("Guide/Old Page/index.md", Meta(), "/guide/old-page/"),
        ]
        for (file, meta, url) in vectors { #expect(HugoRoutes.url(of: file, front: meta, settings: settings) == url, "\(file)") }
        #expect(HugoRoutes.url(of: "installer.md", front: Meta(), settings: settings, prefix: "/fr") == "/fr/installer/")
        settings.permalinks["posts"] = "/:year/:slug/"
        #expect(HugoRoutes.url(of: "posts/hello.md", front: Meta(slug: "hello", title: "Hello World", date: "2024-03-05"), settings: settings) == "/2024/hello/")
        #expect(HugoRoutes.url(of: "posts/hello.md", front: Meta(title: "Hello World", date: "2024-03-05"), settings: settings) == "/2024/hello-world/")
        // disablePathToLower keeps the case (hugo 0.168: `Big Dir/Ünï Page.md` at `/Big-Dir/Ünï-Page/`).
        settings.lowercasePaths = false
        #expect(HugoRoutes.url(of: "Big Dir/Ünï Page.md", front: Meta(), settings: settings) == "/Big-Dir/Ünï-Page/")
        settings.lowercasePaths = true
        settings.uglyURLs = true
        #expect(HugoRoutes.url(of: "guide/My Page.md", front: Meta(), settings: settings) == "/guide/my-page.html")
        #expect(HugoRoutes.url(of: "guide/b/index.md", front: Meta(), settings: settings) == "/guide/b.html")
        #expect(HugoRouteTable.key(HugoRoutes.url(of: "guide/_index.md", front: Meta(), settings: settings)) == HugoRouteTable.key("/guide/index.html"))
    }

    /// Front matter as Hugo reads it: YAML between `---`, TOML between `+++`; `aliases` a list or one string.
    @Test func frontMatterRead() {
        let yaml = HugoRoutes.frontMatter(Array("---\ntitle: T\nslug: s\naliases: [/a/, b]\ndate: 2024-01-02\n---\n# T\n".utf8))
        #expect(yaml == HugoRoutes.PageMeta(slug: "s", title: "T", date: "2024-01-02", aliases: ["/a/", "b"]))
        let toml = HugoRoutes.frontMatter(Array("+++\nurl = '/x/y/'\naliases = '/old/'\n+++\n# T\n".utf8))
        #expect(toml == HugoRoutes.PageMeta(url: "/x/y/", aliases: ["/old/"]))
        #expect(HugoRoutes.frontMatter(Array("# No front matter\n---\n".utf8)) == HugoRoutes.PageMeta())
        #expect(HugoRoutes.frontMatter(Array("---\nslug: unclosed\n".utf8)) == HugoRoutes.PageMeta())
    }

    /// The link render hook: the site's own before its theme's; it resolves page paths when it, or
    /// a partial it calls, calls `GetPage` (hugo-book's theme: `partial "docs/links/portable-link"`);
    /// without one, Hugo's embedded hook in a multilingual site (`useEmbedded = "auto"`).
    @Test func theLinkRenderHookRead() throws {
        let theme = [
            "/r/themes/book/layouts/_markup/render-link.html": "{{- $d := partial \"docs/links/portable-link\" . -}}<a href=\"{{ $d }}\">",
            "/r/themes/book/layouts/_partials/docs/links/portable-link.html": "{{ with (.Page.GetPage $path) }}{{ .RelPermalink }}{{ end }}",
        ]
        let themed = try #require(try hugo("theme = 'book'\n", files: theme))
        #expect(themed.hugo?.linkHook == "themes/book/layouts/_markup/render-link.html" && themed.hugo?.pagePathLinks == true)
        var own = theme
        own["/r/layouts/_markup/render-link.html"] = "{{ if eq $u.String \"g\" }}glossary{{ end }}<a href=\"{{ .Destination }}\">"
        let site = try #require(try hugo("theme = ['book']\n", files: own))
        #expect(site.hugo?.linkHook == "layouts/_markup/render-link.html" && site.hugo?.pagePathLinks == false && site.hugo?.hookDestinations == ["g"])
        #expect(try hugo("[languages.en]\n[languages.fr]\n")?.hugo?.pagePathLinks == true)
        #expect(try hugo("[languages.en]\n[languages.fr]\n[markup.goldmark.renderHooks.link]\n  useEmbedded = 'never'\n")?.hugo?.pagePathLinks == false)
        #expect(try hugo("[markup.goldmark.renderHooks.link]\n  useEmbedded = 'always'\n")?.hugo?.pagePathLinks == true)
        #expect(try hugo("title = 'one language'\n")?.hugo?.pagePathLinks == false)
    }

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

    /// Links by URL, as `hugo` builds them: a page's path, bundle and section, `slug`, `url`,
    /// `aliases`, `permalinks`, `static/`, a bundle's files, the language prefix. A multilingual site
    /// gets Hugo's embedded link render hook, whose `GetPage` also reaches `guide/install/` from
    /// any page, `/posts/hello/` by its path and `/Guide/Install/` whatever the case; without it, the
    /// browser resolves them and they are broken. Shortcodes in destinations and the text of a
    /// section that cascades `build.render: never` are skipped.
    @Test func linksByURLAsHugoBuildsThem() throws {
        let common = [
            "content/guide/deep.md:6: broken link '../nowhere/': no page of the site is published at /guide/nowhere/",
            "content/links.md:9: broken link '/guide/instal/': no page of the site is published at /guide/instal/ (did you mean /guide/install/?)",
            "content/links.md:9: broken link '/guide/install/#nope': content/guide/Install.md has no heading 'nope'",
            "content/links.md:9: broken link '/img/missing.png': no such file",
        ]
        let multilingual = try tree(HugoFixtures.urls(languages: true))
        defer { try? FileManager.default.removeItem(at: multilingual) }
        var check = try runBinary(["check", "content"], directory: multilingual)
        var broken = check.text.split(separator: "\n").filter { $0.contains("broken link") }.map(String.init)
        #expect(broken == common, "\(check.text)\(check.stderr)")
        #expect(check.status == 1)
        let verbose = try runBinary(["check", "--verbose", "content"], directory: multilingual)
        #expect(verbose.stderr.contains("a shortcode in the destination") && verbose.stderr.contains("renders no page for"), "\(verbose.stderr)")

        let single = try tree(HugoFixtures.urls(languages: false))
        defer { try? FileManager.default.removeItem(at: single) }
        check = try runBinary(["check", "content"], directory: single)
        broken = check.text.split(separator: "\n").filter { $0.contains("broken link") }.map(String.init)
        #expect(broken == [
            "content/guide/deep.md:6: broken link '../nowhere/': no page of the site is published at /guide/nowhere/",
            "content/guide/deep.md:6: broken link 'install/': no page of the site is published at /guide/deep/install/ (did you mean /guide/install/?)",
            "content/links.md:6: broken link 'guide/install/': no page of the site is published at /links/guide/install/ (did you mean /guide/install/?)",
            "content/links.md:9: broken link '/guide/instal/': no page of the site is published at /guide/instal/ (did you mean /guide/install/?)",
            "content/links.md:9: broken link '/guide/install/#nope': content/guide/Install.md has no heading 'nope'",
            "content/links.md:9: broken link '/img/missing.png': no such file",
            "content/links.md:9: broken link '/guide/slugged/': no page of the site is published at /guide/slugged/",
            "content/links.md:10: broken link '/posts/hello/': no page of the site is published at /posts/hello/",
            "content/links.md:10: broken link '/Guide/Install/': no page of the site is published at /Guide/Install/ (did you mean /guide/install/?)",
        ], "\(check.text)\(check.stderr)")
    }

    /// "did you mean" over a site's URLs: the nearest, and among URLs equally near the first in
    /// byte order, whatever order the pages were listed in (a map's order once decided it, so two
    /// runs could name different pages); a page below a missing one's URL makes it a list page.
    @Test func theNearestURLIsTheFirstInByteOrder() throws {
        let site = try #require(try hugo("title = 'x'\n"))
        let pages = ["/r/content/methods/site/languages.md", "/r/content/methods/site/language.md", "/r/content/methods/page/language.md",
                     "/r/content/guide/install.md"]
        for order in [pages, pages.reversed()] {
            let table = HugoRouteTable(site, canonical: { $0 }, list: { _ in order }, read: { _ in Array("# T\n".utf8) })
            #expect(table.urls == table.urls.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            #expect(table.suggestions.nearest("/methods/site/language/g") == "/methods/site/language")
            #expect(table.suggestions.nearest("/guide/instal") == "/guide/install")
            #expect(table.hasPage(below: "/methods") && table.hasPage(below: "/methods/site") && !table.hasPage(below: "/guide/install"))
            #expect(!table.hasPage(below: "/method") && !table.hasPage(below: ""))
        }
    }

    /// `autoDefinitionTermID`: each term gets the slug of its rendered text (a link's text, entities
    /// decoded), numbered with the headings in document order (`## Matchers` after the term
    /// `matchers` is `matchers-1`); not in code. A page holding a block shortcode of the Markdown
    /// form has ids outline cannot see: an unknown fragment into it is skipped. `hugo` 0.168 gives
    /// these ids (`<dt id>`, `<h2 id>`) and breaks `#matchers-2`, `#not-a-term` and `#nope`.
    @Test func definitionTermIDsAndShortcodesAsHugoBuildsThem() throws {
        let dir = try tree(HugoFixtures.terms)
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try runBinary(["check", "content"], directory: dir)
        let broken = check.text.split(separator: "\n").filter { $0.contains("broken link") }.map(String.init)
        #expect(broken == [
            "content/links.md:4: broken link '/terms/#matchers-2': content/terms.md has no heading 'matchers-2' (did you mean 'matchers-1'?)",
            "content/links.md:5: broken link '/terms/#not-a-term': content/terms.md has no heading 'not-a-term'",
        ], "\(check.text)\(check.stderr)")
        let verbose = try runBinary(["check", "--verbose", "content/links.md"], directory: dir)
        #expect(verbose.stderr.contains("skipped 2 links: the page holds Markdown a shortcode renders ({{% snippet %}})"), "\(verbose.stderr)")
        // Without autoDefinitionTermID, terms have no ids.
        try "baseURL = 'https://example.org/'\n".write(to: dir.appendingPathComponent("hugo.toml"), atomically: true, encoding: .utf8)
        let plain = try runBinary(["check", "content"], directory: dir)
        #expect(plain.text.split(separator: "\n").filter { $0.contains("broken link") }.count == 9, "\(plain.text)")
    }

    /// Heading ids as `hugo` 0.168 gives them (its `<h2 id>`s for these headings): Go lowercases
    /// rune by rune (`İ` is `i`, `Σ` is `σ` anywhere); an escaped `\{#x}` is text, `\\{#y}` an id;
    /// the rendered text is slugged (`A -- B` is `a--b`: the typographer's en dash is dropped;
    /// `&nbsp;` no space; a link's text only). Hugo 0.111 slugged the source line: the
    /// `hugo-0.111` profile, which a site pinned below 0.144 (`module.hugoVersion.max`) gets.
    @Test func headingIDsAsHugoGivesThem() throws {
        let vectors = [("İstanbul", "istanbul", "istanbul"), ("ΣΑΣ Ǆemal", "σασ-ǆemal", "σασ-ǆemal"), ("Foo \\{#x}", "foo-x", "foo-x"),
                       ("A -- B", "a--b", "a----b"), ("A---B", "ab", "a---b"), ("a----b", "a-b", "a----b"), ("The --verbose flag", "the-verbose-flag", "the---verbose-flag")]
        for (title, id, old) in vectors {
            let (explicit, pieces) = SlugProfile.hugo.explicitID([.text(title)])
            #expect(explicit == nil && SlugProfile.hugo.slug(pieces) == id, "\(title)")
            #expect(SlugProfile.hugo0111.explicitID([.text(title)]).id == nil && SlugProfile.hugo0111.slug([.text(title)]) == old, "\(title)")
        }
        #expect(SlugProfile.hugo.slug([.text("See "), .text("the link"), .text(" here")]) == "see-the-link-here")
        #expect(SlugProfile.hugo.slug([.code("a -- b")]) == "a----b", "code is never typographed")
        #expect(SlugProfile.hugo.explicitID([.text("Bar {#custom}")]).id == "custom")
        #expect(SlugProfile.hugo.explicitID([.text("Baz \\\\{#y}")]).id == "y")
        #expect(SlugProfile.hugo0111.explicitID([.text("Baz \\\\{#y}")]).id == nil)
        for (pinned, broken) in [(false, ["/h/#x", "/h/#a----b", "/h/#foonbspbar", "/h/#see-the-linkhttpsxorgy-here", "/h/#baz-y"]),
                                 (true, ["/h/#y", "/h/#x", "/h/#a--b", "/h/#foobar", "/h/#see-the-link-here", "/h/#a-bold-tag"])] {
            let dir = try tree(HugoFixtures.headings(pinned: pinned))
            defer { try? FileManager.default.removeItem(at: dir) }
            let check = try runBinary(["check", "content"], directory: dir)
            let found = check.text.split(separator: "\n").filter { $0.contains("broken link") }.map { line in
                String(line[line.range(of: "broken link '")!.upperBound...].prefix { $0 != "'" })
            }
            #expect(found == broken, "\(check.text)")
            let site = try runBinary(["site"], directory: dir)
            #expect(site.text.contains("module.hugoVersion.max 0.143.1 (slugs hugo-0.111)") == pinned, "\(site.text)")
        }
        #expect(HugoSite.version("0.143.1", isBelow: [0, 144]) && HugoSite.version("v0.111.3", isBelow: [0, 144]))
        #expect(!HugoSite.version("0.144.0", isBelow: [0, 144]) && !HugoSite.version("1.0", isBelow: [0, 144]) && !HugoSite.version("latest", isBelow: [0, 144]))
    }

    /// `ref` and `relref` are links (`HugoFixtures.refs`, which `HugoBuildTests` builds): a content
    /// path no page has is broken where Hugo's build fails, spanning the shortcode; a missing
    /// fragment is broken as any link's; the comment form is text; the section Hugo makes without a
    /// file is skipped and counted.
    @Test func refShortcodesAsHugoFindsThem() throws {
        let dir = try tree(HugoFixtures.refs)
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try runBinary(["check", "--verbose", "--format", "json", "content"], directory: dir)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.text.utf8)) as? [String: Any])["findings"] as? [[String: Any]] ?? []
        let broken = findings.filter { $0["kind"] as? String == "broken-link" }.map { f in
            "\(f["path"]!):\(f["line"]!):\(f["column"]!) \(f["destination"]!) \(f["reason"]!)"
        }
        #expect(broken == [
            "content/guide/install.md:8:42 {{< relref \"deep.md\" >}} no-such-file",
            "content/guide/install.md:9:5 {{< ref \"./links.md\" >}} no-such-file",
            "content/guide/install.md:9:63 {{< ref \"/install\" >}} no-such-file",
            "content/links.md:8:5 {{< ref \"guide/nope.md\" >}} no-such-file",
            "content/links.md:8:39 {{< relref \"/nowhere\" >}} no-such-file",
            "content/links.md:8:71 {{< ref \"install.md#nope\" >}} no-target",
            "content/posts/hello/index.md:6:35 {{< ref \"../posts/other.md\" >}} no-such-file",
            "content/posts/hello/index.md:6:72 {{< ref \"../other\" >}} no-such-file",
        ], "\(check.text)")
        #expect(check.stderr.contains("skipped 1 link: the list page Hugo makes for the section posts"), "\(check.stderr)")
    }

    /// The nearest configuration per file, and `outline site` shows it.
    @Test func theSiteIsFoundPerFile() throws {
        let dir = try tree([
            "hugo.toml": "contentDir = 'content'\n", "config.toml": "baseURL = 'x'\n",
            "content/a.md": "# A\n", "README.md": "# Readme\n",
            "other/config.toml": "title = 'not hugo'\n", "other/b.md": "# B\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = try runBinary(["site"], directory: dir)
        #expect(site.text.contains("hugo.toml: 1 file, hugo, content root content, slugs hugo") && site.text.contains("CommonMark: 2 files"), "\(site.text)\(site.stderr)")
    }
}
