/// `outline translation stamp --set-base REV` (format.md §17): a revision written into a page's base
/// key (`[translation] base-key`, `default_lang_commit` by default), the front-matter key where a
/// project records the source revision a page was translated from. The value replaces the one there
/// (a comment after it kept), or a `key: REV` line goes before the closing delimiter; every other byte
/// is kept, and the result's front matter must read REV under the key.
public enum BaseKey {
    public static func set(_ key: String, to revision: String, in outline: Outline) throws -> RewriteResult {
        let source = outline.source
        let count = outline.frontMatterLineCount
        guard count >= 2 else {
            return RewriteResult(EditList(), on: source.bytes, diagnostics: [.warning(.translation, line: 1, "no front matter: \(key) not written")])
        }
        let toml = source.content(0).first == UInt8(ascii: "+")
        let written = toml ? "\"\(revision)\"" : revision
        let front = FrontMatterValues(outline)
        var edits = EditList()
        if let line = front.line(of: key) {
            let content = source.content(line - 1)
            let separator = UInt8(ascii: toml ? "=" : ":")
            guard var start = content.firstIndex(of: separator) else { throw refuse(line, key) }
            start += 1
            while start < content.endIndex, ASCII.isBlank(content[start]) { start += 1 }
            // The value runs to a comment (a `#` after a blank) or the line's end, blanks trimmed.
            var end = start
            while end < content.endIndex, !(content[end] == UInt8(ascii: "#") && end > start && ASCII.isBlank(content[end - 1])) { end += 1 }
            while end > start, ASCII.isBlank(content[end - 1]) { end -= 1 }
            if !content[start..<end].elementsEqual(written.utf8) {
                if start == content.endIndex, start > content.startIndex, !ASCII.isBlank(content[start - 1]) {
                    edits.insert(Array((" " + written).utf8), at: start)
                } else {
                    edits.replace(start..<end, with: Array(written.utf8))
                }
            }
        } else {
            let separator = toml ? " = " : ": "
            edits.insertLine(prefix: Array((key + separator + written).utf8), after: count - 2, in: source)
        }
        let result = try Verification.verified(outline, RewriteResult(edits, on: source.bytes), sections: Verification.unchanged(outline))
        if !result.rewrite.isIdentity {
            let parsed = try Outline(parsing: result.output, [], dialect: outline.dialect)
            guard parsed.frontMatterLineCount == count + (front.line(of: key) == nil ? 1 : 0),
                  FrontMatterValues(parsed).word(key) == revision else { throw refuse(front.line(of: key) ?? count, key) }
        }
        return result
    }

    private static func refuse(_ line: Int, _ key: String) -> Diagnostic {
        .error(.refused, line: line, "refusing to write: the front matter would not read the revision under '\(key)'")
    }
}
