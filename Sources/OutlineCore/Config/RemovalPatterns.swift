/// An acceptance of removed sections (format.md §10): `PATH#ID`, globs on either side (`docs/*.md#legacy-*`),
/// or a bare `ID`, which matches in every file (IDs are unique per file only: a bare entry left in a
/// config once accepted the removal of another file's section of the same ID, so each use is said).
public struct RemovalPattern: Sendable, Equatable {
    /// Where the acceptance was written: what a warning or `--prune-allow-removed` names.
    public enum Origin: Sendable, Equatable {
        /// `--allow-removed`.
        case commandLine
        /// `OUTLINE_ALLOW_REMOVED`.
        case environment
        /// `allow-removed` in a configuration file (as the run names it).
        case config(String)
        /// An `Outline-Allow-Removed:` trailer of a commit between the revision and HEAD.
        case commit(String)
        /// The trailer of the message being written (`--commit-message FILE`).
        case message(String)
    }

    /// As written.
    public let text: String
    public let origin: Origin
    /// nil: a bare ID.
    let path: Glob?
    let id: Glob
    /// What the path is relative to: the work tree's top (a trailer's paths, as git names files), or
    /// the current directory with `prefix` in front (a config file's directory, `docs/`).
    let fromTop: Bool
    let prefix: String
    /// What stands before a name once `prefix` is off: the current directory's path below the config
    /// file's directory (`docs/` for a run in `docs/` under a config at the top), or empty.
    let within: String

    /// nil for a pattern that is no glob (an unclosed `[`, an empty side). `prefix`: the directory
    /// (as the run names files, ending in `/`, or empty) a config file's paths are relative to.
    public init?(_ text: String, origin: Origin, prefix: String = "", within: String = "", fromTop: Bool = false) {
        let trimmed = text.trimmingBlanks
        guard !trimmed.isEmpty else { return nil }
        self.text = trimmed
        self.origin = origin
        self.fromTop = fromTop
        self.prefix = prefix
        self.within = within
        // IDs hold no `#`: the last one splits.
        if let hash = trimmed.lastIndex(of: "#") {
            var path = String(trimmed[..<hash])
            while path.hasPrefix("./") { path.removeFirst(2) }
            guard let pathGlob = Glob(path, pathAware: true), let idGlob = Glob(String(trimmed[trimmed.index(after: hash)...])) else { return nil }
            self.path = pathGlob
            self.id = idGlob
        } else {
            guard let idGlob = Glob(trimmed) else { return nil }
            self.path = nil
            self.id = idGlob
        }
    }

    public var isBare: Bool { path == nil }

    /// Whether the pattern accepts the removal of `id` from a file named `names` (as the run names
    /// files: its path now and, renamed, then) or `topNames` (the same, relative to the work tree's top).
    func matches(id removed: String, names: [String], topNames: [String]) -> Bool {
        guard id.matches(removed) else { return false }
        guard let path else { return true }
        if fromTop { return topNames.contains { path.matches($0) } }
        return names.contains { name in
            guard name.hasPrefix(prefix) else { return false }
            return path.matches(FilePath.normalize(within + name.dropFirst(prefix.count)))
        }
    }

    /// The patterns of a list (`OUTLINE_ALLOW_REMOVED`, a trailer's value): separated by commas or
    /// white space. Those that are no pattern are returned apart, for an error.
    public static func list(_ text: String, origin: Origin, fromTop: Bool = false) -> (patterns: [RemovalPattern], bad: [String]) {
        var patterns: [RemovalPattern] = [], bad: [String] = []
        for word in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }) {
            if let p = RemovalPattern(String(word), origin: origin, fromTop: fromTop) { patterns.append(p) } else { bad.append(String(word)) }
        }
        return (patterns, bad)
    }
}

/// Git trailers of commit messages (`Key: value` lines in the message's last paragraph, as
/// `git interpret-trailers` reads them): the acceptances that travel with a change.
public enum CommitTrailers {
    /// The trailer that accepts a removal.
    public static let allowRemoved = "Outline-Allow-Removed"

    /// The values of `key` (case-insensitive, as git compares keys) in `message`. A message being
    /// written is read as git will store it: `#` comment lines and everything under the scissors
    /// line left out.
    public static func values(_ key: String, in message: [UInt8]) -> [String] {
        var lines: [String] = []
        for raw in String(decoding: message, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.hasPrefix("# ") && line.contains(">8") { break }
            if line.hasPrefix("#") { continue }
            lines.append(line)
        }
        while let last = lines.last, last.trimmingBlanks.isEmpty { lines.removeLast() }
        // The last paragraph, joined where a value continues on an indented line.
        var start = lines.count
        while start > 0, !lines[start - 1].trimmingBlanks.isEmpty { start -= 1 }
        // A message of one paragraph is a subject, no trailer block.
        guard start > 0 else { return [] }
        var values: [String] = []
        let wanted = key.lowercased()
        var continuing = false
        for line in lines[start...] {
            if let first = line.first, first == " " || first == "\t", continuing {
                values[values.count - 1] += " " + line.trimmingBlanks
                continue
            }
            continuing = false
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingBlanks
            guard name.lowercased() == wanted else { continue }
            values.append(String(line[line.index(after: colon)...]).trimmingBlanks)
            continuing = true
        }
        return values
    }
}
