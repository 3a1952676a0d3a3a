/// `outline check` as one workspace operation (format.md §7, §8): every file read, parsed and checked
/// on its own, in parallel; then the links across the files (every path they point to looked up
/// once), the repairs that broken links could get, and the anchors of older versions (`--against`,
/// or the history of `--since`, read once).
extension Run {
    public struct CheckRequest {
        /// The files, as the run names them (`-`: standard input).
        public var files: [String]
        /// The operands they came from: a Markdown file of `since` gone from a directory operand has
        /// lost its anchors.
        public var operands: [String] = []
        /// Each file's configuration, the command line applied over it (same order as `files`).
        public var configs: [Config]
        /// `--state`: folded IDs of this sidecar that no longer exist are findings.
        public var state: SidecarFile? = nil
        public var links = true
        /// The profile links across files resolve with (and repairs are suggested for).
        public var profile: SlugProfile = .github
        /// `--slugs github,hugo`: the other surfaces; a link must resolve on each too, and one that
        /// breaks on some is reported naming them.
        public var moreProfiles: [SlugProfile] = []
        /// `--root`.
        public var root: String? = nil
        /// `--against`: the older version's name and bytes (one file only).
        public var against: (name: String, bytes: [UInt8])? = nil
        /// `--since REV`.
        public var since: String? = nil
        /// What a walk of the operands leaves out (for the files gone since `since`).
        public var excludes = Excludes([])
        /// The walk entered hidden directories (`--hidden`): so do the files gone since `since`.
        public var hidden = false
        /// `fragment-case = "error"`: a case-only fragment is a finding, not a warning.
        public var fragmentCaseIsError = false
        /// How removed sections are accepted (format.md §10): `--allow-removed`, the environment,
        /// the message being written, the configuration's `allow-removed` and `removed`; with
        /// `since`, the trailers of the commits between it and HEAD join them.
        public var removals = Removals.Policy()
        /// `--allow-stamp`: translated sections whose `source=` may change without their text.
        public var allowedStamps: [Glob] = []
        /// `--strict` (or the config's `strict`): with `since`, findings that existed at REV count
        /// too, as without a revision.
        public var strict = false
        /// What the command line sets over each file's configuration (format.md §13), applied again
        /// to a configuration read as it was at `since` (a `.outline.toml` changed since).
        public var commandLine: (@Sendable (inout Config) -> Void)? = nil

        public init(files: [String], configs: [Config]) {
            self.files = files
            self.configs = configs
        }
    }

    public struct CheckReport {
        /// In file order, each file's by line.
        public var findings: [Diagnostic] = []
        /// Said on standard error; the exit status does not change (`fragment-case`).
        public var warnings: [Diagnostic] = []
        /// The findings and the warnings together, in the order the text format would list them all:
        /// what the machine formats carry, each with its severity (format.md §12).
        public var reported: [Diagnostic] = []
        /// Files that could not be read or parsed: the run stops with them (exit 2), no findings.
        public var errors: [Diagnostic] = []
        /// Links a site's generator resolves in ways outline cannot know offline, by reason: counted
        /// for `--verbose`, never reported (format.md §16).
        public var skipped: [(reason: LinkSkip, count: Int)] = []
        /// With `--since` (not `--strict`): findings and warnings that existed at REV. They are in
        /// `reported` (marked `isNew == false`), not in `findings` or `warnings`.
        public var existing = 0
        /// Removed sections that were not refused (an acceptance, or `removed = "linked"`).
        public var acceptedRemovals: [Removals.Accepted] = []
        /// The request's acceptances that accepted no removal (what `--prune-allow-removed` lists).
        public var unusedAcceptances: [RemovalPattern] = []
    }

    public func check(_ request: CheckRequest) throws -> CheckReport {
        let files = request.files, since = request.since
        let checkLinks = request.links
        // A small document's tree is in its thread's arena, gone at once after the parse; a large
        // one's is freed too unless it is the only one (then it is left to process exit).
        let single = files.count == 1
        typealias Parsed = (outline: Outline, links: [(line: Int, link: LocalLink)], targets: LinkedDocument?)
        let resolver = self.resolver(root: request.root)
        let configs = request.configs
        let perFile = try each(files) { [self] k, path, bytes -> Parsed in
            let outline = try Run.about(path) {
                try Outline(parsing: bytes, checkLinks || TableOfContents.mayHaveMarkers(bytes) ? [.links] : [], last: last(single), dialect: configs[k].dialect(for: path))
            }
            // Its local links, found in the same pass.
            let links = checkLinks ? LinkCheck.localLinks(of: outline) : []
            // A file with same-file links is a link target: its targets made here, with its parse, not
            // in a round of their own.
            let targets = path != "-" && links.contains { $0.link.path.isEmpty }
                ? LinkedDocument(path: resolver.canonical(path), outline: outline, profile: configs[k].profile) : nil
            return (outline, links, targets)
        }
        lifetime.keep(perFile)
        var report = CheckReport()
        // Each file's outline by its index (a map by name is made only for history, which asks by name).
        var outlines: [Outline?] = []
        var targets: [LinkedDocument] = []
        var made = [Bool](repeating: false, count: files.count)
        var localLinks: [[(line: Int, link: LocalLink)]] = []
        outlines.reserveCapacity(files.count)
        localLinks.reserveCapacity(files.count)
        for (k, result) in perFile.enumerated() {
            switch result {
            case .success(let parsed):
                outlines.append(parsed.outline)
                if let document = parsed.targets { targets.append(document); made[k] = true }
                localLinks.append(parsed.links)
            case .failure(let error):
                report.errors.append(error)
                outlines.append(nil)
                localLinks.append([])
            }
        }
        if !report.errors.isEmpty { return report }
        if checkLinks { resolver.adopt(files: files, outlines: outlines, made: made) }
        report.findings = try findingsAcross(request, resolver: resolver, outlines: outlines, targets: targets, localLinks: localLinks)
        if checkLinks && !request.moreProfiles.isEmpty {
            report.findings = try surfaces(request, outlines: outlines, localLinks: localLinks, findings: report.findings)
        }
        // Older versions to keep anchors from: --against OLD, or each file at git revision REV.
        if let against = request.against {
            let old = try Run.about(against.name) { try Outline(parsing: against.bytes) }
            let pair = Removals.FilePair(oldName: Run.displayName(against.name), old: old, newName: Run.displayName(files[0]), new: outlines[0])
            take(try removalOutcome([pair], request: request, history: nil, resolver: resolver, localLinks: localLinks), into: &report)
        } else if let since {
            let history = try self.history(since)
            let current = Dictionary(zip(files, outlines), uniquingKeysWith: { a, _ in a })
            let pairs = try history.pairs(files: files, operands: request.operands, excludes: request.excludes, hidden: request.hidden, current: { current[$0] ?? nil }, read: { [store] in try? store.read($0) })
            var removals = history.removalPairs(pairs, displayName: Run.displayName)
            for k in removals.indices { removals[k].language = language(of: pairs[k].newPath ?? history.tree.displayPath(pairs[k].oldPath)) }
            take(try removalOutcome(removals, request: request, history: history, resolver: resolver, localLinks: localLinks), into: &report)
            report.findings += stampedUnchanged(pairs, since: since, allowed: request.allowedStamps)
            // Only what the change broke fails (format.md §12): the rest existed at REV.
            if !request.strict {
                report.findings = try markNew(report.findings, request: request, history: history, resolver: resolver,
                                              outlines: outlines, localLinks: localLinks)
            }
        }
        // One policy with the language server: case-only fragments promoted where configured,
        // links a site's rules skip counted, not reported.
        report.findings = FindingsPolicy.promoted(report.findings, fragmentCaseIsError: request.fragmentCaseIsError)
        (report.findings, report.skipped) = FindingsPolicy.skips(report.findings)
        report.reported = report.findings
        report.existing = report.findings.reduce(0) { $0 + ($1.isNew == false && $1.kind != .linkSkipped ? 1 : 0) }
        if report.existing > 0 { report.findings.removeAll { $0.isNew == false } }
        report.warnings = report.findings.filter { $0.severity == .warning }
        if !report.warnings.isEmpty { report.findings.removeAll { $0.severity == .warning } }
        lifetime.keep((outlines, report.findings))
        return report
    }

    /// With several surfaces (`--slugs github,hugo`): the links checked under each further profile
    /// too. A link broken on every surface keeps its one finding; one broken on some only is reported
    /// once, naming where it breaks and where it resolves.
    private func surfaces(_ request: CheckRequest, outlines: [Outline?], localLinks: [[(line: Int, link: LocalLink)]],
                          findings: [Diagnostic]) throws -> [Diagnostic] {
        var further: [(profile: SlugProfile, findings: [Diagnostic])] = []
        for profile in request.moreProfiles {
            var single = request
            single.profile = profile
            single.moreProfiles = []
            single.since = nil
            let resolver = self.resolver(root: request.root, forcedProfile: profile)
            resolver.adopt(files: request.files, outlines: outlines)
            further.append((profile, try findingsAcross(single, resolver: resolver, outlines: outlines, targets: [], localLinks: localLinks, onlyLinks: true)))
        }
        let merged = FindingsPolicy.merged(findings, further: further, surfaces: [request.profile] + request.moreProfiles)
        // Each file's findings together, by line, as a single surface's are.
        let order = Dictionary(request.files.enumerated().map { (Run.displayName($0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
        let keyed = merged.enumerated().map { (file: order[$0.element.path ?? ""] ?? Int.max, line: $0.element.line ?? 0, offset: $0.offset) }
        return keyed.sorted { a, b in
            a.file != b.file ? a.file < b.file : a.line != b.line ? a.line < b.line : a.offset < b.offset
        }.map { merged[$0.offset] }
    }

    /// Every finding of every file: each file's own and, with links, its link findings (through
    /// `resolver`), in file order and by line. `onlyLinks`: the link findings alone, without repair
    /// hints (a further surface of `--slugs a,b`).
    private func findingsAcross(_ request: CheckRequest, resolver: LinkResolver, outlines: [Outline?], targets: [LinkedDocument],
                                localLinks: [[(line: Int, link: LocalLink)]], onlyLinks: Bool = false) throws -> [Diagnostic] {
        let files = request.files, since = request.since, checkLinks = request.links
        if checkLinks {
            resolver.add(targets)
            // Every file links point into (the linking file itself for a same-file link) read and
            // given its targets once, in parallel. Asking git for the repository's root costs a
            // process: only when a link needs it.
            let configs = request.configs
            resolver.prepareRoutes(configs)
            let wanted = Parallel.map(files.count) { k -> [String] in
                let own = files[k] != "-" && localLinks[k].contains { $0.link.path.isEmpty } ? [files[k]] : []
                return own + resolver.paths(of: localLinks[k], file: files[k], config: configs[k])
            }
            resolver.prepare(Array(wanted.joined()))
            resolver.prepareSites(request.configs)
        }
        // Each file's findings; and, when they are all about that file (the usual case), in line
        // order, sorted here in parallel (a stable sort: the order within a line kept).
        let configs = request.configs, state = onlyLinks ? nil : request.state
        // Which files are translations (asked here, on the run's thread: the stores answer one at a time).
        let translated = files.indices.map { k in configs[k].translations.map { $0.isTranslation(store.resolvedPath(files[k]) ?? files[k]) } ?? false }
        var perFile = Parallel.map(files.count) { k -> (found: DocumentFindings, byLine: [Diagnostic]?) in
            guard let outline = outlines[k] else { return (DocumentFindings(own: [], links: nil), nil) }
            let name = Run.displayName(files[k])
            var own: LinkTargets? = nil
            if checkLinks, files[k] != "-", case .markdown(let targets) = resolver.prepared(files[k]) { own = targets }
            var config = configs[k]
            config.links = checkLinks
            var found = resolver.documentFindings(outline, path: files[k], name: name, config: config, state: state, links: localLinks[k], own: own, prepared: true,
                                                  translation: translated[k])
            if onlyLinks { found.own = [] }
            guard found.links != nil, (found.own + (found.links ?? [])).allSatisfy({ $0.path == name }) else { return (found, nil) }
            return (found, found.all)
        }
        // Without links, each file's own findings as they come.
        guard checkLinks else { return Array(perFile.lazy.map(\.found.own).joined()) }
        // A broken link that link repair can fix names its fix: the files that have one are checked
        // again with the repair's answers (the same findings in the same order, reasons replaced).
        // (Without --since, made only when a link is broken: finding the root may cost a git process.)
        func broken(_ k: Int) -> Bool { perFile[k].found.links?.contains { $0.kind == .brokenLink } == true }
        // Without history, a fix names a section by its anchored ID: where no document has an
        // anchor (a first run on a tree), there is none to look for.
        let context = onlyLinks ? nil : try since.map { try repairContext(try history($0), files: files, resolver: resolver) }
            ?? (files.indices.contains(where: broken) && resolver.holdsAnchors() ? resolver.context(for: ".") : nil)
        for k in files.indices where files[k] != "-" && broken(k) {
            guard let context else { break }
            guard let outline = outlines[k], let document = resolver.document(files[k]) else { continue }
            // Only the links a fix is named for are made again (no hint is looked for twice); none
            // when a fix would change more than a message (`LinkCheck.repairedLinks`).
            guard let hinted = resolver.repairedLinks(outline, path: files[k], name: Run.displayName(files[k]), config: request.configs[k], links: localLinks[k],
                                                      repair: { LinkRepair.fix(for: $0, in: document, context: context, since: since) }),
                  !hinted.isEmpty else { continue }
            // A file has one finding per line and destination (`LinkCheck.findings`): that is its key.
            struct Key: Hashable { let line: Int?; let subject: Diagnostic.Subject? }
            var replacement: [Key: Diagnostic] = [:]
            for b in hinted { replacement[Key(line: b.line, subject: b.subject)] = b }
            func patch(_ d: Diagnostic) -> Diagnostic { d.kind == .brokenLink ? replacement[Key(line: d.line, subject: d.subject)] ?? d : d }
            perFile[k].found.links = perFile[k].found.links!.map(patch)
            perFile[k].byLine = perFile[k].byLine?.map(patch)
        }
        if since == nil, Set(files.map(Run.displayName)).count == files.count, perFile.allSatisfy({ $0.byLine != nil }) {
            // What the sort below gives, file by file: no two files print the same name, and no
            // finding is about another file. (The per-file arrays are left to the run's lifetime:
            // freeing tens of thousands of them is time the other cores would wait for.)
            lifetime.keep(perFile)
            return Array(perFile.lazy.map { $0.byLine! }.joined())
        }
        var findings = Array(perFile.lazy.map(\.found.own).joined())
        findings += perFile.lazy.map { $0.found.links ?? [] }.joined()
        // --since: links that still resolve, but to a section that took over their slug.
        if let since, let context {
            for path in files where path != "-" {
                guard let document = resolver.document(path) else { continue }
                findings += LinkRepair.takeovers(document, context: context, revision: since).map { $0.located(in: Run.displayName(path)) }
            }
        }
        // Each file's findings together, by line (a stable sort keeps the order within a line); the
        // keys computed once, not at every comparison.
        let order = Dictionary(files.enumerated().map { (Run.displayName($0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
        let keyed = findings.enumerated().map { (file: order[$0.element.path ?? ""] ?? Int.max, line: $0.element.line ?? 0, offset: $0.offset) }
        return keyed.sorted { a, b in
            a.file != b.file ? a.file < b.file : a.line != b.line ? a.line < b.line : a.offset < b.offset
        }.map { findings[$0.offset] }
    }
}
