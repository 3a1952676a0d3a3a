/// Which MyST directives hold Markdown (format.md §16): what `ContainerScan` opens as a body to
/// read, and what it leaves as code; where a directive's `---` options block closes.
extension ContainerScan {
    /// MyST directives whose content MyST parses as Markdown (admonitions and the like; the
    /// sphinx-design containers). Others (`code-block`, `math`, `toctree`, `eval-rst`, `include`)
    /// hold no Markdown.
    static let markdownDirectives: Set<String> = [
        "note", "tip", "hint", "important", "warning", "caution", "attention", "danger", "error", "seealso", "todo",
        "admonition", "topic", "sidebar", "margin", "epigraph", "pull-quote", "highlights", "container", "div",
        "versionadded", "versionchanged", "deprecated", "versionremoved", "only", "figure", "table", "list-table",
        "parsed-literal", "dropdown", "tab-set", "tab-item", "card", "grid", "grid-item", "grid-item-card", "hlist",
        "figure-md",
    ]
    /// Directives whose content is code, data or another markup, even in a colon fence.
    static let codeDirectives: Set<String> = [
        "code-block", "code", "sourcecode", "code-cell", "literalinclude", "include", "math", "toctree", "eval-rst", "raw",
        "csv-table", "mermaid", "graphviz", "literal", "parsed-literal-code", "jupyter-execute", "ipython", "doctest", "testcode",
    ]

    /// Whether MyST reads a directive's body as Markdown: a known one's (`markdownDirectives`), and
    /// any other opened by a colon fence (MyST's form for directives holding Markdown: a site's own
    /// directives, `myst-example`), but for known code and the autodoc family.
    static func readsMarkdown(_ directive: String, _ fence: Fence) -> Bool {
        if markdownDirectives.contains(directive) { return true }
        return fence.character == UInt8(ascii: ":") && !codeDirectives.contains(directive) && !directive.hasPrefix("auto")
    }

    /// Directives whose argument is a title MyST parses as Markdown.
    static let titledDirectives: Set<String> = ["admonition", "topic", "sidebar", "dropdown", "tab-item", "card", "grid-item-card"]

    static func isDashes(_ t: ArraySlice<UInt8>) -> Bool { t.starts(with: Array("---".utf8)) && t.dropFirst(3).allSatisfy(ASCII.isBlank) }

    /// For each line of `---` (read at its own level), the next such line of the same level: where
    /// an options block opened there closes (the document's line count when none does).
    static func optionBlockEnds(_ document: Source, _ level: [Int32]) -> [Int32] {
        let count = document.lineCount
        var next = [Int32](repeating: Int32(count), count: count)
        var seen: [Int32: Int32] = [:]
        var line = count - 1
        while line >= 0 {
            defer { line -= 1 }
            guard level[line] >= 0 else { continue }
            let content = document.content(line)
            let t = content.drop(while: ASCII.isBlank)
            guard isDashes(t) else { continue }
            if let later = seen[level[line]] { next[line] = later }
            seen[level[line]] = Int32(line)
        }
        return next
    }
}
