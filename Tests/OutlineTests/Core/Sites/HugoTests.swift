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
        // YAML and JSON too; keys are case-insensitive.
        #expect(try hugo("contentdir: docs\n", name: "hugo.yaml")?.contentRoot == "/r/docs")
        #expect(try hugo("{\"contentDir\": \"pages\", \"uglyurls\": true}", name: "hugo.json")?.hugo?.uglyURLs == true)
    }

    /// `config.*` is Hugo's only beside `content/` or when it sets `baseURL` or `contentDir`;
    /// `hugo.*` comes before `config.*`; `config/_default/` is merged under the root file.
    @Test func whichFileIsHugos() throws {
        #expect(try hugo("title = 'x'\n", name: "config.toml") == nil)
        #expect(try hugo("key: [unclosed\n", name: "config.yaml") == nil)
        #expect(try hugo("title = 'x'\n", name: "config.toml", directories: ["/r/content"])?.generator == .hugo)
        #expect(try hugo("baseURL = 'https://x/'\n", name: "config.toml")?.contentRoot == "/r/content")
        #expect(Site.readConfigurations(["/r/mkdocs.yml", "/r/hugo.toml", "/r/hugo.yaml", "/r/config.toml"]) == ["/r/mkdocs.yml", "/r/hugo.toml"])
        #expect(Site.readConfigurations(["/r/config.toml", "/r/config.yaml"]) == ["/r/config.toml"])
        let merged = try #require(try hugo("contentDir = 'root-wins'\n", name: "hugo.toml", files: [
            "/r/config/_default/hugo.toml": "contentDir = 'dir'\nuglyURLs = true\n",
            "/r/config/_default/markup.yaml": "goldmark:\n  parser:\n    autoDefinitionTermID: true\n",
            "/r/config/_default/languages.toml": "[en]\n[es]\ncontentDir = 'content/es'\n",
        ]))
        #expect(merged.contentRoot == "/r/root-wins" && merged.hugo?.uglyURLs == true && merged.dialect.definitionTermIDs)
        #expect(merged.hugo?.languages.map(\.contentDir) == ["/r/root-wins", "/r/content/es"])
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
