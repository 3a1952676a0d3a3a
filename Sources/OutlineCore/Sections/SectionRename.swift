extension Section {
    /// The bytes of the heading's title as written: its text without outline's number and without a
    /// `{#id}` attribute. nil for a heading whose title cannot be replaced in place (a setext heading
    /// of several lines, an empty one). `rename` and the language server's rename write here.
    public func titleRange(in source: Source) -> Range<Int>? {
        let h = heading
        if h.style == .setext && h.lastLine - h.firstLine > 1 { return nil }
        var lo = h.contentStart, hi = h.contentEnd
        let b = source.bytes
        guard lo < hi else { return nil }
        if let number, b[lo..<hi].starts(with: number.utf8) {
            lo += number.utf8.count
            while lo < hi, b[lo] == ASCII.space || b[lo] == ASCII.tab { lo += 1 }
        }
        if explicitID != nil, b[hi - 1] == UInt8(ascii: "}"), let brace = b[lo..<hi].lastIndex(of: UInt8(ascii: "{")) {
            hi = brace
            while hi > lo, b[hi - 1] == ASCII.space || b[hi - 1] == ASCII.tab { hi -= 1 }
        }
        return lo < hi ? lo..<hi : nil
    }
}

extension SectionEdit {
    /// Section `k`'s title replaced by `title` (one line of Markdown): the heading keeps its level,
    /// number, `{#id}` and anchor; the result is parsed to learn the title it renders as, and verified.
    static func rename(_ outline: Outline, section k: Int, to title: String) throws -> RewriteResult {
        let section = outline.sections[k]
        guard !title.isEmpty, !title.utf8.contains(where: { $0 == ASCII.lf || $0 == ASCII.cr }) else {
            throw Diagnostic.error(.refused, line: section.heading.firstLine + 1, "refusing: a heading's new title is one line of text, not empty")
        }
        guard let range = section.titleRange(in: outline.source) else {
            throw Diagnostic.error(.refused, line: section.heading.firstLine + 1,
                                   "refusing: the title of '\(section.title)' cannot be replaced in place (a setext heading of several lines, or an empty one): edit it with 'outline replace'")
        }
        var edits = EditList()
        edits.replace(range, with: Array(title.utf8))
        // The title the new text renders as, from a parse of the renamed document.
        let trial = try Outline(parsing: edits.apply(to: outline.source.bytes), dialect: outline.dialect)
        var expected = Verification.unchanged(outline)
        guard trial.sections.count == outline.sections.count, trial.sections[k].heading.level == section.heading.level else {
            throw Diagnostic.error(.refused, line: section.heading.firstLine + 1, "refusing: the title '\(title)' would change the document's sections")
        }
        // A title that renders empty, or without a letter or digit (`#`, `<!-- x -->`, `===`), leaves
        // the heading no slug: the links that name it would be rewritten to `#`.
        guard trial.sections[k].title.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else {
            throw Diagnostic.error(.refused, line: section.heading.firstLine + 1,
                                   "refusing: the title '\(title)' renders as '\(trial.sections[k].title)', which has no letter or digit to name it by")
        }
        expected[k].title = trial.sections[k].title
        return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes), sections: expected)
    }
}
