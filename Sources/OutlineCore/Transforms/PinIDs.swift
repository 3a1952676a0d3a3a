/// `outline id`: give every section heading an anchor with a stable ID, and `--strip` to take them out.
public enum PinIDs {
    /// An anchor line is `anchorPrefix + ID + anchorSuffix`: `<!-- outline:ID -->`.
    static let anchorPrefix = Array("<!-- outline:".utf8)
    static let anchorSuffix = Array(" -->".utf8)
    /// The attribute `fold` writes on the anchor lines it adds (`<!-- outline:b fold=added -->`), so that
    /// a folded view says exactly which of its lines the original lacks: `tree` maps the view's lines
    /// to the original's with it, `unfold` and `id --strip` take such lines out again.
    static let foldAddedKey = "fold"
    static let foldAddedSuffix = Array(" fold=added -->".utf8)

    /// Adds an anchor to every section heading that lacks one, keeps every existing anchor, gives a
    /// later duplicate a fresh ID and repairs malformed anchors in place. Warnings cover duplicates,
    /// repairs and orphan anchors (left where they are).
    public static func apply(_ outline: Outline) throws -> RewriteResult {
        var edits = EditList()
        var warnings: [Diagnostic] = []
        edits.addAnchors(outline, warnings: &warnings)
        for orphan in outline.orphanRecords {
            if let id = orphan.id {
                warnings.append(Diagnostic(line: orphan.line + 1, "orphan anchor '\(id)' is not directly after a section heading; left in place"))
            } else if orphan.problem == .unclosed || orphan.problem == .empty || orphan.problem == .invalidUTF8 {
                warnings.append(Diagnostic(line: orphan.line + 1, "\(RecordDescription.problem(orphan)); left in place"))
            } else {
                warnings.append(Diagnostic(line: orphan.line + 1, "\(RecordDescription.problem(orphan)) is not directly after a section heading; left in place"))
            }
        }
        return RewriteResult(rewrite: try edits.rewrite(outline.source.bytes), warnings: warnings)
    }

    /// Removes the ID from every outline anchor line: a line holding only the ID goes, a line that also
    /// holds outline attributes (a number record) keeps them. Nothing else changes.
    public static func strip(_ outline: Outline) throws -> Rewrite {
        var edits = EditList()
        var wholeLines: [Int] = []
        for record in outline.document.records where record.problem != .unclosed && record.problem != .invalidUTF8 {
            if record.problem == .empty {
                wholeLines.append(record.line)
            } else {
                edits.removeID(from: record, wholeLines: &wholeLines)
            }
        }
        edits.deleteLines(wholeLines, in: outline.source)
        return try edits.rewrite(outline.source.bytes)
    }
}

/// A rewrite with the warnings made on the way.
public struct RewriteResult: Sendable {
    public let rewrite: Rewrite
    public let warnings: [Diagnostic]
    public var output: [UInt8] { rewrite.output }

    public init(rewrite: Rewrite, warnings: [Diagnostic]) {
        self.rewrite = rewrite
        self.warnings = warnings
    }
}

extension EditList {
    /// Takes the ID out of a record line: the ID alone when the line also holds attributes (a number
    /// record stays), else the whole line, collected in `wholeLines` for one `deleteLines` (so that
    /// the last line's line ending is handled once). Shared by `id --strip` and `unfold`.
    mutating func removeID(from record: RecordLine, wholeLines: inout [Int]) {
        guard let idToken = record.idToken else { return }
        if record.isAddedByFold {
            wholeLines.append(record.line)
        } else if let next = record.attributeTokens.first {
            delete(idToken.range.lowerBound..<next.range.lowerBound)
        } else {
            wholeLines.append(record.line)
        }
    }

    /// The edits that pin every section's ID (shared by `id`, and by `fold` for the headings it shows).
    /// `markAdded`: fold's anchors, which carry `fold=added` and always stand directly under the
    /// heading (the marker follows them). `id`'s follow the document's placement.
    mutating func addAnchors(_ outline: Outline, only selected: [Int]? = nil, markAdded: Bool = false, warnings: inout [Diagnostic]) {
        let sections = outline.sections
        let source = outline.source
        let afterBlank = !markAdded && outline.placesAnchorsAfterBlank
        for index in selected ?? Array(sections.indices) {
            guard let record = sections[index].record else {
                var line = sections[index].heading.lastLine
                if afterBlank, line + 2 < source.lineCount, source.isBlank(line + 1) { line += 1 }
                insertLine(prefix: PinIDs.anchorPrefix, sections[index].id, suffix: markAdded ? PinIDs.foldAddedSuffix : PinIDs.anchorSuffix,
                           after: line, in: source)
                continue
            }
            let section = sections[index]
            let id = Array(section.id.utf8)
            let line = record.line + 1
            if let first = section.duplicateOf, let token = record.idToken {
                replace(token.range, with: id)
                let firstLine = outline.sections[first].heading.firstLine + 1
                warnings.append(Diagnostic(line: line, "duplicate ID '\(token.text)' (first at line \(firstLine)); this section now has '\(section.id)'"))
            } else if case .invalidID(let raw)? = record.problem, let token = record.idToken {
                replace(token.range, with: id)
                warnings.append(Diagnostic(line: line, "malformed anchor ID '\(raw)' replaced by '\(section.id)'"))
            } else if record.idToken == nil, let first = record.tokens.first {
                insert(id + [32], at: first.range.lowerBound)
            }
        }
    }
}

/// How outline describes a record line that is not a valid anchor.
enum RecordDescription {
    static func problem(_ record: RecordLine) -> String {
        switch record.problem {
        case .unclosed?: return "malformed anchor (the comment must end with '-->' on the same line)"
        case .invalidUTF8?: return "malformed anchor (invalid UTF-8: the comment does not end on this line)"
        case .empty?: return "malformed anchor (no ID after 'outline:')"
        case .invalidID(let raw)?: return "malformed anchor ID '\(raw)'"
        case nil: return record.id.map { "anchor '\($0)'" } ?? "outline record"
        }
    }
}
