import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// Every finding, warnings included, on every surface `check` writes to (format.md §12): the text
/// format (warnings on standard error, as always), JSON with a `severity`, GitHub workflow commands
/// (`::warning` for a warning) and SARIF.
@Suite("check's surfaces")
struct SurfacesTests {
    /// A document with a finding before and after a `fragment-case` warning (line 6), and one with
    /// the warning alone.
    static let mixed = "# Foo\n<!-- outline:foo -->\n\n## Bar\n\nSee [it](#Foo) and [gone](#nowhere).\n\n## Baz\n"
    static let warningOnly = "# Foo\n<!-- outline:foo -->\n\nSee [it](#Foo).\n"

    @Test func warningsAreInEveryFormatWithTheirSeverity() throws {
        let doc = bytes(Self.mixed)
        // Text: as before, the warning on standard error only.
        let text = runInProcess(["check"], stdin: doc)
        #expect(text.status == 1)
        #expect(text.text == """
            <stdin>:4: heading 'Bar' has no anchor (run 'outline id -w')
            <stdin>:6: broken link '#nowhere': no heading 'nowhere' in this file
            <stdin>:8: heading 'Baz' has no anchor (run 'outline id -w')

            """, "\(text.text)")
        let warningLine = "outline: <stdin>:6: warning: link '#Foo': fragment 'Foo' matches 'foo' only ignoring case"
        #expect(text.stderr.hasPrefix(warningLine), "\(text.stderr)")

        // JSON: the warning among the findings, in line order, each with its severity.
        let json = runInProcess(["check", "--format", "json"], stdin: doc)
        #expect(json.status == 1 && json.stderr == text.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout)) as! [String: Any]
        let findings = object["findings"] as! [[String: Any]]
        #expect(findings.map { "\($0["line"]!) \($0["kind"]!) \($0["severity"]!)" } == [
            "4 missing-anchor finding", "6 fragment-case warning", "6 broken-link finding", "8 missing-anchor finding",
        ])
        // The field stands between kind and message: the rest of a line is as it was.
        #expect(json.text.contains("\"kind\": \"missing-anchor\", \"severity\": \"finding\", \"message\": \"heading 'Bar' has no anchor"))

        // GitHub: `::warning` for the warning, `::error` for the findings.
        let github = runInProcess(["check", "--format", "github"], stdin: doc)
        #expect(github.status == 1)
        let commands = github.text.split(separator: "\n").map { String($0.prefix { $0 != " " }) + " " + String($0.split(separator: ",")[1]) }
        #expect(commands == ["::error line=4", "::warning line=6", "::error line=6", "::error line=8"], "\(github.text)")
        #expect(github.text.contains("::warning file=<stdin>,line=6,title=outline fragment-case::link '#Foo': fragment 'Foo' matches 'foo' only ignoring case"))
    }

    /// A warning alone leaves the exit status at 0 in every format, and is still reported.
    @Test func aWarningAloneLeavesTheExitStatusAlone() throws {
        let doc = bytes(Self.warningOnly)
        for format in ["text", "json", "github"] {
            let result = runInProcess(["check", "--format", format], stdin: doc)
            #expect(result.status == 0, "\(format)")
            #expect(result.stderr.contains("<stdin>:4: warning: link '#Foo'"), "\(format): \(result.stderr)")
            #expect(format == "text" ? result.stdout.isEmpty : result.text.contains("fragment-case"), "\(format): \(result.text)")
        }
        let json = runInProcess(["check", "--format", "json"], stdin: doc)
        #expect(json.text.contains("\"kind\": \"fragment-case\", \"severity\": \"warning\""), "\(json.text)")
    }

    /// `fragment-case = "error"` makes it a finding everywhere: severity `finding`, `::error`.
    @Test func aWarningMadeAnErrorIsAFindingEverywhere() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.warningOnly.write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "fragment-case = \"error\"\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let json = try runBinary(["check", "--format", "json", "a.md"], directory: dir)
        #expect(json.status == 1 && json.text.contains("\"kind\": \"fragment-case\", \"severity\": \"finding\""), "\(json.text)")
        let github = try runBinary(["check", "--format", "github", "a.md"], directory: dir)
        #expect(github.status == 1 && github.text.hasPrefix("::error file=a.md,line=4,title=outline fragment-case::"), "\(github.text)")
        #expect(!github.stderr.contains("warning"))
    }
}

