import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// The sidecar reader's every error branch, and the structural diff without the command line.
@Suite("sidecar and structure (library)")
struct StructureTests {
    @Test(arguments: [
        ("{\"version\": 1,\n  \"folded\": [}", "malformed sidecar: not valid JSON", 2),
        ("[1]", "malformed sidecar: not a JSON object", nil),
        ("{}", "malformed sidecar: no \"version\" number", nil),
        ("{\"version\": 2}", "unsupported sidecar version 2 (this outline reads version 1)", nil),
        ("{\"version\": 1, \"folded\": \"a\"}", "malformed sidecar: \"folded\" must be a list of section IDs", nil),
        ("{\"version\": 1, \"folded\": [1]}", "malformed sidecar: \"folded\" must be a list of section IDs", nil),
        ("{\"version\": 1, \"sections\": {}}", "malformed sidecar: \"sections\" must be a list", nil),
        ("{\"version\": 1, \"sections\": [{\"level\": 1}]}", "malformed sidecar: section 1 has no \"id\"", nil),
        ("{\"version\": 1, \"sections\": [{\"id\": \"a\", \"level\": 7}]}", "malformed sidecar: section 'a' has no level from 1 to 6", nil),
        ("{\"version\": 1, \"sections\": [{\"id\": \"a\", \"level\": 1}, {\"id\": \"a\", \"level\": 2}]}", "malformed sidecar: section ID 'a' appears more than once", nil),
    ] as [(String, String, Int?)])
    func sidecarErrors(_ text: String, _ message: String, _ line: Int?) {
        do {
            _ = try SidecarFile(path: "s.json", bytes: bytes(text))
            Issue.record("accepted: \(text)")
        } catch let error as Diagnostic {
            #expect(error.kind == .malformedSidecar && error.severity == .error && error.path == "s.json")
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.line == line)
        } catch {
            Issue.record("not a diagnostic: \(error)")
        }
    }

    func structure(_ sections: [(String, String?, Int, String?)], folded: [String]) -> Structure {
        Structure(Sidecar(folded: folded, sections: sections.map { Sidecar.Entry(id: $0.0, title: $0.1, level: $0.2, parent: $0.3) }))
    }

    @Test func everyKindOfChange() {
        let a = structure([("t", "T", 1, nil), ("a", "A", 2, "t"), ("b", "B", 2, "t"), ("c", "C", 2, "t"), ("d", "D", 2, "t"), ("x", "X", 2, "t")], folded: ["a"])
        let b = structure([("t", "T", 1, nil), ("d", "D", 2, "t"), ("a", "A", 2, "t"), ("b", "Bee", 2, "t"), ("c", "C", 3, "b"), ("n", "N", 2, "t")], folded: ["b"])
        #expect(StructureDiff.compare(a, b).map(\.line) == [
            "removed x \"X\"",
            "moved d: now first under t",
            "renamed b: \"B\" -> \"Bee\"",
            "moved c: under t -> under b",
            "level c: 2 -> 3",
            "added n \"N\"",
            "unfolded a",
            "folded b",
        ])
        #expect(StructureDiff.compare(a, a).isEmpty)
        // A minimal sidecar (fold state only) against a full one: IDs it folds that are gone.
        let minimal = Structure(Sidecar(folded: ["a", "gone"], sections: nil))
        // (b is folded in B but not listed in A's minimal sidecar: not a section A knows, so no change.)
        #expect(StructureDiff.compare(minimal, b).map(\.line) == ["removed gone", "unfolded a"])
    }

    @Test func fewestMovesAmongReorderedSiblings() {
        // a b c d e -> b c d e a: one move (a), not four.
        let ids = ["a", "b", "c", "d", "e"]
        let a = structure([("t", "T", 1, nil)] + ids.map { ($0, $0.uppercased(), 2, "t") }, folded: [])
        let b = structure([("t", "T", 1, nil)] + (ids.dropFirst() + ["a"]).map { ($0, $0.uppercased(), 2, "t") }, folded: [])
        #expect(StructureDiff.compare(a, b).map(\.line) == ["moved a: now after e under t"])
    }
}
