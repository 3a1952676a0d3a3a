/// Link reference definitions at the start of a paragraph, consumed exactly as cmark 0.30 does
/// (`resolve_reference_link_definitions` and `cmark_parse_reference_inline` in its sources).
///
/// Needed because cmark reports a setext heading that follows link reference definitions as starting at
/// the first definition: outline must know on which line the heading's own text starts (to put a number
/// there, and to end the previous section before it).
enum ReferenceDefinitions {
    /// Number of bytes of `content` (a paragraph's lines, leading whitespace stripped, line endings kept)
    /// that cmark consumes as link reference definitions.
    static func prefixLength(of content: [UInt8]) -> Int {
        var pos = 0
        while pos < content.count && content[pos] == UInt8(ascii: "["),
              let end = definitionEnd(content, from: pos) {
            pos = end
        }
        return pos
    }

    /// One definition at the start of `content`: its label as written (between the brackets), its
    /// destination's bytes (without `<` `>`), and where it ends.
    struct Definition: Equatable {
        let label: Range<Int>
        let destination: Range<Int>
        let end: Int
    }

    /// The definitions cmark consumes at the start of `content`, in order.
    static func definitions(in content: [UInt8]) -> [Definition] {
        var found: [Definition] = []
        var pos = 0
        while pos < content.count && content[pos] == UInt8(ascii: "["), let definition = parse(content, from: pos) {
            found.append(definition)
            pos = definition.end
        }
        return found
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == ASCII.space || (c >= 9 && c <= 13) }
    private static func isPunct(_ c: UInt8) -> Bool {
        (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E)
    }

    /// End offset of one definition starting at `start` (which holds `[`), or nil when there is none.
    private static func definitionEnd(_ c: [UInt8], from start: Int) -> Int? { parse(c, from: start)?.end }

    private static func parse(_ c: [UInt8], from start: Int) -> Definition? {
        let n = c.count
        var p = start + 1
        // Label: no unescaped brackets, at most 1000 characters, not blank.
        var length = 0
        while p < n && c[p] != UInt8(ascii: "[") && c[p] != UInt8(ascii: "]") {
            if c[p] == UInt8(ascii: "\\") {
                p += 1; length += 1
                if p < n && isPunct(c[p]) { p += 1; length += 1 }
            } else {
                p += 1; length += 1
            }
            if length > 1000 { return nil }
        }
        guard p < n && c[p] == UInt8(ascii: "]") else { return nil }
        guard c[(start + 1)..<p].contains(where: { !isSpace($0) }) else { return nil }
        let labelRange = (start + 1)..<p
        p += 1
        guard p < n && c[p] == UInt8(ascii: ":") else { return nil }
        p += 1
        skipSpacesAndOneLineEnd(c, &p)
        guard let urlLength = scanURL(c, p) else { return nil }
        let angled = c[p] == UInt8(ascii: "<")
        let destination = angled ? (p + 1)..<(p + urlLength - 1) : p..<(p + urlLength)
        p += urlLength
        let beforeTitle = p
        skipSpacesAndOneLineEnd(c, &p)
        let titleLength = p == beforeTitle ? 0 : scanTitle(c, p)
        if titleLength > 0 { p += titleLength } else { p = beforeTitle }
        skipSpaces(c, &p)
        if !skipLineEnd(c, &p) {
            guard titleLength > 0 else { return nil }
            p = beforeTitle
            skipSpaces(c, &p)
            guard skipLineEnd(c, &p) else { return nil }
        }
        return Definition(label: labelRange, destination: destination, end: p)
    }

    private static func skipSpaces(_ c: [UInt8], _ p: inout Int) {
        while p < c.count && ASCII.isBlank(c[p]) { p += 1 }
    }

    /// True at a line end (consumed) or at the end of the content.
    private static func skipLineEnd(_ c: [UInt8], _ p: inout Int) -> Bool {
        var seen = false
        if p < c.count && c[p] == ASCII.cr { p += 1; seen = true }
        if p < c.count && c[p] == ASCII.lf { p += 1; seen = true }
        return seen || p >= c.count
    }

    private static func skipSpacesAndOneLineEnd(_ c: [UInt8], _ p: inout Int) {
        skipSpaces(c, &p)
        if skipLineEnd(c, &p) { skipSpaces(c, &p) }
    }

    /// Length of a link destination at `offset`, or nil (cmark's `manual_scan_link_url`).
    private static func scanURL(_ c: [UInt8], _ offset: Int) -> Int? {
        let n = c.count
        var i = offset
        if i < n && c[i] == UInt8(ascii: "<") {
            i += 1
            while i < n {
                if c[i] == UInt8(ascii: ">") { i += 1; break }
                if c[i] == UInt8(ascii: "\\") { i += 2 }
                else if c[i] == ASCII.lf || c[i] == UInt8(ascii: "<") { return nil }
                else { i += 1 }
            }
            return i >= n ? nil : i - offset
        }
        var depth = 0
        while i < n {
            if c[i] == UInt8(ascii: "\\") && i + 1 < n && isPunct(c[i + 1]) {
                i += 2
            } else if c[i] == UInt8(ascii: "(") {
                depth += 1; i += 1
                if depth > 32 { return nil }
            } else if c[i] == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1; i += 1
            } else if isSpace(c[i]) {
                if i == offset { return nil }
                break
            } else {
                i += 1
            }
        }
        return i >= n || depth != 0 ? nil : i - offset
    }

    /// Length of a link title at `offset`, 0 when there is none. cmark's re2c scanner takes the longest
    /// match of `"(\\punct|[^"])*"` (and the `'` and `()` forms): inside, a closing character may only
    /// appear right after a backslash. The scanner is built for UTF-8 (`re2c -8`): `[^"]` matches only
    /// well-formed UTF-8, so a match cannot extend across an invalid byte.
    private static func scanTitle(_ c: [UInt8], _ offset: Int) -> Int {
        guard offset < c.count else { return 0 }
        let open = c[offset]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""): close = open
        case UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return 0
        }
        var best = 0
        var i = offset + 1
        while i < c.count {
            let ch = c[i]
            let escaped = i > offset + 1 && c[i - 1] == UInt8(ascii: "\\")
            if ch == close {
                best = i + 1 - offset
                if !escaped { break }
            } else if open == UInt8(ascii: "(") && ch == open && !escaped {
                break
            }
            guard let width = wellFormedUTF8Width(c, i) else { break }
            i += width
        }
        return best
    }

    /// Byte length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), nil when the bytes there are not one.
    static func wellFormedUTF8Width(_ c: [UInt8], _ i: Int) -> Int? {
        let b0 = c[i]
        if b0 < 0x80 { return 1 }
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < c.count && range.contains(c[i + k])
        }
        switch b0 {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    /// A label as cmark compares labels: case-folded (here: lowercased), surrounding whitespace
    /// trimmed, inner runs of whitespace as one space. Backslash escapes stay as written.
    static func normalizeLabel(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var space = false
        for b in bytes {
            if b == ASCII.space || b == ASCII.tab || b == ASCII.lf || b == ASCII.cr {
                space = !out.isEmpty
            } else {
                if space { out.append(ASCII.space); space = false }
                out.append(b)
            }
        }
        // Full case folding maps a few characters to two (cmark folds with utf8proc): ß and ẞ to
        // "ss", and the Latin ligatures.
        var folded = String(decoding: out, as: UTF8.self).lowercased()
        if folded.unicodeScalars.contains(where: { $0.value >= 0xDF }) {
            for (from, to) in [("ß", "ss"), ("ﬀ", "ff"), ("ﬁ", "fi"), ("ﬂ", "fl"), ("ﬃ", "ffi"), ("ﬄ", "ffl"), ("ﬅ", "st"), ("ﬆ", "st")] {
                folded = folded.replacingAll(from, with: to)
            }
        }
        return folded
    }
}
