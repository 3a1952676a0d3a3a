/// Stable anchors across versions (`check --against OLD`, `check --since REV`): every anchored ID of an
/// older version must still exist. An ID that left one checked file and appeared in exactly one other
/// moved with its section and is not a removal; a file deleted since the older version lost all its
/// anchors.
public enum Removals {
    /// One checked file at the older version and now.
    public struct FilePair: Sendable {
        /// What messages call the older version (`HEAD:docs/a.md`, or the `--against` file).
        public let oldName: String
        public let old: Outline?
        /// What messages call the file now.
        public let newName: String
        /// nil when the file was deleted since the older version.
        public let new: Outline?
        /// Its translation tree's language (moves stay within one, format.md §17).
        public var language: String? = nil

        public init(oldName: String, old: Outline?, newName: String, new: Outline?, language: String? = nil) {
            self.oldName = oldName
            self.old = old
            self.newName = newName
            self.new = new
            self.language = language
        }
    }

    /// A finding for each anchored ID of an older version that no file has now, located at its line in
    /// the older version, unless `allowed` (`--allow-removed` patterns) matches it.
    /// Each finding names its way out: `--allow-removed` for a removal that is meant, and with
    /// `revision` (`check --since REV`) the link repair for a section that moved.
    public static func removedAnchors(_ pairs: [FilePair], allowed: [Glob] = [], revision: String? = nil) -> [Diagnostic] {
        let present = pairs.map { $0.new.map(ids(present:)) ?? [] }
        // An ID that appeared elsewhere is a move only with the evidence of Movement's rule.
        let movement = Movement.find(pairs.map { Movement.Version(old: $0.old, new: $0.new, language: $0.language) })
        var found: [Diagnostic] = []
        for (k, pair) in pairs.enumerated() {
            guard let old = pair.old else { continue }
            for (id, line) in anchoredIDsWithLines(old) where !present[k].contains(id) {
                if allowed.contains(where: { $0.matches(id) }) { continue }
                let key = Movement.Key(file: k, id: id)
                let moved = movement.destinations[key] ?? []
                if moved.count == 1 { continue }   // moved to that file
                var message = pair.new == nil
                    ? "anchor '\(id)' no longer exists: \(pair.newName) was deleted"
                    : "anchor '\(id)' no longer exists in \(pair.newName)"
                var notes: [String] = []
                if moved.count > 1 {
                    notes.append("it appeared in \(moved.map { pairs[$0].newName }.joined(separator: " and ")): which one is it?")
                } else if let other = movement.unrelated[key] {
                    notes.append("\(other.map { pairs[$0].newName }.joined(separator: " and ")) gained an unrelated section with that ID: its text is not the one that left")
                }
                notes.append("to accept: --allow-removed \(id), or allow-removed in .outline.toml")
                if let revision { notes.append("if it moved: check both files, 'outline links -w --since \(revision)' repairs the links") }
                message += " (" + notes.joined(separator: "; ") + ")"
                found.append(Diagnostic(.finding, .removedAnchor, path: pair.oldName, line: line, message).about(.section(id)))
            }
        }
        return found
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
