import OutlineCore

/// A git revision as one run reads it (format.md §11: a fixed number of git processes whatever the
/// number of files): the renames since the revision and its file listing, each asked once when it is
/// made; file contents fetched in batches (one `git cat-file --batch` for every file a step needs), so
/// that `check --since` with links, `links --since` and `diff --since` start the same few processes
/// for ten files or ten thousand. The workspace makes one per run and revision (`History`).
final class Revision: RevisionTree {
    let git: Git
    let name: String
    let exists: Bool
    let renames: [String: String]
    /// The revision's files: root-relative path → blob id.
    let listing: [String: String]
    private var blobs: [String: [UInt8]?] = [:]   // by old root-relative path

    init(_ name: String, git: Git) throws {
        self.git = git
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

    var root: String { git.root }

    func messagesSince() throws -> [(commit: String, message: String)] {
        guard exists else { return [] }
        if let messages { return messages }
        let found = try git.messages(since: name)
        messages = found
        return found
    }
    private var messages: [(commit: String, message: String)]? = nil
    func relativePath(of file: String) -> String? { git.relativePath(of: file) }
    func displayPath(_ relative: String) -> String { git.displayPath(relative) }

    func vanishedMarkdown(accounted: Set<String>, under operands: [String], excludes: Excludes, hidden: Bool) -> [(old: String, renamedTo: String?)] {
        git.vanishedMarkdown(listing, accounted: accounted, under: operands, renames: renames, excludes: excludes, hidden: hidden)
    }

    func markdownFiles(under directory: String) -> [String] {
        let relative = directory.hasPrefix("/") ? FilePath.below(git.root, FilePath.normalize(directory)) : git.relativeDirectory(of: directory)
        guard exists, let relative else { return [] }
        return listing.keys.filter { LocalLink.isMarkdown($0) && FilePath.contains(relative, $0) }.sorted().map { git.root + "/" + $0 }
    }

    func existed(_ path: String) -> Bool {
        guard exists, let here = git.relativeDirectory(of: ".") else { return false }
        let relative = FilePath.normalize(here.isEmpty ? path : here + "/" + path)
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

    func contents(ofOldPaths paths: [String]) throws -> [[UInt8]?] {
        guard exists else { return paths.map { _ in nil } }
        var wanted: [String] = []
        var seen = Set<String>()
        for path in paths where blobs[path] == nil && seen.insert(path).inserted { wanted.append(path) }
        if !wanted.isEmpty {
            let contents = try git.contents(of: wanted, in: listing)
            for (k, path) in wanted.enumerated() { blobs[path] = .some(contents[k]) }
        }
        return paths.map { blobs[$0] ?? nil }
    }
}
