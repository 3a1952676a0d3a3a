import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// `.outline.toml` (format.md §13): the strict TOML subset, every key, discovery, and precedence.
@Suite("config")
struct ConfigTests {
    func read(_ dir: URL, _ name: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    func parse(_ text: String) throws -> Config { try Config.parse(bytes(text), path: ".outline.toml") }

    /// The diagnostic a bad config gives, as `PATH:LINE: message`.
    func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch let d as Diagnostic {
            return "\(d.path ?? ""):\(d.line.map(String.init) ?? "-"): \(d.message)"
        } catch {
            return "\(error)"
        }
    }

    @Test("every key, comments, tables, arrays over several lines, both string kinds, CRLF and a BOM")
    func everyKey() throws {
        let text = """
            \u{FEFF}# outline's settings
            slugs = "mkdocs"          # the renderer
            linkable = true
            anchor-placement = 'after-blank'
            exclude = [
              "vendor",   # third-party
              'docs/generated/**',
            ]
            allow-folds = false
            links = false
            hidden = true
            fragment-case = "error"
            base-revision = "origin/main"

            [number]
            levels = "2-4"

            [toc]
            depth = 2
            """
        for variant in [text, text.replacingOccurrences(of: "\n", with: "\r\n")] {
            let config = try parse(variant)
            #expect(config.slugs == .mkdocs && config.linkable == true && config.anchorPlacement == .afterBlank)
            #expect(config.exclude == ["vendor", "docs/generated/**"])
            #expect(config.allowFolds == false && config.links == false)
            #expect(config.hidden == true && config.fragmentCaseIsError == true && config.baseRevision == "origin/main")
            #expect(config.numberLevels == 2...4 && config.tocDepth == 2)
        }
        #expect(try parse("") == Config())
        #expect(try parse("exclude = []\n").exclude.isEmpty)
        let surfaces = try parse("slugs = [\"hugo\", \"github\", \"hugo\"]\n")
        #expect(surfaces.slugs == .hugo && surfaces.moreSlugs == [.github])
        #expect(try parse("slugs = \"github,docusaurus\"\n").moreSlugs == [.docusaurus])
        #expect(try parse("slugs = \"git\\u0068ub\"").slugs == .github)
        #expect(try parse("[toc]\ndepth = +3").tocDepth == 3)
        #expect(try parse("[number]\nlevels = \"3\"").numberLevels == 3...3)
    }

    @Test("Excludes read a pattern as gitignore does")
    func excludes() {
        let e = Excludes(["node_modules", "docs/legacy", "*.draft.md", "./site/", "a/**/z.md"].compactMap { Glob($0) })
        #expect(e.excludes("node_modules/x/README.md") && e.excludes("web/node_modules/a.md"))
        #expect(e.excludes("docs/legacy/old.md") && !e.excludes("more/docs/legacy/old.md"))
        #expect(e.excludes("notes/plan.draft.md") && e.excludes("./site/index.md"))
        #expect(e.excludes("a/b/c/z.md") && !e.excludes("b/a/z.md"))
        #expect(!e.excludes("docs/guide.md") && !Excludes([]).excludes("anything.md"))
    }
}
