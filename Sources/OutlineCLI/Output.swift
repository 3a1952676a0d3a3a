import OutlineCore

/// How the results of the rewriting commands leave the process: standard output, `-o FILE`,
/// `--write` in place, `--check`, `--diff`.
extension RewritingCommand {
    /// The mode the options ask for (the table lets one of `--write`, `--check`, `--diff` and
    /// `--output` through); `--quiet` goes with `--write`.
    static func mode(_ arguments: Arguments) throws -> Arguments.Mode {
        if arguments.quiet && arguments.mode != .write {
            throw UsageError(message: "--quiet goes with --write (it silences the count of changed files)")
        }
        return arguments.mode
    }

    /// Phase two: write (`-w`), list what would change (`--check`), print a diff (`--diff`), write one
    /// result to a file (`-o`), or print the one result.
    static func emit(_ results: [(path: String, rewrite: Rewrite)], arguments: Arguments, console: Console) -> Int32 {
        switch arguments.mode {
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
            if written > 0 && !arguments.quiet {
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
