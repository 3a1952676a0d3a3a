import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `StructureDiff` over documents (what `diff OLD NEW` compares): sections matched by ID, so a
/// retitled heading is a rename, a section under another parent a move, a deeper heading a level
/// change; a folded view against its original differs only in fold state.
@Suite("structure diff of documents (library)")
struct StructureDiffTests {
    func structure(_ text: String) throws -> Structure { try Structure(Outline(parsing: Array(text.utf8))) }
    func changes(_ a: String, _ b: String) throws -> [String] {
        try StructureDiff.compare(structure(a), structure(b)).map { "\($0.kind.rawValue) \($0.id) \($0.from ?? "-") -> \($0.to ?? "-")" }
    }

    static let old = """
        # Guide
        <!-- outline:guide -->
        ## Install
        <!-- outline:install -->
        ### From source
        <!-- outline:source -->
        ## Usage
        <!-- outline:usage -->
        ## FAQ
        <!-- outline:faq -->

        """

    @Test func renameMoveAndLevel() throws {
        #expect(try changes(Self.old, Self.old).isEmpty)
        // Retitled, but the anchor keeps the ID: a rename, not a removal and an addition.
        #expect(try changes(Self.old, Self.old.replacingOccurrences(of: "## Install\n", with: "## Installing it\n"))
                == ["renamed install Install -> Installing it"])
        // "From source" under Usage now: a move to another parent (and no rename).
        let moved = Self.old.replacingOccurrences(of: "### From source\n<!-- outline:source -->\n", with: "")
            .replacingOccurrences(of: "## FAQ\n", with: "### From source\n<!-- outline:source -->\n## FAQ\n")
        #expect(try changes(Self.old, moved) == ["moved source under install -> under usage"])
        // Deeper heading under the same parent: a level change only.
        let deeper = Self.old.replacingOccurrences(of: "### From source\n", with: "#### From source\n")
        #expect(try changes(Self.old, deeper) == ["level source 3 -> 4"])
        // FAQ before Usage: one move among siblings, not two.
        let reordered = Self.old.replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n", with: "")
            .replacingOccurrences(of: "<!-- outline:faq -->\n", with: "<!-- outline:faq -->\n## Usage\n<!-- outline:usage -->\n")
        #expect(try changes(Self.old, reordered) == ["moved usage under guide -> now after faq under guide"])
        // A section without an anchor gets its ID from its title: retitling it is a removal and an addition.
        #expect(try changes("# T\n<!-- outline:t -->\n## A\n", "# T\n<!-- outline:t -->\n## B\n") == ["removed a A -> -", "added b - -> B"])
    }

    /// A reference link in a title reads as its text: not a rename when the definition is out of view.
    @Test func linkSyntaxInTitlesIsNoRename() throws {
        let a = "# [Install][r]\n<!-- outline:install -->\n\n[r]: /x\n"
        let b = "# [Install][r]\n<!-- outline:install -->\n"
        #expect(try changes(a, b).isEmpty)
        #expect(try changes(a, "# [Setup][r]\n<!-- outline:install -->\n") == ["renamed install Install -> [Setup][r]"])
    }

    /// Folding changes fold state only: the view against its original is `folded`, never removals
    /// (hidden sections keep their place from the marker).
    @Test func aFoldedViewDiffersInFoldStateOnly() throws {
        let original = try Outline(parsing: Array(Self.old.utf8))
        let view = try String(decoding: Fold.apply(original, selection: .init(depth: 1)).output, as: UTF8.self)
        let folded = try structure(view)
        #expect(folded.folded == ["guide"])
        #expect(folded.nodes?.map(\.id) == ["guide", "install", "source", "usage", "faq"])
        #expect(folded.nodes?.map(\.parent) == [nil, "guide", "install", "guide", "guide"])
        let unfolded = Structure(try Structure(original).sidecar())
        #expect(StructureDiff.compare(unfolded, folded).map(\.kind) == [.folded])
    }

    /// A folded view whose marker hides a section that is also visible has no structure by ID.
    @Test func anIDTwiceIsAnErrorNotAStructure() throws {
        let twice = "# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=3-4 hash=00000000 hidden=b:2 -->\n## B\n<!-- outline:b -->\n"
        #expect(throws: Diagnostic.self) { _ = try structure(twice) }
    }
}
