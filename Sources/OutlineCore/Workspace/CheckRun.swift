/// `outline check` as one workspace operation (format.md §7, §8): every file read, parsed and checked
/// on its own, in parallel; then the links across the files (every path they point to looked up
/// once), the repairs that broken links could get, and the anchors of older versions (`--against`,
/// or the history of `--since`, read once).
extension Workspace {
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
        /// `--allow-removed` and the configuration's: removals of matching IDs are accepted.
        public var allowed: [Glob] = []

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
        /// Files that could not be read or parsed: the run stops with them (exit 2), no findings.
        public var errors: [Diagnostic] = []
    }

    public func check(_ request: CheckRequest) throws -> CheckReport {
        let files = request.files, since = request.since
        let checkLinks = request.links, profile = request.profile
        let configs = request.configs, state = request.state
        // A small document's tree is in its thread's arena, gone at once after the parse; a large
        // one's is freed too unless it is the only one (then it is left to process exit).
        let single = files.count == 1
        typealias Checked = (outline: Outline, findings: [Diagnostic], links: [(line: Int, link: LocalLink)], targets: LinkedDocument?)
        let lookup = PathLookup(profile: profile, store: store, root: request.root)
        kept.append(lookup)
        let perFile = try each(files) { k, path, bytes -> Checked in
            let name = Workspace.displayName(path)
            let config = configs[k]
            let outline = try Workspace.about(path) {
                try Outline(parsing: bytes, lastInProcess: single, links: checkLinks || TableOfContents.mayHaveMarkers(bytes))
            }
            var found = Check.findings(outline, path: name, config: config)
            if let state { found += Check.missingFolded(state, in: outline, name: name) }
            // Its local links, found in the same pass.
            let links = checkLinks ? LinkCheck.localLinks(of: outline) : []
            // A file with same-file links is a link target: its targets made here, with its parse, not
            // in a round of their own.
            let targets = path != "-" && links.contains { $0.link.path.isEmpty }
                ? LinkedDocument(path: lookup.canonical(path), outline: outline, profile: profile) : nil
            return (outline, found, links, targets)
        }
        kept.append(perFile)
        var report = CheckReport()
        // Each file's outline by its index (a map by name is made only for history, which asks by name).
        var outlines: [Outline?] = []
        var targets: [LinkedDocument] = []
        var made = [Bool](repeating: false, count: files.count)
        var localLinks: [[(line: Int, link: LocalLink)]] = []
        var ownFindings: [[Diagnostic]] = []
        outlines.reserveCapacity(files.count)
        localLinks.reserveCapacity(files.count)
        ownFindings.reserveCapacity(files.count)
        for (k, result) in perFile.enumerated() {
            switch result {
            case .success(let checked):
                outlines.append(checked.outline)
                if let document = checked.targets { targets.append(document); made[k] = true }
                ownFindings.append(checked.findings)
                localLinks.append(checked.links)
            case .failure(let error):
                report.errors.append(error)
                outlines.append(nil)
                localLinks.append([])
                ownFindings.append([])
            }
        }
        if !report.errors.isEmpty { return report }
        // With links, their check merges each file's own findings with its link findings.
        if !checkLinks { report.findings = Array(ownFindings.joined()) }
        if checkLinks {
            lookup.adopt(files: files, outlines: outlines, made: made)
            report.findings = try checkLinksAcross(request, links: lookup, outlines: outlines, targets: targets, localLinks: localLinks, ownFindings: ownFindings)
            if !request.moreProfiles.isEmpty {
                report.findings = try surfaces(request, outlines: outlines, localLinks: localLinks, findings: report.findings)
            }
        }
        // Older versions to keep anchors from: --against OLD, or each file at git revision REV.
        if let against = request.against {
            let old = try Workspace.about(against.name) { try Outline(parsing: against.bytes) }
            report.findings += Removals.findings([.init(oldName: Workspace.displayName(against.name), old: old,
                                                        newName: Workspace.displayName(files[0]), new: outlines[0])], allowed: request.allowed)
        } else if let since {
            let history = try self.history(since)
            let current = Dictionary(zip(files, outlines), uniquingKeysWith: { a, _ in a })
            let pairs = try history.pairs(files: files, operands: request.operands, excludes: request.excludes, hidden: request.hidden, current: { current[$0] ?? nil }, read: { [store] in try? store.read($0) })
            report.findings += Removals.findings(history.removalPairs(pairs, displayName: Workspace.displayName), allowed: request.allowed, revision: since)
        }
        // Warnings (a fragment that differs only in case, under the github profile) leave the exit
        // status alone, unless the configuration makes them findings.
        if request.fragmentCaseIsError {
            report.findings = report.findings.map { d in
                guard d.kind == .fragmentCase && d.severity == .warning else { return d }
                var d = d
                d.severity = .finding
                return d
            }
        }
        report.warnings = report.findings.filter { $0.severity == .warning }
        if !report.warnings.isEmpty { report.findings.removeAll { $0.severity == .warning } }
        kept.append((outlines, report.findings))
        return report
    }

    /// With several surfaces (`--slugs github,hugo`): the links checked under each further profile
    /// too. A link broken on every surface keeps its one finding; one broken on some only is reported
    /// once, naming where it breaks and where it resolves.
    private func surfaces(_ request: CheckRequest, outlines: [Outline?], localLinks: [[(line: Int, link: LocalLink)]],
                          findings: [Diagnostic]) throws -> [Diagnostic] {
        let all = [request.profile] + request.moreProfiles
        // A broken link is the same link under every profile when its file, line and destination are.
        struct Key: Hashable { let path: String?; let line: Int?; let subject: Diagnostic.Subject }
        func key(_ d: Diagnostic) -> Key? {
            guard d.kind == .brokenLink, let subject = d.subject else { return nil }
            return Key(path: d.path, line: d.line, subject: subject)
        }
        // Which profiles each broken link breaks under, and its finding under the first of them.
        var brokenUnder: [Key: [SlugProfile]] = [:]
        var first: [Key: Diagnostic] = [:]
        for d in findings { if let k = key(d) { brokenUnder[k, default: []].append(request.profile); first[k] = d } }
        var added: [Diagnostic] = []
        for profile in request.moreProfiles {
            var single = request
            single.profile = profile
            single.moreProfiles = []
            single.since = nil
            let lookup = PathLookup(profile: profile, store: store, root: request.root)
            lookup.adopt(files: request.files, outlines: outlines)
            kept.append(lookup)
            let none = Array(repeating: [Diagnostic](), count: request.files.count)
            for d in try checkLinksAcross(single, links: lookup, outlines: outlines, targets: [], localLinks: localLinks, ownFindings: none, hints: false) {
                guard let k = key(d) else { continue }
                if brokenUnder[k] == nil { first[k] = d; added.append(d) }
                brokenUnder[k, default: []].append(profile)
            }
        }
        func named(_ d: Diagnostic) -> Diagnostic {
            guard let k = key(d), let under = brokenUnder[k], under.count < all.count else { return d }
            let resolves = all.filter { !under.contains($0) }
            let note = " (breaks under \(under.map(\.rawValue).joined(separator: ", ")); resolves under \(resolves.map(\.rawValue).joined(separator: ", ")))"
            var named = d
            named.message += note
            return named
        }
        let merged = findings.map(named) + added.map(named)
        // Each file's findings together, by line, as a single surface's are.
        let order = Dictionary(request.files.enumerated().map { (Workspace.displayName($0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
        let keyed = merged.enumerated().map { (file: order[$0.element.path ?? ""] ?? Int.max, line: $0.element.line ?? 0, offset: $0.offset) }
        return keyed.sorted { a, b in
            a.file != b.file ? a.file < b.file : a.line != b.line ? a.line < b.line : a.offset < b.offset
        }.map { merged[$0.offset] }
    }

    /// The link findings of a check, merged with each file's own findings (`ownFindings`), in file order and by line.
    /// `hints`: broken links name the repair that would fix them (not for a further surface).
    private func checkLinksAcross(_ request: CheckRequest, links: PathLookup, outlines: [Outline?], targets: [LinkedDocument],
                                  localLinks: [[(line: Int, link: LocalLink)]], ownFindings: [[Diagnostic]],
                                  hints: Bool = true) throws -> [Diagnostic] {
        let files = request.files, since = request.since, profile = request.profile
        links.add(targets)
        // Every file links point into (the linking file itself for a same-file link) read and given
        // its targets once, in parallel.
        // Asking git for the repository's root costs a process: only when a link needs it.
        let root = localLinks.contains { $0.contains { $0.link.path.hasPrefix("/") } } ? links.root : "."
        let wanted = Parallel.map(files.count) { k -> [String] in
            let own = files[k] != "-" && localLinks[k].contains { $0.link.path.isEmpty } ? [files[k]] : []
            return own + LinkCheck.paths(of: localLinks[k], path: Workspace.displayName(files[k]), root: root)
        }
        links.prepare(Array(wanted.joined()))
        // Each file's link findings; and, when all the file's findings are about it (the usual case),
        // all of them in line order, sorted here in parallel (a stable sort: the order within a line kept).
        var linkFindings = Parallel.map(files.count) { k -> (links: [Diagnostic], byLine: [Diagnostic]?) in
            guard let outline = outlines[k] else { return ([], nil) }
            let name = Workspace.displayName(files[k])
            var own: LinkTargets? = nil
            if files[k] != "-", case .markdown(let targets) = links.prepared(files[k]) { own = targets }
            let found = LinkCheck.documentFindings(outline, path: name, profile: profile, root: root, links: localLinks[k], own: own, lookup: links.prepared)
            guard (ownFindings[k] + found).allSatisfy({ $0.path == name }) else { return (found, nil) }
            return (found, Check.merged(ownFindings[k], links: found))
        }
        // A broken link that link repair can fix names its fix: the files that have one are checked
        // again with the repair's answers (the same findings in the same order, reasons replaced).
        // (Without --since, made only when a link is broken: finding the root may cost a git process.)
        let broken = hints && linkFindings.contains { $0.links.contains { $0.kind == .brokenLink } }
        let context = hints ? try since.map { try repairContext(try history($0), files: files, lookup: links) } ?? (broken ? links.context() : nil) : nil
        for k in files.indices where files[k] != "-" && linkFindings[k].links.contains(where: { $0.kind == .brokenLink }) {
            guard let context else { break }
            guard let outline = outlines[k], let document = links.document(files[k]) else { continue }
            let old = linkFindings[k].links.filter { $0.kind == .brokenLink }
            let hinted = LinkCheck.findings(outline, path: Workspace.displayName(files[k]), profile: profile, root: root, links: localLinks[k],
                                            repair: { LinkRepair.fix(for: $0, in: document, context: context, since: since) },
                                            lookup: links.lookup).filter { $0.kind == .brokenLink }
            // A file has one finding per line and destination (`LinkCheck.findings`): that is its key.
            guard hinted.count == old.count else { continue }
            struct Key: Hashable { let line: Int?; let subject: Diagnostic.Subject? }
            var replacement: [Key: Diagnostic] = [:]
            for b in hinted { replacement[Key(line: b.line, subject: b.subject)] = b }
            func patch(_ d: Diagnostic) -> Diagnostic { d.kind == .brokenLink ? replacement[Key(line: d.line, subject: d.subject)] ?? d : d }
            linkFindings[k] = (linkFindings[k].links.map(patch), linkFindings[k].byLine?.map(patch))
        }
        if since == nil, Set(files.map(Workspace.displayName)).count == files.count, linkFindings.allSatisfy({ $0.byLine != nil }) {
            // What the sort below gives, file by file: no two files print the same name, and no
            // finding is about another file. (The per-file arrays are left to process exit: freeing
            // tens of thousands of them is time the other cores would wait for.)
            kept.append(linkFindings)
            return Array(linkFindings.lazy.map { $0.byLine! }.joined())
        }
        var findings = Array(ownFindings.joined())
        findings += linkFindings.lazy.map(\.links).joined()
        // --since: links that still resolve, but to a section that took over their slug.
        if let since, let context {
            for path in files where path != "-" {
                guard let document = links.document(path) else { continue }
                findings += LinkRepair.takeovers(document, context: context, revision: since).map { $0.located(in: Workspace.displayName(path)) }
            }
        }
        // Each file's findings together, by line (a stable sort keeps the order within a line); the
        // keys computed once, not at every comparison.
        let order = Dictionary(files.enumerated().map { (Workspace.displayName($0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
        let keyed = findings.enumerated().map { (file: order[$0.element.path ?? ""] ?? Int.max, line: $0.element.line ?? 0, offset: $0.offset) }
        return keyed.sorted { a, b in
            a.file != b.file ? a.file < b.file : a.line != b.line ? a.line < b.line : a.offset < b.offset
        }.map { findings[$0.offset] }
    }
}
