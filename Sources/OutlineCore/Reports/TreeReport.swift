/// `outline tree`: the section tree for people (a gutter of line numbers, fold indicators, indentation)
/// and for programs (`--json`, the contract of SPEC §3).
public enum TreeReport {
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }
    }

    /// `{"version": 1, "path": …, "sections": [...]}` on one line.
    public static func json(_ outline: Outline, path: String, depth: Int? = nil) -> String {
        func node(_ index: Int) -> JSONValue {
            let s = outline.sections[index]
            let children = s.children.filter { depth == nil || outline.sections[$0].depth <= depth! }
            return .object([
                ("id", .string(s.id)),
                ("anchored", .bool(s.anchored)),
                ("level", .int(s.heading.level)),
                ("title", .string(s.title)),
                ("number", s.number.map(JSONValue.string) ?? .null),
                ("line", .int(s.heading.firstLine + 1)),
                ("end_line", .int(s.endLine + 1)),
                ("folded", .bool(outline.isFolded(index))),
                ("children", .array(children.map(node))),
            ])
        }
        let roots = outline.roots
        return JSONValue.object([
            ("version", .int(1)),
            ("path", .string(path)),
            ("sections", .array(roots.map(node))),
        ]).compact()
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
    /// the original lines it hides.
    public func sourceLineNumbers() -> [Int] {
        var markerLines: [Int: ClosedRange<Int>] = [:]
        for marker in document.markers { markerLines[marker.line] = marker.hiddenLines }
        guard !markerLines.isEmpty else { return sections.map { $0.heading.firstLine + 1 } }
        // Walk the folded view's lines: a marker stands for its hidden range, every other line for one.
        var result: [Int] = []
        var offset = 0
        var nextMarker = document.markers.map { $0.line }.sorted()[...]
        for section in sections {
            let line = section.heading.firstLine
            while let m = nextMarker.first, m < line {
                if let hidden = markerLines[m] { offset = hidden.upperBound - (m + 1) }
                nextMarker.removeFirst()
            }
            result.append(line + 1 + offset)
        }
        return result
    }
}
