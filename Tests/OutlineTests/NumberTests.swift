import Foundation
import Testing
@testable import OutlineCLI
@testable import OutlineCore

@Suite("number", .serialized)
struct NumberTests {
    @Test func numberRefusesAFoldedView() throws {
        let folded = bytes("# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=2-3 hash=00000000 -->\n")
        let result = try runBinary(["number"], stdin: folded)
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("outline: <stdin>: cannot number a folded view"))
    }

    @Test func numberLevelsAreValidated() throws {
        for bad in ["0-2", "3-2", "1-7", "x", "2-"] {
            let result = try runBinary(["number", "--levels", bad], stdin: bytes("# A\n"))
            #expect(result.status == 2 && result.stderr.contains("--levels needs a level A or a range A-B"), "\(bad)")
        }
        #expect(try runBinary(["number", "--levels", "2"], stdin: bytes("# A\n## B\n")).text == "# A\n## 1 B\n<!-- outline:number=1 -->\n")
    }

    @Test func numberWriteAndCheck() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.md")
        try Data(bytes("# T\n\n## A\n\n## B\n")).write(to: file)
        #expect(try runBinary(["number", "--check", file.path]).status == 1)
        #expect(try runBinary(["number", "-w", file.path]).status == 0)
        #expect(try runBinary(["number", "--check", file.path]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("## 2 B\n<!-- outline:number=2 -->"))
        // A section inserted above: check reports stale numbers, number -w fixes them.
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "## 1 A", with: "## New\n\n## 1 A")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let stale = try runBinary(["check", file.path])
        #expect(stale.status == 1)
        #expect(stale.text.contains("\(file.path):3: missing number (expected '1'"))
        #expect(stale.text.contains("\(file.path):5: stale number '1' (expected '2'"))
        #expect(try runBinary(["number", "-w", file.path]).status == 0)
        #expect(try runBinary(["check", file.path]).text.contains("number") == false)
    }
}
