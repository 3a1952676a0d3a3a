import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// Applies a unified diff (one file) to `old`, as `patch` would with exact context: an independent
/// reader of what `UnifiedDiff` writes.
private func applyUnifiedDiff(_ diff: [UInt8], to old: [UInt8]) -> [UInt8]? {
    // Lines of the diff, each with its LF (the marker line "\ No newline" strips the one before it).
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    for b in diff { current.append(b); if b == 10 { lines.append(current); current = [] } }
    if !current.isEmpty { lines.append(current) }
    var oldLines: [[UInt8]] = []
    current = []
    for b in old { current.append(b); if b == 10 { oldLines.append(current); current = [] } }
    if !current.isEmpty { oldLines.append(current) }
    var out: [[UInt8]] = []
    var position = 0
    var i = 2
    var lastKind: UInt8 = 0
    while i < lines.count {
        let line = lines[i]
        if line.starts(with: Array("@@ -".utf8)) {
            let header = String(decoding: line, as: UTF8.self)
            let oldPart = header.dropFirst(4).prefix { $0 != " " }
            let fields = oldPart.split(separator: ",").compactMap { Int($0) }
            guard fields.count == 2 else { return nil }
            let start = fields[1] == 0 ? fields[0] : fields[0] - 1
            guard start >= position else { return nil }
            out.append(contentsOf: oldLines[position..<start])
            position = start
        } else if line.starts(with: Array("\\ No newline".utf8)) {
            // The previous line had no LF.
            if lastKind == UInt8(ascii: "-") {
                // An old line: its LF was not in the file; nothing to do on the new side.
            } else if var last = out.popLast() {
                if last.last == 10 { last.removeLast() }
                out.append(last)
            }
        } else {
            let kind = line[0], body = Array(line.dropFirst())
            lastKind = kind
            switch kind {
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                guard position < oldLines.count else { return nil }
                var expected = oldLines[position]
                if expected.last != 10 { expected.append(10) }
                guard expected == body else { return nil }
                if kind == UInt8(ascii: " ") { out.append(oldLines[position]) }
                position += 1
            case UInt8(ascii: "+"): out.append(body)
            default: return nil
            }
        }
        i += 1
    }
    out.append(contentsOf: oldLines[position...])
    return out.flatMap { $0 }
}

@Suite("workflow: --diff, -o, -w reports")
struct WorkflowTests {
    static let document = bytes("---\ntitle: x\n---\n# Title\n\nintro\n\n## A\n\ntext\n\n## B\n\n### B1\nmore\n\n## C\nlast\n")

    @Test("UnifiedDiff of random edits reads back to the rewrite's output", arguments: Variant.allCases)
    func unifiedDiffRoundTrip(variant: Variant) {
        var random = SeededRandom(seed: 0x0D1FF)
        let base = variant.apply(bytes("a\nb\r\nc\rd\n\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\np\n"))
        for round in 0..<400 {
            var list = EditList()
            var offset = 0
            while true {
                offset += Int.random(in: 0...6, using: &random)
                guard offset <= base.count else { break }
                let length = min(Int.random(in: 0...3, using: &random), base.count - offset)
                let pieces: [[UInt8]] = [[], bytes("X"), bytes("\n"), bytes("<!-- outline:x -->\n"), bytes("Y\r\n"), bytes("\n\n")]
                list.replace(offset..<(offset + length), with: pieces[Int.random(in: 0..<pieces.count, using: &random)])
                offset += length + 1
            }
            let rewrite = list.rewrite(base)
            let diff = UnifiedDiff.render(rewrite, path: "d.md")
            if rewrite.output == base {
                #expect(diff.isEmpty, "round \(round)")
                continue
            }
            let applied = applyUnifiedDiff(diff, to: base)
            #expect(applied == rewrite.output, "round \(round): \(variant)\n\(String(decoding: diff, as: UTF8.self))")
        }
    }

    @Test("a single inserted line is one hunk with three lines of context, as diff -u prints it")
    func hunkShape() {
        var list = EditList()
        let text = bytes("1\n2\n3\n4\n5\n6\n7\n8\n9\n")
        list.insert(bytes("new\n"), at: 8) // before line 5
        let diff = String(decoding: UnifiedDiff.render(list.rewrite(text), path: "x.md"), as: UTF8.self)
        #expect(diff == "--- a/x.md\n+++ b/x.md\n@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+new\n 5\n 6\n 7\n")
    }

    @Test("--diff output is what git apply and patch -p1 apply, in every variant; exit 1, and 0 when nothing changes", arguments: Variant.allCases)
    func diffAppliesWithGitAndPatch(variant: Variant) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let doc = variant.apply(Self.document)
        try Data(doc).write(to: dir.appendingPathComponent("a.md"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub dir"), withIntermediateDirectories: true)
        try Data(doc).write(to: dir.appendingPathComponent("sub dir/b.md"))
        // A name git quotes: --diff quotes it the same way, and git apply finds the file.
        let quotedName = "say \"hi\".md"
        try Data(doc).write(to: dir.appendingPathComponent(quotedName))
        let quoted = try runBinary(["id", "--diff", quotedName], directory: dir)
        #expect(quoted.text.hasPrefix("--- \"a/say \\\"hi\\\".md\"\n+++ \"b/say \\\"hi\\\".md\"\n"), "\(quoted.text)")
        try Data(quoted.stdout).write(to: dir.appendingPathComponent("quoted.diff"))
        #expect(try shell("git apply quoted.diff", in: dir).status == 0)
        expectBytes(try [UInt8](Data(contentsOf: dir.appendingPathComponent(quotedName))), try runBinary(["id"], stdin: doc).stdout, "git apply of a quoted name")
        try FileManager.default.removeItem(at: dir.appendingPathComponent(quotedName))
        for command in [["id"], ["number"], ["id", "--linkable"]] {
            let result = try runBinary(command + ["--diff", "a.md", "sub dir"], directory: dir)
            #expect(result.status == 1, "\(command) \(result.stderr)")
            let text = result.text
            #expect(text.hasPrefix("--- a/a.md\n+++ b/a.md\n@@ "), "\(text)")
            #expect(text.contains("--- a/sub dir/b.md\t\n+++ b/sub dir/b.md\t\n"))
            let expected = try runBinary(command + ["a.md"], directory: dir).stdout
            try Data(result.stdout).write(to: dir.appendingPathComponent("change.diff"))
            for tool in ["git apply change.diff", "patch -s -p1 < change.diff"] {
                try Data(doc).write(to: dir.appendingPathComponent("a.md"))
                try Data(doc).write(to: dir.appendingPathComponent("sub dir/b.md"))
                let applied = try shell(tool, in: dir)
                #expect(applied.status == 0, "\(tool): \(applied.output)")
                expectBytes(try [UInt8](Data(contentsOf: dir.appendingPathComponent("a.md"))), expected, "\(tool) \(command) \(variant)")
                expectBytes(try [UInt8](Data(contentsOf: dir.appendingPathComponent("sub dir/b.md"))), expected, "\(tool) \(command) \(variant)")
            }
            try Data(doc).write(to: dir.appendingPathComponent("a.md"))
            try Data(doc).write(to: dir.appendingPathComponent("sub dir/b.md"))
        }
        // Nothing to change: no output, exit 0; the files are untouched.
        _ = try runBinary(["id", "-w", "-q", "a.md"], directory: dir)
        let clean = try runBinary(["id", "--diff", "a.md"], directory: dir)
        #expect(clean.status == 0 && clean.stdout.isEmpty)
        // Standard input is labelled as outline names it.
        let piped = try runBinary(["id", "--diff"], stdin: doc)
        #expect(piped.status == 1 && piped.text.hasPrefix("--- a/<stdin>\n+++ b/<stdin>\n"))
    }

    @Test("-o writes atomically, also over its own input; unfold -o a.md restores a.md from a.md")
    func outputFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.md")
        try Data(Self.document).write(to: a)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: a.path)
        let pinned = try runBinary(["id", "a.md"], directory: dir).stdout
        let result = try runBinary(["id", "-o", "a.md", "a.md"], directory: dir)
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
        expectBytes(try [UInt8](Data(contentsOf: a)), pinned)
        let mode = try FileManager.default.attributesOfItem(atPath: a.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // The shell-redirection trap: fold, then unfold into the original itself.
        #expect(try runBinary(["fold", "--depth", "1", "a.md", "-o", "a.skel.md"], directory: dir).status == 0)
        let skeleton = try [UInt8](Data(contentsOf: dir.appendingPathComponent("a.skel.md")))
        #expect(skeleton.count < pinned.count && String(decoding: skeleton, as: UTF8.self).contains("outline-fold:"))
        let back = try runBinary(["unfold", "--from", "a.md", "a.skel.md", "-o", "a.md"], directory: dir)
        #expect(back.status == 0, "\(back.stderr)")
        expectBytes(try [UInt8](Data(contentsOf: a)), pinned, "unfold -o a.md")
        // A new file is created; no temporary file is left anywhere.
        #expect(try runBinary(["number", "a.md", "--output=numbered.md"], directory: dir).status == 0)
        expectBytes(try [UInt8](Data(contentsOf: dir.appendingPathComponent("numbered.md"))), try runBinary(["number", "a.md"], directory: dir).stdout)
        // An error writes nothing: an unknown fold marker ID leaves FILE as it was.
        try Data(bytes("# X\n<!-- outline:x -->\n<!-- outline-fold:nope lines=3-4 hash=00000000 -->\n")).write(to: dir.appendingPathComponent("bad.md"))
        let failed = try runBinary(["unfold", "--from", "a.md", "bad.md", "-o", "a.md"], directory: dir)
        #expect(failed.status == 2)
        expectBytes(try [UInt8](Data(contentsOf: a)), pinned, "after a failed unfold -o")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!names.contains { $0.contains(".outline-") }, "\(names)")
        // -o takes one input, and combines with no other output mode.
        #expect(try runBinary(["id", "-o", "x.md", "a.md", "numbered.md"], directory: dir).stderr.contains("--output takes one input"))
        #expect(try runBinary(["id", "-o", "x.md", "--check", "a.md"], directory: dir).stderr.contains("--check and --output cannot be combined"))
        #expect(try runBinary(["id", "--diff", "-w", "a.md"], directory: dir).status == 2)
    }

    @Test("-o - and -o /dev/stdout are standard output; a FIFO is written to, never replaced")
    func outputToSpecialFiles() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.document).write(to: dir.appendingPathComponent("a.md"))
        let expected = try runBinary(["id", "a.md"], directory: dir).stdout
        for target in ["-", "/dev/stdout"] {
            let run = try runBinary(["id", "-o", target, "a.md"], directory: dir)
            #expect(run.status == 0 && run.stdout == expected, "\(target): \(run.stderr)")
        }
        let fifo = dir.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // The reading end opened first (without blocking), so outline's write goes into the pipe's
        // buffer and outline exits; then the buffer is read. Had outline renamed a file over the FIFO,
        // the pipe would stay empty.
        let fd = open(fifo.path, O_RDONLY | O_NONBLOCK)
        #expect(fd >= 0)
        defer { close(fd) }
        let run = try runBinary(["id", "-o", "pipe", "a.md"], directory: dir)
        #expect(run.status == 0, "\(run.stderr)")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            received.append(contentsOf: buffer[0..<n])
        }
        #expect(received == expected)
        var info = stat()
        #expect(stat(fifo.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
    }

    @Test("-w says how many files it changed on stderr; nothing when none; --quiet silences it")
    func writeReports() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a.md", "b.md", "c.md"] {
            try Data(bytes("# \(name)\n")).write(to: dir.appendingPathComponent(name))
        }
        try Data(bytes("# Done\n<!-- outline:done -->\n")).write(to: dir.appendingPathComponent("d.md"))
        let first = try runBinary(["id", "-w", "a.md", "d.md"], directory: dir)
        #expect(first.status == 0 && first.stderr == "outline: 1 file changed\n", "\(first.stderr)")
        let second = try runBinary(["id", "-w", "."], directory: dir)
        #expect(second.stderr == "outline: 2 files changed\n", "\(second.stderr)")
        let none = try runBinary(["id", "-w", "."], directory: dir)
        #expect(none.status == 0 && none.stderr.isEmpty)
        let quiet = try runBinary(["number", "-w", "--quiet", "."], directory: dir)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        #expect(try runBinary(["id", "--quiet", "a.md"], directory: dir).stderr.contains("--quiet goes with --write"))
    }

    @Test("a misspelt option suggests the nearest one")
    func suggestions() {
        #expect(runInProcess(["id", "--wrte"]).stderr.contains("did you mean '--write'?"))
        #expect(runInProcess(["id", "--dif"]).stderr.contains("did you mean '--diff'?"))
        #expect(runInProcess(["nubmer"]).stderr.contains("did you mean 'number'?"))
    }
}
