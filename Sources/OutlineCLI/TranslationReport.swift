import OutlineCore

/// How `outline translation` prints what the library found (format.md §17): status as text, JSON,
/// workflow commands or a Markdown table; diff as unified hunks per section.
enum TranslationReport {
    enum Format: String, CaseIterable { case text, json, github, markdown }

    static func status(_ report: Run.TranslationReport, arguments: Arguments, settings: Settings, console: Console) throws -> Int32 {
        let format = arguments.translationFormat
        let failOn = arguments.failOn ?? TranslationState.failingByDefault
        for error in report.errors { console.report(error) }
        if !report.errors.isEmpty { return 2 }
        let show = { (path: String) in PathBytes.display(settings.display(path)) }
        var total: [TranslationState: Int] = [:]
        for file in report.files { for section in file.sections { total[section.status, default: 0] += 1 } }
        switch format {
        case .text: console.out(text(report, show: show, total: total))
        case .json: console.out(json(report, show: show, total: total).compact() + "\n")
        case .github:
            for file in report.files {
                for section in file.sections where section.status != .fresh {
                    var d = Diagnostic(failOn.contains(section.status) ? .finding : .warning, .translation, path: show(file.path), line: section.line,
                                       "\(section.status.rawValue) \(describe(section, show: show))")
                    if section.line == nil { d.line = nil }
                    console.out(Report.workflowCommand(d))
                }
            }
        case .markdown: console.out(markdown(report, show: show, total: total))
        }
        return total.contains { failOn.contains($0.key) && $0.value > 0 } ? 1 : 0
    }

    /// A section's ID and what is known about its status, for one line.
    static func describe(_ section: TranslatedSection, show: (String) -> String) -> String {
        var text = section.id.map { "'\($0)'" } ?? "\"\(section.title)\""
        var notes: [String] = []
        if let from = section.translatedFrom { notes.append("translated from \(from.short) (\(from.date))") }
        if let n = section.olderThanHistory { notes.append("translated from a version older than the last \(n) commits") }
        if let n = section.changedLines { notes.append("\(n) line\(n == 1 ? "" : "s") changed since") }
        if let moved = section.movedTo { notes.append("the source section moved to \(show(moved))") }
        if let since = section.deletedSince { notes.append("the source section was deleted since \(since)") }
        if section.status == .missing, let line = section.sourceLine { notes.append("source line \(line): \"\(section.title)\"") }
        if section.status == .unaligned { text += " has no anchor" }
        if !notes.isEmpty { text += ": " + notes.joined(separator: ", ") }
        return text
    }

    static func counts(_ counts: [TranslationState: Int]) -> String {
        TranslationState.allCases.compactMap { state in counts[state].flatMap { $0 > 0 ? "\($0) \(state.rawValue)" : nil } }.joined(separator: ", ")
    }

    static func text(_ report: Run.TranslationReport, show: (String) -> String, total: [TranslationState: Int]) -> String {
        var out = ""
        for file in report.files {
            var here: [TranslationState: Int] = [:]
            for section in file.sections {
                here[section.status, default: 0] += 1
                guard section.status != .fresh else { continue }
                out += show(file.path) + (section.line.map { ":\($0)" } ?? "") + ": \(section.status.rawValue) \(describe(section, show: show))\n"
            }
            let what = !file.exists ? " (no translation yet)" : !file.sourceExists ? " (no source file \(show(file.source)))" : ""
            out += "\(show(file.path)): \(file.sections.count) section\(file.sections.count == 1 ? "" : "s")\(what): \(counts(here).isEmpty ? "none" : counts(here))\n"
        }
        let sections = total.values.reduce(0, +)
        out += "total: \(report.files.count) file\(report.files.count == 1 ? "" : "s"), \(sections) section\(sections == 1 ? "" : "s")\(sections > 0 ? ": " + counts(total) : "")\n"
        if let problem = report.historyProblem { out += "(revisions not named: \(problem))\n" }
        return out
    }

    static func json(_ report: Run.TranslationReport, show: (String) -> String, total: [TranslationState: Int]) -> JSONValue {
        func optional<T>(_ value: T?, _ make: (T) -> JSONValue) -> JSONValue { value.map(make) ?? .null }
        let files: [JSONValue] = report.files.map { file in
            .object([
                ("path", .string(show(file.path))), ("source", .string(show(file.source))), ("language", .string(file.language)),
                ("exists", .bool(file.exists)), ("source_exists", .bool(file.sourceExists)),
                ("sections", .array(file.sections.map { s in
                    var fields: [(String, JSONValue)] = [
                        ("id", optional(s.id, JSONValue.string)), ("status", .string(s.status.rawValue)), ("line", optional(s.line, JSONValue.int)),
                        ("title", .string(s.title)), ("source_path", .string(show(file.source))), ("source_line", optional(s.sourceLine, JSONValue.int)),
                        ("recorded", optional(s.recorded) { .string(ContentHash.hex($0)) }), ("current", optional(s.current) { .string(ContentHash.hex($0)) }),
                    ]
                    if let from = s.translatedFrom { fields.append(("translated_from", .object([("commit", .string(from.commit)), ("date", .string(from.date))]))) }
                    if let n = s.olderThanHistory { fields.append(("older_than_commits", .int(n))) }
                    if let n = s.changedLines { fields.append(("changed_lines", .int(n))) }
                    if let moved = s.movedTo { fields.append(("moved_to", .string(show(moved)))) }
                    if let since = s.deletedSince { fields.append(("deleted_since", .string(since))) }
                    return .object(fields)
                })),
            ])
        }
        return .object([("version", .int(1)), ("files", .array(files)),
                        ("summary", .object(TranslationState.allCases.map { ($0.rawValue, .int(total[$0] ?? 0)) }))])
    }

    static func markdown(_ report: Run.TranslationReport, show: (String) -> String, total: [TranslationState: Int]) -> String {
        func cell(_ s: String) -> String { s.replacingAll("|", with: "\\|") }
        let states = TranslationState.allCases
        var out = "| File | " + states.map(\.rawValue).joined(separator: " | ") + " |\n"
        out += "| --- |" + String(repeating: " ---: |", count: states.count) + "\n"
        for file in report.files {
            var here: [TranslationState: Int] = [:]
            for section in file.sections { here[section.status, default: 0] += 1 }
            out += "| `\(cell(show(file.path)))` | " + states.map { String(here[$0] ?? 0) }.joined(separator: " | ") + " |\n"
        }
        out += "| **total** | " + states.map { "**\(total[$0] ?? 0)**" }.joined(separator: " | ") + " |\n"
        let stale = report.files.flatMap { file in file.sections.filter { $0.status == .stale }.map { (file, $0) } }
        if !stale.isEmpty {
            out += "\n**Stale sections**\n\n"
            for (file, section) in stale { out += "- `\(cell(show(file.path)))`\(section.line.map { ":\($0)" } ?? "") \(cell(describe(section, show: show)))\n" }
        }
        return out
    }

    /// `translation diff`: per stale section, a header and the source section's hunks.
    static func diff(_ diff: Run.TranslationDiff, settings: Settings, console: Console) -> Int32 {
        let show = { (path: String) in PathBytes.display(settings.display(path)) }
        for entry in diff.entries {
            let source = show(entry.sourcePath) + "#" + entry.id
            console.out("\(PathBytes.display(Run.displayName(diff.path))):\(entry.line): '\(entry.id)' is stale\n")
            if let from = entry.from {
                console.out("--- \(source) \(from.short) (\(from.date)), as translated\n+++ \(source) now\n")
                console.out(entry.hunks)
            } else {
                console.out("\(entry.unknown ?? "history cannot tell"); the source section now:\n")
                for line in entry.current { console.out("    " + String(decoding: line.text, as: UTF8.self) + "\n") }
            }
        }
        return diff.entries.isEmpty ? 0 : 1
    }
}

enum TranslationAdoptCommand {
    /// `translation adopt`: the translations of `--source DIR TARGET_DIR...` (or of the configured
    /// layout, under the TARGET operands) aligned and rewritten through the shared rewriting frame.
    static func run(_ operands: [String], arguments: Arguments, settings: Settings, work: Run, console: Console) throws -> Int32 {
        let mode = try RewritingCommand.mode(arguments)
        let source = arguments.source
        var request = Run.AdoptRequest(layout: try settings.translations(source: source, targets: source == nil ? [] : operands,
                                                                         near: source == nil ? operands.first : nil))
        if source == nil { request.only = operands.map { FileSystem.resolvedPath($0) ?? $0 } }
        request.assumeFresh = arguments.assumeFresh
        request.history = arguments.history
        let adopted = try work.translationAdopt(request)
        guard !adopted.isEmpty else {
            throw UsageError(message: "no translated file to adopt in \(operands.joined(separator: " ")): a translation target's file whose source file exists")
        }
        switch mode {
        case .standardOutput, .output:
            if adopted.count > 1 { throw UsageError(message: "\(adopted.count) translated files: give --write, --check or --diff") }
        default: break
        }
        var results: [(path: String, rewrite: Rewrite)] = []
        for file in adopted {
            let shown = settings.display(file.path)
            console.report(file.result.diagnostics, about: shown)
            results.append((shown, file.result.rewrite))
        }
        if !arguments.quiet {
            let aligned = adopted.reduce(0) { $0 + $1.aligned }, unaligned = adopted.reduce(0) { $0 + $1.unaligned }
            console.err("adopt: \(aligned) section\(aligned == 1 ? "" : "s") aligned, \(unaligned) unaligned, in \(adopted.count) translated file\(adopted.count == 1 ? "" : "s")\n")
        }
        return RewritingCommand.emit(results, arguments: arguments, console: console)
    }
}
