/// `outline translation stamp` as one run (format.md §17): `source=` recorded on the translated
/// sections and page units chosen, in each file given; with `--set-base REV`, REV written into the
/// base key of each page whose units are all fresh instead. The files' versions at HEAD are read in
/// one `git cat-file --batch`.
extension Run {
    public struct StampRequest {
        public var paths: [String]
        public var layout: TranslationLayout
        /// The sections (IDs) and page units (`@preamble`, `@title`) to stamp in every file; empty:
        /// the stale and untracked ones edited since `HEAD` (all of them with `all`).
        public var ids: [String] = []
        public var all = false
        public init(paths: [String], layout: TranslationLayout) {
            self.paths = paths
            self.layout = layout
        }
    }

    /// Each file's rewrite that records the source hash now of each chosen unit; warnings name the
    /// stale units left unstamped because their translation did not change since `HEAD`.
    public func translationStamp(_ request: StampRequest) throws -> [(path: String, result: RewriteResult)] {
        let files = try request.paths.map { try translationFile($0, layout: request.layout, rewriting: true) }
        // What each file was at HEAD, for the units edited since (asked only when needed).
        var before = [Outline?](repeating: nil, count: files.count)
        if request.ids.isEmpty && !request.all && files.contains(where: { !units(of: $0, in: [.stale, .untracked]).isEmpty }) {
            guard let revisions else { throw Diagnostic.file("git", "no history: name the sections to stamp (--id), or give --all") }
            let (_, bytes) = try revisions.lookup(revisions: [], files: files.map { ("HEAD", store.resolvedPath($0.path) ?? $0.path) })
            before = zip(files, bytes).map { file, bytes in bytes.flatMap { try? Outline(parsing: $0, [], dialect: file.translation.dialect) } }
        }
        return try files.enumerated().map { k, file in
            var warnings: [Diagnostic] = []
            let chosen = try choose(file, ids: request.ids, all: request.all, before: before[k], keys: request.layout.frontMatter, warnings: &warnings)
            let byID = file.translation.indexByID()
            var stamps: [Int: UInt32] = [:], page: [(unit: PageUnit, stamp: UInt32?)] = []
            for s in chosen {
                let section = file.sections[s]
                if let unit = section.unit { page.append((unit, section.current)) } else { stamps[byID[section.id!]!] = section.current! }
            }
            var result = try Run.about(file.path) { try TranslationStamp.apply(file.translation, stamps: stamps, page: page) }
            result.diagnostics += warnings
            return (file.path, result)
        }
    }

    /// The units of `file` with a status among `states`.
    private func units(of file: TranslationFile, in states: Set<TranslationState>) -> [Int] {
        file.sections.indices.filter { states.contains(file.sections[$0].status) }
    }

    /// The units (indices into `file.sections`) to stamp: those named, every stale and untracked one
    /// (`all`), or those whose translation changed since `before` (HEAD's version).
    private func choose(_ file: TranslationFile, ids: [String], all: Bool, before: Outline?, keys: [String], warnings: inout [Diagnostic]) throws -> [Int] {
        if !ids.isEmpty {
            return try sections(ids, of: file).map { k in
                guard file.sections[k].current != nil else {
                    throw Diagnostic.file(Run.displayName(file.path), "'\(file.sections[k].id ?? "")' is not in the source (\(file.sections[k].status.rawValue)): nothing to stamp")
                }
                return k
            }
        }
        let candidates = units(of: file, in: [.stale, .untracked]).filter { file.sections[$0].current != nil }
        if all || candidates.isEmpty { return candidates }
        let then = before.map(SectionContent.init), thenByID = before?.indexByID() ?? [:]
        let thenPage = before.map { PageUnits($0, keys: keys) }, nowPage = PageUnits(file.translation, keys: keys)
        let now = SectionContent(file.translation), byID = file.translation.indexByID()
        return candidates.filter { k in
            let entry = file.sections[k]
            let unchanged: Bool
            if let unit = entry.unit {
                unchanged = thenPage?[unit].map { $0.hash == nowPage[unit]?.hash } ?? false
            } else {
                let id = entry.id!
                unchanged = thenByID[id].map { old in then!.hash(of: old) == now.hash(of: byID[id]!) } ?? false
            }
            if unchanged && entry.status == .stale {
                warnings.append(.warning(.translation, line: entry.line ?? 1, "'\(entry.id ?? "")' is stale and its translation did not change since HEAD: not stamped (name it with --id, or give --all)"))
            }
            return !unchanged
        }
    }

    // MARK: --set-base

    public struct SetBaseRequest {
        public var layout: TranslationLayout
        /// Only the translated files under these absolute paths; empty: every target.
        public var only: [String] = []
        public var revision: String
        public init(layout: TranslationLayout, revision: String) {
            self.layout = layout
            self.revision = revision
        }
    }

    public struct BaseSetting {
        /// The commit `revision` names, as written.
        public var commit: String
        /// Each page given the commit (the rewrite) or left as it is, with why (`kept`: not every
        /// unit is fresh; the units that are not).
        public var written: [(path: String, result: RewriteResult)] = []
        public var kept: [(path: String, statuses: [TranslationState: Int])] = []
    }

    /// REV, resolved to its commit, written into the base key of every translated page whose units
    /// are all fresh (or local), and of no other: once the source's pinning commit has landed, the
    /// project's own drift check (which diffs the source since the recorded revision) agrees with
    /// `status` again, and a drifted page keeps its old revision.
    public func translationSetBase(_ request: SetBaseRequest) throws -> BaseSetting {
        guard let revisions else { throw Diagnostic.file("git", "no history: --set-base needs a git work tree") }
        guard let commit = try revisions.lookup(revisions: [request.revision], files: []).commits.first ?? nil else {
            throw Diagnostic.file("git", "'\(request.revision)' is not a commit here")
        }
        let layout = request.layout
        let pairs = translationPairs(layout, only: request.only).filter { $0.targetExists && $0.sourceExists }
        var errors: [Diagnostic] = []
        let (parsed, sources) = parseTranslationFiles(pairs, keys: layout.frontMatter, errors: &errors)
        if let first = errors.first { throw first }
        var setting = BaseSetting(commit: commit)
        for pair in pairs {
            guard let translation = parsed[pair.target] else { continue }
            let units = TranslationStatus.compare(source: sources[pair.source], translation: translation, keys: layout.frontMatter)
            let other = units.filter { $0.status != .fresh && $0.status != .local }
            guard other.isEmpty else {
                setting.kept.append((pair.target, Dictionary(other.map { ($0.status, 1) }, uniquingKeysWith: +)))
                continue
            }
            // Parsed again for rewriting: the run's parse keeps no fingerprints.
            let outline = try self.outline(try read(pair.target), path: pair.target, [.rewriting], dialect: translation.dialect)
            let result = try Run.about(pair.target) { try BaseKey.set(layout.baseKey, to: commit, in: outline) }
            if !result.rewrite.isIdentity || !result.diagnostics.isEmpty { setting.written.append((pair.target, result)) }
        }
        return setting
    }
}
