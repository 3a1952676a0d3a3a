/// Sections as addresses (format.md §18) as run operations: `show`, and `replace`, `insert`, `move`,
/// `rename`, each a chain of verified rewrites of the files it changes (pin the addressed anchors,
/// the structural edit, then `links`' repair over the tree), told as one rewrite of each file.
extension Run {
    /// One of the operations that change files.
    public enum SectionOperation: Sendable {
        /// The section's new text (a heading renames it; none keeps it).
        case replace(SectionAddress, text: [UInt8], allowRemoved: [RemovalPattern])
        /// A new section `placement` (after or before) the section `relativeTo` of the file at `path`.
        case insert(path: String, placement: SectionPlacement, relativeTo: String, text: [UInt8])
        /// To the file `destination`: at its end, or `placement` the section `relativeTo` there.
        case move(SectionAddress, destination: String, placement: SectionPlacement?, relativeTo: String?)
        case rename(SectionAddress, title: String)
    }

    public struct SectionRequest: Sendable {
        public var operation: SectionOperation
        /// `--if-hash`: the addressed section's hash (`show`) when it was read.
        public var ifHash: String? = nil
        /// `--root`: the tree whose links are repaired (default: the work tree's top level).
        public var root: String? = nil
        public init(_ operation: SectionOperation) { self.operation = operation }
    }

    /// What an operation does: each file it changes (the addressed files first), the section where it
    /// now stands, and what it says on the way.
    public struct SectionChange {
        public var files: [(path: String, rewrite: Rewrite)] = []
        /// The section the operation is about, as it reads after it (its new hash).
        public var section: SectionText? = nil
        /// Sections `replace` left out, by ID.
        public var removed: [String] = []
        /// Anchors pinned, a slug read as an ID, links that could not be repaired.
        public var diagnostics: [Diagnostic] = []
    }

    /// `show`: each addressed section (`shallow`: up to its first subsection); warnings say where a
    /// slug was read in place of an ID.
    public func show(_ addresses: [SectionAddress], shallow: Bool = false, root: String? = nil) throws -> (sections: [SectionText], warnings: [Diagnostic]) {
        let tree = SectionTree(run: self, root: root)
        var parsed: [String: Outline] = [:]
        var out: [SectionText] = [], warnings: [Diagnostic] = []
        for address in addresses {
            let path = tree.key(address.path)
            if parsed[path] == nil { parsed[path] = try tree.outline(address.path) }
            let (k, slug) = try locate(address, in: tree.linked(path, parsed[path]!), tree: tree)
            warnings += slug
            out.append(SectionText(parsed[path]!, section: k, path: path, shallow: shallow))
        }
        return (out, warnings)
    }

    /// The links of the tree that point at the addressed section or its subsections.
    public func links(to address: SectionAddress, root: String? = nil) throws -> (links: [(path: String, line: Int, destination: String, id: String)], warnings: [Diagnostic]) {
        let tree = SectionTree(run: self, root: root)
        let document = tree.linked(address.path, try tree.outline(address.path))
        let (k, warnings) = try locate(address, in: document, tree: tree)
        let ids = Set(SectionEdit.subtree(k, in: document.outline).map { document.outline.sections[$0].id })
        return (try tree.inbound(to: ids, in: document).map { ($0.path, $0.line, $0.destination, $0.id) }, warnings)
    }

    /// The section `address` names, and a warning when a slug named it in place of its ID.
    func locate(_ address: SectionAddress, in document: LinkedDocument, tree: SectionTree) throws -> (Int, [Diagnostic]) {
        let (k, match) = try Run.about(tree.key(address.path)) { try address.find(in: document) }
        guard match == .slug else { return (k, []) }
        let section = document.outline.sections[k]
        return (k, [.warning(.unknownID, line: section.heading.firstLine + 1,
                             "'\(address.fragment)' is the heading slug of section '\(section.id)'; its ID '\(section.id)' stays when the heading is renamed")
                    .about(.section(section.id)).located(in: tree.key(address.path))])
    }

    /// Runs a section operation; nothing is written (the caller writes `files`, all or none).
    public func sections(_ request: SectionRequest) throws -> SectionChange {
        let tree = SectionTree(run: self, root: request.root)
        switch request.operation {
        case .replace(let address, let text, let allowRemoved):
            return try replace(address, text: text, allowRemoved: allowRemoved, ifHash: request.ifHash, tree: tree)
        case .insert(let path, let placement, let relativeTo, let text):
            return try insert(into: path, placement: placement, relativeTo: relativeTo, text: text, tree: tree)
        case .move(let address, let destination, let placement, let relativeTo):
            return try move(address, to: destination, placement: placement, relativeTo: relativeTo, ifHash: request.ifHash, tree: tree)
        case .rename(let address, let title):
            return try rename(address, to: title, ifHash: request.ifHash, tree: tree)
        }
    }

    /// The addressed file and section, checked: not a folded view, the hash as read, and anchored
    /// (pinned with `wanted`'s IDs where it is not): the file as it was, the pinned version, the index.
    func addressed(_ address: SectionAddress, ifHash: String?, tree: SectionTree, change: inout SectionChange,
                   pinning: (Outline, Int) -> [Int: String] = { _, k in [:] }) throws -> (original: Outline, pinned: Outline, pins: RewriteResult, index: Int) {
        let path = tree.key(address.path)
        let original = try tree.outline(address.path)
        try refuseFolded(original, path)
        let (k, warnings) = try locate(address, in: tree.linked(path, original), tree: tree)
        change.diagnostics += warnings
        if let ifHash {
            let now = SectionText(original, section: k, path: path)
            guard now.hash == ifHash else {
                throw Diagnostic.error(.changedOriginal, line: now.line, "section '\(now.id)' changed since it was read (hash \(now.hash), not \(ifHash)): read it again ('outline show --json \(path)#\(now.id)', or the show_section tool) and redo the edit")
                    .about(.section(now.id)).located(in: path)
            }
        }
        var wanted = pinning(original, k)
        if !original.sections[k].anchored && wanted[k] == nil { wanted[k] = original.sections[k].id }
        let pins = try Run.about(path) { try SectionEdit.pin(original, wanted) }
        for (index, id) in wanted.sorted(by: { $0.key < $1.key }) where !original.sections[index].anchored {
            change.diagnostics.append(Diagnostic.warning(.missingAnchor, line: original.sections[index].heading.firstLine + 1,
                                                         "section '\(original.sections[index].title)' had no anchor: pinned as '\(id)'").about(.section(id)).located(in: path))
        }
        let pinned = pins.rewrite.isIdentity ? original : try tree.outline(path, bytes: pins.output)
        return (original, pinned, pins, k)
    }

    /// The change of one file: its steps joined, then its link repair.
    func finish(_ change: inout SectionChange, tree: SectionTree, steps: [(path: String, old: Outline, rewrites: [Rewrite])],
                moves: [LinkRepair.MoveKey: (to: [String], unrelated: [String])], section: (path: String, id: String)?) throws {
        var finals: [(path: String, old: Outline, new: Outline)] = []
        var joined: [String: Rewrite] = [:]
        for step in steps {
            var rewrite = step.rewrites[0]
            for next in step.rewrites.dropFirst() { rewrite = try rewrite.followed(by: next) }
            joined[step.path] = rewrite
            finals.append((step.path, step.old, try tree.outline(step.path, bytes: rewrite.output)))
        }
        let (repairs, warnings) = try tree.repair(finals, moves: moves)
        change.diagnostics += warnings
        for step in steps {
            var rewrite = joined[step.path]!
            if let repair = repairs[step.path] { rewrite = try rewrite.followed(by: repair.rewrite) }
            change.files.append((step.path, rewrite))
        }
        for path in repairs.keys.sorted() where joined[path] == nil { change.files.append((path, repairs[path]!.rewrite)) }
        if let (path, id) = section {
            let final = try tree.outline(path, bytes: change.files.first { $0.path == path }!.rewrite.output)
            if let k = final.sections.firstIndex(where: { $0.anchored && $0.id == id }) { change.section = SectionText(final, section: k, path: path) }
        }
    }
}
