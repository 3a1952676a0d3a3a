/// Stable anchors across versions (`check --against OLD`, `check --since REV`): every anchored ID of an
/// older version must still exist. An ID that left one checked file and appeared in exactly one other
/// moved with its section and is not a removal; a file deleted since the older version lost all its
/// anchors. What a removal costs is the policy's (format.md §10): accepted by a pattern (`--allow-removed`,
/// the config, a commit trailer, the environment), or under `removed = "linked"` when nothing links to it.
public enum Removals {
    /// One checked file at the older version and now.
    public struct FilePair: Sendable {
        /// What messages call the older version (`HEAD:docs/a.md`, or the `--against` file).
        public let oldName: String
        public let old: Outline?
        /// What messages call the file now (as the run names files; a deleted file's path too).
        public let newName: String
        /// nil when the file was deleted since the older version.
        public let new: Outline?
        /// Its translation tree's language (moves stay within one, format.md §17).
        public var language: String? = nil
        /// Where git saw the file renamed: its path then, as the run names files.
        public var renamedFrom: String? = nil
        /// The file's paths relative to the work tree's top, now and then (what a commit trailer names).
        public var topNames: [String] = []

        public init(oldName: String, old: Outline?, newName: String, new: Outline?, language: String? = nil) {
            self.oldName = oldName
            self.old = old
            self.newName = newName
            self.new = new
            self.language = language
        }
    }

    /// How removals are accepted.
    public struct Policy: Sendable {
        public var patterns: [RemovalPattern] = []
        /// `removed = "linked"`: only a removal that something links to (a link in the checked tree,
        /// or a linkable anchor, which readers outside may use) is refused.
        public var linkedOnly = false
        public init(patterns: [RemovalPattern] = [], linkedOnly: Bool = false) {
            self.patterns = patterns
            self.linkedOnly = linkedOnly
        }
    }

    /// A place that links to a removed section (as the run names files).
    public struct LinkPlace: Sendable, Equatable {
        public let path: String
        public let line: Int
        public init(path: String, line: Int) { self.path = path; self.line = line }
    }

    /// A removal that was not refused, and why.
    public struct Accepted: Sendable, Equatable {
        public let path: String
        public let id: String
        /// The pattern that accepted it (its text), or nil: nothing links to it (`removed = "linked"`).
        public let by: String?
    }

    public struct Outcome: Sendable {
        /// The removals refused, one finding each.
        public var findings: [Diagnostic] = []
        /// A bare ID that accepted removals, naming the files.
        public var warnings: [Diagnostic] = []
        public var accepted: [Accepted] = []
        /// The policy's patterns that accepted no removal (what `--prune-allow-removed` lists).
        public var unused: [RemovalPattern] = []
    }

    /// What the policy makes of every anchored ID of an older version that no file has now.
    /// `links`: where the checked tree links to the section an ID named in the old version of pair k.
    /// `revision`: `check --since REV` (its name in the way out each refusal gives).
    public static func check(_ pairs: [FilePair], policy: Policy = Policy(), revision: String? = nil,
                             links: (Int, String) -> [LinkPlace] = { _, _ in [] }) -> Outcome {
        let present = pairs.map { $0.new.map(ids(present:)) ?? [] }
        // An ID that appeared elsewhere is a move only with the evidence of Movement's rule.
        let movement = Movement.find(pairs.map { Movement.Version(old: $0.old, new: $0.new, language: $0.language) })
        var outcome = Outcome()
        var used = Set<Int>()
        var bareMatches: [Int: [String]] = [:]
        for (k, pair) in pairs.enumerated() {
            guard let old = pair.old else { continue }
            let names = [pair.newName] + (pair.renamedFrom.map { [$0] } ?? [])
            for (id, _) in anchoredIDsWithLines(old) where !present[k].contains(id) {
                let key = Movement.Key(file: k, id: id)
                let moved = movement.destinations[key] ?? []
                if moved.count == 1 { continue }   // moved to that file
                if let p = policy.patterns.firstIndex(where: { $0.matches(id: id, names: names, topNames: pair.topNames) }) {
                    used.insert(p)
                    if policy.patterns[p].isBare { bareMatches[p, default: []].append(pair.newName) }
                    outcome.accepted.append(Accepted(path: pair.newName, id: id, by: policy.patterns[p].text))
                    continue
                }
                let linked = links(k, id)
                let linkable = old.sections.first { $0.id == id }?.record?.isLinkable ?? false
                if policy.linkedOnly && linked.isEmpty && !linkable && moved.isEmpty {
                    outcome.accepted.append(Accepted(path: pair.newName, id: id, by: nil))
                    continue
                }
                outcome.findings.append(finding(pair, id: id, moved: moved.map { pairs[$0].newName },
                                                unrelated: movement.unrelated[key]?.map { pairs[$0].newName }, linked: linked,
                                                linkable: linkable, policy: policy, revision: revision))
            }
        }
        outcome.unused = policy.patterns.indices.filter { !used.contains($0) }.map { policy.patterns[$0] }
        for (p, files) in bareMatches.sorted(by: { $0.key < $1.key }) {
            let pattern = policy.patterns[p]
            var unique: [String] = []
            for f in files where !unique.contains(f) { unique.append(f) }
            var warning = Diagnostic(.warning, .removedAnchor, path: pattern.configPath,
                                     "allow-removed '\(pattern.text)' is a bare ID: it accepted removals in \(unique.joined(separator: ", ")); IDs are unique per file only: write \(unique.map { "\($0)#\(pattern.text)" }.joined(separator: " or "))")
            warning.subject = .section(pattern.text)
            outcome.warnings.append(warning)
        }
        return outcome
    }

    /// The refusal of one removal: where (the file now, at the nearest line of its new version; a
    /// deleted file's finding has no line there), and the ways out.
    private static func finding(_ pair: FilePair, id: String, moved: [String], unrelated: [String]?, linked: [LinkPlace],
                                linkable: Bool, policy: Policy, revision: String?) -> Diagnostic {
        var message = pair.new == nil
            ? "anchor '\(id)' no longer exists: \(pair.newName) was deleted"
            : "anchor '\(id)' no longer exists in \(pair.newName)"
        var notes: [String] = []
        if moved.count > 1 {
            notes.append("it appeared in \(moved.joined(separator: " and ")): which one is it?")
        } else if let unrelated {
            notes.append("\(unrelated.joined(separator: " and ")) gained an unrelated section with that ID: its text is not the one that left")
        }
        if !linked.isEmpty {
            let places = linked.prefix(5).map { "\($0.path):\($0.line)" }.joined(separator: ", ") + (linked.count > 5 ? " and \(linked.count - 5) more" : "")
            notes.append("linked from \(places); to keep those links, give the heading that replaces it the ID '\(id)' (move its anchor line there, replacing that heading's own)" +
                         (revision.map { ", then run 'outline links -w --since \($0)'" } ?? ""))
        } else if linkable {
            notes.append("its anchor is linkable: pages outside the repository may link to it")
        }
        let target = "\(pair.topNames.first ?? pair.newName)#\(id)"
        var accept = "to accept: --allow-removed \(pair.newName)#\(id), allow-removed in .outline.toml"
        if revision != nil { accept += ", or the commit trailer 'Outline-Allow-Removed: \(target)'" }
        notes.append(accept)
        if !policy.linkedOnly && linked.isEmpty && !linkable && pair.new != nil { notes.append("nothing links to it: removed = \"linked\" in .outline.toml accepts such removals") }
        if let revision, linked.isEmpty { notes.append("if it moved: check both files, 'outline links -w --since \(revision)' repairs the links") }
        message += " (" + notes.joined(separator: "; ") + ")"
        var d = Diagnostic(.finding, .removedAnchor, path: pair.newName, line: pair.new.map { nearestLine(to: id, old: pair.old!, new: $0) }, message)
            .about(.section(id))
        d.oldPath = pair.renamedFrom
        d.fileDeleted = pair.new == nil
        return d
    }

    /// Where a removed section stood in the new version: the heading of the first section after it in
    /// the old version that the new version still has; after the last, the new version's last line;
    /// 1 in an empty file. (GitHub places an annotation only on a line of the new version.)
    static func nearestLine(to id: String, old: Outline, new: Outline) -> Int {
        let lineOf = Dictionary(new.sections.map { ($0.id, $0.heading.firstLine + 1) }, uniquingKeysWith: { a, _ in a })
        guard let at = old.sections.firstIndex(where: { $0.id == id }) else { return 1 }
        for section in old.sections[(at + 1)...] { if let line = lineOf[section.id] { return line } }
        return max(1, new.source.lineCount)
    }

    /// Every ID the document has: its sections' (anchored or not) and those hidden in fold markers.
    static func ids(present outline: Outline) -> Set<String> {
        var present = Set(outline.sections.map(\.id))
        present.formUnion(outline.hiddenIDs)
        for marker in outline.markers { present.insert(marker.id) }
        return present
    }

    static func anchoredIDs(_ outline: Outline) -> Set<String> {
        Set(anchoredIDsWithLines(outline).map(\.id))
    }

    /// Anchored IDs with their 1-based lines: sections' and those hidden in fold markers (at the marker).
    static func anchoredIDsWithLines(_ outline: Outline) -> [(id: String, line: Int)] {
        var result: [(String, Int)] = []
        for section in outline.sections where section.anchored { result.append((section.id, section.heading.firstLine + 1)) }
        for marker in outline.markers {
            for hidden in marker.hiddenSections { result.append((hidden.id, marker.line + 1)) }
        }
        return result
    }
}

extension RemovalPattern {
    /// The configuration file that holds the pattern, where it is one's.
    var configPath: String? {
        if case .config(let path) = origin { return path }
        return nil
    }
}
