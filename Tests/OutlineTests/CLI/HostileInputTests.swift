import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// format.md §11: nothing a pull request contains can hang or exhaust CI. Each case runs the real binary
/// under `timeout`, so that a regression fails (exit 124) instead of stalling the suite.
@Suite("hostile input", .serialized)
struct HostileInputTests {
    let dir: URL

    init() throws {
        dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
    }

    func write(_ text: String, _ name: String) throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func fifosDevicesAndEscapingLinksAreNotRead() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# A\n<!-- outline:a -->\n\n[f](fifo.md) [z](zero.md#a) [k](kmsg.md) [o](outside.md)\n", "docs/a.md")
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try "# O\n".write(to: outside.appendingPathComponent("o.md"), atomically: true, encoding: .utf8)
        let setup = "mkfifo docs/fifo.md && ln -s /dev/zero docs/zero.md && ln -s /proc/kmsg docs/kmsg.md && ln -s '\(outside.path)/o.md' docs/outside.md"
        #expect(try shell(setup, in: dir).status == 0)
        for git in [false, true] {
            if git { #expect(try shell("git init -q . && git add docs/a.md", in: dir).status == 0) }
            let run = try shell("timeout 30 outline check docs", in: dir)
            #expect(run.status == 1, "git \(git): exit \(run.status) (124: it hung)\n\(run.output)")
            #expect(run.output.contains("broken link 'fifo.md': docs/fifo.md cannot be read (a FIFO"), "\(run.output)")
            #expect(run.output.contains("broken link 'zero.md#a': docs/zero.md cannot be read (a symbolic link into /dev"), "\(run.output)")
            #expect(run.output.contains("broken link 'kmsg.md': docs/kmsg.md cannot be read (a symbolic link into /proc"), "\(run.output)")
            #expect(run.output.contains("docs/outside.md cannot be read (a symbolic link to ") && run.output.contains("outside the work tree"), "\(run.output)")
            // The walk names what it skipped (git lists no FIFO at all).
            #expect(run.output.contains("outline: docs/zero.md: warning: skipped: a symbolic link into /dev"), "\(run.output)")
            if !git { #expect(run.output.contains("outline: docs/fifo.md: warning: skipped: a FIFO"), "\(run.output)") }
        }
        // In git, what the index lists is looked at in the work tree (each directory's entries): a
        // tracked file deleted there is left out silently, and one replaced by a FIFO is named, not read.
        try write("# G\n<!-- outline:g -->\n", "docs/gone.md")
        try write("# W\n<!-- outline:w -->\n", "docs/was-file.md")
        #expect(try shell("git add docs/gone.md docs/was-file.md && rm docs/gone.md docs/was-file.md && mkfifo docs/was-file.md", in: dir).status == 0)
        let run = try shell("timeout 30 outline check --no-links docs", in: dir)
        #expect(run.status == 0, "exit \(run.status) (124: it hung)\n\(run.output)")
        #expect(run.output.contains("outline: docs/was-file.md: warning: skipped: a FIFO"), "\(run.output)")
        #expect(!run.output.contains("gone.md"), "\(run.output)")
    }

    /// What is named on the command line is read as it is: `diff <(git show HEAD:a.md) a.md`.
    @Test func aFIFONamedOnTheCommandLineIsRead() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# A\n<!-- outline:a -->\n", "a.md")
        let run = try shell("timeout 30 bash -c 'outline diff <(printf \"# A\\n<!-- outline:a -->\\n\\n## B\\n<!-- outline:b -->\\n\") a.md'", in: dir)
        #expect(run.status == 1 && run.output.contains("removed b"), "\(run.status): \(run.output)")
    }
}
