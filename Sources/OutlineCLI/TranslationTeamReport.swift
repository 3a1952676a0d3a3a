import OutlineCore

/// `translation status` for a translation team (format.md §17): per language, pages translated of
/// total, the translated pages' sections and page units by status, and the lines of the source to
/// review; as a Markdown report (`--format markdown`), a JSON object (`languages`) and a text line.
enum TranslationTeamReport {
    static func line(_ l: LanguageSummary) -> String {
        var out = "\(l.language.isEmpty ? "(no language)" : l.language): \(l.translated) of \(l.pages) page\(l.pages == 1 ? "" : "s") translated"
        if l.withoutHeadings > 0 { out += " (\(l.withoutHeadings) without headings)" }
        if l.withoutSource > 0 { out += ", \(l.withoutSource) without a source page" }
        let sections = TranslationReport.counts(l.sections), page = TranslationReport.counts(l.pageUnits)
        out += "; sections: \(sections.isEmpty ? "none" : sections); page units: \(page.isEmpty ? "none" : page)"
        return out + "; \(l.reviewLines) line\(l.reviewLines == 1 ? "" : "s") of source to review"
    }

    static func json(_ l: LanguageSummary) -> JSONValue {
        func counts(_ c: [TranslationState: Int]) -> JSONValue { .object(TranslationState.allCases.map { ($0.rawValue, .int(c[$0] ?? 0)) }) }
        return .object([("language", .string(l.language)), ("pages", .int(l.pages)), ("translated", .int(l.translated)),
                        ("untranslated", .int(l.untranslated)), ("without_headings", .int(l.withoutHeadings)),
                        ("without_source", .int(l.withoutSource)), ("sections", counts(l.sections)), ("page_units", counts(l.pageUnits)),
                        ("review_lines", .int(l.reviewLines)), ("untranslated_lines", .int(l.untranslatedLines))])
    }

    /// Per language: a heading, the pages translated, a table of the units by status, then each
    /// translated page with something to do (a heading-less one said so) and its stale units.
    static func markdown(_ report: Run.TranslationReport, show: (String) -> String, describe: (TranslatedSection) -> String) -> String {
        func cell(_ s: String) -> String { s.replacingAll("|", with: "\\|") }
        let states = TranslationState.allCases
        func row(_ name: String, _ c: [TranslationState: Int]) -> String { "| \(name) | " + states.map { String(c[$0] ?? 0) }.joined(separator: " | ") + " |\n" }
        var out = ""
        for l in report.languages {
            if !out.isEmpty { out += "\n" }
            out += "### \(l.language.isEmpty ? "Translation" : "`\(cell(l.language))`")\n\n"
            out += "**\(l.translated) of \(l.pages)** page\(l.pages == 1 ? "" : "s") translated (\(l.untranslated) untranslated, \(l.untranslatedLines) source line\(l.untranslatedLines == 1 ? "" : "s"))"
            if l.withoutSource > 0 { out += "; \(l.withoutSource) translated page\(l.withoutSource == 1 ? "" : "s") without a source page" }
            out += ". **\(l.reviewLines)** line\(l.reviewLines == 1 ? "" : "s") of source to review.\n\n"
            out += "| | " + states.map(\.rawValue).joined(separator: " | ") + " |\n| --- |" + String(repeating: " ---: |", count: states.count) + "\n"
            out += row("sections", l.sections) + row("page units", l.pageUnits)
            let files = report.files.filter { $0.language == l.language && $0.exists && $0.sections.contains { $0.status != .fresh && $0.status != .local } }
            guard !files.isEmpty else { continue }
            out += "\n| Page | " + states.map(\.rawValue).joined(separator: " | ") + " |\n| --- |" + String(repeating: " ---: |", count: states.count) + "\n"
            for file in files {
                var here: [TranslationState: Int] = [:]
                for unit in file.sections { here[unit.status, default: 0] += 1 }
                let note = !file.sourceExists ? " (no source page)" : !file.sourceHasHeadings ? " (no headings)" : ""
                out += row("`\(cell(show(file.path)))`\(note)", here)
            }
            let stale = files.flatMap { file in file.sections.filter { $0.status == .stale }.map { (file, $0) } }
            if !stale.isEmpty {
                out += "\n**Stale**\n\n"
                for (file, unit) in stale { out += "- `\(cell(show(file.path)))`\(unit.line.map { ":\($0)" } ?? "") \(cell(describe(unit)))\n" }
            }
        }
        return out
    }
}
