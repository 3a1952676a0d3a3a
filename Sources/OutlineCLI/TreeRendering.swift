import OutlineCore

/// `outline tree`: the section tree for people (a gutter of line numbers, fold indicators, indentation)
/// and for programs (`--json`, the contract of format.md §4).
extension Report {
    struct Style {
        var color: Bool
    }

    /// `{"version": 1, "path": …, "sections": [...]}` on one line, written straight into bytes (no
    /// intermediate JSON values: a document may have a hundred thousand sections).
    /// `slugs`: each section's heading slug (`Outline.headingSlugs`).
    static func treeJSON(_ outline: Outline, path: String, depth: Int? = nil, slugs: [String?]? = nil) -> [UInt8] {
        var w = JSONWriter()
        let lines = outline.originalSectionLines()
        func node(_ index: Int) {
            let s = outline.sections[index]
            w.raw("{\"id\": "); w.string(s.id)
            w.raw(", \"anchored\": "); w.bool(s.anchored)
            w.raw(", \"level\": "); w.int(s.heading.level)
            w.raw(", \"title\": "); w.string(s.title)
            w.raw(", \"slug\": "); if let slug = slugs?[index] ?? nil { w.string(slug) } else { w.null() }
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
    /// indentation by depth, number, title and ID (`(unpinned)` when no anchor holds it yet), and
    /// each heading's slug when `slugs` are given (`tree --slugs`; without it the view is as it was).
    static func tree(_ outline: Outline, depth: Int? = nil, style: Style, slugs: [String?]? = nil) -> String {
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
            out += "  " + dim + "#" + s.id + (s.anchored ? "" : " (unpinned)") + reset
            if let slugs {
                let slug = slugs[index].map { $0.isEmpty ? "(none)" : "#" + printable($0) } ?? "(none)"
                out += "  " + dim + "slug " + slug + reset
            }
            out += "\n"
        }
        return out
    }

    /// Control characters would garble a terminal: show them as spaces.
    static func printable(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}


/// A structural change as `diff` prints it.
extension StructureChange {
    /// One line for people: `renamed install: "Install" -> "Installation"`.
    var line: String {
        switch kind {
        case .removed, .added: return "\(kind.rawValue) \(id)" + ((kind == .removed ? from : to).map { " \(quote($0))" } ?? "")
        case .renamed: return "renamed \(id): \(quote(from ?? "")) -> \(quote(to ?? ""))"
        case .moved: return to?.hasPrefix("now ") == true ? "moved \(id): \(to ?? "")" : "moved \(id): \(from ?? "") -> \(to ?? "")"
        case .level: return "level \(id): \(from ?? "") -> \(to ?? "")"
        case .folded, .unfolded: return "\(kind.rawValue) \(id)"
        }
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("change", .string(kind.rawValue)), ("id", .string(id))]
        if let from { members.append(("from", .string(from))) }
        if let to { members.append(("to", .string(to))) }
        return .object(members)
    }

    private func quote(_ s: String) -> String {
        var out = ""
        JSONValue.quote(s, into: &out)
        return out
    }
}
