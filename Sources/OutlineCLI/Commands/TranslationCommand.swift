import OutlineCore

/// `outline translation ACTION`: each action a command of its own in the option table, with its own
/// `--help` (`outline translation status --help`).
enum TranslationCommand {
    static let spec = CommandSpec(
        .translation,
        summary: "Which translated sections are stale, keyed by the section IDs a source and its translations share.",
        operands: "ACTION",
        overview: """
        A translated section carries its source section's ID and, on its anchor line, source=HASH: the
        hash of the source section it was translated from (format.md §17). Translations are found from
        .outline.toml's [translation] (source, targets; or layout = "suffix" and languages), from the
        site's i18n configuration, or from --source DIR TARGET...
        """,
        arguments: [("ACTION", "status, diff, stamp or adopt.")],
        operandChoices: ["status", "diff", "stamp", "adopt"],
        actions: [status, diff, stamp, adopt]
    ) { _, _ in throw UsageError(message: "no action given: status, diff, stamp or adopt") }

    static let status = CommandSpec(
        .translationStatus,
        summary: "List each translated section as fresh, stale, missing, orphaned, untracked, unaligned or local.",
        operands: "[TARGET...]",
        overview: """
        One line per section that is not fresh, a summary per file, a total; exit 1 when a section has a
        status of --fail-on.
        """,
        arguments: [("TARGET", "A translation's directory or file (default: every target).")]
    ) { arguments, console in
        let settings = try Settings(arguments, console: console)
        let work = LocalFiles.run(console: console, settings: settings, arguments: arguments)
        let source = arguments.source, operands = arguments.operands
        var request = Run.TranslationRequest(layout: try settings.translations(source: source, targets: source == nil ? [] : operands, near: source == nil ? operands.first : nil))
        if source == nil { request.only = operands.map { FileSystem.resolvedPath($0) ?? $0 } }
        request.history = arguments.history ?? 1000
        request.since = arguments.since
        let report = try work.translationStatus(request)
        return try TranslationReport.status(report, arguments: arguments, settings: settings, console: console)
    }

    static let diff = CommandSpec(
        .translationDiff,
        summary: "Show, per stale section, the source section's change since the version it was translated from.",
        operands: "TARGET_FILE [ID...]",
        overview: "Exit 1 when it shows a change.",
        arguments: [("TARGET_FILE", "A translated file."), ("ID", "Section IDs (default: every stale one).")]
    ) { arguments, console in
        guard let file = arguments.operands.first else { throw UsageError(message: "translation diff needs TARGET_FILE") }
        let settings = try Settings(arguments, console: console)
        let work = LocalFiles.run(console: console, settings: settings, arguments: arguments)
        let layout = try settings.translations(source: arguments.source, targets: arguments.source == nil ? [] : [file], near: file)
        let diff = try work.translationDiff(file, ids: Array(arguments.operands.dropFirst()), layout: layout, history: arguments.history ?? 1000)
        return TranslationReport.diff(diff, settings: settings, console: console)
    }

    static let stamp = CommandSpec(
        .translationStamp,
        summary: "Record the source's hash now on the translated sections and page units chosen.",
        operands: "FILE...",
        overview: """
        Without --id: the stale and untracked sections and page units whose translation changed since
        HEAD (--all: every one). The old form 'stamp FILE ID...' still works, with a warning.
        """,
        arguments: [("FILE", "Translated files (with --set-base, directories too; none with --all: every translated page).")]
    ) { arguments, console in
        let settings = try Settings(arguments, console: console)
        let work = LocalFiles.run(console: console, settings: settings, arguments: arguments)
        return try TranslationStampCommand.run(arguments, settings: settings, work: work, console: console)
    }

    static let adopt = CommandSpec(
        .translationAdopt,
        summary: "Align an existing translation without anchors to its source and write the source's IDs on the sections it can align.",
        operands: "TARGET...",
        overview: """
        Sections are aligned only where the alignment is certain (a translated heading's {#id} naming a
        source section first); the rest are warnings that name the fix. source= is recorded, for the
        sections and for the page units (the preamble, translated front-matter values) in the page
        record, as the source was at the revision the page was translated from: the one its front
        matter records ([translation] base-key, default_lang_commit), else --base, else the page's last
        commit.
        """,
        arguments: [("TARGET", "The translations to align (directories or files).")]
    ) { arguments, console in
        let settings = try Settings(arguments, console: console)
        let work = LocalFiles.run(console: console, settings: settings, arguments: arguments)
        return try TranslationAdoptCommand.run(arguments.operands, arguments: arguments, settings: settings, work: work, console: console)
    }
}
