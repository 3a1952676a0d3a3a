import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// The language server in a translation (format.md §15, §17): each stale, untracked or orphaned
/// section an information diagnostic on its heading, the source section's change in the hover, and
/// "mark as translated" stamping it; no action pins IDs from translated titles.
@Suite("Language server: translations")
struct TranslationServerTests {
    static let then = "# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n\nRun it.\n"
    static let now = "# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n\nRun it as root.\n"

    /// One commit that added `/w/en/guide.md` as `then`: the history `translation` reads.
    final class History: RevisionStore {
        func contents(of path: String, at revision: String) -> [UInt8]? { nil }
        func fileLog(under directories: [String], limit: Int) throws -> FileLog {
            FileLog(root: "/w", commits: [FileLog.Commit(name: RevisionName(commit: "c0ffee1234", short: "c0ffee123", date: "2026-11-30"),
                                                         changes: [FileLog.Change(status: UInt8(ascii: "A"), oldBlob: "0", newBlob: "b1", path: "en/guide.md")])],
                    limit: limit, truncated: false)
        }
        func blobs(_ ids: [String]) throws -> [String: [UInt8]] { ["b1": bytes(TranslationServerTests.then)] }
    }

    func session(french: String) -> LanguageServerTests.Session {
        var config = Config()
        config.directory = "/w"
        config.translation.source = "en"
        config.translation.targets = ["fr"]
        let s = LanguageServerTests.Session(["/w/en/guide.md": Self.now, "/w/fr/guide.md": french], config: config, revisions: History())
        return s
    }

    @Test func statusesAreInformationOnTheHeadings() throws {
        let hash = SectionContent(try Outline(parsing: bytes(Self.then))).hash(of: 1)
        let french = "# Guide\n<!-- outline:guide -->\n\n## Installation\n<!-- outline:install source=\(ContentHash.hex(hash)) -->\n\nLancez-le.\n\n## Vieux\n<!-- outline:old source=00000000 -->\n"
        let s = session(french: french)
        s.open("/w/fr/guide.md", french)
        let diagnostics = s.lastDiagnostics.filter { $0["code"]?.stringValue == "translation" }
        let byLine = Dictionary(diagnostics.map { ($0["range"]?["start"]?["line"]?.intValue ?? -1, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byLine[3]?["message"]?.stringValue?.hasPrefix("stale") == true, "\(diagnostics)")
        #expect(byLine[3]?["severity"] == .int(3))
        #expect(byLine[3]?["range"]?["start"]?["character"] == .int(3))
        #expect(byLine[0]?["message"]?.stringValue?.hasPrefix("untracked") == true)
        #expect(byLine[8]?["message"]?.stringValue?.hasPrefix("orphaned") == true)
        #expect(diagnostics.count == 3)

        // The hover on the stale heading shows the source's change since the translated version.
        let hover = s.request("textDocument/hover", s.at("/w/fr/guide.md", 3, 4))["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(hover.contains("translation: **stale**"), "\(hover)")
        #expect(hover.contains("c0ffee123 (2026-11-30)") && hover.contains("-Run it.") && hover.contains("+Run it as root."), "\(hover)")

        // "Mark as translated" stamps the source's hash now.
        let stale = byLine[3]!
        let actions = s.request("textDocument/codeAction", "{\"textDocument\": {\"uri\": \"file:///w/fr/guide.md\"}, \"range\": {\"start\": {\"line\": 3, \"character\": 0}, \"end\": {\"line\": 3, \"character\": 0}}, \"context\": {\"diagnostics\": [\(stale.compact())]}}")["result"]?.arrayValue ?? []
        let mark = actions.first { $0["title"]?.stringValue == "Mark 'install' as translated (outline translation stamp)" }
        let current = ContentHash.hex(SectionContent(try Outline(parsing: bytes(Self.now))).hash(of: 1))
        let edit = mark?["edit"]?["changes"]?["file:///w/fr/guide.md"]?.arrayValue?.first?["newText"]?.stringValue
        #expect(edit.map { $0.contains(current) } == true, "\(actions)")
    }

    /// An unanchored translated heading gets no "pin IDs" action: its ID must come from the source.
    @Test func noActionPinsTranslatedTitles() {
        let french = "# Guide\n\nTexte.\n"
        let s = session(french: french)
        s.open("/w/fr/guide.md", french)
        let actions = s.request("textDocument/codeAction", "{\"textDocument\": {\"uri\": \"file:///w/fr/guide.md\"}, \"range\": {\"start\": {\"line\": 0, \"character\": 0}, \"end\": {\"line\": 0, \"character\": 0}}, \"context\": {\"diagnostics\": []}}")["result"]?.arrayValue ?? []
        #expect(!actions.contains { $0["title"]?.stringValue?.contains("outline id") == true }, "\(actions)")
        // In the source, the action is there.
        s.open("/w/en/guide.md", "# Added\n")
        let source = s.request("textDocument/codeAction", "{\"textDocument\": {\"uri\": \"file:///w/en/guide.md\"}, \"range\": {\"start\": {\"line\": 0, \"character\": 0}, \"end\": {\"line\": 0, \"character\": 0}}, \"context\": {\"diagnostics\": []}}")["result"]?.arrayValue ?? []
        #expect(source.contains { $0["title"]?.stringValue == "Pin section IDs (outline id)" })
    }
}
