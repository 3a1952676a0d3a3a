import Testing
import OutlineTestSupport
@testable import OutlineCore

/// Rewrites in steps told as one (`Rewrite.followed(by:)`): for random edit lists on random bytes,
/// the joined rewrite gives the last step's bytes, and keeps every byte both steps kept as an
/// untouched byte of the original.
@Suite("rewrite chains")
struct RewriteChainTests {
    static func randomEdits(_ length: Int, _ random: inout SeededRandom) -> EditList {
        var edits = EditList()
        var at = 0
        while at <= length {
            at += Int(random.next() % 6)
            guard at <= length else { break }
            let count = min(length - at, Int(random.next() % 4))
            let new = (0..<Int(random.next() % 4)).map { _ in UInt8(ascii: "A") + UInt8(random.next() % 26) }
            edits.replace(at..<(at + count), with: new)
            at += count + 1
        }
        return edits
    }

    @Test func aChainGivesTheLastStepsBytes() throws {
        var random = SeededRandom(seed: 0xC4A1_0018)
        for _ in 0..<400 {
            let original = (0..<Int(random.next() % 40)).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
            let first = Self.randomEdits(original.count, &random).rewrite(original)
            let second = Self.randomEdits(first.output.count, &random).rewrite(first.output)
            let joined = try first.followed(by: second)
            #expect(joined.original == original && joined.output == second.output)
            #expect(joined.edits.count <= first.edits.count + second.edits.count)
        }
    }

    @Test func aChainThatDoesNotFollowIsRefused() {
        let a = EditList().rewrite(Array("abc".utf8))
        let b = EditList().rewrite(Array("xyz".utf8))
        #expect(throws: Diagnostic.self) { try a.followed(by: b) }
    }
}
