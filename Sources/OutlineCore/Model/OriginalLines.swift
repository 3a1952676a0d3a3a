extension Outline {
    /// The 1-based lines of the original document, for every line of this one (plus one entry for the
    /// end of the file). For a document that is not a folded view they are its own lines. In a folded
    /// view, lines are the original's verbatim except for two kinds that `fold` wrote: a fold marker,
    /// which stands for the original lines it records (`lines=A-B`, mapped to A), and an anchor line
    /// marked `fold=added`, which the original does not have (mapped to the line that follows it). So
    /// the mapping is exact, before, between and after markers alike.
    public func originalLineNumbers() -> [Int] {
        let lineCount = source.lineCount
        guard isFoldedView else { return Array(1...(lineCount + 1)) }
        var kind = [UInt8](repeating: 0, count: lineCount)        // 1: marker, 2: added anchor
        var markerAt: [Int: FoldMarker] = [:]
        for marker in markers { kind[marker.line] = 1; markerAt[marker.line] = marker }
        for record in records where record.isAddedByFold { kind[record.line] = 2 }
        var original = [Int](repeating: 0, count: lineCount + 1)
        var next = 1
        for line in 0..<lineCount {
            switch kind[line] {
            case 1:
                let hidden = markerAt[line]!.hiddenLines
                original[line] = max(next, hidden.lowerBound)
                next = max(next, hidden.upperBound + 1)
            case 2:
                original[line] = next
            default:
                original[line] = next
                next += 1
            }
        }
        original[lineCount] = next
        return original
    }

    /// Each section's heading line and last line, 1-based, in the original's numbering (format.md §4):
    /// a section that ends in a fold marker ends where the hidden range ends.
    public func originalSectionLines() -> [(line: Int, endLine: Int)] {
        guard isFoldedView else { return sections.map { ($0.heading.firstLine + 1, $0.endLine + 1) } }
        let original = originalLineNumbers()
        var markerEnd: [Int: Int] = [:]
        for marker in markers { markerEnd[marker.line] = marker.hiddenLines.upperBound }
        return sections.map { s in
            var end = s.endLine
            // Trailing added anchors end nowhere in the original: step back over them.
            while end > s.heading.firstLine, original[end] == original[end + 1], markerEnd[end] == nil { end -= 1 }
            let endLine = markerEnd[end].map { max($0, original[end]) } ?? original[end]
            return (original[s.heading.firstLine], endLine)
        }
    }
}
