import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

@Suite("number", .serialized)
struct NumberTests {
    /// What a number is: digits, with single dots between groups of them.
    @Test func numbersAndTheirComponents() {
        for (text, dots) in [("1", 0), ("12", 0), ("1.2", 1), ("1.2.30", 2)] {
            #expect(NumberFormat.dots(in: text.utf8) == dots && NumberFormat.isNumber(text), "\(text)")
        }
        for text in ["", ".", "1.", ".1", "1..2", "1.a", "a", "1 2", "١"] {
            #expect(NumberFormat.dots(in: text.utf8) == nil && !NumberFormat.isNumber(text), "\(text)")
        }
    }

    @Test func numberRefusesAFoldedView() throws {
        let folded = bytes("# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=2-3 hash=00000000 -->\n")
        let result = runInProcess(["number"], stdin: folded)
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("outline: <stdin>: cannot number a folded view"))
    }

    @Test func numberLevelsAreValidated() throws {
        for bad in ["0-2", "3-2", "1-7", "x", "2-"] {
            let result = runInProcess(["number", "--levels", bad], stdin: bytes("# A\n"))
            #expect(result.status == 2 && result.stderr.contains("--levels needs a level A or a range A-B"), "\(bad)")
        }
        #expect(runInProcess(["number", "--levels", "2"], stdin: bytes("# A\n## B\n")).text == "# A\n## 1 B\n<!-- outline:number=1 -->\n")
    }

    @Test func numberWriteAndCheck() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.md")
        try Data(bytes("# T\n\n## A\n\n## B\n")).write(to: file)
        #expect(runInProcess(["number", "--check", file.path]).status == 1)
        #expect(runInProcess(["number", "-w", file.path]).status == 0)
        #expect(runInProcess(["number", "--check", file.path]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("## 2 B\n<!-- outline:number=2 -->"))
        // A section inserted above: check reports stale numbers, number -w fixes them.
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "## 1 A", with: "## New\n\n## 1 A")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let stale = runInProcess(["check", file.path])
        #expect(stale.status == 1)
        #expect(stale.text.contains("\(file.path):3: missing number (expected '1'"))
        #expect(stale.text.contains("\(file.path):5: stale number '1' (expected '2'"))
        #expect(runInProcess(["number", "-w", file.path]).status == 0)
        #expect(runInProcess(["check", file.path]).text.contains("number") == false)
    }

    /// format.md §3: a number outline's record says it wrote is outline's, whatever it reads now.
    @Test func aHandEditedNumberIsReplacedNotStacked() {
        let input = bytes("# T\n\n## 1 Intro\n<!-- outline:number=1 -->\n\n## 3 Usage\n<!-- outline:number=2 -->\n\n### 2.7 Deep\n<!-- outline:number=2.1 -->\n\n## 2024 Roadmap\n")
        let check = runInProcess(["check", "--format", "json"], stdin: input)
        #expect(check.text.contains("\"line\": 6, \"column\": 1, \"end\": {\"line\": 6, \"column\": 11}, \"kind\": \"stale-number\", \"severity\": \"finding\", \"id\": \"usage\", \"message\": \"stale number '3' (expected '2'"))
        #expect(check.text.contains("\"line\": 9, \"column\": 1, \"end\": {\"line\": 9, \"column\": 13}, \"kind\": \"stale-number\", \"severity\": \"finding\", \"id\": \"deep\", \"message\": \"stale number '2.7' (expected '2.1'"))
        let numbered = runInProcess(["number"], stdin: input).text
        #expect(numbered.contains("## 2 Usage\n<!-- outline:number=2 -->"))
        #expect(numbered.contains("### 2.1 Deep\n<!-- outline:number=2.1 -->"))
        // A title's own digits are the author's: without a record, never outline's number.
        #expect(numbered.contains("## 3 2024 Roadmap\n<!-- outline:number=3 -->"))
        #expect(runInProcess(["number"], stdin: bytes(numbered)).text == numbered)
        #expect(!runInProcess(["number", "--strip"], stdin: input).text.contains("3 Usage"))
        // A number of another shape than the record's (1.2 recorded, "2024" written) is the author's.
        let renamed = bytes("# T\n\n## 2024 Roadmap\n<!-- outline:number=1.2 -->\n")
        #expect(runInProcess(["number", "--levels", "2"], stdin: renamed).text == "# T\n\n## 1 2024 Roadmap\n<!-- outline:number=1 -->\n")
    }
}
