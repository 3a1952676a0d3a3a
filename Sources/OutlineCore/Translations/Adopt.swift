/// `outline translation adopt`'s rewrite (format.md §17): each aligned section of a translation gets
/// its source section's ID and `source=`, where `id` would put an anchor (under the heading, or after
/// the blank line when the document's anchors stand there), or in the ID-less record it has; the page
/// units get theirs in the page record. Nothing else changes; verified (§9).
public enum TranslationAdopt {
    /// `assignments`: translated section index → the source's ID and the hash to record (nil: no
    /// `source=`, the section is then `untracked`). Sections with an ID of their own are left alone.
    /// `page`: the page units' hashes to record.
    public static func apply(_ outline: Outline, assignments: [Int: (id: String, hash: UInt32?)],
                             page: [(unit: PageUnit, stamp: UInt32?)] = []) throws -> RewriteResult {
        var edits = EditList()
        let source = outline.source
        let syntax = outline.dialect.commentSyntax
        let afterBlank = outline.placesAnchorsAfterBlank
        var expected = Verification.unchanged(outline)
        for (index, assigned) in assignments.sorted(by: { $0.key < $1.key }) {
            let section = outline.sections[index]
            guard !section.anchored || section.duplicateOf != nil else { continue }
            let body = assigned.id + (assigned.hash.map { " " + CommentFormat.sourceAttribute($0) } ?? "")
            if let record = section.record {
                // An ID-less record (`number` wrote it): the ID and `source=` right after `outline:`.
                guard record.idToken == nil, record.canHoldAnID, record.problem == nil || record.problem == .empty else { continue }
                let separated = record.bodyStart < record.commentRange.upperBound && ASCII.isBlank(source.bytes[record.bodyStart])
                edits.insert(Array((separated || record.tokens.isEmpty ? body : body + " ").utf8), at: record.bodyStart)
            } else {
                var line = section.heading.lastLine
                if afterBlank, line + 2 < source.lineCount, source.isBlank(line + 1) { line += 1 }
                edits.insertLine(prefix: CommentFormat.recordPrefix(syntax), body, suffix: CommentFormat.recordSuffix(syntax), after: line, in: source)
            }
            expected[index].id = assigned.id
            expected[index].anchored = true
        }
        let planned = try edits.writePage(page, in: outline)
        return try Verification.verified(outline, RewriteResult(edits, on: source.bytes), sections: expected, pageRecord: planned)
    }
}
