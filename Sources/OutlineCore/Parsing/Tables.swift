#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// GFM tables in the link view (format.md §9): a table (a header row, then a delimiter row) is read as
/// the file's renderer reads it, each cell's inline content on its own. cmark has no tables: to it the
/// rows are one paragraph, where a code span opened in one cell can close in a later row and swallow
/// the links and ids between (traefik's `entrypoints.md`). The view keeps every line and every offset;
/// in each cell (and in the paragraph lines a GFM table interrupts) the bytes that open a construct
/// the cell does not close are replaced by an inert byte: a backtick run that is no code span of the
/// cell, a `<` that opens no raw HTML or autolink there, a bracket outside the cell's links. What the
/// cell reads as a link, an id or raw HTML stays byte for byte, so cmark's parse of the view finds
/// exactly the cells' links, and they are located, checked, repaired and verified like any other
/// (the view is the one locating of every body cmark does not read as the renderer does).
enum TableScan {
    /// What stands in the view for a byte that would join two cells: no inline construct starts
    /// with it, and it starts no block.
    static let inert = UInt8(ascii: "'")

    /// Whether a document may hold a table at all: a delimiter row needs a `|` and a `-`.
    /// (From `|` to `|` with memchr: every document is asked, and most have no pipe at all.)
    static func mayHold(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, b.count > 1 else { return false }
            var from = 0
            while from < b.count, let found = memchr(base + from, CInt(pipe), b.count - from) {
                let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if i > 0, b[i - 1] == dash || b[i - 1] == colon { return true }
                if i + 1 < b.count, b[i + 1] == dash || b[i + 1] == colon || b[i + 1] == ASCII.space { return true }
                from = i + 1
            }
            return false
        }
    }

    static let pipe = UInt8(ascii: "|"), dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":"), backslash = UInt8(ascii: "\\")
    static let backtick = UInt8(ascii: "`")

    /// How many `>` markers open the line, and where its text starts after them and its whitespace.
    static func content(_ t: ArraySlice<UInt8>) -> (quotes: Int, start: Int) {
        var p = t.startIndex, quotes = 0
        while true {
            var q = p, spaces = 0
            while q < t.endIndex, t[q] == ASCII.space, spaces < 3 { q += 1; spaces += 1 }
            guard q < t.endIndex, t[q] == UInt8(ascii: ">") else { break }
            p = q + 1
            if p < t.endIndex, t[p] == ASCII.space { p += 1 }
            quotes += 1
        }
        while p < t.endIndex, ASCII.isBlank(t[p]) { p += 1 }
        return (quotes, p)
    }

    /// The number of columns of a delimiter row (`| --- | :-: |`), or nil. A row without a pipe is
    /// no delimiter row (it is a setext underline or a thematic break to both renderers).
    static func delimiterColumns(_ t: ArraySlice<UInt8>) -> Int? {
        var end = t.endIndex
        while end > t.startIndex, ASCII.isBlank(t[end - 1]) { end -= 1 }
        guard t[t.startIndex..<end].contains(pipe) else { return nil }
        var p = t.startIndex
        if p < end, t[p] == pipe { p += 1 }
        var columns = 0
        while p < end {
            while p < end, ASCII.isBlank(t[p]) { p += 1 }
            if p < end, t[p] == colon { p += 1 }
            let dashes = p
            while p < end, t[p] == dash { p += 1 }
            guard p > dashes else { return nil }
            if p < end, t[p] == colon { p += 1 }
            while p < end, ASCII.isBlank(t[p]) { p += 1 }
            columns += 1
            guard p < end else { break }
            guard t[p] == pipe else { return nil }
            p += 1
        }
        return columns > 0 ? columns : nil
    }

    /// The cells of a row (`t` from its first byte after the container's prefix and whitespace):
    /// each cell's content, blanks trimmed, as offsets of `t`'s base.
    /// `border`: Python-Markdown's, from the header row (a leading or trailing pipe).
    static func cells(_ t: ArraySlice<UInt8>, rule: TableRule, border: Bool) -> [Range<Int>] {
        var start = t.startIndex, end = t.endIndex
        while end > start, ASCII.isBlank(t[end - 1]) { end -= 1 }
        var pipes: [Int] = []
        switch rule {
        case .gfm:
            // cmark-gfm: a pipe after a backslash is escaped, however many backslashes stand there.
            if start < end, t[start] == pipe { start += 1 }
            var p = start
            while p < end {
                if t[p] == pipe && (p == t.startIndex || t[p - 1] != backslash) { pipes.append(p) }
                p += 1
            }
            // A trailing pipe ends the row; it opens no empty cell.
            if let last = pipes.last, last == end - 1 { pipes.removeLast(); end -= 1 }
        case .pythonMarkdown:
            if border {
                if start < end, t[start] == pipe { start += 1 }
                if endsWithBorder(t[start..<end]) { end -= 1 }
            }
            pipes = pythonMarkdownPipes(t[start..<end])
        }
        var cells: [Range<Int>] = []
        var from = start
        for p in pipes + [end] {
            var a = from, b = p
            while a < b, ASCII.isBlank(t[a]) { a += 1 }
            while b > a, ASCII.isBlank(t[b - 1]) { b -= 1 }
            cells.append(a..<b)
            from = p + 1
        }
        return cells
    }

    /// Python-Markdown's `RE_END_BORDER`: a pipe at the end after an even number of backslashes.
    static func endsWithBorder(_ t: ArraySlice<UInt8>) -> Bool {
        guard let last = t.last, last == pipe else { return false }
        var slashes = 0, p = t.endIndex - 1
        while p > t.startIndex, t[p - 1] == backslash { slashes += 1; p -= 1 }
        return slashes % 2 == 0
    }

    /// Python-Markdown's `TableProcessor._split`: `\\` and `\|` are escapes, backtick runs pair with
    /// the next run of the same length (an escaped run counts one backtick less as an opener), and a
    /// pipe inside a pair is no separator.
    static func pythonMarkdownPipes(_ t: ArraySlice<UInt8>) -> [Int] {
        var pipes: [Int] = []
        var tics: [(length: Int, start: Int, end: Int, escape: Int)] = []
        var p = t.startIndex
        while p < t.endIndex {
            let c = t[p]
            if c == backslash, p + 1 < t.endIndex, t[p + 1] == backslash || t[p + 1] == pipe { p += 2; continue }
            if c == backtick || (c == backslash && p + 1 < t.endIndex && t[p + 1] == backtick) {
                let escape = c == backslash ? 1 : 0
                var q = p + escape
                while q < t.endIndex, t[q] == backtick { q += 1 }
                tics.append((q - p - escape, p, q - 1, escape))
                p = q
                continue
            }
            if c == pipe { pipes.append(p) }
            p += 1
        }
        // Regions: an opener (its length less its escape) and the next run of that length.
        var regions: [ClosedRange<Int>] = []
        var k = 0
        while k < tics.count {
            let size = tics[k].length - tics[k].escape
            if size > 0, let match = tics[(k + 1)...].firstIndex(where: { $0.length == size }) {
                regions.append(tics[k].start...tics[match].end)
                k = match + 1
            } else {
                k += 1
            }
        }
        return pipes.filter { pipe in !regions.contains { $0.contains(pipe) } }
    }

    /// Whether a line starts a block that ends a GFM table (inside a container's body, where cmark's
    /// own top-level parse does not say): a quote, a heading, a list item, a fence, a thematic break.
    static func startsBlock(_ t: ArraySlice<UInt8>) -> Bool {
        var p = t.startIndex, spaces = 0
        while p < t.endIndex, t[p] == ASCII.space, spaces < 4 { p += 1; spaces += 1 }
        guard spaces < 4, p < t.endIndex else { return spaces >= 4 }
        let c = t[p]
        let next = p + 1 < t.endIndex ? t[p + 1] : ASCII.space
        switch c {
        case UInt8(ascii: ">"): return true
        case UInt8(ascii: "#"): return true
        case dash, UInt8(ascii: "*"), UInt8(ascii: "+"): return next == ASCII.space || next == ASCII.tab || next == c
        case UInt8(ascii: "`"), UInt8(ascii: "~"): return LineScanner.isFenceLine(t)
        default:
            var q = p
            while q < t.endIndex, ASCII.isDigit(t[q]) { q += 1 }
            return q > p && q < t.endIndex && (t[q] == UInt8(ascii: ".") || t[q] == UInt8(ascii: ")"))
        }
    }
}

extension ContainerScan {
    /// The table whose header row is `line`, if one starts there: its cells are made to read on
    /// their own in the view. Returns the line after the table.
    mutating func table(at line: Int, in lines: Range<Int>, top: Bool) -> Int? {
        guard line + 1 < lines.upperBound, !(top && topKind[line + 1] != 0) else { return nil }
        let headerText = text(line), delimiterText = text(line + 1)
        guard headerText.contains(TableScan.pipe) else { return nil }
        let header = TableScan.content(headerText), delimiter = TableScan.content(delimiterText)
        guard header.quotes == delimiter.quotes, let columns = TableScan.delimiterColumns(delimiterText[delimiter.start...]) else { return nil }
        let rule = dialect.tables
        let headerRow = headerText[header.start...]
        var border = false
        if rule == .pythonMarkdown {
            // A table starts a block there: no paragraph line right above it.
            if line > lines.lowerBound, !isBlank(line - 1) {
                let above = text(line - 1)
                guard above[TableScan.content(above).start...].first == UInt8(ascii: "#") else { return nil }
            }
            var end = headerRow.endIndex
            while end > headerRow.startIndex, headerRow[end - 1] == ASCII.space { end -= 1 }
            border = headerRow.first == TableScan.pipe || TableScan.endsWithBorder(headerRow[..<end])
        }
        let headerCells = TableScan.cells(headerRow, rule: rule, border: border)
        guard headerCells.count == columns else { return nil }
        if rule == .pythonMarkdown {
            guard columns > 1 || border else { return nil }
            let cells = TableScan.cells(delimiterText[delimiter.start...], rule: rule, border: border)
            guard cells.count == columns else { return nil }
        }
        // The rows: to a blank line, a change of quote depth, or (GFM) the start of another block.
        var end = line + 2
        while end < lines.upperBound, !isBlank(end) {
            let t = text(end)
            guard TableScan.content(t).quotes == header.quotes else { break }
            if top { if topStart[end] != 0 || topKind[end] != 0 { break } }
            else if rule == .gfm, header.quotes == 0, TableScan.startsBlock(t) { break }
            end += 1
        }
        if rule == .pythonMarkdown, columns == 1 {
            // Each row of a one-column table needs a pipe (else Python-Markdown reads no table).
            for row in (line + 2)..<end where !text(row).contains(TableScan.pipe) { return nil }
        }
        if rule == .gfm { neutralizeLead(above: line, in: lines, top: top, quotes: header.quotes) }
        for row in [line] + Array((line + 2)..<end) {
            let t = text(row)
            let cells = TableScan.cells(t[TableScan.content(t).start...], rule: rule, border: border)
            for (k, cell) in cells.enumerated() {
                if k < columns {
                    neutralize([cell])
                } else {
                    // A cell past the header's count is not rendered: nothing of it is read.
                    for offset in cell where !ASCII.isBlank(document.bytes[offset]) { substitute(offset, ASCII.space) }
                }
            }
        }
        return end
    }

    /// GFM: a table interrupts a paragraph, whose lines above the header are then one inline content
    /// of their own (reference definitions at its start are no inline content).
    private mutating func neutralizeLead(above line: Int, in lines: Range<Int>, top: Bool, quotes: Int) {
        guard quotes == 0, line > lines.lowerBound else { return }
        var first = line
        if top {
            guard topStart[line] == 0 else { return }
            while first > lines.lowerBound, topStart[first] == 0 { first -= 1 }
            // A paragraph (cmark's node type 8) the table's header ends; in a list or quote, not read.
            guard topStart[first] == 8 else { return }
        } else {
            while first > lines.lowerBound, !isBlank(first - 1), !TableScan.startsBlock(text(first - 1)) { first -= 1 }
            if first > lines.lowerBound, !isBlank(first - 1) { return }
        }
        guard first < line else { return }
        var segments: [Range<Int>] = []
        var joined: [UInt8] = []
        for k in first..<line {
            let t = text(k)
            let start = TableScan.content(t).start
            segments.append(start..<t.endIndex)
            joined += t[start...] + [ASCII.lf]
        }
        // Definitions at the paragraph's start are consumed before its inlines are read.
        var skip = ReferenceDefinitions.prefixLength(of: joined)
        while let segment = segments.first, skip >= segment.count + 1 { skip -= segment.count + 1; segments.removeFirst() }
        if skip > 0, !segments.isEmpty { segments[0] = (segments[0].lowerBound + skip)..<segments[0].upperBound }
        neutralize(segments)
    }

    /// Reads `segments` (document ranges, one inline content joined by line feeds) as the renderer
    /// reads it alone, and replaces every byte that opens a construct it does not close there.
    mutating func neutralize(_ segments: [Range<Int>]) {
        var content: [UInt8] = []
        var offsets: [Int] = []
        for (k, segment) in segments.enumerated() {
            if k > 0 { content.append(ASCII.lf); offsets.append(-1) }
            content += document.bytes[segment]
            offsets += Array(segment)
        }
        let special: (UInt8) -> Bool = { $0 == TableScan.backtick || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
        guard content.contains(where: special) else { return }
        if definedLabels == nil { definedLabels = TableScan.labels(of: document) }
        let labels = definedLabels!
        let scanner = InlineScanner(content) { labels.contains(ReferenceDefinitions.normalizeLabel($0)) }
        // Constructs the cell closes: nothing inside is touched (a link's text is read, its tail not).
        var whole: [Range<Int>] = scanner.codeSpans + scanner.html
        var linkSpans: [Range<Int>] = []
        for link in scanner.links {
            if case .autolink = link.kind { whole.append(link.opener..<link.end); continue }
            whole.append(link.closer..<link.end)
            linkSpans.append(link.opener..<link.end)
        }
        whole.sort { $0.lowerBound < $1.lowerBound }
        var w = 0, p = 0
        while p < content.count {
            while w < whole.count, whole[w].upperBound <= p { w += 1 }
            if w < whole.count, whole[w].contains(p) { p = whole[w].upperBound; continue }
            let c = content[p]
            if c == TableScan.backslash, p + 1 < content.count, InlineScanner.isPunct(content[p + 1]) { p += 2; continue }
            if special(c) {
                let inLink = (c == UInt8(ascii: "[") || c == UInt8(ascii: "]")) && linkSpans.contains { $0.contains(p) }
                if !inLink, offsets[p] >= 0 { substitute(offsets[p], TableScan.inert) }
            }
            p += 1
        }
    }

    mutating func substitute(_ offset: Int, _ byte: UInt8) {
        substitutions.append((offset, byte))
        changed = true
    }
}

extension TableScan {
    /// The labels of the document's reference definitions, normalized: every `[label]:` that opens a
    /// line (after quote markers, list markers and indentation). More than cmark defines (one in a
    /// code block counts too): a cell's `[label]` is then kept as the link it may be.
    static func labels(of document: Source) -> Set<String> {
        var labels: Set<String> = []
        for line in 0..<document.lineCount {
            let t = document.bytes[document.contentRange(line)]
            var p = content(t).start
            while p < t.endIndex, t[p] == dash || t[p] == UInt8(ascii: "*") || t[p] == UInt8(ascii: "+") || ASCII.isDigit(t[p])
                    || t[p] == UInt8(ascii: ".") || t[p] == UInt8(ascii: ")") || ASCII.isBlank(t[p]) { p += 1 }
            guard p < t.endIndex, t[p] == UInt8(ascii: "[") else { continue }
            var q = p + 1
            while q < t.endIndex, t[q] != UInt8(ascii: "]") { q += t[q] == backslash ? 2 : 1 }
            guard q + 1 < t.endIndex, t[q + 1] == colon else { continue }
            labels.insert(ReferenceDefinitions.normalizeLabel(t[(p + 1)..<q]))
        }
        return labels
    }
}
