import Foundation
import Testing
@testable import OutlineCore

@Suite("Edits")
struct EditTests {
    @Test func appliesInOnePass() throws {
        var edits = EditList()
        edits.insert(bytes("B"), at: 3)
        edits.replace(0..<1, with: bytes("X"))
        edits.insert(bytes("C"), at: 3)
        edits.delete(4..<6)
        #expect(edits.apply(to: bytes("abcdefg")) == bytes("XbcBCdg"))
    }

    @Test func refusesOverlaps() {
        var edits = EditList()
        edits.replace(0..<3, with: [])
        edits.replace(2..<4, with: [])
        // Overlapping edits are a programmer error: `rewrite` stops on a precondition, found by this check.
        #expect(EditList.firstOverlap(edits.sortedEdits(), length: 6) == 2)
        var apart = EditList()
        apart.replace(0..<2, with: [])
        apart.replace(2..<4, with: [])
        #expect(EditList.firstOverlap(apart.sortedEdits(), length: 6) == nil)
        #expect(EditList.firstOverlap(apart.sortedEdits(), length: 3) == 2, "an edit past the end")
    }

    @Test func insertAndDeleteLinesUndoEachOther() throws {
        for text in ["# A\nbody\n", "# A", "# A\r\nbody", "x\r# A", ""] {
            let source = Source(bytes(text))
            guard source.lineCount > 0 else { continue }
            let last = source.lineCount - 1
            var insert = EditList()
            insert.insertLine(prefix: bytes("<!-- outline:a -->"), after: last, in: source)
            let inserted = insert.apply(to: source.bytes)
            let after = Source(inserted)
            #expect(after.lineCount == source.lineCount + 1)
            var delete = EditList()
            delete.deleteLines([last + 1], in: after)
            #expect(delete.apply(to: inserted) == source.bytes, "\(text.debugDescription)")
        }
    }
}
