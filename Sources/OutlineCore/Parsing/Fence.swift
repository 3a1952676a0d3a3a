/// A fence line: three or more backticks, tildes or colons, up to three spaces in, and what follows.
struct Fence: Equatable {
    let character: UInt8
    let length: Int
    /// What follows the fence, trimmed.
    let info: ArraySlice<UInt8>
    /// Where the directive's argument starts in the line's text (after `{name}` and spaces).
    let argumentStart: Int?

    init?(_ line: ArraySlice<UInt8>) {
        var p = line.startIndex
        var spaces = 0
        while p < line.endIndex, line[p] == ASCII.space, spaces < 3 { p += 1; spaces += 1 }
        guard p < line.endIndex else { return nil }
        let c = line[p]
        guard c == UInt8(ascii: "`") || c == UInt8(ascii: "~") || c == UInt8(ascii: ":") else { return nil }
        var q = p
        while q < line.endIndex, line[q] == c { q += 1 }
        guard q - p >= 3 else { return nil }
        character = c
        length = q - p
        let rest = line[q...]
        // A backtick fence's info string holds no backtick.
        if c == UInt8(ascii: "`") && rest.contains(UInt8(ascii: "`")) { return nil }
        let start = rest.drop(while: ASCII.isBlank)
        var end = start.endIndex
        while end > start.startIndex, ASCII.isBlank(line[end - 1]) { end -= 1 }
        info = line[start.startIndex..<end]
        if info.first == UInt8(ascii: "{"), let close = info.firstIndex(of: UInt8(ascii: "}")) {
            let after = line[(close + 1)...].drop(while: ASCII.isBlank)
            argumentStart = after.isEmpty ? nil : after.startIndex - line.startIndex
        } else {
            argumentStart = nil
        }
    }

    /// Nothing after the fence (a closing fence).
    var isBare: Bool { info.isEmpty }

    /// `{name}` opening the info string: a MyST directive's name.
    var directive: String? {
        guard info.first == UInt8(ascii: "{"), let close = info.firstIndex(of: UInt8(ascii: "}")), close > info.startIndex + 1 else { return nil }
        return String(decoding: info[(info.startIndex + 1)..<close], as: UTF8.self)
    }
}
