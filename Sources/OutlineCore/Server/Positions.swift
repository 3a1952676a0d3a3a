/// LSP positions ↔ byte offsets (format.md §15). A position is a 0-based line and a character offset
/// counted in UTF-16 code units unless the client negotiated UTF-8. Lines end at LF, CRLF or a lone
/// CR, as `Source` counts them. An invalid byte counts as one unit, as the U+FFFD it reads as; a
/// character past the end of a line means the end of the line (the protocol's rule).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

struct Position: Equatable, Comparable {
    var line: Int
    var character: Int

    static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

extension Source {
    /// The position of byte `offset`.
    func position(of offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = min(max(0, offset), bytes.count)
        guard lineCount > 0 else { return Position(line: 0, character: 0) }
        // The last line start at or before the offset (the table's last entry is the end).
        var lo = 0, hi = lineCount
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        if lo == lineCount {
            // At the very end: on the empty line after a final line ending, else at the last line's end.
            let last = bytes[bytes.count - 1]
            if last == ASCII.lf || last == ASCII.cr { return Position(line: lineCount, character: 0) }
            lo = lineCount - 1
        }
        let start = lineTextStart(lo)
        return Position(line: lo, character: Source.units(bytes, start..<max(start, min(offset, rawContentEnd(lo))), encoding))
    }

    /// The byte offset of `position` (clamped to its line's content; a line past the end is the end).
    func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line < lineCount else { return bytes.count }
        let start = lineTextStart(position.line)
        let end = rawContentEnd(position.line)
        if encoding == .utf8 { return min(start + position.character, end) }
        var units = 0
        var i = start
        while i < end && units < position.character {
            let (length, width) = Source.scalar(at: i, in: bytes, end: end)
            if units + width > position.character { break }   // inside a surrogate pair: before it
            units += width
            i += length
        }
        return i
    }

    /// Where line `i`'s characters start: after a byte order mark on line 0, which editors take out of
    /// the text they show and count in (VS Code, Neovim's 'bomb'), so a file read from disk counts as
    /// the same document opened in the editor.
    private func lineTextStart(_ i: Int) -> Int { i == 0 ? lineStarts[0] + bomLength : lineStarts[i] }

    /// The end of line `i`'s content, line ending excluded.
    private func rawContentEnd(_ i: Int) -> Int {
        var end = lineStarts[i + 1]
        if end > lineStarts[i], bytes[end - 1] == ASCII.lf { end -= 1 }
        if end > lineStarts[i], bytes[end - 1] == ASCII.cr { end -= 1 }
        return end
    }

    static func units(_ bytes: [UInt8], _ range: Range<Int>, _ encoding: PositionEncoding) -> Int {
        if encoding == .utf8 || range.isEmpty { return max(0, range.count) }
        var units = 0
        var i = range.lowerBound
        while i < range.upperBound {
            if bytes[i] < 0x80 { units += 1; i += 1; continue }
            let (length, width) = scalar(at: i, in: bytes, end: range.upperBound)
            units += width
            i += length
        }
        return units
    }

    /// The UTF-8 sequence at `i`: its length in bytes and its width in UTF-16 units. An invalid or
    /// truncated sequence is one byte wide and one unit (U+FFFD).
    static func scalar(at i: Int, in bytes: [UInt8], end: Int) -> (length: Int, width: Int) {
        let b = bytes[i]
        if b < 0x80 { return (1, 1) }
        let length: Int
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (1, 1)
        }
        guard i + length <= end else { return (1, 1) }
        for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return (1, 1) }
        // Overlong, surrogate and out-of-range forms are invalid, as a decoder finds them.
        if length == 3 {
            if b == 0xE0 && bytes[i + 1] < 0xA0 { return (1, 1) }
            if b == 0xED && bytes[i + 1] >= 0xA0 { return (1, 1) }
        } else if length == 4 {
            if b == 0xF0 && bytes[i + 1] < 0x90 { return (1, 1) }
            if b == 0xF4 && bytes[i + 1] >= 0x90 { return (1, 1) }
        }
        return (length, length == 4 ? 2 : 1)
    }

    /// An LSP range of a byte range.
    func range(_ r: Range<Int>, _ encoding: PositionEncoding) -> JSONValue {
        .object([("start", position(of: r.lowerBound, encoding).json), ("end", position(of: r.upperBound, encoding).json)])
    }

    /// An LSP range covering line `i`'s text (from its first non-blank byte).
    func lineTextRange(_ i: Int, _ encoding: PositionEncoding) -> JSONValue {
        range(lineTextBytes(i), encoding)
    }

    /// The bytes `lineTextRange` covers.
    func lineTextBytes(_ i: Int) -> Range<Int> {
        guard i < lineCount else { return bytes.count..<bytes.count }
        var start = lineTextStart(i)
        let end = rawContentEnd(i)
        while start < end, bytes[start] == ASCII.space || bytes[start] == ASCII.tab { start += 1 }
        return start..<end
    }
}
