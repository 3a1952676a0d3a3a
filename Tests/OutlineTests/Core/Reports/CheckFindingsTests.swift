import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// The library's check, without the command line: every finding is a located diagnostic.
@Suite("check (library)")
struct CheckLibraryTests {
    func outline(_ text: String) throws -> Outline { try Outline(parsing: bytes(text)) }

    @Test func findingsNameTheirFileLineAndKind() throws {
        let doc = try outline("# T\n<!-- outline:t -->\n## A\n<!-- outline:t -->\n## B\n<!-- outline: Bad Id -->\n\n<!-- outline:lost -->\n<!-- outline-fold:t lines=9-9 hash=00000000 -->\n")
        let found = StructureFindings.of(doc, path: "doc.md")
        #expect(found.map(\.kind) == [.duplicateID, .malformedAnchor, .orphanAnchor, .orphanFoldMarker, .foldMarker])
        #expect(found.map(\.line) == [4, 6, 8, 9, 9])
        #expect(found.allSatisfy { $0.path == "doc.md" && $0.severity == .finding })
        #expect(found[0].description == "doc.md:4: duplicate ID 't' (first at line 1)")
        #expect(StructureFindings.of(doc, path: "doc.md", allowFolds: true).map(\.kind) == [.duplicateID, .malformedAnchor, .orphanAnchor, .orphanFoldMarker])
    }

    @Test func staleNumbersAndMissingFolded() throws {
        let numbered = try outline("# T\n\n## 3 A\n<!-- outline:number=1 -->\n")
        #expect(StructureFindings.of(numbered, path: "n.md").filter { $0.kind == .staleNumber }.map(\.line) == [3])
        let state = try SidecarFile(path: "s.json", bytes: bytes("{\n  \"version\": 1,\n  \"folded\": [\n    \"a\",\n    \"gone\"\n  ]\n}\n"))
        let missing = StructureFindings.missingFolded(state, in: try outline("# A\n"), name: "a.md")
        #expect(missing.map(\.description) == ["s.json:5: folded section 'gone' does not exist in a.md"])
    }

    @Test func removalsMovesAndDeletedFiles() throws {
        let a0 = try outline("# A\n<!-- outline:a -->\n## X\n<!-- outline:x -->\n## Y\n<!-- outline:y -->\n")
        let a1 = try outline("# A\n<!-- outline:a -->\n")
        let b0 = try outline("# B\n<!-- outline:b -->\n")
        let b1 = try outline("# B\n<!-- outline:b -->\n## X\n<!-- outline:x -->\n")
        let gone = try outline("# G\n<!-- outline:g -->\n")
        let pairs: [Removals.FilePair] = [
            .init(oldName: "R:a.md", old: a0, newName: "a.md", new: a1),
            .init(oldName: "R:b.md", old: b0, newName: "b.md", new: b1),
            .init(oldName: "R:g.md", old: gone, newName: "g.md", new: nil),
        ]
        #expect(Removals.check(pairs).findings.map(\.description) == [
            "a.md:2: anchor 'y' no longer exists in a.md (to accept: --allow-removed a.md#y, allow-removed in .outline.toml; nothing links to it: removed = \"linked\" in .outline.toml accepts such removals)",
            "g.md: anchor 'g' no longer exists: g.md was deleted (to accept: --allow-removed g.md#g, allow-removed in .outline.toml)",
        ])
        #expect(Removals.check(pairs, policy: .init(patterns: [RemovalPattern("?", origin: .commandLine)!])).findings.isEmpty)
        // An unanchored heading that happens to have the ID is no evidence of a move.
        let unpinned = try outline("# B\n<!-- outline:b -->\n## Y\n")
        #expect(Removals.check([pairs[0], .init(oldName: "R:b.md", old: b0, newName: "b.md", new: unpinned)]).findings.map(\.line) == [2, 2])
    }

    /// A table of contents that no longer lists the sections is a finding at its block; one that does
    /// is none. Stale numbering is what `number` would change, under the same `--levels`.
    @Test func staleTablesOfContentsAndNumbersAsNumberSeesThem() throws {
        let stale = "# T\n<!-- outline:t -->\n\n<!-- outline:toc -->\n- [Old](#old)\n<!-- outline:toc end -->\n\n## New\n<!-- outline:new -->\n"
        let found = StructureFindings.of(try Outline(parsing: bytes(stale), [.links]), path: "t.md")
        #expect(found.map { "\($0.line ?? 0) \($0.kind.rawValue)" } == ["4 stale-toc"])
        let fresh = try String(decoding: TableOfContents.apply(Outline(parsing: bytes(stale), [.links]), options: .init()).output, as: UTF8.self)
        #expect(StructureFindings.of(try Outline(parsing: bytes(fresh), [.links]), path: "t.md").isEmpty, "\(fresh)")
        // Numbered by `number`, then a heading added at level 3: stale under the default levels, not
        // when only level 2 is numbered (the title never is by default).
        let plain = try outline("# T\n<!-- outline:t -->\n## A\n<!-- outline:a -->\n## B\n<!-- outline:b -->\n")
        let numberedText = try String(decoding: NumberHeadings.apply(plain).output, as: UTF8.self) + "### C\n<!-- outline:c -->\n"
        let numbered = try outline(numberedText)
        #expect(StructureFindings.of(numbered, path: "n.md").map { "\($0.line ?? 0) \($0.kind.rawValue)" } == ["7 stale-number"], "\(numberedText)")
        #expect(StructureFindings.of(numbered, path: "n.md", numberLevels: 2...2).isEmpty)
    }
}
