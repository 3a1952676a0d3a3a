/// `outline translation stamp` (format.md §17): `source=HASH` written on translated sections' anchor
/// lines, right after the ID (replacing the one there), every other byte kept; verified (§9).
public enum TranslationStamp {
    /// Writes `source=` on each section of `stamps` (section index → the source section's hash now);
    /// every one must be anchored.
    public static func apply(_ outline: Outline, stamps: [Int: UInt32]) throws -> RewriteResult {
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
        return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes), sections: Verification.unchanged(outline))
    }
}
