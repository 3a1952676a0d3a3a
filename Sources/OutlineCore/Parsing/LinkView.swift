#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text a site's generator reads as Markdown where cmark reads code or HTML (format.md §16): the
/// bodies of MkDocs' admonitions, details and tabs (indented four columns: an indented code block to
/// cmark), of md_in_html elements (an HTML block to cmark) and of MyST directives (a fenced code
/// block to cmark), made into Markdown cmark reads as the generator does.
///
/// The view keeps every line: line k of the view is line k of the document with some bytes taken
/// off its start (a body's indentation; a container's opening and closing lines entirely), so that
/// line numbers are the document's and a byte of the view is a byte of the document on the same
/// line, `dropped[k]` further on. Links are found, located, rewritten and verified on the view
/// like on any document; each edit is mapped back to the document's bytes before it is applied.
public struct LinkView: Sendable {
    /// The view's text.
    public let source: Source
    /// For each line, how many bytes of the document's line (after a BOM) the view leaves out.
    let dropped: [Int32]
    /// The document.
    let document: Source
    /// The top-level blocks of the view's parse (what verification compares between a view and the
    /// view of a rewrite).
    var blockStarts: [UInt64] = []
    /// Ids of elements whose lines the view leaves out (an md_in_html `<div id="x" markdown>`),
    /// with their 1-based lines: link targets the view's own parse cannot see.
    public var ids: [(line: Int, id: String)] = []
    /// pymdownx.tabbed's tabs, in document order: the opener's 1-based line, the title as written,
    /// the tab set's number in the page (from 1) and the tab's in its set (from 1).
    public var tabs: [(line: Int, title: String, set: Int, index: Int)] = []
    /// Reference definitions the view leaves out because a later one of the same label is the one
    /// the generator uses (Python-Markdown keeps the last): each 1-based line, the line of the one
    /// used, and the label.
    public var shadowed: [(line: Int, used: Int, label: String)] = []

    /// The document's offset of the view's `offset`.
    public func documentOffset(_ offset: Int) -> Int {
        // The end of the view is the end of the document (the last lines are kept whole or empty).
        if offset >= source.bytes.count { return document.bytes.count - (source.bytes.count - offset) }
        let line = source.line(containing: offset)
        let into = offset - source.contentRange(line).lowerBound
        return document.contentRange(line).lowerBound + Int(dropped[line]) + into
    }

    /// The document's range of the view's `range` (which lies within one line).
    public func documentRange(_ range: Range<Int>) -> Range<Int> {
        let start = documentOffset(range.lowerBound)
        return start..<(start + range.count)
    }

    /// The view's offset of the document's `offset`, nil where the view leaves that byte out.
    public func viewOffset(_ offset: Int) -> Int? {
        if offset >= document.bytes.count { return source.bytes.count - (document.bytes.count - offset) }
        let line = document.line(containing: offset)
        let into = offset - document.contentRange(line).lowerBound - Int(dropped[line])
        guard into >= 0 || offset >= document.contentRange(line).upperBound else { return nil }
        return source.contentRange(line).lowerBound + max(0, into)
    }

    /// The view of `document` under `dialect`, or nil when it would be the document itself (no
    /// container whose body is Markdown). `blockStarts`: the document's top-level blocks as cmark
    /// read them (no container is opened inside its code or HTML blocks); `hiddenLines`: front matter.
    static func make(_ document: Source, dialect: Dialect, blockStarts: [UInt64], hiddenLines: Int) -> LinkView? {
        let definitions = dialect.lastDefinitionWins && ContainerScan.mayHoldTwoDefinitions(document.bytes)
        let containers = dialect.hasContainers && ContainerScan.mayHold(document.bytes, dialect)
        let tables = TableScan.mayHold(document.bytes)
        guard containers || tables || definitions else { return nil }
        var scan = ContainerScan(document, dialect: dialect, blockStarts: blockStarts, hiddenLines: hiddenLines)
        scan.tables = tables
        if containers || tables { scan.run() }
        scan.substitutions.sort { $0.offset < $1.offset }
        // The last of two definitions of a label is the one used: the earlier ones leave the view,
        // so that cmark, which keeps the first, reads the one the generator does.
        if definitions { scan.shadowDuplicateDefinitions() }
        guard scan.changed else { return nil }
        // The view's bytes: each line from its first kept byte, its line ending kept.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(document.bytes.count)
        bytes += document.bytes[0..<document.bomLength]
        // A table's cells read on their own: bytes of the same length in place of those that would
        // join two cells in cmark's one paragraph (`TableScan`); no line or offset moves.
        var substitution = 0
        for line in 0..<document.lineCount {
            let content = document.contentRange(line)
            let from = content.lowerBound + Int(scan.dropped[line])
            let viewStart = bytes.count
            bytes += document.bytes[from..<document.lineStarts[line + 1]]
            while substitution < scan.substitutions.count, scan.substitutions[substitution].offset < content.upperBound {
                let (offset, byte) = scan.substitutions[substitution]
                if offset >= from { bytes[viewStart + offset - from] = byte }
                substitution += 1
            }
        }
        var view = LinkView(source: Source(bytes), dropped: scan.dropped, document: document)
        view.ids = scan.ids
        view.tabs = scan.tabs
        view.shadowed = scan.shadowed
        return view
    }
}

/// Finds the containers of a document whose bodies are Markdown to the site's generator, and what of
/// each line the view leaves out.
struct ContainerScan {
    let document: Source
    let dialect: Dialect
    /// Per line: what cmark's top-level parse made of it (0 nothing special; 5 a code block; 6 an
    /// HTML block), so that no container opens inside code or HTML.
    var topKind: [UInt8]
    /// Per line: cmark's type of the top-level block that starts there (0: none starts there).
    var topStart: [UInt8]
    private(set) var dropped: [Int32]
    /// Whether the document may hold a table (`TableScan`), and the view's bytes that differ from
    /// the document's: (document offset, byte), in document order.
    var tables = false
    var substitutions: [(offset: Int, byte: UInt8)] = []
    /// Reference labels defined anywhere in the document (normalized), found when a table needs them.
    var definedLabels: Set<String>? = nil
    private(set) var ids: [(line: Int, id: String)] = []
    private(set) var tabs: [(line: Int, title: String, set: Int, index: Int)] = []
    private(set) var shadowed: [(line: Int, used: Int, label: String)] = []
    private var tabSets = 0
    var changed = false

    init(_ document: Source, dialect: Dialect, blockStarts: [UInt64], hiddenLines: Int) {
        self.document = document
        self.dialect = dialect
        dropped = [Int32](repeating: 0, count: document.lineCount)
        var kinds = [UInt8](repeating: 0, count: document.lineCount)
        var starts = [UInt8](repeating: 0, count: document.lineCount)
        for (k, block) in blockStarts.enumerated() {
            let start = Int(block >> 8), type = UInt8(block & 0xFF)
            if start < starts.count { starts[start] = type }
            let end = k + 1 < blockStarts.count ? Int(blockStarts[k + 1] >> 8) : document.lineCount
            guard type == 5 || type == 6, start < end else { continue }
            for line in start..<min(end, document.lineCount) { kinds[line] = type }
        }
        for line in 0..<min(hiddenLines, document.lineCount) { kinds[line] = 6 }
        topKind = kinds
        topStart = starts
    }

    /// Whether a byte sequence that opens a container of the dialect stands anywhere (a document
    /// without one needs no view, and pays one scan of its bytes).
    static func mayHold(_ bytes: [UInt8], _ dialect: Dialect) -> Bool {
        var needles: [[UInt8]] = []
        if dialect.admonitions { needles.append(Array("!!!".utf8)) }
        if dialect.details { needles.append(Array("???".utf8)) }
        if dialect.tabs { needles.append(Array("===".utf8)) }
        if dialect.markdownInHTML { needles.append(Array("markdown".utf8)) }
        if dialect.mystDirectives { needles.append(Array("`{".utf8)); needles.append(Array("~{".utf8)) }
        if dialect.colonFence { needles.append(Array(":{".utf8)) }
        // From each needle's first byte to the next with memchr: every page of a site is asked.
        return bytes.withUnsafeBufferPointer { b in
            needles.contains { needle in
                guard let base = b.baseAddress, b.count >= needle.count else { return false }
                var from = 0
                while from + needle.count <= b.count, let found = memchr(base + from, CInt(needle[0]), b.count - from) {
                    let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    guard i + needle.count <= b.count else { return false }
                    if (1..<needle.count).allSatisfy({ b[i + $0] == needle[$0] }) { return true }
                    from = i + 1
                }
                return false
            }
        }
    }

    mutating func run() {
        process(0..<document.lineCount, indent: 0, top: true)
    }

    /// Whether `]:` stands twice (no label can be defined twice otherwise).
    static func mayHoldTwoDefinitions(_ bytes: [UInt8]) -> Bool {
        var seen = 0
        var i = 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: ":") && bytes[i - 1] == UInt8(ascii: "]") { seen += 1; if seen == 2 { return true } }
            i += 1
        }
        return false
    }

    /// Reference definitions that stand alone on their line, where a definition may start (after a
    /// blank line, a heading's line or another definition; not in code or HTML): of two with one
    /// label, the earlier leaves the view.
    mutating func shadowDuplicateDefinitions() {
        var lines: [String: [Int]] = [:]
        var order: [String] = []
        var fence: Fence? = nil
        var mayStart = true
        for line in 0..<document.lineCount {
            let t = text(line)
            if let f = fence {
                if let closing = Fence(t), closing.character == f.character, closing.length >= f.length, closing.isBare { fence = nil }
                mayStart = true
                continue
            }
            if topKind[line] != 0 { mayStart = true; continue }
            if let f = Fence(t), f.character != UInt8(ascii: ":") { fence = f; continue }
            if isBlank(line) { mayStart = true; continue }
            let stripped = t.drop { $0 == ASCII.space }
            guard mayStart, t.count - stripped.count < 4, stripped.first == UInt8(ascii: "[") else {
                mayStart = stripped.first == UInt8(ascii: "#")
                continue
            }
            // (cmark's scanners read a definition up to its line's end, which the content lacks.)
            let bytes = Array(stripped) + [ASCII.lf]
            guard let definition = ReferenceDefinitions.definitions(in: bytes).first,
                  bytes[definition.end...].allSatisfy({ ASCII.isBlank($0) || $0 == ASCII.lf }) else { mayStart = false; continue }
            let label = ReferenceDefinitions.normalizeLabel(bytes[definition.label])
            if lines[label] == nil { order.append(label) }
            lines[label, default: []].append(line)
        }
        for label in order {
            guard let all = lines[label], all.count > 1, let used = all.last else { continue }
            for line in all.dropLast() {
                blank(line)
                shadowed.append((line + 1, used + 1, label))
            }
        }
    }

    // MARK: lines

    /// The columns and bytes of a line's indentation beyond `dropped` (tabs to the next multiple
    /// of four, as Python-Markdown expands them).
    private func indentation(_ line: Int) -> (columns: Int, bytes: Int) {
        let content = document.contentRange(line)
        var p = content.lowerBound + Int(dropped[line]), column = 0
        while p < content.upperBound {
            let b = document.bytes[p]
            if b == ASCII.space { column += 1 } else if b == ASCII.tab { column += 4 - column % 4 } else { break }
            p += 1
        }
        return (column, p - content.lowerBound - Int(dropped[line]))
    }

    /// The line's text after what the view already leaves out.
    func text(_ line: Int) -> ArraySlice<UInt8> {
        let content = document.contentRange(line)
        return document.bytes[(content.lowerBound + Int(dropped[line]))..<content.upperBound]
    }

    func isBlank(_ line: Int) -> Bool { text(line).allSatisfy(ASCII.isBlank) }

    /// Leaves the line out of the view entirely.
    mutating func blank(_ line: Int) {
        dropped[line] = Int32(document.contentRange(line).count)
        changed = true
    }

    /// Takes `columns` columns of indentation off the line (fewer where it has fewer).
    private mutating func dedent(_ line: Int, by columns: Int) {
        let content = document.contentRange(line)
        var p = content.lowerBound + Int(dropped[line]), column = 0
        while p < content.upperBound, column < columns {
            let b = document.bytes[p]
            if b == ASCII.space { column += 1 } else if b == ASCII.tab { column += 4 - column % 4 } else { break }
            p += 1
        }
        let drop = p - content.lowerBound
        if drop != Int(dropped[line]) { dropped[line] = Int32(drop); changed = true }
    }

    // MARK: containers

    /// Finds the containers among `lines`, whose text starts `indent` columns in (already left out
    /// of the view). `top`: lines of the document's top level, where cmark's code and HTML blocks
    /// hold no container (but a MyST directive's fence, which is one).
    private mutating func process(_ lines: Range<Int>, indent: Int, top: Bool) {
        var line = lines.lowerBound
        // Where the last tab's body ended among these lines: a tab right after it (blank lines
        // between) is the next tab of the same set.
        var afterTab: Int? = nil
        while line < lines.upperBound {
            if isBlank(line) { line += 1; continue }
            let t = text(line)
            if let start = afterTab, line != start { afterTab = nil }
            if let fence = Fence(t) {
                if dialect.mystDirectives || (dialect.colonFence && fence.character == UInt8(ascii: ":")),
                   let directive = fence.directive, !top || topKind[line] != 6 {
                    line = openDirective(fence, name: directive, at: line, in: lines)
                    continue
                }
                if fence.character != UInt8(ascii: ":") {
                    // A code fence: nothing inside it opens a container.
                    line = closing(fence, after: line, in: lines).map { $0 + 1 } ?? lines.upperBound
                    continue
                }
            }
            if top && topKind[line] != 0 {
                if topKind[line] == 6 && dialect.markdownInHTML, let end = markdownElement(at: line, in: lines) { line = end; continue }
                line += 1
                continue
            }
            if !top && dialect.markdownInHTML, t.first == UInt8(ascii: "<"), let end = markdownElement(at: line, in: lines) { line = end; continue }
            if tables, let end = table(at: line, in: lines, top: top) { line = end; continue }
            if opensIndentedContainer(t) {
                if t.first == UInt8(ascii: "=") {
                    // `===!` starts a new set even right after a tab.
                    let forcesNew = t.dropFirst(3).prefix { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "!") }.contains(UInt8(ascii: "!"))
                    if afterTab == nil || forcesNew { tabSets += 1 }
                    let index = afterTab == nil || forcesNew ? 1 : (tabs.last?.index ?? 0) + 1
                    tabs.append((line + 1, ContainerScan.tabTitle(t), tabSets, index))
                }
                let end = indentedContainer(at: line, in: lines, indent: indent)
                line = end
                var next = end
                while next < lines.upperBound, isBlank(next) { next += 1 }
                afterTab = t.first == UInt8(ascii: "=") ? next : nil
                continue
            }
            line += 1
        }
    }

    /// The title of `=== "Title"`, as written between the quotes.
    static func tabTitle(_ t: ArraySlice<UInt8>) -> String {
        let quote = UInt8(ascii: "\"")
        guard let open = t.firstIndex(of: quote), let close = t.lastIndex(of: quote), close > open else { return "" }
        return String(decoding: t[(open + 1)..<close], as: UTF8.self)
    }

    /// `!!! note`, `??? note`, `???+ note`, `=== "Tab"` at the start of the line (Python-Markdown's
    /// admonition, pymdownx.details and pymdownx.tabbed openers).
    private func opensIndentedContainer(_ t: ArraySlice<UInt8>) -> Bool {
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

    /// An indented container: the opener leaves the view, and its body (the following lines
    /// indented four columns more, blank lines among them) is taken four columns in and searched
    /// for containers of its own. Returns the line after the body.
    private mutating func indentedContainer(at opener: Int, in lines: Range<Int>, indent: Int) -> Int {
        blank(opener)
        var end = opener + 1
        var lastText = opener
        while end < lines.upperBound {
            if isBlank(end) { end += 1; continue }
            guard indentation(end).columns >= 4 else { break }
            lastText = end
            end += 1
        }
        let body = (opener + 1)..<(lastText + 1)
        for line in body { dedent(line, by: 4) }
        if !body.isEmpty { process(body, indent: indent + 4, top: false) }
        return lastText + 1
    }

    /// A MyST directive (```` ```{name} ````, `:::{name}`) whose body MyST parses as Markdown: the
    /// fences leave the view (an admonition's title stays, as its line's text), and so do the
    /// directive's options at the start of its body; the body is searched for containers of its own.
    /// A directive whose body is not Markdown (`code-block`, `math`) is code. Returns the line
    /// after the closing fence.
    private mutating func openDirective(_ fence: Fence, name: String, at opener: Int, in lines: Range<Int>) -> Int {
        let close = closing(fence, after: opener, in: lines)
        let end = close ?? lines.upperBound
        guard ContainerScan.markdownDirectives.contains(name) else { return min(end + 1, lines.upperBound) }
        // The opener: its argument (a title, parsed as Markdown) stays where the directive takes one.
        if ContainerScan.titledDirectives.contains(name), let argument = fence.argumentStart {
            let content = document.contentRange(opener)
            dropped[opener] = Int32(content.count - (text(opener).count - argument))
            changed = true
        } else {
            blank(opener)
        }
        if let close { blank(close) }
        var body = (opener + 1)..<end
        // Options: `:key: value` lines, or a `---` … `---` block, first in the body.
        if let first = body.first, text(first).starts(with: Array("---".utf8)), text(first).dropFirst(3).allSatisfy(ASCII.isBlank) {
            var k = first + 1
            while k < body.upperBound, !(text(k).starts(with: Array("---".utf8)) && text(k).dropFirst(3).allSatisfy(ASCII.isBlank)) { k += 1 }
            if k < body.upperBound { for line in first...k { blank(line) }; body = (k + 1)..<body.upperBound }
        } else {
            while let first = body.first, text(first).first == UInt8(ascii: ":"), text(first).dropFirst().contains(UInt8(ascii: ":")), Fence(text(first)) == nil {
                blank(first)
                body = (first + 1)..<body.upperBound
            }
        }
        if !body.isEmpty { process(body, indent: 0, top: false) }
        return min(end + 1, lines.upperBound)
    }

    /// The line of the fence that closes `fence`, opened at `opener`: the same character, at least
    /// as long, nothing after it.
    private func closing(_ fence: Fence, after opener: Int, in lines: Range<Int>) -> Int? {
        var k = opener + 1
        while k < lines.upperBound {
            if let other = Fence(text(k)), other.character == fence.character, other.length >= fence.length, other.isBare { return k }
            k += 1
        }
        return nil
    }

    /// An HTML element with a `markdown` attribute (md_in_html), opened on `line` by a tag alone on
    /// its line: both tag lines leave the view (their ids are kept as targets), the content between
    /// is Markdown. Returns the line after the closing tag, or nil when this is no such element.
    private mutating func markdownElement(at line: Int, in lines: Range<Int>) -> Int? {
        let t = text(line)
        let opening = Array(t.drop(while: ASCII.isBlank))
        guard opening.first == UInt8(ascii: "<"), opening.last(where: { !ASCII.isBlank($0) }) == UInt8(ascii: ">") else { return nil }
        let attributes = HTMLAttributes.scan(String(decoding: opening, as: UTF8.self))
        guard let tag = attributes.first?.tag ?? ContainerScan.tagName(opening),
              attributes.contains(where: { $0.name == "markdown" && ($0.value.isEmpty || $0.value == "1" || $0.value == "block") }) else { return nil }
        // One tag on the line: `<div markdown="1">` and nothing after its `>`.
        guard opening.filter({ $0 == UInt8(ascii: ">") }).count == 1 else { return nil }
        var depth = 1
        var k = line + 1
        let open = Array("<\(tag)".utf8), close = Array("</\(tag)".utf8)
        while k < lines.upperBound {
            let s = Array(text(k))
            depth += ContainerScan.count(open, in: s) - ContainerScan.count(close, in: s)
            if depth <= 0 { break }
            k += 1
        }
        guard k < lines.upperBound else { return nil }
        for attribute in attributes where attribute.name == "id" && !attribute.value.isEmpty { ids.append((line + 1, attribute.value)) }
        blank(line)
        if Array(text(k).drop(while: ASCII.isBlank)).starts(with: close), ContainerScan.count(Array("<".utf8), in: Array(text(k))) == 1 { blank(k) }
        if k > line + 1 { process((line + 1)..<k, indent: 0, top: false) }
        return k + 1
    }

    private static func tagName(_ bytes: [UInt8]) -> String? {
        let name = bytes.dropFirst().prefix { ASCII.isWordByte($0) || $0 == UInt8(ascii: "-") }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self).lowercased()
    }

    private static func count(_ needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard haystack.count >= needle.count else { return 0 }
        var n = 0, i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && Array(haystack[i..<i + needle.count]) == needle {
                // `<div` but not `<divider`.
                let after = i + needle.count < haystack.count ? haystack[i + needle.count] : ASCII.space
                if !ASCII.isWordByte(after) && after != UInt8(ascii: "-") { n += 1 }
                i += needle.count
            } else { i += 1 }
        }
        return n
    }

    /// MyST directives whose content MyST parses as Markdown (admonitions and the like; the
    /// sphinx-design containers). Others (`code-block`, `math`, `toctree`, `eval-rst`, `include`)
    /// hold no Markdown.
    static let markdownDirectives: Set<String> = [
        "note", "tip", "hint", "important", "warning", "caution", "attention", "danger", "error", "seealso", "todo",
        "admonition", "topic", "sidebar", "margin", "epigraph", "pull-quote", "highlights", "container", "div",
        "versionadded", "versionchanged", "deprecated", "versionremoved", "only", "figure", "table", "list-table",
        "parsed-literal", "dropdown", "tab-set", "tab-item", "card", "grid", "grid-item", "grid-item-card", "hlist",
    ]
    /// Directives whose argument is a title MyST parses as Markdown.
    static let titledDirectives: Set<String> = ["admonition", "topic", "sidebar", "dropdown", "tab-item", "card", "grid-item-card"]
}
