/// A section read from standard input (`replace`, `insert`; format.md §18), checked and given its
/// anchors before it goes into a file: a heading and its subsections, nothing before the heading, no
/// anchor that is not the replaced section's own, every new heading pinned with the ID `outline id`
/// would give it there. Lines in messages are the input's (the caller names it `<stdin>`).
struct SectionInput {
    /// The whole new section, anchored, in the input's line endings.
    let outline: Outline
    /// How many levels its headings move to stand where it goes.
    let shift: Int
    /// The anchored IDs of the replaced section's subsections the input leaves out (`replace`).
    var dropped: [String] = []

    /// `input` in place of section `k` of `outline` (pinned): a heading renames it and keeps its ID,
    /// input without a heading is its new body under its old heading and anchor.
    static func replacing(_ k: Int, of outline: Outline, with input: [UInt8]) throws -> SectionInput {
        let section = outline.sections[k]
        let own = SectionEdit.subtree(k, in: outline).map { outline.sections[$0] }.filter(\.anchored).map(\.id)
        let read = try Outline(parsing: input, dialect: outline.dialect)
        try refuseForeignAnchors(read, allowed: Set(own))
        try refuseHTMLComments(input, into: outline)
        var text: [UInt8]
        if startsWithHeading(read) {
            try refuseSeveral(read)
            if read.sections[0].anchored && read.sections[0].id != section.id {
                throw Diagnostic.error(.refused, line: read.sections[0].heading.firstLine + 1,
                                       "refusing: the heading's anchor names '\(read.sections[0].id)', but this is section '\(section.id)', whose ID stays")
            }
            text = input
        } else {
            if let deep = read.sections.first(where: { $0.heading.level <= section.heading.level }) {
                throw Diagnostic.error(.refused, line: deep.heading.firstLine + 1,
                                       "refusing: a level-\(deep.heading.level) heading would end section '\(section.id)' (level \(section.heading.level)): give one section, or start the input with its heading")
            }
            // The old heading and anchor line, then the input as the body.
            let last = section.record?.line ?? section.heading.lastLine
            let head = SectionText.byteRange(of: section.heading.blockStartLine...last, in: outline.source)
            text = Array(outline.source.bytes[head])
            if outline.source.lineEnding(last).isEmpty && !input.isEmpty { text += outline.source.firstLineEnding }
            text += input
        }
        var result = try pinned(text, in: outline, top: section.id, shift: { section.heading.level - $0 })
        let kept = Set(result.outline.sections.filter(\.anchored).map(\.id))
        result.dropped = own.filter { !kept.contains($0) }
        return result
    }

    /// `input` as a new section at level `level` of `outline`.
    static func inserting(_ input: [UInt8], level: Int, into outline: Outline) throws -> SectionInput {
        let read = try Outline(parsing: input, dialect: outline.dialect)
        guard startsWithHeading(read) else {
            throw Diagnostic.error(.refused, line: 1, "refusing: a new section starts with its heading (nothing but blank lines before it)")
        }
        try refuseSeveral(read)
        try refuseForeignAnchors(read, allowed: [])
        try refuseHTMLComments(input, into: outline)
        return try pinned(input, in: outline, top: nil, shift: { level - $0 })
    }

    /// An HTML comment block is a syntax error to MDX (format.md §16: an MDX file never receives one),
    /// as `move` refuses to carry one there; outline's own comment lines are respelled instead.
    private static func refuseHTMLComments(_ input: [UInt8], into outline: Outline) throws {
        guard outline.dialect.mdx else { return }
        var plain = outline.dialect
        plain.mdx = false
        let read = try Outline(parsing: input, dialect: plain)
        guard let line = SectionLines(read, core: 0..<read.source.lineCount, gap: 0..<0).htmlComments.first else { return }
        throw Diagnostic.error(.refused, line: line + 1, "refusing: an HTML comment, which MDX rejects: write it as {/* … */}")
    }

    /// Whether the input's first non-blank line starts its first section's heading.
    private static func startsWithHeading(_ read: Outline) -> Bool {
        var first = 0
        while first < read.source.lineCount && read.source.isBlank(first) { first += 1 }
        return read.sections.first?.heading.blockStartLine == first
    }

    private static func refuseSeveral(_ read: Outline) throws {
        guard read.roots.count == 1 else {
            let second = read.sections[read.roots[1]]
            throw Diagnostic.error(.refused, line: second.heading.firstLine + 1,
                                   "refusing: the input holds \(read.roots.count) sections at the top ('\(second.title)' is the second): give one section, its subsections one level or more below its heading")
        }
    }

    /// An anchor moves with its section (`outline move`), never by copy: the input may hold only the
    /// IDs in `allowed`, each once.
    private static func refuseForeignAnchors(_ read: Outline, allowed: Set<String>) throws {
        var seen = Set<String>()
        for record in read.records {
            guard let id = record.id else { continue }
            guard allowed.contains(id) else {
                let fix = allowed.isEmpty ? "leave anchor lines out: outline gives a new section its ID"
                                          : "an anchor moves with its section ('outline move'); remove the line to give the heading a new ID"
                throw Diagnostic.error(.refused, line: record.line + 1, "refusing: the anchor '\(id)' is not this section's (\(fix))").about(.section(id))
            }
            guard seen.insert(id).inserted else {
                throw Diagnostic.error(.refused, line: record.line + 1, "refusing: the anchor '\(id)' stands twice in the input").about(.section(id))
            }
        }
    }

    /// `text` with every heading anchored: the top one with `top` when given, the others with the
    /// IDs `outline id` would give them among `outline`'s.
    private static func pinned(_ text: [UInt8], in outline: Outline, top: String?, shift: (Int) -> Int) throws -> SectionInput {
        let read = try Outline(parsing: text, dialect: outline.dialect)
        var allocator = IDAllocator()
        allocator.reserve(CommentFormat.tocKeyword)
        for s in outline.sections { allocator.reserve(s.id) }
        for r in outline.records { if let id = r.id { allocator.reserve(id) } }
        for r in read.records { if let id = r.id { allocator.reserve(id) } }
        var wanted: [Int: String] = [:]
        for (k, s) in read.sections.enumerated() where !s.anchored {
            wanted[k] = k == 0 && top != nil ? top! : allocator.allocate(Outline.baseID(title: s.title, explicitID: s.explicitID, malformed: nil))
        }
        let anchored = wanted.isEmpty ? text : try SectionEdit.pin(read, wanted).output
        let final = try Outline(parsing: anchored, dialect: outline.dialect)
        return SectionInput(outline: final, shift: final.sections.isEmpty ? 0 : shift(final.sections[0].heading.level))
    }
}

extension SectionEdit {
    /// Section `k` of `outline` replaced by `new`: from its heading to its last non-blank line (the
    /// blank lines after it, up to the next heading or the end, stay as they are).
    static func replace(_ outline: Outline, section k: Int, with new: SectionInput) throws -> RewriteResult {
        let source = outline.source
        let lines = try SectionLines(text: new.outline, gap: 0).shifted(by: new.shift, syntax: outline.dialect.commentSyntax)
        let range = SectionText.lines(of: k, in: outline)
        var core = range.upperBound
        while core > range.lowerBound && source.isBlank(core) { core -= 1 }
        var edits = EditList()
        let ending = source.firstLineEnding
        var bytes: [UInt8] = []
        for (n, line) in lines.lines.enumerated() { bytes += (n > 0 ? ending : []) + line }
        edits.replace(SectionText.byteRange(of: range, in: source).lowerBound..<source.contentRange(core).upperBound, with: bytes)
        var expected = Verification.unchanged(outline)
        let old = subtree(k, in: outline)
        expected.replaceSubrange(old, with: planned(new.outline, new.outline.sections.indices, shift: new.shift))
        return try Verification.verified(outline, RewriteResult(edits, on: source.bytes), sections: expected)
    }
}
