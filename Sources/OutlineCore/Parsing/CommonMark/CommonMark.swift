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
    var blockStarts: [UInt64] = []

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
    /// A document about to be rewritten: its result, about as large, is parsed next to verify it, so
    /// every page stays mapped for that parse instead of being unmapped and faulted in (and zeroed by
    /// the kernel) again. The verification's parse then keeps as `keepForNextDocument` does.
    case rewrittenNext
    /// As `rewrittenNext`, for the last document of the process: the verification's parse gives every
    /// page back as `lastDocument` does, so that its model and the output do not come on top of them.
    case rewrittenLast

    /// How the parse that verifies a rewrite of a document parsed this way treats its pages.
    var forVerification: ParserMemory {
        self == .rewrittenLast || self == .lastDocument ? .lastDocument : .keepForNextDocument
    }
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
    /// `fingerprints`: hash the leaves of every top-level block whose lines hold `[` or `<` (where a
    /// link destination can be); `fingerprintLines`: instead, those of the top-level blocks that start
    /// on these 0-based lines (sorted ranges), as verification hashes the blocks a rewrite touched.
    static func topLevelBlocks(of source: Source, hiddenLines: Int, parserMemory: ParserMemory,
                               inventory: UnsafeMutablePointer<LinkInventory>? = nil, textsFromSource: Bool = true,
                               blockStarts: Bool = false, fingerprints: Bool = false, fingerprintLines: [Range<Int>]? = nil,
                               lean: Bool = false) throws -> CommonMarkBlocks {
        // The tree lives in this thread's arena: no malloc per node, and the whole tree gone by
        // unmapping or rewinding its chunks instead of a walk that frees node by node (with the system
        // allocator, malloc and free are a large part of a docs-tree check).
        // Built with -DOUTLINE_SYSTEM_ALLOCATOR (`make asan`), cmark allocates with malloc and the tree
        // is freed node by node: AddressSanitizer sees every block, which it cannot inside the arena.
        #if OUTLINE_SYSTEM_ALLOCATOR
        let memory = cmark_get_default_mem_allocator()
        #else
        let arena = ParseArena.ofThisThread
        defer { arena.reset(keeping: parserMemory != .lastDocument, everything: parserMemory == .rewrittenNext || parserMemory == .rewrittenLast) }
        let memory = ParseArena.allocator
        #endif
        // No CMARK_OPT_VALIDATE_UTF8: it replaces invalid bytes and shifts positions; no smart punctuation,
        // which would change titles. The parser itself lives in the arena too: nothing to free.
        guard let parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, memory) else {
            throw Diagnostic.error(.parser, "libcmark could not start a parser (out of memory?)")
        }
        #if OUTLINE_SYSTEM_ALLOCATOR
        defer { cmark_parser_free(parser) }
        #endif

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
        #if OUTLINE_SYSTEM_ALLOCATOR
        defer { cmark_node_free(document) }
        #endif
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
        if blockStarts { result.blockStarts.reserveCapacity(blockCount * 2) }
        var sawBulletList = false
        var ancestors: [OpaquePointer] = []
        var range = 0
        var node = cmark_node_first_child(document)
        while let current = node {
            let type = cmark_node_get_type(current)
            let line = cmark_node_get_start_line(current) - 1
            if blockStarts { result.blockStarts.append(UInt64(max(0, line)) << 8 | UInt64(type.rawValue & 0xFF)) }
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
            if let inventory {
                var hashed = fingerprints
                if fingerprints {
                    if let lines = fingerprintLines {
                        // Blocks come in order: the ranges are walked once.
                        while range < lines.count && lines[range].upperBound <= Int(line) { range += 1 }
                        hashed = range < lines.count && lines[range].contains(Int(line))
                    } else {
                        // A block whose lines hold neither `[` nor `<` has no destination a rewrite of
                        // links could edit: walking and hashing every paragraph and code block of a
                        // large document was most of the walk's time.
                        let last = node.map { Int(cmark_node_get_start_line($0)) - 1 } ?? source.lineCount
                        hashed = mayHoldLinks(source, from: Int(line) + 1, through: max(Int(line) + 1, last))
                    }
                    let count = Int32(inventory.pointee.leafPrints.count)
                    inventory.pointee.leafStarts.append(hashed ? count : ~count)
                }
                takeInventory(of: current, into: &inventory.pointee, source: source, fingerprints: hashed, lean: lean, ancestors: &ancestors)
            }
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

    static func string(_ p: UnsafePointer<CChar>?) -> String {
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
    static func appendPlainText(of heading: OpaquePointer, to text: inout [UInt8]) {
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
    static func bytes(of string: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
        var count = 0
        while string[count] != 0 { count += 1 }
        return UnsafeRawPointer(string).withMemoryRebound(to: UInt8.self, capacity: count) { UnsafeBufferPointer(start: $0, count: count) }
    }
}
