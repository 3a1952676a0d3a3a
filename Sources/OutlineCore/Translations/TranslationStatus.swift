/// Each section of a translated file against its source file (format.md §17): keyed by the IDs both
/// share, whatever the headings say in their own languages and wherever the sections moved.
public enum TranslationState: String, Sendable, CaseIterable, Comparable {
    case fresh, stale, missing, orphaned, untracked, unaligned, local

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// What fails a run unless `--fail-on` says otherwise: every status but `fresh` and `local`.
    public static let failingByDefault: Set<TranslationState> = [.stale, .missing, .orphaned, .untracked, .unaligned]
}

/// One section's status, or one page unit's (the preamble, a front-matter value).
public struct TranslatedSection: Sendable {
    /// The ID; nil for an unaligned section (no anchor); a page unit's name (`@preamble`).
    public var id: String?
    /// The page unit, for one outside the sections (its `line` is where it stands, its `title` its name).
    public var unit: PageUnit? = nil
    public var status: TranslationState
    /// 1-based line of the translated section's heading; nil for a missing one.
    public var line: Int?
    /// The translated title (the source's for a missing section).
    public var title: String
    /// How many lines the source section (or unit) has, as a translator reads it (not blank ones).
    public var sourceLines: Int? = nil
    /// 1-based line of the source section's heading; nil when the source has none.
    public var sourceLine: Int?
    /// What `source=` records (nil: none).
    public var recorded: UInt32?
    /// The source section's hash now (nil: the source has no such section).
    public var current: UInt32?
    /// Stale: the revision the translation was made from, when history tells (`translatedFrom`), or
    /// that it is older than the history read (`olderThanHistory`), and how many lines of the source
    /// section changed since (`changedLines`, from that revision's version).
    public var translatedFrom: RevisionName? = nil
    public var olderThanHistory: Int? = nil
    public var changedLines: Int? = nil
    /// The source section as it was at `translatedFrom` (`translation diff` asks for it).
    public var translatedLines: [NumberedLine]? = nil
    /// Orphaned, with `--since`: where the source section went (`moved` to a file, else deleted).
    public var movedTo: String? = nil
    public var deletedSince: String? = nil

    public init(id: String?, status: TranslationState, line: Int?, title: String, sourceLine: Int? = nil,
                recorded: UInt32? = nil, current: UInt32? = nil) {
        self.id = id
        self.status = status
        self.line = line
        self.title = title
        self.sourceLine = sourceLine
        self.recorded = recorded
        self.current = current
    }
}

/// The status of one translated file.
public struct TranslatedFile: Sendable {
    /// The translated file (where it would be, when it does not exist yet).
    public var path: String
    /// Its source file (where it would be, when the source has none).
    public var source: String
    /// The target tree's language.
    public var language: String
    public var exists: Bool
    public var sourceExists: Bool
    public var sections: [TranslatedSection]

    public func count(_ state: TranslationState) -> Int { sections.lazy.filter { $0.status == state }.count }
    /// The source file has headings (a page without one has only its page units).
    public var sourceHasHeadings = true
}

/// A source file's sections as translations are compared with it: each ID's first section, its
/// heading line, title and content hash, made once however many translations the file has.
public struct SourceSections: Sendable {
    public struct Entry: Sendable {
        public var line: Int
        public var title: String
        public var hash: UInt32
        /// Its lines as a translator reads them (heading and body, outline's own and blank ones left out).
        public var lines: Int
    }
    public let byID: [String: Entry]
    /// The IDs in document order.
    public let order: [String]
    /// The page's units outside its sections (the front-matter keys asked for, the preamble).
    public let page: PageUnits

    public init(_ outline: Outline, keys: [String] = TranslationLayout.defaultFrontMatter) {
        page = PageUnits(outline, keys: keys)
        let content = SectionContent(outline)
        var byID: [String: Entry] = [:]
        var order: [String] = []
        for (k, section) in outline.sections.enumerated() where byID[section.id] == nil {
            byID[section.id] = Entry(line: section.heading.firstLine + 1, title: section.title, hash: content.hash(of: k),
                                     lines: content.displayLines(of: k).filter { !$0.text.allSatisfy(ASCII.isBlank) }.count)
            order.append(section.id)
        }
        self.byID = byID
        self.order = order
    }
}

public enum TranslationStatus {
    public static func compare(source: Outline?, translation: Outline?, keys: [String] = TranslationLayout.defaultFrontMatter) -> [TranslatedSection] {
        compare(source: source.map { SourceSections($0, keys: keys) }, translation: translation, keys: keys)
    }

    /// The units of `translation` against `source` (either may be missing): its page units (the
    /// front-matter keys, the preamble), its sections in its order, then the source sections it
    /// lacks, in the source's order.
    public static func compare(source: SourceSections?, translation: Outline?, keys: [String] = TranslationLayout.defaultFrontMatter) -> [TranslatedSection] {
        var result: [TranslatedSection] = []
        var present = Set<String>()
        if let translation {
            result += page(source: source?.page, translation: PageUnits(translation, keys: keys), record: translation.pageRecord)
            for section in translation.sections {
                let line = section.heading.firstLine + 1
                guard section.anchored, section.duplicateOf == nil else {
                    result.append(TranslatedSection(id: nil, status: .unaligned, line: line, title: section.title))
                    continue
                }
                present.insert(section.id)
                let stamp = section.record?.source
                let match = source?.byID[section.id]
                var entry = TranslatedSection(id: section.id, status: .fresh, line: line, title: section.title, sourceLine: match?.line)
                entry.sourceLines = match?.lines
                if case .hash(let h)? = stamp { entry.recorded = h }
                entry.current = match?.hash
                switch (stamp, match) {
                case (.local?, _): entry.status = .local
                case (_, nil): entry.status = .orphaned
                case (.hash(let h)?, _?): entry.status = h == entry.current ? .fresh : .stale
                case (nil, _?), (.malformed?, _?): entry.status = .untracked
                }
                result.append(entry)
            }
        }
        if let source {
            if translation == nil {
                for unit in source.page.units {
                    var entry = TranslatedSection(id: unit.unit.name, status: .missing, line: nil, title: unit.unit.name, sourceLine: unit.line, current: unit.hash)
                    entry.unit = unit.unit
                    entry.sourceLines = unit.nonBlankLines
                    result.append(entry)
                }
            }
            for id in source.order where !present.contains(id) {
                let entry = source.byID[id]!
                var missing = TranslatedSection(id: id, status: .missing, line: nil, title: entry.title, sourceLine: entry.line, current: entry.hash)
                missing.sourceLines = entry.lines
                result.append(missing)
            }
        }
        return result
    }
}

extension TranslationStatus {
    /// The page units of a translation against its source's, by the page record: a unit both have is
    /// fresh or stale by its recorded hash (`untracked` without one); one only the source has is
    /// `missing`; one only the translation has is `local` when recorded `none`, `orphaned` when
    /// recorded with a hash, `untracked` when not recorded.
    static func page(source: PageUnits?, translation: PageUnits, record: PageRecord?) -> [TranslatedSection] {
        var result: [TranslatedSection] = []
        var seen = Set<PageUnit>()
        for unit in translation.units + (source?.units ?? []) where seen.insert(unit.unit).inserted {
            let mine = translation[unit.unit], theirs = source?[unit.unit]
            let stamp = record?.stamp(unit.unit.key)
            var entry = TranslatedSection(id: unit.unit.name, status: .fresh, line: mine?.line, title: unit.unit.name,
                                          sourceLine: theirs?.line, current: theirs?.hash)
            entry.unit = unit.unit
            entry.sourceLines = theirs?.nonBlankLines
            if case .hash(let h)? = stamp { entry.recorded = h }
            switch (mine, theirs, stamp) {
            case (nil, _, _): entry.status = .missing
            case (_?, _, .local?): entry.status = .local
            case (_?, _, nil), (_?, _, .malformed?): entry.status = .untracked
            case (_?, nil, .hash?): entry.status = .orphaned
            case (_?, let s?, .hash(let h)?): entry.status = h == s.hash ? .fresh : .stale
            }
            result.append(entry)
        }
        return result
    }
}
