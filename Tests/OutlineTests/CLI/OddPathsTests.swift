import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// format.md §11 and §3 on paths as users type them: `--diff` headers `git apply` and `patch -p1` take,
/// config patterns relative to their config file, a file named twice processed once, `-o` through a
/// dangling symbolic link, added and deleted files in `diff --since`, the editor that deletes its
/// skeleton, and text output that a crafted heading cannot turn into terminal escapes.
@Suite("odd names and paths", .serialized)
struct OddPathsTests {
    let dir: URL

    init() throws {
        dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs/sub"), withIntermediateDirectories: true)
    }

    func write(_ text: String, _ name: String) throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    func read(_ name: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) }
    func run(_ command: String, in sub: String = "") throws -> (status: Int32, output: String) {
        try shell(command, in: sub.isEmpty ? dir : dir.appendingPathComponent(sub))
    }

    @Test func diffHeadersApplyFromWhereTheyWereMade() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# C\n\ntext\n", "docs/c.md")
        try write("# D\n", "docs/sub/d.md")
        #expect(try run("git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm one").status == 0)
        for (operand, sub) in [("./docs", ""), ("docs/sub/../c.md", ""), ("../docs/c.md", "docs"), ("./c.md", "docs"), (dir.path + "/docs/c.md", "")] {
            let diff = try run("outline id --diff '\(operand)' > /tmp/outline-odd.patch; echo $?", in: sub)
            #expect(diff.output == "1\n", "\(operand): \(diff.output)")
            let patch = try String(contentsOfFile: "/tmp/outline-odd.patch", encoding: .utf8)
            #expect(!patch.contains("/./") && !patch.contains("a/./") && !patch.contains("/../") && !patch.contains("a/../"), "\(operand): \(patch)")
            #expect(try run("git apply --check /tmp/outline-odd.patch", in: sub).status == 0, "git apply, \(operand) from '\(sub)':\n\(patch)")
            #expect(try run("patch -p1 --dry-run < /tmp/outline-odd.patch", in: sub).status == 0, "patch -p1, \(operand) from '\(sub)':\n\(patch)")
        }
        try? FileManager.default.removeItem(atPath: "/tmp/outline-odd.patch")
    }

    /// A file name that is not UTF-8 (`caf\xE9.md`, Latin-1) is read, walked and reported like any
    /// other: `\xE9` in text, the JSON string "caf\\xE9.md", quoted as git quotes it in `--diff`
    /// headers; a link to it (`caf%E9.md`) resolves.
    @Test func aNameThatIsNotUTF8IsProcessed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try run("printf '# Caf\\n\\n[x](#nope)\\n' > \"$(printf 'caf\\351.md')\"").status == 0)
        try write("# B\n<!-- outline:b -->\n\n[c](caf%E9.md)\n", "b.md")
        for git in [false, true] {
            if git { #expect(try run("git init -q . && git add -A && git commit -qm names").status == 0) }
            let walked = try run("outline check .")
            #expect(walked.output == "caf\\xE9.md:1: heading 'Caf' has no anchor (run 'outline id -w')\ncaf\\xE9.md:3: broken link '#nope': no heading 'nope' in this file\n", "git \(git): \(walked.output)")
            let named = try run("outline check \"$(printf 'caf\\351.md')\"")
            #expect(named.output.hasPrefix("caf\\xE9.md:1: heading 'Caf'"), "\(named.output)")
            let json = try run("outline check --format json .")
            #expect(json.output.contains("\"path\": \"caf\\\\xE9.md\""), "\(json.output)")
            let diff = try run("outline id --diff .")
            #expect(diff.output.contains("--- \"a/caf\\351.md\"\n+++ \"b/caf\\351.md\"\n"), "\(diff.output)")
            if git { #expect(try run("outline id --diff . | git apply --check").status == 0) }
        }
        #expect(try run("outline id -w .").status == 0)
        #expect(try run("cat \"$(printf 'caf\\351.md')\"").output == "# Caf\n<!-- outline:caf -->\n\n[x](#nope)\n")
    }

    @Test func configPatternsAreRelativeToTheirFile() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs/generated"), withIntermediateDirectories: true)
        try write("# C\n", "docs/c.md")
        try write("# G\n", "docs/generated/g.md")
        try write("exclude = [\"docs/generated/**\"]\n", ".outline.toml")
        #expect(try run("git init -q .").status == 0)
        let top = try run("outline id --check .")
        #expect(top.output.contains("docs/c.md") && !top.output.contains("g.md"), "\(top.output)")
        let inside = try run("outline id --check .", in: "docs")
        #expect(inside.output.contains("c.md") && !inside.output.contains("g.md"), "\(inside.output)")
        // A command-line glob stays relative to the current directory.
        let cli = try run("outline --no-config id --check --exclude 'generated/**' .", in: "docs")
        #expect(!cli.output.contains("g.md"), "\(cli.output)")
    }

    @Test func oneFileNamedTwiceIsOneFile() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# A\n", "a.md")
        let twice = try run("outline id -w a.md ./a.md docs/../a.md")
        #expect(twice.status == 0 && twice.output == "outline: 1 file changed\n", "\(twice.output)")
        #expect(try read("a.md") == "# A\n<!-- outline:a -->\n")
    }

    @Test func outputThroughADanglingSymbolicLinkCreatesItsTarget() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# A\n", "a.md")
        #expect(try run("ln -s docs/real.md link.md && outline id a.md -o link.md").status == 0)
        let kind = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("link.md").path)[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(try read("docs/real.md") == "# A\n<!-- outline:a -->\n")
    }

    @Test func diffSinceListsAddedAndDeletedFiles() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# A\n<!-- outline:a -->\n", "a.md")
        try write("# B\n<!-- outline:b -->\n", "b.md")
        #expect(try run("git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm one && git rm -q b.md").status == 0)
        try write("# C\n", "c.md")
        let diff = try run("outline diff --since HEAD .")
        #expect(diff.status == 1 && diff.output == "added file: c.md\ndeleted file: b.md\n", "\(diff.output)")
        let json = try run("outline diff --since HEAD --json .")
        #expect(json.output.contains("\"added\": [\n    \"c.md\"\n  ]") && json.output.contains("\"deleted\": [\n    \"b.md\"\n  ]"), "\(json.output)")
        #expect(try run("git checkout -q HEAD -- b.md && rm c.md && outline diff --since HEAD .").status == 0)
    }

    @Test func anEditorThatDeletesTheSkeletonIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# A\n<!-- outline:a -->\n\nText.\n", "a.md")
        let edit = try run("EDITOR=rm VISUAL= outline edit a.md")
        #expect(edit.status == 2 && edit.output.contains("outline: a.md: the editor removed the skeleton (") && edit.output.contains("a.md is unchanged"), "\(edit.output)")
        #expect(try read("a.md") == "# A\n<!-- outline:a -->\n\nText.\n")
    }

    @Test func textOutputEscapesControlCharacters() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("# Title \u{1B}[2J\u{1B}]0;owned\u{07}\n\n[x](#\u{1B}[31m)\n", "a.md")
        let check = try run("outline check a.md")
        #expect(check.status == 1)
        #expect(!check.output.contains("\u{1B}") && !check.output.contains("\u{07}"), "\(check.output)")
        #expect(check.output.contains("heading 'Title \\x1B[2J\\x1B]0;owned\\x07' has no anchor"), "\(check.output)")
        var bytes: [UInt8] = []
        Diagnostic.finding(.brokenLink, line: 1, "a\u{9B}b\tc\u{7F}").located(in: "p\u{1B}.md").write(into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "p\\x1B.md:1: a\\u{9B}b\tc\\x7F")
    }
}
