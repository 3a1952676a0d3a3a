/// `outline translation adopt` as one run (format.md §17): each translated file of the layout's
/// targets aligned to its source file, the source's IDs written on the sections that align, and
/// `source=` recorded, for them and for the page's units, as the source was at the revision the page
/// was translated from: the one its front matter records (`[translation] base-key`), else `--base`,
/// else the translation file's last commit (the assumption Kubernetes' lsync makes); or as it is now
/// with `assumeFresh`. Revisions are read in one `git cat-file --batch`, history in one `git log`.
extension Run {
    public struct AdoptRequest {
        public var layout: TranslationLayout
        /// Only the translated files under these absolute paths; empty: every target.
        public var only: [String] = []
        public var assumeFresh = false
        /// `--base REV`: the revision of the pages that record none of their own.
        public var base: String? = nil
        /// Commits of history read at most to find a translation's last commit: by default all of it,
        /// since a page may not have been touched for years.
        public var history = FileLog.unlimited
        public init(layout: TranslationLayout) {
            self.layout = layout
        }
    }

    public struct AdoptedFile {
        /// The translated file (absolute, as the layout gives it).
        public var path: String
        public var result: RewriteResult
        /// Sections given an ID, and sections left without one (each also a warning in `result`).
        public var aligned: Int
        public var unaligned: Int
        /// The revision `source=` was recorded from (nil: none, the units stay untracked; "" with
        /// `assumeFresh`: the source now).
        public var revision: String?
    }

    /// Where a page's source was taken from.
    enum Origin {
        case now
        /// A revision: recorded in the page's front matter (with the key's line), or `--base`.
        case revision(String, line: Int?, recorded: Bool)
        case lastCommit
    }

    public func translationAdopt(_ request: AdoptRequest) throws -> [AdoptedFile] {
        let layout = request.layout
        let pairs = translationPairs(layout, only: request.only).filter { $0.targetExists && $0.sourceExists }
        var files: [(translation: Outline, source: Outline, origin: Origin)] = []
        for pair in pairs {
            let configuration = store.configuration(for: Workspace.directory(of: pair.target))
            let translation = try outline(try read(pair.target), path: pair.target, [.rewriting], dialect: configuration.dialect(for: pair.target))
            let sourceConfiguration = store.configuration(for: Workspace.directory(of: pair.source))
            let source = try outline(try read(pair.source), path: pair.source, [.links], dialect: sourceConfiguration.dialect(for: pair.source))
            let front = FrontMatterValues(translation)
            let origin: Origin = request.assumeFresh ? .now
                : front.word(layout.baseKey).map { .revision($0, line: front.line(of: layout.baseKey), recorded: true) }
                ?? request.base.map { .revision($0, line: nil, recorded: false) } ?? .lastCommit
            files.append((translation, source, origin))
        }
        var warnings = [[Diagnostic]](repeating: [], count: pairs.count)
        var then = [Outline?](repeating: nil, count: pairs.count)
        var revision = [String?](repeating: nil, count: pairs.count)
        try sourcesAtRevisions(pairs, files.map(\.origin), layout: layout, into: &then, revision: &revision, warnings: &warnings)
        if files.contains(where: { if case .lastCommit = $0.origin { return true } else { return false } }) {
            var atLast: [String: (Outline?, String)] = [:]
            var problem: String? = nil
            do { atLast = try sourcesAtLastCommit(pairs, layout: layout, limit: request.history) } catch let error as Diagnostic { problem = error.message }
            for (k, file) in files.enumerated() {
                guard case .lastCommit = file.origin else { continue }
                if let (old, commit) = atLast[pairs[k].target], let old {
                    then[k] = old
                    revision[k] = commit
                    continue
                }
                let why = problem.map { "no history (\($0))" } ?? "the file has no commit\(request.history < FileLog.unlimited ? " in the last \(request.history) commits" : "")"
                warnings[k].append(.warning(.translation, "\(why) and its front matter records no \(layout.baseKey): source= not recorded, its sections stay untracked (give --base REV, the revision it was translated from, or --assume-fresh if it is current)"))
            }
        }
        var adopted: [AdoptedFile] = []
        for (k, pair) in pairs.enumerated() {
            let (translation, source, origin) = files[k]
            if case .now = origin { then[k] = source; revision[k] = "" }
            let language = layout.trees[pair.tree].language
            let profile = store.configuration(for: Workspace.directory(of: pair.source)).profile
            let aligned = SectionAlignment.align(source: SectionAlignment.items(source, slugs: source.headingSlugs(profile)),
                                                 target: SectionAlignment.items(translation, language: language))
            let old = then[k]
            let sourceThen = old.map(SectionContent.init), thenByID = old?.indexByID() ?? [:]
            var assignments: [Int: (id: String, hash: UInt32?)] = [:]
            var partner: [Int: Int] = [:]
            for p in aligned where !translation.sections[p.target].anchored { partner[p.target] = p.source }
            for (t, section) in translation.sections.enumerated() where !section.anchored {
                guard let s = partner[t] else {
                    warnings[k].append(.warning(.translation, line: section.heading.firstLine + 1, "'\(section.title)' could not be aligned to a section of its source: no ID written (unaligned; a section only the translation has takes an ID of its own with source=none)"))
                    continue
                }
                let id = source.sections[s].id
                guard source.sections[s].anchored else {
                    warnings[k].append(.warning(.translation, line: section.heading.firstLine + 1, "'\(section.title)' aligns with '\(source.sections[s].title)', which has no anchor in the source: pin the source first (outline id -w)"))
                    continue
                }
                var hash: UInt32? = nil
                if let sourceThen, let was = thenByID[id] {
                    hash = sourceThen.hash(of: was)
                } else if sourceThen != nil {
                    warnings[k].append(.warning(.translation, line: section.heading.firstLine + 1, "'\(id)' was not in the source at \(revision[k].map { $0.isEmpty ? "now" : String($0.prefix(12)) } ?? "then"): source= not recorded (untracked)"))
                }
                assignments[t] = (id, hash)
            }
            // The page's units: each the translation has and its record does not, as the source had it
            // then; `none` for one the source had neither then nor now (the translator's own: a
            // description only the translation gives).
            var page: [(unit: PageUnit, stamp: UInt32?)] = []
            if let old {
                let then = PageUnits(old, keys: layout.frontMatter), now = PageUnits(source, keys: layout.frontMatter)
                for unit in PageUnits(translation, keys: layout.frontMatter).units where translation.pageRecord?.attribute(unit.unit.key) == nil {
                    if let hash = then[unit.unit]?.hash { page.append((unit.unit, hash)) } else if now[unit.unit] == nil { page.append((unit.unit, nil)) }
                }
            }
            var result = try Run.about(pair.target) { try TranslationAdopt.apply(translation, assignments: assignments, page: page) }
            result.diagnostics += warnings[k]
            adopted.append(AdoptedFile(path: pair.target, result: result, aligned: assignments.count,
                                       unaligned: translation.sections.indices.filter { !translation.sections[$0].anchored && assignments[$0] == nil }.count,
                                       revision: revision[k]))
        }
        return adopted
    }

    /// The source file of each pair whose origin is a revision, as it was there (renames since
    /// followed through the source tree's history, read only when a file is not at its old path):
    /// a revision this clone lacks, or a file that did not exist then, is a warning.
    func sourcesAtRevisions(_ pairs: [TranslationPair], _ origins: [Origin], layout: TranslationLayout, into then: inout [Outline?],
                            revision: inout [String?], warnings: inout [[Diagnostic]]) throws {
        var wanted: [(pair: Int, revision: String, line: Int?, recorded: Bool)] = []
        for (k, origin) in origins.enumerated() { if case .revision(let rev, let line, let recorded) = origin { wanted.append((k, rev, line, recorded)) } }
        guard !wanted.isEmpty else { return }
        guard let revisions else {
            for w in wanted { warnings[w.pair].append(.warning(.translation, line: w.line, "no history (not a git work tree): source= not recorded, its sections stay untracked")) }
            return
        }
        let names = Array(Set(wanted.map(\.revision))).sorted()
        let sourcePaths = wanted.map { store.resolvedPath(pairs[$0.pair].source) ?? pairs[$0.pair].source }
        var (commits, found) = try revisions.lookup(revisions: names, files: wanted.indices.map { (wanted[$0].revision, sourcePaths[$0]) })
        let commitOf = Dictionary(uniqueKeysWithValues: zip(names, commits))
        // Files not at their path then, in a revision that exists: renamed since?
        let renamed = wanted.indices.filter { found[$0] == nil && commitOf[wanted[$0].revision]! != nil }
        if !renamed.isEmpty, let log = try? revisions.fileLog(under: [layout.source.directory], limit: FileLog.unlimited) {
            var requests: [(revision: String, path: String)] = [], owners: [Int] = []
            for w in renamed {
                guard let relative = log.relative(sourcePaths[w]) else { continue }
                for name in log.names(of: relative).dropFirst() { requests.append((wanted[w].revision, log.root + "/" + name)); owners.append(w) }
            }
            let (_, older) = try revisions.lookup(revisions: [], files: requests)
            for (n, w) in owners.enumerated() where found[w] == nil { found[w] = older[n] }
        }
        for (n, w) in wanted.enumerated() {
            guard let commit = commitOf[w.revision]! else {
                warnings[w.pair].append(.warning(.translation, line: w.line, "\(w.recorded ? layout.baseKey : "--base") '\(w.revision)' is not a commit of this clone (shallow, or rebased since?): source= not recorded, its sections stay untracked"))
                continue
            }
            guard let bytes = found[n] else {
                warnings[w.pair].append(.warning(.translation, line: w.line, "\(Run.displayName(pairs[w.pair].source)) did not exist at \(w.revision): source= not recorded, its sections stay untracked"))
                continue
            }
            let source = pairs[w.pair].source
            then[w.pair] = try? Outline(parsing: bytes, [], dialect: store.configuration(for: Workspace.directory(of: source)).dialect(for: source))
            revision[w.pair] = commit
        }
    }

    /// For each pair's translated file: its source file's version as of the translation file's last
    /// commit, parsed (nil inside: the source did not exist then), with that commit; a file without a
    /// commit in the history read is absent. One `git log` over the source and target trees, one
    /// `git cat-file --batch`.
    func sourcesAtLastCommit(_ pairs: [TranslationPair], layout: TranslationLayout, limit: Int) throws -> [String: (Outline?, String)] {
        guard let revisions else { throw Diagnostic.file("git", "not a git work tree") }
        let log = try revisions.fileLog(under: layout.trees.map(\.directory), limit: limit)
        var wanted: [String: (FileLog.Version?, String)] = [:]
        for pair in pairs {
            guard let target = log.relative(store.resolvedPath(pair.target) ?? pair.target),
                  let last = log.versions(of: target).first,
                  let source = log.relative(store.resolvedPath(pair.source) ?? pair.source) else { continue }
            wanted[pair.target] = (FileLog.version(log.versions(of: source), asOf: last.commit), log.commits[last.commit].name.commit)
        }
        let blobs = try revisions.blobs(Array(Set(wanted.values.compactMap(\.0?.blob))).sorted())
        var parsed: [String: (Outline?, String)] = [:]
        for pair in pairs {
            guard let (version, commit) = wanted[pair.target] else { continue }
            let dialect = store.configuration(for: Workspace.directory(of: pair.source)).dialect(for: pair.source)
            parsed[pair.target] = (version.flatMap { blobs[$0.blob] }.flatMap { try? Outline(parsing: $0, [], dialect: dialect) }, commit)
        }
        return parsed
    }
}
