/// `outline id`: give every section heading an anchor with a stable ID, and `--strip` to take them out.
public enum PinIDs {
    /// Adds an anchor to every section heading that lacks one, keeps every existing anchor, gives a
    /// later duplicate a fresh ID and repairs malformed anchors in place. Warnings cover duplicates,
    /// repairs and orphan anchors (left where they are). `linkable`: every section gets a permalink in
    /// that form (`LinkableForm`): its anchor line also carries `<a id="ID"></a>`, so that `#ID` is a
    /// link target wherever raw HTML is rendered, or its heading ends in ` {#ID}` (recorded on the
    /// anchor line) for renderers that drop raw HTML; existing anchors are converted in place. Without
    /// it, new anchors take the form most of the document's anchors have.
    /// `afterBlankWithoutAnchors`: in a document without any anchor yet, put new anchors after the
    /// blank line under the heading (the config's `anchor-placement = "after-blank"`); a document
    /// with anchors keeps its own placement.
    /// `surfaces`: where the documents are published; the attribute is written only where each reads it.
    public static func apply(_ outline: Outline, linkable: LinkableForm? = nil, surfaces: [SlugProfile] = [],
                             afterBlankWithoutAnchors: Bool = false) throws -> RewriteResult {
        var edits = EditList()
        var carried: Set<Int> = [], dropped: Set<Int> = []
        var warnings = edits.addAnchors(outline, linkable: linkable, afterBlankWithoutAnchors: afterBlankWithoutAnchors,
                                        readers: surfaces, headingPermalinks: &carried, droppedPermalinks: &dropped)
        // An MDX file never holds an HTML comment: outline's lines written so before are rewritten.
        if outline.dialect.mdx { edits.convertToMDX(outline) }
        for orphan in outline.orphanRecords {
            if let id = orphan.id {
                warnings.append(.warning(.orphanAnchor, line: orphan.line + 1, "orphan anchor '\(id)' is not directly after a section heading; left in place"))
            } else if orphan.problem == .unclosed || orphan.problem == .empty || orphan.problem == .invalidUTF8 {
                warnings.append(.warning(.malformedAnchor, line: orphan.line + 1, "\(CommentFormat.describe(orphan)); left in place"))
            } else {
                warnings.append(.warning(.malformedAnchor, line: orphan.line + 1, "\(CommentFormat.describe(orphan)) is not directly after a section heading; left in place"))
            }
        }
        // Every section keeps its heading and gets its planned ID, anchored; a heading given ` {#ID}`
        // carries it.
        // Fields read in place (see `Verification.checkSections`).
        let sections = outline.sections
        let expected = sections.indices.map { k in
            var want = Verification.Expected(id: sections[k].id, title: sections[k].title, level: sections[k].heading.level,
                                             number: .some(sections[k].number), anchored: true)
            if carried.contains(k) { want.explicitID = .some(sections[k].id) }
            if dropped.contains(k) { want.explicitID = .some(nil) }
            return want
        }
        return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes, diagnostics: warnings), sections: expected)
    }

    /// Removes the ID from every outline anchor line: a line holding only the ID (and its linkable
    /// elements) goes, a line that also holds outline attributes (a number record) keeps them, without
    /// the elements. A ` {#ID}` outline wrote into a heading (`permalink=heading`) goes with it. Nothing
    /// else changes.
    public static func strip(_ outline: Outline) throws -> RewriteResult {
        var edits = EditList()
        var wholeLines: [Int] = []
        var warnings: [Diagnostic] = []
        var uncarried: Set<Int> = []
        for (k, section) in outline.sections.enumerated() where section.record?.permalinkInHeading == true {
            if edits.removeHeadingPermalink(section, in: outline.source, warnings: &warnings) { uncarried.insert(k) }
        }
        for record in outline.records where record.problem != .unclosed && record.problem != .invalidUTF8 {
            if record.problem == .empty {
                wholeLines.append(record.line)
            } else {
                edits.removeID(from: record, wholeLines: &wholeLines)
            }
        }
        // A translated page's record goes too (format.md §17): it is about the IDs' sources.
        wholeLines += strippedPageLines(outline)
        edits.deleteLines(wholeLines, in: outline.source)
        let expected = outline.sections.enumerated().map { k, section in
            var want = Verification.Expected(id: nil, title: section.title, level: section.heading.level, number: .some(section.number), anchored: false)
            if uncarried.contains(k) { want.explicitID = .some(nil) }
            return want
        }
        return try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes, diagnostics: warnings), sections: expected)
    }
}

/// The lines of `outline`'s page records (format.md §17) that `id --strip` deletes: each one that
/// ends on its line, with the blank line written before the last one.
private func strippedPageLines(_ outline: Outline) -> [Int] {
    var lines: [Int] = []
    let last = outline.pageRecord
    for record in outline.pageRecords where record.endsOnItsLine {
        lines.append(record.line)
        if record === last, record.line > 0, outline.source.isBlank(record.line - 1) { lines.append(record.line - 1) }
    }
    return lines
}

extension EditList {
    /// Takes the ID out of a record line: the ID alone when the line also holds attributes (a number
    /// record stays), else the whole line, collected in `wholeLines` for one `deleteLines` (so that
    /// the last line's line ending is handled once). Shared by `id --strip` and `unfold`.
    /// `permalink=heading` and `source=` go with the ID: they are about the ID.
    mutating func removeID(from record: RecordLine, wholeLines: inout [Int]) {
        guard let idToken = record.idToken else { return }
        // `source=` is about the ID too: no ID-less record carries it (format.md §17).
        let goes = { (token: CommentToken) in
            token.range == idToken.range || (record.permalinkInHeading && token.text.hasPrefix(CommentFormat.permalinkKey + "="))
                || token.text.hasPrefix(CommentFormat.sourceKey + "=")
        }
        if record.isAddedByFold {
            wholeLines.append(record.line)
        } else if let firstKept = record.tokens.firstIndex(where: { !goes($0) }) {
            // The tokens before the first kept one go with the blanks after them; a later one with
            // the blanks before it.
            delete(idToken.range.lowerBound..<record.tokens[firstKept].range.lowerBound)
            for k in (firstKept + 1)..<record.tokens.count where goes(record.tokens[k]) {
                delete(record.tokens[k - 1].range.upperBound..<record.tokens[k].range.upperBound)
            }
            if let last = record.elements.last { delete(record.closeEnd..<last.range.upperBound) }
        } else {
            wholeLines.append(record.line)
        }
    }

    /// The edits that pin every section's ID (shared by `id`, and by `fold` for the headings it shows).
    /// `markAdded`: fold's anchors, which carry `fold=added` and always stand directly under the
    /// heading (the marker follows them). `id`'s follow the document's placement.
    /// Returns a warning for each anchor it repaired (a later duplicate, a malformed ID).
    /// `headingPermalinks`: the sections whose heading carries ` {#ID}` after the edits (the attribute
    /// form).
    mutating func addAnchors(_ outline: Outline, only selected: [Int]? = nil, markAdded: Bool = false, linkable: LinkableForm? = nil,
                             afterBlankWithoutAnchors: Bool = false) -> [Diagnostic] {
        var carried: Set<Int> = [], dropped: Set<Int> = []
        return addAnchors(outline, only: selected, markAdded: markAdded, linkable: linkable, afterBlankWithoutAnchors: afterBlankWithoutAnchors,
                          headingPermalinks: &carried, droppedPermalinks: &dropped)
    }

    /// `droppedPermalinks`: the sections whose heading loses the ` {#ID}` outline wrote (the element
    /// form asked for where the attribute stood).
    mutating func addAnchors(_ outline: Outline, only selected: [Int]? = nil, markAdded: Bool = false, linkable: LinkableForm? = nil,
                             afterBlankWithoutAnchors: Bool = false, readers: [SlugProfile] = [], headingPermalinks carried: inout Set<Int>,
                             droppedPermalinks dropped: inout Set<Int>) -> [Diagnostic] {
        // In MDX a heading's `{#ID}` is an expression, not an id: the attribute form is never used
        // there (format.md §16); the element is.
        let linkable = outline.dialect.mdx && linkable == .attribute ? .element : linkable
        var warnings: [Diagnostic] = []
        let sections = outline.sections
        let source = outline.source
        let hasAnchors = outline.anchorsAfterBlank + outline.anchorsBelow > 0
        let afterBlank = !markAdded && (hasAnchors ? outline.placesAnchorsAfterBlank : afterBlankWithoutAnchors)
        // New anchors follow the document's style: linkable, in the form most of its anchors have.
        var elementAnchors = 0, headingAnchors = 0, plainAnchors = 0
        if linkable == nil && !markAdded {
            for section in sections where section.anchored && section.duplicateOf == nil {
                if section.record?.isLinkable == true { elementAnchors += 1 }
                else if section.record?.permalinkInHeading == true { headingAnchors += 1 }
                else { plainAnchors += 1 }
            }
        }
        var newForm: LinkableForm? = markAdded ? nil : linkable
            ?? (elementAnchors > plainAnchors + headingAnchors ? .element : headingAnchors > plainAnchors + elementAnchors ? .attribute : nil)
        if outline.dialect.mdx && newForm == .attribute { newForm = .element }
        let newLinkable = newForm == .element
        let inHeading = newForm == .attribute
        // The new line's suffix is the same for every section unless it carries a linkable element.
        // The file's comment syntax: an MDX file never receives an HTML comment (format.md §16).
        let syntax = outline.dialect.commentSyntax
        let plainSuffix = markAdded ? CommentFormat.foldAddedSuffix(syntax) : CommentFormat.recordSuffix(syntax)
        let prefix = CommentFormat.recordPrefix(syntax)
        // One line per section without a record: room for all of them at once (a document may have a
        // million headings; grown by doubling, the buffers would be copied twenty times).
        var lines = 0, lineBytes = 0
        for index in selected ?? Array(sections.indices) where sections[index].record == nil {
            lines += 1
            lineBytes += prefix.count + plainSuffix.count + sections[index].id.utf8.count + 2
            if newLinkable { lineBytes += sections[index].id.utf8.count + 16 }
        }
        reserve(edits: lines, bytes: lineBytes)
        for index in selected ?? Array(sections.indices) {
            guard let record = sections[index].record else {
                var line = sections[index].heading.lastLine
                if afterBlank, line + 2 < source.lineCount, source.isBlank(line + 1) { line += 1 }
                var suffix = newLinkable && !markAdded ? plainSuffix + CommentFormat.linkableElement(sections[index].id) : plainSuffix
                if inHeading, addHeadingPermalink(sections[index], id: sections[index].id, in: source, readers: readers, warnings: &warnings) {
                    carried.insert(index)
                    // Recorded only where outline wrote it: a person's own `{#ID}` is theirs.
                    if sections[index].explicitID != sections[index].id { suffix = CommentFormat.permalinkAttribute + suffix }
                }
                insertLine(prefix: prefix, sections[index].id, suffix: suffix, after: line, in: source)
                continue
            }
            let section = sections[index]
            let id = Array(section.id.utf8)
            let line = record.line + 1
            // The attribute form: the heading ends in ` {#ID}`, and the record says outline wrote it
            // unless a person did. A copy's heading named the first section's ID: it now names its own.
            var recordAttribute: [UInt8] = []
            if let copied = record.idToken?.text, section.duplicateOf != nil, record.permalinkInHeading,
               let range = HeadingPermalink.range(of: copied, in: section.heading, source: source) {
                replace(range.upperBound - copied.utf8.count - 3..<range.upperBound, with: Array("{#\(section.id)}".utf8))
                carried.insert(index)
            } else if inHeading, record.canHoldAnID, addHeadingPermalink(section, id: section.id, in: source, readers: readers, warnings: &warnings) {
                carried.insert(index)
                if !record.permalinkInHeading && section.explicitID != section.id { recordAttribute = CommentFormat.permalinkAttribute }
            }
            // Switching form takes out the old form outline wrote (format.md §2). The element asked
            // for where ` {#ID}` and `permalink=heading` stand: both go (GitHub would show the braces
            // as heading text). The attribute asked for where the element stands: the element goes
            // once the heading carries the ID. A person's own `{#custom}` is never recorded, so never
            // taken out; aliases stay.
            if linkable == .element, section.duplicateOf == nil, record.id == section.id, record.permalinkInHeading,
               let (_, token) = record.attribute(CommentFormat.permalinkKey),
               let k = record.tokens.firstIndex(where: { $0.range == token.range }), k > 0,
               removeHeadingPermalink(section, in: source, warnings: &warnings) {
                delete(record.tokens[k - 1].range.upperBound..<token.range.upperBound)
                dropped.insert(index)
            }
            if linkable == .attribute, carried.contains(index), section.duplicateOf == nil, record.id == section.id,
               let own = record.elements.first(where: { $0.text == section.id }) {
                delete(own.range)
            }
            if let first = section.duplicateOf, let token = record.idToken {
                replace(token.range, with: id)
                // The copy's linkable element named the first section's ID too: it follows the new one.
                for element in record.elements where element.text == token.text {
                    replace(element.range, with: CommentFormat.linkableElement(section.id))
                }
                // A copy of a plain anchor made linkable in the same run, under its fresh ID.
                if newLinkable && !markAdded && !record.elements.contains(where: { $0.text == token.text }) {
                    insert(CommentFormat.linkableElement(section.id), at: record.closeEnd)
                }
                let firstLine = outline.sections[first].heading.firstLine + 1
                warnings.append(.warning(.duplicateID, line: line, "duplicate ID '\(token.text)' (first at line \(firstLine)); this section now has '\(section.id)'"))
            } else if case .invalidID? = record.problem {
                // The whole comment is rewritten: the new ID, then the `key=value` attributes it had.
                let attributes = record.tokens.filter(\.isAttribute).map(\.text)
                let permalink = recordAttribute.isEmpty ? [] : [CommentFormat.permalinkKey + "=" + CommentFormat.permalinkInHeading]
                let body = Array(([section.id] + permalink + attributes).joined(separator: " ").utf8)
                let elements = record.elements.map { CommentFormat.linkableElement($0.text) }.joined()
                let linkableElement = linkable == .element && !record.elements.contains(where: { $0.text == section.id }) ? CommentFormat.linkableElement(section.id) : []
                replace(record.commentRange, with: prefix + body + CommentFormat.recordSuffix(syntax) + linkableElement + elements)
                recordAttribute = []
                warnings.append(.warning(.malformedAnchor, line: line, "\(CommentFormat.describe(record)) replaced by '\(section.id)'"))
            } else if record.idToken == nil {
                // An ID-less record (`number` wrote it) or an empty one: the ID goes right after
                // `outline:`, so that `id` and `number` commute whichever runs first.
                let separated = record.bodyStart < record.commentRange.upperBound && ASCII.isBlank(outline.source.bytes[record.bodyStart])
                insert(separated || record.tokens.isEmpty ? id + recordAttribute : id + recordAttribute + [ASCII.space], at: record.bodyStart)
                recordAttribute = []
                if record.problem == .empty {
                    warnings.append(.warning(.malformedAnchor, line: line, "\(CommentFormat.describe(record)) given the ID '\(section.id)'"))
                }
                if newLinkable && !markAdded { insert(CommentFormat.linkableElement(section.id), at: record.closeEnd) }
            } else if linkable == .element, !record.isLinkable {
                // An existing anchor made linkable: the element goes first after the comment.
                insert(CommentFormat.linkableElement(section.id), at: record.closeEnd)
            }
            // Right after the ID, whatever other attributes follow: `id` and `number` commute.
            if !recordAttribute.isEmpty, let token = record.idToken { insert(recordAttribute, at: token.range.upperBound) }
        }
        return warnings
    }
}

extension EditList {
    /// outline's lines an MDX file holds in the HTML form (written before the file was read as MDX),
    /// rewritten as MDX reads them (format.md §16): `<!--` becomes `{/*` and the `-->` ending the
    /// comment `*/}`, the text between kept. A line whose comment does not end on it is left, as is
    /// one `addAnchors` rewrites whole (a malformed ID, already written in the file's syntax).
    mutating func convertToMDX(_ outline: Outline) {
        let source = outline.source, bytes = source.bytes
        func convert(_ line: Int) {
            let range = source.contentRange(line)
            let open = bytes.skippingIndent(from: range.lowerBound, to: range.upperBound)
            guard bytes.has(CommentFormat.open, at: open, end: range.upperBound) else { return }
            var close = open + CommentFormat.open.count
            while close < range.upperBound && !bytes.has(CommentFormat.close, at: close, end: range.upperBound) { close += 1 }
            guard close < range.upperBound else { return }
            replace(open..<(open + CommentFormat.open.count), with: MDXComments.open)
            replace(close..<(close + CommentFormat.close.count), with: MDXComments.close)
        }
        let rewrittenWhole = Set(outline.sections.compactMap { section -> Int? in
            guard let record = section.record, case .invalidID? = record.problem else { return nil }
            return record.line
        })
        for record in outline.records where record.syntax == .html && (record.problem == nil || record.problem == .empty)
            && !rewrittenWhole.contains(record.line) {
            convert(record.line)
        }
        for marker in outline.markers where marker.syntax == .html { convert(marker.line) }
        for marker in outline.tocMarkers where marker.syntax == .html && marker.problem == nil { convert(marker.line) }
    }
}
