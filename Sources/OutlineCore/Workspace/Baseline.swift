#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The findings that already existed at a revision (format.md §12): `check --since REV` and
/// `links --since REV` fail only on what the change broke. A finding's key is its file (after the
/// renames git sees), its kind, its subject (a link's destination as written, a section's ID, a
/// heading's title, a TOC block's ordinal) and, for a link, its outcome (why it is broken: no such
/// file is another outcome than no such heading), never its line or wording; keys are counted, so
/// that of n findings with a key at REV and m now, the first min(n, m) now are existing. Findings
/// that exist only by comparison with REV (a removed anchor, a slug takeover) are always new. The
/// files are checked at REV as the site published them then: its pages at REV (a page moved since
/// is where it was), its configuration and `.outline.toml` at REV (a change to either changes every
/// file they govern). A file whose bytes, configuration and link targets are unchanged since REV
/// keeps its findings without being checked at REV.
extension Run {
    struct BaselineKey: Hashable {
        let path: String
        let kind: Diagnostic.Kind
        let subject: Diagnostic.Subject?
        let reason: LinkReason?
    }

    /// `findings` (of the files `files` now) with `isNew` set: existing at the history's revision
    /// or not. `request` is the check that made them (its files, configurations and options).
    /// `outcomes`: whether a link's outcome is part of its key (`links --since` matches the links it
    /// cannot repair, which carry none, with the broken links of REV by file and destination).
    func markNew(_ findings: [Diagnostic], request: CheckRequest, history: History, resolver: LinkResolver,
                 outlines: [Outline?], localLinks: [[(line: Int, link: LocalLink)]], outcomes: Bool = true) throws -> [Diagnostic] {
        let tree = history.tree
        let files = request.files
        guard tree.exists else { return findings.map { var d = $0; d.isNew = true; return d } }
        // Each given file's version at REV (renames followed) and whether it, and what its links
        // point into, are as they were.
        let given = files.indices.filter { files[$0] != "-" }
        let oldPaths = given.map { tree.oldPath(of: resolver.canonical(files[$0])) }
        var targets: [[String]] = Array(repeating: [], count: files.count)
        for k in given { targets[k] = resolver.paths(of: localLinks[k], file: files[k], config: request.configs[k]).map(resolver.canonical) }
        let targetPaths = Array(Set(targets.joined()))
        let targetOld = targetPaths.map { tree.relativePath(of: $0) }
        // Every old version this needs, in one batch.
        let wanted = oldPaths.compactMap { $0 } + targetOld.compactMap { $0 }
        let oldBytes = Dictionary(zip(wanted, try tree.contents(ofOldPaths: wanted)), uniquingKeysWith: { a, _ in a })
        var unchangedTarget: [String: Bool] = [:]
        for (k, path) in targetPaths.enumerated() {
            let then = targetOld[k].flatMap { oldBytes[$0] ?? nil }
            let now: [UInt8]?
            switch resolver.prepared(path) {
            case .markdown:
                now = resolver.document(path)?.outline.source.bytes
            case .missing, .directory:
                now = nil
            default:
                // Another file: whether it exists is all a link needs of it.
                unchangedTarget[path] = then != nil
                continue
            }
            unchangedTarget[path] = then == now
        }
        // Each file's configuration as it was at REV, where its `.outline.toml` or its site's
        // configuration changed since (nil: as now).
        var configsThen = RevisionConfigurations(tree: tree, store: store, commandLine: request.commandLine)
        let thenConfig = given.map { try? configsThen.configuration(request.configs[$0], for: resolver.canonical(files[$0])) }
        var evaluate: [Int] = []
        var settled = Set<String>()   // files whose findings all existed: unchanged, and so are their configuration and targets
        for (j, k) in given.enumerated() {
            let now = outlines[k]?.source.bytes
            let same = oldPaths[j] == tree.relativePath(of: resolver.canonical(files[k])) && oldPaths[j].flatMap { oldBytes[$0] ?? nil } == now
            // A link the site resolves by its pages (a URL, a label) depends on every page: its
            // outcome at REV is asked of the site at REV, not assumed from the file's own bytes.
            let name = Run.displayName(files[k])
            let bySite = findings.contains { $0.path == name && ($0.reason == .notPublished || $0.reason == .noLabel) }
            if same && !bySite && thenConfig[j] == .some(nil) && targets[k].allSatisfy({ unchangedTarget[$0] == true }) { settled.insert(name) } else { evaluate.append(j) }
        }
        // The changed files checked as they were at REV, each under its name now.
        var then: [BaselineKey: Int] = [:]
        let evaluated = evaluate.filter { oldPaths[$0].flatMap { oldBytes[$0] ?? nil } != nil }
        if !evaluated.isEmpty {
            let store = RevisionFiles(tree: tree, current: self.store, prefetched: oldBytes)
            let oldFiles = evaluated.map { tree.displayPath(oldPaths[$0]!) }
            var old = CheckRequest(files: oldFiles, configs: evaluated.map { (thenConfig[$0] ?? nil) ?? request.configs[given[$0]] })
            old.links = request.links
            old.root = request.root
            old.moreProfiles = request.moreProfiles
            old.fragmentCaseIsError = request.fragmentCaseIsError
            old.state = request.state
            let report = try Run(store: store, lifetime: lifetime).check(old)
            let nameNow = Dictionary(zip(oldFiles, evaluated.map { Run.displayName(files[given[$0]]) }), uniquingKeysWith: { a, _ in a })
            for d in report.reported {
                guard let path = d.path, let now = nameNow[path] else { continue }
                then[BaselineKey(path: now, kind: d.kind, subject: d.subject, reason: outcomes ? d.reason : nil), default: 0] += 1
            }
        }
        return findings.map { d in
            var d = d
            if d.kind == .removedAnchor || d.kind == .slugTakeover {
                d.isNew = true
            } else if let path = d.path, settled.contains(path) {
                d.isNew = false
            } else {
                let key = BaselineKey(path: d.path ?? "", kind: d.kind, subject: d.subject, reason: outcomes ? d.reason : nil)
                if let n = then[key], n > 0 { then[key] = n - 1; d.isNew = false } else { d.isNew = true }
            }
            return d
        }
    }
}

/// The files of a revision as a `DocumentStore`, named as the run names files now: what a check
/// at REV reads (the old versions prefetched in one batch; a file asked later is fetched then).
final class RevisionFiles: DocumentStore, @unchecked Sendable {
    private let tree: RevisionTree
    private let current: DocumentStore
    private var bytes: [String: [UInt8]?]
    private var lock = pthread_mutex_t()

    init(tree: RevisionTree, current: DocumentStore, prefetched: [String: [UInt8]?]) {
        self.tree = tree
        self.current = current
        self.bytes = prefetched
        pthread_mutex_init(&lock, nil)
    }

    private func old(_ path: String) -> [UInt8]? {
        guard let relative = tree.relativePath(of: path) else { return nil }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let known = bytes[relative] { return known }
        let fetched = (try? tree.contents(ofOldPaths: [relative]))?.first ?? nil
        bytes[relative] = .some(fetched)
        return fetched
    }

    /// Whether a path named a file or directory at REV (the tree's answer, asked under the lock:
    /// the store is read from every thread of a run).
    private func existed(_ path: String) -> Bool {
        guard let relative = tree.relativePath(of: path) else { return false }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return tree.existed(tree.displayPath(relative))
    }

    /// The revision's own files (a page moved since is listed where it was then).
    func markdownFiles(in folder: String) -> [String] { tree.markdownFiles(under: folder) }
    func contents(of path: String) -> [UInt8]? { old(path) }
    func read(_ path: String) throws -> [UInt8] {
        guard let bytes = old(path) else { throw Diagnostic.file(path, "did not exist at \(tree.name)") }
        return bytes
    }
    func kind(of path: String) -> StoredKind { old(path) != nil ? .file : existed(path) ? .directory : .missing }
    func configuration(for folder: String) -> Config { current.configuration(for: folder) }
    func resolvedPath(_ path: String) -> String? { current.resolvedPath(path) }
    func safeRoots(for directory: String) -> [String] { current.safeRoots(for: directory) }
    func topLevel() -> String { current.topLevel() }
}
