/// What a command-line run shares across its steps: the files' names, their reading in parallel, and
/// the history of a revision, read once (format.md §11) whichever steps ask for it.
extension Workspace {
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
            throw error.located(in: Workspace.displayName(path))
        }
    }

    /// A sidecar file given as an option (`--state`), read through the store.
    public func sidecar(_ path: String) throws -> SidecarFile {
        try SidecarFile(path: Workspace.displayName(path), bytes: try read(path))
    }

    /// Parses one input, a library error located in `path`. `last`: the run ends after this document
    /// is done with (a single-input command), so the parser's memory is left to the end of the
    /// process. `rewriting`, `links`, `fingerprints`: as `Outline(parsing:)` takes them.
    public static func outline(_ bytes: [UInt8], path: String, last: Bool = false, rewriting: Bool = false, links: Bool = false, fingerprints: Bool = false) throws -> Outline {
        try about(path) { try Outline(parsing: bytes, lastInProcess: last, rewriting: rewriting, links: links, fingerprints: fingerprints) }
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
                return .failure(error.located(in: Workspace.displayName(path)))
            } catch {
                return .failure(.file(Workspace.displayName(path), "\(error)"))
            }
        }
    }

    /// The history at `revision`, made once per workspace and revision.
    public func history(_ revision: String) throws -> History {
        if let known = histories[revision] { return known }
        guard let revisions else { throw Diagnostic.file("git", "no history to compare with '\(revision)'") }
        let history = History(try revisions.tree(at: revision))
        histories[revision] = history
        return history
    }
}
