/// Named bytes and the blank-handling helpers the parsers share: outline works on bytes, and a bare
/// `32` or `45` says less than `ASCII.space` or `ASCII.dash`.
enum ASCII {
    static let tab: UInt8 = 9
    static let lf: UInt8 = 10
    static let cr: UInt8 = 13
    static let space: UInt8 = 32
    static let hash = UInt8(ascii: "#")
    static let dash = UInt8(ascii: "-")
    static let equals = UInt8(ascii: "=")

    /// A space or a tab: what CommonMark calls blank within a line.
    @inline(__always) static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
    /// An ASCII digit.
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    /// An ASCII letter, digit or `_` (a byte of Python's `\w` in ASCII), or any byte of a UTF-8
    /// sequence (a letter of another script, taken as a word character).
    @inline(__always) static func isWordByte(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20) >= 97 && (b | 0x20) <= 122 || b == 95 || b >= 0x80 }
}

extension Array where Element == UInt8 {
    /// `range` without the spaces and tabs at either end.
    func trimmingBlanks(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        while start < end && ASCII.isBlank(self[start]) { start += 1 }
        while end > start && ASCII.isBlank(self[end - 1]) { end -= 1 }
        return start..<end
    }

    /// The first offset at or after `start` (and before `end`) that is not a space or tab.
    func skippingBlanks(from start: Int, to end: Int) -> Int {
        var p = start
        while p < end && ASCII.isBlank(self[p]) { p += 1 }
        return p
    }

    /// The offset after at most three leading spaces from `start`: CommonMark's allowed indentation.
    func skippingIndent(from start: Int, to end: Int) -> Int {
        var p = start
        while p < end && self[p] == ASCII.space && p - start < 3 { p += 1 }
        return p
    }

    /// True when `prefix` stands at `offset` (and ends before `end`).
    func has(_ prefix: [UInt8], at offset: Int, end: Int) -> Bool {
        guard offset >= 0, offset + prefix.count <= end else { return false }
        for (k, b) in prefix.enumerated() where self[offset + k] != b { return false }
        return true
    }
}

extension ArraySlice where Element == UInt8 {
    /// True when the bytes hold `needle` (ASCII), searched byte by byte (no String made).
    func containsBytes(_ needle: StaticString) -> Bool {
        withUnsafeBufferPointer { ByteSearch.contains($0, needle) }
    }

    /// True when the bytes start with `prefix` (ASCII).
    func startsWithBytes(_ prefix: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard count >= pattern.count else { return false }
        var p = startIndex
        for b in pattern { if self[p] != b { return false }; p += 1 }
        return true
    }
}

extension String {
    /// True when the UTF-8 of the string holds `needle` (ASCII bytes), searched byte by byte: the
    /// standard library's `contains` works on characters and costs far more on long HTML literals.
    func containsBytes(_ needle: StaticString) -> Bool {
        var copy = self
        return copy.withUTF8 { ByteSearch.contains($0, needle) }
    }
}

/// The one byte-by-byte search behind both `containsBytes`.
enum ByteSearch {
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        guard text.count >= pattern.count else { return false }
        var i = 0
        let last = text.count - pattern.count
        while i <= last {
            if text[i] == first {
                var k = 1
                while k < pattern.count && text[i + k] == pattern[k] { k += 1 }
                if k == pattern.count { return true }
            }
            i += 1
        }
        return false
    }
}

extension StringProtocol {
    /// The text without the spaces, tabs and line endings around it.
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
