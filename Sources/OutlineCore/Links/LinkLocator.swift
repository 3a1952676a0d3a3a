/// Where a link's destination is written, found within the block cmark says holds the link, never by
/// searching a line (format.md §9; the man page's TRUSTED REWRITES).
///
/// - An inline link's destination: the block's own bytes (container prefixes stripped, lazy lines
///   understood) are scanned as CommonMark scans inlines (`InlineScanner`), and the links found are
///   matched in order to cmark's link and image nodes of that block; their count and every local
///   destination must agree, else the block's links are not located (a refusal, not a guess).
/// - A reference link's destination: in the definition cmark used, the first one in the document with
///   the link's label, found by outline's own definition parser (`ReferenceDefinitions`) at the start
///   of a paragraph or in a paragraph of definitions only (which cmark drops from its tree: they stand
///   on lines no leaf block covers), inside block quotes and list items too. A definition inside a code
///   block is never one.
/// - An `href`: read by the attribute tokenizer from the raw HTML node itself (a tag the scanner found
///   in its paragraph, or an HTML block's lines), compared with cmark's literal.
struct LinkLocator {
    enum Located: Equatable {
        /// An inline link's destination bytes (inside `<` `>` when written so).
        case inline(Range<Int>)
        /// The destination bytes of the definition a reference link uses.
        case definition(Range<Int>)
        case failed(String)
    }

    let source: Source
    let inventory: LinkInventory

    init(_ source: Source, inventory: LinkInventory) {
        self.source = source
        self.inventory = inventory
    }

    // MARK: block contents

    /// A block's text as the inline parser sees it, and where each of its lines comes from.
    struct Content {
        var bytes: [UInt8] = []
        /// (offset in `bytes`, offset in the source) of each line's first byte.
        var lines: [(content: Int, source: Int)] = []

        /// The source range of `range`, when it lies within one line.
        func sourceRange(_ range: Range<Int>) -> Range<Int>? {
            var lo = 0, hi = lines.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if lines[mid].content <= range.lowerBound { lo = mid } else { hi = mid - 1 }
            }
            let line = lines[lo]
            let lineEnd = lo + 1 < lines.count ? lines[lo + 1].content - 1 : bytes.count
            guard range.lowerBound >= line.content, range.upperBound <= lineEnd else { return nil }
            return (line.source + range.lowerBound - line.content)..<(line.source + range.upperBound - line.content)
        }

        /// The source range from the byte at `range.lowerBound` to the byte before `range.upperBound`,
        /// which may stand on different lines (the container prefixes between them are the source's).
        func sourceSpan(_ range: Range<Int>) -> Range<Int>? {
            guard !range.isEmpty, let first = sourceRange(range.lowerBound..<(range.lowerBound + 1)),
                  let last = sourceRange((range.upperBound - 1)..<range.upperBound) else { return nil }
            return first.lowerBound..<last.upperBound
        }
    }

    /// Where line `line`'s text starts once `quotes` block quote markers and `items` list item markers
    /// are taken off (and, for paragraph text, the leading whitespace, which cmark strips).
    func strippedStart(_ line: Int, quotes: Int, items: Int = 0, whitespace: Bool) -> Int {
        let bytes = source.bytes
        let end = source.contentRange(line).upperBound
        var p = source.contentRange(line).lowerBound
        var quotes = quotes, items = items
        while true {
            let before = p
            var spaces = 0
            while p < end && (bytes[p] == ASCII.space || bytes[p] == ASCII.tab) && spaces < 4 { p += 1; spaces += 1 }
            if quotes > 0, p < end, bytes[p] == UInt8(ascii: ">"), spaces < 4 {
                p += 1
                quotes -= 1
                if p < end && bytes[p] == ASCII.space { p += 1 }
                continue
            }
            if items > 0, spaces < 4, let after = listMarkerEnd(at: p, end: end) {
                p = after
                items -= 1
                continue
            }
            p = before
            break
        }
        if whitespace { while p < end && (bytes[p] == ASCII.space || bytes[p] == ASCII.tab) { p += 1 } }
        return p
    }

    /// After a list marker (`-`, `+`, `*`, `1.`, `1)`) followed by a space, a tab or the line's end.
    private func listMarkerEnd(at start: Int, end: Int) -> Int? {
        let bytes = source.bytes
        var p = start
        guard p < end else { return nil }
        if bytes[p] == UInt8(ascii: "-") || bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "*") {
            p += 1
        } else {
            while p < end && ASCII.isDigit(bytes[p]) && p - start < 9 { p += 1 }
            guard p > start, p < end, bytes[p] == UInt8(ascii: ".") || bytes[p] == UInt8(ascii: ")") else { return nil }
            p += 1
        }
        guard p == end || bytes[p] == ASCII.space || bytes[p] == ASCII.tab else { return nil }
        return p
    }

    /// The text of a paragraph, heading or HTML block, line by line up to its end.
    func content(of block: LinkInventory.Block) -> Content {
        var content = Content()
        let bytes = source.bytes
        let first = Int(block.startLine)
        guard first < source.lineCount else { return content }
        let last = min(Int(block.lastLine), source.lineCount - 1)
        let firstStart = min(source.contentRange(first).upperBound,
                             source.lineStarts[first] + (first == 0 ? source.bomLength : 0) + Int(block.startColumn))
        let isATX = block.kind == .heading && isATXOpening(at: firstStart, end: source.contentRange(first).upperBound)
        for line in first...max(first, last) {
            let start = line == first ? firstStart : strippedStart(line, quotes: Int(block.quoteDepth), whitespace: block.kind != .html)
            let end = source.contentRange(line).upperBound
            if line > first {
                if block.kind != .html && start >= end { break }   // a blank line ends a paragraph
                if block.kind == .heading && isSetextUnderline(start..<end) { break }
                content.bytes.append(ASCII.lf)
            }
            content.lines.append((content.bytes.count, start))
            content.bytes.append(contentsOf: bytes[start..<max(start, end)])
            if isATX { break }
        }
        // cmark ends a block's last line with a line ending whether or not the file does (a definition
        // needs one after its destination).
        content.bytes.append(ASCII.lf)
        return content
    }

    private func isATXOpening(at start: Int, end: Int) -> Bool {
        let bytes = source.bytes
        var p = start
        while p < end && bytes[p] == ASCII.hash && p - start < 7 { p += 1 }
        return p > start && p - start <= 6 && (p == end || bytes[p] == ASCII.space || bytes[p] == ASCII.tab)
    }

    private func isSetextUnderline(_ range: Range<Int>) -> Bool {
        let bytes = source.bytes
        guard let first = range.first.map({ bytes[$0] }), first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return false }
        var p = range.lowerBound
        while p < range.upperBound && bytes[p] == first { p += 1 }
        while p < range.upperBound && (bytes[p] == ASCII.space || bytes[p] == ASCII.tab) { p += 1 }
        return p == range.upperBound
    }

    // MARK: reference definitions

    struct Definition {
        /// The label normalized as cmark compares labels.
        let label: String
        /// The destination's bytes in the source, and the URL cmark makes of them.
        let destination: Range<Int>
        let url: String
    }

    /// Every reference definition of the document, in document order.
    private(set) lazy var definitions: [Definition] = findDefinitions()
    /// The definition cmark uses for each label: the first.
    private(set) lazy var definitionByLabel: [String: Int] = {
        var first: [String: Int] = [:]
        for (k, d) in definitions.enumerated() where first[d.label] == nil { first[d.label] = k }
        return first
    }()

    private func findDefinitions() -> [Definition] {
        var found: [(offset: Int, definition: Definition)] = []
        func take(_ content: Content) {
            for d in ReferenceDefinitions.definitions(in: content.bytes) {
                guard let range = content.sourceRange(d.destination) else { continue }
                found.append((range.lowerBound, Definition(label: ReferenceDefinitions.normalizeLabel(content.bytes[d.label]), destination: range,
                                                           url: LinkLocator.cleanURL(content.bytes[d.destination]))))
            }
        }
        // At the start of the paragraphs cmark kept (most do not start with `[`: their text is not
        // gathered at all).
        // A setext heading after definitions starts, for cmark, at the first definition.
        for block in inventory.blocks where block.kind == .paragraph || block.kind == .heading {
            let line = Int(block.startLine)
            guard line < source.lineCount else { continue }
            let at = source.lineStarts[line] + (line == 0 ? source.bomLength : 0) + Int(block.startColumn)
            guard at < source.bytes.count, source.bytes[at] == UInt8(ascii: "[") else { continue }
            take(self.content(of: block))
        }
        // In the paragraphs of definitions only, which cmark dropped: runs of non-blank lines that no leaf
        // block covers.
        let count = source.lineCount
        var covered = [Bool](repeating: false, count: count)
        for range in inventory.layout.leaves {
            let lo = max(0, Int(range.lowerBound)), hi = min(count - 1, Int(range.upperBound))
            if lo <= hi { for line in lo...hi { covered[line] = true } }
        }
        var quotesOn = [Int32](repeating: 0, count: count + 1)
        for range in inventory.layout.quotes {
            let lo = max(0, Int(range.lowerBound)), hi = min(count - 1, Int(range.upperBound))
            if lo <= hi { quotesOn[lo] += 1; quotesOn[hi + 1] -= 1 }
        }
        var depth: Int32 = 0
        for line in 0..<count { depth += quotesOn[line]; quotesOn[line] = depth }
        var itemsOn: [Int: Int] = [:]
        for line in inventory.layout.itemStarts { itemsOn[Int(line), default: 0] += 1 }
        var run = Content()
        func flush() {
            if !run.bytes.isEmpty, run.bytes.first == UInt8(ascii: "[") { run.bytes.append(ASCII.lf); take(run) }
            run = Content()
        }
        for line in 0..<count {
            guard !covered[line] else { flush(); continue }
            let start = strippedStart(line, quotes: Int(quotesOn[line]), items: itemsOn[line] ?? 0, whitespace: true)
            let end = source.contentRange(line).upperBound
            guard start < end else { flush(); continue }
            if !run.lines.isEmpty { run.bytes.append(ASCII.lf) }
            run.lines.append((run.bytes.count, start))
            run.bytes.append(contentsOf: source.bytes[start..<end])
        }
        flush()
        return found.sorted { $0.offset < $1.offset }.map(\.definition)
    }



    /// The URL cmark stores for a destination as written (`cmark_clean_url`): entities decoded, then
    /// backslash escapes of punctuation removed.
    static func cleanURL(_ bytes: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "&"), let (scalar, end) = entity(bytes, at: i) {
                decoded.append(contentsOf: String(Character(scalar)).utf8)
                i = end
            } else {
                decoded.append(bytes[i])
                i += 1
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(decoded.count)
        var k = 0
        while k < decoded.count {
            if decoded[k] == UInt8(ascii: "\\"), k + 1 < decoded.count, InlineScanner.isPunct(decoded[k + 1]) {
                out.append(decoded[k + 1])
                k += 2
            } else {
                out.append(decoded[k])
                k += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A character reference at `i` (`&#123;`, `&#x7B;`, and the named ones destinations use): the
    /// character and the end after `;`. Any other name is left as written, and a destination holding
    /// one will not match cmark's (its link is then not located: a refusal, never a wrong edit).
    private static func entity(_ b: ArraySlice<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var p = start + 1
        guard p < b.endIndex else { return nil }
        if b[p] == UInt8(ascii: "#") {
            p += 1
            var hex = false
            if p < b.endIndex && (b[p] | 0x20) == UInt8(ascii: "x") { hex = true; p += 1 }
            var value: UInt32 = 0, digits = 0
            while p < b.endIndex, digits < (hex ? 6 : 7) {
                let c = b[p]
                let digit: UInt32
                if ASCII.isDigit(c) { digit = UInt32(c - 48) }
                else if hex && (c | 0x20) >= 97 && (c | 0x20) <= 102 { digit = UInt32((c | 0x20) - 87) }
                else { break }
                value = value * (hex ? 16 : 10) + digit
                digits += 1
                p += 1
            }
            guard digits > 0, p < b.endIndex, b[p] == UInt8(ascii: ";") else { return nil }
            let scalar = value == 0 ? Unicode.Scalar(0xFFFD)! : (Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD)!)
            return (scalar, p + 1)
        }
        for (name, scalar) in namedEntities {
            let n = Array(name.utf8)
            if p + n.count < b.endIndex, b[p..<(p + n.count)].elementsEqual(n), b[p + n.count] == UInt8(ascii: ";") {
                return (scalar, p + n.count + 1)
            }
        }
        return nil
    }

    /// The named references destinations use: the five of XML and HTML's Latin-1 set (U+00A0 to
    /// U+00FF, in order). Any other name is left as written (see `entity`).
    private static let namedEntities: [(String, Unicode.Scalar)] = {
        var names: [(String, Unicode.Scalar)] = [("amp", "&"), ("lt", "<"), ("gt", ">"), ("quot", "\""), ("apos", "'")]
        let latin1 = "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml"
        for (k, name) in latin1.split(separator: " ").enumerated() { names.append((String(name), Unicode.Scalar(UInt32(0xA0 + k))!)) }
        return names
    }()

    // MARK: links

    /// Scanned blocks, by index in `inventory.blocks`.
    private var scanned: [Int: (content: Content, scan: InlineScanner)] = [:]

    private mutating func scan(_ index: Int) -> (content: Content, scan: InlineScanner) {
        if let done = scanned[index] { return done }
        let block = inventory.blocks[index]
        let content = self.content(of: block)
        // A paragraph's leading definitions are not inline text.
        let start = block.kind != .html ? ReferenceDefinitions.prefixLength(of: content.bytes) : 0
        let byLabel = definitionByLabel
        let scan = InlineScanner(content.bytes, from: start) { label in
            byLabel[ReferenceDefinitions.normalizeLabel(label)] != nil
        }
        scanned[index] = (content, scan)
        return (content, scan)
    }

    /// Where the destination of `link` (an entry of `inventory.links`) is written.
    mutating func locate(_ link: LinkInventory.Link) -> Located {
        guard link.block >= 0, Int(link.block) < inventory.blocks.count else { return .failed("outline cannot tell which block holds it") }
        let block = inventory.blocks[Int(link.block)]
        let (content, scan) = self.scan(Int(link.block))
        guard scan.links.count == Int(block.linkCount), Int(link.ordinal) < scan.links.count else {
            return .failed("outline reads \(scan.links.count) link\(scan.links.count == 1 ? "" : "s") in its paragraph where cmark reads \(block.linkCount)")
        }
        let found = scan.links[Int(link.ordinal)]
        guard found.isImage == link.isImage else { return .failed("outline and cmark disagree on its paragraph's links") }
        switch found.kind {
        case .inline(let destination):
            guard LinkLocator.cleanURL(content.bytes[destination]) == link.destination else {
                return .failed("its destination is written in a way outline does not read the way cmark does")
            }
            guard let range = content.sourceRange(destination) else { return .failed("its destination spans lines") }
            return .inline(range)
        case .autolink:
            return .failed("outline and cmark disagree on its paragraph's links (an autolink stands where it is)")
        case .reference(let label):
            guard let k = definitionByLabel[ReferenceDefinitions.normalizeLabel(content.bytes[label])] else {
                return .failed("outline cannot find the definition of its label")
            }
            let definition = definitions[k]
            guard definition.url == link.destination else {
                return .failed("its definition is written in a way outline does not read the way cmark does")
            }
            return .definition(definition.destination)
        }
    }

    /// Where a reference link (`[text][label]`, `[label][]`, `[label]`, an image's `!` included) is
    /// written in its block, from its opener to its last `]`: for the editor, where a position means
    /// the link whose destination stands in a definition elsewhere. nil for any other link, or one
    /// the locator cannot place.
    mutating func usage(of link: LinkInventory.Link) -> Range<Int>? {
        guard case .definition = locate(link) else { return nil }
        let (content, scan) = self.scan(Int(link.block))
        let found = scan.links[Int(link.ordinal)]
        guard case .reference = found.kind else { return nil }
        return content.sourceSpan(found.opener..<found.end)
    }

    /// The attributes of a raw HTML node (an entry of `inventory.html`), with where each value is
    /// written; nil when outline's reading of the bytes and cmark's literal disagree.
    mutating func attributes(of html: LinkInventory.HTML) -> [(attribute: HTMLAttributes.Attribute, value: Range<Int>)]? {
        guard html.block >= 0, Int(html.block) < inventory.blocks.count else { return nil }
        let block = inventory.blocks[Int(html.block)]
        let content: Content
        let range: Range<Int>
        if block.kind == .html {
            content = self.content(of: block)
            range = 0..<content.bytes.count
        } else {
            let scanned = scan(Int(html.block))
            guard html.ordinal >= 0, Int(html.ordinal) < scanned.scan.html.count else { return nil }
            content = scanned.content
            range = scanned.scan.html[Int(html.ordinal)]
        }
        let ours = HTMLAttributes.scanWithRanges(Array(content.bytes[range]))
        let theirs = HTMLAttributes.scan(html.literal)
        guard ours.map(\.attribute.name) == theirs.map(\.name), ours.map(\.attribute.value) == theirs.map(\.value) else { return nil }
        var located: [(HTMLAttributes.Attribute, Range<Int>)] = []
        for (_, value) in ours {
            let shifted = (value.lowerBound + range.lowerBound)..<(value.upperBound + range.lowerBound)
            guard let inSource = content.sourceRange(shifted) else { return nil }
            located.append((theirs[located.count], inSource))
        }
        return located
    }
}
