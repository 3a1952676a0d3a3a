import OutlineCore

/// A git revision as one run reads it (format.md §11: a fixed number of git processes whatever the number
/// of files): the work tree's root, the renames since the revision and its file listing, each asked
/// once; file contents fetched in batches (one `git cat-file --batch` for every file a step needs,
/// `preload`), so that `check --since` with links, `links --since` and `diff --since` start the same
/// few processes for ten files or ten thousand. One instance per run and revision, shared by the
/// steps that need it (the command makes it and hands it on).
final class Revision {
    let git: Git
    let name: String
    /// False in a repository without commits asked about `HEAD` (a first commit's hook): nothing
    /// existed before, every answer is "no such file".
    let exists: Bool
    /// New root-relative path → old one, for files git sees renamed since the revision.
    let renames: [String: String]
    /// The revision's files: root-relative path → blob id.
    let listing: [String: String]
    private var blobs: [String: [UInt8]?] = [:]   // by old root-relative path

    init(_ name: String, console: Console) throws {
        git = try Git(directory: console.workingDirectory ?? ".")
        self.name = name
        do {
            try git.verify(name)
        } catch where name == "HEAD" && !git.hasCommits() {
            exists = false
            renames = [:]
            listing = [:]
            return
        }
        exists = true
        renames = try git.renames(since: name)
        listing = try git.files(at: name)
    }

    /// Whether a path (relative to the current directory, lexically) named a file or a directory of
    /// the revision.
    func existed(_ path: String) -> Bool {
        guard exists, let here = git.relativeDirectory(of: ".") else { return false }
        let relative = LocalLink.normalize(here.isEmpty ? path : here + "/" + path)
        if relative.hasPrefix("..") || relative.hasPrefix("/") { return false }
        if relative == "." || listing[relative] != nil { return true }
        if directories == nil {
            var all = Set<String>()
            for file in listing.keys {
                var parts = file.split(separator: "/").dropLast()
                while !parts.isEmpty { all.insert(parts.joined(separator: "/")); parts = parts.dropLast() }
            }
            directories = all
        }
        return directories!.contains(relative)
    }
    private var directories: Set<String>? = nil

    /// The root-relative path a file of the work tree had at the revision (renames followed), nil
    /// outside the work tree.
    func oldPath(of file: String) -> String? {
        guard let relative = git.relativePath(of: file) else { return nil }
        return renames[relative] ?? relative
    }

    /// Fetches, in one git process, the revision's contents of every root-relative old path not
    /// fetched yet.
    func preload(oldPaths: [String]) throws {
        guard exists else { return }
        var wanted: [String] = []
        var seen = Set<String>()
        for path in oldPaths where blobs[path] == nil && seen.insert(path).inserted { wanted.append(path) }
        guard !wanted.isEmpty else { return }
        let contents = try git.contents(of: wanted, in: listing)
        for (k, path) in wanted.enumerated() { blobs[path] = .some(contents[k]) }
    }

    /// Old versions parsed with their links, by old root-relative path (nil: not a document).
    private(set) var parsed: [String: Outline?] = [:]

    /// Parses the old versions at `oldPaths` (fetched first, in one process), in parallel, once each:
    /// link repair and the removals check read the same old documents.
    func parse(oldPaths: [String]) throws {
        try preload(oldPaths: oldPaths)
        var seen = Set<String>()
        let wanted = oldPaths.filter { parsed[$0] == nil && seen.insert($0).inserted }
        let bytes = try wanted.map { try contents(ofOldPath: $0) }
        let outlines = Parallel.map(wanted.count) { k -> Outline? in
            bytes[k].flatMap { try? Outline(parsing: $0, links: true) }
        }
        for (k, path) in wanted.enumerated() { parsed[path] = .some(outlines[k]) }
    }

    /// The revision's bytes at a root-relative old path (fetched now if `preload` did not).
    func contents(ofOldPath path: String) throws -> [UInt8]? {
        guard exists else { return nil }
        if let known = blobs[path] { return known }
        try preload(oldPaths: [path])
        return blobs[path] ?? nil
    }
}
