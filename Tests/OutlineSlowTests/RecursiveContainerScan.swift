@testable import OutlineCore

/// The container scanner as it was before issue 52 (recursive, a search to the end for each
/// opener's closing): the oracle the one-pass scanner (`ContainerScan`) is compared with on
/// generated documents shallow enough for it (`ScannerFuzzTests`). Kept verbatim but for its name,
/// what the comparison does not need and the lists and helpers it shares with `ContainerScan`.
struct RecursiveContainerScan {
    let document: Source
    let dialect: Dialect
    /// Per line: what cmark's top-level parse made of it (0 nothing special; 5 a code block; 6 an
    /// HTML block), so that no container opens inside code or HTML.
    private var topKind: [UInt8]
    private(set) var dropped: [Int32]
    private(set) var ids: [(line: Int, id: String)] = []
    private(set) var tabs: [(line: Int, title: String, set: Int, index: Int)] = []
    private var tabSets = 0
    private(set) var changed = false

    init(_ document: Source, dialect: Dialect, blockStarts: [UInt64], hiddenLines: Int) {
        self.document = document
        self.dialect = dialect
        dropped = [Int32](repeating: 0, count: document.lineCount)
        var kinds = [UInt8](repeating: 0, count: document.lineCount)
        for (k, block) in blockStarts.enumerated() {
            let start = Int(block >> 8), type = UInt8(block & 0xFF)
            let end = k + 1 < blockStarts.count ? Int(blockStarts[k + 1] >> 8) : document.lineCount
            guard type == 5 || type == 6, start < end else { continue }
            for line in start..<min(end, document.lineCount) { kinds[line] = type }
        }
        for line in 0..<min(hiddenLines, document.lineCount) { kinds[line] = 6 }
        topKind = kinds
    }

    mutating func run() {
        process(0..<document.lineCount, indent: 0, top: true)
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
    private func text(_ line: Int) -> ArraySlice<UInt8> {
        let content = document.contentRange(line)
        return document.bytes[(content.lowerBound + Int(dropped[line]))..<content.upperBound]
    }

    /// How many bytes of the line's indentation (beyond `dropped`) make its first `columns` columns.
    private func bytes(ofColumns columns: Int, in line: Int) -> Int {
        let content = document.contentRange(line)
        var p = content.lowerBound + Int(dropped[line]), column = 0
        while p < content.upperBound, column < columns {
            let b = document.bytes[p]
            if b == ASCII.space { column += 1 } else if b == ASCII.tab { column += 4 - column % 4 } else { break }
            p += 1
        }
        return p - content.lowerBound - Int(dropped[line])
    }

    private func isBlank(_ line: Int) -> Bool { text(line).allSatisfy(ASCII.isBlank) }

    /// Leaves the line out of the view entirely.
    private mutating func blank(_ line: Int) {
        dropped[line] = Int32(document.contentRange(line).count)
        changed = true
    }

    /// Takes `columns` columns of indentation off the line (fewer where it has fewer).
    private mutating func dedent(_ line: Int, by columns: Int) {
        let drop = bytes(ofColumns: columns, in: line)
        if drop != 0 { dropped[line] += Int32(drop); changed = true }
    }

    // MARK: containers

    /// Finds the containers among `lines`, whose text starts `indent` columns in (already left out
    /// of the view). `top`: lines of the document's top level, where cmark's code and HTML blocks
    /// hold no container (but a MyST directive's fence, which is one).
    /// `base`: the columns at which the lines' blocks stand (a list item's blocks, four columns past
    /// its marker's, with MkDocs' containers: issue 56).
    private mutating func process(_ lines: Range<Int>, indent: Int, top: Bool, base: Int = 0) {
        var line = lines.lowerBound
        // Where the last tab's body ended among these lines: a tab right after it (blank lines
        // between) is the next tab of the same set.
        var afterTab: Int? = nil
        let listItems = dialect.admonitions || dialect.details || dialect.tabs
        while line < lines.upperBound {
            if isBlank(line) { line += 1; continue }
            var t = text(line)
            let columns = indentation(line).columns
            if let start = afterTab, line != start { afterTab = nil }
            if listItems, !top || topKind[line] == 0, columns >= base, columns < base + 4, ContainerScan.startsListItem(t.drop(while: ASCII.isBlank)) {
                // A list item: its blocks are the following lines indented at least `base + 4`.
                var last = line
                var k = line + 1
                while k < lines.upperBound {
                    if isBlank(k) { k += 1; continue }
                    guard indentation(k).columns >= base + 4 else { break }
                    last = k
                    k += 1
                }
                if last > line { process((line + 1)..<(last + 1), indent: indent, top: top, base: base + 4) }
                afterTab = nil
                line = last + 1
                continue
            }
            // (cmark's top-level code or HTML where a list item's blocks were expected: no container.)
            if base > 0 && top && topKind[line] != 0 { line += 1; continue }
            if base > 0, columns >= base, columns < base + 4 { t = t.dropFirst(bytes(ofColumns: base, in: line)) }
            if let fence = Fence(t) {
                if dialect.mystDirectives || (dialect.colonFence && fence.character == UInt8(ascii: ":")),
                   let directive = fence.directive, !top || topKind[line] != 6 {
                    line = openDirective(fence, name: directive, at: line, in: lines, base: base)
                    continue
                }
                if fence.character != UInt8(ascii: ":") {
                    // A code fence: nothing inside it opens a container.
                    line = closing(fence, after: line, in: lines, base: base).map { $0 + 1 } ?? lines.upperBound
                    continue
                }
            }
            if top && topKind[line] != 0 {
                if topKind[line] == 6 && dialect.markdownInHTML, let end = markdownElement(at: line, in: lines) { line = end; continue }
                line += 1
                continue
            }
            if !top && dialect.markdownInHTML, columns == base, t.first == UInt8(ascii: "<"), let end = markdownElement(at: line, in: lines) { line = end; continue }
            if opensIndentedContainer(t) {
                if t.first == UInt8(ascii: "=") {
                    // `===!` starts a new set even right after a tab.
                    let forcesNew = t.dropFirst(3).prefix { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "!") }.contains(UInt8(ascii: "!"))
                    if afterTab == nil || forcesNew { tabSets += 1 }
                    let index = afterTab == nil || forcesNew ? 1 : (tabs.last?.index ?? 0) + 1
                    tabs.append((line + 1, ContainerScan.tabTitle(t), tabSets, index))
                }
                let end = indentedContainer(at: line, in: lines, indent: indent, base: base)
                line = end
                var next = end
                while next < lines.upperBound, isBlank(next) { next += 1 }
                afterTab = t.first == UInt8(ascii: "=") ? next : nil
                continue
            }
            line += 1
        }
    }

    private func opensIndentedContainer(_ t: ArraySlice<UInt8>) -> Bool { ContainerScan.opensIndentedContainer(t, dialect) }

    /// An indented container: the opener leaves the view, and its body (the following lines
    /// indented four columns more, blank lines among them) is taken four columns in and searched
    /// for containers of its own. Returns the line after the body.
    private mutating func indentedContainer(at opener: Int, in lines: Range<Int>, indent: Int, base: Int) -> Int {
        blank(opener)
        var end = opener + 1
        var lastText = opener
        while end < lines.upperBound {
            if isBlank(end) { end += 1; continue }
            guard indentation(end).columns >= base + 4 else { break }
            lastText = end
            end += 1
        }
        let body = (opener + 1)..<(lastText + 1)
        for line in body { dedent(line, by: 4) }
        if !body.isEmpty { process(body, indent: indent + 4, top: false, base: base) }
        return lastText + 1
    }

    /// A MyST directive (```` ```{name} ````, `:::{name}`) whose body MyST parses as Markdown: the
    /// fences leave the view (an admonition's title stays, as its line's text), and so do the
    /// directive's options at the start of its body; the body is searched for containers of its own.
    /// A directive whose body is not Markdown (`code-block`, `math`) is code. Returns the line
    /// after the closing fence.
    private mutating func openDirective(_ fence: Fence, name: String, at opener: Int, in lines: Range<Int>, base: Int) -> Int {
        let close = closing(fence, after: opener, in: lines, base: base)
        let end = close ?? lines.upperBound
        guard ContainerScan.readsMarkdown(name, fence) else { return min(end + 1, lines.upperBound) }
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
    private func closing(_ fence: Fence, after opener: Int, in lines: Range<Int>, base: Int) -> Int? {
        var k = opener + 1
        while k < lines.upperBound {
            let columns = indentation(k).columns
            let t = base > 0 && columns >= base && columns < base + 4 ? text(k).dropFirst(bytes(ofColumns: base, in: k)) : text(k)
            if let other = Fence(t), other.character == fence.character, other.length >= fence.length, other.isBare { return k }
            k += 1
        }
        return nil
    }

    /// An HTML element with a `markdown` attribute (md_in_html), opened on `line` by a tag alone on
    /// its line: both tag lines leave the view (their ids are kept as targets), the content between
    /// is Markdown. Returns the line after the closing tag, or nil when this is no such element.
    private mutating func markdownElement(at line: Int, in lines: Range<Int>) -> Int? {
        guard let (tag, attributes) = ContainerScan.markdownOpener(text(line)) else { return nil }
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
}
