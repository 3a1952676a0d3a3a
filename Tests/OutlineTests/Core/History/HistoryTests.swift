import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// The past of a tree without git (`MemoryRevision`): `Movement`'s one rule (evidence beyond the ID),
/// `Removals` over it, and `History` pairing files with their old versions, parsing each once.
@Suite("history (library)")
struct HistoryTests {
    func outline(_ text: String) throws -> Outline { try Outline(parsing: Array(text.utf8), [.links]) }

    static let mover = "## Moving\n<!-- outline:moving -->\n\nLine one.\n  Line two.  \n\n<!-- outline:toc -->\n<!-- outline:toc end -->\nLine three.\n"

    /// An ID that left `a.md` and appeared in `b.md` with at least half of its body lines (trimmed,
    /// blanks and outline's own lines aside) moved; the same ID over other text is unrelated.
    @Test func anIDMovedWithSharedBodyLinesIsAMoveAnUnrelatedOneIsNot() throws {
        let a0 = try outline("# A\n<!-- outline:a -->\n\n" + Self.mover)
        let a1 = try outline("# A\n<!-- outline:a -->\n")
        // Two of three lines kept (re-indented), one changed, one added: still at least half of each.
        let moved = try outline("# B\n<!-- outline:b -->\n\n## Moved here\n<!-- outline:moving -->\n\nLine one.\nLine two.\nLine 3.\n")
        let unrelated = try outline("# C\n<!-- outline:c -->\n\n## Moving\n<!-- outline:moving -->\n\nLine one.\nOther.\nOther too.\nAnd more.\n")
        let result = Movement.find([.init(old: a0, new: a1), .init(old: nil, new: moved), .init(old: nil, new: unrelated)])
        let key = Movement.Key(file: 0, id: "moving")
        #expect(result.destinations[key] == [1])
        #expect(result.unrelated[key] == [2])
        #expect(result.move(of: "moving", from: 0) == 1)
        #expect(Movement.sameSection("moving", then: a0, now: moved))
        #expect(!Movement.sameSection("moving", then: a0, now: unrelated), "one shared line of four is not half")
        // Two files with the evidence: which one it moved to cannot be told.
        let twice = Movement.find([.init(old: a0, new: a1), .init(old: nil, new: moved), .init(old: nil, new: moved)])
        #expect(twice.destinations[key] == [1, 2] && twice.move(of: "moving", from: 0) == nil)
        // An ID still present where it was is no move, wherever else it appears.
        #expect(Movement.find([.init(old: a0, new: a0), .init(old: nil, new: moved)]).destinations.isEmpty)
    }

    /// Empty bodies carry no lines: equal titles are the evidence, different ones are not.
    @Test func emptyBodiesMoveOnlyWithTheirTitle() throws {
        let then = try outline("# A\n<!-- outline:a -->\n\n## Empty\n<!-- outline:empty -->\n")
        let same = try outline("# B\n<!-- outline:b -->\n\n## Empty\n<!-- outline:empty -->\n")
        let other = try outline("# B\n<!-- outline:b -->\n\n## Not empty\n<!-- outline:empty -->\n")
        #expect(Movement.sameSection("empty", then: then, now: same))
        #expect(!Movement.sameSection("empty", then: then, now: other))
    }

    /// `Removals` over the move rule: the moved ID is no finding, the unrelated one is, at its old
    /// line, naming the file that gained it; with two candidates it asks which.
    @Test func removalsFollowTheMoveRule() throws {
        let a0 = try outline("# A\n<!-- outline:a -->\n\n" + Self.mover)
        let a1 = try outline("# A\n<!-- outline:a -->\n")
        let moved = try outline("# B\n<!-- outline:b -->\n\n## Moved here\n<!-- outline:moving -->\n\nLine one.\nLine two.\n")
        let unrelated = try outline("# B\n<!-- outline:b -->\n\n## Moving\n<!-- outline:moving -->\n\nNothing alike.\n")
        func pairs(_ b: Outline) -> [Removals.FilePair] {
            [.init(oldName: "HEAD:a.md", old: a0, newName: "a.md", new: a1), .init(oldName: "HEAD:b.md", old: nil, newName: "b.md", new: b)]
        }
        #expect(Removals.check(pairs(moved)).findings.isEmpty)
        let found = Removals.check(pairs(unrelated), revision: "HEAD").findings
        #expect(found.map { "\($0.path ?? ""):\($0.line ?? 0) \($0.kind.rawValue)" } == ["a.md:2 removed-anchor"])
        #expect(found.first?.message.contains("b.md") == true && found.first?.message.contains("--since HEAD") == true)
        let two = Removals.check(pairs(moved) + [.init(oldName: "HEAD:c.md", old: nil, newName: "c.md", new: moved)]).findings
        #expect(two.count == 1 && two[0].message.contains("b.md and c.md"), "\(two.map(\.message))")
    }

    /// A section folded away in the new version still has its ID (in the marker): not removed.
    @Test func anIDHiddenInAFoldMarkerIsPresent() throws {
        let old = try outline("# A\n<!-- outline:a -->\n\n## X\n<!-- outline:x -->\n\nText.\n")
        let folded = try outline("# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=3-7 hash=00000000 hidden=x:2 -->\n")
        #expect(Removals.check([.init(oldName: "old", old: old, newName: "new", new: folded)]).findings.isEmpty)
        let lost = try outline("# A\n<!-- outline:a -->\n")
        #expect(Removals.check([.init(oldName: "old", old: old, newName: "new", new: lost)]).findings.map(\.line) == [2], "at the new version's last line: nothing of the old one follows it")
    }

    /// `History.pairs`: each file with its version at the revision (renames followed), then the
    /// Markdown files gone from a directory operand; old versions fetched in one batch and parsed once.
    @Test func pairsFollowRenamesAndFindVanishedFiles() throws {
        let tree = MemoryRevision("HEAD", files: [
            "docs/old.md": "# Old\n<!-- outline:old -->\n",
            "docs/gone.md": "# Gone\n<!-- outline:gone -->\n",
            "docs/.hidden/h.md": "# H\n",
            "docs/notes.txt": "not markdown",
            "top.md": "# Top\n",
        ], renames: ["docs/new.md": "docs/old.md"])
        let history = History(tree)
        let now = try outline("# New\n<!-- outline:old -->\n")
        let pairs = try history.pairs(files: ["docs/new.md", "docs/added.md"], operands: ["docs"], excludes: Excludes([]),
                                      current: { $0 == "docs/new.md" ? now : nil }, read: { _ in nil })
        #expect(pairs.map(\.oldPath) == ["docs/old.md", "docs/added.md", "docs/gone.md"])
        #expect(pairs.map(\.newPath) == ["docs/new.md", "docs/added.md", nil])
        #expect(pairs.map { $0.old?.sections.first?.id } == ["old", nil, "gone"])
        #expect(tree.batches == 1)
        // Parsed once: asking again fetches nothing.
        _ = try history.outline(atOldPath: "docs/gone.md")
        try history.parse(oldPaths: ["docs/old.md", "docs/gone.md"])
        #expect(tree.batches == 1)
        // The removals' names: REV:path for the old side.
        #expect(history.removalPairs(pairs, displayName: { $0 }).map(\.oldName) == ["HEAD:docs/old.md", "HEAD:docs/added.md", "HEAD:docs/gone.md"])
        // A file outside the work tree is an error naming it.
        #expect(throws: Diagnostic.file("/elsewhere/x.md", "not in the git work tree of /w")) {
            _ = try history.pairs(files: ["/elsewhere/x.md"], operands: [], excludes: Excludes([]), current: { _ in nil }, read: { _ in nil })
        }
    }

    /// A repository without commits asked about HEAD: nothing existed, every file is new.
    @Test func aRevisionThatDoesNotExistHasNoOldVersions() throws {
        let history = History(MemoryRevision("HEAD", files: ["a.md": "# A\n<!-- outline:a -->\n"], exists: false))
        let pairs = try history.pairs(files: ["a.md"], operands: ["."], excludes: Excludes([]), current: { _ in nil }, read: { _ in nil })
        #expect(pairs.count == 1 && pairs[0].old == nil)
        #expect(try history.outline(atOldPath: "a.md") == nil)
    }

    /// `TreeHistory.diff` (`diff --since`): a section that moved between files is a move, not a
    /// removal and an addition; a file renamed is a rename; changes inside a file stay its own.
    @Test func treeHistoryReportsMovesRenamesAndChanges() throws {
        func doc(_ path: String, _ text: String) throws -> LinkedDocument { LinkedDocument(path: path, outline: try outline(text), profile: .github) }
        let a0 = try doc("a.md", "# A\n<!-- outline:a -->\n\n" + Self.mover)
        let a1 = try doc("a.md", "# A again\n<!-- outline:a -->\n")
        let b1 = try doc("b.md", "# B\n<!-- outline:b -->\n\n## Moving\n<!-- outline:moving -->\n\nLine one.\nLine two.\nLine three.\n")
        let c0 = try doc("c.md", "# C\n<!-- outline:c -->\n")
        let c1 = try doc("d.md", "# C\n<!-- outline:c -->\n")
        let report = TreeHistory.diff([
            .init(oldPath: "a.md", old: a0, newPath: "a.md", new: a1),
            .init(oldPath: nil, old: nil, newPath: "b.md", new: b1),
            .init(oldPath: "c.md", old: c0, newPath: "d.md", new: c1),
        ])
        #expect(report.moves.map { "\($0.id) \($0.from) \($0.to)" } == ["moving a.md b.md"])
        #expect(report.renames.map { "\($0.from) \($0.to)" } == ["c.md d.md"])
        let changes = report.files.map { file in "\(file.path): " + file.changes.map { "\($0.kind.rawValue) \($0.id)" }.joined(separator: ", ") }
        #expect(changes == ["a.md: renamed a"], "\(changes)")
        #expect(report.added == ["b.md"] && report.deleted.isEmpty)
    }
}
