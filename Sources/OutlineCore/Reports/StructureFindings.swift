/// `outline check`: what keeps anchors stable in hooks and CI. Every finding is a diagnostic naming its
/// file and line; the CLI renders them (`path:line: message`, JSON, or GitHub workflow commands).
public enum StructureFindings {
    /// Findings about one document on its own: headings without anchors, duplicate IDs, malformed and
    /// orphan anchors, stale numbering (in a numbered document), malformed or orphan fold markers, and
    /// any fold marker unless `allowFolds` (a folded view committed in place of its document has lost
    /// its hidden lines).
    /// - Parameter numberLevels: the `--levels` the document is numbered with (nil: `number`'s default),
    ///   so that stale numbering is exactly what `outline number` would change.
    /// - Parameter profile: the slug profile a table of contents links with, `tocDepth` its depth (the
    ///   config's; a marker's `depth=` wins); a stale or malformed one is a finding (the outline must have been parsed with `links: true` when it has TOC markers).
    /// - Parameter translation: the document is a translation (format.md §17): its IDs come from its
    ///   source, so a heading without an anchor names `outline translation adopt`, not `id` (which
    ///   pins nothing there).
    public static func of(_ outline: Outline, path: String, allowFolds: Bool = false, numberLevels: ClosedRange<Int>? = nil,
                          profile: SlugProfile = .github, tocDepth: Int? = nil, translation: Bool = false) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for section in outline.sections {
            let headingLine = section.heading.firstLine + 1
            if let first = section.duplicateOf, let record = section.record, let id = record.id {
                found.append(.finding(.duplicateID, line: record.line + 1, "duplicate ID '\(id)' (first at line \(outline.sections[first].heading.firstLine + 1))").about(.section(id)))
            } else if let record = section.record, record.problem != nil {
                // Where the heading's anchor belongs: `id` replaces it (say with what); in a
                // translation `id` writes nothing, and the ID is the source section's.
                let fix = translation ? "write the source section's ID there" : "run 'outline id -w' to replace it with '\(section.id)'"
                found.append(.finding(.malformedAnchor, line: record.line + 1, "\(CommentFormat.describe(record)); \(fix)").about(.section(section.id)))
            } else if !section.anchored {
                let fix = translation ? "run 'outline translation adopt -w', or copy the source section's ID" : "run 'outline id -w'"
                found.append(.finding(.missingAnchor, line: headingLine, "heading '\(section.title)' has no anchor (\(fix))").about(.heading(section.title)))
            }
        }
        for orphan in outline.orphanRecords {
            if let id = orphan.id {
                found.append(.finding(.orphanAnchor, line: orphan.line + 1, "orphan anchor '\(id)': not directly after a section heading").about(.section(id)))
            } else if orphan.problem != nil {
                let hint = orphan.canHoldAnID ? "not where a heading's anchor belongs: fix or remove it" : "outline leaves it alone: fix or remove it"
                found.append(.finding(.malformedAnchor, line: orphan.line + 1, "\(CommentFormat.describe(orphan)); \(hint)"))
            } else {
                found.append(.finding(.orphanAnchor, line: orphan.line + 1, "orphan outline record: not directly after a section heading"))
            }
        }
        let page = outline.pageRecord
        for record in outline.pageRecords {
            if let problem = record.problem {
                found.append(.finding(.malformedAnchor, line: record.line + 1, "malformed page record: \(problem.description)"))
            } else if record !== page {
                found.append(.finding(.orphanAnchor, line: record.line + 1, "orphan page record: not the last line of the file (format.md §17)"))
            }
        }
        found += staleNumbers(outline, levels: numberLevels)
        found += TableOfContents.staleTOCs(outline, options: .init(profile: profile, depth: tocDepth))
        for marker in outline.malformedMarkers {
            found.append(.finding(.malformedFoldMarker, line: marker.line + 1, "malformed fold marker: \(marker.reason)"))
        }
        for marker in outline.orphanMarkers {
            found.append(.finding(.orphanFoldMarker, line: marker.line + 1, "orphan fold marker '\(marker.id)': not directly after a section heading").about(.section(marker.id)))
        }
        if !allowFolds {
            for marker in outline.markers {
                found.append(.finding(.foldMarker, line: marker.line + 1, "fold marker for '\(marker.id)': this is a folded view, its hidden lines are not here (run 'outline unfold', or check --allow-folds)").about(.section(marker.id)))
            }
        }
        return found.sorted { ($0.line ?? 0) < ($1.line ?? 0) }.map { $0.spanningLine(in: outline.source).located(in: path) }
    }

    /// The findings of one document on its own, with what its configuration says (folds allowed,
    /// the numbering's levels, the slug profile, the TOC depth): what `check` and the language
    /// server both report about a document before its links.
    public static func of(_ outline: Outline, path: String, config: Config, translation: Bool = false) -> [Diagnostic] {
        of(outline, path: path, allowFolds: config.allowFolds ?? false, numberLevels: config.numberLevels,
           profile: config.profile, tocDepth: config.tocDepth, translation: translation)
    }

    /// A document's own findings and its link findings together, by line (a stable sort: the order
    /// within a line kept, own findings first): the one order `check` and the server report in.
    public static func merged(_ own: [Diagnostic], links: [Diagnostic]) -> [Diagnostic] {
        (own + links).enumerated().sorted { a, b in
            let x = a.element.line ?? 0, y = b.element.line ?? 0
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// In a document outline numbered: headings whose number is not the one `outline number` (with the
    /// same `levels`) would write now. The same plan as `number`, so the two always agree.
    static func staleNumbers(_ outline: Outline, levels: ClosedRange<Int>? = nil) -> [Diagnostic] {
        guard NumberHeadings.isNumbered(outline), !outline.isFoldedView else { return [] }
        let plan = NumberHeadings.plan(outline, levels: levels)
        var found: [Diagnostic] = []
        for (index, section) in outline.sections.enumerated() {
            let line = section.heading.firstLine + 1
            let recorded = section.record?.attribute(CommentFormat.numberKey)?.value
            guard section.number != plan[index] || recorded != plan[index] else { continue }
            switch (section.number, plan[index]) {
            case let (have?, want?): found.append(.finding(.staleNumber, line: line, "stale number '\(have)' (expected '\(want)'; run 'outline number -w')").about(.section(section.id)))
            case let (nil, want?):
                if let recorded = section.record?.attribute(CommentFormat.numberKey)?.value {
                    found.append(.finding(.staleNumber, line: line, "the heading no longer starts with its number '\(recorded)' (expected '\(want)'; run 'outline number -w')").about(.section(section.id)))
                } else {
                    found.append(.finding(.staleNumber, line: line, "missing number (expected '\(want)'; run 'outline number -w')").about(.section(section.id)))
                }
            case let (have?, nil): found.append(.finding(.staleNumber, line: line, "number '\(have)' where none is expected (run 'outline number -w')").about(.section(section.id)))
            default:   // (nil, nil): a record says a number the heading no longer has; number removes it
                found.append(.finding(.staleNumber, line: line, "stale number record '\(recorded ?? "")': the heading has no number (run 'outline number -w')").about(.section(section.id)))
            }
        }
        return found
    }

    /// Folded IDs of a sidecar that are not sections of the document `name`, located in the sidecar.
    public static func missingFolded(_ state: SidecarFile, in outline: Outline, name: String) -> [Diagnostic] {
        missingFolded(state.sidecar, in: outline).map {
            state.diagnostic(.finding, .missingFolded, about: $0, "folded section '\($0)' does not exist in \(name)").about(.section($0))
        }
    }

    /// Folded IDs of a sidecar that are not sections of the document (visible or hidden in a marker).
    public static func missingFolded(_ sidecar: Sidecar, in outline: Outline) -> [String] {
        let present = Set(outline.sections.map(\.id)).union(outline.hiddenIDs)
        return sidecar.folded.filter { !present.contains($0) }
    }
}
