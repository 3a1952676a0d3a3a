/// A change to a docs tree as a reviewer reads it (`diff --since REV --format markdown`, format.md
/// §8): the sections added, removed, renamed and moved (by ID, with their files and titles then and
/// now), the public link targets that changed and whether the old one still reaches the section, and
/// the link findings the change may have caused. A value: the caller pairs the files (`History`)
/// and runs the check; rendering is the caller's too.
public struct Review: Sendable {
    /// A section by ID, in a file (as the run names files), with its title.
    public struct Section: Sendable, Equatable {
        public let id: String
        public let path: String
        public let title: String?
    }

    /// A section whose title changed, in its file now.
    public struct Rename: Sendable, Equatable {
        public let id: String
        public let path: String
        public let from: String
        public let to: String
    }

    /// A section that moved: to another file (`place` nil), or within its file (`place`: where it
    /// stood and where it stands now, as `diff` says it: `under a -> now after b under t`).
    public struct Move: Sendable, Equatable {
        public let id: String
        public let from: String
        public let to: String
        public let titleThen: String?
        public let titleNow: String?
        public let place: String?
    }

    /// An anchored section whose public slug (its heading's slug, what a site and other pages link
    /// to) is another now: `from#fromFragment` then, `to#toFragment` what a link should name now
    /// (its linkable ID, or its new slug).
    public struct TargetChange: Sendable, Equatable {
        /// What a link to the old slug finds in the section's file now.
        public enum Cover: Sendable, Equatable {
            /// An id on the section's anchor line is the old slug: an alias (`links --keep-aliases`)
            /// or its linkable ID.
            case alias
            /// Nothing: the old slug names no target of the section.
            case none
        }
        public let id: String
        public let from: String
        public let fromFragment: String
        public let to: String
        public let toFragment: String
        public let cover: Cover
        /// `diff --since REV --redirects` maps `from#fromFragment` to where the section is now.
        public let redirected: Bool
    }

    /// The tree's report (`diff --since` as text or JSON): files added, deleted and renamed.
    public var tree: TreeHistory.Report
    public var added: [Section] = []
    public var removed: [Section] = []
    public var renamed: [Rename] = []
    public var moved: [Move] = []
    /// Level and fold-state changes, as `diff` reports them, by file.
    public var other: [(path: String, change: StructureChange)] = []
    public var targets: [TargetChange] = []
    /// The link findings (`linkKinds`) the change made: those the check marks new against the
    /// revision (format.md §12), and the findings that exist only by comparison with it
    /// (`removed-anchor`, `slug-takeover`).
    public var findings: [Diagnostic] = []
    /// The files (as the run names them) added, modified, renamed or deleted since the revision.
    public var changed: Set<String> = []
    /// The links the change rewrote to keep reaching their sections (what `links -w --since` does).
    public var repaired: [RepairedLink] = []

    /// Nothing to say: no structural change, no changed target, no link finding.
    public var isEmpty: Bool { tree.isEmpty && targets.isEmpty && findings.isEmpty && repaired.isEmpty }

    /// The kinds a review lists: those about links and the targets they name.
    public static let linkKinds: Set<Diagnostic.Kind> = [.brokenLink, .fragmentCase, .removedAnchor, .slugTakeover, .aliasCollision, .idShadowed, .shadowedDefinition]

    /// The review of `pairs` (what `History.treePairs` gives), without findings.
    public init(_ pairs: [TreeHistory.FilePair]) {
        tree = TreeHistory.diff(pairs)
        var titleNow: [String: [String: String]] = [:], titleThen: [String: [String: String]] = [:]
        var oldPathOf: [String: String] = [:]
        for pair in pairs {
            if let path = pair.newPath, let new = pair.new { titleNow[path] = Review.titles(new.outline) }
            if let path = pair.oldPath, let old = pair.old { titleThen[path] = Review.titles(old.outline) }
            if let now = pair.newPath, let then = pair.oldPath { oldPathOf[now] = then }
            if let changed = Review.changedPaths(pair) { self.changed.formUnion(changed) }
        }
        for file in tree.files {
            let then = oldPathOf[file.path] ?? file.path
            for change in file.changes {
                switch change.kind {
                case .added: added.append(Section(id: change.id, path: file.path, title: change.to))
                case .removed: removed.append(Section(id: change.id, path: file.path, title: change.from))
                case .renamed: renamed.append(Rename(id: change.id, path: file.path, from: change.from ?? "", to: change.to ?? ""))
                case .moved:
                    moved.append(Move(id: change.id, from: then, to: file.path, titleThen: titleThen[then]?[change.id],
                                      titleNow: titleNow[file.path]?[change.id], place: "\(change.from ?? "") -> \(change.to ?? "")"))
                case .level, .folded, .unfolded: other.append((file.path, change))
                }
            }
        }
        for move in tree.moves {
            moved.append(Move(id: move.id, from: move.from, to: move.to, titleThen: titleThen[move.from]?[move.id],
                              titleNow: titleNow[move.to]?[move.id], place: nil))
        }
        targets = Review.targetChanges(pairs)
        repaired = Review.repairedLinks(pairs)
    }

    /// Each anchored section's title by ID.
    static func titles(_ outline: Outline) -> [String: String] {
        var titles: [String: String] = [:]
        for section in outline.sections where section.anchored && titles[section.id] == nil { titles[section.id] = section.title }
        return titles
    }

    /// The paths a pair says changed: a new file, a deleted one (its old path), both paths of a
    /// renamed one, a file whose bytes differ; nil when it is as it was.
    static func changedPaths(_ pair: TreeHistory.FilePair) -> Set<String>? {
        switch (pair.oldPath, pair.old, pair.newPath, pair.new) {
        case (let then?, _, let now?, _) where then != now: return [then, now]
        case (_, nil, let now?, _?): return [now]
        case (let then?, _?, _, nil): return [then]
        case (_, let old?, let now?, let new?) where old.outline.source.bytes != new.outline.source.bytes: return [now]
        default: return nil
        }
    }

    /// Every anchored section of the older version whose heading's slug is another now, in file order
    /// and document order: in its file, or in the one file it moved to (Movement's rule, format.md §8).
    static func targetChanges(_ pairs: [TreeHistory.FilePair]) -> [TargetChange] {
        let movement = TreeHistory.movement(pairs)
        let redirected = Set(TreeHistory.redirects(pairs).map(\.from))
        var changes: [TargetChange] = []
        for (k, pair) in pairs.enumerated() {
            guard let oldPath = pair.oldPath, let old = pair.old else { continue }
            let then = old.headingSlug
            for section in old.outline.sections where section.anchored {
                guard let fragment = then[section.id] else { continue }
                var place: (path: String, document: LinkedDocument)? = nil
                if let path = pair.newPath, let new = pair.new, new.currentTarget[section.id] != nil {
                    place = (path, new)
                } else if let j = movement.move(of: section.id, from: k), let path = pairs[j].newPath, let new = pairs[j].new {
                    place = (path, new)
                }
                guard let (path, now) = place, let current = now.currentTarget[section.id], now.headingSlug[section.id] != fragment else { continue }
                let cover: TargetChange.Cover = now.sectionByTarget[fragment] == section.id ? .alias : .none
                changes.append(TargetChange(id: section.id, from: oldPath, fromFragment: fragment, to: path, toFragment: current,
                                            cover: cover, redirected: redirected.contains(oldPath + "#" + fragment)))
            }
        }
        return changes
    }

    /// The link findings a change may have caused, in their order: those only a comparison with the
    /// revision finds, and the others of `linkKinds` in a changed file or on a link into one (a link
    /// whose file and target file are both as they were finds what it found at the revision).
    /// `root`: what a link path starting with `/` is relative to.
    public static func linkFindings(_ findings: [Diagnostic], changed: Set<String>, root: String) -> [Diagnostic] {
        findings.filter { d in
            guard linkKinds.contains(d.kind) else { return false }
            // Where the check compared with REV (format.md §12), what existed then is no news.
            if let isNew = d.isNew { return isNew }
            if d.kind == .removedAnchor || d.kind == .slugTakeover { return true }
            guard let path = d.path.map(FilePath.normalize) else { return false }
            if changed.contains(path) { return true }
            guard case .link(let destination)? = d.subject, let link = LocalLink(destination), !link.path.isEmpty else { return false }
            return changed.contains(LocalLink.resolve(link.path, from: path, root: root))
        }
    }
}
