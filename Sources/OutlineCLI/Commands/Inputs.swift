import OutlineCore

/// Reading inputs for commands: standard input, files, and their parse, with errors tied to the path.
enum Inputs {
    static func displayName(_ path: String) -> String { path == "-" ? FileSystem.stdinName : path }

    static func read(_ path: String, console: Console) throws -> [UInt8] {
        if path == "-" {
            do { return try console.readStdin() } catch { throw FileError(path: FileSystem.stdinName, message: "cannot read standard input") }
        }
        return try FileSystem.read(path)
    }

    /// Parses one input. `last`: the run ends after this document is done with (a single-input
    /// command), so cmark's tree is left to the end of the process (see `ParserMemory`).
    static func outline(_ bytes: [UInt8], path: String, last: Bool = false) throws -> Outline {
        try about(path) { Outline(try Document(bytes, parserMemory: last ? .leaveToProcessExit : .release)) }
    }

    /// Runs `body`; a library error it throws is about `path` (`outline: PATH: message`).
    static func about<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as OutlineError {
            throw FileError(path: displayName(path), message: error.message)
        }
    }

    /// The one input of a single-file command: no operand or `-` for standard input.
    static func single(_ invocation: Invocation, console: Console, what: String = "FILE") throws -> (path: String, bytes: [UInt8]) {
        guard invocation.operands.count <= 1 else {
            throw UsageError(message: "one \(what) at most, got \(invocation.operands.count)")
        }
        let path = invocation.operands.first ?? "-"
        return (path, try read(path, console: console))
    }

    /// `--depth N`: a whole number of at least 1.
    static func depth(_ invocation: Invocation) throws -> Int? {
        guard let raw = invocation.value("depth") else { return nil }
        guard let n = Int(raw), n >= 1 else { throw UsageError(message: "--depth needs a whole number of at least 1, not '\(raw)'") }
        return n
    }

    static func warn(_ console: Console, path: String, _ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            let place = d.line.map { "\(displayName(path)):\($0)" } ?? displayName(path)
            console.err("outline: \(place): warning: \(d.message)\n")
        }
    }
}

/// The shared frame of the commands that rewrite documents (`id`, `number`): standard output for one
/// input, `--write` in place, `--check` to list what would change.
enum RewritingCommand {
    static let options: [OptionSpec] = [
        OptionSpec("write", short: "w", "Rewrite each FILE in place, atomically, keeping its permission bits; files whose result is identical are not touched."),
        OptionSpec("check", "Write nothing; list each file that would change and exit 1 if any would."),
    ]

    static func run(_ invocation: Invocation, console: Console,
                    transform: (Outline) throws -> RewriteResult) throws -> Int32 {
        let write = invocation.has("write"), check = invocation.has("check")
        if write && check { throw UsageError(message: "--write and --check cannot be combined") }
        if write && (invocation.operands.isEmpty || invocation.operands.contains("-")) {
            throw UsageError(message: "--write needs FILE operands (standard input cannot be rewritten in place)")
        }
        let operands = invocation.operands.isEmpty ? ["-"] : invocation.operands
        if !write && !check {
            if operands.count > 1 { throw UsageError(message: "several FILEs need --write or --check") }
            if operands[0] != "-" && FileSystem.isDirectory(operands[0]) {
                throw FileError(path: operands[0], message: "is a directory (give --write or --check to work on the Markdown files in it)")
            }
        }
        let files = try FileSystem.expand(operands)

        // Phase one: read and transform everything. Any error: report it and write nothing at all.
        var results: [(path: String, rewrite: Rewrite)] = []
        var failed = false
        for path in files {
            do {
                let bytes = try Inputs.read(path, console: console)
                let result = try transform(try Inputs.outline(bytes, path: path, last: files.count == 1))
                Inputs.warn(console, path: path, result.warnings)
                results.append((path, result.rewrite))
            } catch let error as FileError {
                console.err("outline: \(error.path): \(error.message)\n")
                failed = true
            } catch let error as OutlineError {
                console.err("outline: \(Inputs.displayName(path)): \(error.message)\n")
                failed = true
            }
        }
        if failed { return 2 }

        // Phase two: write, list or print.
        if check {
            var changed = false
            for r in results where !r.rewrite.isIdentity {
                console.out(Inputs.displayName(r.path) + "\n")
                changed = true
            }
            return changed ? 1 : 0
        }
        if write {
            var status: Int32 = 0
            for r in results where !r.rewrite.isIdentity {
                do { try FileSystem.writeAtomically(r.rewrite.output, to: r.path) } catch let error as FileError {
                    console.err("outline: \(error.path): \(error.message)\n")
                    status = 2
                }
            }
            return status
        }
        console.out(results[0].rewrite)
        return 0
    }
}
