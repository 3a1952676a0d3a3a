/// What the unit tests and the conformance run (`make conformance`) share: the line-ending and BOM
/// variants of a document (format.md §14), a seeded random generator, and readable byte comparisons. Not part
/// of the product: only test code links it.

/// Line-ending and BOM variants of a document (format.md §14).
public enum Variant: String, CaseIterable, Sendable {
    case asIs = "as-is", crlf = "CRLF", bom = "BOM", noFinalNewline = "no-final-newline"

    public func apply(_ b: [UInt8]) -> [UInt8] {
        switch self {
        case .asIs: return b
        case .crlf:
            // Every LF not already after a CR becomes CRLF; a lone CR stays a lone CR.
            var out: [UInt8] = []
            out.reserveCapacity(b.count + b.count / 20)
            for (i, c) in b.enumerated() {
                if c == 10 && (i == 0 || b[i - 1] != 13) { out.append(13) }
                out.append(c)
            }
            return out
        case .bom: return [0xEF, 0xBB, 0xBF] + b
        case .noFinalNewline:
            // The last line ending goes, whatever it is: LF, CRLF or a lone CR.
            var out = b
            if out.last == 10 { out.removeLast(); if out.last == 13 { out.removeLast() } }
            else if out.last == 13 { out.removeLast() }
            return out
        }
    }
}

/// SplitMix64: small, seeded, reproducible. Every randomised test takes its seed from here.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Where two byte strings first differ, as a line diff: the differing line's number and a few lines
/// of context from each side (`-` expected, `+` got), every line shown escaped so that CR, tabs and
/// invalid UTF-8 are visible.
public func lineDifference(_ got: [UInt8], _ expected: [UInt8], context: Int = 2) -> String {
    let a = splitLines(expected), b = splitLines(got)
    var first = 0
    while first < a.count && first < b.count && a[first] == b[first] { first += 1 }
    if first == a.count && first == b.count { return "no difference" }
    var out = "first difference at line \(first + 1) (lines \(b.count) got, \(a.count) expected; bytes \(got.count), \(expected.count)):\n"
    let low = max(0, first - context)
    for k in low..<first { out += "    " + show(a[k]) + "\n" }
    for k in first..<min(a.count, first + context + 1) { out += "  - " + show(a[k]) + "\n" }
    for k in first..<min(b.count, first + context + 1) { out += "  + " + show(b[k]) + "\n" }
    return out
}

/// Lines with their line endings (LF, CRLF or a lone CR), so that a changed ending is a changed line.
func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0, i = 0
    while i < bytes.count {
        if bytes[i] == 10 || bytes[i] == 13 {
            if bytes[i] == 13 && i + 1 < bytes.count && bytes[i + 1] == 10 { i += 1 }
            lines.append(bytes[start...i])
            start = i + 1
        }
        i += 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
}

private func show(_ line: ArraySlice<UInt8>) -> String {
    String(decoding: line, as: UTF8.self).debugDescription
}
