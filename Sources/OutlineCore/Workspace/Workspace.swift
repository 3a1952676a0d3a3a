/// The language server's session (format.md §15): the Markdown files of some folders, read through a
/// `DocumentStore`, with open buffers winning over the files on disk (`Buffers`), each parsed once
/// through the session's `LinkResolver` and kept until it changes. The language server answers every
/// request from one `Workspace`; paths here are absolute. A command-line run is a `Run`.
public final class Workspace: @unchecked Sendable {
    /// The files on disk, as the caller gave them (configurations, listings).
    public let store: DocumentStore
    public let revisions: RevisionStore?
    /// The folders served, absolute, without a trailing slash.
    public private(set) var folders: [String]
    /// The revision "old slugs" come from (format.md §15).
    public var baseRevision = "HEAD"

    private let buffers: Buffers
    /// What every path a link or a request names holds, parsed once: the session's documents too.
    private var resolver: LinkResolver!
    private var discovered: [String]?
    private var old: [String: LinkedDocument?] = [:]
    private var configs: [String: Config] = [:]

    public init(store: DocumentStore, revisions: RevisionStore? = nil, folders: [String]) {
        self.store = store
        self.revisions = revisions
        self.folders = folders.map(Workspace.trimmed)
        buffers = Buffers(store)
        resolver = makeResolver(forcedProfile: nil)
    }

    /// The session's resolver (`forcedProfile` nil), or one that makes every file's targets under a
    /// further surface (`slugs = ["github", "hugo"]`: hugo's).
    private func makeResolver(forcedProfile: SlugProfile?) -> LinkResolver {
        LinkResolver(store: buffers, configuration: { [unowned self] in self.configuration(for: $0) }, forcedProfile: forcedProfile, naming: LinkResolver.Naming(
            canonical: { FilePath.normalize($0) },
            root: { [unowned self] in self.folder(of: $0) },
            safeRoots: { [unowned self] in
                self.folders + self.folders.flatMap { self.store.safeRoots(for: $0) }
            }))
    }

    /// The resolvers of the further surfaces, made when first asked.
    private var surfaceResolvers: [SlugProfile: LinkResolver] = [:]

    static func trimmed(_ folder: String) -> String {
        var f = folder
        while f.count > 1 && f.hasSuffix("/") { f.removeLast() }
        return f
    }

    // MARK: buffers and files

    public func open(_ path: String, text: [UInt8], version: Int) {
        buffers.set(path, text, version: version)
        forget(path)
    }

    public func change(_ path: String, text: [UInt8], version: Int) {
        buffers.set(path, text, version: version)
        forget(path)
    }

    public func close(_ path: String) {
        buffers.set(path, nil, version: nil)
        forget(path)
    }

    /// A file changed on disk (saved, created, deleted, renamed): read it again when next needed.
    public func fileChanged(_ path: String, createdOrDeleted: Bool = false) {
        forget(path)
        if createdOrDeleted { resolver.forgetKinds(); for further in surfaceResolvers.values { further.forgetKinds() } }
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
        retired += resolver.forget(path)
        for further in surfaceResolvers.values { retired += further.forget(path) }
    }

    public func isOpen(_ path: String) -> Bool { buffers.version(of: path) != nil }
    public func version(of path: String) -> Int? { buffers.version(of: path) }

    /// The text of `path`: its open buffer, else the file on disk.
    public func text(of path: String) -> [UInt8]? { buffers.contents(of: path) }

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
        for path in buffers.paths where !known.contains(path) && LocalLink.isMarkdown(path) { all.append(path) }
        return all.sorted()
    }

    /// The folder `path` belongs to (the longest that contains it), else its own directory.
    public func folder(of path: String) -> String {
        var best: String? = nil
        for f in folders where f != path && FilePath.contains(f, path) && f.count > (best?.count ?? -1) { best = f }
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

    /// The configuration of the file at `path`: its directory's (its `.outline.toml`, and the site
    /// whose content root holds it, format.md §16), asked once per directory.
    public func configuration(for path: String) -> Config {
        let f = Workspace.directory(of: path)
        if let known = configs[f] { return known }
        let c = store.configuration(for: f)
        configs[f] = c
        return c
    }

    public func profile(for path: String) -> SlugProfile { configuration(for: path).profile }

    // MARK: parsed documents

    /// The document at `path` as links see it; nil when there is no such Markdown file or it cannot be
    /// parsed (`parseFailure` says why).
    public func document(_ path: String) -> LinkedDocument? { resolver.document(path) }

    /// Why the document at `path` could not be parsed.
    public func parseFailure(_ path: String) -> Diagnostic? { resolver.failure(path) }

    /// What is at a path a link resolves to (absolute).
    public func destination(_ path: String) -> LinkCheck.Destination { resolver.lookup(path) }

    /// The version of `path` at the base revision, as links saw it then (nil without history).
    public func oldDocument(_ path: String) -> LinkedDocument? {
        if let known = old[path] { return known }
        var doc: LinkedDocument? = nil
        if let bytes = revisions?.contents(of: path, at: configuration(for: path).baseRevision ?? baseRevision), let outline = try? Outline(parsing: bytes, [.links], dialect: configuration(for: path).dialect(for: path)) {
            doc = LinkedDocument(path: path, outline: outline, profile: profile(for: path))
        }
        old[path] = .some(doc)
        return doc
    }

    /// The context link repair and the link findings work in, over this workspace.
    public func linkContext(for path: String, history: Bool = false) -> LinkRepair.Context {
        var context = resolver.context(for: path)
        if history, revisions != nil { context.old = { [unowned self] in self.oldDocument($0) } }
        return context
    }

    // MARK: findings

    /// Everything `check` reports about `path` (format.md §7, §8), messages naming files as `display` does.
    public func diagnostics(for path: String) -> [Diagnostic] {
        guard let document = document(path) else {
            return parseFailure(path).map { [$0.located(in: display(path))] } ?? []
        }
        let context = linkContext(for: path)
        let prefix = folder(of: path)
        let config = configuration(for: path)
        let found = resolver.documentFindings(document.outline, path: path, name: path, config: config, own: document.targets,
                                              repair: { LinkRepair.fix(for: $0, in: document, context: context, since: nil) },
                                              display: { FilePath.below(prefix, $0).flatMap { $0.isEmpty ? nil : $0 } ?? $0 },
                                              translation: config.translations?.isTranslation(store.resolvedPath(path) ?? path) ?? false)
        var all = found.all
        // The policy `check` applies (FindingsPolicy): every surface, case-only fragments promoted
        // where configured, skipped links counted there and not shown here.
        if config.links != false, let surfaces = config.surfaces, surfaces.count > 1 {
            let further = furtherSurfaces(surfaces, document: document, path: path, config: config, prefix: prefix)
            all = StructureFindings.merged(found.own, links: FindingsPolicy.merged(found.links ?? [], further: further, surfaces: surfaces))
        }
        all = FindingsPolicy.promoted(all, fragmentCaseIsError: config.fragmentCaseIsError == true)
        return FindingsPolicy.skips(all).shown + translationFindings(for: path)
    }

    /// The link findings of `document` under each surface after the first.
    private func furtherSurfaces(_ surfaces: [SlugProfile], document: LinkedDocument, path: String, config: Config,
                                 prefix: String) -> [(profile: SlugProfile, findings: [Diagnostic])] {
        var further: [(profile: SlugProfile, findings: [Diagnostic])] = []
        for profile in surfaces.dropFirst() {
            let resolver: LinkResolver
            if let known = surfaceResolvers[profile] { resolver = known } else {
                resolver = makeResolver(forcedProfile: profile)
                surfaceResolvers[profile] = resolver
            }
            further.append((profile, resolver.linkFindings(document.outline, path: path, name: path, config: config,
                                                           display: { FilePath.below(prefix, $0).flatMap { $0.isEmpty ? nil : $0 } ?? $0 })))
        }
        return further
    }
}

/// The session's open buffers over the files on disk: what the resolver reads. A buffer is a
/// regular file whatever the disk says (a new file not yet saved).
final class Buffers: DocumentStore, @unchecked Sendable {
    private let disk: DocumentStore
    private var open: [String: (bytes: [UInt8], version: Int)] = [:]

    init(_ disk: DocumentStore) { self.disk = disk }

    func set(_ path: String, _ bytes: [UInt8]?, version: Int?) {
        if let bytes, let version { open[path] = (bytes, version) } else { open[path] = nil }
    }
    func version(of path: String) -> Int? { open[path]?.version }
    var paths: Dictionary<String, (bytes: [UInt8], version: Int)>.Keys { open.keys }

    func markdownFiles(in folder: String) -> [String] { disk.markdownFiles(in: folder) }
    func files(in folder: String, named suffixes: [String]) -> [String] { disk.files(in: folder, named: suffixes) }
    func contents(of path: String) -> [UInt8]? { open[path]?.bytes ?? disk.contents(of: path) }
    func read(_ path: String) throws -> [UInt8] {
        if let bytes = open[path]?.bytes { return bytes }
        guard let bytes = disk.contents(of: path) else { throw Diagnostic.file(path, "cannot be read") }
        return bytes
    }
    func kind(of path: String) -> StoredKind { open[path] != nil ? .file : disk.kind(of: path) }
    func configuration(for folder: String) -> Config { disk.configuration(for: folder) }
    func resolvedPath(_ path: String) -> String? { disk.resolvedPath(path) }
    func readProblem(_ path: String, roots: [String]) -> String? { open[path] != nil ? nil : disk.readProblem(path, roots: roots) }
    func safeRoots(for directory: String) -> [String] { disk.safeRoots(for: directory) }
    func topLevel() -> String { disk.topLevel() }
}
