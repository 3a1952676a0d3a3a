/// What a `Workspace` reads, behind two small protocols the caller implements (format.md §15): files
/// on disk for the command line, with an editor's open buffers layered above them by the workspace
/// itself. The library never touches the file system or starts git; the stores do.
public protocol DocumentStore: AnyObject {
    /// The Markdown files of `folder` (an absolute path), absolute, as `check DIR` walks it (`.gitignore`,
    /// hidden directories and the config's excludes left out), in a stable order.
    func markdownFiles(in folder: String) -> [String]
    /// The bytes of the regular file at `path` (absolute); nil when there is none or it cannot be read.
    func contents(of path: String) -> [UInt8]?
    /// What is at `path` (absolute), without reading it.
    func kind(of path: String) -> StoredKind
    /// The configuration that applies to the files of `folder` (its nearest `.outline.toml`).
    func configuration(for folder: String) -> Config
}

/// What a path names in a `DocumentStore`.
public enum StoredKind: Sendable, Equatable {
    case missing, directory, file
}

/// The history of a workspace: git for the command line.
public protocol RevisionStore: AnyObject {
    /// The bytes of `path` (absolute) at `revision`; nil when it did not exist there (or there is no history).
    func contents(of path: String, at revision: String) -> [UInt8]?
}
