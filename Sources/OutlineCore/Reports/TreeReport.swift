/// `outline tree`: the section tree for people (a gutter of line numbers, fold indicators, indentation)
/// and for programs (`--json`, the contract of format.md §4).
public enum TreeReport {
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }
    }

    /// `{"version": 1, "path": …, "sections": [...]}` on one line, written straight into bytes (no
    /// intermediate JSON values: a document may have a hundred thousand sections).
    public static func json(_ outline: Outline, path: String, depth: Int? = nil) -> [UInt8] {
        var w = JSONWriter()
        let lines = outline.originalSectionLines()
        func node(_ index: Int) {
            let s = outline.sections[index]
            w.raw("{\"id\": "); w.string(s.id)
            w.raw(", \"anchored\": "); w.bool(s.anchored)
            w.raw(", \"level\": "); w.int(s.heading.level)
            w.raw(", \"title\": "); w.string(s.title)
            w.raw(", \"number\": "); if let n = s.number { w.string(n) } else { w.null() }
            w.raw(", \"line\": "); w.int(lines[index].line)
            w.raw(", \"end_line\": "); w.int(lines[index].endLine)
            w.raw(", \"folded\": "); w.bool(outline.isSectionFolded(index))
            w.raw(", \"children\": [")
            var first = true
            for child in s.children where depth == nil || outline.sections[child].depth <= depth! {
                if !first { w.raw(", ") }
                first = false
                node(child)
            }
            w.raw("]}")
        }
        w.raw("{\"version\": 1, \"path\": "); w.string(path)
        w.raw(", \"sections\": [")
        for (k, root) in outline.roots.enumerated() {
            if k > 0 { w.raw(", ") }
            node(root)
        }
        w.raw("]}")
        return w.bytes
    }

    /// One line per section: line number, fold indicator (`▸` folded, `▾` open with children),
    /// indentation by depth, number, title and ID (`(unpinned)` when no anchor holds it yet).
    public static func text(_ outline: Outline, depth: Int? = nil, style: Style) -> String {
        let lineNumbers = outline.originalSectionLines().map(\.line)
        let shown = outline.sections.indices.filter { depth == nil || outline.sections[$0].depth <= depth! }
        let width = String(shown.map { lineNumbers[$0] }.max() ?? 1).count
        let dim = style.color ? "\u{1B}[2m" : "", bold = style.color ? "\u{1B}[1m" : ""
        let cyan = style.color ? "\u{1B}[36m" : "", reset = style.color ? "\u{1B}[0m" : ""
        var out = ""
        for index in shown {
            let s = outline.sections[index]
            let number = String(lineNumbers[index])
            out += dim + String(repeating: " ", count: width - number.count) + number + reset + " "
            if outline.isSectionFolded(index) { out += cyan + "▸" + reset }
            else if !s.children.isEmpty { out += "▾" }
            else { out += " " }
            out += " " + String(repeating: "  ", count: s.depth - 1)
            if let n = s.number { out += bold + n + reset + " " }
            out += printable(s.title.isEmpty ? "(empty heading)" : s.title)
            out += "  " + dim + "#" + s.id + (s.anchored ? "" : " (unpinned)") + reset + "\n"
        }
        return out
    }

    /// Control characters would garble a terminal: show them as spaces.
    static func printable(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}

extension Outline {
    /// The 1-based lines of the original document, for every line of this one (plus one entry for the
    /// end of the file). For a document that is not a folded view they are its own lines. In a folded
    /// view, lines are the original's verbatim except for two kinds that `fold` wrote: a fold marker,
    /// which stands for the original lines it records (`lines=A-B`, mapped to A), and an anchor line
    /// marked `fold=added`, which the original does not have (mapped to the line that follows it). So
    /// the mapping is exact, before, between and after markers alike.
    public func originalLineNumbers() -> [Int] {
        let lineCount = source.lineCount
        guard isFoldedView else { return Array(1...(lineCount + 1)) }
        var kind = [UInt8](repeating: 0, count: lineCount)        // 1: marker, 2: added anchor
        var markerAt: [Int: FoldMarker] = [:]
        for marker in markers { kind[marker.line] = 1; markerAt[marker.line] = marker }
        for record in records where record.isAddedByFold { kind[record.line] = 2 }
        var original = [Int](repeating: 0, count: lineCount + 1)
        var next = 1
        for line in 0..<lineCount {
            switch kind[line] {
            case 1:
                let hidden = markerAt[line]!.hiddenLines
                original[line] = max(next, hidden.lowerBound)
                next = max(next, hidden.upperBound + 1)
            case 2:
                original[line] = next
            default:
                original[line] = next
                next += 1
            }
        }
        original[lineCount] = next
        return original
    }

    /// Each section's heading line and last line, 1-based, in the original's numbering (format.md §4):
    /// a section that ends in a fold marker ends where the hidden range ends.
    public func originalSectionLines() -> [(line: Int, endLine: Int)] {
        guard isFoldedView else { return sections.map { ($0.heading.firstLine + 1, $0.endLine + 1) } }
        let original = originalLineNumbers()
        var markerEnd: [Int: Int] = [:]
        for marker in markers { markerEnd[marker.line] = marker.hiddenLines.upperBound }
        return sections.map { s in
            var end = s.endLine
            // Trailing added anchors end nowhere in the original: step back over them.
            while end > s.heading.firstLine, original[end] == original[end + 1], markerEnd[end] == nil { end -= 1 }
            let endLine = markerEnd[end].map { max($0, original[end]) } ?? original[end]
            return (original[s.heading.firstLine], endLine)
        }
    }
}
