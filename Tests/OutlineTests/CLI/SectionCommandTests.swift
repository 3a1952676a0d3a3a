import Foundation
import Testing
import OutlineTestHelpers

/// `show`, `replace`, `insert`, `move`, `rename` and `mcp` through the binary (format.md §18, §19):
/// streams, exit statuses, the diff (as `patch -p1` applies it), `-w` writing every file or none.
@Suite("section commands (binary)")
struct SectionCommandTests {
    static let guide = "# Guide\r\n<!-- outline:guide -->\r\n\r\n## Install\r\n<!-- outline:install -->\r\n\r\nRun it.\r\n\r\n## Usage\r\n<!-- outline:usage -->\r\n\r\nSee [install](#install).\r\n"
    static let faq = "\u{FEFF}# FAQ\n<!-- outline:faq -->\n\n[How?](docs/../guide.md#install)\n"

    func tree() throws -> URL {
        let dir = try temporaryDirectory()
        try Self.guide.write(to: dir.appendingPathComponent("guide.md"), atomically: true, encoding: .utf8)
        try Self.faq.write(to: dir.appendingPathComponent("faq.md"), atomically: true, encoding: .utf8)
        return dir
    }

    /// The file's bytes as a string (a BOM kept, which Foundation's decoding would drop).
    func read(_ dir: URL, _ name: String) throws -> String { String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)), as: UTF8.self) }

    @Test func showPrintsTheSectionsBytesAndJSON() throws {
        let dir = try tree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shown = try runBinary(["show", "guide.md#install", "guide.md#usage"], directory: dir)
        #expect(shown.status == 0 && shown.stderr.isEmpty)
        #expect(String(decoding: shown.stdout, as: UTF8.self) == "## Install\r\n<!-- outline:install -->\r\n\r\nRun it.\r\n\r\n## Usage\r\n<!-- outline:usage -->\r\n\r\nSee [install](#install).\r\n")
        let json = try runBinary(["show", "--json", "guide.md#install"], directory: dir)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])
        #expect(parsed.first?["id"] as? String == "install" && parsed.first?["line"] as? Int == 4 && parsed.first?["end_line"] as? Int == 8)
        #expect((parsed.first?["hash"] as? String)?.count == 16)
        let slug = try runBinary(["show", "faq.md#faq"], directory: dir)
        #expect(slug.status == 0)
        let missing = try runBinary(["show", "guide.md#instal"], directory: dir)
        #expect(missing.status == 2 && missing.stdout.isEmpty && missing.stderr.hasPrefix("outline: guide.md: no section 'instal' (did you mean 'install'?)"))
        let usage = try runBinary(["show", "guide.md"], directory: dir)
        #expect(usage.status == 2 && usage.stderr.contains("Usage: outline show"))
    }

    @Test func moveShowsADiffThatPatchAppliesAndWritesEveryFile() throws {
        let dir = try tree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let diff = try runBinary(["move", "guide.md#install", "faq.md", "--into", "faq"], directory: dir)
        #expect(diff.status == 1 && diff.stderr.isEmpty)
        let check = try runBinary(["move", "guide.md#install", "faq.md", "--into", "faq", "--check"], directory: dir)
        #expect(check.status == 1 && String(decoding: check.stdout, as: UTF8.self) == "guide.md\nfaq.md\n")
        // The diff, applied by patch to a copy, gives what -w writes.
        let copy = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: copy) }
        for name in ["guide.md", "faq.md"] { try FileManager.default.copyItem(at: dir.appendingPathComponent(name), to: copy.appendingPathComponent(name)) }
        try Data(diff.stdout).write(to: copy.appendingPathComponent("change.diff"))
        #expect(try shell("patch -s -p1 < change.diff", in: copy).status == 0)
        let written = try runBinary(["move", "-w", "guide.md#install", "faq.md", "--into", "faq"], directory: dir)
        #expect(written.status == 0 && written.stdout.isEmpty && written.stderr == "outline: 2 files changed\n")
        for name in ["guide.md", "faq.md"] { #expect(try read(copy, name) == read(dir, name), "\(name)") }
        #expect(try read(dir, "faq.md") == "\u{FEFF}# FAQ\n<!-- outline:faq -->\n\n[How?](#install)\n\n## Install\n<!-- outline:install -->\n\nRun it.\n")
        #expect(try read(dir, "guide.md") == "# Guide\r\n<!-- outline:guide -->\r\n\r\n## Usage\r\n<!-- outline:usage -->\r\n\r\nSee [install](faq.md#install).\r\n")
        // And back: every file as it was.
        let back = try runBinary(["move", "-w", "faq.md#install", "guide.md", "--before", "usage"], directory: dir)
        #expect(back.status == 0)
        #expect(try read(dir, "guide.md") == Self.guide && read(dir, "faq.md") == Self.faq.replacingOccurrences(of: "docs/../guide.md", with: "guide.md"))
    }

    /// From a subdirectory of the work tree, the files above it are named from there (`../a.md`), as
    /// an operand is: never by an absolute name in a diff header (git apply skips it), and a link
    /// above to an operand written `../docs/g.md` is repaired like any other.
    @Test func filesAboveTheCurrentDirectoryAreNamedFromIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for sub in ["docs", "sub"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true) }
        try "# G\n<!-- outline:g -->\n\n## A\n<!-- outline:a -->\n\nAlpha.\n".write(to: dir.appendingPathComponent("docs/g.md"), atomically: true, encoding: .utf8)
        try "# R\n\nSee [a](docs/g.md#a).\n".write(to: dir.appendingPathComponent("readme.md"), atomically: true, encoding: .utf8)
        #expect(try shell("git init -q .", in: dir).status == 0)
        let docs = dir.appendingPathComponent("docs"), sub = dir.appendingPathComponent("sub")
        let check = try runBinary(["rename", "--check", "g.md#a", "Alpha Beta"], directory: docs)
        #expect(check.status == 1 && String(decoding: check.stdout, as: UTF8.self) == "g.md\n../readme.md\n", "\(check)")
        let diff = try runBinary(["rename", "g.md#a", "Alpha Beta"], directory: docs)
        #expect(String(decoding: diff.stdout, as: UTF8.self).contains("--- a/../readme.md\n+++ b/../readme.md\n@@ -1,3 +1,3 @@\n # R\n \n-See [a](docs/g.md#a).\n+See [a](docs/g.md#alpha-beta).\n"))
        let above = try runBinary(["rename", "--check", "../docs/g.md#a", "Alpha Beta"], directory: sub)
        #expect(above.status == 1 && String(decoding: above.stdout, as: UTF8.self) == "../docs/g.md\n../readme.md\n", "\(above)")
    }

    @Test func replaceReadsStandardInputAndRefusesAStaleHash() throws {
        let dir = try tree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try runBinary(["show", "--json", "guide.md#usage"], directory: dir)
        let hash = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])?.first?["hash"] as? String)
        let stale = try runBinary(["replace", "-w", "--if-hash", "0123456789abcdef", "guide.md#usage"], stdin: Array("## Use\n\nNew.\n".utf8), directory: dir)
        #expect(stale.status == 2 && stale.stdout.isEmpty && stale.stderr.hasPrefix("outline: guide.md:9: section 'usage' changed since it was read"))
        #expect(try read(dir, "guide.md") == Self.guide)
        let done = try runBinary(["replace", "-w", "--if-hash", hash, "guide.md#usage"], stdin: Array("## Use\n\nNew.\n".utf8), directory: dir)
        #expect(done.status == 0 && done.stderr == "outline: 1 file changed\n")
        #expect(try read(dir, "guide.md").hasSuffix("## Use\r\n<!-- outline:usage -->\r\n\r\nNew.\r\n"))
        let renamed = try runBinary(["rename", "-w", "guide.md#install", "Setup"], directory: dir)
        let faq = try read(dir, "faq.md")
        #expect(renamed.status == 0 && renamed.stderr == "outline: 2 files changed\n" && faq.contains("(docs/../guide.md#setup)"))
        let inserted = try runBinary(["insert", "--after", "install", "guide.md"], stdin: Array("## Notes\n".utf8), directory: dir)
        #expect(inserted.status == 1 && String(decoding: inserted.stdout, as: UTF8.self).contains("+## Notes\r\n+<!-- outline:notes -->\r\n"))
        let nowhere = try runBinary(["insert", "guide.md"], stdin: Array("## Notes\n".utf8), directory: dir)
        #expect(nowhere.status == 2 && nowhere.stderr.contains("--after ID"))
    }

    /// `-w` writes every file or none: a file that cannot be written leaves the others untouched.
    @Test func aWriteThatFailsWritesNothing() throws {
        let dir = try tree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try "# L\n\n[i](../guide.md#install)\n".write(to: locked.appendingPathComponent("l.md"), atomically: true, encoding: .utf8)
        for file in ["guide.md", "faq.md", "locked/l.md"] { try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: dir.appendingPathComponent(file).path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        // root writes anything: drop to nobody (setpriv is in util-linux).
        let asRoot = getuid() == 0
        let arguments = ["rename", "-w", "guide.md#install", "Setup"]
        let result = try runBinary(asRoot ? ["--reuid=nobody", "--regid=nogroup", "--clear-groups", Paths.binary] + arguments : arguments,
                                   directory: dir, executable: asRoot ? "/usr/bin/setpriv" : nil)
        #expect(result.status == 2 && result.stderr.hasPrefix("outline: locked/l.md: cannot write: permission denied"), "\(result.stderr)")
        #expect(try read(dir, "locked/l.md") == "# L\n\n[i](../guide.md#install)\n")
        #expect(try read(dir, "guide.md") == Self.guide && read(dir, "faq.md") == Self.faq)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["faq.md", "guide.md", "locked"])
    }

    /// The MCP server through the binary: a line in, a line out; a path a symbolic link leads out of
    /// the served directory is refused.
    @Test func mcpAnswersLinesAndStaysInItsDirectory() throws {
        let dir = try tree()
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: outside) }
        try "# Secret\n".write(to: outside.appendingPathComponent("s.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.md").path, withDestinationPath: outside.appendingPathComponent("s.md").path)
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"show_section","arguments":{"path":"guide.md","id":"usage"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"show_section","arguments":{"path":"link.md","id":"secret"}}}"#,
        ]
        let result = try runBinary(["mcp", dir.path], stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0 && result.stderr.isEmpty)
        let answers = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(answers.count == 3)
        #expect((answers[0]?["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-06-18")
        #expect(((answers[1]?["result"] as? [String: Any])?["structuredContent"] as? [String: Any])?["id"] as? String == "usage")
        let refused = answers[2]?["result"] as? [String: Any]
        #expect(refused?["isError"] as? Bool == true && "\(refused?["content"] ?? "")".contains("symbolic link"))
    }
}
