/// `outline tree`: the section tree for people (a gutter of line numbers, fold indicators, indentation)
/// and for programs (`--json`, the contract of SPEC §3).
public enum TreeReport {
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }
    }

    /// `{"version": 1, "path": …, "sections": [...]}` on one line, written straight into bytes (no
    /// intermediate JSON values: a document may have a hundred thousand sections).
    public static func json(_ outline: Outline, path: String, depth: Int? = nil) -> [UInt8] {
        var w = JSONWriter()
        func node(_ index: Int) {
            let s = outline.sections[index]
            w.raw("{\"id\": "); w.string(s.id)
            w.raw(", \"anchored\": "); w.bool(s.anchored)
            w.raw(", \"level\": "); w.int(s.heading.level)
            w.raw(", \"title\": "); w.string(s.title)
            w.raw(", \"number\": "); if let n = s.number { w.string(n) } else { w.null() }
            w.raw(", \"line\": "); w.int(s.heading.firstLine + 1)
            w.raw(", \"end_line\": "); w.int(s.endLine + 1)
            w.raw(", \"folded\": "); w.bool(outline.isFolded(index))
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
        let lineNumbers = outline.sourceLineNumbers()
        let shown = outline.sections.indices.filter { depth == nil || outline.sections[$0].depth <= depth! }
        let width = String(shown.map { lineNumbers[$0] }.max() ?? 1).count
        let dim = style.color ? "\u{1B}[2m" : "", bold = style.color ? "\u{1B}[1m" : ""
        let cyan = style.color ? "\u{1B}[36m" : "", reset = style.color ? "\u{1B}[0m" : ""
        var out = ""
        for index in shown {
            let s = outline.sections[index]
            let number = String(lineNumbers[index])
            out += dim + String(repeating: " ", count: width - number.count) + number + reset + " "
            if outline.isFolded(index) { out += cyan + "▸" + reset }
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
    /// The 1-based source line of each section's heading. In a folded view these are the lines of the
    /// original document, so they jump across folded ranges as in an editor: every fold marker records
    /// the original lines it hides. Between two markers the folded view has the original's lines plus
    /// the anchors `fold` added; the recorded ranges say how many of those there are.
    public func sourceLineNumbers() -> [Int] {
        let markers = document.markers.sorted { $0.line < $1.line }
        guard !markers.isEmpty else { return sections.map { $0.heading.firstLine + 1 } }
        let anchorLines = Set(sections.compactMap { $0.record?.id != nil ? $0.record!.line : nil })
        var original = [Int](repeating: 0, count: source.lineCount)   // folded line -> original line
        var segmentStart = 0, originalStart = 1
        var addedWhenKnown: [Bool] = []
        func fill(_ range: Range<Int>, from first: Int, added: Int) {
            var next = first
            var toSkip = added
            for line in range {
                original[line] = next
                if toSkip > 0 && anchorLines.contains(line) { toSkip -= 1 } else { next += 1 }
            }
        }
        for marker in markers {
            let segment = segmentStart..<marker.line
            let candidates = segment.filter { anchorLines.contains($0) }.count
            let added = max(0, min(candidates, segment.count - (marker.hiddenLines.lowerBound - originalStart)))
            if candidates > 0 { addedWhenKnown.append(added == candidates) }
            fill(segment, from: originalStart, added: added)
            original[marker.line] = marker.hiddenLines.lowerBound
            segmentStart = marker.line + 1
            originalStart = marker.hiddenLines.upperBound + 1
        }
        // After the last marker nothing says how many lines the original had: assume what held before.
        let tail = segmentStart..<source.lineCount
        let mostlyAdded = addedWhenKnown.filter { $0 }.count * 2 > addedWhenKnown.count
        fill(tail, from: originalStart, added: mostlyAdded ? tail.filter { anchorLines.contains($0) }.count : 0)
        return sections.map { original[$0.heading.firstLine] }
    }
}
