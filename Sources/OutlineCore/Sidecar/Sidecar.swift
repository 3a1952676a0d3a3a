/// The fold-state sidecar (format.md §6): small, versioned and deterministic, meant to be committed.
///
/// ```json
/// {
///   "version": 1,
///   "folded": ["install"],
///   "sections": [{"id": "guide", "title": "Guide", "level": 1, "parent": null}, …]
/// }
/// ```
/// Keys in a fixed order, two-space indent, one trailing newline, nothing volatile (no line numbers,
/// timestamps or paths). `{"version": 1, "folded": [...]}` alone is valid; unknown fields are ignored;
/// another version is an error.
public struct Sidecar: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        /// nil for a section hidden in a fold marker, whose title a folded view does not show.
        public var title: String?
        public var level: Int
        public var parent: String?

        public init(id: String, title: String?, level: Int, parent: String?) {
            self.id = id
            self.title = title
            self.level = level
            self.parent = parent
        }
    }

    public static let version = 1

    public var folded: [String]
    /// nil in the minimal form.
    public var sections: [Entry]?

    public init(folded: [String], sections: [Entry]?) {
        self.folded = folded
        self.sections = sections
    }

    /// True when `bytes` look like a sidecar rather than Markdown: JSON starting `{"` or `{}`.
    public static func looksLikeSidecar(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        i += 1
        while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
        return i < bytes.count && (bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "}"))
    }

    /// Reads a sidecar; throws a `.malformedSidecar` error saying what is wrong.
    public static func parse(_ bytes: [UInt8]) throws -> Sidecar {
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw Diagnostic.error(.malformedSidecar, line: error.line, "malformed sidecar: not valid JSON: \(error.message)")
        }
        guard case .object = root else { throw Diagnostic.error(.malformedSidecar, "malformed sidecar: not a JSON object") }
        guard let version = root["version"]?.intValue else {
            throw Diagnostic.error(.malformedSidecar, "malformed sidecar: no \"version\" number")
        }
        guard version == Sidecar.version else {
            throw Diagnostic.error(.malformedSidecar, "unsupported sidecar version \(version) (this outline reads version \(Sidecar.version))")
        }
        var folded: [String] = []
        if let raw = root["folded"] {
            guard let items = raw.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw Diagnostic.error(.malformedSidecar, "malformed sidecar: \"folded\" must be a list of section IDs")
            }
            folded = items.compactMap(\.stringValue)
        }
        var sections: [Entry]? = nil
        if let raw = root["sections"] {
            guard let list = raw.arrayValue else { throw Diagnostic.error(.malformedSidecar, "malformed sidecar: \"sections\" must be a list") }
            sections = try list.enumerated().map { index, item in
                guard case .object = item, let id = item["id"]?.stringValue else {
                    throw Diagnostic.error(.malformedSidecar, "malformed sidecar: section \(index + 1) has no \"id\"")
                }
                let level = item["level"]?.intValue ?? 0
                guard (1...6).contains(level) else {
                    throw Diagnostic.error(.malformedSidecar, "malformed sidecar: section '\(id)' has no level from 1 to 6")
                }
                return Entry(id: id, title: item["title"]?.stringValue, level: level, parent: item["parent"]?.stringValue)
            }
            var seen = Set<String>()
            for entry in sections ?? [] where !seen.insert(entry.id).inserted {
                throw Diagnostic.error(.malformedSidecar, "malformed sidecar: section ID '\(entry.id)' appears more than once")
            }
        }
        return Sidecar(folded: folded, sections: sections)
    }

    /// The canonical text: fixed key order, two-space indent, one trailing newline.
    public func text() -> String {
        var members: [(String, JSONValue)] = [
            ("version", .int(Sidecar.version)),
            ("folded", .array(folded.map(JSONValue.string))),
        ]
        if let sections {
            members.append(("sections", .array(sections.map { entry in
                .object([
                    ("id", .string(entry.id)),
                    ("title", entry.title.map(JSONValue.string) ?? .null),
                    ("level", .int(entry.level)),
                    ("parent", entry.parent.map(JSONValue.string) ?? .null),
                ])
            })))
        }
        return JSONValue.object(members).pretty()
    }

    /// 1-based line of `id`'s first mention in a sidecar's text (for messages), 1 when not found.
    static func line(of id: String, in bytes: [UInt8]) -> Int {
        var quoted = ""
        JSONValue.quote(id, into: &quoted)
        let text = String(decoding: bytes, as: UTF8.self)
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(quoted) {
            return k + 1
        }
        return 1
    }
}

/// A sidecar as read from a file: its value, and where in the file each ID is mentioned, so that
/// messages about it point at `PATH:LINE`.
public struct SidecarFile: Sendable {
    /// The file, as the caller names it.
    public let path: String
    public let sidecar: Sidecar
    private let bytes: [UInt8]

    /// Parses `bytes`; an error names `path`.
    public init(path: String, bytes: [UInt8]) throws {
        do { sidecar = try Sidecar.parse(bytes) } catch let error as Diagnostic { throw error.located(in: path) }
        self.path = path
        self.bytes = bytes
    }

    /// 1-based line where `id` is first mentioned (1 when it is not).
    public func line(of id: String) -> Int { Sidecar.line(of: id, in: bytes) }

    /// A diagnostic about `id`, located at its line in this file.
    func diagnostic(_ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, about id: String, _ message: String) -> Diagnostic {
        Diagnostic(severity, kind, path: path, line: line(of: id), message)
    }
}
