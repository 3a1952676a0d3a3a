import OutlineCore

/// The workspace's stores on this machine: the files on disk (standard input and `--stdin-filename`
/// included) and their git history. One git is asked once per run, whichever step needs it first.
final class LocalFiles: DocumentStore, RevisionStore, @unchecked Sendable {
    private let console: Console
    private let settings: Settings?
    private let excludes: [String]
    /// `-` read before any other file (the protocol's promise), so reading it again from any thread
    /// only reads this.
    private var stdin: [UInt8]? = nil

    init(console: Console, settings: Settings? = nil, arguments: Arguments? = nil) {
        self.console = console
        self.settings = settings
        self.excludes = arguments?.exclude ?? []
    }

    /// A run over this machine's files and git, from the current directory, kept by the console's
    /// lifetime (the process exits right after writing the output, and freeing a docs tree's
    /// documents one by one first would only delay it).
    static func run(console: Console, settings: Settings? = nil, arguments: Arguments? = nil) -> Run {
        let files = LocalFiles(console: console, settings: settings, arguments: arguments)
        let run = Run(store: files, revisions: files, lifetime: console.lifetime)
        console.lifetime.keep(run)
        return run
    }

    // MARK: DocumentStore

    func read(_ path: String) throws -> [UInt8] {
        if let given = console.substitutes[path] { return given }
        if path == "-" {
            if let stdin { return stdin }
            do { stdin = try console.readStdin() } catch { throw Diagnostic.file(Run.standardInput, "cannot read standard input") }
            return stdin!
        }
        return try FileSystem.read(path)
    }

    func markdownFiles(in folder: String) -> [String] {
        // A client that names `/` as its workspace would have the whole machine walked.
        guard folder != "/", FileSystem.isDirectory(folder) else { return [] }
        var excludes = Excludes(self.excludes.compactMap { Glob($0, pathAware: true) })
        let config = configuration(for: folder)
        let globs = config.exclude.compactMap { Glob($0, pathAware: true) }
        if !globs.isEmpty { excludes.add(globs, from: (config.directory ?? folder) + "/", to: "") }
        let files = (try? FileSystem.expand([folder], excludes: excludes, hidden: config.hidden == true)) ?? []
        return files.map { $0.hasPrefix("/") ? FilePath.normalize($0) : FilePath.normalize(folder + "/" + $0) }
    }

    func files(in folder: String, named suffixes: [String]) -> [String] {
        FileSystem.files(under: folder, named: suffixes).map(FilePath.normalize)
    }

    /// Only a regular file, and a symbolic link only to one inside the work tree, never into `/proc`,
    /// `/sys` or `/dev` (format.md §11): a link in a document cannot make the server read a FIFO.
    func contents(of path: String) -> [UInt8]? {
        guard FileSystem.isRegularFile(path),
              FileSystem.readProblem(path, roots: FileSystem.safeRoots(for: Workspace.directory(of: path))) == nil else { return nil }
        return try? FileSystem.read(path)
    }

    func kind(of path: String) -> StoredKind {
        switch FileSystem.kind(of: path) {
        case .missing: return .missing
        case .directory: return .directory
        case .file: return .file
        case .failed(let why): return .failed(why)
        }
    }

    /// The folder's configuration with the command line applied: its site, its `.outline.toml`,
    /// the options that override them.
    func configuration(for folder: String) -> Config {
        (try? settings?.effective(forDirectory: folder)) ?? Config()
    }

    func resolvedPath(_ path: String) -> String? { FileSystem.resolvedPath(path) }
    func readProblem(_ path: String, roots: [String]) -> String? { FileSystem.readProblem(path, roots: roots) }
    func safeRoots(for directory: String) -> [String] { FileSystem.safeRoots(for: directory) }

    func topLevel() -> String {
        guard let git = try? self.git(), let here = git.relativeDirectory(of: ".") else { return "." }
        return here.isEmpty ? "." : here.split(separator: "/").map { _ in ".." }.joined(separator: "/")
    }

    // MARK: RevisionStore

    private var repository: Git? = nil
    private func git() throws -> Git {
        if let repository { return repository }
        let git = try Git(directory: console.workingDirectory ?? ".")
        repository = git
        return git
    }

    func tree(at revision: String) throws -> RevisionTree {
        try Revision(revision, git: try git())
    }

    func fileLog(under directories: [String], limit: Int) throws -> FileLog {
        let git = try self.git()
        return try git.fileLog(under: directories.compactMap { git.relativeDirectory(of: $0) }, limit: limit)
    }

    func blobs(_ ids: [String]) throws -> [String: [UInt8]] { try git().blobs(ids) }

    func lookup(revisions: [String], files: [(revision: String, path: String)]) throws -> (commits: [String?], files: [[UInt8]?]) {
        let git = try self.git()
        // A name git's batch cannot take (a blank or a line break in it) names nothing.
        func usable(_ s: String) -> Bool { !s.isEmpty && !s.utf8.contains { $0 <= 32 } }
        let names = revisions.map { usable($0) ? $0 + "^{commit}" : nil }
            + files.map { request in git.relativePath(of: request.path).flatMap { usable(request.revision) && !$0.utf8.contains(10) ? request.revision + ":" + $0 : nil } }
        let found = try git.objects(names.compactMap { $0 })
        var answers = found.makeIterator()
        let all = names.map { name in name == nil ? nil : answers.next()! }
        return (all.prefix(revisions.count).map { $0?.id }, all.dropFirst(revisions.count).map { $0?.bytes })
    }

    /// The file at a revision, through `git show REV:./NAME` in the file's directory (the language
    /// server asks only for a fragment that no longer resolves; the workspace remembers the answer).
    func contents(of path: String, at revision: String) -> [UInt8]? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let directory = Workspace.directory(of: path)
        guard FileSystem.isDirectory(directory) else { return nil }
        return try? Git.run(["show", "\(revision):./\(path[path.index(after: slash)...])"], in: directory)
    }
}
