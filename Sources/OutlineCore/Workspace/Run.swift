/// A command-line run over files (format.md §11): their reading in parallel through the
/// `DocumentStore`, the history of a revision read once whichever steps ask for it, and the
/// `LinkResolver`s its links are looked up through. `check`, `links` and `diff --since` are its
/// operations (`CheckRun.swift`, `LinksRun.swift`, `TreeRun.swift`); the language server's session
/// is `Workspace`.
public final class Run: @unchecked Sendable {
    public let store: DocumentStore
    public let revisions: RevisionStore?
    /// How long what the run parses lives (the command line's: until the process exits).
    public let lifetime: Lifetime
    /// Each revision's history, read once.
    private var histories: [String: History] = [:]

    public init(store: DocumentStore, revisions: RevisionStore? = nil, lifetime: Lifetime) {
        self.store = store
        self.revisions = revisions
        self.lifetime = lifetime
    }

    /// What messages call standard input (`-` is its name only as an operand).
    public static let standardInput = "<stdin>"

    /// `path` as messages and output name it.
    public static func displayName(_ path: String) -> String { path == "-" ? standardInput : path }

    /// Runs `body`; a library error it throws is about `path` unless it names its own file.
    public static func about<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as Diagnostic {
            throw error.located(in: displayName(path))
        }
    }

    /// The bytes of `path` (`-`: standard input), read through the store; an error is about the file.
    public func read(_ path: String) throws -> [UInt8] {
        do { return try store.read(path) } catch let error as Diagnostic {
            throw error.located(in: Run.displayName(path))
        }
    }

    /// A sidecar file given as an option (`--state`), read through the store.
    public func sidecar(_ path: String) throws -> SidecarFile {
        try SidecarFile(path: Run.displayName(path), bytes: try read(path))
    }

    /// The lifetime a parse of the run's only document is kept by (`Outline(parsing:last:)`), nil
    /// when more documents follow.
    public func last(_ single: Bool) -> Lifetime? { single ? lifetime : nil }

    /// Parses one input, a library error located in `path`, read in `dialect` (its site's, format.md
    /// §16). `single`: the run's only document.
    public func outline(_ bytes: [UInt8], path: String, single: Bool = false, _ options: ParseOptions = [], dialect: Dialect = .commonMark) throws -> Outline {
        try Run.about(path) { try Outline(parsing: bytes, options, last: last(single), dialect: dialect) }
    }

    /// Reads each of `files` and runs `body` on it, files in parallel (standard input read first, on
    /// this thread); the results in the order of `files`, each error located in its file.
    public func each<T>(_ files: [String], _ body: @escaping @Sendable (_ index: Int, _ path: String, _ bytes: [UInt8]) throws -> T) throws -> [Result<T, Diagnostic>] {
        let stdin = files.contains("-") ? try store.read("-") : nil
        let store = self.store
        return Parallel.map(files.count) { k -> Result<T, Diagnostic> in
            let path = files[k]
            do {
                let bytes = try stdin.flatMap { path == "-" ? $0 : nil } ?? store.read(path)
                return .success(try body(k, path, bytes))
            } catch let error as Diagnostic {
                return .failure(error.located(in: Run.displayName(path)))
            } catch {
                return .failure(.file(Run.displayName(path), "\(error)"))
            }
        }
    }

    /// The language of the translation tree `path` (as the run names it) belongs to, nil outside
    /// every tree (format.md §17): asked only where a configuration names translations.
    public func language(of path: String) -> String? {
        let directory = Workspace.directory(of: path)
        guard path != "-", let layout = store.configuration(for: directory).translations else { return nil }
        // A file gone since a revision: its directory resolved, if that is still there.
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return layout.language(of: store.resolvedPath(path) ?? store.resolvedPath(directory).map { $0 + "/" + name } ?? path)
    }

    /// The history at `revision`, made once per run and revision.
    public func history(_ revision: String) throws -> History {
        if let known = histories[revision] { return known }
        guard let revisions else { throw Diagnostic.file("git", "no history to compare with '\(revision)'") }
        let tree = try revisions.tree(at: revision)
        // Each old version read as its file is read now (an MDX file's comment lines above all).
        let store = self.store, top = tree.root
        let history = History(tree, dialect: { path in
            let absolute = top + "/" + path
            return store.configuration(for: Workspace.directory(of: absolute)).dialect(for: absolute)
        })
        histories[revision] = history
        return history
    }

    /// A resolver for this run's links: files named as the run names them (relative to the current
    /// directory where they lie under it), each read with its own configuration (the store's, the
    /// command line applied), a leading `/` taken from `root` (`--root`), else the work tree's top
    /// level, asked of the store only when a link needs it. `forcedProfile`: a further surface of
    /// `--slugs a,b`, every file's targets made with it.
    func resolver(root explicitRoot: String?, forcedProfile: SlugProfile? = nil) -> LinkResolver {
        let store = self.store
        let here = store.resolvedPath(".") ?? "."
        let root = Once { explicitRoot ?? store.topLevel() }
        let canonical: @Sendable (String) -> String = { FilePath.canonical($0, here: here, resolve: store.resolvedPath) }
        let naming = LinkResolver.Naming(
            canonical: canonical,
            root: { _ in root.get },
            fromRoot: { path in
                let top = root.get
                guard let rootPath = top == "." ? here : store.resolvedPath(top) else { return nil }
                let absolute = path.hasPrefix("/") ? path : FilePath.normalize(here + "/" + path)
                return FilePath.below(rootPath, absolute).flatMap { $0.isEmpty ? nil : $0 }
            },
            safeRoots: {
                var roots = store.safeRoots(for: ".")
                if let resolved = store.resolvedPath(root.get) { roots.append(resolved) }
                return roots
            })
        // Each directory's configuration asked of the store once (asked for every link a repair
        // looks at: a configuration is a large value, the command line applied over it each time).
        final class Configurations { var byDirectory: [String: Config] = [:] }
        let configurations = Configurations()
        let resolver = LinkResolver(store: store, configuration: { [store] path in
            let directory = Workspace.directory(of: path)
            if let known = configurations.byDirectory[directory] { return known }
            let config = store.configuration(for: directory)
            configurations.byDirectory[directory] = config
            return config
        }, forcedProfile: forcedProfile, naming: naming)
        lifetime.keep(resolver)
        return resolver
    }
}
