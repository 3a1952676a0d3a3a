/// What links need of a document, copied out of cmark's tree in the same parse: the rendered text of
/// every heading (at any level, in any container), every link and image destination, and every piece
/// of raw HTML (for `id`, `name` and `href` attributes).
public struct LinkInventory: Sendable {
    /// A heading's rendered text, in pieces, so that each slug profile can read it its renderer's way.
    public struct HeadingText: Sendable, Equatable {
        public enum Piece: Sendable, Equatable {
            case text(String)
            case code(String)
            /// A soft or hard line break inside the heading.
            case lineBreak
            /// An image's alt text (GitHub's and Python-Markdown's text content leave it out; pandoc keeps it).
            case imageAlt(String)
        }
        /// 1-based line of the heading.
        public let line: Int
        public let pieces: [Piece]
        /// 1 to 6.
        public var level: Int = 1
    }

    /// A link or image destination as cmark resolved it (reference links included).
    public struct Link: Sendable, Equatable {
        /// cmark's line for the node: a hint for messages only (cmark 0.30 misplaces inlines after a
        /// link spanning lines, after lazy lines and after definitions; `LinkLocator` finds the bytes).
        public let line: Int
        public let destination: String
        public let isImage: Bool
        /// The leaf block (`LinkInventory.blocks`) holding the node, and its place among all the link and
        /// image nodes of that block in document order (external ones counted too).
        var block: Int32 = -1
        var ordinal: Int32 = -1

        public init(line: Int, destination: String, isImage: Bool) {
            self.line = line
            self.destination = destination
            self.isImage = isImage
        }

        init(line: Int, destination: String, isImage: Bool, block: Int32, ordinal: Int32) {
            self.init(line: line, destination: destination, isImage: isImage)
            self.block = block
            self.ordinal = ordinal
        }
    }

    /// Raw HTML, block or inline, with its first line.
    public struct HTML: Sendable, Equatable {
        public let line: Int
        public let literal: String
        /// An HTML block: its own entry in `blocks`; inline HTML: the paragraph or heading holding it and
        /// its place among all the raw HTML nodes of that block.
        var block: Int32 = -1
        var ordinal: Int32 = -1

        public init(line: Int, literal: String) {
            self.line = line
            self.literal = literal
        }

        init(line: Int, literal: String, block: Int32, ordinal: Int32) {
            self.init(line: line, literal: literal)
            self.block = block
            self.ordinal = ordinal
        }
    }

    /// A leaf block whose source bytes the link locator may scan: where cmark says it starts (start
    /// positions of blocks are reliable; cmark's end lines are used as an upper bound only), and how
    /// many block quotes hold it (whose `>` markers are stripped from its continuation lines).
    struct Block: Sendable, Equatable {
        enum Kind: UInt8, Sendable { case paragraph, heading, html }
        let kind: Kind
        /// 0-based line and byte column of the block's first byte.
        let startLine: Int32
        let startColumn: Int32
        /// 0-based last line the block may reach.
        let lastLine: Int32
        let quoteDepth: Int32
        /// How many link and image nodes cmark put in the block (external ones too).
        var linkCount: Int32 = 0
    }

    /// The layout reference definitions are found in: cmark drops a paragraph that holds only
    /// definitions from its tree, so they stand on lines no leaf block covers. 0-based closed ranges.
    struct Layout: Sendable, Equatable {
        /// Lines of every leaf block (paragraphs, headings, code and HTML blocks, thematic breaks).
        var leaves: [ClosedRange<Int32>] = []
        /// Block quotes, whose `>` markers stand on each of their lines.
        var quotes: [ClosedRange<Int32>] = []
        /// Lines on which a list item starts (its marker stands there), once per item.
        var itemStarts: [Int32] = []
    }

    /// A quick look at raw bytes: false when the document cannot have a same-file link (`(#x)`,
    /// `<#x>`, `]: #x`, `href="#x"`), so that `number` need not collect an inventory at all.
    public static func mayHaveSameFileLinks(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = 1
            while i < b.count {
                if b[i] == UInt8(ascii: "#") {
                    switch b[i - 1] {
                    case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="):
                        return true
                    case ASCII.space, ASCII.tab:
                        if i >= 2 && b[i - 2] == UInt8(ascii: ":") { return true }
                    default:
                        break
                    }
                }
                i += 1
            }
            return false
        }
    }

    public internal(set) var headings: [HeadingText] = []
    public internal(set) var links: [Link] = []
    public internal(set) var html: [HTML] = []
    var blocks: [Block] = []
    var layout = Layout()
    /// With fingerprints asked for: one hash per leaf block (paragraph, heading, code block, HTML block,
    /// thematic break) in document order, of its node types and literals, link destinations left out:
    /// a rewrite that changes only destinations leaves every one of them as it was.
    var leafPrints: [UInt64] = []
    /// With fingerprints asked for: for each top-level block (as `Document.blockStarts` lists them), the
    /// index of its first leaf in `leafPrints`, or its bitwise complement for a block left unhashed.
    var leafStarts: [Int32] = []

    /// The leaf fingerprints of the top-level blocks `blocks`; nil unless every one of them was hashed.
    func leafPrints(ofBlocks blocks: Range<Int>) -> ArraySlice<UInt64>? {
        guard blocks.upperBound <= leafStarts.count else { return nil }
        for i in blocks where leafStarts[i] < 0 { return nil }
        func start(_ i: Int) -> Int {
            i < leafStarts.count ? Int(leafStarts[i] < 0 ? ~leafStarts[i] : leafStarts[i]) : leafPrints.count
        }
        return leafPrints[start(blocks.lowerBound)..<start(blocks.upperBound)]
    }

    init(headings: [HeadingText] = [], links: [Link] = [], html: [HTML] = []) {
        self.headings = headings
        self.links = links
        self.html = html
    }
}
