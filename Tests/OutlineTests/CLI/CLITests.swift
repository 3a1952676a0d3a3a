import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI

/// The real `outline` executable: exit codes, streams, in-place writes (format.md §12).
@Suite("Command line", .serialized)
struct CLITests {
    let doc = bytes("# Guide\n\nIntro.\n\n## Install\n\nSteps.\n")

    @Test func helpAndVersion() throws {
        // The binary once (streams and exit status); the library's run for the rest.
        let help = try runBinary(["--help"])
        #expect(help.status == 0)
        #expect(help.text.contains("USAGE: outline COMMAND"))
        for command in OutlineCommandLine.commands {
            #expect(help.text.contains("  \(command.name)"), "global help lists \(command.name)")
            for spec in [command] + command.actions {
                let own = runInProcess(spec.name.split(separator: " ").map(String.init) + ["--help"])
                #expect(own.status == 0 && own.stderr.isEmpty)
                #expect(own.text.hasPrefix("OVERVIEW: "))
                // An action-taking command lists its actions; each action its options.
                for option in spec.actions.isEmpty ? spec.allOptions : [] {
                    #expect(own.text.contains("--\(option.long)"), "\(spec.name) --help shows --\(option.long)")
                }
                for action in spec.actions { #expect(own.text.contains("outline \(action.name)"), "\(spec.name) --help shows \(action.name)") }
            }
        }
        let version = try runBinary(["--version"])
        #expect(version.status == 0)
        #expect(version.text.hasPrefix("outline \(OutlineCommandLine.version) (libcmark 0."))
        #expect(try runBinary(["help", "id"]).text == (try runBinary(["id", "--help"])).text)
    }

    @Test func usageErrors() throws {
        for (arguments, message, see) in [
            (["frobnicate"], "outline: unknown command 'frobnicate'", "See 'outline --help'."),
            ([], "outline: no command given", "See 'outline --help'."),
            (["id", "--bogus"], "outline: unknown option '--bogus'", "See 'outline id --help'."),
            (["id", "-x"], "outline: unknown option '-x'", "See 'outline id --help'."),
            (["tree", "--depth"], "outline: option '--depth' needs a value (N)", "See 'outline tree --help'."),
            (["tree", "--depth", "0"], "outline: --depth needs a whole number of at least 1, not '0'", "See 'outline tree --help'."),
            (["id", "--strip=yes"], "outline: option '--strip' takes no value", "See 'outline id --help'."),
            (["id", "a.md", "b.md"], "outline: several FILEs need --write, --check or --diff", "See 'outline id --help'."),
            (["id", "-w"], "outline: --write needs FILE operands (standard input cannot be rewritten in place)", "See 'outline id --help'."),
            (["id", "-w", "--check", "a.md"], "outline: --write and --check cannot be combined", "See 'outline id --help'."),
            // The nearest known name, when one is near.
            (["id", "--wrte"], "outline: unknown option '--wrte' (did you mean '--write'?)", "See 'outline id --help'."),
            (["chekc"], "outline: unknown command 'chekc' (did you mean 'check'?)", "See 'outline --help'."),
            (["help", "fodl"], "outline: unknown command 'fodl' (did you mean 'fold'?)", "See 'outline --help'."),
            (["--verison"], "outline: unknown option '--verison' (did you mean '--version'?)", "See 'outline --help'."),
            (["check", "--allow-fold"], "outline: unknown option '--allow-fold' (did you mean '--allow-folds'?)", "See 'outline check --help'."),
        ] {
            let result = try runBinary(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first == message, "\(arguments): \(result.stderr)")
            #expect(lines.count == 3 && lines[1].hasPrefix("Usage: outline") && lines[2] == see, "\(arguments): \(result.stderr)")
        }
    }

    @Test func fileErrorsWriteNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.md")
        try Data(doc).write(to: good)
        let binary = dir.appendingPathComponent("binary.md")
        try Data(bytes("# A\n\0\n")).write(to: binary)

        let missing = try runBinary(["tree", dir.appendingPathComponent("nope.md").path])
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr == "outline: \(dir.path)/nope.md: no such file or directory\n")

        let nul = try runBinary(["id", binary.path])
        #expect(nul.status == 2 && nul.stdout.isEmpty)
        #expect(nul.stderr == "outline: \(binary.path): binary file (contains NUL bytes)\n")

        let fromStdin = try runBinary(["id"], stdin: bytes("a\0b"))
        #expect(fromStdin.status == 2 && fromStdin.stderr == "outline: <stdin>: binary file (contains NUL bytes)\n")

        let directory = try runBinary(["id", dir.path])
        #expect(directory.status == 2 && directory.stdout.isEmpty)
        #expect(directory.stderr == "outline: \(dir.path): is a directory (give --write, --check or --diff to work on the Markdown files in it)\n")

        let notADirectory = try runBinary(["tree", good.path + "/x.md"])
        #expect(notADirectory.status == 2 && notADirectory.stderr == "outline: \(good.path)/x.md: not a directory\n")

        // One bad file among several: nothing at all is written, the good file keeps its bytes.
        let mixed = try runBinary(["id", "-w", good.path, binary.path])
        #expect(mixed.status == 2 && mixed.stdout.isEmpty)
        #expect(try [UInt8](Data(contentsOf: good)) == doc)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["binary.md", "good.md"])
    }

    @Test func unreadableFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("secret.md")
        try Data(doc).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        // root reads anything: drop to nobody for this run (setpriv is in util-linux).
        let asRoot = getuid() == 0
        let arguments = asRoot ? ["--reuid=nobody", "--regid=nogroup", "--clear-groups", Paths.binary, "tree", file.path] : ["tree", file.path]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : Paths.binary)
        process.arguments = asRoot ? arguments : Array(arguments)
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(stderr == "outline: \(file.path): permission denied\n")
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test func writeInPlace() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let changed = dir.appendingPathComponent("changed.md")
        let unchanged = dir.appendingPathComponent("unchanged.md")
        try Data(doc).write(to: changed)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: changed.path)
        let pinned = try runBinary(["id"], stdin: doc).stdout
        try Data(pinned).write(to: unchanged)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: unchanged.path)

        let result = try runBinary(["id", "-w", changed.path, unchanged.path])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr == "outline: 1 file changed\n")
        #expect(try [UInt8](Data(contentsOf: changed)) == pinned)
        let attributes = try FileManager.default.attributesOfItem(atPath: changed.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        let untouched = try FileManager.default.attributesOfItem(atPath: unchanged.path)
        #expect((untouched[.modificationDate] as? Date) == past)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["changed.md", "unchanged.md"])
    }

    @Test func writeThroughSymbolicLink() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("real.md")
        let link = dir.appendingPathComponent("link.md")
        try Data(doc).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.md")
        let result = try runBinary(["id", "--write", link.path])
        #expect(result.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.md")
        #expect(try [UInt8](Data(contentsOf: target)) == (try runBinary(["id"], stdin: doc)).stdout)
    }

    @Test func checkListsFilesThatWouldChange() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.md"), b = dir.appendingPathComponent("b.md")
        try Data(doc).write(to: a)
        try Data(try runBinary(["id"], stdin: doc).stdout).write(to: b)
        let result = try runBinary(["id", "--check", a.path, b.path])
        #expect(result.status == 1)
        #expect(result.text == a.path + "\n")
        #expect(try [UInt8](Data(contentsOf: a)) == doc)
        let clean = try runBinary(["id", "--check", b.path])
        #expect(clean.status == 0 && clean.stdout.isEmpty)
        let stdin = try runBinary(["id", "--check"], stdin: doc)
        #expect(stdin.status == 1 && stdin.text == "<stdin>\n")
    }

    @Test func directoriesAreSearchedForMarkdown() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("sub/deeper"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        for path in ["top.md", "sub/b.markdown", "sub/deeper/c.md", ".hidden/skip.md", "sub/notes.txt"] {
            try Data(doc).write(to: dir.appendingPathComponent(path))
        }
        let result = try runBinary(["id", "--check", dir.path])
        #expect(result.status == 1)
        #expect(result.text.split(separator: "\n").map { String($0.dropFirst(dir.path.count + 1)) } == ["sub/b.markdown", "sub/deeper/c.md", "top.md"])
        let written = try runBinary(["id", "-w", dir.path])
        #expect(written.status == 0)
        #expect(try [UInt8](Data(contentsOf: dir.appendingPathComponent(".hidden/skip.md"))) == doc)
        #expect(try [UInt8](Data(contentsOf: dir.appendingPathComponent("sub/notes.txt"))) == doc)
        #expect(try [UInt8](Data(contentsOf: dir.appendingPathComponent("sub/deeper/c.md"))) != doc)
        let trees = try runBinary(["tree", "--json", dir.path])
        #expect(trees.text.split(separator: "\n").count == 3)
    }

    @Test func operandsAndOptionForms() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dashed = dir.appendingPathComponent("-dash.md")
        try Data(doc).write(to: dashed)
        let viaDoubleDash = try runBinary(["tree", "--json", "--", "-dash.md"], directory: dir)
        #expect(viaDoubleDash.status == 0 && viaDoubleDash.text.contains("\"path\": \"-dash.md\""))
        let equals = try runBinary(["tree", "--depth=1", "--color=never", "-"], stdin: doc)
        let spaced = try runBinary(["tree", "--depth", "1", "--color", "never"], stdin: doc)
        #expect(equals.status == 0 && equals.stdout == spaced.stdout)
        #expect(equals.text == "1 ▾ Guide  #guide (unpinned)\n")
        let combined = try runBinary(["id", "-wh"])
        #expect(combined.status == 0 && combined.text.hasPrefix("OVERVIEW:"))
    }

    @Test func closedStandardOutputEndsQuietly() throws {
        var big: [UInt8] = []
        for i in 0..<20000 { big += bytes("## Section \(i)\n\ntext\n\n") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = ["tree", "--color", "never"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(big))
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readData(ofLength: 10)
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }
}
