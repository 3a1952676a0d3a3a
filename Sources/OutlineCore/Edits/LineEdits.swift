extension EditList {
    /// Inserts whole lines directly after line `line`. Each inserted line takes the line ending of the
    /// line it follows; after a last line without a line ending, that line gets the document's first line
    /// ending (LF if it has none) and the last inserted line then gets none, so the file still ends
    /// without one.
    mutating func insertLines(_ lines: [[UInt8]], after line: Int, in source: Source) {
        guard !lines.isEmpty else { return }
        let ending = Array(source.lineEnding(line))
        var bytes: [UInt8] = []
        if ending.isEmpty {
            let documentEnding = source.firstLineEnding
            for text in lines {
                bytes.append(contentsOf: documentEnding)
                bytes.append(contentsOf: text)
            }
            insert(bytes, at: source.bytes.count)
        } else {
            for text in lines {
                bytes.append(contentsOf: text)
                bytes.append(contentsOf: ending)
            }
            insert(bytes, at: source.lineStarts[line + 1])
        }
    }

    /// One line, `prefix + text + suffix`, after line `line`: `insertLines` without intermediate arrays
    /// (`id` inserts one per heading; a document may have a million).
    mutating func insertLine(prefix: [UInt8], _ text: String, suffix: [UInt8], after line: Int, in source: Source) {
        let start = source.lineStarts[line + 1]
        let bytes = source.bytes
        var content = start
        if content > source.lineStarts[line] && bytes[content - 1] == 10 { content -= 1 }
        if content > source.lineStarts[line] && bytes[content - 1] == 13 { content -= 1 }
        if content == start {
            // The last line, without a line ending: it gets the document's first one; the new line none.
            insert(at: source.bytes.count, prefix: prefix, text, suffix: suffix, ending: [], leading: source.firstLineEnding)
        } else {
            insert(at: start, prefix: prefix, text, suffix: suffix, ending: bytes[content..<start])
        }
    }

    /// Deletes whole lines. A deleted last line without a line ending takes the line ending of the line
    /// before it along, undoing `insertLines` exactly.
    mutating func deleteLines(_ lines: [Int], in source: Source) {
        let sorted = Set(lines).sorted()
        var k = 0
        while k < sorted.count {
            let first = sorted[k]
            var last = first
            while k + 1 < sorted.count && sorted[k + 1] == last + 1 { k += 1; last += 1 }
            var lower = source.lineStarts[first]
            let upper = source.lineStarts[last + 1]
            if last == source.lineCount - 1 && source.lineEnding(last).isEmpty && first > 0 {
                lower = source.contentRange(first - 1).upperBound
            }
            delete(lower..<upper)
            k += 1
        }
    }
}
