import Testing
@testable import OutlineCore
import OutlineTestSupport

/// The inventory's quick test of whether lines can hold a link (`[` or `<`), read eight bytes at a
/// time: held to the plain byte-by-byte answer on random lines, with the two bytes at every offset of
/// a word and neighbours one bit away (`Z` 0x5A, `\` 0x5C, `;` 0x3B, `=` 0x3D, bytes with the top bit).
@Suite("inventory scan")
struct InventoryScanTests {
    @Test func mayHoldLinksAgreesWithAByteScan() {
        var random = SeededRandom(seed: 1202)
        // Near misses: one bit away from `[` (0x5B) or `<` (0x3C), or the same low bits with the top one.
        let others: [UInt8] = Array("abcZ\\;= \t".utf8) + [0xDB, 0xBC, 0x1B, 0x7C, 0x80, 0xFF]
        var answers: Set<Bool> = []
        for round in 0..<4_000 {
            let lines = Int.random(in: 1...6, using: &random)
            var bytes: [UInt8] = []
            for _ in 0..<lines {
                for _ in 0..<Int.random(in: 0...40, using: &random) {
                    // The two wanted bytes rarely, so that both answers occur.
                    let pick = Int.random(in: 0..<200, using: &random)
                    bytes.append(pick == 0 ? UInt8(ascii: "[") : pick == 1 ? UInt8(ascii: "<") : others[pick % others.count])
                }
                bytes.append(ASCII.lf)
            }
            let source = Source(bytes)
            let first = Int.random(in: 1...source.lineCount, using: &random)
            let last = Int.random(in: first...source.lineCount, using: &random)
            let span = bytes[source.lineStarts[first - 1]..<source.lineStarts[last]]
            let expected = span.contains(UInt8(ascii: "[")) || span.contains(UInt8(ascii: "<"))
            answers.insert(expected)
            #expect(CommonMark.mayHoldLinks(source, from: first, through: last) == expected, "round \(round): \(bytes)")
        }
        #expect(answers == [true, false])
    }
}
