import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// The one place outline starts processes: output collected, input fed while output drains (no
/// deadlock on large amounts either way), the exit status, a missing program.
@Suite("subprocess")
struct SubprocessTests {
    @Test func runsFeedsAndCollects() throws {
        let echo = try Subprocess.run(["printf", "%s", "hello"])
        #expect(echo.status == 0 && echo.output == Array("hello".utf8))
        // 4 MB through cat: larger than any pipe buffer, both ways at once.
        let big = [UInt8]((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let cat = try Subprocess.run(["cat"], input: big)
        #expect(cat.status == 0 && cat.output == big)
        #expect(try Subprocess.run(["sh", "-c", "exit 3"]).status == 3)
        // Standard error goes nowhere (not into the output).
        #expect(try Subprocess.run(["sh", "-c", "echo err >&2; echo out"]).output == Array("out\n".utf8))
        // Arguments travel as they are, spaces and all, with no shell in between.
        #expect(try Subprocess.run(["printf", "%s|", "a b", "$HOME", "*"]).output == Array("a b|$HOME|*|".utf8))
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: (any Error).self) { try Subprocess.run(["outline-no-such-program"]) }
    }
}

