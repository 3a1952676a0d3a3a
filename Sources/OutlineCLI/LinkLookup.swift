import OutlineCore

/// What `check` and `links` tell the library about the paths links point to: the given files
/// themselves, and every other path looked up once (stat, and for a Markdown file, one read and parse).
final class LinkLookup: @unchecked Sendable {
    private var cache: [String: LinkCheck.Destination] = [:]
    /// The given files, parsed already; as links see them once a link first points there.
    private var parsed: [String: Outline] = [:]
    private var documents: [String: LinkedDocument] = [:]
    let profile: SlugProfile
    private let console: Console
    private let explicitRoot: String?
    private var computedRoot: String? = nil

    init(files: [String], current: [String: Outline], profile: SlugProfile, console: Console, root: String?) {
        self.profile = profile
        self.console = console
        self.explicitRoot = root
        for path in files where path != "-" {
            if let outline = current[path] { parsed[LocalLink.normalize(path)] = outline }
        }
    }

    /// What a leading `/` in a link path stands for: `--root`, else the git work tree's top level
    /// (as a path relative to the current directory), else the current directory.
    var root: String {
        if let explicitRoot { return explicitRoot }
        if let computedRoot { return computedRoot }
        var root = "."
        if let git = try? Git(directory: console.workingDirectory ?? "."), let here = git.relativeDirectory(of: ".") {
            root = here.isEmpty ? "." : here.split(separator: "/").map { _ in ".." }.joined(separator: "/")
        }
        computedRoot = root
        return root
    }

    /// Where a symbolic link a link points at may lead (SPEC §11): the link root, the current
    /// directory and the work tree holding it.
    lazy var safeRoots: [String] = {
        var roots = FileSystem.safeRoots(for: ".")
        if let resolved = FileSystem.resolvedPath(root) { roots.append(resolved) }
        return roots
    }()

    /// Documents whose targets the caller made already (each under its normalized path).
    func add(_ made: [LinkedDocument]) {
        for document in made {
            cache[document.path] = .markdown(document.targets)
            documents[document.path] = document
        }
    }

    /// Looks up every path of `paths` (and the given files among them) at once, in parallel: after
    /// this, `prepared` answers for them without touching any state.
    func prepare(_ paths: [String]) {
        var wanted: [String] = []
        var seen = Set<String>()
        for path in paths {
            let key = LocalLink.normalize(path)
            if cache[key] == nil, seen.insert(key).inserted { wanted.append(key) }
        }
        let parsed = self.parsed, profile = self.profile, keys = wanted, roots = safeRoots
        let found = Parallel.map(keys.count) { k -> (LinkCheck.Destination, LinkedDocument?) in
            let key = keys[k]
            if let outline = parsed[key] {
                let document = LinkedDocument(path: key, outline: outline, profile: profile)
                return (.markdown(document.targets), document)
            }
            return LinkLookup.look(key, profile: profile, roots: roots)
        }
        for (k, key) in wanted.enumerated() {
            cache[key] = found[k].0
            if let document = found[k].1 { documents[key] = document }
        }
    }

    /// What `prepare` found for `path`; a path it was not given reads as missing (never the case for
    /// the paths of `LinkCheck.paths`). Safe from any thread once `prepare` has returned.
    func prepared(_ path: String) -> LinkCheck.Destination {
        cache[path] ?? cache[LocalLink.normalize(path)] ?? .missing
    }

    func lookup(_ path: String) -> LinkCheck.Destination {
        let key = LocalLink.normalize(path)
        if let known = cache[key] { return known }
        let (found, document) = parsed[key].map { outline -> (LinkCheck.Destination, LinkedDocument?) in
            let document = LinkedDocument(path: key, outline: outline, profile: profile)
            return (.markdown(document.targets), document)
        } ?? LinkLookup.look(key, profile: profile, roots: safeRoots)
        cache[key] = found
        if let document { documents[key] = document }
        return found
    }

    /// The Markdown file at `path` as links see it, or nil when there is none (or it cannot be read).
    func document(_ path: String) -> LinkedDocument? {
        let key = LocalLink.normalize(path)
        if let known = documents[key] { return known }
        _ = lookup(key)
        return documents[key]
    }

    /// What is at `path`: for a Markdown file, its targets (one read and parse).
    /// A link target is read only when it is a regular file, or a symbolic link to one inside `roots`
    /// (a FIFO would block, `/dev/zero` never ends): anything else is reported as what it is.
    static func look(_ path: String, profile: SlugProfile, roots: [String]) -> (LinkCheck.Destination, LinkedDocument?) {
        switch FileSystem.kind(of: path) {
        case .missing: return (.missing, nil)
        case .directory: return (.directory, nil)
        case .failed(let why): return (.unreadable(why), nil)
        case .file:
            guard LocalLink.isMarkdown(path) else { return (.file, nil) }
            if let problem = FileSystem.readProblem(path, roots: roots) { return (.unreadable("\(problem); outline reads only regular files"), nil) }
            do {
                let outline = try Outline(parsing: try FileSystem.read(path), links: true)
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
