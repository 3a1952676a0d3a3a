/// How a file spells a comment, and so every line outline writes into it (format.md §2, §16):
/// `<!-- … -->` in Markdown; `{/* … */}`, a JavaScript comment in an expression, in MDX, where an
/// HTML comment is a syntax error (MDX 2 and later; Docusaurus 3 tolerates one only while
/// `markdown.mdx1Compat.comments` is on). The text inside is the same in both.
public enum CommentSyntax: Sendable, Equatable {
    case html, mdx

    var open: [UInt8] { self == .html ? CommentFormat.open : MDXComments.open }
    var close: [UInt8] { self == .html ? CommentFormat.close : MDXComments.close }
    var closeText: String { String(decoding: close, as: UTF8.self) }
}

extension Dialect {
    /// The syntax of outline's comment lines in a file read so.
    public var commentSyntax: CommentSyntax { mdx ? .mdx : .html }
}

/// outline's lines in an MDX file as cmark is shown them. `{/* outline:ID */}` is MDX's flow
/// expression: a block of its own that ends at its line (a line after it starts a new block, and
/// it interrupts a paragraph: micromark-extension-mdx-expression's tests `{ a } \t\nb` and
/// `> a\n{b}`). To cmark it is paragraph text, which the next line would continue: each such line
/// is shown to cmark as an HTML block of the same length that ends on its line (`<?  outline:ID  ?>`,
/// CommonMark's processing instruction, which also interrupts a paragraph). Its bytes keep their
/// offsets, so headings, links and verification's block starts read as in the file; the line itself
/// is read back from the file's own bytes (`OutlineCommentParser`). Every other expression and ESM
/// block is code (`MDXCode`), never edited.
enum MDXComments {
    static let open = Array("{/*".utf8)
    static let close = Array("*/}".utf8)

    /// Whether cmark's literal of an HTML block is one of outline's lines: `<!-- outline:`, or an MDX
    /// line as `masked` shows it to cmark (`<?`, blanks, `outline:`).
    static func isOwnLine(_ literal: String) -> Bool {
        if literal.hasPrefix("<!-- outline:") { return true }
        guard literal.hasPrefix("<? ") else { return false }
        return literal.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("outline:")
    }

    /// `{/*`, blanks, then `outline:`, `outline-fold:` or `outline-page:` at `p`.
    static func isOutlineComment(_ bytes: [UInt8], at p: Int, end: Int) -> Bool {
        guard bytes.has(open, at: p, end: end) else { return false }
        let q = bytes.skippingBlanks(from: p + open.count, to: end)
        return bytes.has(CommentFormat.recordKeyword, at: q, end: end) || bytes.has(CommentFormat.markerKeyword, at: q, end: end)
            || bytes.has(CommentFormat.pageKeyword, at: q, end: end)
    }
}
