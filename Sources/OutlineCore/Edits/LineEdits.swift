extension EditList {
    /// Inserts one line, `prefix + text + suffix`, directly after line `line`, written straight into
    /// the edit arena (`id` inserts one per heading; a document may have a million). The new line takes
    /// the line ending of the line it follows; after a last line without a line ending, that line gets
    /// the document's first line ending (LF if it has none) and the new line gets none, so the file
    /// still ends without one.
    mutating func insertLine(prefix: [UInt8], _ text: String = "", suffix: [UInt8] = [], after line: Int, in source: Source) {
        let ending = source.lineEnding(line)
        if ending.isEmpty {
            insert(at: source.bytes.count, prefix: prefix, text, suffix: suffix, ending: [], leading: source.firstLineEnding)
        } else {
            insert(at: source.lineStarts[line + 1], prefix: prefix, text, suffix: suffix, ending: ending)
        }
    }

    /// Deletes whole lines. A deleted last line without a line ending takes the line ending of the line
    /// before it along, undoing `insertLine` exactly.
    mutating func deleteLines(_ lines: [Int], in source: Source) {
        let sorted = Set(lines).sorted()
        var k = 0
        while k < sorted.count {
            let first = sorted[k]
            var last = first
            while k + 1 < sorted.count && sorted[k + 1] == last + 1 { k += 1; last += 1 }
            // The BOM is not part of line 0's text: deleting that line keeps it.
            var lower = first == 0 ? source.bomLength : source.lineStarts[first]
            let upper = source.lineStarts[last + 1]
            if last == source.lineCount - 1 && source.lineEnding(last).isEmpty && first > 0 {
                lower = source.contentRange(first - 1).upperBound
            }
            delete(lower..<upper)
            k += 1
        }
    }
}
