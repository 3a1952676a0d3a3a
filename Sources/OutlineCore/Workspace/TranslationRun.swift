/// `outline translation status` as one run (format.md §17): every source and translated file read and
/// parsed once, in parallel; each translated file's sections against its source file's; then, for the
/// stale ones, the source's history read once (one `git log`, one `git cat-file --batch`) to name the
/// revision each was translated from.
extension Run {
    public struct TranslationRequest {
        public var layout: TranslationLayout
        /// Only the translated files under these paths (absolute: target directories or files); empty:
        /// every target.
        public var only: [String] = []
        /// Commits of history read at most to name revisions; 0: none read.
        public var history = 1000
        /// `--since REV`: say where the source sections of orphaned IDs went since REV.
        public var since: String? = nil

        public init(layout: TranslationLayout) {
            self.layout = layout
        }
    }

    public struct TranslationReport {
        public var files: [TranslatedFile] = []
        /// Files that could not be read or parsed.
        public var errors: [Diagnostic] = []
        /// Why no revision could be named (no git work tree); nil when history was read or not needed.
        public var historyProblem: String? = nil
        /// Per language, what a translation team reads first.
        public var languages: [LanguageSummary] { LanguageSummary.of(files) }
    }

    /// One translated file and its source, by the paths the layout gives (absolute).
    public struct TranslationPair: Sendable {
        public var target: String
        public var source: String
        public var tree: Int
        public var targetExists: Bool
        public var sourceExists: Bool
    }

    /// Every translated file of the layout's targets (those under `only`), paired with its source
    /// file; a source file without a translation pairs with where it would be.
    public func translationPairs(_ layout: TranslationLayout, only: [String] = []) -> [TranslationPair] {
        var listings: [String: [String]] = [:]
        func files(of tree: Int) -> [(key: String, path: String)] {
            let directory = layout.trees[tree].directory
            let listed = listings[directory] ?? store.markdownFiles(in: directory).map(FilePath.normalize)
            listings[directory] = listed
            return listed.compactMap { path in
                guard let place = layout.place(of: path), place.tree == tree else { return nil }
                return (place.key, path)
            }
        }
        let sources = Dictionary(files(of: 0).map { ($0.key, $0.path) }, uniquingKeysWith: { a, _ in a })
        func wanted(_ path: String) -> Bool {
            only.isEmpty || only.contains { FilePath.contains($0, path) }
        }
        var pairs: [TranslationPair] = []
        for tree in 1..<layout.trees.count {
            let targets = Dictionary(files(of: tree).map { ($0.key, $0.path) }, uniquingKeysWith: { a, _ in a })
            for key in Set(sources.keys).union(targets.keys).sorted() {
                let target = targets[key] ?? layout.paths(of: key, inTree: tree)[0]
                guard wanted(target) else { continue }
                pairs.append(TranslationPair(target: target, source: sources[key] ?? layout.paths(of: key, inTree: 0)[0], tree: tree,
                                             targetExists: targets[key] != nil, sourceExists: sources[key] != nil))
            }
        }
        return pairs
    }

    public func translationStatus(_ request: TranslationRequest) throws -> TranslationReport {
        let layout = request.layout
        let pairs = translationPairs(layout, only: request.only)
        var report = TranslationReport()
        let (parsed, sources) = parseTranslationFiles(pairs, keys: layout.frontMatter, errors: &report.errors)
        for pair in pairs {
            let source = pair.sourceExists ? sources[pair.source] : nil
            let target = pair.targetExists ? parsed[pair.target] : nil
            if (pair.sourceExists && source == nil) || (pair.targetExists && target == nil) { continue }
            var file = TranslatedFile(path: pair.target, source: pair.source, language: layout.trees[pair.tree].language,
                                      exists: pair.targetExists, sourceExists: pair.sourceExists,
                                      sections: TranslationStatus.compare(source: source, translation: target, keys: layout.frontMatter))
            file.sourceHasHeadings = source.map { !$0.order.isEmpty } ?? true
            report.files.append(file)
        }
        if request.history > 0, report.files.contains(where: { $0.count(.stale) > 0 }) {
            do {
                try nameRevisions(&report.files, parsed: parsed, layout: layout, limit: request.history)
            } catch let error as Diagnostic {
                report.historyProblem = error.message
            }
        }
        if let since = request.since { try whereOrphansWent(&report.files, parsed: parsed, since: since) }
        return report
    }

    /// Each distinct file of the pairs read and parsed once, in parallel (by absolute path), and each
    /// source file's sections hashed in the same pass (once, however many translations it has).
    func parseTranslationFiles(_ pairs: [TranslationPair], keys: [String], errors: inout [Diagnostic]) -> (outlines: [String: Outline], sources: [String: SourceSections]) {
        var paths: [String] = []
        var isSource: [Bool] = []
        var seen = Set<String>()
        for pair in pairs {
            if pair.sourceExists, seen.insert(pair.source).inserted { paths.append(pair.source); isSource.append(true) }
            if pair.targetExists, seen.insert(pair.target).inserted { paths.append(pair.target); isSource.append(false) }
        }
        // Configurations asked here, on the run's thread: the stores answer one thread at a time.
        let dialects = paths.map { store.configuration(for: Workspace.directory(of: $0)).dialect(for: $0) }
        let flags = isSource
        let results = (try? each(paths) { k, _, bytes -> (Outline, SourceSections?) in
            let outline = try Outline(parsing: bytes, [], dialect: dialects[k])
            return (outline, flags[k] ? SourceSections(outline, keys: keys) : nil)
        }) ?? []
        var outlines: [String: Outline] = [:], sources: [String: SourceSections] = [:]
        for (k, result) in results.enumerated() {
            switch result {
            case .success(let (outline, sections)):
                outlines[paths[k]] = outline
                if let sections { sources[paths[k]] = sections }
            case .failure(let error): errors.append(error)
            }
        }
        // A command-line run keeps them to the exit: freeing thousands of models one by one only delays it.
        lifetime.keep(outlines)
        return (outlines, sources)
    }

    /// For each stale section, the newest version of its source file whose section hashes to the
    /// recorded `source=`: the revision it was translated from, and how many lines changed since.
    /// `keepVersions`: keep that version's section lines too (`translation diff`).
    func nameRevisions(_ files: inout [TranslatedFile], parsed: [String: Outline], layout: TranslationLayout, limit: Int,
                       keepVersions: Bool = false) throws {
        guard let revisions else { throw Diagnostic.file("git", "no history") }
        let log = try revisions.fileLog(under: [layout.source.directory], limit: limit)
        var versions: [String: [FileLog.Version]] = [:]
        for file in files where file.count(.stale) > 0 && versions[file.source] == nil {
            let relative = store.resolvedPath(file.source).flatMap(log.relative) ?? log.relative(file.source)
            versions[file.source] = relative.map(log.versions(of:)) ?? []
        }
        let blobs = try revisions.blobs(Array(Set(versions.values.joined().map(\.blob))).sorted())
        var outlines: [String: Outline?] = [:]
        func outline(_ blob: String, like path: String) -> Outline? {
            if let known = outlines[blob] { return known }
            let parsed = blobs[blob].flatMap { try? Outline(parsing: $0, [], dialect: store.configuration(for: Workspace.directory(of: path)).dialect(for: path)) }
            outlines[blob] = .some(parsed)
            return parsed
        }
        for f in files.indices where files[f].count(.stale) > 0 {
            guard let current = parsed[files[f].source] else { continue }
            let currentContent = SectionContent(current)
            let byID = current.indexByID()
            let currentPage = PageUnits(current, keys: layout.frontMatter)
            for s in files[f].sections.indices where files[f].sections[s].status == .stale {
                guard let id = files[f].sections[s].id, let recorded = files[f].sections[s].recorded else { continue }
                let source = files[f].source, unit = files[f].sections[s].unit
                let nowLines: [NumberedLine]
                let found: (FileLog.Version, [NumberedLine])?
                if let unit {
                    guard let now = currentPage[unit] else { continue }
                    nowLines = now.lines
                    found = TranslationHistory.translatedVersion(unit: unit, keys: layout.frontMatter, recorded: recorded, versions: versions[source] ?? [],
                                                                 outline: { outline($0, like: source) })
                } else {
                    guard let now = byID[id] else { continue }
                    nowLines = currentContent.displayLines(of: now)
                    found = TranslationHistory.translatedVersion(id: id, recorded: recorded, versions: versions[source] ?? [], outline: { outline($0, like: source) })
                }
                if let (version, then) = found {
                    files[f].sections[s].translatedFrom = log.commits[version.commit].name
                    files[f].sections[s].changedLines = LineDiff.changedLines(LineDiff.operations(then.map(\.text), nowLines.map(\.text)))
                    if keepVersions { files[f].sections[s].translatedLines = then }
                } else if log.truncated {
                    files[f].sections[s].olderThanHistory = log.limit
                }
            }
        }
    }

    /// With `--since REV`: for each orphaned ID whose source file had it at REV, the source file it
    /// moved to (by the evidence moves need, format.md §8, within the source's tree), else deleted.
    func whereOrphansWent(_ files: inout [TranslatedFile], parsed: [String: Outline], since: String) throws {
        let history = try self.history(since)
        let sourcePaths = Set(files.filter(\.sourceExists).map(\.source)).sorted()
        let orphaned = files.indices.filter { files[$0].count(.orphaned) > 0 }
        let oldPaths = orphaned.map { history.tree.oldPath(of: files[$0].source) }
        try history.parse(oldPaths: oldPaths.compactMap { $0 })
        for (n, f) in orphaned.enumerated() {
            guard let oldPath = oldPaths[n], let old = try history.outline(atOldPath: oldPath) else { continue }
            let before = Set(old.sections.filter(\.anchored).map(\.id))
            for s in files[f].sections.indices where files[f].sections[s].status == .orphaned {
                guard let id = files[f].sections[s].id, before.contains(id) else { continue }
                let places = sourcePaths.filter { path in
                    guard path != files[f].source, let now = parsed[path], now.sections.contains(where: { $0.anchored && $0.id == id }) else { return false }
                    return Movement.sameSection(id, then: old, now: now)
                }
                if places.count == 1 { files[f].sections[s].movedTo = places[0] } else { files[f].sections[s].deletedSince = since }
            }
        }
    }
}

extension Run {
    /// `stamped-unchanged` findings of the translated files among `pairs` (format.md §17).
    /// `allowed`: `--allow-stamp` (the configuration's `allow-stamp` is added per file).
    func stampedUnchanged(_ pairs: [History.Pair], since: String, allowed allowStamp: [Glob]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for pair in pairs {
            guard let path = pair.newPath, let old = pair.old, let new = pair.new,
                  let layout = store.configuration(for: Workspace.directory(of: path)).translations,
                  layout.isTranslation(store.resolvedPath(path) ?? path) else { continue }
            let allowed = layout.allowStamp.compactMap { Glob($0) } + allowStamp
            found += StampedUnchanged.of(old: old, new: new, allowed: allowed, revision: since).map { $0.located(in: Run.displayName(path)) }
        }
        return found
    }
}
