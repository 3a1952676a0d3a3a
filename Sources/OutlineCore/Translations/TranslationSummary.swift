/// A translation team's view of one language (format.md §17, `status --format markdown|json`): how
/// many of the source's pages are translated, the units of the translated pages by status, and how
/// many lines of the source a translator has to read. Untranslated pages are counted apart: their
/// sections are not `missing` sections of translated pages.
public struct LanguageSummary: Sendable, Equatable {
    public var language: String
    /// The source's pages, and how many of them have a translation.
    public var pages = 0
    public var translated = 0
    /// Translated pages whose source page has no heading (only page units to track).
    public var withoutHeadings = 0
    /// Translated pages whose source page no longer exists.
    public var withoutSource = 0
    /// The sections of the translated pages, by status.
    public var sections: [TranslationState: Int] = [:]
    /// The page units (preambles, front-matter values) of the translated pages, by status.
    public var pageUnits: [TranslationState: Int] = [:]
    /// Lines of the source to review: for each stale unit the lines changed since its translation
    /// (when history tells; else all its lines), and every line of the missing ones.
    public var reviewLines = 0
    /// Lines of the source in the pages not translated yet.
    public var untranslatedLines = 0

    public var untranslated: Int { pages - translated }

    public init(language: String) {
        self.language = language
    }

    /// One summary per language, in the order the files first name them.
    public static func of(_ files: [TranslatedFile]) -> [LanguageSummary] {
        var order: [String] = []
        var byLanguage: [String: LanguageSummary] = [:]
        for file in files {
            if byLanguage[file.language] == nil {
                order.append(file.language)
                byLanguage[file.language] = LanguageSummary(language: file.language)
            }
            byLanguage[file.language]!.add(file)
        }
        return order.map { byLanguage[$0]! }
    }

    mutating func add(_ file: TranslatedFile) {
        if file.sourceExists { pages += 1 }
        guard file.exists else {
            untranslatedLines += file.sections.reduce(0) { $0 + ($1.sourceLines ?? 0) }
            return
        }
        if file.sourceExists { translated += 1 } else { withoutSource += 1 }
        if file.sourceExists && !file.sourceHasHeadings { withoutHeadings += 1 }
        for unit in file.sections {
            if unit.unit == nil { sections[unit.status, default: 0] += 1 } else { pageUnits[unit.status, default: 0] += 1 }
            switch unit.status {
            case .stale: reviewLines += unit.changedLines ?? unit.sourceLines ?? 0
            case .missing: reviewLines += unit.sourceLines ?? 0
            default: break
            }
        }
    }
}
