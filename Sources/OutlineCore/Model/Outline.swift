/// One section: a top-level heading, everything up to the next heading of the same or a higher level,
/// and outline's lines that belong to it.
///
/// Lines and indices are kept in 32 bits (a document is under 2 GiB): a document may have a million
/// sections, and each is built once per run (152 bytes, not 232).
public struct Section: Sendable {
    public let heading: Heading
    private let storedParent: Int32
    private var storedEndLine: Int32
    private let storedDuplicateOf: Int32
    private let storedDepth: UInt8
    /// True when the ID comes from this section's own anchor (not a duplicate of an earlier one).
    public let anchored: Bool
    public internal(set) var children: [Int] = []
    /// The record line directly after the heading's last line (an anchor, an ID-less record or a
    /// malformed one), if any.
    public let record: RecordLine?
    /// A fold marker directly after the heading (or after its record line).
    public let marker: FoldMarker?
    /// The section's ID: its anchor's, or the one `outline id` would assign.
    public let id: String
    /// The number outline wrote into the heading (its record says so and the text still starts with it).
    public let number: String?
    /// The title: the heading's plain text without outline's number and without a `{#id}` attribute.
    public let title: String
    /// An explicit `{#id}` attribute on the heading, as written.
    public let explicitID: String?

    /// Index of the parent section in `Outline.sections`; nil for a top-level section.
    public var parent: Int? { storedParent < 0 ? nil : Int(storedParent) }
    /// Depth in the section tree: top-level sections are 1, whatever their heading level.
    public var depth: Int { Int(storedDepth) }
    /// 0-based last line of the section.
    public internal(set) var endLine: Int {
        get { Int(storedEndLine) }
        set { storedEndLine = Int32(newValue) }
    }
    /// For a section whose anchor repeats an earlier section's ID: that section's index.
    public var duplicateOf: Int? { storedDuplicateOf < 0 ? nil : Int(storedDuplicateOf) }

    init(heading: Heading, parent: Int?, depth: Int, endLine: Int, record: RecordLine?, marker: FoldMarker?, id: String,
         anchored: Bool, number: String?, title: String, explicitID: String?, duplicateOf: Int?) {
        self.heading = heading
        storedParent = parent.map { Int32($0) } ?? -1
        storedDepth = UInt8(clamping: depth)
        storedEndLine = Int32(endLine)
        storedDuplicateOf = duplicateOf.map { Int32($0) } ?? -1
        self.anchored = anchored
        self.record = record
        self.marker = marker
        self.id = id
        self.number = number
        self.title = title
        self.explicitID = explicitID
    }
}

/// A document's section tree with IDs resolved: the model every command works from. It takes over what
/// the parse found (the headings become its sections; nothing is kept twice: a document may have a
/// million headings).
public final class Outline: @unchecked Sendable {
    public let source: Source
    /// Lines of front matter at the top (0 when none).
    public let frontMatterLineCount: Int
    public let sections: [Section]
    /// Indices of the top-level sections.
    public let roots: [Int]
    /// Every record line (valid or malformed), wherever it stands.
    public let records: [RecordLine]
    /// Every readable fold marker, wherever it stands.
    public let markers: [FoldMarker]
    public let malformedMarkers: [MalformedMarker]
    /// Table-of-contents markers, in document order (format.md §5).
    public let tocMarkers: [TOCMarker]
    /// Every page record (format.md §17), wherever it stands; `pageRecord` is the one that counts.
    public let pageRecords: [PageRecord]
    /// The page record on the document's last non-blank line, the one place it is read (format.md §2).
    public var pageRecord: PageRecord? {
        guard let last = pageRecords.last else { return nil }
        var line = source.lineCount - 1
        while line > last.line, source.isBlank(line) { line -= 1 }
        return line == last.line ? last : nil
    }
    /// The style of the document's first bullet list, if it has one.
    public let listStyle: ListStyle?
    /// What links need, when the parse was asked for it (`links: true`).
    public let links: LinkInventory?
    /// Every top-level block's start line and cmark type, for verification.
    let blockStarts: [UInt64]
    /// How the document was read (format.md §16).
    public let dialect: Dialect
    /// The text the site's generator reads where cmark reads code or HTML (see `LinkView`): what
    /// `links` was taken from, nil when that is the document itself.
    public let linkView: LinkView?
    /// Where openers nest deeper than `Nesting.limit` (`Document.nestingTooDeep`).
    public let nestingTooDeep: Int?
    /// The text `links` describes: the view, or the document.
    public var linkSource: Source { linkView?.source ?? source }
    /// The top-level blocks of `linkSource`.
    var linkBlockStarts: [UInt64] { linkView?.blockStarts ?? blockStarts }
    /// How a parse verifying a rewrite of this document treats the parse arena's pages.
    let verificationMemory: ParserMemory
    /// The lifetime that keeps this model (the last document of a command-line run), which keeps the
    /// verification's model of its rewrite too.
    private(set) var keeper: Lifetime? = nil
    /// Record lines that do not stand directly after a section heading.
    public let orphanRecords: [RecordLine]
    /// Fold markers that do not stand directly after a section heading or its record.
    public let orphanMarkers: [FoldMarker]
    /// How many section records stand after blank lines, and how many directly under their heading.
    public let anchorsAfterBlank: Int
    public let anchorsBelow: Int

    /// Where `id` puts a new anchor: after the blank line under the heading when most of the
    /// document's anchors stand so (the document went through a formatter, or is written that way),
    /// else directly under the heading (format.md §2).
    public var placesAnchorsAfterBlank: Bool { anchorsAfterBlank > anchorsBelow }

    /// Parses `bytes` and builds the model (`ParseOptions` says what more to collect), read in
    /// `dialect` (format.md §16: a site's headings and containers). `last`: the
    /// caller parses nothing after this document and the process ends with `last` (the command
    /// line's lifetime), so the parse arena hands back all its pages instead of keeping some (see
    /// `ParserMemory`), and the model is kept by `last`, never freed. A session's lifetime changes
    /// nothing.
    public convenience init(parsing bytes: [UInt8], _ options: ParseOptions = [], last: Lifetime? = nil, dialect: Dialect = .commonMark) throws {
        let final = last?.endsWithProcess == true
        let memory: ParserMemory = options.contains(.rewriting) ? (final ? .rewrittenLast : .rewrittenNext) : final ? .lastDocument : .keepForNextDocument
        self.init(try Document(bytes, parserMemory: memory, links: options.contains(.links), fingerprints: options.contains(.fingerprints), dialect: dialect))
        if final, let last {
            keeper = last
            last.keep(self)
        }
    }

    /// Builds the model in one pass over the headings, in document order: each section's record,
    /// marker, number, title and ID are settled as it is met (existing IDs are reserved first, so a new
    /// ID never takes one that stands further down).
    public init(_ document: Document) {
        let source = document.source
        self.source = source
        self.frontMatterLineCount = document.frontMatterLineCount
        self.records = document.records
        self.markers = document.markers
        self.malformedMarkers = document.malformedMarkers
        self.tocMarkers = document.tocMarkers
        self.pageRecords = document.pageRecords
        self.listStyle = document.listStyle
        self.links = document.links
        self.blockStarts = document.blockStarts
        self.dialect = document.dialect
        self.linkView = document.linkView
        self.nestingTooDeep = document.nestingTooDeep
        self.verificationMemory = document.verificationMemory
        // Which record and marker stand on a line: found by binary search over their lines (no hashing
        // per heading: a document of 12,000 sections is rebuilt on every keystroke in the editor).
        let recordAt = LineIndex(document.records.map(\.line))
        let markerAt = LineIndex(document.markers.map(\.line))
        var usedRecords = [Bool](repeating: false, count: document.records.count)
        var usedMarkers = [Bool](repeating: false, count: document.markers.count)
        var allocator = IDAllocator(capacity: document.headings.count + document.records.count)
        // `<!-- outline:toc -->` is a table-of-contents marker, so no section may have that ID.
        allocator.reserve(CommentFormat.tocKeyword)
        for record in document.records { if let id = record.id { allocator.reserve(id) } }
        for marker in document.markers {
            allocator.reserve(marker.id)
            for hidden in marker.hiddenSections { allocator.reserve(hidden.id) }
        }
        // Each anchor's ID and the first section that has it.
        var claimed = IDSet(capacity: document.headings.count)
        var afterBlank = 0, below = 0

        var sections: [Section] = []
        var roots: [Int] = []
        var stack: [Int] = []
        sections.reserveCapacity(document.headings.count)
        for heading in document.headings {
            let index = sections.count
            while let top = stack.last, sections[top].heading.level >= heading.level {
                // Up to the heading's block: definitions cmark reads into its paragraph are its.
                sections[top].endLine = heading.blockStartLine - 1
                stack.removeLast()
            }
            // The heading's record is the first non-blank line after it, if that is one (format.md §2):
            // formatters and linters (mdformat, pandoc, markdownlint's MD022) want a blank line under a
            // heading and put one between it and its anchor. A record that cannot carry an ID in place
            // (unclosed, invalid UTF-8, or nothing after `outline:`) is not the heading's: `id` and
            // `number` put a new record line before it, so that both commute and `--strip` gives back
            // the malformed line untouched.
            var next = heading.lastLine + 1
            var firstNonBlank = next
            while firstNonBlank < source.lineCount && source.isBlank(firstNonBlank) { firstNonBlank += 1 }
            var record: RecordLine? = nil
            if let k = recordAt[firstNonBlank], document.records[k].canHoldAnID {
                record = document.records[k]
                usedRecords[k] = true
                next = firstNonBlank + 1
                if firstNonBlank > heading.lastLine + 1 { afterBlank += 1 } else { below += 1 }
            }
            var marker: FoldMarker? = nil
            if let k = markerAt[next] {
                marker = document.markers[k]
                usedMarkers[k] = true
            }
            let text = Outline.titleParts(heading, record: record, source: source, dialect: document.dialect)
            var duplicateOf: Int? = nil
            let id: String
            let own = record?.id
            let first = own.flatMap { claimed.claim($0, as: index) }
            if let own, first == nil {
                id = own
            } else {
                duplicateOf = first
                id = allocator.allocate(Outline.baseID(title: text.title, explicitID: text.explicitID,
                                                       malformed: duplicateOf == nil ? record?.problem : nil))
            }
            let parent = stack.last
            sections.append(Section(heading: heading, parent: parent, depth: stack.count + 1, endLine: source.lineCount - 1,
                                    record: record, marker: marker, id: id, anchored: record?.id == id && duplicateOf == nil,
                                    number: text.number, title: text.title, explicitID: text.explicitID, duplicateOf: duplicateOf))
            if let parent { sections[parent].children.append(index) } else { roots.append(index) }
            stack.append(index)
        }
        self.sections = sections
        self.roots = roots
        self.anchorsAfterBlank = afterBlank
        self.anchorsBelow = below
        self.orphanRecords = document.records.enumerated().filter { !usedRecords[$0.offset] }.map { $0.element }
        self.orphanMarkers = document.markers.enumerated().filter { !usedMarkers[$0.offset] }.map { $0.element }
    }

    /// The index of the element standing on a line, among elements given with their lines (in any
    /// order; a line given twice answers with its last element, as a map filled in order would).
    private struct LineIndex {
        private let lines: [Int]
        private let order: [Int]
        init(_ lines: [Int]) {
            self.lines = lines
            // Stable: of two elements on one line, the later one last.
            order = lines.indices.sorted { lines[$0] != lines[$1] ? lines[$0] < lines[$1] : $0 < $1 }
        }
        subscript(line: Int) -> Int? {
            var low = 0, high = order.count
            while low < high {
                let mid = (low + high) / 2
                if lines[order[mid]] <= line { low = mid + 1 } else { high = mid }
            }
            return low > 0 && lines[order[low - 1]] == line ? order[low - 1] : nil
        }
    }

    /// A heading's number (when outline's record says it wrote it), title and explicit `{#id}`. In a
    /// dialect that reads attribute blocks (attr_list), any block ending the heading's source is no
    /// title text, and its id is the heading's (format.md §16); elsewhere a trailing `{#id …}`, and in
    /// MDX a trailing `{/* #id */}`.
    static func titleParts(_ heading: Heading, record: RecordLine?, source: Source, dialect: Dialect = .commonMark) -> (number: String?, title: String, explicitID: String?) {
        var text = heading.text
        let number = record.flatMap { ownedNumber(heading, record: $0, source: source) }
        if let number { text = String(text.dropFirst(number.count).drop(while: { $0 == " " })) }
        var explicit: String? = nil
        guard Outline.lastByte(of: text) == UInt8(ascii: "}") else { return (number, Outline.trimmed(text), nil) }
        if dialect.headingAttributes {
            if let raw = AttributeBlock.sourceText(of: heading, in: source), let block = AttributeBlock.trailing(raw),
               let open = text.lastIndex(of: "{") {
                // cmark's text ends in the block as written (no markup inside a block).
                explicit = block.id
                var cut = open
                while cut > text.startIndex, text[text.index(before: cut)] == " " { cut = text.index(before: cut) }
                text = String(text[..<cut])
            }
        } else if dialect.mdx, Outline.trimmed(text).hasSuffix("*/}"), let (id, rest) = DocusaurusHeadingID.parse(text) {
            // MDX: `{/* #id */}` ending the heading, which Docusaurus reads as its id (format.md §16).
            explicit = id
            text = rest
        } else if let (id, rest) = Outline.explicitID(in: text) {
            explicit = id
            text = rest
        }
        return (number, Outline.trimmed(text), explicit)
    }

    /// What a new ID is derived from: a malformed anchor's ID, an explicit `{#id}`, or the title.
    static func baseID(title: String, explicitID: String?, malformed: RecordLine.Problem?) -> String {
        if case .invalidID(let raw)? = malformed, let id = Identifier.slug(raw) { return id }
        if let explicitID, let id = Identifier.slug(explicitID) { return id }
        return Identifier.slug(title) ?? "section"
    }

    /// The number outline wrote into this heading, as the heading now reads it: the record says outline
    /// numbered it (`number=V`), and the text starts with a number of as many components as V (`N `
    /// before the title, or ` N` alone in an empty ATX heading). Usually that is V itself; when a person
    /// edited it (`## 3 Usage` where the record says 2) it is still outline's, so that `number`
    /// replaces it rather than stacking a second number in front (format.md §3).
    static func ownedNumber(_ heading: Heading, record: RecordLine, source: Source) -> String? {
        guard let value = record.attribute(CommentFormat.numberKey)?.value, let components = NumberFormat.dots(in: value.utf8) else { return nil }
        let bytes = source.bytes
        let content = bytes[heading.contentStart..<heading.contentEnd]
        var end = content.startIndex
        while end < content.endIndex, ASCII.isDigit(content[end]) || content[end] == UInt8(ascii: ".") { end += 1 }
        guard NumberFormat.dots(in: content[content.startIndex..<end]) == components else { return nil }
        let written = String(decoding: content[content.startIndex..<end], as: UTF8.self)
        if end < content.endIndex, content[end] == ASCII.space { return written }
        if end == content.endIndex, heading.style == .atx, let opening = heading.openingEnd, heading.contentStart == opening + 1,
           bytes[opening] == ASCII.space {
            return written
        }
        return nil
    }

    /// A trailing attribute block that names an id (`{#id}`, `{#id .cls}`, `{.cls #id key=v}`, as pandoc,
    /// kramdown, Hugo and Docusaurus write it): the ID (the last `#id`) and the text before it. A
    /// block whose words are not all attributes, or that names no id, is text.
    static func explicitID(in text: String) -> (String, String)? {
        let trimmedText = trimmed(text)
        guard trimmedText.hasSuffix("}"), let open = trimmedText.lastIndex(of: "{") else { return nil }
        let inner = trimmedText[trimmedText.index(after: open)..<trimmedText.index(before: trimmedText.endIndex)]
        var id: Substring? = nil
        for token in inner.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if token.first == "#", token.count > 1 { id = token.dropFirst() }
            else if token.first == "." || token.contains("=") { continue }
            else { return nil }
        }
        guard let id else { return nil }
        return (String(id), String(trimmedText[..<open]))
    }

    /// The last UTF-8 byte of `s`, read from its storage (`utf8.last` walks the generic way: a tenth of
    /// a heading's model on a document of 100,000 headings).
    static func lastByte(of s: String) -> UInt8? {
        s.utf8.withContiguousStorageIfAvailable { $0.last } ?? s.utf8.last
    }

    static func trimmed(_ s: String) -> String {
        if let first = s.utf8.first, let last = lastByte(of: s), first > 32, last > 32, first < 128, last < 128 { return s }
        var sub = Substring(s)
        while let f = sub.first, f.isWhitespace { sub.removeFirst() }
        while let l = sub.last, l.isWhitespace { sub.removeLast() }
        return String(sub)
    }

    /// Sections by ID.
    public func indexByID() -> [String: Int] {
        var map: [String: Int] = [:]
        for (k, s) in sections.enumerated() where map[s.id] == nil { map[s.id] = k }
        return map
    }

    /// IDs of the sections hidden inside the fold markers of a folded view.
    public var hiddenIDs: Set<String> {
        var ids = Set<String>()
        for marker in markers { for hidden in marker.hiddenSections { ids.insert(hidden.id) } }
        return ids
    }

    /// True when the document contains fold markers: it is a folded view.
    public var isFoldedView: Bool { !markers.isEmpty || !malformedMarkers.isEmpty }

    /// A section is folded when a marker hides its body and none of its subsections is visible.
    public func isSectionFolded(_ index: Int) -> Bool {
        sections[index].marker != nil && sections[index].children.isEmpty
    }

    /// 0-based line just past the section's heading and record line: where its body begins.
    public func contentStartLine(_ index: Int) -> Int {
        let s = sections[index]
        return (s.record?.line ?? s.heading.lastLine) + 1
    }

    /// Last line of the section's own body (before its first subsection).
    public func bodyEndLine(_ index: Int) -> Int {
        let s = sections[index]
        if let first = s.children.first { return sections[first].heading.blockStartLine - 1 }
        return s.endLine
    }
}

/// Hierarchical numbers: `1`, `1.2`, `1.2.3`.
enum NumberFormat {
    static func isNumber(_ s: String) -> Bool { dots(in: s.utf8) != nil }

    /// How many dots the number `bytes` has (`1.2.3`: 2); nil when they are not a number. Read on the
    /// bytes: every heading of a numbered document is asked on every parse, twice when it is rewritten.
    static func dots<C: Collection>(in bytes: C) -> Int? where C.Element == UInt8 {
        var dots = 0, digits = 0
        for b in bytes {
            if b == UInt8(ascii: ".") {
                guard digits > 0 else { return nil }
                dots += 1
                digits = 0
            } else if ASCII.isDigit(b) {
                digits += 1
            } else {
                return nil
            }
        }
        return digits > 0 ? dots : nil
    }
}

extension Outline {
    /// The version of the libcmark outline is linked with.
    public static var cmarkVersion: String { CommonMark.version }
}

/// What a parse collects beyond the section tree.
public struct ParseOptions: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// What link checking needs: every heading's text, link destinations, raw HTML.
    public static let links = ParseOptions(rawValue: 1)
    /// Also a hash of every leaf block (with `links`), for verifying a rewrite that edits inside
    /// blocks (`LinkInventory.leafPrints`).
    public static let fingerprints = ParseOptions(rawValue: 2)
    /// A rewrite of the document follows, which verification parses: the parser's pages stay mapped
    /// for that parse.
    public static let rewriting = ParseOptions(rawValue: 4)
}
