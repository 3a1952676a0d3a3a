/// `outline number`: hierarchical numbers in heading text (`## 1.2 Install`), idempotent and reversible.
///
/// How outline knows which numbers it wrote: each numbered heading's record line says so,
/// `<!-- outline:install number=1.2 -->`, or `<!-- outline:number=1.2 -->` for a heading without an
/// anchor. A heading's number is outline's only while its text still starts with exactly that number
/// and a space; anything else in the title (`## 2024 Roadmap`, a hand-written `## 1 Introduction`) is
/// the author's and is never touched. `number --strip` removes exactly the numbers and records outline
/// wrote, so `number --strip` of `number` of a document outline had not numbered gives back its bytes.
public enum NumberHeadings {
    /// Which headings are numbered: `levels`, or by default all section headings except a document
    /// title (the first heading, when it is the document's only level-1 heading).
    public static func plan(_ outline: Outline, levels: ClosedRange<Int>?) -> [String?] {
        let sections = outline.sections
        let titleIndex = levels == nil ? self.titleIndex(outline) : nil
        var numbers = [String?](repeating: nil, count: sections.count)
        var counters: [Int: Int] = [:]   // key: index of the nearest numbered ancestor, -1 for none
        for (index, section) in sections.enumerated() {
            if let levels, !levels.contains(section.heading.level) { continue }
            if index == titleIndex { continue }
            var ancestor = section.parent
            while let a = ancestor, numbers[a] == nil { ancestor = sections[a].parent }
            let key = ancestor ?? -1
            let count = (counters[key] ?? 0) + 1
            counters[key] = count
            numbers[index] = ancestor.map { numbers[$0]! + "." + String(count) } ?? String(count)
        }
        return numbers
    }

    /// The document title: the first heading, when it is the document's only level-1 heading. It is
    /// not numbered, and a table of contents does not list it.
    public static func titleIndex(_ outline: Outline) -> Int? {
        let sections = outline.sections
        guard let first = sections.first, first.heading.level == 1 else { return nil }
        return sections.dropFirst().contains { $0.heading.level == 1 } ? nil : 0
    }

    /// Numbers every heading in range, renumbers those outline numbered before, and takes outline's
    /// numbers off headings that are no longer in range.
    /// With `links` (the outline parsed with `links: true`), the same-file links to headings whose slug
    /// the numbering changes follow them, in the same pass (format.md §3).
    /// `tocDepth`: the depth of the document's tables of contents (the config's), which `number`
    /// keeps up to date when they are.
    public static func apply(_ outline: Outline, levels: ClosedRange<Int>? = nil, links: SlugProfile? = nil, tocDepth: Int? = nil) throws -> RewriteResult {
        guard !outline.isFoldedView else {
            throw Diagnostic.error(.foldedView, "cannot number a folded view (hidden sections take part in the numbering); unfold it first")
        }
        return try rewrite(outline, to: plan(outline, levels: levels), links: links, tocDepth: tocDepth)
    }

    /// Removes the numbers (and number records) outline wrote, and nothing else (but the same-file
    /// links to the headings, with `links`).
    public static func strip(_ outline: Outline, links: SlugProfile? = nil, tocDepth: Int? = nil) throws -> RewriteResult {
        try rewrite(outline, to: [String?](repeating: nil, count: outline.sections.count), links: links, tocDepth: tocDepth)
    }

    /// True when outline has numbered this document (some heading has a number record).
    public static func isNumbered(_ outline: Outline) -> Bool {
        outline.sections.contains { $0.record?.attribute(CommentFormat.numberKey) != nil }
    }

    static func rewrite(_ outline: Outline, to numbers: [String?], links profile: SlugProfile? = nil, tocDepth: Int? = nil) throws -> RewriteResult {
        var edits = EditList()
        // A new record stands where `id` would put a new anchor, so that `id` and `number` commute.
        let afterBlank = outline.anchorsAfterBlank + outline.anchorsBelow > 0 && outline.placesAnchorsAfterBlank
        let sections = outline.sections
        for index in sections.indices {
            edits.renumber(sections[index], from: sections[index].number, to: numbers[index], in: outline.source, afterBlank: afterBlank,
                           syntax: outline.dialect.commentSyntax)
        }
        // What the result must be: the same sections, with the planned numbers (fields read in place,
        // see `Verification.checkSections`).
        let expected = sections.indices.map { k in
            Verification.Expected(id: sections[k].anchored ? sections[k].id : nil, title: sections[k].title, level: sections[k].heading.level,
                                  number: .some(numbers[k]))
        }
        guard let profile, let inventory = outline.links, !edits.isEmpty else {
            return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes), sections: expected)
        }
        var plan = Verification.LinkPlan()
        plan.headingsChange = true
        let sameFileLinks = inventory.links.contains(where: { $0.destination.hasPrefix("#") })
            || inventory.html.contains(where: { $0.literal.containsBytes("href") })
        if sameFileLinks || !outline.tocMarkers.isEmpty {
            let slugs = EditList.slugs(of: outline, inventory: inventory, numbers: numbers, profile: profile)
            // Tables of contents that are up to date follow the numbers (titles and targets); the
            // links inside them are part of that, so link following skips their lines.
            let tocs = TableOfContents.refreshed(outline, profile: profile, depth: tocDepth, numbers: numbers,
                                                 before: slugs.before, after: slugs.after)
            for toc in tocs { edits.replace(toc.range, with: toc.bytes) }
            plan.skipLines = tocs.map { ($0.lines.lowerBound - 1)..<($0.lines.upperBound - 1) }
            plan.resultSkipLines = { parsed in
                guard case .success(let blocks) = TableOfContents.blocks(parsed) else { return [] }
                return blocks.map { ($0.open.line + 1)..<$0.end.line }
            }
            if sameFileLinks {
                plan.rewrites = edits.followHeadings(of: outline, inventory: inventory, slugs: slugs, profile: profile, skipping: tocs.map(\.lines))
            }
        }
        return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes), sections: expected, links: plan)
    }
}

extension EditList {
    /// Changes one heading's outline number from `old` (the one it owns, if any) to `new`, and its record.
    /// `afterBlank`: a new record goes after the blank line under the heading (as `id` places anchors).
    mutating func renumber(_ section: Section, from old: String?, to new: String?, in source: Source, afterBlank: Bool = false,
                           syntax: CommentSyntax = .html) {
        let heading = section.heading
        let start = heading.contentStart
        switch (old, new) {
        case let (o?, n?) where o != n:
            replace(start..<(start + o.utf8.count), with: Array(n.utf8))
        case let (o?, nil):
            let end = start + o.utf8.count
            let emptyForm = heading.contentEnd == end && heading.style == .atx
            delete(emptyForm ? (start - 1)..<end : start..<(end + 1))
        case let (nil, n?):
            if heading.style == .atx && heading.contentStart == heading.contentEnd, let opening = heading.openingEnd {
                insert(Array(" \(n)".utf8), at: opening)
            } else {
                insert(Array("\(n) ".utf8), at: start)
            }
        default:
            break
        }
        let recordValue = section.record?.attribute(CommentFormat.numberKey)
        guard recordValue?.value != new else { return }
        guard let record = section.record else {
            if let n = new {
                var line = heading.lastLine
                if afterBlank, line + 2 < source.lineCount, source.isBlank(line + 1) { line += 1 }
                insertLine(prefix: CommentFormat.recordPrefix(syntax), CommentFormat.numberAttribute(n), suffix: CommentFormat.recordSuffix(syntax),
                           after: line, in: source)
            }
            return
        }
        if let (_, token) = recordValue {
            if let n = new {
                replace(token.range, with: Array(CommentFormat.numberAttribute(n).utf8))
            } else if record.tokens.count == 1 && token.range.lowerBound == record.bodyStart {
                // The line `number` wrote (`<!-- outline:number=2 -->`): it goes.
                deleteLines([record.line], in: source)
            } else if record.tokens.count == 1 {
                // Added to a record that was empty (`<!-- outline: -->`): the record stays as it was.
                delete(record.bodyStart..<token.range.upperBound)
            } else if let k = record.tokens.firstIndex(of: token) {
                if k == 0 {
                    delete(token.range.lowerBound..<record.tokens[1].range.lowerBound)
                } else {
                    delete(record.tokens[k - 1].range.upperBound..<token.range.upperBound)
                }
            }
        } else if let n = new {
            insert(Array(" \(CommentFormat.numberAttribute(n))".utf8), at: record.bodyEnd)
        }
    }
}

extension EditList {
    /// Same-file links (`#slug`) to headings whose slug the numbering changes are pointed at the new
    /// slug. The new slugs come from the headings' text with the number changed as `renumber` changes
    /// it (no second parse). Numbering adds or removes no heading and touches no link destination, so
    /// the two sets of edits never overlap.
    /// Every heading's slug now, and once the headings carry `numbers`.
    static func slugs(of outline: Outline, inventory: LinkInventory, numbers: [String?], profile: SlugProfile) -> (before: LinkTargets, after: LinkTargets) {
        // Every heading is slugged once; only the renumbered ones a second time.
        let attributes = outline.dialect.headingAttributes ? outline.linkSource : nil
        let before = inventory.headings.map { LinkTargets.base(of: $0, profile: profile, attributes: attributes) }
        var after = before
        var headingAt: [Int: Int] = [:]
        for (k, heading) in inventory.headings.enumerated() where headingAt[heading.line] == nil { headingAt[heading.line] = k }
        for (index, section) in outline.sections.enumerated() where section.number != numbers[index] {
            guard let k = headingAt[section.heading.blockStartLine + 1] else { continue }
            var pieces = inventory.headings[k].pieces
            if let old = section.number, case .text(let first)? = pieces.first, first.hasPrefix(old) {
                pieces[0] = .text(String(first.dropFirst(old.count).drop(while: { $0 == " " })))
            }
            if let new = numbers[index] {
                // An empty heading becomes just its number: cmark trims the space `number` leaves.
                if case .text(let first)? = pieces.first { pieces[0] = .text(new + (first.isEmpty ? "" : " ") + first) }
                else if pieces.isEmpty { pieces = [.text(new)] }
                else { pieces.insert(.text(new + " "), at: 0) }
            }
            after[k] = LinkTargets.base(of: .init(line: inventory.headings[k].line, pieces: pieces), profile: profile, attributes: attributes)
        }
        return (LinkTargets(headings: before, html: [], profile: profile), LinkTargets(headings: after, html: [], profile: profile))
    }

    /// Same-file links to headings whose slug the numbering changes follow them; links on the
    /// 1-based lines in `skipping` (a table of contents being rewritten whole) are left alone.
    /// Returns how each same-file destination it may rewrite changes (for verification).
    @discardableResult
    mutating func followHeadings(of outline: Outline, inventory: LinkInventory, slugs: (before: LinkTargets, after: LinkTargets),
                                 profile: SlugProfile, skipping: [Range<Int>] = []) -> [String: String] {
        let before = slugs.before, now = slugs.after
        var renamed: [String: String] = [:]
        for (old, new) in zip(before.headings, now.headings) where old.id != new.id && renamed[old.id] == nil { renamed[old.id] = new.id }
        guard !renamed.isEmpty else { return [:] }
        var rewrites: [String: String] = [:]
        let htmlIDs = Set(LinkTargets(LinkInventory(html: inventory.html), profile: profile).htmlIDs.map(\.id))
        var writer = DestinationWriter(outline, inventory: inventory)
        for (line, link, kind) in LinkRepair.occurrences(inventory, sameFileOnly: true) where link.path.isEmpty {
            if skipping.contains(where: { $0.contains(line) }) { continue }
            guard let fragment = link.fragment, let new = renamed[fragment], !htmlIDs.contains(fragment) else { continue }
            let written = "#" + LinkRepair.encodeFragment(new, like: link.destination.dropFirst())
            rewrites[link.destination] = written
            _ = writer.write(written, for: kind)
        }
        append(writer.edits)
        // A table of contents refreshed with the numbers rewrites its links the same way.
        for link in inventory.links where link.destination.hasPrefix("#") {
            if let local = LocalLink(link.destination), let fragment = local.fragment, let new = renamed[fragment], rewrites[link.destination] == nil {
                rewrites[link.destination] = "#" + LinkRepair.encodeFragment(new, like: link.destination.dropFirst())
            }
        }
        return rewrites
    }
}
