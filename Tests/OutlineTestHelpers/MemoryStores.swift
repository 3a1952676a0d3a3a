import Foundation
import OutlineCore

/// In-memory implementations of the workspace's stores (`DocumentStore`, `RevisionStore`,
/// `RevisionTree`): the library's workspace operations (`Workspace.check`, `.links`, `History`)
/// tested directly, without files, git or the binary.
///
/// A tree of files under `root` (`/w`): the run names them relative to it (`a.md`, `docs/b.md`), as
/// the command line names them relative to the current directory, which is `root`.

/// The files of a work tree, in memory. Paths in and out as `DocumentStore` says: a run's relative
/// names, or absolute under `root`.
public final class MemoryStore: DocumentStore, @unchecked Sendable {
    public let root: String
    private let lock = NSLock()
    private var files: [String: [UInt8]]
    private var readLog: [String] = []
    /// The configuration of every folder.
    public var config = Config()

    public init(_ files: [String: String], root: String = "/w") {
        self.root = root
        var bytes: [String: [UInt8]] = [:]
        for (path, text) in files { bytes[FilePath.normalize(path)] = Array(text.utf8) }
        self.files = bytes
    }

    /// `path` relative to `root` (nil outside it): the key of `files`.
    public func key(_ path: String) -> String? {
        if path == root { return "." }
        if path.hasPrefix(root + "/") { return FilePath.normalize(String(path.dropFirst(root.count + 1))) }
        if path.hasPrefix("/") { return nil }
        let normal = FilePath.normalize(path)
        return normal.hasPrefix("..") ? nil : normal
    }

    /// Replaces, adds (`text`) or removes (nil) a file.
    public func set(_ path: String, _ text: String?) {
        lock.lock(); defer { lock.unlock() }
        files[FilePath.normalize(path)] = text.map { Array($0.utf8) }
    }

    /// Every `read(_:)` and `contents(of:)` so far, in the order they came (threads interleaved).
    public var reads: [String] {
        lock.lock(); defer { lock.unlock() }
        return readLog
    }

    public func markdownFiles(in folder: String) -> [String] {
        lock.lock(); defer { lock.unlock() }
        guard let prefix = key(folder) else { return [] }
        return files.keys.filter { (prefix == "." || $0.hasPrefix(prefix + "/")) && LocalLink.isMarkdown($0) }
            .sorted().map { root + "/" + $0 }
    }

    public func files(in folder: String, named suffixes: [String]) -> [String] {
        lock.lock(); defer { lock.unlock() }
        guard let prefix = key(folder) else { return [] }
        return files.keys.filter { name in (prefix == "." || name.hasPrefix(prefix + "/")) && suffixes.contains { name.lowercased().hasSuffix($0.lowercased()) } }
            .sorted().map { root + "/" + $0 }
    }

    public func contents(of path: String) -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        readLog.append(path)
        return key(path).flatMap { files[$0] }
    }

    public func kind(of path: String) -> StoredKind {
        lock.lock(); defer { lock.unlock() }
        guard let k = key(path) else { return .missing }
        if files[k] != nil { return .file }
        if k == "." || files.keys.contains(where: { $0.hasPrefix(k + "/") }) { return .directory }
        return .missing
    }

    public func configuration(for folder: String) -> Config { config }

    public func resolvedPath(_ path: String) -> String? {
        guard let k = key(path) else { return FilePath.normalize(path) }
        return k == "." ? root : root + "/" + k
    }
}

/// One revision of a `MemoryStore`'s tree: its files (top-relative paths) and the renames since.
public final class MemoryRevision: RevisionTree {
    public let name: String
    public let exists: Bool
    public let root: String
    public let renames: [String: String]
    private let files: [String: [UInt8]]
    /// How many times `contents(ofOldPaths:)` had something to fetch (git's `cat-file --batch` runs).
    public private(set) var batches = 0
    /// Every old path fetched, in order.
    public private(set) var fetched: [String] = []

    /// The commits between the revision and HEAD (`git log REV..HEAD`): id and message.
    public var messages: [(commit: String, message: String)] = []
    /// How many times the messages were asked for (git's `log` runs).
    public private(set) var messageReads = 0

    public func messagesSince() throws -> [(commit: String, message: String)] {
        messageReads += 1
        return messages
    }

    /// `renames`: new top-relative path → old one, as `git diff -M` reports them.
    public init(_ name: String, files: [String: String], renames: [String: String] = [:], exists: Bool = true, root: String = "/w",
                messages: [(commit: String, message: String)] = []) {
        self.messages = messages
        self.name = name
        self.exists = exists
        self.root = root
        self.renames = renames
        var bytes: [String: [UInt8]] = [:]
        for (path, text) in files { bytes[FilePath.normalize(path)] = Array(text.utf8) }
        self.files = bytes
    }

    public func relativePath(of file: String) -> String? {
        if file.hasPrefix(root + "/") { return FilePath.normalize(String(file.dropFirst(root.count + 1))) }
        if file.hasPrefix("/") { return nil }
        let normal = FilePath.normalize(file)
        return normal.hasPrefix("..") ? nil : normal
    }

    public func displayPath(_ relative: String) -> String { relative }

    public func existed(_ path: String) -> Bool {
        guard exists, let k = relativePath(of: path) else { return false }
        return k == "." || files[k] != nil || files.keys.contains { $0.hasPrefix(k + "/") }
    }

    public func markdownFiles(under directory: String) -> [String] {
        guard exists else { return [] }
        let inside = directory == root ? "" : directory.hasPrefix(root + "/") ? String(directory.dropFirst(root.count + 1)) : FilePath.normalize(directory)
        return files.keys.filter { LocalLink.isMarkdown($0) && (inside.isEmpty || inside == "." || $0.hasPrefix(inside + "/")) }.sorted()
            .map { directory.hasPrefix("/") ? root + "/" + $0 : $0 }
    }

    public func vanishedMarkdown(accounted: Set<String>, under operands: [String], excludes: Excludes, hidden: Bool) -> [(old: String, renamedTo: String?)] {
        guard exists else { return [] }
        // The directory operands (a file operand is accounted for by itself).
        let directories = operands.compactMap(relativePath(of:)).filter { files[$0] == nil }
        let renamedTo = Dictionary(renames.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        return files.keys.sorted().compactMap { old in
            guard LocalLink.isMarkdown(old), !accounted.contains(old),
                  directories.contains(where: { $0 == "." || old.hasPrefix($0 + "/") }),
                  hidden || !old.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  !excludes.excludes(old) else { return nil }
            return (old, renamedTo[old])
        }
    }

    public func contents(ofOldPaths paths: [String]) throws -> [[UInt8]?] {
        guard exists else { return paths.map { _ in nil } }
        if !paths.isEmpty { batches += 1; fetched += paths }
        return paths.map { files[FilePath.normalize($0)] }
    }
}

/// The history of a `MemoryStore`: revisions by name (`HEAD`, `v1`).
public final class MemoryHistory: RevisionStore {
    public var revisions: [String: MemoryRevision]
    /// How many times a run asked for a revision's tree.
    public private(set) var treesMade = 0

    public init(_ revisions: [MemoryRevision]) {
        self.revisions = Dictionary(revisions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public func contents(of path: String, at revision: String) -> [UInt8]? {
        guard let tree = revisions[revision], let k = tree.relativePath(of: path) else { return nil }
        return (try? tree.contents(ofOldPaths: [k]))?.first ?? nil
    }

    public func tree(at revision: String) throws -> RevisionTree {
        guard let tree = revisions[revision] else {
            throw Diagnostic.file("git", "unknown revision '\(revision)'")
        }
        treesMade += 1
        return tree
    }
}
