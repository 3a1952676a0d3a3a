import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI

/// What a newcomer's first walk hit: `check` without a FILE must not pass by checking nothing, a
/// huge `--depth` is out of range (not "not a number"), a heading with nothing to list stays out of
/// a table of contents with a word said.
@Suite("rough edges")
struct RoughEdgesTests {
    @Test func checkWithoutAFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# A\n\n[x](#nope)\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        // In CI standard input is no terminal and usually empty: an error, not a vacuous pass.
        let empty = try shell("outline check < /dev/null", in: dir)
        #expect(empty.status == 2 && empty.output.contains("outline: <stdin>: nothing to check"), "\(empty.output)")
        // A document piped in is checked.
        let piped = try shell("printf '# B\\n' | outline check", in: dir)
        #expect(piped.status == 1 && piped.output.contains("<stdin>:1: heading 'B' has no anchor"), "\(piped.output)")
        // On a terminal: the current directory, as ruff and rumdl do.
        let terminal = try shell("script -qec 'outline check' /dev/null", in: dir)
        #expect(terminal.output.contains("a.md:3: broken link '#nope'"), "\(terminal.output)")
        // In process, with standard input said to be a terminal.
        let console = Console(stdin: { [] }, outputIsTerminal: false, environment: [:], workingDirectory: dir.path, inputIsTerminal: true, lifetime: .session())
        #expect(console.inputIsTerminal)
    }

    @Test func depthOutOfRange() {
        for command in ["toc", "fold"] {
            let run = runInProcess([command, "--depth", "99999999999999999999"], stdin: bytes("# A\n"))
            #expect(run.status == 2 && run.stderr.hasPrefix("outline: --depth 99999999999999999999 is out of range"), "\(run.stderr)")
        }
        #expect(runInProcess(["toc", "--depth", "x1"], stdin: bytes("# A\n")).stderr.contains("needs a whole number"))
    }

    @Test func aHeadingWithNothingToListIsLeftOut() {
        let run = runInProcess(["toc", "--insert"], stdin: bytes("# T\n\n## <!-- c -->\n\n### Sub\n\n## B\n"))
        #expect(run.status == 0 && !run.text.contains("[](#)") && run.text.contains("[Sub](#sub)") && run.text.contains("- [B](#b)"), "\(run.text)")
        #expect(run.stderr.contains("<stdin>:3: warning: the heading has no text to list"), "\(run.stderr)")
    }

    /// Empty headings (the CommonMark spec's example 79) numbered under a table of contents: the TOC
    /// stays fresh (an empty heading's number is its whole text, no trailing space in its slug) and
    /// `number --strip` gives the bytes back.
    @Test func emptyHeadingsNumberedUnderATOC() {
        let toc = runInProcess(["toc", "--insert"], stdin: bytes("## \n#\n### ###\n")).stdout
        let numbered = runInProcess(["number"], stdin: toc)
        #expect(numbered.status == 0 && numbered.text.contains("- [1](#1)\n- [2](#2)\n  - [2.1](#21)\n"), "\(numbered.text) \(numbered.stderr)")
        #expect(!runInProcess(["check", "--no-links", "-"], stdin: numbered.stdout).text.contains("stale table of contents"))
        #expect(runInProcess(["number", "--strip"], stdin: numbered.stdout).stdout == toc)
    }
}
