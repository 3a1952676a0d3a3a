/// `outline unfold`: every fold marker is replaced by the lines it hid, taken from the original.
///
/// Markers are matched to the original by ID, wherever they now stand, so a folded view can be edited
/// as a skeleton (headings renamed, sections reordered, deleted or added) and each body still goes
/// back under its own heading. A marker that hid subsections gets the whole section back; one that hid
/// only the body before visible subsections gets that body. Anchors that `fold` added to headings the
/// original had no anchor for are taken out again, so `unfold ∘ fold` gives back the original bytes.
/// A level change made in the skeleton applies to the whole section: when a visible heading's level
/// changed by k, the headings hidden in its marker change by k too, so they stay its subsections.
public enum Unfold {
    /// - Parameters:
    ///   - only: expand only the markers of these IDs (nil: all).
    ///   - strict: a marker whose hash no longer matches the original is an error, not a warning.
    public static func apply(_ folded: Outline, original: Outline, only: Set<String>? = nil, strict: Bool = false) throws -> RewriteResult {
        let source = folded.source
        let originalSource = original.source
        if let bad = folded.malformedMarkers.first {
            throw Diagnostic.error(.malformedFoldMarker, line: bad.line + 1, "malformed fold marker: \(bad.reason)")
        }
        // An ID that several anchors carry belongs to its first section (format.md §2: later copies get a
        // fresh ID), and `fold` never writes a marker for a later copy: the first is the marker's.
        let byID = original.indexByID()
        var seen: [String: Int] = [:]
        var edits = EditList()
        var warnings: [Diagnostic] = []
        var remaining = 0
        // The level each marker's heading has in the folded view (it may have been changed there).
        var viewLevel: [Int: Int] = [:]
        for section in folded.sections { if let marker = section.marker { viewLevel[marker.line] = section.heading.level } }
        // What the result must hold: the view's sections in the view's order, each expanded marker
        // followed by the sections it hid (moved by the level change of its heading).
        var hiddenAfter: [Int: [Verification.Expected]] = [:]
        for marker in folded.markers {
            if let first = seen[marker.id] {
                throw Diagnostic.error(.duplicateID, line: marker.line + 1, "a second fold marker for '\(marker.id)' (first at line \(first + 1))")
            }
            seen[marker.id] = marker.line
            if let only, !only.contains(marker.id) { remaining += 1; continue }
            guard let index = byID[marker.id] else {
                throw Diagnostic.error(.unknownID, line: marker.line + 1, "fold marker '\(marker.id)' has no section '\(marker.id)' in the original")
            }
            let first = original.contentStartLine(index)
            let last = marker.hiddenSections.isEmpty ? original.bodyEndLine(index) : original.sections[index].endLine
            var restored: ArraySlice<UInt8> = []
            if first <= last {
                restored = originalSource.bytes[originalSource.lineStarts[first]..<originalSource.lineStarts[last + 1]]
            }
            if let recorded = marker.hash, recorded != ContentHash.hash(restored) {
                let message = "section '\(marker.id)' changed in the original since it was folded"
                if strict { throw Diagnostic.error(.changedOriginal, line: marker.line + 1, message) }
                warnings.append(.warning(.changedOriginal, line: marker.line + 1, message + "; restored its current text"))
            }
            let shift = (viewLevel[marker.line] ?? original.sections[index].heading.level) - original.sections[index].heading.level
            if shift != 0, first <= last {
                restored = try relevel(original, hiddenIn: first...last, by: shift, owner: marker.id, markerLine: marker.line)[...]
            }
            // A marker moved away from the end of the file needs a line ending after text that had none.
            let markerEnding = source.lineEnding(marker.line)
            if !markerEnding.isEmpty, let last = restored.last, last != ASCII.lf, last != ASCII.cr {
                restored = (Array(restored) + markerEnding)[...]
            }
            // A body that now stands before another line than in the original (the skeleton moved it)
            // could run into it: a paragraph into a setext heading, an HTML block or a list over the
            // heading. One blank line keeps them apart (outline's own byte; format.md §9).
            if !markerEnding.isEmpty, marker.line + 1 < source.lineCount, !source.isBlank(marker.line + 1),
               Unfold.endsWithText(restored),
               last + 1 >= originalSource.lineCount
                || !originalSource.bytes[originalSource.contentRange(last + 1)].elementsEqual(source.bytes[source.contentRange(marker.line + 1)]),
               Unfold.runsInto(restored, next: source.bytes[source.lineStarts[marker.line + 1]..<source.lineStarts[min(source.lineCount, marker.line + 3)]]) {
                restored = (Array(restored) + markerEnding)[...]
            }
            edits.replace(source.lineRange(marker.line), with: restored)
            // The sections it hid: those whose heading stands in its lines, one run of the document's
            // sections (in line order), found by binary search; not by filtering every section for
            // every marker, which would copy every section once per marker.
            var hidden: [Verification.Expected] = []
            if first <= last {
                let sections = original.sections
                var lo = 0, hi = sections.count
                while lo < hi { let mid = (lo + hi) / 2; if sections[mid].heading.firstLine < first { lo = mid + 1 } else { hi = mid } }
                while lo < sections.count && sections[lo].heading.firstLine <= last {
                    let s = sections[lo]
                    hidden.append(Verification.Expected(id: s.anchored ? s.id : nil, title: s.title, level: s.heading.level + shift))
                    lo += 1
                }
            }
            hiddenAfter[marker.line] = hidden
        }
        // Anchors fold added (the original has no anchor for that ID) go again, once nothing is folded.
        if remaining == 0 {
            var wholeLines: [Int] = []
            for section in folded.sections {
                guard let record = section.record, let id = record.id, let index = byID[id] else { continue }
                if !original.sections[index].anchored {
                    edits.removeID(from: record, wholeLines: &wholeLines)
                } else if record.isAddedByFold, original.sections[index].record?.isAddedByFold != true,
                          let token = record.attributeTokens.first, let idToken = record.idToken {
                    // The original gained this anchor since: keep the line, not fold's mark.
                    edits.delete(idToken.range.upperBound..<token.range.upperBound)
                }
            }
            edits.deleteLines(wholeLines, in: source)
        }
        var expected: [Verification.Expected] = []
        for section in folded.sections {
            let inOriginal = section.record?.id.flatMap { byID[$0] }
            let anchored = inOriginal.map { original.sections[$0].anchored } ?? section.anchored
            // Titles as the view shows them may differ from the result's (a hidden link definition used
            // by a visible heading comes back): IDs, levels and order are what the skeleton plans.
            expected.append(Verification.Expected(id: anchored ? section.id : nil, title: nil, level: section.heading.level))
            if let marker = section.marker { expected += hiddenAfter[marker.line] ?? [] }
        }
        return try Verification.verified(folded, RewriteResult(edits, on: source.bytes, diagnostics: warnings), sections: expected)
    }

    /// Whether `next` (the lines after a marker) would no longer start a block of its own after `body`:
    /// the body is whole top-level blocks of the original, so parsing the two alone tells.
    static func runsInto(_ body: ArraySlice<UInt8>, next: ArraySlice<UInt8>) -> Bool {
        guard let joined = try? Outline(parsing: Array(body) + Array(next)) else { return true }
        let at = UInt64(Verification.lineBreaks(body))
        return !joined.blockStarts.contains { $0 >> 8 == at }
    }

    /// Whether the last line of `text` (which ends with a line ending) holds more than blanks.
    static func endsWithText(_ text: ArraySlice<UInt8>) -> Bool {
        var i = text.endIndex
        if i > text.startIndex && text[i - 1] == ASCII.lf { i -= 1 }
        if i > text.startIndex && text[i - 1] == ASCII.cr { i -= 1 }
        while i > text.startIndex && text[i - 1] != ASCII.lf && text[i - 1] != ASCII.cr {
            if !ASCII.isBlank(text[i - 1]) { return true }
            i -= 1
        }
        return false
    }

    /// The original's lines `lines` with every section heading in them moved `shift` levels (the `#`
    /// run of an ATX heading). A hidden setext heading is always a level-2 subsection of a level-1
    /// heading, so any shift would take it where only ATX headings go: an error.
    static func relevel(_ original: Outline, hiddenIn lines: ClosedRange<Int>, by shift: Int, owner: String, markerLine: Int) throws -> [UInt8] {
        let source = original.source
        let bytes = source.bytes
        var patches: [(range: Range<Int>, bytes: [UInt8])] = []
        for section in original.sections where lines.contains(section.heading.firstLine) {
            let heading = section.heading
            let level = heading.level + shift
            guard (1...6).contains(level) else {
                throw Diagnostic.error(.foldedView, line: markerLine + 1,
                                       "the level change of '\(owner)' would make its subsection '\(section.id)' a level-\(level) heading (levels are 1 to 6)")
            }
            if heading.style == .atx, let opening = heading.openingEnd {
                patches.append(((opening - heading.level)..<opening, [UInt8](repeating: ASCII.hash, count: level)))
            } else {
                throw Diagnostic.error(.foldedView, line: markerLine + 1,
                                       "the level change of '\(owner)' would make its setext subsection '\(section.id)' level \(level), which only an ATX heading can have (make it '\(String(repeating: "#", count: heading.level)) …' first)")
            }
        }
        var out: [UInt8] = []
        var position = source.lineStarts[lines.lowerBound]
        for patch in patches {
            out += bytes[position..<patch.range.lowerBound]
            out += patch.bytes
            position = patch.range.upperBound
        }
        out += bytes[position..<source.lineStarts[lines.upperBound + 1]]
        return out
    }
}
