/// The structural half of the section operations on one file (format.md §18): pin anchors, cut a section
/// out, put lines in, each a list of byte-range edits verified against its plan (format.md §9) before it
/// is returned. Links are the other half (`Run.sections`, through `LinkRepair`).
/// Where a section goes relative to another (`--after`, `--before`, `--into`: its last subsection).
public enum SectionPlacement: String, Sendable, CaseIterable { case after, before, into }

enum SectionEdit {
    /// Where lines go: before the heading block starting on a line, or after the file's last
    /// non-blank line.
    enum Landing: Equatable { case before(line: Int), end }

    /// The indices of section `k` and its subsections.
    static func subtree(_ k: Int, in outline: Outline) -> Range<Int> {
        let last = outline.sections[k].endLine
        var end = k + 1
        while end < outline.sections.count && outline.sections[end].heading.blockStartLine <= last { end += 1 }
        return k..<end
    }

    /// The position and level `placement` relative to section `k` gives.
    static func position(_ placement: SectionPlacement, of k: Int, in outline: Outline) -> (Landing, level: Int) {
        let section = outline.sections[k]
        switch placement {
        case .before: return (.before(line: section.heading.blockStartLine), section.heading.level)
        case .after, .into:
            let next = section.endLine + 1
            return (next < outline.source.lineCount ? .before(line: next) : .end, section.heading.level + (placement == .into ? 1 : 0))
        }
    }

    /// Anchors for the sections of `wanted` (index → ID) that have none, where the document puts its
    /// anchors (format.md §2), in its comment syntax, linkable when most of its anchors are.
    static func pin(_ outline: Outline, _ wanted: [Int: String]) throws -> RewriteResult {
        let sections = outline.sections
        let missing = wanted.filter { !sections[$0.key].anchored }
        var edits = EditList()
        // A heading whose own record holds no ID (a number record, a malformed or copied anchor):
        // `id`'s rules, with the ID `id` gives it.
        let ownRules = missing.filter { sections[$0.key].record != nil }
        for (k, id) in ownRules where id != sections[k].id {
            throw Diagnostic.error(.refused, line: sections[k].heading.firstLine + 1, "refusing: section '\(sections[k].title)' has an anchor line without a usable ID; run 'outline id -w' on the file first")
        }
        _ = edits.addAnchors(outline, only: ownRules.keys.sorted())
        let syntax = outline.dialect.commentSyntax
        let linkable = sections.filter { $0.anchored && $0.record?.isLinkable == true }.count * 2 > sections.filter(\.anchored).count
        for (k, id) in missing.sorted(by: { $0.key < $1.key }) where sections[k].record == nil {
            var line = sections[k].heading.lastLine
            if outline.placesAnchorsAfterBlank, line + 2 < outline.source.lineCount, outline.source.isBlank(line + 1) { line += 1 }
            let suffix = CommentFormat.recordSuffix(syntax) + (linkable ? CommentFormat.linkableElement(id) : [])
            edits.insertLine(prefix: CommentFormat.recordPrefix(syntax), id, suffix: suffix, after: line, in: outline.source)
        }
        var expected = Verification.unchanged(outline)
        for (k, id) in missing {
            expected[k].id = id
            expected[k].anchored = true
        }
        return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes), sections: expected)
    }

    /// Section `k` cut out with its subsections: the section's lines and the blank lines after it up to
    /// the next heading go; a section that ends the file takes the blank lines before it instead, and
    /// the line before them gives up its line ending to the section's last line (a file without a
    /// final newline keeps none). Returns the rewrite and the lines, for `put`.
    static func cut(_ outline: Outline, section k: Int) throws -> (RewriteResult, SectionLines) {
        let source = outline.source
        let lines = SectionText.lines(of: k, in: outline)
        var core = lines.upperBound
        while core > lines.lowerBound && source.isBlank(core) { core -= 1 }
        var edits = EditList()
        let moved: SectionLines
        if lines.upperBound + 1 < source.lineCount {
            edits.delete(SectionText.byteRange(of: lines, in: source))
            moved = SectionLines(outline, core: lines.lowerBound..<(core + 1), gap: (core + 1)..<(lines.upperBound + 1))
        } else {
            var before = lines.lowerBound - 1
            while before >= 0 && source.isBlank(before) { before -= 1 }
            let start = before >= 0 ? source.contentRange(before).upperBound : source.bomLength
            let end = before >= 0 ? source.contentRange(core).upperBound : source.lineStarts[core + 1]
            edits.delete(start..<end)
            moved = SectionLines(outline, core: lines.lowerBound..<(core + 1), gap: (before + 1)..<lines.lowerBound)
        }
        var expected = Verification.unchanged(outline)
        expected.removeSubrange(subtree(k, in: outline))
        return (try Verification.verified(outline, RewriteResult(edits, on: source.bytes), sections: expected), moved)
    }

    /// `lines` put into `outline` at `position`, in its line endings: before a heading, the lines then
    /// their gap; at the end, after the last non-blank line, the gap then the lines (the line ending
    /// that line had goes after the new last line). `planned`: the sections the lines hold, as the
    /// result must have them.
    static func put(_ lines: SectionLines, into outline: Outline, at position: Landing, planned: [Verification.Expected]) throws -> RewriteResult {
        let source = outline.source
        let ending = source.firstLineEnding
        var bytes: [UInt8] = []
        var edits = EditList()
        let index: Int
        // A setext heading's text line right under a non-blank line would continue that line's
        // paragraph (or a block quote's, lazily) and the heading would merge with it: a blank line
        // keeps them apart where the lines bring none of their own. (An ATX heading interrupts.)
        let separate = lines.gap.isEmpty ? [[UInt8]()] : []
        switch position {
        case .before(let line):
            let next = outline.sections.first { $0.heading.blockStartLine == line }?.heading.style == .setext
            // (Not under one of outline's lines: a well-formed one is an HTML block that ends on its line.)
            let closes = outline.records.contains { $0.line == line - 1 && $0.problem == nil }
            let before = line > 0 && !source.isBlank(line - 1) && !closes && lines.startsWithSetext ? [[UInt8]()] : []
            for l in before + lines.lines + lines.gap + (next ? separate : []) { bytes += l + ending }
            edits.insert(bytes, at: line == 0 ? source.bomLength : source.lineStarts[line])
            index = outline.sections.firstIndex { $0.heading.blockStartLine >= line } ?? outline.sections.count
        case .end:
            var last = source.lineCount - 1
            while last >= 0 && source.isBlank(last) { last -= 1 }
            if last >= 0 {
                for l in lines.gap + (lines.startsWithSetext ? separate : []) { bytes += ending + l }
                for l in lines.lines { bytes += ending + l }
                edits.insert(bytes, at: source.contentRange(last).upperBound)
            } else {
                for l in lines.lines { bytes += l + ending }
                edits.insert(bytes, at: source.bomLength)
            }
            index = outline.sections.count
        }
        var expected = Verification.unchanged(outline)
        expected.insert(contentsOf: planned, at: index)
        return try Verification.verified(outline, RewriteResult(edits, on: source.bytes), sections: expected)
    }

    /// What the sections `range` of `outline` must be after moving `shift` levels: their IDs (anchored),
    /// numbers and levels. Titles are not held to: a heading's rendering may depend on definitions
    /// it leaves behind; the structure check still sees a heading that merged with a paragraph.
    static func planned(_ outline: Outline, _ range: Range<Int>, shift: Int) -> [Verification.Expected] {
        outline.sections[range].map {
            Verification.Expected(id: $0.id, title: nil, level: $0.heading.level + shift, number: .some($0.number), anchored: true)
        }
    }
}
