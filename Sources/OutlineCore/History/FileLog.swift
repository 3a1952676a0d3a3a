/// The commits that changed the files under some directories, newest first, as one `git log --raw`
/// reads them (format.md §17: a translation's history is read once a run, one `git log` and one
/// `git cat-file --batch`, over at most `limit` commits). Each change names the blobs it went from
/// and to, so that any version of any of the files is one object id away.
public struct FileLog: Sendable {
    public struct Change: Sendable, Equatable {
        /// `A`, `M`, `D`, `T`, `R` or `C`, as git reports it.
        public var status: UInt8
        public var oldBlob: String
        public var newBlob: String
        /// The path after the change, relative to the work tree's top.
        public var path: String
        /// A rename's or copy's source path.
        public var oldPath: String?
        public init(status: UInt8, oldBlob: String, newBlob: String, path: String, oldPath: String? = nil) {
            self.status = status
            self.oldBlob = oldBlob
            self.newBlob = newBlob
            self.path = path
            self.oldPath = oldPath
        }
    }

    public struct Commit: Sendable {
        public var name: RevisionName
        public var changes: [Change]
        public init(name: RevisionName, changes: [Change]) {
            self.name = name
            self.changes = changes
        }
    }

    /// One version of a file: the commit (an index into `commits`) that made it, and its blob.
    public struct Version: Sendable, Equatable {
        public var commit: Int
        public var blob: String
    }

    /// The work tree's top, absolute with links resolved: what the paths are relative to.
    public var root: String
    public var commits: [Commit]
    /// The commits read at most; `truncated`: older ones exist that were not read.
    public var limit: Int
    /// A `limit` that reads the whole history.
    public static let unlimited = Int(Int32.max)
    public var truncated: Bool

    public init(root: String, commits: [Commit], limit: Int, truncated: Bool) {
        self.root = root
        self.commits = commits
        self.limit = limit
        self.truncated = truncated
    }

    /// An absolute path (links resolved) relative to the top; nil outside the work tree.
    public func relative(_ path: String) -> String? {
        TranslationLayout.relative(path, to: root)
    }

    /// The versions of the file at top-relative `path`, newest first, renames followed back to where
    /// it was added (or as far as the log goes).
    public func versions(of path: String) -> [Version] {
        var name = path
        var found: [Version] = []
        for (k, commit) in commits.enumerated() {
            guard let change = commit.changes.first(where: { $0.path == name && $0.status != UInt8(ascii: "D") }) else { continue }
            found.append(Version(commit: k, blob: change.newBlob))
            if change.status == UInt8(ascii: "A") { break }
            if let old = change.oldPath, change.status == UInt8(ascii: "R") { name = old }
        }
        return found
    }

    /// The paths the file at top-relative `path` had, newest first (`path` itself first), renames
    /// followed back as `versions(of:)` follows them.
    public func names(of path: String) -> [String] {
        var names = [path]
        for commit in commits {
            guard let change = commit.changes.first(where: { $0.path == names.last! && $0.status != UInt8(ascii: "D") }) else { continue }
            if change.status == UInt8(ascii: "A") { break }
            if let old = change.oldPath, change.status == UInt8(ascii: "R"), !names.contains(old) { names.append(old) }
        }
        return names
    }

    /// The newest version of `versions` made at commit `commit` or before it (commits are newest
    /// first: a larger index is older): what the file was at that commit.
    public static func version(_ versions: [Version], asOf commit: Int) -> Version? {
        versions.first { $0.commit >= commit }
    }
}

/// A commit as messages name it.
public struct RevisionName: Sendable, Equatable {
    public var commit: String
    public var short: String
    /// The committer date, `YYYY-MM-DD`.
    public var date: String
    public init(commit: String, short: String, date: String) {
        self.commit = commit
        self.short = short
        self.date = date
    }
}
