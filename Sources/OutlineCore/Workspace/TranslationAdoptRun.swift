/// `outline translation adopt` as one run (format.md §17): each translated file of the layout's
/// targets aligned to its source file, the source's IDs written on the sections that align, and
/// `source=` recorded as the source section was when the translation file was last committed (the
/// assumption Kubernetes' lsync makes), or as it is now with `assumeFresh`. History is read once.
extension Run {
    public struct AdoptRequest {
        public var layout: TranslationLayout
        /// Only the translated files under these absolute paths; empty: every target.
        public var only: [String] = []
        public var assumeFresh = false
        /// Commits of history read at most to find each translation's last commit.
        public var history = 1000
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
    }

    public func translationAdopt(_ request: AdoptRequest) throws -> [AdoptedFile] {
        let layout = request.layout
        let pairs = translationPairs(layout, only: request.only).filter { $0.targetExists && $0.sourceExists }
        // The source of each pair as it was at the translation file's last commit.
        var then: [String: Outline?] = [:]
        var historyProblem: String? = nil
        if !request.assumeFresh {
            do {
                then = try sourcesAtLastCommit(pairs, layout: layout, limit: request.history)
            } catch let error as Diagnostic {
                historyProblem = error.message
            }
        }
        var adopted: [AdoptedFile] = []
        for pair in pairs {
            let configuration = store.configuration(for: Workspace.directory(of: pair.target))
            let translation = try outline(try read(pair.target), path: pair.target, [.rewriting], dialect: configuration.dialect(for: pair.target))
            let source = try outline(try read(pair.source), path: pair.source,
                                     dialect: store.configuration(for: Workspace.directory(of: pair.source)).dialect(for: pair.source))
            let language = layout.trees[pair.tree].language
            let aligned = SectionAlignment.align(source: SectionAlignment.items(source),
                                                 target: SectionAlignment.items(translation, language: language))
            var warnings: [Diagnostic] = []
            let old: Outline? = request.assumeFresh ? source : (then[pair.target] ?? nil)
            if old == nil {
                let why = historyProblem.map { "no history (\($0))" } ?? "the file has no commit in the history read"
                warnings.append(.warning(.translation, "\(why): source= not recorded, its sections stay untracked (--assume-fresh records the source as it is now)"))
            }
            let sourceNow = SectionContent(source)
            let sourceThen = old.map(SectionContent.init), thenByID = old?.indexByID() ?? [:]
            var assignments: [Int: (id: String, hash: UInt32?)] = [:]
            var partner: [Int: Int] = [:]
            for p in aligned where !translation.sections[p.target].anchored { partner[p.target] = p.source }
            for (k, section) in translation.sections.enumerated() where !section.anchored {
                guard let s = partner[k] else {
                    warnings.append(.warning(.translation, line: section.heading.firstLine + 1, "'\(section.title)' could not be aligned to a section of its source: no ID written (unaligned; a section only the translation has takes an ID of its own with source=none)"))
                    continue
                }
                let id = source.sections[s].id
                guard source.sections[s].anchored else {
                    warnings.append(.warning(.translation, line: section.heading.firstLine + 1, "'\(section.title)' aligns with '\(source.sections[s].title)', which has no anchor in the source: pin the source first (outline id -w)"))
                    continue
                }
                var hash: UInt32? = nil
                if request.assumeFresh {
                    hash = sourceNow.hash(of: s)
                } else if let sourceThen, let was = thenByID[id] {
                    hash = sourceThen.hash(of: was)
                } else if sourceThen != nil {
                    warnings.append(.warning(.translation, line: section.heading.firstLine + 1, "'\(id)' was not in the source when the translation was last committed: source= not recorded (untracked)"))
                }
                assignments[k] = (id, hash)
            }
            var result = try Run.about(pair.target) { try TranslationAdopt.apply(translation, assignments: assignments) }
            result.diagnostics += warnings
            adopted.append(AdoptedFile(path: pair.target, result: result, aligned: assignments.count,
                                       unaligned: translation.sections.indices.filter { !translation.sections[$0].anchored && assignments[$0] == nil }.count))
        }
        return adopted
    }

    /// For each pair's translated file: its source file's version as of the translation file's last
    /// commit, parsed (nil inside: the translation has no commit, or the source did not exist then).
    /// One `git log` over the source and target trees, one `git cat-file --batch`.
    func sourcesAtLastCommit(_ pairs: [TranslationPair], layout: TranslationLayout, limit: Int) throws -> [String: Outline?] {
        guard let revisions else { throw Diagnostic.file("git", "not a git work tree") }
        let log = try revisions.fileLog(under: layout.trees.map(\.directory), limit: limit)
        var wanted: [String: FileLog.Version] = [:]
        for pair in pairs {
            guard let target = log.relative(store.resolvedPath(pair.target) ?? pair.target),
                  let last = log.versions(of: target).first,
                  let source = log.relative(store.resolvedPath(pair.source) ?? pair.source),
                  let version = FileLog.version(log.versions(of: source), asOf: last.commit) else { continue }
            wanted[pair.target] = version
        }
        let blobs = try revisions.blobs(Array(Set(wanted.values.map(\.blob))).sorted())
        var parsed: [String: Outline?] = [:]
        for pair in pairs {
            guard let version = wanted[pair.target], let bytes = blobs[version.blob] else {
                parsed[pair.target] = .some(nil)
                continue
            }
            let dialect = store.configuration(for: Workspace.directory(of: pair.source)).dialect(for: pair.source)
            parsed[pair.target] = .some(try? Outline(parsing: bytes, [], dialect: dialect))
        }
        return parsed
    }
}
