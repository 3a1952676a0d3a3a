import OutlineCore

/// How the results of the rewriting commands leave the process: standard output, `-o FILE`,
/// `--write` in place, `--check`, `--diff`.
extension RewritingCommand {
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

    /// Phase two: write (`-w`), list what would change (`--check`), print a diff (`--diff`), write one
    /// result to a file (`-o`), or print the one result.
    static func emit(_ results: [(path: String, rewrite: Rewrite)], invocation: Invocation, console: Console) -> Int32 {
        switch (try? mode(invocation)) ?? .standardOutput {
        case .check:
            var changed = false
            for r in results where !r.rewrite.isIdentity {
                console.out(PathBytes.display(Run.displayName(r.path)) + "\n")
                changed = true
            }
            return changed ? 1 : 0
        case .diff:
            var changed = false
            for r in results {
                // The path normalized (no `./`, no `x/..`), relative to the current directory, as
                // `git apply` and `patch -p1` run from here take it.
                let diff = UnifiedDiff.render(r.rewrite, path: r.path == "-" ? Run.displayName(r.path) : FileSystem.canonical(r.path))
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
