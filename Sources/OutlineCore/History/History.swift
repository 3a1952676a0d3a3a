/// A run's history: the work tree at one git revision, read once (its listing and renames when the
/// `RevisionTree` is made, every old version a step needs in one batch), each old version parsed
/// once, and files paired with their old versions in one place for everyone: `check --since` (the
/// removals), `diff --since` (the tree report and redirects) and `links --since` (repair), with the
/// one move rule of `Movement` (format.md §8, §11).
public final class History {
    public let tree: RevisionTree
    /// Old versions parsed with their links, by top-relative old path (nil: not a document).
    private var parsed: [String: Outline?] = [:]

    /// How the file at a top-relative path is read (its site's dialect: MDX's comment lines most of
    /// all, format.md §16); by default CommonMark, MDX for a `.mdx` file.
    private let dialect: (String) -> Dialect

    public init(_ tree: RevisionTree, dialect: @escaping (String) -> Dialect = { Config().dialect(for: $0) }) {
        self.tree = tree
        self.dialect = dialect
    }

    public var name: String { tree.name }
    public var exists: Bool { tree.exists }

    /// Parses the old versions at `oldPaths` (fetched in one batch), in parallel, once each: link
    /// repair and the removals check read the same old documents.
    public func parse(oldPaths: [String]) throws {
        guard tree.exists else { return }
        var seen = Set<String>()
        let wanted = oldPaths.filter { parsed[$0] == nil && seen.insert($0).inserted }
        guard !wanted.isEmpty else { return }
        let bytes = try tree.contents(ofOldPaths: wanted)
        // Asked here, on the run's thread: the stores' configurations are read before parallel work.
        let dialects = wanted.map(dialect)
        let outlines = Parallel.map(wanted.count) { k -> Outline? in
            bytes[k].flatMap { try? Outline(parsing: $0, [.links], dialect: dialects[k]) }
        }
        for (k, path) in wanted.enumerated() { parsed[path] = .some(outlines[k]) }
    }

    /// The old version at a top-relative path, parsed (nil: no document there).
    public func outline(atOldPath path: String) throws -> Outline? {
        guard tree.exists else { return nil }
        if let known = parsed[path] { return known }
        try parse(oldPaths: [path])
        return parsed[path] ?? nil
    }

    /// A file of the run with its version at the revision, or a Markdown file of the revision that
    /// is gone from a directory the run walked (deleted, or renamed outside the files given).
    public struct Pair {
        /// Top-relative, at the revision (renames followed).
        public let oldPath: String
        /// nil when the file did not exist at the revision (or was not a document).
        public let old: Outline?
        /// As the run names files; nil when the file is gone.
        public let newPath: String?
        public let new: Outline?
    }

    /// Every file of `files` (as the run names them; `current`: those parsed already) with its old
    /// version (renames followed), then the vanished Markdown files under the directories among
    /// `operands`, with their new version when git sees them renamed. Every old version is read in
    /// one batch; a file outside the work tree is an error.
    /// `read`: the bytes of a work-tree file (a renamed file's new version), nil when unreadable.
    public func pairs(files: [String], operands: [String], excludes: Excludes, hidden: Bool = false, current: (String) -> Outline?,
                      read: (String) -> [UInt8]?) throws -> [Pair] {
        var checked: [(file: String, relative: String)] = []
        for file in files where file != "-" {
            guard let relative = tree.relativePath(of: file) else {
                throw Diagnostic.file(file, "not in the git work tree of \(tree.root)")
            }
            checked.append((file, relative))
        }
        var oldPaths = checked.map { tree.renames[$0.relative] ?? $0.relative }
        let accounted = Set(oldPaths).union(checked.map(\.relative))
        let gone = tree.vanishedMarkdown(accounted: accounted, under: operands, excludes: excludes, hidden: hidden)
        oldPaths += gone.map(\.old)
        try parse(oldPaths: oldPaths)
        var pairs: [Pair] = []
        for (k, entry) in checked.enumerated() {
            let old = try outline(atOldPath: oldPaths[k])
            pairs.append(Pair(oldPath: oldPaths[k], old: old, newPath: entry.file, new: current(entry.file)))
        }
        for entry in gone {
            guard let old = try outline(atOldPath: entry.old) else { continue }
            var newPath: String? = nil, new: Outline? = nil
            if let renamed = entry.renamedTo, let bytes = read(tree.root + "/" + renamed) {
                let name = tree.displayPath(renamed)
                newPath = name
                do { new = try Outline(parsing: bytes, [.links], dialect: dialect(renamed)) } catch let error as Diagnostic { throw error.located(in: name) }
            }
            pairs.append(Pair(oldPath: entry.old, old: old, newPath: newPath, new: new))
        }
        return pairs
    }

    /// The pairs as the removals check reads them: old versions named `REV:path`.
    public func removalPairs(_ pairs: [Pair], displayName: (String) -> String) -> [Removals.FilePair] {
        pairs.map { pair in
            var removal = Removals.FilePair(oldName: "\(tree.name):\(pair.oldPath)", old: pair.old,
                                            newName: pair.newPath.map(displayName) ?? tree.displayPath(pair.oldPath), new: pair.new)
            let now = pair.newPath.flatMap(tree.relativePath(of:))
            if let now, now != pair.oldPath { removal.renamedFrom = tree.displayPath(pair.oldPath) }
            removal.topNames = (now.map { [$0] } ?? []) + (now == pair.oldPath ? [] : [pair.oldPath])
            return removal
        }
    }

    /// The pairs as `diff --since` reads them: both sides as the run names files, with their targets.
    public func treePairs(_ pairs: [Pair], profile: SlugProfile, displayName: (String) -> String) -> [TreeHistory.FilePair] {
        pairs.map { pair in
            let oldPath = FilePath.normalize(tree.displayPath(pair.oldPath))
            let newPath = pair.newPath.map { FilePath.normalize(displayName($0)) }
            return TreeHistory.FilePair(oldPath: pair.old == nil ? nil : oldPath,
                                        old: pair.old.map { LinkedDocument(path: oldPath, outline: $0, profile: profile) },
                                        newPath: newPath,
                                        new: pair.new.map { LinkedDocument(path: newPath!, outline: $0, profile: profile) })
        }
    }
}
