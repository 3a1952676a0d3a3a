/// `outline fold`: the document with some sections collapsed into fold markers.
///
/// Visible: headings at depth ≤ N (with `depth`) that are not inside a collapsed section (`ids`). After
/// each visible heading (and its anchor), the lines up to the next visible heading are either all
/// visible or all hidden; hidden ones become one marker line
/// `<!-- outline-fold:ID lines=A-B hash=HHHHHHHH hidden=ID:LEVEL,… -->` that records the section, the
/// hidden source lines, an XXH32 hash of the hidden bytes and the sections hidden with them. Every
/// visible heading gets an anchor (the ID `outline id` would assign when it has none), so that the
/// folded view can be edited as a skeleton and `unfold` still finds each section.
public enum Fold {
    public struct Selection: Sendable {
        public var depth: Int?
        /// Sections collapsed whole, by ID (an unknown one is an error).
        public var ids: [String]
        /// A sidecar whose folded sections are collapsed too (one that no longer exists: a warning).
        public var state: SidecarFile?
        public init(depth: Int? = nil, ids: [String] = [], state: SidecarFile? = nil) {
            self.depth = depth
            self.ids = ids
            self.state = state
        }
        public var isEmpty: Bool { depth == nil && ids.isEmpty && state == nil }
    }

    /// The folded view, with warnings (sidecar IDs that no longer exist) and, with `describeState`, the
    /// sidecar of what the view has folded as `foldState` (`--save-state`). `name`: what the caller
    /// calls the document, for messages.
    public static func apply(_ outline: Outline, selection: Selection, describeState: Bool = false,
                             name: String = "the document") throws -> RewriteResult {
        let sections = outline.sections
        let source = outline.source
        // Markers outline cannot account for make a broken folded view: refuse rather than pass
        // on something `unfold` could never restore.
        if let bad = outline.malformedMarkers.first {
            throw Diagnostic.error(.malformedFoldMarker, line: bad.line + 1, "malformed fold marker: \(bad.reason); unfold or remove it first")
        }
        if let stray = outline.orphanMarkers.first {
            throw Diagnostic.error(.orphanFoldMarker, line: stray.line + 1, "fold marker '\(stray.id)' belongs to no heading; unfold or remove it first")
        }
        let byID = outline.indexByID()
        var collapsed = Set<Int>()
        let hiddenIDs = outline.isFoldedView ? outline.hiddenIDs : []
        var warnings: [Diagnostic] = []
        var ids = selection.ids
        if let state = selection.state {
            for id in state.sidecar.folded {
                // Sections hidden in a marker of a folded view still exist.
                if byID[id] != nil || hiddenIDs.contains(id) { ids.append(id) } else {
                    warnings.append(state.diagnostic(.warning, .missingFolded, about: id, "folded section '\(id)' no longer exists in \(name); ignored"))
                }
            }
        }
        for id in ids {
            guard let index = byID[id] else {
                // Already hidden in a marker of this folded view (inside a section collapsed with it).
                if hiddenIDs.contains(id) { continue }
                throw Diagnostic.error(.unknownID, "no section with ID '\(id)'")
            }
            collapsed.insert(index)
        }
        // Visibility, in document order (a parent comes before its children).
        var visible = [Bool](repeating: false, count: sections.count)
        var hiddenByAncestor = [Bool](repeating: false, count: sections.count)
        for (index, section) in sections.enumerated() {
            if let parent = section.parent {
                hiddenByAncestor[index] = hiddenByAncestor[parent] || collapsed.contains(parent) || !visible[parent]
            }
            visible[index] = !hiddenByAncestor[index] && (selection.depth.map { section.depth <= $0 } ?? true)
        }
        let visibleIndices = sections.indices.filter { visible[$0] }

        var edits = EditList()
        var folded: [String] = []
        for (k, index) in visibleIndices.enumerated() {
            let section = sections[index]
            if let first = section.duplicateOf, let id = section.record?.id {
                throw Diagnostic.error(.duplicateID, line: section.record!.line + 1, "duplicate ID '\(id)' (first at line \(sections[first].heading.firstLine + 1)); run 'outline id -w' first")
            }
            if let record = section.record, record.isRepairable {
                throw Diagnostic.error(.malformedAnchor, line: record.line + 1, "\(CommentFormat.describe(record)); run 'outline id -w' first")
            }
            // Duplicate and malformed anchors were refused above: there is nothing to repair.
            let repaired = edits.addAnchors(outline, only: [index], markAdded: true)
            assert(repaired.isEmpty)

            let hideBody = selection.depth != nil || collapsed.contains(index)
            guard hideBody else { continue }
            let first = outline.contentStartLine(index)
            // Up to the next visible heading's block: link reference definitions that cmark reads as
            // the start of that heading's paragraph stay visible with it.
            let nextVisible = k + 1 < visibleIndices.count ? sections[visibleIndices[k + 1]].heading.blockStartLine : source.lineCount
            let last = nextVisible - 1
            guard first <= last else { continue }
            if let marker = section.marker, first == marker.line, last == marker.line {
                // Already folded exactly so: folding is idempotent.
                if section.children.isEmpty { folded.append(section.id) }
                continue
            }
            if outline.isFoldedView {
                throw Diagnostic.error(.foldedView, "this is a folded view and the selection hides more of it; fold the original document instead (or unfold first)")
            }
            let range = source.lineStarts[first]..<source.lineStarts[last + 1]
            // The hidden sections are exactly those between this visible one and the next.
            let nextVisibleIndex = k + 1 < visibleIndices.count ? visibleIndices[k + 1] : sections.count
            let hidden = sections[(index + 1)..<nextVisibleIndex].map { (id: $0.id, level: $0.heading.level) }
            var line = CommentFormat.markerLine(id: section.id, lines: first...last, hash: ContentHash.hash(source.bytes[range]), hidden: hidden,
                                                 syntax: outline.dialect.commentSyntax)
            line += source.lineEnding(last)
            edits.replace(range, with: line)
            if !section.children.contains(where: { visible[$0] }) { folded.append(section.id) }
        }
        let state = describeState ? try Structure(outline).sidecar(extraFolded: Set(folded)) : nil
        // The view shows exactly the visible sections, each anchored with its ID (titles are not
        // compared: a visible heading may use a link definition the view hides).
        let expected = visibleIndices.map {
            Verification.Expected(id: sections[$0].id, title: nil, level: sections[$0].heading.level, anchored: true)
        }
        return try Verification.verified(outline, RewriteResult(edits, on: source.bytes, diagnostics: warnings, foldState: state), sections: expected)
    }
}
