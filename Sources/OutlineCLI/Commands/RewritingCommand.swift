import OutlineCore

/// The shared frame of the commands that rewrite documents (`id`, `number`, `links`, `toc`): standard
/// output or `-o FILE` for one input, `--write` in place, `--check` to list what would change, `--diff`
/// to show it.
enum RewritingCommand {
    static let options: [OptionSpec] = [
        OptionSpec("write", short: "w", "Rewrite each FILE in place, atomically, keeping its permission bits; files whose result is identical are not touched. Reports on stderr how many files changed."),
        OptionSpec("check", "Write nothing; list each file that would change and exit 1 if any would."),
        OptionSpec("diff", "Write nothing; print a unified diff of every change (as diff -u, patch -p1 and git apply read it) and exit 1 if there is any."),
        output,
        OptionSpec("quiet", short: "q", "With --write: do not report how many files changed."),
    ] + Settings.options

    /// `-o FILE`, which `fold` and `unfold` take too.
    static let output = OptionSpec("output", short: "o", value: "FILE", "Write the result to FILE, atomically, even when FILE is an input (a shell redirection would empty it first).")

    /// The result of a single-input command (`fold`, `unfold`): to `-o FILE`, or to standard output.
    static func emitOne(_ rewrite: Rewrite, invocation: Invocation, console: Console) throws {
        if let file = invocation.value("output") {
            if file.isEmpty { throw UsageError(message: "--output needs a file name") }
            try writeOutput(rewrite, to: file, console: console)
        } else {
            console.out(rewrite)
        }
    }

    /// `links`: whether a document's parse should collect what link handling needs (see `LinkInventory`).
    /// `transform` gets each document with the configuration found for its file.
    static func run(_ invocation: Invocation, console: Console, links: @escaping @Sendable ([UInt8]) -> Bool = { _ in false },
                    transform: @escaping @Sendable (Outline, Config) throws -> RewriteResult) throws -> Int32 {
        let settings = try Settings(invocation, console: console)
        let files = try inputs(invocation, settings: settings)
        let configs = try files.map { try settings.config(forFile: $0) }
        // Phase one: read and transform everything, files in parallel (results in the order given).
        // Any error: report it and write nothing at all.
        let single = files.count == 1
        let perFile = try Inputs.each(files, console: console) { k, path, bytes in
            let withLinks = links(bytes)
            return try transform(try Inputs.outline(bytes, path: path, last: single, links: withLinks, fingerprints: withLinks), configs[k])
        }
        var results: [(path: String, rewrite: Rewrite)] = []
        var failed = false
        for (k, result) in perFile.enumerated() {
            switch result {
            case .success(let r):
                Inputs.warn(console, path: files[k], r.diagnostics)
                results.append((files[k], r.rewrite))
            case .failure(let error):
                console.report(error)
                failed = true
            }
        }
        if failed { return 2 }
        return emit(results, invocation: invocation, console: console)
    }

    /// How the results of a rewriting command leave it.
    enum Mode: Equatable { case standardOutput, write, check, diff, output(String) }

    /// The mode the options ask for; at most one of `--write`, `--check`, `--diff` and `--output`.
    static func mode(_ invocation: Invocation) throws -> Mode {
        var modes: [(String, Mode)] = []
        if invocation.has("write") { modes.append(("--write", .write)) }
        if invocation.has("check") { modes.append(("--check", .check)) }
        if invocation.has("diff") { modes.append(("--diff", .diff)) }
        if let file = invocation.value("output") {
            if file.isEmpty { throw UsageError(message: "--output needs a file name") }
            modes.append(("--output", .output(file)))
        }
        if modes.count > 1 {
            throw UsageError(message: "\(modes[0].0) and \(modes[1].0) cannot be combined")
        }
        if invocation.has("quiet") && modes.first?.1 != .write {
            throw UsageError(message: "--quiet goes with --write (it silences the count of changed files)")
        }
        return modes.first?.1 ?? .standardOutput
    }

    /// The files a rewriting command works on, after checking the combination of options.
    static func inputs(_ invocation: Invocation, settings: Settings) throws -> [String] {
        let mode = try self.mode(invocation)
        if mode == .write && (invocation.operands.isEmpty || invocation.operands.contains("-")) {
            throw UsageError(message: "--write needs FILE operands (standard input cannot be rewritten in place)")
        }
        let operands = invocation.operands.isEmpty ? ["-"] : invocation.operands
        switch mode {
        case .standardOutput, .output:
            if operands.count > 1 {
                throw UsageError(message: mode == .standardOutput ? "several FILEs need --write, --check or --diff"
                                                                  : "--output takes one input, got \(operands.count)")
            }
            if operands[0] != "-" && FileSystem.isDirectory(operands[0]) {
                throw Diagnostic.file(operands[0], "is a directory (give --write, --check or --diff to work on the Markdown files in it)")
            }
        case .write, .check, .diff:
            break
        }
        return try settings.expand(operands, invocation: invocation)
    }

    /// Phase two: write (`-w`), list what would change (`--check`), print a diff (`--diff`), write one
    /// result to a file (`-o`), or print the one result.
    static func emit(_ results: [(path: String, rewrite: Rewrite)], invocation: Invocation, console: Console) -> Int32 {
        switch (try? mode(invocation)) ?? .standardOutput {
        case .check:
            var changed = false
            for r in results where !r.rewrite.isIdentity {
                console.out(PathBytes.display(Inputs.displayName(r.path)) + "\n")
                changed = true
            }
            return changed ? 1 : 0
        case .diff:
            var changed = false
            for r in results {
                // The path normalized (no `./`, no `x/..`), relative to the current directory, as
                // `git apply` and `patch -p1` run from here take it.
                let diff = UnifiedDiff.render(r.rewrite, path: r.path == "-" ? Inputs.displayName(r.path) : FileSystem.canonical(r.path))
                if diff.isEmpty { continue }
                console.out(diff)
                changed = true
            }
            return changed ? 1 : 0
        case .write:
            var status: Int32 = 0
            var written = 0
            for r in results where !r.rewrite.isIdentity {
                do {
                    try FileSystem.writeAtomically(r.rewrite.output, to: r.path)
                    written += 1
                } catch {
                    console.report(error as? Diagnostic ?? .file(r.path, "\(error)"))
                    status = 2
                }
            }
            if written > 0 && !invocation.has("quiet") {
                console.err("outline: \(written) file\(written == 1 ? "" : "s") changed\n")
            }
            return status
        case .output(let file):
            do {
                try writeOutput(results[0].rewrite, to: file, console: console)
            } catch {
                console.report(error as? Diagnostic ?? .file(file, "\(error)"))
                return 2
            }
            return 0
        case .standardOutput:
            console.out(results[0].rewrite)
            return 0
        }
    }

    /// `-o FILE`: the result replaces FILE atomically (created when missing); a FILE that already holds
    /// exactly these bytes is not touched; `-o -` and `-o /dev/stdout` are standard output, and any
    /// other device or FIFO is written to, never replaced.
    static func writeOutput(_ rewrite: Rewrite, to file: String, console: Console) throws {
        if file == "-" || file == "/dev/stdout" || file == "/dev/fd/1" || file == "/proc/self/fd/1" {
            console.out(rewrite)
            return
        }
        let bytes = rewrite.output
        if FileSystem.isRegularFile(file), let current = try? FileSystem.read(file), current == bytes { return }
        try FileSystem.writeAtomically(bytes, to: file, createIfMissing: true)
    }
}
