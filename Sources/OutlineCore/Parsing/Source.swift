/// The bytes of one input document and its line table.
///
/// outline works on bytes, never on decoded text, so that every byte it does not own comes out exactly as
/// it went in (invalid UTF-8, a BOM, CR, CRLF and tabs included). Lines are 0-based here; they become
/// 1-based only where they are shown to people.
public struct Source: Sendable {
    /// The document, byte for byte.
    public let bytes: [UInt8]
    /// `lineStarts[i]` is the offset of line `i`; one extra last entry equals `bytes.count`.
    public let lineStarts: LineTable
    /// True when the bytes contain a NUL, which outline treats as binary input.
    public let containsNUL: Bool
    /// Length of a leading UTF-8 byte order mark (0 or 3).
    public let bomLength: Int

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var sawNUL = false
        self.lineStarts = LineTable(wide: bytes.count > Int(UInt32.max), estimate: bytes.count / 40 + 2) { append in
            append(0)
            bytes.withUnsafeBufferPointer { p in
                Source.lineEnds(in: p, { append($0) }, nul: { sawNUL = true })
            }
            return bytes.count
        }
        self.containsNUL = sawNUL
        self.bomLength = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Calls `end` with the offset right after every line ending of `p` (LF, CRLF or a lone CR; a CR
    /// at the end of `p` ends a line), in order, and `nul` for every NUL byte. Eight bytes are read at a
    /// time up to the next byte of 13 or less (LF, CR and NUL are among them): a word with none has no
    /// borrow into any byte's top bit; the lowest flagged byte is the first such byte (borrows only
    /// run upwards). Verification counts the line endings of every replacement with it too.
    @inline(__always)
    static func lineEnds(in p: UnsafeBufferPointer<UInt8>, _ end: (Int) -> Void, nul: () -> Void) {
        let n = p.count
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self))
                let flagged = (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080
                if flagged == 0 { i += 8; continue }
                i += flagged.trailingZeroBitCount >> 3
            }
            let b = p[i]
            if b > 13 { i += 1; continue }
            if b == ASCII.lf {
                end(i + 1)
            } else if b == ASCII.cr {
                if i + 1 < n && p[i + 1] == ASCII.lf { i += 1 }
                end(i + 1)
            } else if b == 0 {
                nul()
            }
            i += 1
        }
    }

    /// Number of lines; a final line without a line ending counts, an empty file has none.
    @inlinable public var lineCount: Int { lineStarts.count - 1 }

    /// The 0-based line holding byte `offset` (binary search over the line starts).
    public func line(containing offset: Int) -> Int {
        var lo = 0, hi = lineCount
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Byte range of line `i`, line ending included.
    @inlinable public func lineRange(_ i: Int) -> Range<Int> { lineStarts[i]..<lineStarts[i + 1] }

    /// Byte range of line `i` without its line ending (and without the BOM on line 0).
    public func contentRange(_ i: Int) -> Range<Int> {
        var start = lineStarts[i]
        if i == 0 { start += bomLength }
        var end = lineStarts[i + 1]
        if end > start && bytes[end - 1] == ASCII.lf { end -= 1 }
        if end > start && bytes[end - 1] == ASCII.cr { end -= 1 }
        return start..<end
    }

    /// The line ending of line `i`: LF, CRLF, CR, or empty for a last line without one.
    public func lineEnding(_ i: Int) -> ArraySlice<UInt8> {
        let content = contentRange(i)
        return bytes[content.upperBound..<lineStarts[i + 1]]
    }

    /// The document's first line ending, LF when it has none.
    public var firstLineEnding: [UInt8] {
        for i in 0..<lineCount {
            let e = lineEnding(i)
            if !e.isEmpty { return Array(e) }
        }
        return [10]
    }

    /// The content bytes of line `i` (no line ending, no BOM).
    @inlinable public func content(_ i: Int) -> ArraySlice<UInt8> { bytes[contentRange(i)] }

    /// True when line `i` holds only spaces and tabs (or nothing).
    public func isBlank(_ i: Int) -> Bool {
        let range = contentRange(i)
        for p in range where !ASCII.isBlank(bytes[p]) { return false }
        return true
    }
}

/// Where each line starts, as offsets into a document: 4 bytes per line (8 only for a document over
/// 4 GiB), read as `Int`s.
public struct LineTable: RandomAccessCollection, Sendable {
    private let narrow: [UInt32]
    /// The offsets of a document over 4 GiB (nil for any other).
    private let wide: [Int]?

    /// The table `fill` makes by appending offsets in increasing order; the offset it returns ends the
    /// table unless it is the last one appended already. The table keeps no spare room: it is there
    /// with cmark's whole tree (a table grown by doubling took up to twice its size).
    init(wide: Bool, estimate: Int, _ fill: ((Int) -> Void) -> Int) {
        if wide {
            var starts: [Int] = []
            starts.reserveCapacity(estimate)
            let end = fill { starts.append($0) }
            if starts.last != end { starts.append(end) }
            self.wide = starts
            narrow = []
        } else {
            var starts: [UInt32] = []
            starts.reserveCapacity(estimate)
            let end = fill { starts.append(UInt32($0)) }
            if starts.last != UInt32(end) { starts.append(UInt32(end)) }
            narrow = starts.capacity > starts.count + starts.count / 16 ? Array(starts) : starts
            self.wide = nil
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { wide?.count ?? narrow.count }
    public subscript(i: Int) -> Int {
        if let wide { return wide[i] }
        return Int(narrow[i])
    }
}

/// Support knows no `Source`: a diagnostic is given its place in one here.
extension Diagnostic {
    /// This diagnostic, about the bytes `range` of `source`: its line, columns and end from them.
    public func spanning(_ range: Range<Int>, in source: Source) -> Diagnostic {
        var copy = self
        copy.span = SourceSpan(range, in: source)
        return copy
    }

    /// This diagnostic spanning the whole of its line (its content, without the line ending) when it
    /// has a line but no bytes yet: every finding of a document gets a place an editor and SARIF
    /// can show, not a line alone.
    public func spanningLine(in source: Source) -> Diagnostic {
        guard span == nil, let line, line >= 1, line <= source.lineCount else { return self }
        return spanning(source.contentRange(line - 1), in: source)
    }
}

extension SourceSpan {
    /// The span of the bytes `range` of `source`.
    public init(_ range: Range<Int>, in source: Source) {
        self.init(start: SourceSpan.position(range.lowerBound, in: source), end: SourceSpan.position(range.upperBound, in: source), bytes: range)
    }

    /// The position of byte `offset` of `source`: code points are counted as UTF-8 lead bytes (a
    /// byte that is not a continuation byte), so invalid UTF-8 still counts a column per byte, and
    /// UTF-16 units as two for a 4-byte sequence's lead byte, one for any other lead.
    static func position(_ offset: Int, in source: Source) -> Place {
        // The end of a file without a final line ending is on its last line, not past it.
        let line = min(source.line(containing: offset), max(0, source.lineCount - 1))
        // The BOM is no column (contentRange leaves it out of line 0).
        let start = min(source.contentRange(line).lowerBound, offset)
        var column = 1, utf16 = 1
        for b in source.bytes[start..<min(offset, source.bytes.count)] where b & 0xC0 != 0x80 {
            column += 1
            utf16 += b >= 0xF0 ? 2 : 1
        }
        return Place(line: line + 1, column: column, utf8Column: offset - start + 1, utf16Column: utf16)
    }
}
