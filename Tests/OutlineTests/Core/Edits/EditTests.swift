import Foundation
import Testing
import OutlineTestHelpers
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

@Suite("Edits with slices")
struct EditSliceTests {
    /// New bytes from the list's own buffer and slices of another buffer, added out of order: applied
    /// in offset order, each with its own bytes, and `edits` reads them back.
    @Test func arenaAndSlicesTogether() {
        let other = bytes("0123456789")
        var edits = EditList()
        edits.replace(6..<7, with: other[2..<4])
        edits.insert(bytes("<"), at: 0)
        edits.replace(2..<3, with: other[7...])
        edits.delete(4..<5)
        edits.insert(bytes(">"), at: 7)
        #expect(edits.apply(to: bytes("abcdefg")) == bytes("<ab789df23>"))
        let rewrite = edits.rewrite(bytes("abcdefg"))
        #expect(rewrite.edits.map(\.range) == [0..<0, 2..<3, 4..<5, 6..<7, 7..<7])
        #expect(rewrite.edits.map { Array($0.replacement) } == [bytes("<"), bytes("789"), [], bytes("23"), bytes(">")])
        #expect(!rewrite.isIdentity)
        var same = EditList()
        same.replace(1..<3, with: other[1..<3])
        #expect(same.rewrite(bytes("x12y")).isIdentity)
    }
}
