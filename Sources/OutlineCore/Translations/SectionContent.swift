/// A section's own content as a translation's `source=` hashes it (format.md §17): the heading's text
/// without outline's number and without an attribute block, then the body up to the first subsection
/// without outline's lines (anchors and records, fold markers, a table of contents with its markers,
/// which reflects other sections' titles). Lines are compared without their line endings; outside
/// fenced code, trailing blanks are dropped and blank lines skipped, so that renumbering, pinning, a
/// CRLF conversion, trailing spaces or a blank-line change is no change, while re-wrapping a paragraph
/// is one. Fenced code is kept as written, blank lines and trailing blanks included.
public struct SectionContent {
    public let outline: Outline
    /// Lines outline owns, which are never content.
    private let ownLines: Set<Int>

    public init(_ outline: Outline) {
        self.outline = outline
        var own = Set<Int>()
        for record in outline.records { own.insert(record.line) }
        for marker in outline.markers { own.insert(marker.line) }
        for marker in outline.malformedMarkers { own.insert(marker.line) }
        for record in outline.pageRecords { own.insert(record.line) }
        var open: Int? = nil
        for marker in outline.tocMarkers.sorted(by: { $0.line < $1.line }) {
            own.insert(marker.line)
            if marker.problem != nil { continue }
            if marker.isEnd, let start = open {
                for line in start..<marker.line { own.insert(line) }
                open = nil
            } else if !marker.isEnd {
                open = marker.line
            }
        }
        ownLines = own
    }

    /// The XXH32 (seed 0) of section `index`'s content: each line of `lines(of:)` followed by LF.
    public func hash(of index: Int) -> UInt32 {
        var bytes = headingText(index)
        bytes.append(ASCII.lf)
        forEachBodyLine(of: index) { bytes += $0; bytes.append(ASCII.lf) }
        return ContentHash.hash(bytes[...])
    }

    /// The normalised lines a section's hash is made of: its heading's text first.
    public func lines(of index: Int) -> [[UInt8]] {
        var out: [[UInt8]] = [headingText(index)]
        forEachBodyLine(of: index) { out.append(Array($0)) }
        return out
    }

    /// Each normalised body line, in order (the one reading `hash` and `lines` share).
    private func forEachBodyLine(of index: Int, _ body: (ArraySlice<UInt8>) -> Void) {
        forEachLine(outline.contentStartLine(index), through: outline.bodyEndLine(index), body)
    }

    /// The lines of the preamble (format.md §1: the text before the first heading, front matter left
    /// out), 0-based; empty when the document starts with a heading.
    public var preambleLines: Range<Int> {
        outline.frontMatterLineCount..<(outline.sections.first?.heading.blockStartLine ?? outline.source.lineCount)
    }

    /// The preamble's hash under the same rule (format.md §17), without a heading's line; nil when it
    /// has no line of content.
    public var preambleHash: UInt32? {
        var bytes: [UInt8] = []
        let lines = preambleLines
        forEachLine(lines.lowerBound, through: lines.upperBound - 1) { bytes += $0; bytes.append(ASCII.lf) }
        return bytes.isEmpty ? nil : ContentHash.hash(bytes[...])
    }

    /// The preamble's lines as written (outline's own left out), for `translation diff`.
    public var preambleDisplayLines: [NumberedLine] {
        var out = preambleLines.filter { !ownLines.contains($0) }.map { NumberedLine(number: $0 + 1, text: Array(outline.source.content($0))) }
        while let first = out.first, first.text.allSatisfy(ASCII.isBlank) { out.removeFirst() }
        while let last = out.last, last.text.allSatisfy(ASCII.isBlank) { out.removeLast() }
        return out
    }

    /// Each normalised line from `start` through `last` (0-based), outline's own left out.
    private func forEachLine(_ start: Int, through last: Int, _ body: (ArraySlice<UInt8>) -> Void) {
        var fences = SectionContent.fences
        guard start <= last else { return }
        for line in start...last where !ownLines.contains(line) {
            let content = outline.source.content(line)
            // Fenced code, its fences included, is kept as written.
            guard fences.read(content) == .text else { body(content); continue }
            var end = content.endIndex
            while end > content.startIndex, ASCII.isBlank(content[end - 1]) { end -= 1 }
            if end > content.startIndex { body(content[content.startIndex..<end]) }
        }
    }

    /// The section's lines as written, outline's own left out, without line endings, each with its
    /// 1-based line number: what a translator reads in `translation diff`.
    public func displayLines(of index: Int) -> [NumberedLine] {
        let section = outline.sections[index]
        var out: [NumberedLine] = []
        for line in section.heading.blockStartLine...section.heading.lastLine { out.append(NumberedLine(number: line + 1, text: Array(outline.source.content(line)))) }
        for line in bodyLines(of: index) { out.append(NumberedLine(number: line + 1, text: Array(outline.source.content(line)))) }
        while let last = out.last, last.text.allSatisfy(ASCII.isBlank) { out.removeLast() }
        return out
    }

    /// The body's lines, outline's own left out.
    func bodyLines(of index: Int) -> [Int] {
        let start = outline.contentStartLine(index), end = outline.bodyEndLine(index)
        guard start <= end else { return [] }
        return (start...end).filter { !ownLines.contains($0) }
    }

    /// The heading's text as written, without outline's number and a trailing attribute block naming an
    /// id (` {#id}`, `{: #id .cls}`); a setext heading's lines joined by LF.
    func headingText(_ index: Int) -> [UInt8] {
        let section = outline.sections[index]
        let heading = section.heading
        let source = outline.source
        var text: [UInt8]
        if heading.style == .atx {
            text = Array(source.bytes[heading.contentStart..<max(heading.contentStart, heading.contentEnd)])
        } else {
            text = Array(source.bytes[heading.contentStart..<source.contentRange(heading.firstLine).upperBound])
            if heading.lastLine - 1 > heading.firstLine {
                for line in (heading.firstLine + 1)..<heading.lastLine {
                    text.append(ASCII.lf)
                    text += source.content(line).drop(while: ASCII.isBlank)
                }
            }
        }
        if let number = section.number, text.starts(with: number.utf8) {
            text.removeFirst(number.utf8.count)
        }
        var string = String(decoding: text, as: UTF8.self)
        if let block = AttributeBlock.trailing(Substring(string)), block.id != nil {
            string = String(string[..<block.start])
        }
        var bytes = Array(string.utf8)
        while let first = bytes.first, ASCII.isBlank(first) { bytes.removeFirst() }
        while let last = bytes.last, ASCII.isBlank(last) { bytes.removeLast() }
        return bytes
    }

    /// How a section's lines read fenced code: a fence after any indentation and block-quote
    /// markers, three or more backticks or tildes (`LineScanner`).
    static var fences: LineScanner.Fences { LineScanner.Fences(containers: true) }
}

/// A line's text and its 1-based number in its file.
public struct NumberedLine: Sendable, Equatable {
    public var number: Int
    public var text: [UInt8]
}
