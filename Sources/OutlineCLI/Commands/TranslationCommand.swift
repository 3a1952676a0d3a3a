import OutlineCore

enum TranslationCommand {
    static let actions = ["status", "diff", "stamp", "adopt"]
    /// The options each action takes (besides the configuration's, which all take).
    static let takes: [String: Set<String>] = [
        "status": ["source", "format", "fail-on", "history", "since"],
        "diff": ["history"],
        "stamp": ["all", "write", "check", "diff", "output", "quiet"],
        "adopt": ["source", "assume-fresh", "base", "history", "write", "check", "diff", "output", "quiet"],
    ]

    static let spec = CommandSpec(
        name: "translation",
        summary: "Which translated sections are stale, keyed by the section IDs a source and its translations share.",
        usage: """
        outline translation status [--source DIR] [--format FORMAT] [--fail-on STATUSES] [--history N] [--since REV] [TARGET...]
               outline translation diff [--history N] TARGET_FILE [ID...]
               outline translation stamp [--all] [-w | --check | --diff | -o FILE] TARGET_FILE [ID...]
               outline translation adopt [--source DIR] [--assume-fresh] [--history N] [-w | --check | --diff | -o FILE] TARGET...
        """,
        overview: """
        A translated section carries its source section's ID and, on its anchor line, source=HASH: the
        hash of the source section it was translated from (format.md §17). 'status' lists each section
        of each translated file as fresh, stale, missing, orphaned, untracked, unaligned or local (one
        line per section that is not fresh, a summary per file, a total); exit 1 when a section has a
        status of --fail-on. 'diff' shows, per stale section, the source section's change since the
        version the translation was made from (exit 1 when it shows one). 'stamp' records the source's
        hash now on the sections named, or on the stale and untracked ones whose translation changed
        since HEAD (--all: every one). 'adopt' aligns an existing translation without anchors to its
        source and writes the source's IDs on the sections it can align. Translations are found from
        .outline.toml's [translation] (source, targets; or layout = "suffix" and languages), from the
        site's i18n configuration, or from --source DIR TARGET...
        """,
        arguments: [("ACTION", "status, diff, stamp or adopt."),
                    ("TARGET", "A translation's directory or file (status: default every target; adopt: the translations to align)."),
                    ("ID", "Section IDs (diff, stamp); default: every stale one.")],
        options: [
            OptionSpec("source", value: "DIR", "The source language's directory; the TARGET operands are then the translations' directories (a directory per language)."),
            Options.format(TranslationReport.Format.allCases.map(\.rawValue), "status: text (the default), json ({\"version\":1,\"files\":[...],\"summary\":{...}}), github (workflow commands) or markdown (a table for a site or a pull request)."),
            OptionSpec("fail-on", value: "STATUSES", "status: the statuses that make the exit status 1, comma-separated (default: stale,missing,orphaned,untracked,unaligned; 'none' for none)."),
            OptionSpec("history", value: "N", "Read at most N commits of history: to name the revision a stale section was translated from (status, diff), to find each translation's last commit (adopt). Default 1000; 0: none."),
            Options.since("status: say where the source sections of orphaned IDs went since git revision REV (moved to another file, or deleted)."),
            OptionSpec("all", "stamp: stamp every stale and untracked section, edited or not."),
            OptionSpec("base", value: "REV", "adopt: the revision the pages were translated from, for those whose front matter records none (the base key, default_lang_commit)."),
            OptionSpec("assume-fresh", "adopt: record the source's hash now, not as it was at the translation file's last commit."),
        ] + RewritingCommand.options,
        run: run
    )

    static func run(_ invocation: Invocation, console: Console) throws -> Int32 {
        guard let action = invocation.operands.first else { throw UsageError(message: "no action given: status, diff, stamp or adopt") }
        guard let takes = takes[action] else {
            throw UsageError(message: "unknown action '\(action)'" + Suggestion.hint(action, among: actions))
        }
        let configOptions = Set(Settings.options.map(\.long))
        for option in spec.options.map(\.long) where !takes.contains(option) && !configOptions.contains(option) {
            if invocation.has(option) || invocation.value(option) != nil { throw UsageError(message: "--\(option) does not apply to 'translation \(action)'") }
        }
        let operands = Array(invocation.operands.dropFirst())
        let settings = try Settings(invocation, console: console)
        let work = LocalFiles.run(console: console, settings: settings, invocation: invocation)
        let history = try TranslationReport.history(invocation)
        switch action {
        case "status":
            let source = invocation.value("source")
            var request = Run.TranslationRequest(layout: try settings.translations(source: source, targets: source == nil ? [] : operands, near: source == nil ? operands.first : nil))
            if source == nil { request.only = operands.map { FileSystem.resolvedPath($0) ?? $0 } }
            request.history = history
            request.since = invocation.value("since")
            let report = try work.translationStatus(request)
            return try TranslationReport.status(report, invocation: invocation, settings: settings, console: console)
        case "diff":
            guard let file = operands.first else { throw UsageError(message: "translation diff needs TARGET_FILE") }
            let layout = try settings.translations(source: nil, targets: [], near: file)
            let diff = try work.translationDiff(file, ids: Array(operands.dropFirst()), layout: layout, history: history)
            return TranslationReport.diff(diff, settings: settings, console: console)
        case "stamp":
            guard let file = operands.first else { throw UsageError(message: "translation stamp needs TARGET_FILE") }
            if try RewritingCommand.mode(invocation) == .write, file == "-" { throw UsageError(message: "--write needs a file") }
            var request = Run.StampRequest(path: file, layout: try settings.translations(source: nil, targets: [], near: file))
            request.ids = Array(operands.dropFirst())
            request.all = invocation.has("all")
            let result = try work.translationStamp(request)
            console.report(result.diagnostics, about: file)
            return RewritingCommand.emit([(file, result.rewrite)], invocation: invocation, console: console)
        default:
            return try TranslationAdoptCommand.run(operands, invocation: invocation, settings: settings, work: work, console: console)
        }
    }
}
