#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCmark

/// The link inventory's walk of cmark's tree (see `LinkInventory`): what links need, copied out in
/// the same parse.
extension CommonMark {
    /// Every heading's text, local link and image destination, and raw HTML that may carry attributes
    /// in the subtree `root` (a top-level block), in document order, appended to `inventory`. A walk by
    /// first child, next sibling and parent, without recursion (a document may nest 50,000 lists
    /// deep), that skips what cannot hold any of them (code blocks, text outside headings). External destinations (a scheme, `//host`) and raw HTML without `=` (no attribute
    /// value: a comment, a closing tag) are left in cmark's tree: no reader of the inventory wants them,
    /// and in a changelog they are most of its links. A paragraph whose lines hold neither `[` nor `<` has no link, image or raw
    /// HTML: its inline nodes are not visited at all (the walk's cost is touching nodes).
    /// `lean`: destinations and raw HTML only (what verifying a rewrite compares): no heading texts, no
    /// block layout for the link locator.
    /// `ancestors`: the caller's scratch array, emptied here, reused for every top-level block (a new
    /// array for each block was an allocation per paragraph).
    static func takeInventory(of root: OpaquePointer, into inventory: inout LinkInventory, source: Source, fingerprints: Bool, lean: Bool,
                              ancestors: inout [OpaquePointer]) {
        // The open ancestors: an inline node without a position takes the nearest one's start line.
        ancestors.removeAll(keepingCapacity: true)
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
                    if type == CMARK_NODE_CODE_BLOCK { print.mix(cmark_node_get_literal(current)); print.mix(cmark_node_get_fence_info(current)) }
                    if type == CMARK_NODE_HTML_BLOCK { print.mixHTML(cmark_node_get_literal(current)) }
                    if type == CMARK_NODE_HEADING { print.mix(UInt8(cmark_node_get_heading_level(current))) }
                case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                    print.mix(UInt8(type.rawValue & 0xFF))
                    print.mix(cmark_node_get_literal(current))
                case CMARK_NODE_HTML_INLINE:
                    print.mix(UInt8(type.rawValue & 0xFF))
                    print.mixHTML(cmark_node_get_literal(current))
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
                if !lean { inventory.headings.append(.init(line: line(of: current), pieces: headingPieces(current), level: Int(cmark_node_get_heading_level(current)))) }
                descend = true
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = cmark_node_get_url(current), isLocal(url), !(type == CMARK_NODE_LINK && Footnotes.isReference(current)) {
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
        /// Raw HTML with the values of its `href` attributes left out, as a link's destination is:
        /// they are what a rewrite may change (verification's `checkHTML` holds each one to the
        /// plan), and every other byte of the literal is hashed, so that a block with a repaired
        /// `href` is compared like any other. (Whole literals made such a block differ by
        /// construction; verification left it out, missing those not on their top-level block's
        /// first line and seeing nothing else in those it left out: issue 42, item 6.)
        mutating func mixHTML(_ literal: UnsafePointer<CChar>?) {
            guard let literal, strchr(literal, CInt(UInt8(ascii: "="))) != nil else { mix(literal); return }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
            var done = 0
            HTMLAttributes.forEach(in: bytes) { _, name, value, _ in
                guard HTMLAttributes.isHref(bytes[name]) else { return }
                for b in bytes[done..<value.lowerBound] { mix(b) }
                mix(0xFF)   // where a value stood: never a byte of UTF-8 text
                done = value.upperBound
            }
            for b in bytes[done...] { mix(b) }
            mix(0)
        }
    }

    /// Whether the source lines `first...last` (cmark's 1-based numbers) hold `[` or `<`; true when
    /// cmark gave no usable range.
    static func mayHoldLinks(_ source: Source, from first: Int, through last: Int) -> Bool {
        guard first >= 1, last >= first, last < source.lineStarts.count else { return true }
        let start = source.lineStarts[first - 1], end = source.lineStarts[last]
        return source.bytes.withUnsafeBufferPointer { b in
            var i = start
            // Eight bytes at a time: a word holds `[` (0x5B) or `<` (0x3C) exactly when its xor with
            // eight of them has a zero byte, which the borrow test below finds without false alarms.
            // (Every paragraph of a document is scanned, on every parse with links.)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
            while i + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self))
                if hasZeroByte(word ^ (ones &* 0x5B)) || hasZeroByte(word ^ (ones &* 0x3C)) { return true }
                i += 8
            }
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
}

/// GFM footnotes as cmark sees them (format.md §7): a footnote reference (`Text[^1].` with `[^1]: ...`
/// below) is, for CommonMark, a link to the definition's text, and the definition a link reference
/// definition; for GitHub a footnote. The inventory leaves such a link out, like an external one, and
/// the conformance run's plain walk uses the same rule.
public enum Footnotes {
    /// A link node whose one child is the label: `^` and no white space.
    public static func isReference(_ link: OpaquePointer) -> Bool {
        guard let child = cmark_node_first_child(link), cmark_node_next(child) == nil,
              cmark_node_get_type(child) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(child),
              literal.pointee == CChar(UInt8(ascii: "^")), literal[1] != 0 else { return false }
        var p = literal + 1
        while p.pointee != 0 { if p.pointee == 32 || p.pointee == 9 || p.pointee == 10 { return false }; p += 1 }
        return true
    }
}
