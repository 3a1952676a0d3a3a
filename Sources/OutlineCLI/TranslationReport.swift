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
        case .json: console.out(json(report, show: show).compact() + "\n")
        case .github:
            for file in report.files {
                for section in file.sections where section.status != .fresh {
                    var d = Diagnostic(failOn.contains(section.status) ? .finding : .warning, .translation, path: show(file.path), line: section.line,
                                       "\(section.status.rawValue) \(describe(section, show: show))")
                    if section.line == nil { d.line = nil }
                    console.out(Report.workflowCommand(d))
                }
            }
        case .markdown: console.out(TranslationTeamReport.markdown(report, show: show, describe: { describe($0, show: show) }))
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
            var here: [TranslationState: Int] = [:], page: [TranslationState: Int] = [:]
            for section in file.sections {
                if section.unit == nil { here[section.status, default: 0] += 1 } else { page[section.status, default: 0] += 1 }
                guard section.status != .fresh else { continue }
                out += show(file.path) + (section.line.map { ":\($0)" } ?? "") + ": \(section.status.rawValue) \(describe(section, show: show))\n"
            }
            let sections = here.values.reduce(0, +)
            let what = !file.exists ? " (no translation yet)" : !file.sourceExists ? " (no source file \(show(file.source)))"
                : !file.sourceHasHeadings ? " (no headings)" : ""
            out += "\(show(file.path)): \(sections) section\(sections == 1 ? "" : "s")\(what): \(counts(here).isEmpty ? "none" : counts(here))"
            out += page.isEmpty ? "\n" : "; page: \(counts(page))\n"
        }
        var sectionTotal: [TranslationState: Int] = [:], pageTotal: [TranslationState: Int] = [:]
        for file in report.files {
            for unit in file.sections {
                if unit.unit == nil { sectionTotal[unit.status, default: 0] += 1 } else { pageTotal[unit.status, default: 0] += 1 }
            }
        }
        let sections = sectionTotal.values.reduce(0, +)
        out += "total: \(report.files.count) file\(report.files.count == 1 ? "" : "s"), \(sections) section\(sections == 1 ? "" : "s")\(sections > 0 ? ": " + counts(sectionTotal) : "")"
        out += pageTotal.isEmpty ? "\n" : "; page units: \(counts(pageTotal))\n"
        for language in report.languages { out += TranslationTeamReport.line(language) + "\n" }
        if let problem = report.historyProblem { out += "(revisions not named: \(problem))\n" }
        return out
    }

    /// One unit of a file as JSON: a section (`id` null when unaligned) or a page unit (`unit`, `key`).
    static func json(_ s: TranslatedSection, source: String, show: (String) -> String) -> JSONValue {
        func optional<T>(_ value: T?, _ make: (T) -> JSONValue) -> JSONValue { value.map(make) ?? .null }
        var fields: [(String, JSONValue)]
        if let unit = s.unit {
            let key: JSONValue
            if case .frontMatter(let name) = unit { key = .string(name) } else { key = .null }
            fields = [("unit", .string(unit == .preamble ? "preamble" : "front-matter")), ("key", key), ("name", .string(unit.name))]
        } else {
            fields = [("id", optional(s.id, JSONValue.string))]
        }
        fields += [("status", .string(s.status.rawValue)), ("line", optional(s.line, JSONValue.int))]
        if s.unit == nil { fields.append(("title", .string(s.title))) }
        fields += [("source_path", .string(source)), ("source_line", optional(s.sourceLine, JSONValue.int)),
                   ("source_lines", optional(s.sourceLines, JSONValue.int)),
                   ("recorded", optional(s.recorded) { .string(ContentHash.hex($0)) }), ("current", optional(s.current) { .string(ContentHash.hex($0)) })]
        if let from = s.translatedFrom { fields.append(("translated_from", .object([("commit", .string(from.commit)), ("date", .string(from.date))]))) }
        if let n = s.olderThanHistory { fields.append(("older_than_commits", .int(n))) }
        if let n = s.changedLines { fields.append(("changed_lines", .int(n))) }
        if let moved = s.movedTo { fields.append(("moved_to", .string(show(moved)))) }
        if let since = s.deletedSince { fields.append(("deleted_since", .string(since))) }
        return .object(fields)
    }

    /// `--format json` (schema/outline-translation-status.schema.json): `sections` and `summary` hold
    /// sections only, as in the first version; page units are in each file's `page`, and the
    /// languages' reports in `languages`.
    static func json(_ report: Run.TranslationReport, show: (String) -> String) -> JSONValue {
        var total: [TranslationState: Int] = [:]
        for file in report.files { for section in file.sections where section.unit == nil { total[section.status, default: 0] += 1 } }
        let files: [JSONValue] = report.files.map { file in
            let source = show(file.source)
            return .object([
                ("path", .string(show(file.path))), ("source", .string(source)), ("language", .string(file.language)),
                ("exists", .bool(file.exists)), ("source_exists", .bool(file.sourceExists)), ("source_has_headings", .bool(file.sourceHasHeadings)),
                ("sections", .array(file.sections.filter { $0.unit == nil }.map { json($0, source: source, show: show) })),
                ("page", .array(file.sections.filter { $0.unit != nil }.map { json($0, source: source, show: show) })),
            ])
        }
        return .object([("version", .int(1)), ("files", .array(files)),
                        ("summary", .object(TranslationState.allCases.map { ($0.rawValue, .int(total[$0] ?? 0)) })),
                        ("languages", .array(report.languages.map(TranslationTeamReport.json)))])
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
        request.base = arguments.base
        if let history = arguments.history { request.history = history }
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

enum TranslationStampCommand {
    /// `translation stamp FILE... [--id ID]...`, the old `stamp FILE ID...` (operands after the first
    /// that name no file are IDs, with a warning), and `--set-base REV`.
    static func run(_ arguments: Arguments, settings: Settings, work: Run, console: Console) throws -> Int32 {
        var files = arguments.operands, ids = arguments.ids
        if let base = arguments.setBase { return try setBase(base, arguments: arguments, settings: settings, work: work, console: console) }
        if files.count > 1, ids.isEmpty, FileSystem.exists(files[0]), files.dropFirst().allSatisfy({ !FileSystem.exists($0) }) {
            console.report(.warning(.translation, "'translation stamp FILE ID...' is deprecated: name the sections with --id (translation stamp FILE --id \(files[1]))"))
            ids = Array(files.dropFirst())
            files = [files[0]]
        }
        guard !files.isEmpty else { throw UsageError(message: "translation stamp needs FILE...") }
        let mode = try RewritingCommand.mode(arguments)
        if mode == .write, files.contains("-") { throw UsageError(message: "--write needs a file") }
        switch mode {
        case .standardOutput, .output:
            if files.count > 1 { throw UsageError(message: "\(files.count) translated files: give --write, --check or --diff") }
        default: break
        }
        var request = Run.StampRequest(paths: files, layout: try settings.translations(source: arguments.source, targets: arguments.source == nil ? [] : files, near: files[0]))
        request.ids = ids
        request.all = arguments.stampAll
        let stamped = try work.translationStamp(request)
        for file in stamped { console.report(file.result.diagnostics, about: file.path) }
        return RewritingCommand.emit(stamped.map { ($0.path, $0.result.rewrite) }, arguments: arguments, console: console)
    }

    /// `--set-base REV`: the pages (of the operands, or every one with --all) whose units are all fresh.
    static func setBase(_ revision: String, arguments: Arguments, settings: Settings, work: Run, console: Console) throws -> Int32 {
        let operands = arguments.operands
        guard !operands.isEmpty || arguments.stampAll else { throw UsageError(message: "--set-base needs the pages: FILE... or directories, or --all for every translated page") }
        guard arguments.ids.isEmpty else { throw UsageError(message: "--set-base writes a page's base key: --id does not apply") }
        let source = arguments.source
        var request = Run.SetBaseRequest(layout: try settings.translations(source: source, targets: source == nil ? [] : operands, near: source == nil ? operands.first : nil),
                                         revision: revision)
        if source == nil { request.only = operands.map { FileSystem.resolvedPath($0) ?? $0 } }
        let setting = try work.translationSetBase(request)
        switch try RewritingCommand.mode(arguments) {
        case .standardOutput, .output:
            if setting.written.count > 1 { throw UsageError(message: "\(setting.written.count) pages to change: give --write, --check or --diff") }
        default: break
        }
        var results: [(path: String, rewrite: Rewrite)] = []
        for file in setting.written {
            let shown = settings.display(file.path)
            console.report(file.result.diagnostics, about: shown)
            results.append((shown, file.result.rewrite))
        }
        if !arguments.quiet {
            let layout = request.layout
            console.err("set-base: \(layout.baseKey): \(setting.commit) in \(results.count) page\(results.count == 1 ? "" : "s") whose units are all fresh; \(setting.kept.count) kept their revision\n")
            for kept in setting.kept { console.err("  kept: \(PathBytes.display(settings.display(kept.path))) (\(TranslationReport.counts(kept.statuses)))\n") }
        }
        return RewritingCommand.emit(results, arguments: arguments, console: console)
    }
}
