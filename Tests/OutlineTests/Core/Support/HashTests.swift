import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

@Suite("Content hash")
struct HashTests {
    /// Reference values of XXH32 with seed 0 (from the xxhash reference implementation).
    @Test(arguments: [
        ("", "02cc5d05"), ("a", "550d7456"), ("abc", "32d153ff"), ("0123456789abcdef", "c2c45b69"),
        ("The quick brown fox jumps over the lazy dog", "e85ea4de"),
    ])
    func knownValues(_ text: String, _ hex: String) {
        #expect(ContentHash.hex(ContentHash.hash(Array(text.utf8)[...])) == hex)
    }

    @Test func longInputAndSlices() {
        let bytes = [UInt8]((0..<768).map { UInt8($0 % 256) })
        #expect(ContentHash.hex(ContentHash.hash(bytes[...])) == "cdb946b1")
        // A slice hashes as its own bytes, wherever it starts.
        let padded = [UInt8](repeating: 7, count: 3) + bytes
        #expect(ContentHash.hash(padded[3...]) == ContentHash.hash(bytes[...]))
    }
}
