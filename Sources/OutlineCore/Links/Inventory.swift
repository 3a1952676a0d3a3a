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
    }

    /// A link or image destination as cmark resolved it (reference links included).
    public struct Link: Sendable, Equatable {
        public let line: Int
        public let destination: String
        public let isImage: Bool
    }

    /// Raw HTML, block or inline, with its first line.
    public struct HTML: Sendable, Equatable {
        public let line: Int
        public let literal: String
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

    init(headings: [HeadingText] = [], links: [Link] = [], html: [HTML] = []) {
        self.headings = headings
        self.links = links
        self.html = html
    }
}
