/// The lines of a section on their way from one place to another (format.md §18): its own lines (heading
/// through its last non-blank line) and the blank lines that travel with it (the gap before the next
/// heading, or, for a section that ended its file, the gap before it), without line endings: where they
/// arrive, they take the destination's. Headings can be shifted to other levels, and outline's own
/// comment lines respelled in the destination's syntax (format.md §16: an MDX file never holds an
/// HTML comment).
struct SectionLines {
    /// Each line's bytes, without its line ending (or a BOM).
    var lines: [[UInt8]]
    /// The blank lines that travel with them.
    var gap: [[UInt8]]
    /// Where each heading stands among `lines`.
    var headings: [HeadingPlace]
    /// Lines that are outline's own comment lines (anchors, records, markers), and how they are spelled.
    var ownLines: [(line: Int, syntax: CommentSyntax)]
    /// Lines that open an HTML comment block that is not outline's (MDX would reject it).
    var htmlComments: [Int]

    struct HeadingPlace {
        /// The heading's text line (a setext heading's first text line).
        var line: Int
        var level: Int
        var style: HeadingStyle
        /// ATX: the `#` run, as offsets in its line; setext: the underline's line.
        var opening: Range<Int>?
        var underline: Int?
        /// Setext: how many text lines it has.
        var textLines: Int
    }

    /// Whether the first line is a setext heading's text, which a non-blank line above would absorb.
    var startsWithSetext: Bool { headings.first.map { $0.line == 0 && $0.style == .setext } ?? false }

    /// Lines `core` and `gap` (0-based, either may be empty) of `outline`.
    init(_ outline: Outline, core: Range<Int>, gap: Range<Int>) {
        let source = outline.source
        lines = core.map { Array(source.content($0)) }
        self.gap = gap.map { Array(source.content($0)) }
        headings = []
        for section in outline.sections where core.contains(section.heading.firstLine) {
            let h = section.heading
            let start = source.contentRange(h.firstLine).lowerBound
            var opening: Range<Int>? = nil
            if h.style == .atx, let end = h.openingEnd {
                let hashes = source.bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) ?? end
                opening = (hashes - start)..<(end - start)
            }
            headings.append(HeadingPlace(line: h.firstLine - core.lowerBound, level: h.level, style: h.style, opening: opening,
                                         underline: h.style == .setext ? h.lastLine - core.lowerBound : nil,
                                         textLines: h.lastLine - h.firstLine))
        }
        var own: [(Int, CommentSyntax)] = []
        for record in outline.records where core.contains(record.line) { own.append((record.line - core.lowerBound, record.syntax)) }
        for marker in outline.markers where core.contains(marker.line) { own.append((marker.line - core.lowerBound, marker.syntax)) }
        for marker in outline.tocMarkers where core.contains(marker.line) { own.append((marker.line - core.lowerBound, marker.syntax)) }
        ownLines = own.sorted { $0.0 < $1.0 }
        let ownSet = Set(own.map(\.0))
        htmlComments = outline.blockStarts.compactMap { block -> Int? in
            let line = Int(block >> 8)
            guard block & 0xFF == 6, core.contains(line), !ownSet.contains(line - core.lowerBound) else { return nil }
            let range = source.contentRange(line)
            let start = source.bytes.skippingIndent(from: range.lowerBound, to: range.upperBound)
            return source.bytes.has(CommentFormat.open, at: start, end: range.upperBound) ? line - core.lowerBound : nil
        }
    }

    /// New lines (a section read from standard input), with a gap of `gap` blank lines.
    init(text outline: Outline, gap: Int) {
        var last = outline.source.lineCount - 1
        while last >= 0 && outline.source.isBlank(last) { last -= 1 }
        var first = 0
        while first < last && outline.source.isBlank(first) { first += 1 }
        self.init(outline, core: first..<(last + 1), gap: 0..<0)
        self.gap = Array(repeating: [], count: gap)
    }

    /// The lines with every heading `shift` levels deeper (negative: higher) and outline's lines in
    /// `syntax`. Throws a refusal when a level would leave 1–6, or a setext heading of several lines
    /// would have to become an ATX heading.
    func shifted(by shift: Int, syntax: CommentSyntax) throws -> SectionLines {
        var copy = self
        var dropped: [Int] = []
        for h in headings where shift != 0 {
            let level = h.level + shift
            guard (1...6).contains(level) else {
                throw Diagnostic.error(.refused, "refusing: the heading '\(String(decoding: lines[h.line], as: UTF8.self))' would be level \(level) (levels are 1 to 6)")
            }
            let marks = [UInt8](repeating: UInt8(ascii: "#"), count: level)
            if let opening = h.opening {
                copy.lines[h.line].replaceSubrange(opening, with: marks)
            } else if let underline = h.underline, level <= 2 {
                let mark = UInt8(ascii: level == 1 ? "=" : "-")
                copy.lines[underline] = copy.lines[underline].map { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "-") ? mark : $0 }
            } else if let underline = h.underline {
                // A setext heading has only levels 1 and 2: deeper, it is written as an ATX heading.
                guard h.textLines == 1 else {
                    throw Diagnostic.error(.refused, "refusing: the setext heading '\(String(decoding: lines[h.line], as: UTF8.self))' spans several lines and would have to become a level-\(level) ATX heading; join its lines first")
                }
                let text = copy.lines[h.line].drop(while: { $0 == ASCII.space || $0 == ASCII.tab })
                copy.lines[h.line] = marks + [ASCII.space] + text
                dropped.append(underline)
                if let k = copy.headings.firstIndex(where: { $0.line == h.line }) { copy.headings[k].style = .atx }
            }
        }
        for (line, from) in ownLines where from != syntax {
            copy.lines[line] = SectionLines.respelled(copy.lines[line], from: from, to: syntax)
        }
        for line in dropped.sorted(by: >) { copy.lines.remove(at: line) }
        return copy
    }

    /// An outline comment line in another syntax: the opening delimiter where it stands, and the first
    /// closing one after it (the text between is the same in both, format.md §16).
    static func respelled(_ line: [UInt8], from: CommentSyntax, to: CommentSyntax) -> [UInt8] {
        let open = line.skippingIndent(from: 0, to: line.count)
        guard line.has(from.open, at: open, end: line.count) else { return line }
        var close = open + from.open.count
        while close < line.count && !line.has(from.close, at: close, end: line.count) { close += 1 }
        guard close < line.count else { return line }
        var out = line
        out.replaceSubrange(close..<(close + from.close.count), with: to.close)
        out.replaceSubrange(open..<(open + from.open.count), with: to.open)
        return out
    }
}
