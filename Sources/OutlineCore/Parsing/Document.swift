/// ATX (`## Title`) or setext (`Title` + `===`/`---`).
public enum HeadingStyle: Sendable { case atx, setext }

/// A heading that is a direct child of the document, with its extent taken from the source.
///
/// Stored in 32 bits per line and offset (a document is under 2 GiB, see `Document.maximumSize`): a
/// document may have a million headings, and every section holds its heading (48 bytes, not 88).
public struct Heading: Sendable {
    private let storedLevel: UInt8
    public let style: HeadingStyle
    private let storedFirstLine: Int32
    private let storedBlockStartLine: Int32
    private let storedLastLine: Int32
    private let storedOpeningEnd: Int32
    private let storedContentStart: Int32
    private let storedContentEnd: Int32
    /// Plain text as cmark reads it (number prefix and `{#id}` attribute still in it); invalid UTF-8
    /// shows as U+FFFD.
    public let text: String

    public var level: Int { Int(storedLevel) }
    /// 0-based first line: the `#` line, or a setext heading's first text line (after any link
    /// reference definitions cmark counted into it).
    public var firstLine: Int { Int(storedFirstLine) }
    /// 0-based line where cmark's block starts: `firstLine`, or for a setext heading that follows link
    /// reference definitions in the same paragraph, the first definition's line. Those definition lines
    /// hold the paragraph open: a heading's text line after them alone may start another kind of block
    /// (`<x>`, an indented line, `2. x`), so nothing may be cut out between them and the heading.
    public var blockStartLine: Int { Int(storedBlockStartLine) }
    /// 0-based last line: the same line for ATX, the underline for setext.
    public var lastLine: Int { Int(storedLastLine) }
    /// ATX only: offset right after the opening `#` run.
    public var openingEnd: Int? { storedOpeningEnd < 0 ? nil : Int(storedOpeningEnd) }
    /// Offset of the first byte of the heading's text (on the first text line for setext).
    public var contentStart: Int { Int(storedContentStart) }
    /// End of the heading's text on that line (before an ATX closing sequence and trailing blanks).
    public var contentEnd: Int { Int(storedContentEnd) }

    init(level: Int, style: HeadingStyle, firstLine: Int, blockStartLine: Int, lastLine: Int, text: String,
         openingEnd: Int?, contentStart: Int, contentEnd: Int) {
        storedLevel = UInt8(level)
        self.style = style
        storedFirstLine = Int32(firstLine)
        storedBlockStartLine = Int32(blockStartLine)
        storedLastLine = Int32(lastLine)
        storedOpeningEnd = openingEnd.map { Int32($0) } ?? -1
        storedContentStart = Int32(contentStart)
        storedContentEnd = Int32(contentEnd)
        self.text = text
    }
}

/// How a document writes bullet lists: the bullet character, and how far a nested list is indented
/// under its item (nil when the first list nests none).
public struct ListStyle: Sendable, Equatable {
    public let bullet: UInt8
    public let indent: Int?
}

/// A parsed input: its bytes and lines, front matter, top-level headings and outline's own lines.
public struct Document: Sendable {
    public let source: Source
    /// Lines of front matter at the top (0 when none).
    public let frontMatterLineCount: Int
    public let headings: [Heading]
    /// Anchor records (valid or malformed), wherever they stand.
    public let records: [RecordLine]
    public let markers: [FoldMarker]
    public let malformedMarkers: [MalformedMarker]
    /// Table-of-contents markers (opening and end), in document order.
    public let tocMarkers: [TOCMarker]
    /// Translated pages' records (format.md §17), wherever they stand, in document order.
    public let pageRecords: [PageRecord]
    /// The bullet character and nesting indentation of the document's first bullet list (cmark's
    /// reading), for a table of contents that follows the document's style; nil when it has none.
    public let listStyle: ListStyle?
    /// What links need (every heading's text, destinations, raw HTML); nil unless asked for. With a
    /// `linkView`, taken from the view's parse: what the site's generator reads.
    public let links: LinkInventory?
    /// How the document was read (format.md §16).
    public let dialect: Dialect
    /// The text the site's generator reads as Markdown where cmark reads code or HTML, when the
    /// dialect has such containers and the document holds one (links were asked for).
    public let linkView: LinkView?
    /// The 1-based line of the first opener nested deeper than `Nesting.limit` (a container of the
    /// site's, MDX's JavaScript), read as text (format.md §11); nil when there is none.
    public let nestingTooDeep: Int?
    /// Every top-level block's start line and cmark type (see `CommonMarkBlocks.blockStarts`).
    let blockStarts: [UInt64]
    /// How a parse verifying a rewrite of this document treats the parse arena's pages.
    let verificationMemory: ParserMemory

    /// Parses `bytes`; throws a `.binaryInput` error for input with NUL bytes, a `.parser` error when
    /// libcmark cannot parse at all.
    public init(_ bytes: [UInt8], links: Bool = false) throws {
        try self.init(source: Source(bytes), parserMemory: .keepForNextDocument, links: links)
    }

    init(_ bytes: [UInt8], parserMemory: ParserMemory, links: Bool = false, fingerprints: Bool = false, lean: Bool = false,
         dialect: Dialect = .commonMark) throws {
        try self.init(source: Source(bytes), parserMemory: parserMemory, links: links, fingerprints: fingerprints, lean: lean, dialect: dialect)
    }

    /// The largest input outline reads: cmark counts bytes and lines in 32 bits, and so do outline's
    /// blocks and headings. (Its model takes about ten times the input: such a document is rare.)
    public static let maximumSize = Int(Int32.max)

    /// Throws a `.file` error for an input of more than `maximumSize` bytes.
    static func checkSize(_ count: Int) throws {
        guard count <= maximumSize else {
            throw Diagnostic.error(.file, "file too large: \(count) bytes; outline reads documents of at most \(maximumSize) bytes (2 GiB)")
        }
    }

    /// `lean`: an inventory of destinations and raw HTML only (see `CommonMark.takeInventory`).
    /// `fingerprintLines`: with `fingerprints`, only the top-level blocks starting on these lines are hashed.
    init(source: Source, parserMemory: ParserMemory, links: Bool = false, fingerprints: Bool = false, fingerprintLines: [Range<Int>]? = nil,
         lean: Bool = false, dialect: Dialect = .commonMark) throws {
        try Document.checkSize(source.bytes.count)
        guard !source.containsNUL else { throw Diagnostic.error(.binaryInput, "binary file (contains NUL bytes)") }
        self.source = source
        let frontMatter = FrontMatter.lineCount(in: source)
        self.frontMatterLineCount = frontMatter
        var headings: [Heading] = []
        var records: [RecordLine] = []
        var markers: [FoldMarker] = []
        var malformed: [MalformedMarker] = []
        var tocMarkers: [TOCMarker] = []
        var pageRecords: [PageRecord] = []
        var listStyle: ListStyle? = nil
        var inventory = LinkInventory()
        // MDX: cmark is shown outline's `{/* … */}` lines as the blocks of their own that MDX reads
        // them as (`MDXComments`), and the file's JavaScript as text that holds no heading, link or
        // anchor (`MDXCode`), at the same offsets.
        let mdx: (source: Source?, tooDeep: Int?) = dialect.mdx ? MDXCode.masked(source, hiddenLines: frontMatter) : (nil, nil)
        let cmarkSource = mdx.source ?? source
        let parsed = try withUnsafeMutablePointer(to: &inventory) { pointer in
            try CommonMark.topLevelBlocks(of: cmarkSource, hiddenLines: frontMatter, parserMemory: parserMemory,
                                          inventory: links || fingerprints ? pointer : nil, blockStarts: true, fingerprints: fingerprints,
                                          fingerprintLines: fingerprintLines, lean: lean)
        }
        self.dialect = dialect
        // A site's containers: what links need comes from the view, parsed as cmark parses any
        // document (the view's lines are the document's).
        var view = links || fingerprints ? LinkView.make(source, dialect: dialect, blockStarts: parsed.blockStarts, hiddenLines: frontMatter) : nil
        if view != nil {
            var viewInventory = LinkInventory()
            let viewParse = try withUnsafeMutablePointer(to: &viewInventory) { pointer in
                try CommonMark.topLevelBlocks(of: view!.source, hiddenLines: frontMatter, parserMemory: parserMemory, inventory: pointer,
                                              blockStarts: true, fingerprints: fingerprints, fingerprintLines: fingerprintLines, lean: lean)
            }
            view!.blockStarts = viewParse.blockStarts
            inventory = viewInventory
        }
        self.linkView = view
        self.nestingTooDeep = [mdx.tooDeep, view?.tooDeep].compactMap { $0 }.min()
        self.links = links || fingerprints ? inventory : nil
        self.blockStarts = parsed.blockStarts
        self.verificationMemory = parserMemory.forVerification
        headings.reserveCapacity(parsed.blocks.count)
        for block in parsed.blocks {
            let startLine = Int(block.startLine)
            guard startLine >= 0 && startLine < source.lineCount else { continue }
            switch block.kind {
            case let .heading(text, level, inSource):
                headings.append(Document.heading(in: source, startLine: startLine, level: Int(level), text: parsed.text(text, inSource: inSource, of: source)))
            case .html:
                switch OutlineCommentParser.parse(source, line: startLine, syntax: dialect.commentSyntax) {
                case .record(let r): records.append(r)
                case .marker(let m): markers.append(m)
                case .malformedMarker(let m): malformed.append(m)
                case .toc(let m): tocMarkers.append(m)
                case .page(let r): pageRecords.append(r)
                case nil: break
                }
            case let .bulletList(column, nestedIndent):
                guard listStyle == nil else { break }
                let at = source.lineStarts[startLine] + Int(column)
                if at < source.bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(source.bytes[at]) {
                    listStyle = ListStyle(bullet: source.bytes[at], indent: nestedIndent.map(Int.init))
                }
            }
        }
        self.headings = headings
        self.records = records
        self.markers = markers
        self.malformedMarkers = malformed
        self.tocMarkers = tocMarkers
        self.pageRecords = pageRecords
        self.listStyle = listStyle
    }

    /// Extent of a heading cmark reports as starting on `startLine`. cmark's end positions are wrong
    /// for setext headings, so the extent comes from the source lines.
    static func heading(in source: Source, startLine: Int, level: Int, text: String) -> Heading {
        if let atx = ATXLine(source, line: startLine) {
            return Heading(level: level, style: .atx, firstLine: startLine, blockStartLine: startLine, lastLine: startLine, text: text,
                           openingEnd: atx.openingEnd, contentStart: atx.contentStart, contentEnd: atx.contentEnd)
        }
        let (first, underline) = setextExtent(source, startLine: startLine)
        let content = source.bytes.trimmingBlanks(source.contentRange(first))
        return Heading(level: level, style: .setext, firstLine: first, blockStartLine: min(startLine, first), lastLine: underline, text: text,
                       openingEnd: nil, contentStart: content.lowerBound, contentEnd: content.upperBound)
    }

    /// `===` or `---` (one character repeated) after at most three spaces, then only spaces and tabs.
    static func isSetextUnderline(_ line: ArraySlice<UInt8>) -> Bool {
        var i = line.startIndex
        var indent = 0
        while i < line.endIndex && line[i] == ASCII.space && indent < 3 { i += 1; indent += 1 }
        guard i < line.endIndex, line[i] == UInt8(ascii: "=") || line[i] == UInt8(ascii: "-") else { return false }
        let mark = line[i]
        while i < line.endIndex && line[i] == mark { i += 1 }
        while i < line.endIndex && ASCII.isBlank(line[i]) { i += 1 }
        return i == line.endIndex
    }

    /// First text line and underline of a setext heading cmark starts on `startLine`, found as cmark
    /// finds them: at each underline-like line, link reference definitions at the start of the paragraph
    /// so far are consumed; if text remains, that line is the underline and the text starts after the
    /// definitions; if nothing remains, cmark keeps a `===` line as text and goes on.
    static func setextExtent(_ source: Source, startLine: Int) -> (first: Int, underline: Int) {
        var contentStart = startLine
        var line = startLine + 1
        while line < source.lineCount {
            if isSetextUnderline(source.content(line)) {
                let first = contentStart + definitionLines(source, from: contentStart, to: line)
                if first < line { return (first, line) }
                contentStart = line
            }
            line += 1
        }
        return (startLine, startLine)
    }

    /// How many of the lines `from..<to` of a paragraph cmark consumes as link reference definitions.
    static func definitionLines(_ source: Source, from start: Int, to end: Int) -> Int {
        guard source.content(start).drop(while: { $0 == ASCII.space }).first == UInt8(ascii: "[") else { return 0 }
        var paragraph: [UInt8] = []
        for line in start..<end {
            let range = source.contentRange(line)
            var s = range.lowerBound
            while s < range.upperBound && ASCII.isBlank(source.bytes[s]) { s += 1 }
            paragraph.append(contentsOf: source.bytes[s..<source.lineStarts[line + 1]])
        }
        let consumed = ReferenceDefinitions.prefixLength(of: paragraph)
        var lines = 0
        var i = 0
        while i < consumed {
            if paragraph[i] == ASCII.lf { lines += 1 }
            else if paragraph[i] == ASCII.cr && (i + 1 >= paragraph.count || paragraph[i + 1] != ASCII.lf) { lines += 1 }
            i += 1
        }
        return lines
    }
}

/// Geometry of an ATX heading line: `#`s after at most three spaces, then a space, a tab or the end.
struct ATXLine {
    let level: Int
    let openingEnd: Int
    let contentStart: Int
    let contentEnd: Int

    init?(_ source: Source, line: Int) {
        let range = source.contentRange(line)
        // Read through a pointer: every heading's line is read here, once or twice (see
        // `CommonMark.literalATXText`), and bounds checks on the array were most of the cost.
        guard let geometry = source.bytes.withUnsafeBufferPointer({ ATXLine.geometry($0, range) }) else { return nil }
        (level, openingEnd, contentStart, contentEnd) = geometry
    }

    private static func geometry(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Int, Int, Int, Int)? {
        let end = range.upperBound
        var p = range.lowerBound
        while p < end && bytes[p] == ASCII.space && p - range.lowerBound < 3 { p += 1 }
        let hashes = p
        while p < end && bytes[p] == ASCII.hash { p += 1 }
        let level = p - hashes
        guard (1...6).contains(level) else { return nil }
        guard p == end || ASCII.isBlank(bytes[p]) else { return nil }
        let openingEnd = p
        var c = p, e = end
        while c < e && ASCII.isBlank(bytes[c]) { c += 1 }
        while e > c && ASCII.isBlank(bytes[e - 1]) { e -= 1 }
        // A closing sequence: `#`s preceded by a space or tab, or making up the whole content.
        var k = e
        while k > c && bytes[k - 1] == ASCII.hash { k -= 1 }
        if k < e && (k == c || ASCII.isBlank(bytes[k - 1])) {
            e = k
            while e > c && ASCII.isBlank(bytes[e - 1]) { e -= 1 }
        }
        return (level, openingEnd, c, e)
    }
}
