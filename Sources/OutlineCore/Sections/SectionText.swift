/// A section as an address gives it (format.md §18): its lines, from its heading's block (a setext
/// heading's link reference definitions included) through its last line, exactly as they are,
/// and a hash of exactly those bytes, which guards an edit against a section that changed since it
/// was read (format.md §17's content hash ignores blank lines and subsections, so it cannot).
public struct SectionText: Sendable {
    public let id: String
    public let title: String
    public let level: Int
    /// The file, as the caller names it.
    public let path: String
    /// 1-based first and last lines.
    public let line: Int
    public let endLine: Int
    /// `hash(of:)` of `bytes`.
    public let hash: String
    /// True when the ID is the section's own anchor's (not the one `outline id` would give it).
    public let anchored: Bool
    /// The section's bytes, line endings included (a BOM on the first line left out).
    public let bytes: ArraySlice<UInt8>

    /// Section `k` of `outline`; `shallow`: up to its first subsection.
    public init(_ outline: Outline, section k: Int, path: String, shallow: Bool = false) {
        let section = outline.sections[k]
        let lines = SectionText.lines(of: k, in: outline, shallow: shallow)
        id = section.id
        title = section.title
        level = section.heading.level
        self.path = path
        line = lines.lowerBound + 1
        endLine = lines.upperBound + 1
        anchored = section.anchored
        bytes = outline.source.bytes[SectionText.byteRange(of: lines, in: outline.source)]
        hash = SectionText.hash(of: bytes)
    }

    /// The 0-based lines of section `k`: from its heading's block through its last line (`shallow`:
    /// up to the line before its first subsection).
    public static func lines(of k: Int, in outline: Outline, shallow: Bool = false) -> ClosedRange<Int> {
        let first = outline.sections[k].heading.blockStartLine
        let last = shallow ? outline.bodyEndLine(k) : outline.sections[k].endLine
        return first...max(first, last)
    }

    /// The bytes of whole lines, line endings included, a BOM left out.
    static func byteRange(of lines: ClosedRange<Int>, in source: Source) -> Range<Int> {
        let start = lines.lowerBound == 0 ? source.bomLength : source.lineStarts[lines.lowerBound]
        return start..<source.lineStarts[lines.upperBound + 1]
    }

    /// FNV-1a, 64 bits, as 16 lowercase hex digits: a guard against concurrent edits, not a
    /// security measure (outline links no cryptography).
    public static func hash(of bytes: ArraySlice<UInt8>) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// `show --json`'s object: `id`, `title`, `level`, `path`, `line`, `end_line`, `hash`, `text`
    /// (bytes that are not UTF-8 read as U+FFFD there; `hash` is of the bytes).
    public var json: JSONValue {
        .object([("id", .string(id)), ("title", .string(title)), ("level", .int(level)), ("path", .string(path)),
                 ("line", .int(line)), ("end_line", .int(endLine)), ("hash", .string(hash)),
                 ("text", .string(String(decoding: bytes, as: UTF8.self)))])
    }
}
