/// `outline diff --since` as one workspace operation (format.md §8): every Markdown file of the run
/// paired with its version at the revision (renames followed, files gone from a directory operand
/// included) by `History`, then compared by `TreeHistory`.
extension Run {
    public struct TreeRequest {
        /// The files, as the run names them.
        public var files: [String]
        /// The operands they came from.
        public var operands: [String]
        public var since: String
        public var profile: SlugProfile = .github
        /// What a walk of the operands leaves out.
        public var excludes = Excludes([])
        /// The walk entered hidden directories (`--hidden`).
        public var hidden = false

        public init(files: [String], operands: [String], since: String) {
            self.files = files
            self.operands = operands
            self.since = since
        }
    }

    /// What changed in the tree since the revision: each file's changes, moves between files, renames.
    public func treeDiff(_ request: TreeRequest) throws -> TreeHistory.Report {
        TreeHistory.diff(try treePairs(request))
    }

    /// Every link target that vanished since the revision and where it went (`diff --redirects`).
    public func redirects(_ request: TreeRequest) throws -> [(from: String, to: String)] {
        TreeHistory.redirects(try treePairs(request)).map { ($0.from, $0.to) }
    }

    /// The files paired with their old versions, as `TreeHistory.diff` and `TreeHistory.redirects` read them.
    func treePairs(_ request: TreeRequest) throws -> [TreeHistory.FilePair] {
        let history = try self.history(request.since)
        var current: [String: Outline] = [:]
        for file in request.files {
            let bytes = try store.read(file)
            // A file that does not parse is compared as having no sections.
            let dialect = store.configuration(for: Workspace.directory(of: file)).dialect(for: file)
            if let outline = try? Outline(parsing: bytes, [.links], dialect: dialect) { current[file] = outline }
        }
        let pairs = try history.pairs(files: request.files, operands: request.operands, excludes: request.excludes,
                                      hidden: request.hidden, current: { current[$0] }, read: { [store] in try? store.read($0) })
        lifetime.keep(current)
        var result = history.treePairs(pairs, profile: request.profile, displayName: Run.displayName)
        for k in result.indices { result[k].language = language(of: pairs[k].newPath ?? history.tree.displayPath(pairs[k].oldPath)) }
        return result
    }
}
