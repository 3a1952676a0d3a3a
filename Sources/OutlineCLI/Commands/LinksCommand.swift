import OutlineCore

enum LinksCommand {
    static let spec = CommandSpec(
        .links,
        summary: "Repair local links that a rename, a move or numbering broke, through stable IDs.",
        operands: "[FILE...]",
        overview: """
        Rewrites every local link that no longer resolves but whose section can be identified exactly
        one way. History first: with --since REV, the fragment named a section at git revision REV
        (its slug then, or an id on its anchor line) and that section is still in the file, or moved
        to exactly one other file given, its body with it (path rewritten too; the same ID in an
        unrelated section of another file is no move); where history has no answer, the
        fragment is a section's stable ID; or the path names a Markdown file git sees renamed since
        REV. #top and # are the top of the document, never broken. With --since, a link whose slug now belongs to
        another section than at REV follows its own section. Only destinations change. A link that
        cannot be identified, or could mean two sections, is left as it is and reported. Links resolve
        across all the files given. Typical: outline links -w --since HEAD .
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md, *.markdown and *.mdx. None, or '-': standard input.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        let settings = try Settings(arguments, console: console)
        var request = Run.LinksRequest(files: try RewritingCommand.inputs(arguments, settings: settings))
        request.configs = try request.files.map { try settings.effective(forFile: $0) }
        // Links span files: one slug profile for the run (--slugs, else the run's config).
        request.profile = try settings.runConfig(arguments.operands).profile
        request.root = arguments.root
        request.since = arguments.since
        request.keepAliases = arguments.keepAliases
        request.strict = request.configs.contains { $0.strict == true }
        if request.keepAliases && request.since == nil {
            throw UsageError(message: "--keep-aliases needs --since REV (the revision whose slugs to keep)")
        }
        switch try LocalFiles.run(console: console, settings: settings).links(request) {
        case .unreadable(let errors):
            for error in errors { console.report(error) }
            return 2
        case .repaired(let repairs):
            var results: [(path: String, rewrite: Rewrite)] = []
            var failed = false, unrepaired = false, existing = 0
            for (path, outcome) in repairs {
                switch outcome {
                case .success(let result):
                    // With --since: only what the change broke, one by one; the rest is counted.
                    let shown = result.diagnostics.filter { $0.isNew != false }
                    existing += result.diagnostics.count - shown.count
                    console.report(shown, about: path)
                    unrepaired = unrepaired || !shown.isEmpty
                    results.append((path, result.rewrite))
                case .failure(let error):
                    console.report(error)
                    failed = true
                }
            }
            if failed { return 2 }
            if existing > 0, let since = request.since {
                console.err("outline: \(existing) link\(existing == 1 ? "" : "s") could not be repaired at \(since) already and \(existing == 1 ? "is" : "are") not listed (--strict lists them)\n")
            }
            let status = RewritingCommand.emit(results, arguments: arguments, console: console)
            if arguments.verbose { Report.verbose(sites: request.configs.map(\.site), skipped: nil, settings: settings, console: console) }
            // --check: a link that cannot be repaired is a failure too.
            return arguments.mode == .check && unrepaired && status == 0 ? 1 : status
        }
    }
}
