import OutlineCore

enum CheckCommand {
    static let spec = CommandSpec(
        .check,
        summary: "Report anchor, numbering, fold, TOC and link problems: the gate for hooks and CI.",
        operands: "[FILE...]",
        overview: """
        Prints one 'path:line: message' line per finding: headings without anchors, duplicate IDs,
        malformed or orphan anchors, stale numbering (in a numbered document), fold markers (a folded
        view committed in place of its document has lost its hidden lines), malformed or orphan fold
        markers, stale or malformed tables of contents (see 'outline toc'), and broken local links: a
        path that does not exist, or a fragment that is not a heading (by the slug profile's rules) or
        an HTML id of the file it points into. --against and --since check that every anchored ID of the older version still exists,
        so that links and fold state keyed on IDs keep working; with --since, a Markdown file deleted
        under a given directory has lost its anchors, a file git sees renamed is compared with its old
        path, and an ID that left one checked file for exactly one other has moved, not gone.
        Exit status: 0 clean, 1 findings, 2 error.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md, *.markdown and *.mdx. None, or '-': standard input.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        let against = arguments.against, since = arguments.since, format = arguments.checkFormat
        let settings = try Settings(arguments, console: console)
        let work = LocalFiles.run(console: console, settings: settings)
        let operands = try self.operands(arguments, work: work, console: console)
        let files = try settings.expand(operands)
        if against != nil && files.count != 1 { throw UsageError(message: "--against takes exactly one FILE") }
        if against == "-" && files == ["-"] { throw UsageError(message: "--against - and FILE cannot both be standard input") }

        var request = try self.request(files: files, operands: operands, since: since, arguments: arguments, settings: settings, work: work)
        request.against = try against.map { ($0, try work.read($0)) }

        let report = try work.check(request)
        for error in report.errors { console.report(error) }
        if !report.errors.isEmpty { return 2 }
        if arguments.pruneAllowRemoved {
            guard let since else { throw UsageError(message: "--prune-allow-removed needs --since REV (the CI base)") }
            return try AllowRemoved.prune(report, since: since, run: try settings.runConfig(operands), arguments: arguments, settings: settings, console: console)
        }
        if arguments.pruneWrite { throw UsageError(message: "check writes only with --prune-allow-removed") }
        // Warnings go to standard error in every format, as they always have; the machine formats
        // carry them too, with their severity, among the findings (format.md §12).
        for warning in report.warnings { console.report(warning) }
        // SARIF's paths are relative to the work tree's top level: asked of git for SARIF only.
        let places = format == .sarif ? SARIF.Places(console: console) : nil
        // Text and workflow commands show what fails the run; JSON and SARIF list everything, each
        // finding marked new or existing under --since.
        let shown = format == .text ? report.findings : format == .github ? report.reported.filter { $0.isNew != false } : report.reported
        for piece in Report.findingPieces(shown, format: format, places: places) { console.out(piece) }
        if report.existing > 0, let since {
            console.err("outline: \(report.existing) finding\(report.existing == 1 ? "" : "s") existed at \(since) already and \(report.existing == 1 ? "does" : "do") not fail the check (--format json lists every finding with \"new\"; --strict counts them too)\n")
        }
        AllowRemoved.summary(report, console: console)
        if arguments.verbose { Report.verbose(sites: request.configs.map(\.site), skipped: report.skipped, settings: settings, console: console) }
        return report.findings.isEmpty ? 0 : 1
    }

    /// The check of `files` as the options and each file's configuration say (`diff --since
    /// --format markdown` makes the same one, with the options `diff` has).
    static func request(files: [String], operands: [String], since: String?, arguments: Arguments, settings: Settings, work: Run) throws -> Run.CheckRequest {
        let run = try settings.runConfig(operands)
        var request = Run.CheckRequest(files: files, configs: try files.map { try settings.effective(forFile: $0) })
        request.operands = operands
        request.state = try arguments.state.map { try work.sidecar($0) }
        // Links span files: the run's slug profiles (--slugs, else the run's config), every one checked.
        request.links = run.links != false
        let profiles = run.surfaces ?? [.github]
        request.profile = profiles[0]
        request.moreProfiles = Array(profiles.dropFirst())
        request.root = arguments.root
        request.since = since
        if since != nil { request.excludes = try settings.excludes(operands) }
        request.hidden = run.hidden == true
        request.fragmentCaseIsError = run.fragmentCaseIsError == true
        request.removals = try AllowRemoved.policy(arguments, run: run, settings: settings, work: work)
        request.allowedStamps = arguments.allowStamp
        request.strict = run.strict == true
        request.commandLine = settings.overrides
        return request
    }

    /// The operands: none is the current directory when standard input is a terminal (as ruff and
    /// rumdl do), else standard input, which must then hold something (a CI step without an operand
    /// must not pass by checking nothing); `--stdin-filename` names standard input.
    static func operands(_ arguments: Arguments, work: Run, console: Console) throws -> [String] {
        var operands = arguments.operands.isEmpty ? [console.inputIsTerminal ? "." : "-"] : arguments.operands
        if arguments.operands.isEmpty && !console.inputIsTerminal {
            let input = try work.read("-")
            if input.isEmpty { throw Diagnostic.file(Run.standardInput, "nothing to check: no FILE given and standard input is empty (give a FILE or a directory, e.g. 'outline check .')") }
            operands = ["-"]
        }
        if let name = arguments.stdinFilename {
            guard operands == ["-"] else { throw UsageError(message: "--stdin-filename names standard input: give no FILE, or '-'") }
            guard !name.isEmpty, name != "-" else { throw UsageError(message: "--stdin-filename needs a path") }
            console.substitutes[name] = try work.read("-")
            operands = [name]
        }
        return operands
    }
}
