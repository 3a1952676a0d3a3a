extension Run {
    /// The removed sections of `check --since REV` (or `--against`) under the request's policy
    /// (format.md §10): the acceptances given to the run, and with a revision the
    /// `Outline-Allow-Removed:` trailers of the commits between it and HEAD (read once, one git
    /// process); each refusal names the links of the checked tree that point at the section.
    func removalOutcome(_ removals: [Removals.FilePair], request: CheckRequest, history: History?, resolver: LinkResolver,
                        localLinks: [[(line: Int, link: LocalLink)]]) throws -> Removals.Outcome {
        var policy = request.removals
        if let history, history.exists {
            for (commit, message) in try history.tree.messagesSince() {
                for value in CommitTrailers.values(CommitTrailers.allowRemoved, in: Array(message.utf8)) {
                    policy.patterns += RemovalPattern.list(value, origin: .commit(String(commit.prefix(12))), fromTop: true).patterns
                }
            }
        }
        let files = request.files
        // Where each checked file's links lead, resolved once (file path, fragment, line), by the
        // canonical path they lead to.
        var into: [String: [(from: Int, line: Int, fragment: String)]] = [:]
        for (k, file) in files.enumerated() where file != "-" {
            let name = Run.displayName(file)
            let root = localLinks[k].contains { $0.link.path.hasPrefix("/") } ? resolver.root(for: file) : "."
            for (line, link) in localLinks[k] {
                guard let fragment = link.fragment, !fragment.isEmpty else { continue }
                let target = link.path.isEmpty ? name : LocalLink.resolve(link.path, from: name, root: root)
                into[resolver.canonical(target), default: []].append((k, line, fragment))
            }
        }
        var documents: [Int: LinkedDocument] = [:]
        func links(_ k: Int, _ id: String) -> [Removals.LinkPlace] {
            let pair = removals[k]
            guard let old = pair.old else { return [] }
            let names = Set(([pair.newName] + (pair.renamedFrom.map { [$0] } ?? [])).map(resolver.canonical))
            let candidates = names.flatMap { into[$0] ?? [] }
            guard !candidates.isEmpty else { return [] }
            let document = documents[k] ?? LinkedDocument(path: pair.newName, outline: old, profile: request.profile)
            documents[k] = document
            return candidates.filter { document.sectionByTarget[$0.fragment] == id }
                .map { Removals.LinkPlace(path: Run.displayName(files[$0.from]), line: $0.line) }
                .sorted { ($0.path, $0.line) < ($1.path, $1.line) }
        }
        return Removals.check(removals, policy: policy, revision: request.since, links: links)
    }
}

extension Run {
    /// A removal outcome into the check's report: refusals among the findings, bare IDs among the
    /// warnings (before the report sorts them out), what was accepted and what accepted nothing.
    func take(_ outcome: Removals.Outcome, into report: inout CheckReport) {
        report.findings += outcome.findings + outcome.warnings
        report.acceptedRemovals = outcome.accepted
        report.unusedAcceptances = outcome.unused
    }
}
