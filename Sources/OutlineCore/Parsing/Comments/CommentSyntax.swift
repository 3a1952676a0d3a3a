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
/// is read back from the file's own bytes (`OutlineCommentParser`). Every other expression, ESM line
/// and JSX element is left as cmark reads it, and never edited.
enum MDXComments {
    static let open = Array("{/*".utf8)
    static let close = Array("*/}".utf8)

    /// The bytes cmark is given for an MDX file: `source` with outline's comment lines masked, or nil
    /// when it holds none (the file is then parsed as it is).
    static func masked(_ source: Source) -> Source? {
        let bytes = source.bytes
        guard bytes.count >= 3, mayHold(bytes) else { return nil }
        var copy: [UInt8]? = nil
        var line = 0
        while line < source.lineCount {
            let range = source.contentRange(line)
            let start = bytes.skippingIndent(from: range.lowerBound, to: range.upperBound)
            guard start - range.lowerBound <= 3, isOutlineComment(bytes, at: start, end: range.upperBound) else { line += 1; continue }
            if copy == nil { copy = bytes }
            copy![start] = UInt8(ascii: "<"); copy![start + 1] = UInt8(ascii: "?"); copy![start + 2] = ASCII.space
            // Where MDX's expression ends: at the first `*/}`, on this line or (a malformed one) a
            // later one, so that cmark's block ends there too, as MDX's does.
            var q = start + 3
            while q + 3 <= bytes.count && !(bytes[q] == UInt8(ascii: "*") && bytes[q + 1] == UInt8(ascii: "/") && bytes[q + 2] == UInt8(ascii: "}")) { q += 1 }
            if q + 3 <= bytes.count {
                copy![q] = ASCII.space; copy![q + 1] = UInt8(ascii: "?"); copy![q + 2] = UInt8(ascii: ">")
                line = max(line + 1, source.line(containing: q) + 1)
            } else {
                break
            }
        }
        return copy.map { Source($0) }
    }

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

    /// Whether `{/*` stands anywhere (most MDX files hold none of outline's lines yet).
    static func mayHold(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i + 2 < b.count {
                if b[i] == UInt8(ascii: "{") && b[i + 1] == UInt8(ascii: "/") && b[i + 2] == UInt8(ascii: "*") { return true }
                i += 1
            }
            return false
        }
    }
}
