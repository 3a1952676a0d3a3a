/// One revision of a work tree, read once per run (format.md §11: a fixed number of git processes
/// whatever the number of files). Paths of the work tree are as the run names files; "old paths" are
/// relative to the work tree's top, as the revision lists them.
public protocol RevisionTree: AnyObject {
    /// The revision as given (`HEAD`, `main~3`).
    var name: String { get }
    /// False in a repository without commits asked about `HEAD` (a first commit's hook): nothing
    /// existed before, every answer is "no such file".
    var exists: Bool { get }
    /// The work tree's top, absolute (for messages).
    var root: String { get }
    /// Files renamed since the revision: new top-relative path → old one.
    var renames: [String: String] { get }
    /// A work-tree file's path relative to the top; nil outside the work tree.
    func relativePath(of file: String) -> String?
    /// A top-relative path as the run names files (relative to the current directory).
    func displayPath(_ relative: String) -> String
    /// Whether a path (as the run names files) named a file or a directory at the revision.
    func existed(_ path: String) -> Bool
    /// The revision's Markdown files under the directories among `operands` that are not in
    /// `accounted` (top-relative): deleted since, or renamed outside the given set (with their new
    /// top-relative path). What a walk leaves out (hidden directories unless `hidden`, `excludes`) is
    /// left out.
    func vanishedMarkdown(accounted: Set<String>, under operands: [String], excludes: Excludes, hidden: Bool) -> [(old: String, renamedTo: String?)]
    /// The revision's Markdown files inside `directory` (absolute), as absolute paths: what a site
    /// published then (its pages, routes and labels at the revision), whatever the work tree holds now.
    func markdownFiles(under directory: String) -> [String]
    /// The revision's bytes at each top-relative old path (nil: no file there), every path not
    /// fetched before read in one batch.
    func contents(ofOldPaths paths: [String]) throws -> [[UInt8]?]
    /// The messages of the commits between the revision and HEAD (`git log REV..HEAD`), newest
    /// first, each with its commit id: where acceptances that travel with a change are written
    /// (format.md §10). Read once, on first use.
    func messagesSince() throws -> [(commit: String, message: String)]
}

extension RevisionTree {
    /// The top-relative path a work-tree file had at the revision (renames followed).
    public func oldPath(of file: String) -> String? {
        guard let relative = relativePath(of: file) else { return nil }
        return renames[relative] ?? relative
    }
}
