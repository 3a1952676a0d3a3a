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

    /// A run reads a revision's history once: a fixed number of git processes however many files
    /// (at most 8 with two directory operands), counted by a `git` on PATH that logs each start.
    @Test func historyIsReadOnceWhateverTheNumberOfFiles() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let wrapper = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: wrapper, withIntermediateDirectories: true)
        let real = try shell("command -v git", in: dir).output.trimmingCharacters(in: .whitespacesAndNewlines)
        try "#!/bin/sh\necho \"$*\" >> '\(dir.path)/git.log'\nexec '\(real)' \"$@\"\n".write(to: wrapper.appendingPathComponent("git"), atomically: true, encoding: .utf8)
        #expect(try shell("chmod +x bin/git && mkdir -p a b && echo bin > .gitignore", in: dir).status == 0)
        for n in [3, 300] {
            #expect(try shell("rm -rf a/* b/* && git init -q . 2>/dev/null; true", in: dir).status == 0)
            for i in 1...n {
                try write("# A\(i)\n<!-- outline:a\(i) -->\n\nSee [b](../b/b\(i).md#b\(i)) and [x](#a\(i)).\n", "a/a\(i).md")
                try write("# B\(i)\n<!-- outline:b\(i) -->\n\nSee [a](../a/a\(i).md#a\(i)).\n", "b/b\(i).md")
            }
            #expect(try shell("git add -A && git commit -qm files\(n) && sed -i 's/^# B1$/# B one/' b/b1.md", in: dir).status == 0)
            for command in ["check --since HEAD a b", "links --check --since HEAD a b", "diff --since HEAD a b", "diff --since HEAD --redirects a b"] {
                try? FileManager.default.removeItem(at: dir.appendingPathComponent("git.log"))
                let run = try shell("PATH='\(wrapper.path)':$PATH outline \(command)", in: dir)
                #expect(run.status == 1, "\(command): \(run.output)")
                let log = (try? String(contentsOf: dir.appendingPathComponent("git.log"), encoding: .utf8)) ?? ""
                let count = log.split(separator: "\n").count
                #expect(count > 0 && count <= 8, "\(n) files, \(command): \(count) git processes\n\(log)")
            }
            #expect(try shell("git checkout -q -- b/b1.md", in: dir).status == 0)
        }
        // Without history, and every link into a file of the run: one listing per directory operand,
        // nothing else (no process to find the work tree's root that no link needs).
        try? FileManager.default.removeItem(at: dir.appendingPathComponent("git.log"))
        let run = try shell("PATH='\(wrapper.path)':$PATH outline check a b", in: dir)
        #expect(run.status == 0, "\(run.output)")
        let log = (try? String(contentsOf: dir.appendingPathComponent("git.log"), encoding: .utf8)) ?? ""
        #expect(log.split(separator: "\n").map { $0.contains(" ls-files ") } == [true, true], "\(log)")
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
