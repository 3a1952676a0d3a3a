/// The documents of a session and what links see of them (format.md §15): the Markdown files of some
/// folders, read through a `DocumentStore`, with open buffers winning over the files on disk, parsed
/// once each and kept until they change. The language server answers every request from one
/// `Workspace`; paths here are absolute.
public final class Workspace {
    public let store: DocumentStore
    public let revisions: RevisionStore?
    /// The folders served, absolute, without a trailing slash.
    public private(set) var folders: [String]
    /// The revision "old slugs" come from (format.md §15).
    public var baseRevision = "HEAD"

    struct Buffer {
        var bytes: [UInt8]
        var version: Int
    }
    private(set) var buffers: [String: Buffer] = [:]
    /// Each document parsed once, with its link targets: all that diagnostics need. The maps of a
    /// `LinkedDocument` (what repair and rename need) are built on first use, not on every keystroke.
    private var parsed: [String: (outline: Outline, targets: LinkTargets)] = [:]
    private var linked: [String: LinkedDocument] = [:]
    private var failed: [String: Diagnostic] = [:]
    private var discovered: [String]?
    private var old: [String: LinkedDocument?] = [:]
    private var configs: [String: Config] = [:]
    /// Each revision's history, read once.
    var histories: [String: History] = [:]
    /// What a run's answers still point into, kept to the end of the process (freeing a docs
    /// tree's parses one by one costs more than the run; the command line exits instead).
    public internal(set) var kept: [Any] = []

    public init(store: DocumentStore, revisions: RevisionStore? = nil, folders: [String]) {
        self.store = store
        self.revisions = revisions
        self.folders = folders.map(Workspace.trimmed)
    }

    static func trimmed(_ folder: String) -> String {
        var f = folder
        while f.count > 1 && f.hasSuffix("/") { f.removeLast() }
        return f
    }

    // MARK: buffers and files

    public func open(_ path: String, text: [UInt8], version: Int) {
        buffers[path] = Buffer(bytes: text, version: version)
        forget(path)
    }

    public func change(_ path: String, text: [UInt8], version: Int) {
        buffers[path] = Buffer(bytes: text, version: version)
        forget(path)
    }

    public func close(_ path: String) {
        buffers[path] = nil
        forget(path)
    }

    /// A file changed on disk (saved, created, deleted, renamed): read it again when next needed.
    public func fileChanged(_ path: String, createdOrDeleted: Bool = false) {
        forget(path)
        if createdOrDeleted || path.hasSuffix(Config.fileName) { discovered = nil; configs = [:] }
    }

    public func setFolders(_ folders: [String]) {
        self.folders = folders.map(Workspace.trimmed)
        discovered = nil
        configs = [:]
    }

    /// Parses replaced since the last `releaseRetired()`: freeing a large document's tree takes a few
    /// milliseconds, which the server spends after it has answered, not before.
    private var retired: [Any] = []

    /// Frees what edits replaced (the server calls it once its answers are out).
    public func releaseRetired() { retired.removeAll() }

    private func forget(_ path: String) {
        if let old = parsed[path] { retired.append(old) }
        if let old = linked[path] { retired.append(old) }
        parsed[path] = nil
        linked[path] = nil
        failed[path] = nil
    }

    public func isOpen(_ path: String) -> Bool { buffers[path] != nil }
    public func version(of path: String) -> Int? { buffers[path]?.version }

    /// The text of `path`: its open buffer, else the file on disk.
    public func text(of path: String) -> [UInt8]? {
        buffers[path]?.bytes ?? store.contents(of: path)
    }

    /// Every Markdown file of the workspace (the folders' files and the open buffers), sorted.
    public func files() -> [String] {
        if discovered == nil {
            var seen = Set<String>()
            var all: [String] = []
            for folder in folders { for f in store.markdownFiles(in: folder) where seen.insert(f).inserted { all.append(f) } }
            discovered = all
        }
        var all = discovered!
        let known = Set(all)
        for path in buffers.keys where !known.contains(path) && LocalLink.isMarkdown(path) { all.append(path) }
        return all.sorted()
    }

    /// The folder `path` belongs to (the longest that contains it), else its own directory.
    public func folder(of path: String) -> String {
        var best: String? = nil
        for f in folders where path.hasPrefix(f == "/" ? "/" : f + "/") && f.count > (best?.count ?? -1) { best = f }
        return best ?? Workspace.directory(of: path)
    }

    /// The directory part of an absolute path (`/` for a file at the top).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` as people read it: relative to its folder.
    public func display(_ path: String) -> String {
        let f = folder(of: path)
        let prefix = f == "/" ? "/" : f + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    public func configuration(for path: String) -> Config {
        let f = folder(of: path)
        if let known = configs[f] { return known }
        let c = store.configuration(for: f)
        configs[f] = c
        return c
    }

    public func profile(for path: String) -> SlugProfile { configuration(for: path).profile }

    // MARK: parsed documents

    /// The document at `path` as links see it; nil when there is no such Markdown file or it cannot be
    /// parsed (`parseFailure` says why).
    public func document(_ path: String) -> LinkedDocument? {
        if let known = linked[path] { return known }
        guard let (outline, targets) = parse(path) else { return nil }
        let doc = LinkedDocument(path: path, outline: outline, targets: targets)
        linked[path] = doc
        return doc
    }

    /// The document's outline (parsed with links) and targets, parsed once until it changes.
    func parse(_ path: String) -> (outline: Outline, targets: LinkTargets)? {
        if let known = parsed[path] { return known }
        if failed[path] != nil { return nil }
        guard let bytes = text(of: path) else { return nil }
        do {
            let outline = try Outline(parsing: bytes, links: true)
            let entry = (outline, LinkTargets(outline.links ?? LinkInventory(), profile: profile(for: path), source: outline.source))
            parsed[path] = entry
            return entry
        } catch let error as Diagnostic {
            failed[path] = error
        } catch {
            failed[path] = Diagnostic(.error, .parser, "\(error)")
        }
        return nil
    }

    public func parseFailure(_ path: String) -> Diagnostic? { failed[path] }

    /// What is at a path a link resolves to (absolute).
    public func destination(_ path: String) -> LinkCheck.Destination {
        if buffers[path] == nil {
            switch store.kind(of: path) {
            case .missing: return .missing
            case .directory: return .directory
            case .file, .failed: if !LocalLink.isMarkdown(path) { return .file }
            }
        }
        guard LocalLink.isMarkdown(path) else { return .file }
        if let (_, targets) = parse(path) { return .markdown(targets) }
        return .unreadable(failed[path]?.message ?? "cannot be read")
    }

    /// The version of `path` at the base revision, as links saw it then (nil without history).
    public func oldDocument(_ path: String) -> LinkedDocument? {
        if let known = old[path] { return known }
        var doc: LinkedDocument? = nil
        if let bytes = revisions?.contents(of: path, at: configuration(for: path).baseRevision ?? baseRevision), let outline = try? Outline(parsing: bytes, links: true) {
            doc = LinkedDocument(path: path, outline: outline, profile: profile(for: path))
        }
        old[path] = .some(doc)
        return doc
    }

    /// The context link repair and the link findings work in, over this workspace.
    public func linkContext(for path: String, history: Bool = false) -> LinkRepair.Context {
        var context = LinkRepair.Context(profile: profile(for: path), root: folder(of: path),
                                         lookup: { [unowned self] in self.destination($0) },
                                         document: { [unowned self] in self.document($0) })
        context.canonical = { LocalLink.normalize($0) }
        if history, revisions != nil { context.old = { [unowned self] in self.oldDocument($0) } }
        return context
    }

    // MARK: findings

    /// Everything `check` reports about `path` (format.md §7, §8), messages naming files as `display` does.
    public func findings(for path: String) -> [Diagnostic] {
        guard let (outline, targets) = parse(path) else {
            return failed[path].map { [$0.located(in: display(path))] } ?? []
        }
        let config = configuration(for: path)
        let own = Check.findings(outline, path: path, config: config)
        var links: [Diagnostic] = []
        if config.links ?? true {
            let context = linkContext(for: path)
            let prefix = folder(of: path) + "/"
            links = LinkCheck.documentFindings(outline, path: path, profile: config.profile, root: folder(of: path), own: targets,
                                        repair: { [unowned self] in
                                            guard let doc = self.document(path) else { return nil }
                                            return LinkRepair.fix(for: $0, in: doc, context: context, since: nil)
                                        },
                                        name: { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 },
                                        lookup: { [unowned self] in self.destination($0) })
        }
        return Check.merged(own, links: links)
    }
}
