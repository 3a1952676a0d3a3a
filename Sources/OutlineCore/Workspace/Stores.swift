/// What a `Workspace` reads, behind two small protocols the caller implements (format.md §15): files
/// on disk for the command line, with an editor's open buffers layered above them by the workspace
/// itself. The library never touches the file system or starts git; the stores do.
///
/// Paths are as the caller names files: absolute for the language server, as typed (relative to the
/// current directory) for the command line, `-` for standard input.
public protocol DocumentStore: AnyObject, Sendable {
    /// The Markdown files of `folder` (an absolute path), absolute, as `check DIR` walks it (`.gitignore`,
    /// hidden directories and the config's excludes left out), in a stable order.
    func markdownFiles(in folder: String) -> [String]
    /// The files of `folder` (an absolute path) whose names end in one of `suffixes` (`.ipynb`), as
    /// `markdownFiles` walks the folder: the other sources a site reads (format.md §16).
    func files(in folder: String, named suffixes: [String]) -> [String]
    /// The bytes of the regular file at `path`; nil when there is none or it cannot be read.
    func contents(of path: String) -> [UInt8]?
    /// The bytes at `path`, or an error located in it. Called from several threads at once (a run
    /// reads its files in parallel), except for `-`, which is read first, alone.
    func read(_ path: String) throws -> [UInt8]
    /// What is at `path`, symbolic links followed, without reading it.
    func kind(of path: String) -> StoredKind
    /// The configuration that applies to the files of `folder` (its nearest `.outline.toml`).
    func configuration(for folder: String) -> Config
    /// `path` absolute with every symbolic link resolved; nil when it cannot be.
    func resolvedPath(_ path: String) -> String?
    /// Why `path` must not be read (a FIFO, a device, a symbolic link leading outside `roots`: format.md
    /// §11), or nil when it may be.
    func readProblem(_ path: String, roots: [String]) -> String?
    /// Where a symbolic link found under `directory` may lead: the directory and the work tree holding it.
    func safeRoots(for directory: String) -> [String]
    /// The work tree's top level as a path relative to the current directory (`..`, `../..`), `.` at
    /// the top or outside any work tree: what a link path starting with `/` means by default.
    func topLevel() -> String
}

extension DocumentStore {
    public func files(in folder: String, named suffixes: [String]) -> [String] { [] }
    public func read(_ path: String) throws -> [UInt8] {
        guard let bytes = contents(of: path) else { throw Diagnostic.file(path, "cannot be read") }
        return bytes
    }
    public func resolvedPath(_ path: String) -> String? { path }
    public func readProblem(_ path: String, roots: [String]) -> String? { nil }
    public func safeRoots(for directory: String) -> [String] { [] }
    public func topLevel() -> String { "." }
}

/// What a path names in a `DocumentStore`.
public enum StoredKind: Sendable, Equatable {
    case missing, directory, file
    /// It cannot be examined (a symbolic link loop, a permission problem): why.
    case failed(String)
}

/// The history of a workspace: git for the command line.
public protocol RevisionStore: AnyObject {
    /// The bytes of `path` (absolute) at `revision`; nil when it did not exist there (or there is no history).
    func contents(of path: String, at revision: String) -> [UInt8]?
    /// The revision's tree as a run reads it: its listing and renames read once, its blobs in batches.
    func tree(at revision: String) throws -> RevisionTree
    /// The commits that changed files under `directories` (absolute), newest first, at most `limit`
    /// of them: one `git log` (format.md §17).
    func fileLog(under directories: [String], limit: Int) throws -> FileLog
    /// The bytes of each blob: one `git cat-file --batch` a call.
    func blobs(_ ids: [String]) throws -> [String: [UInt8]]
    /// The commit each of `revisions` names (nil: none here, as in a shallow or rebased clone), and the
    /// bytes of each file (absolute path) at its revision (nil: it did not exist there): one `git
    /// cat-file --batch` a call (format.md §17: the revisions pages were translated from).
    func lookup(revisions: [String], files: [(revision: String, path: String)]) throws -> (commits: [String?], files: [[UInt8]?])
}

extension RevisionStore {
    public func tree(at revision: String) throws -> RevisionTree {
        throw Diagnostic.file("git", "no history to compare with '\(revision)'")
    }
    public func fileLog(under directories: [String], limit: Int) throws -> FileLog {
        throw Diagnostic.file("git", "no history")
    }
    public func blobs(_ ids: [String]) throws -> [String: [UInt8]] {
        throw Diagnostic.file("git", "no history")
    }
    public func lookup(revisions: [String], files: [(revision: String, path: String)]) throws -> (commits: [String?], files: [[UInt8]?]) {
        throw Diagnostic.file("git", "no history")
    }
}
