import OutlineCore

/// How the section operations (`replace`, `insert`, `move`, `rename`; format.md §18) run and leave
/// the process: one library call over the run's files, then the unified diff of every file the
/// operation would change (the default), the list of them (`--check`), or every one of them written,
/// or none (`-w`).
enum SectionOutput {
    /// The operation `arguments` and `operation` describe, run over this machine's files.
    static func run(_ operation: Run.SectionOperation, arguments: Arguments, console: Console) throws -> Int32 {
        let settings = try Settings(arguments, console: console)
        if arguments.quiet && arguments.mode != .write {
            throw UsageError(message: "--quiet goes with --write (it silences the count of changed files)")
        }
        var request = Run.SectionRequest(operation)
        request.ifHash = arguments.ifHash
        request.root = arguments.root
        let change = try LocalFiles.run(console: console, settings: settings).sections(request)
        for d in change.diagnostics { console.report(d) }
        let changed = change.files.filter { !$0.rewrite.isIdentity }
        switch arguments.mode {
        case .check:
            for file in changed { console.out(PathBytes.display(file.path) + "\n") }
            return changed.isEmpty ? 0 : 1
        case .write:
            try FileSystem.writeEvery(changed.map { ($0.path, $0.rewrite.output) })
            if !changed.isEmpty && !arguments.quiet {
                console.err("outline: \(changed.count) file\(changed.count == 1 ? "" : "s") changed\n")
            }
            return 0
        default:
            for file in changed { console.out(UnifiedDiff.render(file.rewrite, path: FileSystem.canonical(file.path))) }
            return changed.isEmpty ? 0 : 1
        }
    }

    /// `PATH#ID`, as a usage error when it names no section.
    static func address(_ text: String) throws -> SectionAddress {
        do { return try SectionAddress(parsing: text) } catch let error as Diagnostic { throw UsageError(message: error.message) }
    }

    /// The new section's text: standard input, read through the run's store.
    static func input(_ console: Console) throws -> [UInt8] {
        try LocalFiles.run(console: console).read("-")
    }
}
