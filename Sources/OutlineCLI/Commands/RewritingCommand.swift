import OutlineCore

/// The shared frame of the commands that rewrite documents (`id`, `number`): standard output for one
/// input, `--write` in place, `--check` to list what would change.
enum RewritingCommand {
    static let options: [OptionSpec] = [
        OptionSpec("write", short: "w", "Rewrite each FILE in place, atomically, keeping its permission bits; files whose result is identical are not touched."),
        OptionSpec("check", "Write nothing; list each file that would change and exit 1 if any would."),
    ]

    /// `links`: whether a document's parse should collect what link handling needs (see `LinkInventory`).
    static func run(_ invocation: Invocation, console: Console, links: ([UInt8]) -> Bool = { _ in false },
                    transform: (Outline) throws -> RewriteResult) throws -> Int32 {
        let files = try inputs(invocation)
        // Phase one: read and transform everything. Any error: report it and write nothing at all.
        var results: [(path: String, rewrite: Rewrite)] = []
        var failed = false
        for path in files {
            do {
                let bytes = try Inputs.read(path, console: console)
                let result = try transform(try Inputs.outline(bytes, path: path, last: files.count == 1, links: links(bytes)))
                Inputs.warn(console, path: path, result.diagnostics)
                results.append((path, result.rewrite))
            } catch let error as Diagnostic {
                console.report(error.located(in: Inputs.displayName(path)))
                failed = true
            }
        }
        if failed { return 2 }
        return emit(results, invocation: invocation, console: console)
    }

    /// The files a rewriting command works on, after checking the combination of options.
    static func inputs(_ invocation: Invocation) throws -> [String] {
        let write = invocation.has("write"), check = invocation.has("check")
        if write && check { throw UsageError(message: "--write and --check cannot be combined") }
        if write && (invocation.operands.isEmpty || invocation.operands.contains("-")) {
            throw UsageError(message: "--write needs FILE operands (standard input cannot be rewritten in place)")
        }
        let operands = invocation.operands.isEmpty ? ["-"] : invocation.operands
        if !write && !check {
            if operands.count > 1 { throw UsageError(message: "several FILEs need --write or --check") }
            if operands[0] != "-" && FileSystem.isDirectory(operands[0]) {
                throw Diagnostic.file(operands[0], "is a directory (give --write or --check to work on the Markdown files in it)")
            }
        }
        return try FileSystem.expand(operands)
    }

    /// Phase two: write (`-w`), list what would change (`--check`), or print the one result.
    static func emit(_ results: [(path: String, rewrite: Rewrite)], invocation: Invocation, console: Console) -> Int32 {
        let write = invocation.has("write"), check = invocation.has("check")
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
                do { try FileSystem.writeAtomically(r.rewrite.output, to: r.path) } catch {
                    console.report(error as? Diagnostic ?? .file(r.path, "\(error)"))
                    status = 2
                }
            }
            return status
        }
        console.out(results[0].rewrite)
        return 0
    }
}
