/// MkDocs' indented containers (format.md §16): the openers of Python-Markdown's admonitions,
/// pymdownx.details and pymdownx.tabbed, and the list items whose blocks may hold them.
extension ContainerScan {
    /// The list items of one context (the top level or a container's body), as Python-Markdown
    /// reads them: a marker line indented less than four columns past the context's blocks is an
    /// item, whose blocks stand four columns further in (`1. Step` above `    !!! note`) on the
    /// following lines up to one indented less. Kept as a stack of earlier lines of increasing
    /// indentation: a line's nearest earlier line less indented says where its blocks stand.
    struct ListItems {
        private var lines: [(indent: Int, base: Int, item: Int?, isItem: Bool, line: Int)] = []
        /// Records `line`, indented `indent` columns, in a context whose blocks stand at `base`:
        /// returns the columns its blocks stand at and the list item line whose blocks it is in.
        mutating func add(_ line: Int, _ indent: Int, marker: Bool, base frameBase: Int) -> (base: Int, item: Int?) {
            while let last = lines.last, last.indent >= indent { lines.removeLast() }
            var base = frameBase, item: Int? = nil
            if let last = lines.last {
                if last.isItem, indent >= last.base + 4 { (base, item) = (last.base + 4, last.line) } else { (base, item) = (last.base, last.item) }
            }
            lines.append((indent, base, item, marker && indent >= base && indent < base + 4, line))
            return (base, item)
        }
    }

    /// Whether a line's text (after `indent` bytes of blanks) starts a list item: `-`, `*`, `+`,
    /// or up to nine digits and `.` or `)`, then a blank.
    static func startsListItem(_ t: ArraySlice<UInt8>) -> Bool {
        var rest = t
        if let c = rest.first, c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix(while: ASCII.isDigit).count
            guard digits > 0, digits <= 9 else { return false }
            rest = rest.dropFirst(digits)
            guard let c = rest.first, c == UInt8(ascii: ".") || c == UInt8(ascii: ")") else { return false }
            rest = rest.dropFirst()
        }
        return rest.first.map(ASCII.isBlank) ?? false
    }

    /// The title of `=== "Title"`, as written between the quotes.
    static func tabTitle(_ t: ArraySlice<UInt8>) -> String {
        let quote = UInt8(ascii: "\"")
        guard let open = t.firstIndex(of: quote), let close = t.lastIndex(of: quote), close > open else { return "" }
        return String(decoding: t[(open + 1)..<close], as: UTF8.self)
    }


    static func opensIndentedContainer(_ t: ArraySlice<UInt8>, _ dialect: Dialect) -> Bool {
        guard t.count >= 3, let c = t.first, t.dropFirst().first == c, t.dropFirst(2).first == c else { return false }
        var rest = t.dropFirst(3)
        switch c {
        case UInt8(ascii: "!"):
            guard dialect.admonitions else { return false }
            if rest.first == ASCII.space { rest = rest.dropFirst() }
            return rest.first.map { ASCII.isWordByte($0) } ?? false
        case UInt8(ascii: "?"):
            guard dialect.details else { return false }
            if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
            if rest.first == ASCII.space { rest = rest.dropFirst() }
            return rest.first.map { ASCII.isWordByte($0) } ?? false
        case UInt8(ascii: "="):
            guard dialect.tabs else { return false }
            while let f = rest.first, f == UInt8(ascii: "+") || f == UInt8(ascii: "!") { rest = rest.dropFirst() }
            guard rest.first == ASCII.space else { return false }
            return rest.drop(while: ASCII.isBlank).first == UInt8(ascii: "\"")
        default:
            return false
        }
    }
}
