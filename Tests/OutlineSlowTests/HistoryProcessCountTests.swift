import Foundation
import Testing
import OutlineTestHelpers

/// format.md §11 and ARCHITECTURE.md's `check` flow: git asked a fixed number of times per run. Two
/// git repositories of 6 and 600 files and 9 runs of the binary through a logging `git`, moved out of
/// the fast suite's `HostileInputTests` (1.9 s there).
@Suite("git processes per run")
struct HistoryProcessCountTests {
    let dir: URL

    init() throws {
        dir = try temporaryDirectory()
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
}
