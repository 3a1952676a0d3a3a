/// `outline translation diff` (format.md §17), and what `stamp` shares with it: one translated file,
/// its source file, and what history says about both.
extension Run {
    /// A translated file with its source, both parsed.
    public struct TranslationFile {
        public var path: String
        public var sourcePath: String
        public var translation: Outline
        public var source: Outline
        public var sections: [TranslatedSection]
    }

    /// The translated file `path` (as the run names it) of `layout`, with its source file: an error
    /// when it lies in no target tree or its source file does not exist.
    public func translationFile(_ path: String, layout: TranslationLayout, rewriting: Bool = false) throws -> TranslationFile {
        let absolute = store.resolvedPath(path) ?? path
        guard let place = layout.place(of: absolute), place.tree > 0 else {
            throw Diagnostic.file(Run.displayName(path), "is not a file of a translation (the targets are \(layout.targets.map(\.directory).joined(separator: ", ")))")
        }
        let candidates = layout.paths(of: place.key, inTree: 0)
        guard let (sourcePath, sourceBytes) = candidates.lazy.compactMap({ p in self.store.contents(of: p).map { (p, $0) } }).first else {
            throw Diagnostic.file(Run.displayName(path), "has no source file (\(candidates[0]) does not exist)")
        }
        let dialect = store.configuration(for: Workspace.directory(of: path)).dialect(for: path)
        let translation = try outline(try read(path), path: path, rewriting ? [.rewriting] : [], dialect: dialect)
        let source = try outline(sourceBytes, path: sourcePath, dialect: store.configuration(for: Workspace.directory(of: sourcePath)).dialect(for: sourcePath))
        return TranslationFile(path: path, sourcePath: sourcePath, translation: translation, source: source,
                               sections: TranslationStatus.compare(source: source, translation: translation, keys: layout.frontMatter))
    }

    /// The IDs asked for, each a section of the translation; an error names the first that is not.
    func sections(_ ids: [String], of file: TranslationFile) throws -> [Int] {
        try ids.map { id in
            guard let k = file.sections.firstIndex(where: { $0.id == id && $0.status != .missing }) else {
                let inSource = file.sections.contains { $0.id == id }
                throw Diagnostic.file(Run.displayName(file.path), inSource ? "has no section '\(id)' yet (the source has it: translate it first)" : "has no section '\(id)'")
            }
            return k
        }
    }

    // MARK: diff

    public struct TranslationDiff {
        public struct Entry {
            public var id: String
            /// The translated section's heading line, 1-based.
            public var line: Int
            public var sourcePath: String
            /// The revision the translation was made from, when history tells.
            public var from: RevisionName?
            /// Why no revision could be named (history too short, no git, no version hashes so).
            public var unknown: String?
            /// Unified hunks from that version's section to now (empty when `from` is nil).
            public var hunks: [UInt8]
            /// The source section now (shown when history cannot tell).
            public var current: [NumberedLine]
        }
        public var path: String
        public var entries: [Entry] = []
    }

    /// For each stale section (or those named), the source section's change from the version the
    /// translation was made from to now.
    public func translationDiff(_ path: String, ids: [String], layout: TranslationLayout, history limit: Int) throws -> TranslationDiff {
        let file = try translationFile(path, layout: layout)
        let wanted = ids.isEmpty ? file.sections.indices.filter { file.sections[$0].status == .stale }
            : try sections(ids, of: file).filter { file.sections[$0].status == .stale }
        var report = TranslationDiff(path: path)
        guard !wanted.isEmpty else { return report }
        var files = [TranslatedFile(path: file.path, source: file.sourcePath, language: "", exists: true, sourceExists: true, sections: file.sections)]
        var problem: String? = nil
        do {
            try nameRevisions(&files, parsed: [file.sourcePath: file.source], layout: layout, limit: limit, keepVersions: true)
        } catch let error as Diagnostic {
            problem = error.message
        }
        let now = SectionContent(file.source), byID = file.source.indexByID(), page = PageUnits(file.source, keys: layout.frontMatter)
        for k in wanted {
            let section = files[0].sections[k]
            guard let id = section.id, let current = section.unit.map({ page[$0]?.lines }) ?? byID[id].map(now.displayLines) else { continue }
            var entry = TranslationDiff.Entry(id: id, line: section.line ?? 1, sourcePath: file.sourcePath, from: section.translatedFrom,
                                              unknown: nil, hunks: [], current: current)
            if let old = section.translatedLines {
                entry.hunks = LineDiff.unified(old.map(\.text), entry.current.map(\.text), aLines: old.map(\.number), bLines: entry.current.map(\.number))
            } else {
                entry.unknown = problem.map { "no history (\($0))" }
                    ?? section.olderThanHistory.map { "the version it was translated from is older than the last \($0) commits" }
                    ?? "no version of the source in its history has the section as recorded (source=\(section.recorded.map(ContentHash.hex) ?? "?"))"
            }
            report.entries.append(entry)
        }
        return report
    }
}
