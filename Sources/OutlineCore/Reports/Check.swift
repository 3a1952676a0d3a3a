/// `outline check`: what keeps anchors stable in hooks and CI. Every finding is a value with its line;
/// the CLI prints `path:line: message`.
public enum Check {
    /// Findings about one document on its own: headings without anchors, duplicate IDs, malformed and
    /// orphan anchors, stale numbering (in a numbered document), malformed or orphan fold markers, and
    /// any fold marker unless `allowFolds` (a folded view committed in place of its document has lost
    /// its hidden lines).
    /// - Parameter numberLevels: the `--levels` the document is numbered with (nil: `number`'s default),
    ///   so that stale numbering is exactly what `outline number` would change.
    public static func findings(_ outline: Outline, allowFolds: Bool = false, numberLevels: ClosedRange<Int>? = nil) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for section in outline.sections {
            let headingLine = section.heading.firstLine + 1
            if let first = section.duplicateOf, let record = section.record, let id = record.id {
                found.append(Diagnostic(line: record.line + 1, "duplicate ID '\(id)' (first at line \(outline.sections[first].heading.firstLine + 1))"))
            } else if let record = section.record, record.problem != nil {
                found.append(Diagnostic(line: record.line + 1, RecordDescription.problem(record)))
            } else if !section.anchored {
                found.append(Diagnostic(line: headingLine, "heading '\(section.title)' has no anchor (run 'outline id -w')"))
            }
        }
        for orphan in outline.orphanRecords {
            if let id = orphan.id {
                found.append(Diagnostic(line: orphan.line + 1, "orphan anchor '\(id)': not directly after a section heading"))
            } else if orphan.problem != nil {
                found.append(Diagnostic(line: orphan.line + 1, RecordDescription.problem(orphan)))
            } else {
                found.append(Diagnostic(line: orphan.line + 1, "orphan outline record: not directly after a section heading"))
            }
        }
        found += staleNumbers(outline, levels: numberLevels)
        for marker in outline.document.malformedMarkers {
            found.append(Diagnostic(line: marker.line + 1, "malformed fold marker: \(marker.reason)"))
        }
        for marker in outline.orphanMarkers {
            found.append(Diagnostic(line: marker.line + 1, "orphan fold marker '\(marker.id)': not directly after a section heading"))
        }
        if !allowFolds {
            for marker in outline.document.markers {
                found.append(Diagnostic(line: marker.line + 1, "fold marker for '\(marker.id)': this is a folded view, its hidden lines are not here (run 'outline unfold', or check --allow-folds)"))
            }
        }
        return found.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// In a document outline numbered: headings whose number is not the one `outline number` (with the
    /// same `levels`) would write now. The same plan as `number`, so the two always agree.
    static func staleNumbers(_ outline: Outline, levels: ClosedRange<Int>? = nil) -> [Diagnostic] {
        guard NumberHeadings.isNumbered(outline), !outline.isFolded else { return [] }
        let plan = NumberHeadings.plan(outline, levels: levels)
        var found: [Diagnostic] = []
        for (index, section) in outline.sections.enumerated() {
            let line = section.heading.firstLine + 1
            let recorded = section.record?.attribute(NumberHeadings.attribute)?.value
            guard section.number != plan[index] || recorded != plan[index] else { continue }
            switch (section.number, plan[index]) {
            case let (have?, want?): found.append(Diagnostic(line: line, "stale number '\(have)' (expected '\(want)'; run 'outline number -w')"))
            case let (nil, want?):
                if let recorded = section.record?.attribute(NumberHeadings.attribute)?.value {
                    found.append(Diagnostic(line: line, "the heading no longer starts with its number '\(recorded)' (expected '\(want)'; run 'outline number -w')"))
                } else {
                    found.append(Diagnostic(line: line, "missing number (expected '\(want)'; run 'outline number -w')"))
                }
            case let (have?, nil): found.append(Diagnostic(line: line, "number '\(have)' where none is expected (run 'outline number -w')"))
            default:   // (nil, nil): a record says a number the heading no longer has; number removes it
                found.append(Diagnostic(line: line, "stale number record '\(recorded ?? "")': the heading has no number (run 'outline number -w')"))
            }
        }
        return found
    }

    /// Anchored IDs of `old` that `new` no longer has (as a section, anchored or not, or hidden in a
    /// fold marker), with their 1-based lines in `old`.
    public static func removedIDs(old: Outline, new: Outline) -> [(id: String, line: Int)] {
        var present = Set(new.sections.map(\.id))
        for marker in new.document.markers {
            present.insert(marker.id)
            for hidden in marker.hiddenSections { present.insert(hidden.id) }
        }
        var removed: [(String, Int)] = []
        for section in old.sections where section.anchored && !present.contains(section.id) {
            removed.append((section.id, section.heading.firstLine + 1))
        }
        for marker in old.document.markers {
            for hidden in marker.hiddenSections where !present.contains(hidden.id) {
                removed.append((hidden.id, marker.line + 1))
            }
        }
        return removed
    }

    /// Folded IDs of a sidecar that are not sections of the document.
    public static func missingFolded(_ sidecar: Sidecar, in outline: Outline) -> [String] {
        let present = Set(outline.sections.map(\.id)).union(outline.hiddenIDs)
        return sidecar.folded.filter { !present.contains($0) }
    }
}
