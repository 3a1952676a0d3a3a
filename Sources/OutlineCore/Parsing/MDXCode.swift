/// The JavaScript of an MDX file (format.md §16), read as micromark-extension-mdxjs-esm and
/// micromark-extension-mdx-expression read it: an ESM block is a line starting `import ` or
/// `export ` where no paragraph is open, running to the first blank line after which what it opened
/// is closed (a string, a template literal, a comment, a bracket); an expression runs from `{` to
/// the brace that closes it, strings, template literals (and their `${…}`), comments, regular
/// expressions and JSX (`<li>{x}</li>`, whose text holds no strings) skipped. Outside them the
/// reader knows fenced code (`LineScanner`), code spans, escapes and JSX tags (whose attribute
/// values may be expressions). Code is opaque: nothing inside it is a heading, a link or an anchor,
/// and no edit may fall inside it (`Verification`). One pass with an explicit stack; JavaScript
/// nested deeper than `Nesting.limit` is read as text past it, and `tooDeep` says where.
enum MDXCode {
    enum Kind: Equatable { case esm, expression }

    struct Region: Equatable {
        /// From the `{` (or the `i` of `import`) to after the closing `}` (or the block's last byte).
        let range: Range<Int>
        let kind: Kind
        /// Starts its line (at most three spaces in) and ends it: a block of its own, as MDX reads
        /// an ESM block or a flow expression.
        let flow: Bool
        /// One of outline's own lines (`{/* outline:… */}`), which is no code.
        let outlineLine: Bool
    }

    /// The code regions of `source` (lines before `hiddenLines`, front matter, left out) and the
    /// 1-based line of the first opener past `Nesting.limit`.
    static func read(_ source: Source, hiddenLines: Int = 0) -> (regions: [Region], tooDeep: Int?) {
        var reader = MDXReader(source)
        reader.run(from: hiddenLines)
        return (reader.regions, reader.tooDeep)
    }

    /// The bytes cmark is given for an MDX file, at the same offsets: outline's lines shown as the
    /// blocks of their own MDX reads them as (`MDXComments`), each ESM block and flow expression as
    /// an HTML block of the same lines whose text is `x`s (cmark's processing instruction `<?…?>`,
    /// or `<!x…>`), every other expression's bytes `x`s where it runs over lines, else its `[`,
    /// `]`, `<`, `>` and backticks (an expression on a heading's line is left as it is: it is part
    /// of the title). nil when the file holds no expression.
    static func masked(_ source: Source, hiddenLines: Int = 0) -> (source: Source?, tooDeep: Int?) {
        let (regions, tooDeep) = read(source, hiddenLines: hiddenLines)
        guard !regions.isEmpty else { return (nil, tooDeep) }
        var out = source.bytes
        let x = UInt8(ascii: "x")
        func fill(_ range: Range<Int>) {
            for p in range where out[p] != ASCII.lf && out[p] != ASCII.cr { out[p] = x }
        }
        for region in regions {
            let start = region.range.lowerBound, end = region.range.upperBound
            let firstLine = source.line(containing: start), lastLine = source.line(containing: max(start, end - 1))
            if region.outlineLine {
                out[start] = UInt8(ascii: "<"); out[start + 1] = UInt8(ascii: "?"); out[start + 2] = ASCII.space
                if end - start >= 6, source.bytes.has(MDXComments.close, at: end - 3, end: end) {
                    out[end - 3] = ASCII.space; out[end - 2] = UInt8(ascii: "?"); out[end - 1] = UInt8(ascii: ">")
                }
                continue
            }
            let onFirst = source.contentRange(firstLine).upperBound - start
            let onLast = end - max(start, source.contentRange(lastLine).lowerBound)
            if region.flow && end - start >= 4 && onFirst >= 2 && onLast >= 2 {
                fill((start + 2)..<(end - 2))
                out[start] = UInt8(ascii: "<"); out[start + 1] = UInt8(ascii: "?")
                out[end - 2] = UInt8(ascii: "?"); out[end - 1] = UInt8(ascii: ">")
            } else if region.flow && end - start >= 4 && onFirst >= 3 {
                fill((start + 3)..<(end - 1))
                out[start] = UInt8(ascii: "<"); out[start + 1] = UInt8(ascii: "!"); out[start + 2] = x
                out[end - 1] = UInt8(ascii: ">")
            } else if firstLine != lastLine {
                fill((start + 1)..<max(start + 1, end - 1))
            } else if !MDXCode.isHeading(source, line: firstLine) {
                for p in (start + 1)..<max(start + 1, end - 1) where MDXCode.markup.contains(out[p]) { out[p] = x }
            }
        }
        return (Source(out), tooDeep)
    }

    /// The offset of the first edit (of `edits`, sorted) that writes into a code region of `source`
    /// without taking it whole; nil when none does. Outline's own lines are no code.
    static func editInside(_ source: Source, hiddenLines: Int, edits: [Range<Int>]) -> Int? {
        let regions = read(source, hiddenLines: hiddenLines).regions.filter { !$0.outlineLine }.map(\.range)
        guard !regions.isEmpty else { return nil }
        for edit in edits {
            // The first region ending after the edit's start.
            var lo = 0, hi = regions.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if regions[mid].upperBound <= edit.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            var k = lo
            while k < regions.count, regions[k].lowerBound < max(edit.upperBound, edit.lowerBound + 1) {
                let region = regions[k]
                let inside = edit.isEmpty ? region.lowerBound < edit.lowerBound : !(edit.lowerBound <= region.lowerBound && region.upperBound <= edit.upperBound)
                if inside { return max(edit.lowerBound, region.lowerBound) }
                k += 1
            }
        }
        return nil
    }

    /// What starts a link, raw HTML or a code span to cmark.
    static let markup: Set<UInt8> = [UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`")]

    /// Whether the line is a heading's: ATX, or a setext heading's text line.
    static func isHeading(_ source: Source, line: Int) -> Bool {
        if ATXLine(source, line: line) != nil { return true }
        return line + 1 < source.lineCount && Document.isSetextUnderline(source.content(line + 1))
    }
}

/// The reader behind `MDXCode.read`.
private struct MDXReader {
    let source: Source
    let b: [UInt8]
    var regions: [MDXCode.Region] = []
    var tooDeep: Int? = nil

    init(_ source: Source) {
        self.source = source
        b = source.bytes
    }

    private func peek(_ p: Int) -> UInt8? { p < b.count ? b[p] : nil }
    private static func isBreak(_ c: UInt8) -> Bool { c == ASCII.lf || c == ASCII.cr }
    private static func isLetter(_ c: UInt8?) -> Bool { c.map { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 } ?? false }
    private static func isName(_ c: UInt8) -> Bool { ASCII.isWordByte(c) || c == UInt8(ascii: "$") }

    // MARK: Markdown

    mutating func run(from hiddenLines: Int) {
        var fences = LineScanner.Fences()
        var line = hiddenLines
        // ESM cannot interrupt a paragraph: it starts the file, or follows a blank line, a
        // heading, fenced code or a block of JavaScript.
        var mayStartESM = true
        while line < source.lineCount {
            let content = source.contentRange(line)
            let text = b[content]
            if fences.open != nil {
                if fences.read(text) == .closing { mayStartESM = true }
                line += 1
                continue
            }
            if text.allSatisfy(ASCII.isBlank) { mayStartESM = true; line += 1; continue }
            if mayStartESM, text.starts(with: Array("import ".utf8)) || text.starts(with: Array("export ".utf8)) {
                let end = javascript(from: content.lowerBound, esm: true)
                regions.append(.init(range: content.lowerBound..<end, kind: .esm, flow: true, outlineLine: false))
                line = source.line(containing: max(content.lowerBound, end - 1)) + 1
                continue
            }
            if case .opening = fences.read(text) { line += 1; continue }
            let (last, endsInFlow) = inline(from: content.lowerBound, line: line)
            mayStartESM = endsInFlow || ATXLine(source, line: line) != nil
            line = last + 1
        }
    }

    /// A line's text from `p` (and the lines an expression or a tag carries it onto): expressions,
    /// code spans, escapes and JSX tags. Returns the last line read, and whether it ended with a
    /// flow expression.
    private mutating func inline(from start: Int, line first: Int) -> (last: Int, endsInFlow: Bool) {
        var line = first
        var end = source.contentRange(line).upperBound
        var p = start
        var endsInFlow = false
        var spans = CodeSpans()
        while p < end {
            let c = b[p]
            if c == UInt8(ascii: "`") {
                p = spans.skip(from: p, in: b, lineEnd: end)
                continue
            }
            if c == UInt8(ascii: "\\") { p += 2; continue }
            let opensTag = c == UInt8(ascii: "<") && (MDXReader.isLetter(peek(p + 1)) || peek(p + 1) == UInt8(ascii: "/") || peek(p + 1) == UInt8(ascii: ">"))
            guard c == UInt8(ascii: "{") || opensTag else { p += 1; endsInFlow = endsInFlow && ASCII.isBlank(c); continue }
            let after = c == UInt8(ascii: "{") ? expression(at: p) : tag(at: p)
            let last = source.line(containing: max(p, after - 1))
            if last != line {
                line = last
                end = source.contentRange(line).upperBound
                spans = CodeSpans()
            }
            endsInFlow = c == UInt8(ascii: "{") && regions.last?.flow == true
            p = after
        }
        return (line, endsInFlow)
    }

    /// The expression opened at `p`: recorded, and where it ends.
    private mutating func expression(at p: Int) -> Int {
        let end = javascript(from: p, esm: false)
        let firstLine = source.line(containing: p)
        let lineStart = source.contentRange(firstLine).lowerBound
        let indent = p - lineStart
        let startsLine = b[lineStart..<p].allSatisfy(ASCII.isBlank)
        let lastLine = source.line(containing: max(p, end - 1))
        let endsLine = b[end..<max(end, source.contentRange(lastLine).upperBound)].allSatisfy(ASCII.isBlank)
        let outline = startsLine && indent <= 3 && MDXComments.isOutlineComment(b, at: p, end: source.contentRange(firstLine).upperBound)
        regions.append(.init(range: p..<end, kind: .expression, flow: startsLine && indent <= 3 && endsLine, outlineLine: outline))
        return end
    }

    /// A JSX tag in the text, from its `<` to after its `>` (or the blank line it cannot cross):
    /// its attributes' expressions recorded.
    private mutating func tag(at p: Int) -> Int {
        var i = p + 1
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: ">") { return i + 1 }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { i = skipQuoted(i, escapes: false, oneLine: false); continue }
            if c == UInt8(ascii: "{") { i = expression(at: i); continue }
            if MDXReader.isBreak(c) {
                var q = i + 1
                if c == ASCII.cr && peek(q) == ASCII.lf { q += 1 }
                var r = q
                while r < b.count, ASCII.isBlank(b[r]) { r += 1 }
                if r >= b.count || MDXReader.isBreak(b[r]) { return i }
                i = q
                continue
            }
            i += 1
        }
        return b.count
    }

    // MARK: JavaScript

    private enum Context: Equatable {
        /// Inside `{`, `(` or `[`, to this closer.
        case code(UInt8)
        case template
        /// A JSX tag (`</x>` when closing).
        case tag(closing: Bool)
        /// A JSX element's children.
        case children
    }

    /// Where the JavaScript starting at `start` ends: after the `}` closing the expression opened
    /// there, or (`esm`) at the end of the line before the first blank line where nothing is open.
    mutating func javascript(from start: Int, esm: Bool) -> Int {
        var stack: [Context] = []
        var i = start
        if !esm { stack.append(.code(UInt8(ascii: "}"))); i += 1 }
        // The last significant byte of code: whether a `/` starts a regular expression and a `<` a
        // JSX element ('(' where an operand is expected, 'a' after one).
        var previous = UInt8(ascii: "(")
        func push(_ context: Context, at p: Int) -> Bool {
            guard stack.count < Nesting.limit else {
                if tooDeep == nil { tooDeep = source.line(containing: p) + 1 }
                return false
            }
            stack.append(context)
            return true
        }
        while i < b.count {
            let c = b[i]
            switch stack.last {
            case .template?:
                if c == UInt8(ascii: "`") { stack.removeLast(); previous = UInt8(ascii: "a"); i += 1 }
                else if c == UInt8(ascii: "\\") { i += 2 }
                else if c == UInt8(ascii: "$") && peek(i + 1) == UInt8(ascii: "{") { if push(.code(UInt8(ascii: "}")), at: i) { previous = UInt8(ascii: "(") }; i += 2 }
                else { i += 1 }
            case .tag(let closing)?:
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { i = skipQuoted(i, escapes: false, oneLine: false) }
                else if c == UInt8(ascii: "{") { if push(.code(UInt8(ascii: "}")), at: i) { previous = UInt8(ascii: "(") }; i += 1 }
                else if c == UInt8(ascii: "/") && peek(i + 1) == UInt8(ascii: ">") { stack.removeLast(); previous = UInt8(ascii: "a"); i += 2 }
                else if c == UInt8(ascii: ">") {
                    stack.removeLast()
                    i += 1
                    if closing {
                        if stack.last == .children { stack.removeLast() }
                        previous = UInt8(ascii: "a")
                    } else {
                        _ = push(.children, at: i)
                    }
                } else { i += 1 }
            case .children?:
                if c == UInt8(ascii: "{") { if push(.code(UInt8(ascii: "}")), at: i) { previous = UInt8(ascii: "(") }; i += 1 }
                else if c == UInt8(ascii: "<") && peek(i + 1) == UInt8(ascii: "/") { _ = push(.tag(closing: true), at: i); i += 2 }
                else if c == UInt8(ascii: "<") && (MDXReader.isLetter(peek(i + 1)) || peek(i + 1) == UInt8(ascii: ">")) { _ = push(.tag(closing: false), at: i); i += 1 }
                else { i += 1 }
            case .code?, nil:
                if MDXReader.isBreak(c) {
                    let lineEnd = i
                    i += c == ASCII.cr && peek(i + 1) == ASCII.lf ? 2 : 1
                    guard esm && stack.isEmpty else { continue }
                    var r = i
                    while r < b.count, ASCII.isBlank(b[r]) { r += 1 }
                    if r >= b.count || MDXReader.isBreak(b[r]) { return lineEnd }
                    continue
                }
                if ASCII.isBlank(c) { i += 1; continue }
                if c == UInt8(ascii: "/") && peek(i + 1) == UInt8(ascii: "/") {
                    while i < b.count, !MDXReader.isBreak(b[i]) { i += 1 }
                    continue
                }
                if c == UInt8(ascii: "/") && peek(i + 1) == UInt8(ascii: "*") {
                    i += 2
                    while i < b.count, !(b[i] == UInt8(ascii: "*") && peek(i + 1) == UInt8(ascii: "/")) { i += 1 }
                    i = min(b.count, i + 2)
                    continue
                }
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { i = skipQuoted(i, escapes: true, oneLine: true); previous = UInt8(ascii: "a"); continue }
                if c == UInt8(ascii: "`") { _ = push(.template, at: i); i += 1; continue }
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                    let closer = c == UInt8(ascii: "{") ? UInt8(ascii: "}") : c == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
                    _ = push(.code(closer), at: i)
                    previous = UInt8(ascii: "(")
                    i += 1
                    continue
                }
                if c == UInt8(ascii: "}") || c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
                    // The nearest bracket of code it closes (never past a template or JSX).
                    var k = stack.count - 1
                    while k >= 0, case .code(let closer) = stack[k], closer != c { k -= 1 }
                    if k >= 0, stack[k] == .code(c) {
                        stack.removeSubrange(k...)
                        if !esm && stack.isEmpty { return i + 1 }
                    }
                    previous = UInt8(ascii: "a")
                    i += 1
                    continue
                }
                let operand = MDXReader.expectsOperand(previous)
                if c == UInt8(ascii: "/") && operand { i = skipRegex(i); previous = UInt8(ascii: "a"); continue }
                if c == UInt8(ascii: "<") && operand && (MDXReader.isLetter(peek(i + 1)) || peek(i + 1) == UInt8(ascii: ">")) {
                    _ = push(.tag(closing: false), at: i)
                    i += 1
                    continue
                }
                if MDXReader.isName(c) {
                    let s = i
                    while i < b.count, MDXReader.isName(b[i]) { i += 1 }
                    // After these words an operand comes (`return <div/>`, `return /x/`).
                    let word = String(decoding: b[s..<i], as: UTF8.self)
                    previous = ["return", "yield", "await", "typeof", "case", "do", "else", "in", "of", "new", "void", "delete", "throw"].contains(word) ? UInt8(ascii: "(") : UInt8(ascii: "a")
                    continue
                }
                previous = c
                i += 1
            }
        }
        return b.count
    }

    /// Whether an operand, not an operator, comes after this byte.
    private static func expectsOperand(_ previous: UInt8) -> Bool { "(,=:[!&|?{};+-*%<>~^".utf8.contains(previous) }

    /// A string from its quote to after the closing one (or to the line's end, `oneLine`).
    private func skipQuoted(_ p: Int, escapes: Bool, oneLine: Bool) -> Int {
        let quote = b[p]
        var i = p + 1
        while i < b.count {
            let c = b[i]
            if c == quote { return i + 1 }
            if oneLine && MDXReader.isBreak(c) { return i }
            i += escapes && c == UInt8(ascii: "\\") ? 2 : 1
        }
        return b.count
    }

    /// A regular expression literal, from its `/` to after its flags (or the line's end).
    private func skipRegex(_ p: Int) -> Int {
        var i = p + 1
        var inClass = false
        while i < b.count, !MDXReader.isBreak(b[i]) {
            let d = b[i]
            i += 1
            if d == UInt8(ascii: "\\") { i += 1; continue }
            if d == UInt8(ascii: "[") { inClass = true } else if d == UInt8(ascii: "]") { inClass = false }
            else if d == UInt8(ascii: "/") && !inClass { break }
        }
        while i < b.count, MDXReader.isName(b[i]) { i += 1 }
        return min(i, b.count)
    }
}

/// The code spans of one line of Markdown, read once: each backtick run and the next run of the same
/// length on the line, which closes it (a run without one is literal backticks).
private struct CodeSpans {
    private var closing: [Int: Int]? = nil

    /// From the run at `p`, where the text goes on: after the span it opens, or after the run.
    mutating func skip(from p: Int, in b: [UInt8], lineEnd: Int) -> Int {
        if closing == nil {
            // From the end of the line: the nearest later run of each length.
            var runs: [(start: Int, length: Int)] = []
            var i = p
            while i < lineEnd {
                guard b[i] == UInt8(ascii: "`") else { i += 1; continue }
                let s = i
                while i < lineEnd, b[i] == UInt8(ascii: "`") { i += 1 }
                runs.append((s, i - s))
            }
            var later: [Int: Int] = [:], found: [Int: Int] = [:]
            for run in runs.reversed() {
                if let end = later[run.length] { found[run.start] = end }
                later[run.length] = run.start + run.length
            }
            closing = found
        }
        var end = p
        while end < lineEnd, b[end] == UInt8(ascii: "`") { end += 1 }
        return closing?[p] ?? end
    }
}
