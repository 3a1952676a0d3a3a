/// Sections that moved between files since an older version: the one rule `links --since`,
/// `check --since` and `diff --since` share (docs/format.md §8).
///
/// IDs are unique within a file, not across a tree: two files may each have an `install` section
/// that have nothing to do with each other. So an anchored ID that left one file and appeared in
/// another is a move only with evidence beyond the ID, taken from the two versions already read:
/// the section's own body then and now (the lines under its heading up to the next heading, blank
/// lines and outline's own lines left out, each line trimmed) share at least half of the lines of
/// each, or both bodies are empty and the titles are equal. Without that evidence the ID is a
/// removal in the file it left (and an unrelated section in the other), which `check --since`
/// reports and link repair does not follow: a link left broken is better than a link sent to the
/// wrong section.
public enum Movement {
    /// One file at the older version and now (either may be missing).
    public struct Version: Sendable {
        public let old: Outline?
        public let new: Outline?
        /// The language of the translation tree the file belongs to (format.md §17), nil outside
        /// every tree: moves are matched only between files of one language.
        public let language: String?
        public init(old: Outline?, new: Outline?, language: String? = nil) {
            self.old = old
            self.new = new
            self.language = language
        }
    }

    /// An anchored ID that left file `file` (an index into the versions).
    public struct Key: Hashable, Sendable {
        public let file: Int
        public let id: String
        public init(file: Int, id: String) {
            self.file = file
            self.id = id
        }
    }

    public struct Result: Sendable {
        /// Each ID that left a file → the files it moved to, by the evidence (one: a move; more: it
        /// cannot be told which).
        public var destinations: [Key: [Int]] = [:]
        /// Each ID that left a file → the files that gained the same ID without the evidence of a
        /// move (an unrelated section: reported, never followed).
        public var unrelated: [Key: [Int]] = [:]

        /// The one file `id` moved to from `file`, if exactly one.
        public func move(of id: String, from file: Int) -> Int? {
            guard let places = destinations[Key(file: file, id: id)], places.count == 1 else { return nil }
            return places[0]
        }
    }

    public static func find(_ versions: [Version]) -> Result {
        var gainedBy: [String: [Int]] = [:]
        for (k, version) in versions.enumerated() {
            guard let new = version.new else { continue }
            let before = version.old.map(Removals.ids(present:)) ?? []
            for id in Removals.anchoredIDs(new) where !before.contains(id) { gainedBy[id, default: []].append(k) }
        }
        var result = Result()
        for (k, version) in versions.enumerated() {
            guard let old = version.old else { continue }
            let present = version.new.map(Removals.ids(present:)) ?? []
            for id in Removals.anchoredIDs(old) where !present.contains(id) {
                // A translation shares its source's IDs: another language's file is never evidence.
                let candidates = (gainedBy[id] ?? []).filter { $0 != k && versions[$0].language == version.language }
                guard !candidates.isEmpty else { continue }
                let key = Key(file: k, id: id)
                var moved: [Int] = [], other: [Int] = []
                for j in candidates {
                    if let new = versions[j].new, sameSection(id, then: old, now: new) { moved.append(j) } else { other.append(j) }
                }
                if !moved.isEmpty { result.destinations[key] = moved }
                if !other.isEmpty { result.unrelated[key] = other }
            }
        }
        return result
    }

    /// Whether the section `id` of `old` and the section `id` of `new` are one section: their bodies
    /// share at least half of each one's non-blank lines, or both are empty and the titles are equal.
    /// A section hidden in a fold marker shows no body: its ID is the only evidence there is.
    public static func sameSection(_ id: String, then old: Outline, now new: Outline) -> Bool {
        guard let a = old.sections.firstIndex(where: { $0.anchored && $0.id == id }),
              let b = new.sections.firstIndex(where: { $0.anchored && $0.id == id }) else { return true }
        let before = body(of: a, in: old), after = body(of: b, in: new)
        if before.isEmpty && after.isEmpty { return old.sections[a].title == new.sections[b].title }
        var counts: [ArraySlice<UInt8>: Int] = [:]
        for line in before { counts[line, default: 0] += 1 }
        var shared = 0
        for line in after {
            if let n = counts[line], n > 0 { counts[line] = n - 1; shared += 1 }
        }
        return shared * 2 >= before.count && shared * 2 >= after.count
    }

    /// The section's own lines: after its heading up to the next heading (of any level), each trimmed,
    /// without blank lines and outline's own comment lines (anchors, records, fold and TOC markers).
    static func body(of index: Int, in outline: Outline) -> [ArraySlice<UInt8>] {
        let sections = outline.sections, source = outline.source
        let section = sections[index]
        let end = index + 1 < sections.count ? min(sections[index + 1].heading.blockStartLine, section.endLine + 1) : section.endLine + 1
        var lines: [ArraySlice<UInt8>] = []
        var line = section.heading.lastLine + 1
        while line < end && line < source.lineCount {
            let text = trimmed(source.content(line))
            line += 1
            if text.isEmpty || text.starts(with: ownLinePrefix) || text.starts(with: ownMDXLinePrefix) { continue }
            lines.append(text)
        }
        return lines
    }

    private static let ownLinePrefix = Array("<!-- outline".utf8)
    /// The same lines in an MDX file (format.md §16).
    private static let ownMDXLinePrefix = Array("{/* outline".utf8)

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == ASCII.space || first == ASCII.tab { slice = slice.dropFirst() }
        while let last = slice.last, last == ASCII.space || last == ASCII.tab || last == ASCII.cr { slice = slice.dropLast() }
        return slice
    }
}
