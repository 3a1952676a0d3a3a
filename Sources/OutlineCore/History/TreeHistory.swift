/// A docs tree compared with its version at a git revision (format.md §8): the structural diff of each
/// file, sections that moved between files, files renamed, and the redirect map of every link target
/// that vanished to where it went. The caller pairs each file with its older version (git's renames
/// followed); the library reads nothing.
public enum TreeHistory {
    /// One file at the older version and now, as outline names it (either side may be missing).
    public struct FilePair: Sendable {
        public let oldPath: String?
        public let old: LinkedDocument?
        public let newPath: String?
        public let new: LinkedDocument?
        /// Its translation tree's language (moves stay within one, format.md §17).
        public var language: String? = nil

        public init(oldPath: String?, old: LinkedDocument?, newPath: String?, new: LinkedDocument?, language: String? = nil) {
            self.oldPath = oldPath
            self.old = old
            self.newPath = newPath
            self.new = new
            self.language = language
        }
    }

    public struct Report: Sendable {
        /// The structural changes inside each file (moves between files taken out), by current path.
        public var files: [(path: String, changes: [StructureChange])] = []
        /// Sections that left one file for another.
        public var moves: [(id: String, from: String, to: String)] = []
        /// Files git sees renamed.
        public var renames: [(from: String, to: String)] = []
        /// Markdown files that did not exist at the revision, and those deleted since.
        public var added: [String] = []
        public var deleted: [String] = []

        public var isEmpty: Bool { files.isEmpty && moves.isEmpty && renames.isEmpty && added.isEmpty && deleted.isEmpty }
    }

    public static func diff(_ pairs: [FilePair]) -> Report {
        var report = Report()
        var moved: [String: (from: String, to: String)] = [:]
        for (key, to) in movement(pairs).destinations where to.count == 1 {
            if let from = pairs[key.file].oldPath, let path = pairs[to[0]].newPath { moved[key.id] = (from, path) }
        }
        for pair in pairs {
            if let from = pair.oldPath, let to = pair.newPath, from != to { report.renames.append((from, to)) }
            if pair.old == nil, let path = pair.newPath, pair.new != nil { report.added.append(path) }
            if pair.new == nil, let path = pair.oldPath, pair.old != nil { report.deleted.append(path) }
            guard let old = pair.old, let new = pair.new, let path = pair.newPath,
                  let a = try? Structure(old.outline), let b = try? Structure(new.outline) else { continue }
            let changes = StructureDiff.compare(a, b).filter { change in
                !((change.kind == .removed || change.kind == .added) && moved[change.id] != nil)
            }
            if !changes.isEmpty { report.files.append((path, changes)) }
        }
        report.moves = moved.map { ($0.key, $0.value.from, $0.value.to) }.sorted { ($0.from, $0.id) < ($1.from, $1.id) }
        // A section that moved and was renamed on the way: the rename is reported in its new file.
        var titleThen: [String: String] = [:], titleNow: [String: (path: String, title: String)] = [:]
        for pair in pairs {
            for section in pair.old?.outline.sections ?? [] where section.anchored && moved[section.id] != nil { titleThen[section.id] = section.title }
            if let path = pair.newPath {
                for section in pair.new?.outline.sections ?? [] where section.anchored && moved[section.id] != nil { titleNow[section.id] = (path, section.title) }
            }
        }
        for move in report.moves {
            guard let then = titleThen[move.id], let now = titleNow[move.id], then != now.title else { continue }
            let change = StructureChange(kind: .renamed, id: move.id, from: then, to: now.title)
            if let k = report.files.firstIndex(where: { $0.path == now.path }) { report.files[k].changes.append(change) }
            else { report.files.append((now.path, [change])) }
        }
        return report
    }

    /// The sections that moved between the files, by Movement's rule (evidence beyond the ID).
    static func movement(_ pairs: [FilePair]) -> Movement.Result {
        Movement.find(pairs.map { Movement.Version(old: $0.old?.outline, new: $0.new?.outline, language: $0.language) })
    }

    /// Every link target of the older version that no longer resolves, mapped to where its section is
    /// now (`guide.md#install` → `setup.md#getting-started`), and each renamed file's old path to its
    /// new one. Targets that named no anchored section, or whose section is gone, are left out: there
    /// is nowhere to send them. Sorted by source.
    public static func redirects(_ pairs: [FilePair]) -> [(from: String, to: String)] {
        let movement = movement(pairs)
        var byPath: [String: LinkedDocument] = [:]
        for pair in pairs { if let path = pair.newPath, let new = pair.new { byPath[path] = new } }
        var map: [(String, String)] = []
        for (k, pair) in pairs.enumerated() {
            guard let oldPath = pair.oldPath, let old = pair.old else { continue }
            if let newPath = pair.newPath, newPath != oldPath { map.append((oldPath, newPath)) }
            // A file gone whose anchored sections all moved to one file is that file, renamed (git
            // does not pair a rename when the file was rewritten on the way).
            if pair.new == nil, !old.currentTarget.isEmpty {
                let places = Set(old.currentTarget.keys.map { movement.move(of: $0, from: k) })
                if places.count == 1, let j = places.first!, let to = pairs[j].newPath { map.append((oldPath, to)) }
            }
            for target in old.targets.ordered where old.sectionByTarget[target] != nil {
                let samePlace = pair.newPath.flatMap { byPath[$0] }
                if pair.newPath == oldPath, samePlace?.targets.contains(target) == true { continue }   // still resolves
                guard let id = old.sectionByTarget[target] else { continue }
                // The section is in this file's new version, or it moved to exactly one other file.
                var destination: String? = nil
                if let newPath = pair.newPath, let now = byPath[newPath], now.currentTarget[id] != nil {
                    destination = newPath
                } else if let j = movement.move(of: id, from: k) {
                    destination = pairs[j].newPath
                }
                guard let to = destination, let doc = byPath[to], let fragment = doc.currentTarget[id] else { continue }
                let source = oldPath + "#" + target, goal = to + "#" + fragment
                if source != goal { map.append((source, goal)) }
            }
        }
        var seen = Set<String>()
        return map.filter { seen.insert($0.0).inserted }.sorted { $0.0 < $1.0 }
    }
}
