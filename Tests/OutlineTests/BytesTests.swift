import Testing
@testable import OutlineCore

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
}
