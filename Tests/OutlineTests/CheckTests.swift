import Foundation
import Testing
@testable import OutlineCLI
@testable import OutlineCore

/// Runs a shell command in `directory`; its status and output.
@discardableResult
func shell(_ command: String, in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["GIT_AUTHOR_NAME"] = "Test"; env["GIT_AUTHOR_EMAIL"] = "test@example.com"
    env["GIT_COMMITTER_NAME"] = "Test"; env["GIT_COMMITTER_EMAIL"] = "test@example.com"
    env["PATH"] = URL(fileURLWithPath: Paths.binary).deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("number and check", .serialized)
struct NumberAndCheckTests {
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

    @Test func checkFindingsAndExitStatus() throws {
        let clean = try runBinary(["id"], stdin: bytes("# A\n## B\n")).stdout
        let ok = try runBinary(["check"], stdin: clean)
        #expect(ok.status == 0 && ok.stdout.isEmpty && ok.stderr.isEmpty)
        let folded = bytes("# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=3-4 hash=00000000 -->\n")
        // A folded view in place of its document has lost its hidden lines: a finding by default.
        let expected = "<stdin>:3: fold marker for 'a': this is a folded view, its hidden lines are not here (run 'outline unfold', or check --allow-folds)\n"
        for options in [[], ["--no-folds"]] {
            let result = try runBinary(["check"] + options, stdin: folded)
            #expect(result.status == 1 && result.text == expected, "\(options): \(result.text)")
        }
        #expect(try runBinary(["check", "--allow-folds"], stdin: folded).status == 0)
        let broken = try runBinary(["check"], stdin: bytes("# A\n<!-- outline:a -->\n<!-- outline-fold:a -->\n"))
        #expect(broken.status == 1 && broken.text == "<stdin>:3: malformed fold marker: missing or bad 'lines=A-B'\n")
    }

    @Test func checkAgainstAnOlderVersion() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = dir.appendingPathComponent("old.md"), new = dir.appendingPathComponent("new.md")
        let pinned = try runBinary(["id"], stdin: bytes("# Guide\n\n## Install\n\n## Usage\n")).stdout
        try Data(pinned).write(to: old)
        // Renamed and moved: still there.
        var text = String(decoding: pinned, as: UTF8.self)
        text = text.replacingOccurrences(of: "## Install", with: "## Installation").replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n", with: "")
        text = text.replacingOccurrences(of: "# Guide\n<!-- outline:guide -->\n", with: "# Guide\n<!-- outline:guide -->\n\n## Usage\n<!-- outline:usage -->\n")
        try text.write(to: new, atomically: true, encoding: .utf8)
        #expect(try runBinary(["check", "--against", old.path, new.path]).status == 0)
        // Deleted: reported against the old file's line.
        try String(decoding: pinned, as: UTF8.self).replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n", with: "").write(to: new, atomically: true, encoding: .utf8)
        let removed = try runBinary(["check", "--against", old.path, new.path])
        #expect(removed.status == 1)
        #expect(removed.text == "\(old.path):7: anchor 'usage' no longer exists in \(new.path)\n")
        #expect(try runBinary(["check", "--against", old.path, "--allow-removed", new.path]).status == 0)
        // OLD from standard input.
        let fromStdin = try runBinary(["check", "--against", "-", new.path], stdin: pinned)
        #expect(fromStdin.text == "<stdin>:7: anchor 'usage' no longer exists in \(new.path)\n")
        #expect(try runBinary(["check", "--against", old.path, new.path, old.path]).status == 2)
    }

    @Test func checkAgainstASidecar() throws {
        let doc = try runBinary(["id"], stdin: bytes("# A\n## B\n")).stdout
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("a.outline.json")
        try "{\n  \"version\": 1,\n  \"folded\": [\n    \"b\",\n    \"gone\"\n  ]\n}\n".write(to: state, atomically: true, encoding: .utf8)
        let result = try runBinary(["check", "--state", state.path], stdin: doc)
        #expect(result.status == 1)
        #expect(result.text == "\(state.path):5: folded section 'gone' does not exist in <stdin>\n")
        try "{\"version\": 2}".write(to: state, atomically: true, encoding: .utf8)
        let bad = try runBinary(["check", "--state", state.path], stdin: doc)
        #expect(bad.status == 2 && bad.stderr == "outline: \(state.path): unsupported sidecar version 2 (this outline reads version 1)\n")
    }

    @Test func checkSinceAGitRevision() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try shell("git init -q -b main . && mkdir docs", in: dir)
        let a = try runBinary(["id"], stdin: bytes("# Guide\n\n## Install\n\nSteps.\n\n## Usage\n\nRun it.\n")).stdout
        let b = try runBinary(["id"], stdin: bytes("# Other\n\nA longer text, so that git sees the file\nas renamed when one section is removed.\nMore text.\nAnd more.\n\n## Keep\n")).stdout
        try Data(a).write(to: dir.appendingPathComponent("docs/a.md"))
        try Data(b).write(to: dir.appendingPathComponent("docs/b.md"))
        try shell("git add -A && git commit -qm base", in: dir)

        // Renaming and moving a section passes.
        var text = String(decoding: a, as: UTF8.self).replacingOccurrences(of: "## Install", with: "## Installing")
        text = text.replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n\nRun it.\n", with: "")
        text = text.replacingOccurrences(of: "# Guide\n<!-- outline:guide -->\n", with: "# Guide\n<!-- outline:guide -->\n\n## Usage\n<!-- outline:usage -->\n\nRun it.\n")
        try text.write(to: dir.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        let moved = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(moved.status == 0, "\(moved.text) \(moved.stderr)")

        // Deleting an anchored section fails, naming the revision and old line.
        try String(decoding: a, as: UTF8.self).replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n\nRun it.\n", with: "")
            .write(to: dir.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        let deleted = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(deleted.status == 1)
        #expect(deleted.text == "HEAD:docs/a.md:9: anchor 'usage' no longer exists in docs/a.md\n")
        try shell("git checkout -q -- docs/a.md", in: dir)

        // A renamed file is compared with its old path; a file new since REV has nothing to keep.
        try shell("git mv docs/b.md docs/renamed.md", in: dir)
        let edited = String(decoding: b, as: UTF8.self).replacingOccurrences(of: "## Keep\n<!-- outline:keep -->\n", with: "")
        try edited.write(to: dir.appendingPathComponent("docs/renamed.md"), atomically: true, encoding: .utf8)
        try shell("git add -A", in: dir)
        try Data(bytes("# Brand new\n")).write(to: dir.appendingPathComponent("docs/new.md"))
        let renamed = try runBinary(["check", "--since", "HEAD", "--no-folds", "docs/renamed.md", "docs/new.md"], directory: dir)
        #expect(renamed.text.contains("HEAD:docs/b.md:9: anchor 'keep' no longer exists in docs/renamed.md"), "\(renamed.text)")
        #expect(!renamed.text.contains("anchor 'other'"))
        #expect(!renamed.text.contains("HEAD:docs/new.md"))

        let badRevision = try runBinary(["check", "--since", "no-such-rev", "docs"], directory: dir)
        #expect(badRevision.status == 2 && badRevision.stderr.hasPrefix("outline: --since: 'no-such-rev' is not a git revision here"))
    }

    @Test func plainGitHookExample() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try shell("git init -q -b main . && cp '\(Paths.root.path)/examples/pre-commit' .git/hooks/pre-commit", in: dir)
        try Data(bytes("# Notes\n\n## Todo\n")).write(to: dir.appendingPathComponent("notes.md"))
        try shell("git add notes.md", in: dir)
        let first = try shell("git commit -qm first", in: dir)
        #expect(first.status != 0 && first.output.contains("added anchors"), "\(first.output)")
        #expect(try String(contentsOf: dir.appendingPathComponent("notes.md"), encoding: .utf8).contains("<!-- outline:todo -->"))
        let second = try shell("git add notes.md && git commit -qm first", in: dir)
        #expect(second.status == 0, "\(second.output)")
        // Deleting an anchored section is refused.
        try Data(bytes("# Notes\n<!-- outline:notes -->\n")).write(to: dir.appendingPathComponent("notes.md"))
        let third = try shell("git add notes.md && git commit -qm drop", in: dir)
        #expect(third.status != 0 && third.output.contains("anchor 'todo' no longer exists"), "\(third.output)")
    }
}
