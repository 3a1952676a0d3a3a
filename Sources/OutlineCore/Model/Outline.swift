/// One section: a top-level heading, everything up to the next heading of the same or a higher level,
/// and outline's lines that belong to it.
public struct Section: Sendable {
    public let heading: Heading
    /// Index of the parent section in `Outline.sections`; nil for a top-level section.
    public internal(set) var parent: Int?
    public internal(set) var children: [Int] = []
    /// Depth in the section tree: top-level sections are 1, whatever their heading level.
    public internal(set) var depth: Int
    /// 0-based last line of the section.
    public internal(set) var endLine: Int
    /// The record line directly after the heading's last line (an anchor, an ID-less record or a
    /// malformed one), if any.
    public internal(set) var record: RecordLine?
    /// A fold marker directly after the heading (or after its record line).
    public internal(set) var marker: FoldMarker?
    /// The section's ID: its anchor's, or the one `outline id` would assign.
    public internal(set) var id: String
    /// True when the ID comes from this section's own anchor (not a duplicate of an earlier one).
    public internal(set) var anchored: Bool
    /// The number outline wrote into the heading (its record says so and the text still starts with it).
    public internal(set) var number: String?
    /// The title: the heading's plain text without outline's number and without a `{#id}` attribute.
    public internal(set) var title: String
    /// An explicit `{#id}` attribute on the heading, as written.
    public internal(set) var explicitID: String?
    /// For a section whose anchor repeats an earlier section's ID: that section's index.
    public internal(set) var duplicateOf: Int?
}

/// A document's section tree with IDs resolved: the model every command works from.
public struct Outline: Sendable {
    public let document: Document
    public private(set) var sections: [Section] = []
    /// Indices of the top-level sections.
    public private(set) var roots: [Int] = []
    /// Record lines that do not stand directly after a section heading.
    public private(set) var orphanRecords: [RecordLine] = []
    /// Fold markers that do not stand directly after a section heading or its record.
    public private(set) var orphanMarkers: [FoldMarker] = []
    /// How many section records stand after blank lines, and how many directly under their heading.
    public private(set) var anchorsAfterBlank = 0
    public private(set) var anchorsBelow = 0

    /// Where `id` puts a new anchor: after the blank line under the heading when most of the
    /// document's anchors stand so (the document went through a formatter, or is written that way),
    /// else directly under the heading (SPEC §2).
    public var placesAnchorsAfterBlank: Bool { anchorsAfterBlank > anchorsBelow }

    public var source: Source { document.source }

    /// Builds the model. The sections take over the document's headings (`document.headings` is empty
    /// in the stored copy: a document with a million headings is not kept twice).
    public init(_ document: Document) {
        var stored = document
        stored.headings = []
        self.document = stored
        let source = document.source
        var recordAt: [Int: Int] = [:]
        for (k, r) in document.records.enumerated() { recordAt[r.line] = k }
        var markerAt: [Int: Int] = [:]
        for (k, m) in document.markers.enumerated() { markerAt[m.line] = k }
        var usedRecords = Set<Int>()
        var usedMarkers = Set<Int>()

        var stack: [Int] = []
        sections.reserveCapacity(document.headings.count)
        for heading in document.headings {
            let index = sections.count
            while let top = stack.last, sections[top].heading.level >= heading.level {
                // Up to the heading's block: definitions cmark reads into its paragraph are its.
                sections[top].endLine = heading.blockStartLine - 1
                stack.removeLast()
            }
            var section = Section(heading: heading, parent: stack.last, depth: stack.count + 1, endLine: source.lineCount - 1,
                                  record: nil, marker: nil, id: "", anchored: false, number: nil, title: "")
            var next = heading.lastLine + 1
            // The heading's record is the first non-blank line after it, if that is one (SPEC §2):
            // formatters and linters (mdformat, pandoc, markdownlint's MD022) want a blank line under a
            // heading and put one between it and its anchor. A record that cannot carry an ID in place
            // (unclosed, invalid UTF-8, or nothing after `outline:`) is not the heading's: `id` and
            // `number` put a new record line before it, so that both commute and `--strip` gives back
            // the malformed line untouched.
            var firstNonBlank = next
            while firstNonBlank < source.lineCount && source.isBlank(firstNonBlank) { firstNonBlank += 1 }
            if let k = recordAt[firstNonBlank], document.records[k].canHoldAnID {
                section.record = document.records[k]
                usedRecords.insert(k)
                next = firstNonBlank + 1
                if firstNonBlank > heading.lastLine + 1 { anchorsAfterBlank += 1 } else { anchorsBelow += 1 }
            }
            if let k = markerAt[next] {
                section.marker = document.markers[k]
                usedMarkers.insert(k)
            }
            if let parent = stack.last { sections[parent].children.append(index) } else { roots.append(index) }
            sections.append(section)
            stack.append(index)
        }
        orphanRecords = document.records.enumerated().filter { !usedRecords.contains($0.offset) }.map { $0.element }
        orphanMarkers = document.markers.enumerated().filter { !usedMarkers.contains($0.offset) }.map { $0.element }
        resolveTitlesAndIDs()
    }

    private mutating func resolveTitlesAndIDs() {
        var allocator = IDAllocator(capacity: sections.count + document.records.count)
        for record in document.records { if let id = record.id { allocator.reserve(id) } }
        for marker in document.markers {
            allocator.reserve(marker.id)
            for hidden in marker.hiddenSections { allocator.reserve(hidden.id) }
        }
        var claimed: [String: Int] = [:]
        // Sections are updated in place: copying a section out and back costs more than the rest
        // when a document has a million headings.
        for index in sections.indices {
            var text = sections[index].heading.text
            if sections[index].record != nil, let n = ownedNumber(sections[index]) {
                sections[index].number = n
                text = String(text.dropFirst(n.count).drop(while: { $0 == " " }))
            }
            if text.utf8.last == UInt8(ascii: "}"), let (explicit, rest) = Outline.explicitID(in: text) {
                sections[index].explicitID = explicit
                text = rest
            }
            sections[index].title = Outline.trimmed(text)
            if let id = sections[index].record?.id {
                if let first = claimed[id] {
                    sections[index].duplicateOf = first
                    sections[index].id = allocator.allocate(baseID(index))
                } else {
                    claimed[id] = index
                    sections[index].id = id
                    sections[index].anchored = true
                }
            } else {
                sections[index].id = allocator.allocate(baseID(index))
            }
        }
    }

    /// What a new ID is derived from: a malformed anchor's ID, an explicit `{#id}`, or the title.
    private func baseID(_ index: Int) -> String {
        if sections[index].duplicateOf == nil, case .invalidID(let raw)? = sections[index].record?.problem, let id = Identifier.slug(raw) {
            return id
        }
        if let explicit = sections[index].explicitID, let id = Identifier.slug(explicit) { return id }
        return Identifier.slug(sections[index].title) ?? "section"
    }

    /// The number outline wrote into this heading: the record's `number=` value, when the heading's
    /// text still starts with it (`N ` before the title, or ` N` alone in an empty ATX heading).
    func ownedNumber(_ section: Section) -> String? {
        guard let value = section.record?.attribute("number")?.value, NumberFormat.isNumber(value) else { return nil }
        let heading = section.heading
        let bytes = source.bytes
        let content = bytes[heading.contentStart..<heading.contentEnd]
        let digits = Array(value.utf8)
        if content.starts(with: digits + [32]) { return value }
        if heading.style == .atx, let opening = heading.openingEnd, heading.contentStart == opening + 1,
           bytes[opening] == 32, content.elementsEqual(digits) {
            return value
        }
        return nil
    }

    /// A trailing `{#id …}` attribute (pandoc, kramdown, Hugo, Docusaurus): the ID and the text before it.
    static func explicitID(in text: String) -> (String, String)? {
        let trimmedText = trimmed(text)
        guard trimmedText.hasSuffix("}"), let open = trimmedText.lastIndex(of: "{") else { return nil }
        let inner = trimmedText[trimmedText.index(after: open)..<trimmedText.index(before: trimmedText.endIndex)]
        guard inner.first == "#" else { return nil }
        let id = inner.dropFirst().prefix(while: { !$0.isWhitespace })
        guard !id.isEmpty else { return nil }
        return (String(id), String(trimmedText[..<open]))
    }

    static func trimmed(_ s: String) -> String {
        if let first = s.utf8.first, let last = s.utf8.last, first > 32, last > 32, first < 128, last < 128 { return s }
        var sub = Substring(s)
        while let f = sub.first, f.isWhitespace { sub.removeFirst() }
        while let l = sub.last, l.isWhitespace { sub.removeLast() }
        return String(sub)
    }

    /// Sections by ID.
    public func indexByID() -> [String: Int] {
        var map: [String: Int] = [:]
        for (k, s) in sections.enumerated() where map[s.id] == nil { map[s.id] = k }
        return map
    }

    /// IDs of the sections hidden inside the fold markers of a folded view.
    public var hiddenIDs: Set<String> {
        var ids = Set<String>()
        for marker in document.markers { for hidden in marker.hiddenSections { ids.insert(hidden.id) } }
        return ids
    }

    /// True when the document contains fold markers (it is a folded view).
    public var isFolded: Bool { !document.markers.isEmpty || !document.malformedMarkers.isEmpty }

    /// A section is folded when a marker hides its body and none of its subsections is visible.
    public func isFolded(_ index: Int) -> Bool {
        sections[index].marker != nil && sections[index].children.isEmpty
    }

    /// 0-based line just past the section's heading and record line: where its body begins.
    public func contentStartLine(_ index: Int) -> Int {
        let s = sections[index]
        return (s.record?.line ?? s.heading.lastLine) + 1
    }

    /// Last line of the section's own body (before its first subsection).
    public func bodyEndLine(_ index: Int) -> Int {
        let s = sections[index]
        if let first = s.children.first { return sections[first].heading.blockStartLine - 1 }
        return s.endLine
    }
}

/// Hierarchical numbers: `1`, `1.2`, `1.2.3`.
enum NumberFormat {
    static func isNumber(_ s: String) -> Bool {
        guard !s.isEmpty else { return false }
        return s.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        }
    }
}

extension Outline {
    /// The version of the libcmark outline is linked with.
    public static var cmarkVersion: String { CommonMark.version }
}
