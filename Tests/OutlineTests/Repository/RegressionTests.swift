import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// One test per defect found by adversarial testing (issue 9), each the reproduction that found it.
@Suite("Regressions: inputs that lost data or crashed")
struct RegressionTests {
    /// fold → unfold through a temporary original, in process.
    func roundTrip(_ input: [UInt8], _ fold: [String]) throws -> (view: [UInt8], back: RunResult) {
        let view = runInProcess(["fold"] + fold, stdin: input)
        #expect(view.status == 0, "\(view.stderr)")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = dir.appendingPathComponent("a.md")
        try Data(input).write(to: original)
        return (view.stdout, runInProcess(["unfold", "--from", original.path], stdin: view.stdout))
    }

    /// The headings cmark sees in a document: (level, text).
    func headings(_ b: [UInt8]) throws -> [String] {
        try Document(b).headings.map { "\($0.level) \($0.text)" }
    }

    @Test("1: definitions that open a setext heading's paragraph stay with it",
          arguments: ["<x>", "    T", "2. x", "-", "---", "==="])
    func definitionsBeforeSetextHeading(_ firstLine: String) throws {
        let input = bytes("## A\n[r]: /u\n\(firstLine)\n---\n\nx body\n\n## B\n\nB body\n")
        let (view, back) = try roundTrip(input, ["--depth", "1"])
        #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stderr)")
        expectBytes(back.stdout, input, "unfold ∘ fold")
        // The view shows exactly the headings the original has (all are at depth 1 here).
        #expect(try headings(view) == headings(input))
        #expect(runInProcess(["fold", "--depth", "1"], stdin: view).stdout == view, "fold is idempotent")
    }

    @Test func indentedSetextTextAfterADefinition() throws {
        let input = bytes("# A\n[r]: /u\n    T\n=\n")
        let (view, back) = try roundTrip(input, ["--depth", "1"])
        expectBytes(back.stdout, input, "unfold ∘ fold")
        #expect(runInProcess(["fold", "--depth", "1"], stdin: view).stdout == view)
        #expect(!String(decoding: view, as: UTF8.self).contains("outline:section"), "no stray anchor")
    }

    @Test("2: duplicate section IDs are an error, never a crash")
    func duplicateIDsInDiffAndState() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        try #"{"version":1,"sections":[{"id":"x","level":1},{"id":"x","level":1}]}"#.write(to: a, atomically: true, encoding: .utf8)
        try #"{"version":1,"sections":[{"id":"x","level":1}]}"#.write(to: b, atomically: true, encoding: .utf8)
        let sidecars = try runBinary(["diff", a.path, b.path])
        #expect(sidecars.status == 2 && sidecars.stderr.contains("section ID 'x' appears more than once"), "\(sidecars.stderr)")
        // From Markdown: a visible section with the ID of one a marker hides.
        let view = bytes("# T\n<!-- outline:t -->\n## A\n<!-- outline:x -->\n<!-- outline-fold:a lines=1-2 hash=00000000 hidden=x:3 -->\n")
        for command in [["diff", "-", b.path], ["state"]] {
            let result = try runBinary(command, stdin: view)
            #expect(result.status == 2 && result.stderr.contains("section ID 'x' appears twice"), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("3: numbers read from a marker are range-checked")
    func hugeMarkerLineRange() throws {
        let result = try runBinary(["tree"], stdin: bytes("# A\n<!-- outline-fold:a lines=1-9223372036854775807 -->\n"))
        #expect([0, 2].contains(result.status), "\(result.status) \(result.stderr)")
        let check = try runBinary(["check"], stdin: bytes("# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=1-9223372036854775807 -->\n"))
        #expect(check.status == 1 && check.text.contains("malformed fold marker"), "\(check.text)")
    }

    @Test("4: check --since with a newline in a file name compares each file with its own old version")
    func newlineInFileName() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let odd = "odd\nname.md"
        try "# Odd\n<!-- outline:odd -->\n".write(to: dir.appendingPathComponent(odd), atomically: true, encoding: .utf8)
        try "# Zed\n<!-- outline:zed -->\n\n## Keep\n<!-- outline:keep -->\n".write(to: dir.appendingPathComponent("z.md"), atomically: true, encoding: .utf8)
        #expect(try shell("git init -q . && git add -A && git commit -qm one", in: dir).status == 0)
        // Only z.md loses an anchor.
        try "# Zed\n<!-- outline:zed -->\n".write(to: dir.appendingPathComponent("z.md"), atomically: true, encoding: .utf8)
        let result = try runBinary(["check", "--since", "HEAD", odd, "z.md"], directory: dir)
        #expect(result.status == 1, "\(result.text) \(result.stderr)")
        #expect(result.text.contains("'keep'") && result.text.contains("z.md"), "\(result.text)")
        #expect(!result.text.contains("odd"), "\(result.text)")
    }

    @Test("5: a definition whose title has invalid UTF-8 is no definition (as in cmark)")
    func invalidUTF8InDefinitionTitle() throws {
        let input: [UInt8] = bytes("# T\n\n[a]: /u \"") + [0xFF] + bytes("\"\nH\n-\n\nx\n")
        let document = try Document(input)
        #expect(document.headings.count == 2)
        // cmark reads "[a]: /u "\xff"" as the heading's first text line.
        #expect(document.headings[1].firstLine == 2 && document.headings[1].lastLine == 4)
        let numbered = runInProcess(["number"], stdin: input).stdout
        #expect(numbered.starts(with: bytes("# T\n\n1 [a]: /u \"")), "\(String(decoding: numbered, as: UTF8.self))")
        #expect(runInProcess(["number", "--strip"], stdin: numbered).stdout == input)
    }

    @Test("6: a hidden copy of an anchor does not break the round trip")
    func hiddenDuplicateAnchor() throws {
        let input = bytes("# A\n<!-- outline:x -->\n\n## B\n<!-- outline:x -->\n\nb\n")
        let (view, back) = try roundTrip(input, ["--depth", "1"])
        #expect(back.status == 0, "\(back.stderr)")
        expectBytes(back.stdout, input, "unfold ∘ fold")
        #expect(runInProcess(["fold", "--depth", "1"], stdin: view).stdout == view)
    }

    @Test("7: fold --id with nested selections, and --state on a folded view, are idempotent")
    func nestedSelections() throws {
        let input = bytes("# G\n<!-- outline:g -->\n\n## Install\n<!-- outline:install -->\n\nt\n\n### Linux\n<!-- outline:linux -->\n\nl\n\n## Other\n<!-- outline:other -->\n\no\n")
        let selection = ["--id", "install", "--id", "linux"]
        let (view, back) = try roundTrip(input, selection)
        expectBytes(back.stdout, input)
        let again = runInProcess(["fold"] + selection, stdin: view)
        #expect(again.status == 0 && again.stdout == view, "\(again.stderr)")
        let sidecar = runInProcess(["state", "--folded", "install", "--folded", "linux"], stdin: view)
        #expect(sidecar.status == 0, "\(sidecar.stderr)")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("s.json")
        try Data(sidecar.stdout).write(to: state)
        let viaState = runInProcess(["fold", "--state", state.path], stdin: view)
        #expect(viaState.status == 0 && viaState.stdout == view && viaState.stderr.isEmpty, "\(viaState.stderr)")
    }

    @Test("8: a folded view that hides a heading's link definition has not renamed it")
    func titlesCompareAsTheOriginalRendersThem() throws {
        let input = bytes("# Doc\n<!-- outline:doc -->\n\n## [Install][r]\n<!-- outline:install -->\n\ntext\n\n## Refs\n<!-- outline:refs -->\n\n[r]: /install\n")
        let view = runInProcess(["fold", "--id", "refs"], stdin: input).stdout
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.md"), v = dir.appendingPathComponent("v.md")
        try Data(input).write(to: a)
        try Data(view).write(to: v)
        let diff = runInProcess(["diff", a.path, v.path])
        #expect(diff.status == 0 && diff.text.isEmpty, "\(diff.text)")
        #expect(StructureDiff.linkText("[Install][r]") == "Install" && StructureDiff.linkText("![Logo][] and [x]") == "Logo and x")
        // A real rename is still one.
        let renamed = StructureDiff.compare(
            try Structure(Outline(try Document(bytes("# [A][r]\n<!-- outline:a -->\n")))),
            try Structure(Outline(try Document(bytes("# [B][r]\n<!-- outline:a -->\n")))))
        #expect(renamed.map(\.kind) == [.renamed])
    }

    @Test("9: check reports exactly what number would change", arguments: [
        "\n# Second\n",                   // a second H1: the title rule no longer applies
        "\n# Second\n\n## Sub\n",         // and a subsection under it
        "\n## C\n",                        // an appended section
        "",                                // nothing: both clean
    ])
    func checkAgreesWithNumber(_ appended: String) throws {
        let numbered = runInProcess(["number"], stdin: bytes("# T\n\n## A\n\n### A1\n\n## B\n")).stdout
        let input = numbered + bytes(appended)
        let number = runInProcess(["number", "--check"], stdin: input)
        let check = runInProcess(["check"], stdin: input)
        let stale = check.text.split(separator: "\n").filter { $0.contains("number") }
        #expect((number.status == 1) == !stale.isEmpty, "number --check \(number.status), check: \(check.text)")
        // Every heading number would change is one check names, with the number it would get.
        let after = runInProcess(["number"], stdin: input).stdout
        let wanted = Outline(try Document(after)).sections.map(\.number)
        let have = Outline(try Document(input)).sections
        for (k, section) in have.enumerated() where section.number != wanted[k] {
            let line = section.heading.firstLine + 1
            #expect(stale.contains { $0.hasPrefix("<stdin>:\(line):") && $0.contains("'\(wanted[k] ?? "")'") }, "line \(line): \(check.text)")
        }
    }

    @Test("10: id --strip keeps the BOM when the first line is an anchor")
    func stripKeepsTheBOM() {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes("<!-- outline:x -->\n# A\n")
        #expect(runInProcess(["id", "--strip"], stdin: input).stdout == [0xEF, 0xBB, 0xBF] + bytes("# A\n"))
    }

    @Test("11: tree gives the original's line numbers for a folded view, in text and JSON alike")
    func treeLinesOfAFoldedView() throws {
        let input = bytes("# T\n\n## A\n\na\n\n## B\n<!-- outline:b -->\n\n## C\n\nc\n\n## D\n")
        let original = Outline(try Document(input))
        for selection in [["--id", "a", "--id", "c"], ["--depth", "1"], ["--depth", "2"], ["--id", "b"]] {
            let view = runInProcess(["fold"] + selection, stdin: input).stdout
            let folded = Outline(try Document(view))
            let lines = folded.originalSectionLines()
            let byID = original.indexByID()
            for (k, section) in folded.sections.enumerated() {
                let o = original.sections[byID[section.id]!]
                #expect(lines[k].line == o.heading.firstLine + 1, "\(selection) \(section.id)")
                #expect(lines[k].endLine == o.endLine + 1, "\(selection) \(section.id) end")
            }
            let json = runInProcess(["tree", "--json"], stdin: view).text
            let text = runInProcess(["tree", "--color", "never"], stdin: view).text
            for (k, section) in folded.sections.enumerated() {
                #expect(json.contains("\"id\": \"\(section.id)\", \"anchored\": true, \"level\": \(section.heading.level), \"title\": \"\(section.title)\", \"slug\": \"\(section.title.lowercased())\", \"number\": null, \"line\": \(lines[k].line),"), "\(json)")
                #expect(text.contains("\(lines[k].line) "), "\(text)")
            }
        }
    }

    @Test("-w keeps setuid and setgid bits")
    func writeKeepsSpecialModeBits() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.md")
        try "# A\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o6755)
        let result = try runBinary(["id", "-w", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        stat(file.path, &info)
        #expect(info.st_mode & 0o7777 == 0o6755)
        #expect(try String(contentsOf: file, encoding: .utf8) == "# A\n<!-- outline:a -->\n")
    }
}

/// format.md §2, malformed anchors: `check` reports each with a hint; `id` replaces one that stands where a
/// heading's anchor belongs (directly under it or after blank lines), never adds a second anchor, and
/// leaves one elsewhere alone.
@Suite("malformed anchors")
struct MalformedAnchorTests {
    @Test(arguments: [
        ("<!-- outline: bad id here -->", "bad-id-here"),
        ("<!-- outline: Install Guide -->", "install-guide"),
        ("<!-- outline:-->", "install"),
        ("<!-- outline: -->", "install"),
        ("<!-- outline:Install toc=no -->", "install"),
        ("<!-- outline:install junk -->", "install-junk"),
    ])
    func replacedWhereTheAnchorBelongs(_ malformed: String, _ id: String) throws {
        for gap in ["", "\n", "\n\n"] {
            let input = bytes("# Install\n\(gap)\(malformed)\n\nText.\n")
            let check = runInProcess(["check"], stdin: input)
            #expect(check.status == 1)
            #expect(check.text.contains("malformed anchor") && check.text.contains("run 'outline id -w' to replace it with '\(id)'"), "\(check.text)")
            let fixed = runInProcess(["id"], stdin: input)
            #expect(fixed.status == 0 && fixed.stderr.contains("warning: malformed anchor"))
            let outline = try Outline(parsing: fixed.stdout)
            #expect(outline.sections.map(\.id) == [id] && outline.sections[0].anchored, "\(fixed.text)")
            #expect(outline.records.count == 1, "a second anchor under the heading: \(fixed.text)")
            #expect(outline.orphanRecords.isEmpty)
            #expect(runInProcess(["check"], stdin: fixed.stdout).status == 0, "\(fixed.text)")
            // Only the comment changed: every other line is as it was.
            let before = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let after = fixed.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(before.count == after.count && zip(before, after).filter { $0 != $1 }.count == 1)
        }
    }

    @Test func elsewhereLeftAloneAndReported() {
        let input = bytes("# Install\n<!-- outline:install -->\n\nText.\n\n<!-- outline: Stray Words -->\n")
        let check = runInProcess(["check"], stdin: input)
        #expect(check.text == "<stdin>:6: malformed anchor ID 'Stray Words' (an ID is lowercase letters, digits, '-' and '_', then only key=value attributes); not where a heading's anchor belongs: fix or remove it\n")
        let id = runInProcess(["id"], stdin: input)
        #expect(id.stdout == input && id.stderr.contains("<stdin>:6: warning:"))
    }
}
