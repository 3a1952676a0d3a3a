#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCmark

/// A top-level block outline needs to know about, copied out of cmark's tree. Small (16 bytes): a
/// heading-dense document has one per heading, held while cmark's tree is.
struct CommonMarkBlock {
    enum Kind {
        /// A heading with its level and where its plain text (literals of text and code, a space per
        /// line break) stands: in `CommonMarkBlocks.texts`, or with `inSource` in the document itself
        /// (an ATX heading whose text cmark reads as it is written, see `CommonMark.literalATXText`).
        case heading(text: Range<Int32>, level: UInt8, inSource: Bool)
        /// An HTML block: outline's anchor, record and fold-marker lines are HTML blocks.
        case html
        /// The first top-level bullet list: its marker's 0-based column, and how far its first nested
        /// bullet list stands to the right of its item (a table of contents copies the style).
        case bulletList(column: Int32, nestedIndent: Int32?)
    }
    /// 0-based line where cmark says the block starts. Start lines are reliable; cmark's end positions
    /// are not (setext headings, HTML blocks), so nothing here uses them. (cmark's own positions are
    /// 32-bit.)
    let startLine: Int32
    /// After `startLine`, so that a block takes 16 bytes, not 20.
    let kind: Kind

    init(kind: Kind, startLine: Int32) {
        self.kind = kind
        self.startLine = startLine
    }
}

/// The top-level blocks of a document, and their headings' texts one after another in one buffer
/// (a `String` per heading would cost 48 bytes and a malloc each while cmark's tree is still there).
struct CommonMarkBlocks {
    var blocks: [CommonMarkBlock] = []
    var texts: [UInt8] = []
    /// Every top-level block: its 0-based start line shifted left by 8, or'd with cmark's node type.
    /// What verification compares between a document and its rewrite (see `Verification`).
    var structure: [UInt64] = []

    /// A heading's plain text. Invalid UTF-8 becomes U+FFFD here: titles are text for people, and IDs
    /// come from them.
    func text(_ range: Range<Int32>, inSource: Bool, of source: Source) -> String {
        String(decoding: (inSource ? source.bytes : texts)[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self)
    }
}

/// What happens to the parse arena's pages once outline has copied what it needs out of cmark's tree.
enum ParserMemory: Sendable {
    /// More documents follow on this thread: the arena keeps its first pages mapped for the next parse.
    case keepForNextDocument
    /// The last document of the process: every page goes back to the system at once, so that outline's
    /// model and output do not come on top of the tree.
    case lastDocument
}

/// The one place that talks to libcmark: parse, copy what is needed into Swift values, free everything.
enum CommonMark {
    /// The linked libcmark's version, e.g. "0.30.2".
    static var version: String { String(decoding: bytes(of: cmark_version_string()), as: UTF8.self) }

    /// Parses `source` and returns its top-level headings and HTML blocks in document order.
    ///
    /// The first `hiddenLines` lines (front matter) reach cmark as blank lines, so that cmark's line
    /// numbers stay those of the source and front matter is never read as Markdown.
    /// With `inventory`, also walks the whole tree for what links need (see `LinkInventory`).
    /// `textsFromSource`: take a heading's text from the source where cmark reads it as written (tests
    /// turn it off to compare with cmark's literals).
    static func topLevelBlocks(of source: Source, hiddenLines: Int, parserMemory: ParserMemory,
                               inventory: UnsafeMutablePointer<LinkInventory>? = nil, textsFromSource: Bool = true,
                               structure: Bool = false, fingerprints: Bool = false, lean: Bool = false) throws -> CommonMarkBlocks {
        // The tree lives in this thread's arena: no malloc per node, and the whole tree gone by
        // unmapping or rewinding its chunks instead of a walk that frees node by node (with the system
        // allocator, malloc and free are a large part of a docs-tree check).
        let arena = ParseArena.ofThisThread
        defer { arena.reset(keeping: parserMemory == .keepForNextDocument) }
        // No CMARK_OPT_VALIDATE_UTF8: it replaces invalid bytes and shifts positions; no smart punctuation,
        // which would change titles. The parser itself lives in the arena too: nothing to free.
        guard let parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, ParseArena.allocator) else {
            throw Diagnostic.error(.parser, "libcmark could not start a parser (out of memory?)")
        }

        source.bytes.withUnsafeBufferPointer { all in
            var offset = 0
            if hiddenLines > 0 {
                // A space before each line ending keeps the lines apart: a lone CR followed by the next
                // line's LF would otherwise read as one CRLF, and every later line number would be off.
                var breaks: [UInt8] = []
                for line in 0..<hiddenLines {
                    breaks.append(ASCII.space)
                    breaks.append(contentsOf: source.lineEnding(line))
                }
                breaks.withUnsafeBufferPointer { feed(parser, $0) }
                offset = source.lineStarts[hiddenLines]
            }
            feed(parser, UnsafeBufferPointer(rebasing: all[offset...]))
        }
        guard let document = cmark_parser_finish(parser) else {
            throw Diagnostic.error(.parser, "libcmark could not finish the parse (out of memory?)")
        }
        // Room for every block and heading text up front: grown by doubling, the two buffers would take
        // up to three times their size at the moment cmark's whole tree is there too, the run's peak.
        // A heading's text is about its first line's length.
        var result = CommonMarkBlocks()
        var blockCount = 1, textBytes = 0
        var top = cmark_node_first_child(document)
        while let block = top {
            let type = cmark_node_get_type(block)
            if type == CMARK_NODE_HTML_BLOCK { blockCount += 1 }
            if type == CMARK_NODE_HEADING {
                blockCount += 1
                let line = Int(cmark_node_get_start_line(block))
                if line >= 1 && line < source.lineStarts.count { textBytes += source.lineStarts[line] - source.lineStarts[line - 1] }
            }
            top = cmark_node_next(block)
        }
        result.blocks.reserveCapacity(blockCount)
        result.texts.reserveCapacity(textBytes)
        if structure { result.structure.reserveCapacity(blockCount * 2) }
        var sawBulletList = false
        var node = cmark_node_first_child(document)
        while let current = node {
            let type = cmark_node_get_type(current)
            let line = cmark_node_get_start_line(current) - 1
            if structure { result.structure.append(UInt64(max(0, line)) << 8 | UInt64(type.rawValue & 0xFF)) }
            if type == CMARK_NODE_HEADING {
                let level = UInt8(cmark_node_get_heading_level(current))
                if textsFromSource, let text = literalATXText(source, line: Int(line)) {
                    result.blocks.append(CommonMarkBlock(kind: .heading(text: Int32(text.lowerBound)..<Int32(text.upperBound), level: level, inSource: true),
                                                         startLine: line))
                } else {
                    let start = Int32(result.texts.count)
                    appendPlainText(of: current, to: &result.texts)
                    result.blocks.append(CommonMarkBlock(kind: .heading(text: start..<Int32(result.texts.count), level: level, inSource: false),
                                                         startLine: line))
                }
            } else if type == CMARK_NODE_HTML_BLOCK {
                result.blocks.append(CommonMarkBlock(kind: .html, startLine: line))
            } else if type == CMARK_NODE_LIST, !sawBulletList, cmark_node_get_list_type(current) == CMARK_BULLET_LIST {
                sawBulletList = true
                result.blocks.append(CommonMarkBlock(kind: .bulletList(column: cmark_node_get_start_column(current) - 1,
                                                                       nestedIndent: nestedIndent(of: current)), startLine: line))
            }
            node = cmark_node_next(current)
            if let inventory { takeInventory(of: current, into: &inventory.pointee, source: source, fingerprints: fingerprints, lean: lean) }
        }
        return result
    }

    /// How far the first bullet list nested in an item of `list` stands to the right of that item.
    private static func nestedIndent(of list: OpaquePointer) -> Int32? {
        var item = cmark_node_first_child(list)
        while let i = item {
            var child = cmark_node_first_child(i)
            while let c = child {
                if cmark_node_get_type(c) == CMARK_NODE_LIST, cmark_node_get_list_type(c) == CMARK_BULLET_LIST,
                   cmark_node_get_start_line(c) > cmark_node_get_start_line(i) {
                    let indent = cmark_node_get_start_column(c) - cmark_node_get_start_column(i)
                    return indent > 0 ? indent : nil
                }
                child = cmark_node_next(c)
            }
            item = cmark_node_next(i)
        }
        return nil
    }

    /// Every heading's text, local link and image destination, and raw HTML that may carry attributes
    /// in the subtree `root` (a top-level block), in document order, appended to `inventory`. A walk by
    /// first child, next sibling and parent, without recursion (a document may nest 50,000 lists
    /// deep), that skips what cannot hold any of them (code blocks, text outside headings). External destinations (a scheme, `//host`) and raw HTML without `=` (no attribute
    /// value: a comment, a closing tag) are left in cmark's tree: no reader of the inventory wants them,
    /// and in a changelog they are most of its links. A paragraph whose lines hold neither `[` nor `<` has no link, image or raw
    /// HTML: its inline nodes are not visited at all (the walk's cost is touching nodes).
    /// `lean`: destinations and raw HTML only (what verifying a rewrite compares): no heading texts, no
    /// block layout for the link locator.
    private static func takeInventory(of root: OpaquePointer, into inventory: inout LinkInventory, source: Source, fingerprints: Bool, lean: Bool) {
        // The open ancestors: an inline node without a position takes the nearest one's start line.
        var ancestors: [OpaquePointer] = []
        func line(of node: OpaquePointer) -> Int {
            let start = Int(cmark_node_get_start_line(node))
            if start > 0 { return start }
            for ancestor in ancestors.reversed() {
                let line = Int(cmark_node_get_start_line(ancestor))
                if line > 0 { return line }
            }
            return 1
        }
        // Where the link locator will look: the leaf block holding the inlines being walked, and how
        // many link and raw HTML nodes it has shown so far (their ordinals).
        var quoteDepth: Int32 = 0
        var block: Int32 = -1, linkOrdinal: Int32 = 0, htmlOrdinal: Int32 = 0
        func lines(of node: OpaquePointer, last: Int32? = nil) -> ClosedRange<Int32> {
            let first = cmark_node_get_start_line(node) - 1
            if let last { return first...max(first, last) }
            var end = cmark_node_get_end_line(node) - 1
            if let next = cmark_node_next(node) { end = max(end, cmark_node_get_start_line(next) - 2) }
            return first...max(first, end)
        }
        func openBlock(_ kind: LinkInventory.Block.Kind, _ node: OpaquePointer, lines range: ClosedRange<Int32>) {
            if lean { return }
            inventory.blocks.append(.init(kind: kind, startLine: range.lowerBound, startColumn: max(0, cmark_node_get_start_column(node) - 1),
                                          lastLine: range.upperBound, quoteDepth: quoteDepth))
            block = Int32(inventory.blocks.count - 1)
            linkOrdinal = 0
            htmlOrdinal = 0
        }
        // `fingerprints`: each leaf block's content hashed (see `LinkInventory.leafPrints`).
        var print = Fingerprint()
        var leafOpen = false
        func closeLeaf() {
            if leafOpen { inventory.leafPrints.append(print.value) }
            leafOpen = false
        }
        func openLeaf(_ type: cmark_node_type) {
            closeLeaf()
            print = Fingerprint()
            print.mix(UInt8(type.rawValue & 0xFF))
            leafOpen = true
        }
        var node: OpaquePointer? = root
        while let current = node {
            let type = cmark_node_get_type(current)
            var descend = false
            if fingerprints {
                switch type {
                case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_HTML_BLOCK:
                    openLeaf(type)
                    if type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK { print.mix(cmark_node_get_literal(current)) }
                    if type == CMARK_NODE_CODE_BLOCK { print.mix(cmark_node_get_fence_info(current)) }
                    if type == CMARK_NODE_HEADING { print.mix(UInt8(cmark_node_get_heading_level(current))) }
                case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                    print.mix(UInt8(type.rawValue & 0xFF))
                    print.mix(cmark_node_get_literal(current))
                case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                    // The destination is what a rewrite may change; the title and the rest may not.
                    print.mix(UInt8(type.rawValue & 0xFF))
                    print.mix(cmark_node_get_title(current))
                default:
                    print.mix(UInt8(type.rawValue & 0xFF))
                }
            }
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                break
            case CMARK_NODE_CODE_BLOCK, CMARK_NODE_THEMATIC_BREAK:
                if !lean { inventory.layout.leaves.append(lines(of: current, last: cmark_node_get_end_line(current) - 1)) }
            case CMARK_NODE_PARAGRAPH:
                // cmark's end line of a paragraph is its last line (verified over the conformance run);
                // the next block's start bounds it too, should that ever not hold.
                let range = lines(of: current)
                if !lean { inventory.layout.leaves.append(range.lowerBound...Int32(max(Int(range.lowerBound), Int(cmark_node_get_end_line(current)) - 1))) }
                openBlock(.paragraph, current, lines: range)
                descend = fingerprints || mayHoldLinks(source, from: Int(range.lowerBound) + 1, through: Int(range.upperBound) + 1)
            case CMARK_NODE_HEADING:
                let range = lines(of: current)
                if !lean { inventory.layout.leaves.append(range.lowerBound...Int32(max(Int(range.lowerBound), Int(cmark_node_get_end_line(current)) - 1))) }
                openBlock(.heading, current, lines: range)
                if !lean { inventory.headings.append(.init(line: line(of: current), pieces: headingPieces(current))) }
                descend = true
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = cmark_node_get_url(current), isLocal(url) {
                    inventory.links.append(.init(line: line(of: current), destination: string(url), isImage: type == CMARK_NODE_IMAGE,
                                                 block: block, ordinal: linkOrdinal))
                }
                linkOrdinal += 1
                if block >= 0 && !lean { inventory.blocks[Int(block)].linkCount = linkOrdinal }
                descend = true
            case CMARK_NODE_HTML_BLOCK:
                // cmark's end line of an HTML block is not trusted: its literal says how many lines it has.
                let literal = cmark_node_get_literal(current)
                var count: Int32 = 0
                if let literal {
                    var p = literal
                    while p.pointee != 0 { if p.pointee == 10 { count += 1 }; p += 1 }
                    if p != literal && (p - 1).pointee != 10 { count += 1 }
                }
                let first = cmark_node_get_start_line(current) - 1
                let range = first...(first + max(0, count - 1))
                if !lean { inventory.layout.leaves.append(range) }
                openBlock(.html, current, lines: range)
                if let literal, strchr(literal, CInt(UInt8(ascii: "="))) != nil {
                    inventory.html.append(.init(line: line(of: current), literal: string(literal), block: block, ordinal: -1))
                }
            case CMARK_NODE_HTML_INLINE:
                if let literal = cmark_node_get_literal(current), strchr(literal, CInt(UInt8(ascii: "="))) != nil {
                    inventory.html.append(.init(line: line(of: current), literal: string(literal), block: block, ordinal: htmlOrdinal))
                }
                htmlOrdinal += 1
            case CMARK_NODE_BLOCK_QUOTE:
                if !lean { inventory.layout.quotes.append(lines(of: current, last: cmark_node_get_end_line(current) - 1)) }
                descend = true
            case CMARK_NODE_ITEM:
                if !lean { inventory.layout.itemStarts.append(cmark_node_get_start_line(current) - 1) }
                descend = true
            default:
                descend = true
            }
            if descend, let child = cmark_node_first_child(current) {
                ancestors.append(current)
                if type == CMARK_NODE_BLOCK_QUOTE { quoteDepth += 1 }
                node = child
                continue
            }
            // Next sibling, or climb until an ancestor has one; never past `root`.
            var at: OpaquePointer? = current
            node = nil
            while let here = at, here != root {
                if let next = cmark_node_next(here) { node = next; break }
                at = cmark_node_parent(here)
                if let parent = ancestors.popLast(), cmark_node_get_type(parent) == CMARK_NODE_BLOCK_QUOTE { quoteDepth -= 1 }
            }
        }
        closeLeaf()
    }

    /// FNV-1a over a leaf block's node types and literals: equal for two parses of the same text.
    struct Fingerprint {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func mix(_ byte: UInt8) {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        mutating func mix(_ string: UnsafePointer<CChar>?) {
            guard var p = string else { mix(0xFF); return }
            while p.pointee != 0 { mix(UInt8(bitPattern: p.pointee)); p += 1 }
            mix(0)
        }
    }

    /// Whether the source lines `first...last` (cmark's 1-based numbers) hold `[` or `<`; true when
    /// cmark gave no usable range.
    private static func mayHoldLinks(_ source: Source, from first: Int, through last: Int) -> Bool {
        guard first >= 1, last >= first, last < source.lineStarts.count else { return true }
        let start = source.lineStarts[first - 1], end = source.lineStarts[last]
        return source.bytes.withUnsafeBufferPointer { b in
            var i = start
            while i < end {
                let c = b[i]
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "<") { return true }
                i += 1
            }
            return false
        }
    }

    /// False for a destination `LocalLink` rejects without looking further: empty, `//host`, or a
    /// URI scheme (a letter, then letters, digits, `+`, `-`, `.`, then `:`).
    private static func isLocal(_ url: UnsafePointer<CChar>) -> Bool {
        let first = UInt8(bitPattern: url[0])
        if first == 0 { return false }
        if first == UInt8(ascii: "/") { return UInt8(bitPattern: url[1]) != UInt8(ascii: "/") }
        guard (first | 0x20) >= 97 && (first | 0x20) <= 122 else { return true }
        var i = 1
        while true {
            let b = UInt8(bitPattern: url[i])
            if b == UInt8(ascii: ":") { return false }
            let letter = (b | 0x20) >= 97 && (b | 0x20) <= 122
            guard letter || ASCII.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") else { return true }
            i += 1
        }
    }

    /// A heading's text as pieces: text and code literals, line breaks, an image's alt text.
    /// Iterative too: emphasis can nest deep.
    private static func headingPieces(_ heading: OpaquePointer) -> [LinkInventory.HeadingText.Piece] {
        var pieces: [LinkInventory.HeadingText.Piece] = []
        var imageDepth = 0
        guard let iterator = cmark_iter_new(heading) else { return pieces }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator), node != heading else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE { imageDepth += event == CMARK_EVENT_ENTER ? 1 : -1; continue }
            guard event == CMARK_EVENT_ENTER else { continue }
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                let literal = string(cmark_node_get_literal(node))
                pieces.append(imageDepth > 0 ? .imageAlt(literal) : type == CMARK_NODE_CODE ? .code(literal) : .text(literal))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                pieces.append(imageDepth > 0 ? .imageAlt(" ") : .lineBreak)
            default:
                break
            }
        }
        return pieces
    }

    private static func string(_ p: UnsafePointer<CChar>?) -> String {
        guard let p else { return "" }
        return String(decoding: bytes(of: p), as: UTF8.self)
    }

    private static func feed(_ parser: OpaquePointer, _ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
            cmark_parser_feed(parser, $0, buffer.count)
        }
    }

    /// The text of the ATX heading on `line` as it stands in the source, when cmark's plain text of it
    /// is exactly those bytes: none of the characters that start an inline construct (backslash, `&`,
    /// backtick, `*`, `_`, `[`, `]`, `<`, `!`) and no control characters (cmark trims some that
    /// outline's line geometry does not). Most headings are so: their text is then not copied out of
    /// cmark's tree, where reading a literal makes cmark allocate a NUL-terminated copy of it (and an
    /// iterator each), while the whole tree is there.
    static func literalATXText(_ source: Source, line: Int) -> Range<Int>? {
        guard line >= 0, line < source.lineCount, let atx = ATXLine(source, line: line) else { return nil }
        let range = atx.contentStart..<atx.contentEnd
        let plain = source.bytes.withUnsafeBufferPointer { bytes in
            for i in range {
                switch bytes[i] {
                case 0..<0x20, UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                     UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "!"):
                    return false
                default:
                    continue
                }
            }
            return true
        }
        return plain ? range : nil
    }

    /// Literals of text and code nodes, a space for soft and hard line breaks; raw HTML contributes nothing.
    /// cmark has already unescaped the literals (`# Foo \#` gives `Foo #`).
    private static func appendPlainText(of heading: OpaquePointer, to text: inout [UInt8]) {
        guard let iterator = cmark_iter_new(heading) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                if let literal = cmark_node_get_literal(node) { text.append(contentsOf: bytes(of: literal)) }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                text.append(ASCII.space)
            }
        }
    }

    /// The bytes of a NUL-terminated C string cmark owns.
    private static func bytes(of string: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
        var count = 0
        while string[count] != 0 { count += 1 }
        return UnsafeRawPointer(string).withMemoryRebound(to: UInt8.self, capacity: count) { UnsafeBufferPointer(start: $0, count: count) }
    }
}

/// The memory of cmark's tree (cmark's `cmark_mem`): chunks mapped with mmap(2), handed out by
/// bumping a pointer. cmark frees as it goes (nodes and buffers while it parses inlines: 190 MB of
/// freed blocks on a 50 MB document), so freed blocks are handed out again: one under `carved` bytes
/// from a free list of its size (or a word or two larger), a larger one cut into small blocks. The
/// block allocated last may also grow in place or go back to the chunk; a block of `mappedAlone` bytes
/// or more has a mapping of its own. `reset` makes the whole arena free again. cmark's allocator
/// functions get no context, so each thread has its own arena, found through a C thread-local (and
/// unmapped when the thread ends).
final class ParseArena {
    private var chunks: [(base: UnsafeMutableRawPointer, size: Int)] = []
    /// The chunk being filled; the ones after it are free (kept from earlier parses).
    private var index = -1
    private var cursor: UnsafeMutableRawPointer? = nil
    private var limit: UnsafeMutableRawPointer? = nil
    /// Where the chunk's pages asked for ahead end (see `populate`).
    private var populated = UnsafeMutableRawPointer(bitPattern: UInt.max)!
    /// The block handed out last from the chunk: it may grow in place, or go back to the chunk.
    private var last: UnsafeMutableRawPointer? = nil
    /// `freeBlocks[n]` heads the list of free blocks of `8 * n` bytes, linked through their first word.
    private let freeBlocks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// Freed blocks of `carved` bytes and more (cmark's paragraph buffers, given back once their inlines
    /// are parsed), linked through their first word: smaller blocks are cut from them.
    private var spare: UnsafeMutableRawPointer? = nil
    /// The part of a spare block not yet cut (empty when both are the same sentinel).
    private var carveCursor = UnsafeMutableRawPointer(bitPattern: 8)!
    private var carveLimit = UnsafeMutableRawPointer(bitPattern: 8)!
    private static let carved = 256
    private static let listed = carved - 8
    /// Blocks of this size and more get a mapping of their own, unmapped when freed: a buffer cmark
    /// grows to megabytes (a long paragraph or code block) would otherwise leave every smaller copy of
    /// itself behind in the chunks.
    private static let mappedAlone = 1 << 18
    private var alone: [(base: UnsafeMutableRawPointer, size: Int)] = []
    private static let firstChunk = 1 << 18
    /// How much a thread keeps mapped between parses: pages touched once are not faulted in again
    /// for the next document (a fresh tree per file would fault its pages in again, file after file).
    private static let kept = 1 << 25

    /// Each block is preceded by an 8-byte header holding its size (a multiple of 8), which `realloc`
    /// and `free` read. Blocks are 8-byte aligned: cmark's structures hold pointers and integers, nothing
    /// wider (16-byte alignment, as malloc gives, would add 8 bytes to each of cmark's 112-byte nodes).
    private static let header = 8

    /// cmark's nodes, without headers (see `NodeSlab`), which keeps as much as the chunks do.
    private let nodes = NodeSlab(blockSize: 112, kept: ParseArena.kept)

    init() {
        freeBlocks = .allocate(capacity: ParseArena.listed / 8 + 1)
        freeBlocks.initialize(repeating: nil, count: ParseArena.listed / 8 + 1)
    }

    /// Moves on to a free chunk of at least `bytes`: a kept one, else a new mapping.
    private func newChunk(atLeast bytes: Int) {
        var k = index + 1
        while k < chunks.count && chunks[k].size < bytes { k += 1 }
        if k == chunks.count {
            let grown = chunks.last.map { min($0.size * 2, 1 << 24) } ?? ParseArena.firstChunk
            let size = max(grown, (bytes + 4095) & ~4095)
            let mapped = chunks.reduce(0) { $0 + $1.size }
            guard let base = ParseArena.map(size, huge: mapped + size <= ParseArena.kept) else {
                cursor = nil
                limit = nil
                return
            }
            chunks.append((base, size))
        }
        index += 1
        chunks.swapAt(index, k)
        cursor = chunks[index].base
        limit = chunks[index].base + chunks[index].size
        populated = chunks[index].size >= 1 << 21 ? cursor! : limit!   // a small chunk faults in as used
    }

    /// `size` bytes of fresh memory. With `huge`, a chunk of 2 MB or more is aligned to 2 MB and
    /// offered to the kernel as transparent huge pages: one fault per 2 MB instead of 512. Only the
    /// chunks a thread keeps between parses are: beyond them (a large document's tree), the kernel's
    /// compaction for huge pages makes the run's time erratic.
    private static func map(_ size: Int, huge wanted: Bool) -> UnsafeMutableRawPointer? {
        let huge = 1 << 21
        guard wanted, size >= huge, size % huge == 0 else {
            guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else { return nil }
            return base
        }
        guard let raw = mmap(nil, size + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else { return nil }
        let address = UInt(bitPattern: raw)
        let aligned = (address + UInt(huge) - 1) & ~UInt(huge - 1)
        let head = Int(aligned - address)
        if head > 0 { munmap(raw, head) }
        let base = raw + head
        if huge - head > 0 { munmap(base + size, huge - head) }
        #if os(Linux)
        madvise(base, size, MADV_HUGEPAGE)
        #endif
        return base
    }

    @inline(__always)
    private static func rounded(_ size: Int) -> Int { max(8, (size + 7) & ~7) }

    /// The common cases inline: a node, or a free block of the exact size; the rest in `allocateOther`.
    @inline(__always)
    func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let rounded = ParseArena.rounded(size)
        if rounded == nodes.blockSize, let block = nodes.allocate() { return block }
        if rounded < ParseArena.carved, let block = freeBlocks[rounded >> 3] {
            freeBlocks[rounded >> 3] = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        return allocateOther(rounded)
    }

    /// A block of `rounded` bytes (a multiple of 8) that is not a node from the slab.
    @inline(never)
    private func allocateOther(_ rounded: Int) -> UnsafeMutableRawPointer? {
        let total = rounded + ParseArena.header
        if rounded >= ParseArena.mappedAlone { return allocateAlone(rounded) }
        if rounded < ParseArena.carved {
            // A free block of this size, or one or two words larger (a literal takes the place of a
            // paragraph's buffer).
            let top = min(rounded >> 3 + 2, ParseArena.listed >> 3)
            for list in (rounded >> 3)...top {
                if let block = freeBlocks[list] {
                    freeBlocks[list] = block.load(as: UnsafeMutableRawPointer?.self)
                    return block
                }
            }
            if let block = carve(total) {
                block.storeBytes(of: rounded, as: Int.self)
                return block + ParseArena.header
            }
        }
        if cursor == nil || limit! - cursor! < total {
            newChunk(atLeast: total)
            guard cursor != nil else { return nil }
        }
        let block = cursor!
        cursor = block + total
        while cursor! > populated { populate() }
        block.storeBytes(of: rounded, as: Int.self)
        last = block + ParseArena.header
        return last
    }

    /// A large chunk's pages are asked for 256 KB ahead of the cursor, in one call, instead of one page
    /// fault per 4 KB page (further ahead is no faster, and asks for memory before it is used).
    private func populate() {
        let end = min(limit!, populated + ParseArena.ahead)
        ParseArena.askForPages(populated, end)
        populated = end
    }

    /// How far ahead of use pages are asked for (the chunks' and the node slab's).
    static let ahead = 1 << 18

    /// Asks the kernel for the pages of `start..<end` now, in one call.
    static func askForPages(_ start: UnsafeMutableRawPointer, _ end: UnsafeMutableRawPointer) {
        #if os(Linux)
        _ = madvise(start, end - start, MADV_POPULATE_WRITE)   // before Linux 5.14: EINVAL, pages fault in as used
        #endif
    }

    private func allocateAlone(_ rounded: Int) -> UnsafeMutableRawPointer? {
        let size = (rounded + ParseArena.header + 4095) & ~4095
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else { return nil }
        alone.append((base, size))
        base.storeBytes(of: rounded, as: Int.self)
        return base + ParseArena.header
    }

    /// `total` bytes (header included) cut from the freed large blocks, or nil when they are used up.
    private func carve(_ total: Int) -> UnsafeMutableRawPointer? {
        while carveLimit - carveCursor < total {
            guard let next = spare else { return nil }
            spare = next.load(as: UnsafeMutableRawPointer?.self)
            // What is left of the block being cut becomes a free block of its size.
            let left = carveLimit - carveCursor
            if left >= 2 * ParseArena.header {
                carveCursor.storeBytes(of: left - ParseArena.header, as: Int.self)
                let block = carveCursor + ParseArena.header
                block.storeBytes(of: freeBlocks[(left - ParseArena.header) >> 3], as: UnsafeMutableRawPointer?.self)
                freeBlocks[(left - ParseArena.header) >> 3] = block
            }
            carveCursor = next - ParseArena.header
            carveLimit = next + carveCursor.load(as: Int.self)
        }
        let block = carveCursor
        carveCursor += total
        return block
    }

    func allocateZeroed(_ size: Int) -> UnsafeMutableRawPointer? {
        guard let p = allocate(size) else { return nil }
        memset(p, 0, size)
        return p
    }

    func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size) }
        if nodes.contains(pointer) {
            if size <= nodes.blockSize { return pointer }
            guard let fresh = allocate(size) else { return nil }
            memcpy(fresh, pointer, nodes.blockSize)
            nodes.free(pointer)
            return fresh
        }
        let block = pointer - ParseArena.header
        let old = block.load(as: Int.self)
        let rounded = ParseArena.rounded(size)
        if rounded <= old { return pointer }
        #if os(Linux)
        if old >= ParseArena.mappedAlone, let k = alone.lastIndex(where: { $0.base == block }) {
            let size = (rounded + ParseArena.header + 4095) & ~4095
            guard let moved = outline_mremap(block, alone[k].size, size) else { return nil }
            alone[k] = (moved, size)
            moved.storeBytes(of: rounded, as: Int.self)
            return moved + ParseArena.header
        }
        #endif
        if pointer == last && rounded < ParseArena.mappedAlone && limit! - pointer >= rounded {
            cursor = pointer + rounded
            block.storeBytes(of: rounded, as: Int.self)
            return pointer
        }
        guard let fresh = allocate(size) else { return nil }
        memcpy(fresh, pointer, old)
        free(pointer)
        return fresh
    }

    func free(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        if nodes.contains(pointer) {
            nodes.free(pointer)
            return
        }
        if pointer == last {
            cursor = pointer - ParseArena.header
            last = nil
            return
        }
        let size = (pointer - ParseArena.header).load(as: Int.self)
        if size >= ParseArena.mappedAlone {
            let base = pointer - ParseArena.header
            if let k = alone.lastIndex(where: { $0.base == base }) {
                munmap(base, alone[k].size)
                alone.remove(at: k)
            }
        } else if size < ParseArena.carved {
            pointer.storeBytes(of: freeBlocks[size >> 3], as: UnsafeMutableRawPointer?.self)
            freeBlocks[size >> 3] = pointer
        } else {
            pointer.storeBytes(of: spare, as: UnsafeMutableRawPointer?.self)
            spare = pointer
        }
    }

    /// Everything free again. `keeping`: chunks up to `kept` bytes stay mapped for the next parse;
    /// else every chunk is unmapped.
    func reset(keeping: Bool) {
        var total = 0
        var keep: [(base: UnsafeMutableRawPointer, size: Int)] = []
        for chunk in chunks {
            if keeping && total + chunk.size <= ParseArena.kept {
                total += chunk.size
                keep.append(chunk)
            } else {
                munmap(chunk.base, chunk.size)
            }
        }
        chunks = keep
        nodes.reset(keeping: keeping)
        for block in alone { munmap(block.base, block.size) }
        alone = []
        index = -1
        cursor = nil
        limit = nil
        last = nil
        freeBlocks.update(repeating: nil, count: ParseArena.listed / 8 + 1)
        spare = nil
        carveCursor = UnsafeMutableRawPointer(bitPattern: 8)!
        carveLimit = carveCursor
    }

    deinit {
        for chunk in chunks + alone { munmap(chunk.base, chunk.size) }
        nodes.release()
        freeBlocks.deallocate()
    }

    /// Releases a thread's arena when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            if let raw { Unmanaged<ParseArena>.fromOpaque(raw).release() }
        }
        return key
    }()

    /// This thread's arena (made on first use).
    static var ofThisThread: ParseArena {
        if let raw = outline_parse_arena_get() { return Unmanaged<ParseArena>.fromOpaque(raw).takeUnretainedValue() }
        let arena = ParseArena()
        let raw = Unmanaged.passRetained(arena).toOpaque()
        pthread_setspecific(key, raw)
        outline_parse_arena_set(raw)
        return arena
    }

    /// `body` on this thread's arena, without touching its reference count (the thread owns it).
    @inline(__always)
    private static func withCurrent<T>(_ body: (ParseArena) -> T) -> T {
        guard let raw = outline_parse_arena_get() else { return body(ofThisThread) }
        return Unmanaged<ParseArena>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }

    /// The allocator cmark is given: it forwards to the current thread's arena.
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let pointer = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        pointer.initialize(to: cmark_mem(
            calloc: { count, size in ParseArena.withCurrent { $0.allocateZeroed(count * size) } },
            realloc: { pointer, size in ParseArena.withCurrent { $0.reallocate(pointer, size) } },
            free: { pointer in ParseArena.withCurrent { $0.free(pointer) } }))
        return pointer
    }()
}

/// Blocks of one size, `blockSize` bytes (libcmark 0.30's node: 400,000 of the 600,000 blocks of a
/// tree of 100,000 sections), with no header: they come from one range of addresses reserved for them,
/// so a pointer's place says its size. That is 8 bytes less per node. The range is reserved without memory (`PROT_NONE`) and opened a few megabytes
/// at a time as nodes are made; its pages are asked for ahead, as a chunk's are. When the range cannot
/// be reserved, or is used up, the arena's other blocks serve nodes too (with headers).
final class NodeSlab {
    let blockSize: Int
    /// How much of the range keeps its pages between documents (offered as transparent huge pages).
    private let kept: Int
    private var mapping: UnsafeMutableRawPointer? = nil
    private var base: UnsafeMutableRawPointer? = nil
    private var reserved = 0
    private var end: UnsafeMutableRawPointer? = nil
    /// The next block never handed out.
    private var cursor: UnsafeMutableRawPointer? = nil
    /// The end of the part opened for reading and writing, and of the part whose pages were asked for.
    private var opened: UnsafeMutableRawPointer? = nil
    private var populated: UnsafeMutableRawPointer? = nil
    /// Freed blocks, linked through their first word.
    private var freed: UnsafeMutableRawPointer? = nil
    private var unavailable = false
    private static let opening = 1 << 22
    private static let hugePage = 1 << 21

    init(blockSize: Int, kept: Int) {
        self.blockSize = blockSize
        self.kept = kept
    }

    @inline(__always)
    func contains(_ pointer: UnsafeMutableRawPointer) -> Bool {
        guard let base, let end else { return false }
        return pointer >= base && pointer < end
    }

    /// A freed block, or the next one within the pages asked for already: a few instructions, inlined
    /// into the arena's `allocate` (cmark makes a node for every block and inline).
    @inline(__always)
    func allocate() -> UnsafeMutableRawPointer? {
        if let block = freed {
            freed = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        if let block = cursor, let populated, populated - block >= blockSize {
            cursor = block + blockSize
            return block
        }
        return allocateBeyond()
    }

    /// The next block when it lies beyond the pages asked for: the range reserved first, then opened
    /// and its pages asked for as needed.
    @inline(never)
    private func allocateBeyond() -> UnsafeMutableRawPointer? {
        if cursor == nil {
            guard !unavailable, reserve() else { return nil }
        }
        guard let block = cursor, end! - block >= blockSize else { return nil }
        let next = block + blockSize
        if next > opened! {
            let upto = min(end!, opened! + NodeSlab.opening)
            guard mprotect(opened!, upto - opened!, PROT_READ | PROT_WRITE) == 0 else { return nil }
            #if os(Linux)
            if opened! < base! + kept { _ = madvise(opened!, min(upto, base! + kept) - opened!, MADV_HUGEPAGE) }
            #endif
            opened = upto
        }
        if next > populated! {
            // 256 KB ahead once the slab is that big; before, as much as is used, from 64 KB (a small
            // document asks for little more than it needs).
            let ahead = min(ParseArena.ahead, max(1 << 16, block - base!))
            let upto = min(opened!, populated! + ahead)
            ParseArena.askForPages(populated!, upto)
            populated = upto
        }
        cursor = next
        return block
    }

    func free(_ block: UnsafeMutableRawPointer) {
        block.storeBytes(of: freed, as: UnsafeMutableRawPointer?.self)
        freed = block
    }

    /// Reserves the range: 16 GiB of addresses if the system lets it (a limit on address space may
    /// not), else less.
    private func reserve() -> Bool {
        for size in [1 << 34, 1 << 30, 1 << 27] {
            if let raw = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0), raw != MAP_FAILED {
                mapping = raw
                reserved = size
                // From a 2 MB boundary: the `kept` bytes are offered as transparent huge pages, as the
                // chunks a thread keeps are (nodes are most of a tree).
                let start = raw + (NodeSlab.hugePage - Int(bitPattern: UInt(bitPattern: raw)) % NodeSlab.hugePage) % NodeSlab.hugePage
                base = start
                end = raw + size
                cursor = start
                opened = start
                populated = start
                return true
            }
        }
        unavailable = true
        return false
    }

    /// Every block free again. `keeping`: the pages of the first `kept` bytes stay for the next
    /// document, the rest go back to the system; else all of them go, and the range.
    func reset(keeping: Bool) {
        freed = nil
        guard let base, cursor != nil else { return }
        guard keeping else {
            release()
            return
        }
        if populated! > base + kept {
            #if os(Linux)
            _ = madvise(base + kept, populated! - (base + kept), MADV_DONTNEED)
            #endif
            populated = base + kept
        }
        cursor = base
    }

    func release() {
        if let mapping { munmap(mapping, reserved) }
        mapping = nil
        base = nil
        end = nil
        cursor = nil
        opened = nil
        populated = nil
        freed = nil
    }
}
