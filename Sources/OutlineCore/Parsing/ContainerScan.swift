#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the containers of a document whose bodies are Markdown to the site's generator, and what of
/// each line the view leaves out (`LinkView`).
///
/// One pass over the lines with an explicit stack of the open containers (format.md §11): where
/// each container ends is known when it opens (an indented body's end, a fence's closing line, an
/// element's closing tag, all found for every line at once before the pass), so that an opener left
/// unclosed costs no search to the end of the document, and no nesting recurses. Containers nested
/// deeper than `Nesting.limit` are not opened: the opener is read as text, and `tooDeep` says where.
struct ContainerScan {
    let document: Source
    let dialect: Dialect
    /// Per line: what cmark's top-level parse made of it (0 nothing special; 5 a code block; 6 an
    /// HTML block), so that no container opens inside code or HTML.
    var topKind: [UInt8]
    /// Per line: cmark's type of the top-level block that starts there (0: none starts there).
    var topStart: [UInt8]
    private(set) var dropped: [Int32]
    /// Per line: the bytes of a top-level block quote's marker (`> `) the view leaves out, where the
    /// quote holds a container (`> !!! note`): Python-Markdown parses a quote's content, markers
    /// taken off, as a document of its own, so that columns are counted from after the marker.
    private var floor: [Int32]
    /// Whether the document may hold a table (`TableScan`), and the view's bytes that differ from
    /// the document's: (document offset, byte), in document order.
    var tables = false
    var substitutions: [(offset: Int, byte: UInt8)] = []
    /// Reference labels defined anywhere in the document (normalized), found when a table needs them.
    var definedLabels: Set<String>? = nil
    private(set) var ids: [(line: Int, id: String)] = []
    private(set) var tabs: [(line: Int, title: String, set: Int, index: Int)] = []
    private(set) var shadowed: [(line: Int, used: Int, label: String)] = []
    /// MyST: the names directives give (`:name:`, `name:` in a `---` options block, `{figure-md}`'s
    /// argument), lowercased as Sphinx keeps labels, with their 1-based lines: labels of the site.
    private(set) var labels: [(line: Int, id: String)] = []
    private var tabSets = 0
    var changed = false
    /// While a table is read ahead of the pass (`TableScan`): the columns its lines stand in, which
    /// `text` takes off lines the pass has not dedented yet.
    private var readAhead = 0
    /// The 1-based line of the first opener nested past `Nesting.limit`, read as text.
    private(set) var tooDeep: Int? = nil

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
        floor = dropped
        if dialect.admonitions || dialect.details || dialect.tabs { quoteMarkers(blockStarts) }
    }

    /// The markers of each top-level block quote (cmark's block type 2) that holds a container's
    /// opener, left out of the view: `> !!! note` and `>     body` read as at the top level.
    private mutating func quoteMarkers(_ blockStarts: [UInt64]) {
        for (k, block) in blockStarts.enumerated() where block & 0xFF == 2 {
            let start = Int(block >> 8)
            let end = min(k + 1 < blockStarts.count ? Int(blockStarts[k + 1] >> 8) : document.lineCount, document.lineCount)
            guard start < end else { continue }
            // Up to three spaces, `>`, one optional blank (a lazy line has none).
            let markers = (start..<end).map { line -> Int32 in
                let t = document.content(line)
                let spaces = t.prefix(while: { $0 == ASCII.space }).count
                guard spaces < 4, t.dropFirst(spaces).first == UInt8(ascii: ">") else { return 0 }
                return Int32(spaces + 1 + (t.dropFirst(spaces + 1).first == ASCII.space ? 1 : 0))
            }
            guard (start..<end).contains(where: { ContainerScan.opensIndentedContainer(document.content($0).dropFirst(Int(markers[$0 - start])), dialect) }) else { continue }
            for line in start..<end where markers[line - start] > 0 {
                floor[line] = markers[line - start]
                dropped[line] = markers[line - start]
                changed = true
            }
        }
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
        var mayStart = true
        let none = document.bytes[0..<0]
        // cmark's code and HTML blocks hold neither fences nor definitions.
        LineScanner.forEach(lines: document.lineCount, text: { topKind[$0] != 0 ? none : text($0) }) { line, t, kind in
            switch kind {
            case .opening: return
            case .code, .closing: mayStart = true; return
            case .text: break
            }
            if topKind[line] != 0 || t.allSatisfy(ASCII.isBlank) { mayStart = true; return }
            let stripped = t.drop { $0 == ASCII.space }
            guard mayStart, t.count - stripped.count < 4, stripped.first == UInt8(ascii: "[") else {
                mayStart = stripped.first == UInt8(ascii: "#")
                return
            }
            // (cmark's scanners read a definition up to its line's end, which the content lacks.)
            let bytes = Array(stripped) + [ASCII.lf]
            guard let definition = ReferenceDefinitions.definitions(in: bytes).first,
                  bytes[definition.end...].allSatisfy({ ASCII.isBlank($0) || $0 == ASCII.lf }) else { mayStart = false; return }
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

    /// Columns of a line's leading blanks, from `from` bytes into its content (tabs to the next
    /// multiple of four, as Python-Markdown expands them), and how many bytes they take.
    private func indentation(_ line: Int, from: Int, upTo columns: Int = .max) -> (columns: Int, bytes: Int) {
        let content = document.contentRange(line)
        var p = content.lowerBound + from, column = 0
        while p < content.upperBound, column < columns {
            let b = document.bytes[p]
            if b == ASCII.space { column += 1 } else if b == ASCII.tab { column += 4 - column % 4 } else { break }
            p += 1
        }
        return (column, p - content.lowerBound - from)
    }

    /// The line's text after what the view already leaves out (and, reading a table ahead, its
    /// containers' columns).
    func text(_ line: Int) -> ArraySlice<UInt8> {
        let content = document.contentRange(line)
        var skip = Int(dropped[line])
        if readAhead > 0 { skip = max(skip, Int(floor[line]) + indentation(line, from: Int(floor[line]), upTo: readAhead).bytes) }
        return document.bytes[(content.lowerBound + skip)..<content.upperBound]
    }

    func isBlank(_ line: Int) -> Bool { text(line).allSatisfy(ASCII.isBlank) }

    /// Leaves the line out of the view entirely.
    mutating func blank(_ line: Int) {
        dropped[line] = Int32(document.contentRange(line).count)
        changed = true
    }

    /// Takes `columns` columns of indentation off the line (fewer where it has fewer), counted from
    /// the line's start: its containers' columns, never undoing what the view already leaves out.
    private mutating func dedent(_ line: Int, by columns: Int) {
        let drop = Int(floor[line]) + indentation(line, from: Int(floor[line]), upTo: columns).bytes
        if drop > Int(dropped[line]) { dropped[line] = Int32(drop); changed = true }
    }

    // MARK: the pass

    /// An open container: its lines are those before `end`.
    private struct Frame {
        enum Kind { case indented, markdown, code }
        let kind: Kind
        /// Its first line (after the opener), and the first line after it: its closing line when
        /// `closes`.
        let start: Int
        let end: Int
        let closes: Bool
        /// What the closing line is: a directive's fence leaves the view; an element's closing tag
        /// does when it stands alone; a code fence stays.
        let closing: Closing
        enum Closing { case fence, tag([UInt8]), code }
        let isTab: Bool
        /// The next non-blank line directly inside follows the body of a tab opened at these columns
        /// (the same set when it opens a tab there too).
        var afterTab: Int? = nil
        /// The columns (in the view) at which its body's blocks stand: a container opened in a list
        /// item keeps the item's indentation, so that cmark reads its body inside the item.
        var base = 0
        /// Its lines so far that are less indented than every later one (`ListItems`).
        var items = ListItems()
    }

    /// Each line's level: its indentation's columns over four (-1 for a blank line), and each
    /// non-blank line's end of an indented body opened there: the next non-blank line no deeper.
    private struct Levels {
        var level: [Int32]
        var nextNoDeeper: [Int32]
    }

    private func levels() -> Levels {
        let count = document.lineCount
        var level = [Int32](repeating: -1, count: count)
        for line in 0..<count {
            let (columns, bytes) = indentation(line, from: Int(floor[line]))
            if Int(floor[line]) + bytes < document.contentRange(line).count { level[line] = Int32(columns / 4) }
        }
        var next = [Int32](repeating: Int32(count), count: count)
        var ahead: [Int32] = []
        var line = count - 1
        while line >= 0 {
            defer { line -= 1 }
            guard level[line] >= 0 else { continue }
            while let top = ahead.last, level[Int(top)] > level[line] { ahead.removeLast() }
            if let top = ahead.last { next[line] = top }
            ahead.append(Int32(line))
        }
        return Levels(level: level, nextNoDeeper: next)
    }

    mutating func run() {
        let count = document.lineCount
        let levels = levels()
        let fences = FenceTable(lineCount: count, levels: levels.level) { line, columns in
            let skip = Int(floor[line]) + indentation(line, from: Int(floor[line]), upTo: columns).bytes
            let content = document.contentRange(line)
            return document.bytes[(content.lowerBound + skip)..<content.upperBound]
        }
        let elements = dialect.markdownInHTML ? ElementClosings(document) : nil
        let dashes = dialect.mystDirectives || dialect.colonFence ? ContainerScan.optionBlockEnds(document, levels.level) : []
        var stack: [Frame] = []
        var depth = Depth()
        var indented = 0
        var afterTabAtTop: Int? = nil
        var topItems = ListItems()
        let indentedContainers = dialect.admonitions || dialect.details || dialect.tabs
        var line = 0
        while line < count {
            defer { line += 1 }
            // The containers that end here; the line may be the closing line of one of them.
            var closed: Frame.Closing? = nil
            while let top = stack.last, top.end <= line {
                stack.removeLast()
                if top.kind != .code { depth.leave() }
                if top.kind == .indented {
                    indented -= 1
                    let tab = top.isTab ? top.base : nil
                    if stack.isEmpty { afterTabAtTop = tab } else { stack[stack.count - 1].afterTab = tab }
                }
                if top.closes { closed = top.closing }
            }
            // A body's lines (its code, its closing fence) are taken its containers' columns in.
            if indented > 0 { dedent(line, by: 4 * indented) }
            if let closed {
                switch closed {
                case .fence: blank(line)
                case .tag(let tag):
                    let t = text(line)
                    if Array(t.drop(while: ASCII.isBlank)).starts(with: tag), ContainerScan.count(Array("<".utf8), in: Array(t)) == 1 { blank(line) }
                case .code: break
                }
                continue
            }
            if stack.last?.kind == .code || isBlank(line) { continue }
            let afterTab: Int?
            if stack.isEmpty { afterTab = afterTabAtTop; afterTabAtTop = nil } else { afterTab = stack[stack.count - 1].afterTab; stack[stack.count - 1].afterTab = nil }
            var t = text(line)
            let top = stack.isEmpty
            let contextEnd = stack.last?.end ?? count
            // A line indented past its context's blocks in a list item: a container opened there is
            // the item's (Python-Markdown reads the item's blocks four columns in).
            let base = stack.last?.base ?? 0
            let (columns, blanks) = indentation(line, from: Int(dropped[line]))
            // (Not in cmark's top-level code or HTML; MkDocs' containers only: a MyST directive in
            // a list item is read as before.)
            let markdown = indentedContainers && (!top || topKind[line] == 0)
            let marker = markdown && ContainerScan.startsListItem(t.dropFirst(blanks))
            let (itemBase, item) = top ? topItems.add(line, columns, marker: marker, base: base) : stack[stack.count - 1].items.add(line, columns, marker: marker, base: base)
            let opensAt = markdown ? itemBase : base
            // What opens in an item ends with the item at the latest (an unclosed fence too).
            let parentEnd = markdown && item != nil ? min(contextEnd, Int(levels.nextNoDeeper[item!])) : contextEnd
            if columns == opensAt { t = t.dropFirst(blanks) }
            // A fence in this line's context: one read at its own level, which is the context's.
            if levels.level[line] == indented + opensAt / 4, let fence = fences.fences[line] {
                let closing = Int(fences.closing[line])
                let closesAt = closing >= 0 && closing < parentEnd ? closing : nil
                if dialect.mystDirectives || (dialect.colonFence && fence.character == UInt8(ascii: ":")),
                   let directive = fence.directive, !top || topKind[line] != 6 {
                    if dialect.mystTargets { recordName(fence, directive, at: line, end: closesAt ?? parentEnd, indented: indented, dashes: dashes) }
                    guard ContainerScan.readsMarkdown(directive, fence) else {
                        // A directive whose body is not Markdown (`code-block`, `math`) is code.
                        stack.append(Frame(kind: .code, start: line + 1, end: closesAt ?? parentEnd, closes: closesAt != nil, closing: .code, isTab: false))
                        continue
                    }
                    guard depth.enter() else { tooDeep = tooDeep ?? line + 1; continue }
                    stack.append(Frame(kind: .markdown, start: line + 1, end: closesAt ?? parentEnd, closes: closesAt != nil, closing: .fence, isTab: false))
                    openDirective(fence, name: directive, at: line, end: closesAt ?? parentEnd, indented: indented, dashes: dashes)
                    continue
                }
                if fence.character != UInt8(ascii: ":") {
                    // A code fence: nothing inside it opens a container.
                    stack.append(Frame(kind: .code, start: line + 1, end: closesAt ?? parentEnd, closes: closesAt != nil, closing: .code, isTab: false))
                    continue
                }
            }
            if top && topKind[line] != 0 {
                if topKind[line] == 6, let elements { _ = openElement(at: line, end: parentEnd, elements, &stack, &depth) }
                continue
            }
            if !top, columns == base, opensAt == base, t.first == UInt8(ascii: "<"), let elements, openElement(at: line, end: parentEnd, elements, &stack, &depth) { continue }
            if tables {
                // Its rows are read ahead in this line's context, and skipped (none opens a container).
                readAhead = 4 * indented
                let end = table(at: line, in: (stack.last?.start ?? 0)..<parentEnd, top: top)
                readAhead = 0
                if let end {
                    if indented > 0 { for row in (line + 1)..<end { dedent(row, by: 4 * indented) } }
                    line = end - 1
                    continue
                }
            }
            if columns == opensAt, opensIndentedContainer(t) {
                let follows = afterTab == opensAt
                guard depth.enter() else { tooDeep = tooDeep ?? line + 1; continue }
                let isTab = t.first == UInt8(ascii: "=")
                if isTab {
                    // `===!` starts a new set even right after a tab.
                    let forcesNew = t.dropFirst(3).prefix { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "!") }.contains(UInt8(ascii: "!"))
                    if !follows || forcesNew { tabSets += 1 }
                    let index = !follows || forcesNew ? 1 : (tabs.last?.index ?? 0) + 1
                    tabs.append((line + 1, ContainerScan.tabTitle(t), tabSets, index))
                }
                // The body: the following lines indented four columns more, blank lines among them.
                blank(line)
                stack.append(Frame(kind: .indented, start: line + 1, end: min(Int(levels.nextNoDeeper[line]), parentEnd), closes: false, closing: .code,
                                   isTab: isTab, base: opensAt))
                indented += 1
            }
        }
    }

    /// `!!! note`, `??? note`, `???+ note`, `=== "Tab"` at the start of the line (Python-Markdown's
    /// admonition, pymdownx.details and pymdownx.tabbed openers).
    private func opensIndentedContainer(_ t: ArraySlice<UInt8>) -> Bool { ContainerScan.opensIndentedContainer(t, dialect) }

    /// A MyST directive (```` ```{name} ````, `:::{name}`) whose body MyST parses as Markdown, opened
    /// on `opener` and running to `end`: the opening fence leaves the view (an admonition's title
    /// stays, as its line's text), and so do the directive's options at the start of its body.
    private mutating func openDirective(_ fence: Fence, name: String, at opener: Int, end: Int, indented: Int, dashes: [Int32]) {
        if ContainerScan.titledDirectives.contains(name), let argument = fence.argumentStart {
            let content = document.contentRange(opener)
            dropped[opener] = Int32(content.count - (text(opener).count - argument))
            changed = true
        } else {
            blank(opener)
        }
        // Options: a `---` … `---` block, or `:key: value` lines, first in the body.
        var first = opener + 1
        guard first < end else { return }
        if indented > 0 { dedent(first, by: 4 * indented) }
        if ContainerScan.isDashes(text(first)) {
            let close = Int(dashes[first])
            if close < end { for line in first...close { blank(line) } }
            return
        }
        while first < end {
            if indented > 0 { dedent(first, by: 4 * indented) }
            let t = text(first)
            // (`:::` opens a colon fence, no option.)
            guard t.first == UInt8(ascii: ":"), t.dropFirst().contains(UInt8(ascii: ":")), !t.starts(with: Array(":::".utf8)) else { return }
            blank(first)
            first += 1
        }
    }

    /// The name a directive opened on `opener` gives its target, whatever its body is: its `:name:`
    /// option, `name:` in its `---` options block, or the argument of `{figure-md}`.
    private mutating func recordName(_ fence: Fence, _ name: String, at opener: Int, end: Int, indented: Int, dashes: [Int32]) {
        func body(_ line: Int) -> ArraySlice<UInt8> {
            let content = document.contentRange(line)
            return document.bytes[(content.lowerBound + indentation(line, from: 0, upTo: 4 * indented).bytes)..<content.upperBound]
        }
        func add(_ value: ArraySlice<UInt8>, _ line: Int) {
            var v = value.drop(while: ASCII.isBlank)
            while let last = v.last, ASCII.isBlank(last) { v = v.dropLast() }
            if v.count >= 2, let q = v.first, q == UInt8(ascii: "\"") || q == UInt8(ascii: "'"), v.last == q { v = v.dropFirst().dropLast() }
            if !v.isEmpty { labels.append((line + 1, String(decoding: v, as: UTF8.self).lowercased())) }
        }
        if name == "figure-md", let argument = fence.argumentStart {
            let t = text(opener)
            add(t[(t.startIndex + argument)...].prefix { !ASCII.isBlank($0) }, opener)
        }
        let first = opener + 1
        guard first < end else { return }
        if ContainerScan.isDashes(body(first)) {
            let close = Int(dashes[first])
            guard close < end, first + 1 < close else { return }
            for line in (first + 1)..<close {
                let t = body(line)
                if t.starts(with: Array("name:".utf8)) { add(t.dropFirst(5), line); return }
            }
            return
        }
        var line = first
        while line < end {
            let t = body(line)
            guard t.first == UInt8(ascii: ":"), t.dropFirst().contains(UInt8(ascii: ":")), !t.starts(with: Array(":::".utf8)) else { return }
            if t.starts(with: Array(":name:".utf8)) { add(t.dropFirst(6), line); return }
            line += 1
        }
    }

    /// An HTML element with a `markdown` attribute (md_in_html), opened on `line` by a tag first on
    /// its line and closed before `end`: the opening tag leaves the view (its ids are kept as
    /// targets), and the closing tag's line when the tag stands alone; the content between is
    /// Markdown, text after the opening tag on its line too (`<p markdown="span">a [link](u)</p>`,
    /// which closes on its own line and opens no container). False when this is no such element.
    private mutating func openElement(at line: Int, end: Int, _ elements: ElementClosings, _ stack: inout [Frame], _ depth: inout Depth) -> Bool {
        guard let opener = ContainerScan.markdownElement(text(line)) else { return false }
        let tag = Array(opener.tag.utf8)
        let rest = Array(text(line).dropFirst(opener.length))
        if ContainerScan.count(Array("</".utf8) + tag, in: rest) > 0 {
            // Opened and closed on its line: the text after the opening tag is its Markdown.
            guard ContainerScan.count([UInt8(ascii: "<")] + tag, in: rest) == 0 else { return false }
            for attribute in opener.attributes where attribute.name == "id" && !attribute.value.isEmpty { ids.append((line + 1, attribute.value)) }
            dropped[line] += Int32(opener.length)
            changed = true
            return true
        }
        guard let close = elements.closing(of: line, tag: tag), close < end else { return false }
        guard depth.enter() else { tooDeep = tooDeep ?? line + 1; return false }
        for attribute in opener.attributes where attribute.name == "id" && !attribute.value.isEmpty { ids.append((line + 1, attribute.value)) }
        if rest.allSatisfy(ASCII.isBlank) { blank(line) } else { dropped[line] += Int32(opener.length); changed = true }
        stack.append(Frame(kind: .markdown, start: line + 1, end: close, closes: true, closing: .tag(Array("</\(opener.tag)".utf8)), isTab: false))
        return true
    }

    static func count(_ needle: [UInt8], in haystack: [UInt8]) -> Int {
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
}
