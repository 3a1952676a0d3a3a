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
        try run(invocation, console: console, links: links) { outline, config, _ in try transform(outline, config) }
    }

    /// The same, `transform` also told the file's path (as given; `-` for standard input).
    static func run(_ invocation: Invocation, console: Console, links: @escaping @Sendable ([UInt8]) -> Bool = { _ in false },
                    transform: @escaping @Sendable (Outline, Config, String) throws -> RewriteResult) throws -> Int32 {
        let settings = try Settings(invocation, console: console)
        let files = try inputs(invocation, settings: settings)
        let configs = try files.map { try settings.effective(forFile: $0) }
        // Phase one: read and transform everything, files in parallel (results in the order given).
        // Any error: report it and write nothing at all.
        let work = LocalFiles.run(console: console, settings: settings, invocation: invocation)
        let perFile = try work.each(files) { k, path, bytes in
            let withLinks = links(bytes)
            return try transform(try work.outline(bytes, path: path, single: files.count == 1, withLinks ? [.rewriting, .links, .fingerprints] : [.rewriting], dialect: configs[k].dialect(for: path)),
                                 configs[k], path)
        }
        var results: [(path: String, rewrite: Rewrite)] = []
        var failed = false, unwritten = false
        for (k, result) in perFile.enumerated() {
            switch result {
            case .success(let r):
                console.report(r.diagnostics, about: files[k])
                // A permalink that could not be written leaves the file short of what was asked.
                unwritten = unwritten || r.diagnostics.contains { $0.kind == .permalink }
                results.append((files[k], r.rewrite))
            case .failure(let error):
                console.report(error)
                failed = true
            }
        }
        if failed { return 2 }
        let status = emit(results, invocation: invocation, console: console)
        return invocation.has("check") && unwritten && status == 0 ? 1 : status
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
}
