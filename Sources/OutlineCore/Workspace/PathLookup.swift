/// What a run's links see of the paths they point to (`check`, `links`): the given files themselves,
/// parsed already, and every other path looked up once through the `DocumentStore` (its kind, and for a
/// Markdown file one read and parse).
final class PathLookup: @unchecked Sendable {
    private var cache: [String: LinkCheck.Destination] = [:]
    /// The given files, parsed already; as links see them once a link first points there.
    private var parsed: [String: Outline] = [:]
    private var documents: [String: LinkedDocument] = [:]
    let profile: SlugProfile
    private let store: DocumentStore
    private let explicitRoot: String?
    private var computedRoot: String? = nil

    init(profile: SlugProfile, store: DocumentStore, root: String?) {
        self.profile = profile
        self.store = store
        self.explicitRoot = root
        self.here = store.resolvedPath(".") ?? "."
    }

    /// The given files, parsed already: a link into one of them reads no file.
    /// `made`: the files whose targets the caller makes itself (`add`), which need no outline here.
    func adopt(files: [String], outlines: [Outline?], made: [Bool]? = nil) {
        // The spellings worked out in parallel, the map filled at its final size: a pages repository
        // gives tens of thousands of files, and this runs while the other cores wait.
        let given = files.indices.filter { files[$0] != "-" && outlines[$0] != nil && made?[$0] != true }
        let keys = Parallel.map(given.count) { [self] k in canonical(files[given[k]]) }
        parsed.reserveCapacity(parsed.count + given.count)
        for (k, index) in given.enumerated() { parsed[keys[k]] = outlines[index] }
    }

    /// What a leading `/` in a link path stands for: `--root`, else the git work tree's top level
    /// (as a path relative to the current directory), else the current directory.
    var root: String {
        if let explicitRoot { return explicitRoot }
        if let computedRoot { return computedRoot }
        let root = store.topLevel()
        computedRoot = root
        return root
    }

    /// The current directory, symbolic links resolved.
    let here: String

    /// A path in the one spelling the run's maps use (`LocalLink.canonical`).
    func canonical(_ path: String) -> String {
        LocalLink.canonical(path, here: here, resolve: store.resolvedPath)
    }

    /// `path` (as the run names files) relative to the repository root, for a root-relative link
    /// that must stay root-relative; nil outside the root.
    func fromRoot(_ path: String) -> String? {
        let rootPath = root == "." ? here : store.resolvedPath(root)
        guard let rootPath else { return nil }
        let absolute = path.hasPrefix("/") ? path : LocalLink.normalize(here + "/" + path)
        return absolute.hasPrefix(rootPath + "/") ? String(absolute.dropFirst(rootPath.count + 1)) : nil
    }

    /// A repair context for this run's files (without history).
    func context() -> LinkRepair.Context {
        var context = LinkRepair.Context(profile: profile, root: root, lookup: lookup, document: document)
        context.canonical = { [unowned self] in self.canonical($0) }
        context.fromRoot = { [unowned self] in self.fromRoot($0) }
        return context
    }

    /// Where a symbolic link a link points at may lead (format.md §11): the link root, the current
    /// directory and the work tree holding it.
    lazy var safeRoots: [String] = {
        var roots = store.safeRoots(for: ".")
        if let resolved = store.resolvedPath(root) { roots.append(resolved) }
        return roots
    }()

    /// Documents whose targets the caller made already (each under its normalized path).
    /// (Kept in `documents` only: a second map of the same tens of thousands of paths would cost
    /// the waiting cores as much again; `known` reads both.)
    func add(_ made: [LinkedDocument]) {
        documents.reserveCapacity(documents.count + made.count)
        for document in made { documents[document.path] = document }
    }

    /// What is known of `key` (a canonical path) already.
    private func known(_ key: String) -> LinkCheck.Destination? {
        cache[key] ?? documents[key].map { .markdown($0.targets) }
    }

    /// Looks up every path of `paths` (and the given files among them) at once, in parallel: after
    /// this, `prepared` answers for them without touching any state.
    func prepare(_ paths: [String]) {
        var wanted: [String] = []
        var seen = Set<String>()
        // Spelled and checked against what is known in parallel: on a large tree nearly every path is
        // a given file, and only the rest is left for this thread.
        let unknown = Parallel.map(paths.count) { [self] k -> String? in
            let key = canonical(paths[k])
            return cache[key] == nil && documents[key] == nil ? key : nil
        }
        for case let key? in unknown where seen.insert(key).inserted { wanted.append(key) }
        // Where a symbolic link may lead is asked only when a path is not one of the given files
        // (finding the work tree's root may cost a git process).
        let parsed = self.parsed, profile = self.profile, keys = wanted, store = self.store
        let roots = wanted.allSatisfy { parsed[$0] != nil } ? [] : safeRoots
        let found = Parallel.map(keys.count) { k -> (LinkCheck.Destination, LinkedDocument?) in
            let key = keys[k]
            if let outline = parsed[key] {
                let document = LinkedDocument(path: key, outline: outline, profile: profile)
                return (.markdown(document.targets), document)
            }
            return PathLookup.look(key, profile: profile, roots: roots, store: store)
        }
        var directories: [String] = []
        cache.reserveCapacity(cache.count + wanted.count)
        for (k, key) in wanted.enumerated() {
            cache[key] = found[k].0
            if let document = found[k].1 { documents[key] = document }
            if case .directory = found[k].0 { directories.append(key) }
        }
        // A fragment on a link to a directory is checked against its README (format.md §7): those
        // are looked up too, so that `prepared` answers for them.
        if !directories.isEmpty { prepare(directories.flatMap { dir in LinkCheck.readmeNames.map { (dir.hasSuffix("/") ? dir : dir + "/") + $0 } }) }
    }

    /// What `prepare` found for `path`; a path it was not given reads as missing (never the case for
    /// the paths of `LinkCheck.paths`). Safe from any thread once `prepare` has returned.
    func prepared(_ path: String) -> LinkCheck.Destination {
        known(path) ?? known(canonical(path)) ?? .missing
    }

    func lookup(_ path: String) -> LinkCheck.Destination {
        let key = canonical(path)
        if let known = known(key) { return known }
        let (found, document) = parsed[key].map { outline -> (LinkCheck.Destination, LinkedDocument?) in
            let document = LinkedDocument(path: key, outline: outline, profile: profile)
            return (.markdown(document.targets), document)
        } ?? PathLookup.look(key, profile: profile, roots: safeRoots, store: store)
        cache[key] = found
        if let document { documents[key] = document }
        return found
    }

    /// The Markdown file at `path` as links see it, or nil when there is none (or it cannot be read).
    func document(_ path: String) -> LinkedDocument? {
        let key = canonical(path)
        if let known = documents[key] { return known }
        _ = lookup(key)
        return documents[key]
    }

    /// What is at `path`: for a Markdown file, its targets (one read and parse).
    /// A link target is read only when it is a regular file, or a symbolic link to one inside `roots`
    /// (a FIFO would block, `/dev/zero` never ends): anything else is reported as what it is.
    static func look(_ path: String, profile: SlugProfile, roots: [String], store: DocumentStore) -> (LinkCheck.Destination, LinkedDocument?) {
        switch store.kind(of: path) {
        case .missing: return (.missing, nil)
        case .directory: return (.directory, nil)
        case .failed(let why): return (.unreadable(why), nil)
        case .file:
            guard LocalLink.isMarkdown(path) else { return (.file, nil) }
            if let problem = store.readProblem(path, roots: roots) { return (.unreadable("\(problem); outline reads only regular files"), nil) }
            do {
                let outline = try Outline(parsing: try store.read(path), links: true)
                let document = LinkedDocument(path: path, outline: outline, profile: profile)
                return (.markdown(document.targets), document)
            } catch let error as Diagnostic {
                return (.unreadable(error.message), nil)
            } catch {
                return (.unreadable("\(error)"), nil)
            }
        }
    }
}
