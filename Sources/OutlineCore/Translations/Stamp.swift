/// `outline translation stamp` (format.md §17): `source=HASH` written on translated sections' anchor
/// lines, right after the ID (replacing the one there), and the page units' hashes in the page
/// record (format.md §2: the file's last line, after a blank one; added when the page has none),
/// every other byte kept; verified (§9).
public enum TranslationStamp {
    /// Writes `source=` on each section of `stamps` (section index → the source section's hash now);
    /// every one must be anchored. `page`: each page unit's hash (nil: `none`), in the page record.
    public static func apply(_ outline: Outline, stamps: [Int: UInt32], page: [(unit: PageUnit, stamp: UInt32?)] = []) throws -> RewriteResult {
        var edits = EditList()
        for (index, hash) in stamps.sorted(by: { $0.key < $1.key }) {
            guard let record = outline.sections[index].record, record.id != nil, let idToken = record.idToken else { continue }
            let attribute = Array(CommentFormat.sourceAttribute(hash).utf8)
            if let (_, token) = record.attribute(CommentFormat.sourceKey) {
                if Array(token.text.utf8) != attribute { edits.replace(token.range, with: attribute) }
            } else {
                edits.insert([ASCII.space] + attribute, at: idToken.range.upperBound)
            }
        }
        let planned = try edits.writePage(page, in: outline)
        return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes), sections: Verification.unchanged(outline),
                                         pageRecord: planned)
    }
}

extension EditList {
    /// The edits that give the page record of `outline` the stamps of `page` (the record's other
    /// attributes kept), and what its attributes must then be; nil when nothing is asked.
    mutating func writePage(_ page: [(unit: PageUnit, stamp: UInt32?)], in outline: Outline) throws -> [(key: String, value: String)]? {
        guard !page.isEmpty else { return nil }
        let source = outline.source
        func value(_ stamp: UInt32?) -> String { stamp.map(ContentHash.hex) ?? CommentFormat.sourceNone }
        guard let record = outline.pageRecord else {
            guard let lastLine = Optional(source.lineCount - 1), lastLine >= 0 else {
                throw Diagnostic.error(.refused, "refusing to write: an empty file has no page to record")
            }
            // The file's last line, then a blank line and the record (a record ends the file as its
            // last line did: with a line ending or without).
            let own = Array(source.lineEnding(lastLine))
            let ending = own.isEmpty ? source.firstLineEnding : own
            let line = CommentFormat.pageLine(page.map { ($0.unit.key, $0.stamp) }, syntax: outline.dialect.commentSyntax)
            let bytes = own.isEmpty ? ending + ending + line : ending + line + ending
            insert(bytes, at: source.bytes.count)
            return page.map { ($0.unit.key, value($0.stamp)) }
        }
        if let problem = record.problem {
            throw Diagnostic.error(.malformedAnchor, line: record.line + 1, "malformed page record (\(problem.description)): fix or remove it")
        }
        var planned = record.tokens.map { token -> (key: String, value: String) in
            let parts = token.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), String(parts[1]))
        }
        var appended: [String] = []
        for (unit, stamp) in page {
            let text = unit.key + "=" + value(stamp)
            if let (_, token) = record.attribute(unit.key) {
                if token.text != text { replace(token.range, with: Array(text.utf8)) }
                if let k = planned.firstIndex(where: { $0.key == unit.key }) { planned[k].value = value(stamp) }
            } else {
                appended.append(text)
                planned.append((unit.key, value(stamp)))
            }
        }
        if !appended.isEmpty {
            let text = appended.joined(separator: " ")
            insert(Array((record.tokens.isEmpty ? text : " " + text).utf8), at: record.bodyEnd)
        }
        return planned
    }
}
