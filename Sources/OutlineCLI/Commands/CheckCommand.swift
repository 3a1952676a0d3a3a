import OutlineCore

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Report anchor, numbering, fold, TOC and link problems: the gate for hooks and CI.",
        usage: "outline check [--allow-folds] [--no-links] [--slugs NAME[,NAME...]] [--root DIR] [--levels A-B] [--state FILE] [--against OLD | --since REV] [--allow-removed PATTERN]... [--commit-message FILE] [--prune-allow-removed [-w]] [--allow-stamp PATTERN]... [--format FORMAT] [--stdin-filename PATH] [FILE...]",
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
        options: [
            OptionSpec("allow-folds", "Accept fold markers (a repository that keeps folded views on purpose); by default each is a finding."),
            OptionSpec("no-folds", "Report every fold marker (the default; kept for older hooks)."),
            Options.state("Also report folded IDs of this sidecar that no longer exist."),
            OptionSpec("against", value: "OLD", "Every anchored ID in OLD (a file, or '-') must still exist; one FILE only."),
            OptionSpec("stdin-filename", value: "PATH", "Read standard input as the file PATH: its .outline.toml, its links resolved from PATH, PATH in messages (as editors and formatters pipe a buffer)."),
            Options.since("For every FILE, the same check against its version at git revision REV (renames, moves and deleted files followed); a finding that existed at REV already does not fail the check."),
            Options.strict("With --since: findings that existed at REV fail the check too, as without a revision."),
            OptionSpec("allow-stamp", value: "PATTERN", repeatable: true, "With --since, in a translation: accept a source= that changed while the translated section's text did not, for IDs matching PATTERN (format.md §17)."),
            Options.levels("The --levels the documents are numbered with: stale numbering is what 'outline number --levels A-B' would change."),
            Options.format(Report.Format.allCases.map(\.rawValue), "text (the default: path:line: message), json ({\"version\":1,\"findings\":[...]}, each with its severity), github (workflow commands: ::error, ::warning) or sarif (SARIF 2.1.0, for code scanning). Warnings are in each, and on standard error."),
            OptionSpec("no-links", "Do not check local links."),
            Options.slugs("How headings become link targets: \(Options.slugNames()); several, comma-separated (github,hugo): every link must resolve on each."),
            Options.root,
            Options.verbose,
        ] + AllowRemoved.options + Settings.options,
        run: run
    )

    static func run(_ invocation: Invocation, console: Console) throws -> Int32 {
        let against = invocation.value("against"), since = invocation.value("since")
        if against != nil && since != nil { throw UsageError(message: "--against and --since cannot be combined") }
        let format = try invocation.format()
        let settings = try Settings(invocation, console: console)
        let work = LocalFiles.run(console: console, settings: settings)
        let operands = try self.operands(invocation, work: work, console: console)
        let files = try settings.expand(operands, invocation: invocation)
        if against != nil && files.count != 1 { throw UsageError(message: "--against takes exactly one FILE") }
        if against == "-" && files == ["-"] { throw UsageError(message: "--against - and FILE cannot both be standard input") }

        var request = try self.request(files: files, operands: operands, since: since, invocation: invocation, settings: settings, work: work)
        request.against = try against.map { ($0, try work.read($0)) }

        let report = try work.check(request)
        for error in report.errors { console.report(error) }
        if !report.errors.isEmpty { return 2 }
        if invocation.has("prune-allow-removed") {
            guard let since else { throw UsageError(message: "--prune-allow-removed needs --since REV (the CI base)") }
            return try AllowRemoved.prune(report, since: since, run: try settings.runConfig(operands), invocation: invocation, settings: settings, console: console)
        }
        if invocation.has("write") { throw UsageError(message: "check writes only with --prune-allow-removed") }
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
        if invocation.has("verbose") { Report.verbose(sites: request.configs.map(\.site), skipped: report.skipped, settings: settings, console: console) }
        return report.findings.isEmpty ? 0 : 1
    }

    /// The check of `files` as the options and each file's configuration say (`diff --since
    /// --format markdown` makes the same one, with the options `diff` has).
    static func request(files: [String], operands: [String], since: String?, invocation: Invocation, settings: Settings, work: Run) throws -> Run.CheckRequest {
        let run = try settings.runConfig(operands)
        var request = Run.CheckRequest(files: files, configs: try files.map { try settings.effective(forFile: $0) })
        request.operands = operands
        request.state = try invocation.value("state").map { try work.sidecar($0) }
        // Links span files: the run's slug profiles (--slugs, else the run's config), every one checked.
        request.links = run.links != false
        let profiles = run.surfaces ?? [.github]
        request.profile = profiles[0]
        request.moreProfiles = Array(profiles.dropFirst())
        request.root = invocation.value("root")
        request.since = since
        if since != nil { request.excludes = try settings.excludes(operands, invocation: invocation) }
        request.hidden = run.hidden == true
        request.fragmentCaseIsError = run.fragmentCaseIsError == true
        request.removals = try AllowRemoved.policy(invocation, run: run, settings: settings, work: work)
        request.allowedStamps = try invocation.allowedRemovals("allow-stamp")
        request.strict = run.strict == true
        return request
    }

    /// The operands: none is the current directory when standard input is a terminal (as ruff and
    /// rumdl do), else standard input, which must then hold something (a CI step without an operand
    /// must not pass by checking nothing); `--stdin-filename` names standard input.
    static func operands(_ invocation: Invocation, work: Run, console: Console) throws -> [String] {
        var operands = invocation.operands.isEmpty ? [console.inputIsTerminal ? "." : "-"] : invocation.operands
        if invocation.operands.isEmpty && !console.inputIsTerminal {
            let input = try work.read("-")
            if input.isEmpty { throw Diagnostic.file(Run.standardInput, "nothing to check: no FILE given and standard input is empty (give a FILE or a directory, e.g. 'outline check .')") }
            operands = ["-"]
        }
        if let name = invocation.value("stdin-filename") {
            guard operands == ["-"] else { throw UsageError(message: "--stdin-filename names standard input: give no FILE, or '-'") }
            guard !name.isEmpty, name != "-" else { throw UsageError(message: "--stdin-filename needs a path") }
            console.substitutes[name] = try work.read("-")
            operands = [name]
        }
        return operands
    }
}
