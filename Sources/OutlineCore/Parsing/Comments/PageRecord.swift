/// A translated page's record (format.md §2, §17): what the page's units outside its sections were
/// translated from, one `key=value` attribute each: `preamble=HASH` for the text before the first
/// heading, `title=HASH` (any front-matter key the site translates) for a front-matter value;
/// `none` for a unit only the translation has.
///
///     <!-- outline-page:preamble=1f3a9c2e title=0b9d2c41 -->
///
/// It is the page's last non-blank line, after a blank line (format.md §2): the end of a file is the
/// one place where a line of its own changes nothing a site renders or reads, since MkDocs and
/// Docusaurus take a page's title from a first heading that comes first, and front matter is the
/// site's bytes. (A class, immutable: a document holds at most a few, and an `Outline` a pointer.)
public final class PageRecord: Sendable {
    /// 0-based line.
    public let line: Int
    /// The `key=value` tokens after `outline-page:`.
    public let tokens: [CommentToken]
    /// Offset right after `outline-page:`, where the first attribute goes.
    public let bodyStart: Int
    /// The comment, from its opening delimiter to the end of the line's content.
    public let commentRange: Range<Int>
    public enum Problem: Sendable, Equatable {
        /// The comment does not end on its line, or text follows it.
        case unclosed
        /// The line holds invalid UTF-8 (cmark does not see the comment end there).
        case invalidUTF8
        /// A word that is no `key=value` attribute.
        case notAnAttribute(String)

        public var description: String {
            switch self {
            case .unclosed: return "the comment must end on its line, with nothing after it"
            case .invalidUTF8: return "the line is not valid UTF-8"
            case .notAnAttribute(let word): return "'\(word)' is not a key=value attribute"
            }
        }
    }
    /// Why the line is not a usable record; nil for a good one.
    public let problem: Problem?
    public let syntax: CommentSyntax

    /// Whether the line is one block of its own that outline may delete or rewrite (`id --strip`
    /// removes it): not so when the comment runs on past it.
    public var endsOnItsLine: Bool { problem != .unclosed && problem != .invalidUTF8 }

    init(line: Int, tokens: [CommentToken], bodyStart: Int, commentRange: Range<Int>, problem: Problem?, syntax: CommentSyntax) {
        self.line = line
        self.tokens = tokens
        self.bodyStart = bodyStart
        self.commentRange = commentRange
        self.problem = problem
        self.syntax = syntax
    }

    /// The value of attribute `key`, with its token.
    public func attribute(_ key: String) -> (value: String, token: CommentToken)? {
        let prefix = key + "="
        for token in tokens where token.isAttribute && token.text.hasPrefix(prefix) {
            return (String(token.text.dropFirst(prefix.count)), token)
        }
        return nil
    }

    /// What the record says of unit `key`: a hash, `none`, something else, or nothing (nil).
    public func stamp(_ key: String) -> SourceStamp? {
        guard problem == nil, let (value, _) = attribute(key) else { return nil }
        if value == CommentFormat.sourceNone { return .local }
        guard value.utf8.count == 8, value == value.lowercased(),
              let hash = value.utf8.withContiguousStorageIfAvailable({ CommentFormat.hex32($0) }) ?? nil else { return .malformed(value) }
        return .hash(hash)
    }

    /// Offset right after the last token, where attributes are appended.
    public var bodyEnd: Int { tokens.last?.range.upperBound ?? bodyStart }
}
