import Testing
import OutlineTestHelpers
@testable import OutlineCore
import OutlineTestSupport

@Suite("bytes")
struct BytesTests {
    @Test("containsBytes finds an ASCII needle anywhere in the UTF-8, as String.contains does")
    func containsBytes() {
        let cases: [(String, Bool)] = [
            ("<a href=\"#x\">", true), ("href", true), ("<a id=x>", false), ("hre", false), ("", false),
            ("ünïcödé <a\nhref=y>", true), ("hhref", true), ("h r e f", false),
        ]
        for (text, expected) in cases {
            #expect(text.containsBytes("href") == expected, "\(text.debugDescription)")
            #expect(text.containsBytes("href") == text.contains("href"), "\(text.debugDescription)")
        }
        #expect("a--b".containsBytes("--") && !"a-b".containsBytes("--") && "x...".containsBytes("..."))
    }

    /// Paths are bytes: every byte sequence survives decode and encode, valid UTF-8 decodes as
    /// itself, and the display writes each byte that is not UTF-8 as `\xNN`.
    @Test func pathBytesRoundTrip() {
        var random = SeededRandom(seed: 2026)
        let alphabet: [UInt8] = Array("abc./-é".utf8) + [0x80, 0xBF, 0xC3, 0xE9, 0xF4, 0xFF, 0xE2, 0x82]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let path = PathBytes.decode(bytes)
            #expect(PathBytes.encode(path) == bytes, "\(bytes)")
            if let valid = String(validating: bytes, as: UTF8.self) { #expect(path == valid) }
        }
        let latin1 = PathBytes.decode([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x64])
        #expect(PathBytes.display(latin1) == "caf\\xE9.md")
        #expect(PathBytes.display("café.md") == "café.md")
    }
}
