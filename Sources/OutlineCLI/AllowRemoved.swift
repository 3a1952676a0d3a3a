import OutlineCore

/// How `check` accepts removed sections (format.md §10), as the command line, the environment and
/// the configuration give them, and `--prune-allow-removed`: read here, decided by the library.
enum AllowRemoved {
    /// The run's removal policy: `--allow-removed` (relative to the current directory), the
    /// environment's `OUTLINE_ALLOW_REMOVED`, the trailers of `--commit-message FILE` (paths from the
    /// work tree's top, as git names files), the run configuration's `allow-removed` (relative to its
    /// directory) and its `removed`.
    static func policy(_ arguments: Arguments, run: Config, settings: Settings, work: Run) throws -> Removals.Policy {
        var policy = Removals.Policy(patterns: arguments.allowRemoved, linkedOnly: run.removedLinkedOnly == true)
        if let value = settings.environment["OUTLINE_ALLOW_REMOVED"] {
            let (patterns, bad) = RemovalPattern.list(value, origin: .environment)
            if let first = bad.first { throw UsageError(message: "OUTLINE_ALLOW_REMOVED needs PATH#ID or IDs, not '\(first)'") }
            policy.patterns += patterns
        }
        if let file = arguments.commitMessage {
            let message = try work.read(file)
            for value in CommitTrailers.values(CommitTrailers.allowRemoved, in: message) {
                policy.patterns += RemovalPattern.list(value, origin: .message(file), fromTop: true).patterns
            }
        }
        let path = configPath(run, arguments: arguments, settings: settings)
        // Names as the run prints them, made relative to the config's directory: below the current
        // directory, its path comes off; above it, the current directory's path below it goes on.
        var prefix = run.directory == nil ? "" : String((path ?? "").dropLast(Config.fileName.count))
        var within = ""
        if prefix.hasPrefix("../"), let directory = run.directory {
            within = settings.below(directory)
            prefix = ""
        }
        policy.patterns += run.allowRemoved.compactMap { RemovalPattern($0, origin: .config(path ?? Config.fileName), prefix: prefix, within: within) }
        return policy
    }

    /// The run configuration's file, as the run names it (nil: none).
    static func configPath(_ run: Config, arguments: Arguments, settings: Settings) -> String? {
        if let explicit = arguments.configFile { return explicit }
        return run.directory.map { settings.display($0 + "/" + Config.fileName) }
    }

    /// The removals a check accepted, one line on standard error (format.md §10: a removal that
    /// costs nothing is still said).
    static func summary(_ report: Run.CheckReport, console: Console) {
        guard !report.acceptedRemovals.isEmpty else { return }
        let each = report.acceptedRemovals.map { "\($0.path)#\($0.id) (\($0.by.map { "allow-removed \($0)" } ?? "nothing links to it"))" }
        console.err("outline: \(each.count) removed section\(each.count == 1 ? "" : "s") accepted: \(each.joined(separator: ", "))\n")
    }

    /// `--prune-allow-removed`: the configuration's entries that accepted no removal since REV,
    /// listed as `PATH:LINE:` lines (exit 1 when there are some), or with `-w` removed (exit 0).
    static func prune(_ report: Run.CheckReport, since: String, run: Config, arguments: Arguments, settings: Settings, console: Console) throws -> Int32 {
        let unused = report.unusedAcceptances.filter { if case .config = $0.origin { return true } else { return false } }.map(\.text)
        guard let path = configPath(run, arguments: arguments, settings: settings), !unused.isEmpty else { return 0 }
        let bytes = try FileSystem.read(path)
        if arguments.pruneWrite {
            let pruned = try AllowRemovedEdit.removing(unused, from: bytes, path: path)
            try FileSystem.writeAtomically(pruned, to: path)
            console.err("outline: \(unused.count) allow-removed entr\(unused.count == 1 ? "y" : "ies") removed from \(path)\n")
            return 0
        }
        let lines = Dictionary(AllowRemovedEdit.lines(of: unused, in: bytes).map { ($0.value, $0.line) }, uniquingKeysWith: { a, _ in a })
        for value in unused {
            console.out("\(path):\(lines[value] ?? 1): allow-removed entry '\(value)' accepts no removal since \(since) (-w removes it)\n")
        }
        return 1
    }
}
