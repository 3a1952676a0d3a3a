import OutlineCore

/// The shared frame of the commands that rewrite documents (`id`, `number`, `links`, `toc`): standard
/// output or `-o FILE` for one input, `--write` in place, `--check` to list what would change, `--diff`
/// to show it.
enum RewritingCommand {
    /// The result of a single-input command (`fold`, `unfold`): to `-o FILE`, or to standard output.
    static func emitOne(_ rewrite: Rewrite, arguments: Arguments, console: Console) throws {
        if case .output(let file) = arguments.mode {
            try writeOutput(rewrite, to: file, console: console)
        } else {
            console.out(rewrite)
        }
    }

    /// `links`: whether a document's parse should collect what link handling needs (see `LinkInventory`).
    /// `transform` gets each document with the configuration found for its file.
    static func run(_ arguments: Arguments, console: Console, links: @escaping @Sendable ([UInt8]) -> Bool = { _ in false },
                    transform: @escaping @Sendable (Outline, Config) throws -> RewriteResult) throws -> Int32 {
        try run(arguments, console: console, links: links) { outline, config, _ in try transform(outline, config) }
    }

    /// The same, `transform` also told the file's path (as given; `-` for standard input).
    static func run(_ arguments: Arguments, console: Console, links: @escaping @Sendable ([UInt8]) -> Bool = { _ in false },
                    transform: @escaping @Sendable (Outline, Config, String) throws -> RewriteResult) throws -> Int32 {
        let settings = try Settings(arguments, console: console)
        let files = try inputs(arguments, settings: settings)
        let configs = try files.map { try settings.effective(forFile: $0) }
        // Phase one: read and transform everything, files in parallel (results in the order given).
        // Any error: report it and write nothing at all.
        let work = LocalFiles.run(console: console, settings: settings, arguments: arguments)
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
        let status = emit(results, arguments: arguments, console: console)
        return arguments.mode == .check && unwritten && status == 0 ? 1 : status
    }

    /// The files a rewriting command works on, after checking the combination of options.
    static func inputs(_ arguments: Arguments, settings: Settings) throws -> [String] {
        let mode = try self.mode(arguments)
        if mode == .write && (arguments.operands.isEmpty || arguments.operands.contains("-")) {
            throw UsageError(message: "--write needs FILE operands (standard input cannot be rewritten in place)")
        }
        let operands = arguments.operands.isEmpty ? ["-"] : arguments.operands
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
        return try settings.expand(operands)
    }
}
