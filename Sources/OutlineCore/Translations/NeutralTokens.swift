/// The language-neutral tokens of a line of Markdown, read off its bytes (format.md §17): what a
/// translator keeps as it is. Each token is prefixed by its kind, so that a number never matches a
/// code span that happens to read the same.
enum NeutralTokens {
    /// Code spans (`c:`), link and image destinations and reference definitions' (`l:` the path
    /// without its fragment, `f:` a fragment alone), bare and autolinked URLs (`l:`), numbers of two
    /// or more digits (`n:`), and shortcode arguments with an ASCII value (`s:key=value`).
    static func collect(_ line: ArraySlice<UInt8>, into tokens: inout Set<String>, language: String?) {
        var p = line.startIndex
        let end = line.endIndex
        while p < end {
            let byte = line[p]
            if byte == UInt8(ascii: "`") {
                var run = 0
                while p < end, line[p] == UInt8(ascii: "`") { run += 1; p += 1 }
                // The closing run of the same length.
                var q = p
                while q < end {
                    if line[q] == UInt8(ascii: "`") {
                        var close = 0, r = q
                        while r < end, line[r] == UInt8(ascii: "`") { close += 1; r += 1 }
                        if close == run {
                            let code = trimmed(line[p..<q])
                            if !code.isEmpty { tokens.insert("c:" + String(decoding: code, as: UTF8.self)) }
                            p = r
                            break
                        }
                        q = r
                    } else {
                        q += 1
                    }
                }
                continue
            }
            if byte == UInt8(ascii: "]"), p + 1 < end, line[p + 1] == UInt8(ascii: "(") {
                var q = p + 2
                while q < end, ASCII.isBlank(line[q]) { q += 1 }
                let angle = q < end && line[q] == UInt8(ascii: "<")
                if angle { q += 1 }
                let start = q
                while q < end, !(angle ? line[q] == UInt8(ascii: ">") : (ASCII.isBlank(line[q]) || line[q] == UInt8(ascii: ")"))) { q += 1 }
                destination(line[start..<q], into: &tokens, language: language)
                p = q
                continue
            }
            if byte == UInt8(ascii: "]"), p + 1 < end, line[p + 1] == UInt8(ascii: ":"), line[line.startIndex..<p].first(where: { !ASCII.isBlank($0) }) == UInt8(ascii: "[") {
                var q = p + 2
                while q < end, ASCII.isBlank(line[q]) { q += 1 }
                let start = q
                while q < end, !ASCII.isBlank(line[q]) { q += 1 }
                destination(line[start..<q], into: &tokens, language: language)
                p = q
                continue
            }
            if (byte == UInt8(ascii: "h") || byte == UInt8(ascii: "H")), startsURL(line[p...]) {
                var q = p
                while q < end, !ASCII.isBlank(line[q]), ![UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]")].contains(line[q]) { q += 1 }
                destination(line[p..<q], into: &tokens, language: language)
                p = q
                continue
            }
            if ASCII.isDigit(byte), p == line.startIndex || !isWordByte(line[p - 1]) {
                var q = p
                while q < end, ASCII.isDigit(line[q]) || (line[q] == UInt8(ascii: ".") && q + 1 < end && ASCII.isDigit(line[q + 1])) { q += 1 }
                if q - p >= 2, q == end || !isWordByte(line[q]) { tokens.insert("n:" + String(decoding: line[p..<q], as: UTF8.self)) }
                p = q
                continue
            }
            if byte == UInt8(ascii: "{"), p + 2 < end, line[p + 1] == UInt8(ascii: "{"), line[p + 2] == UInt8(ascii: "<") || line[p + 2] == UInt8(ascii: "%") {
                p = shortcode(line, from: p + 3, into: &tokens)
                continue
            }
            p += 1
        }
    }

    /// A line of fenced code: a token when it has some length (`}` or `fi` says nothing).
    static func codeLine(_ line: ArraySlice<UInt8>, into tokens: inout Set<String>) {
        let code = trimmed(line)
        if code.count >= 6 { tokens.insert("k:" + String(decoding: code, as: UTF8.self)) }
    }

    /// A destination as a token: the path without the fragment and without the language's own path
    /// segment, or the fragment alone for a link inside the page.
    static func destination(_ bytes: ArraySlice<UInt8>, into tokens: inout Set<String>, language: String?) {
        guard !bytes.isEmpty else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var path = String(parts[0])
        if path.isEmpty {
            if parts.count > 1, !parts[1].isEmpty { tokens.insert("f:" + parts[1]) }
            return
        }
        if let language, !language.isEmpty {
            path = path.split(separator: "/", omittingEmptySubsequences: false).filter { $0 != Substring(language) }.joined(separator: "/")
        }
        tokens.insert("l:" + path)
    }

    /// The arguments of a shortcode (`{{< name key="value" >}}`) whose value is ASCII without blanks:
    /// identifiers a translator keeps (`term_id="pod"`); returns where the shortcode ends.
    static func shortcode(_ line: ArraySlice<UInt8>, from start: Int, into tokens: inout Set<String>) -> Int {
        var q = start
        while q + 1 < line.endIndex, !((line[q] == UInt8(ascii: ">") || line[q] == UInt8(ascii: "%")) && line[q + 1] == UInt8(ascii: "}")) { q += 1 }
        let inside = String(decoding: line[start..<min(q, line.endIndex)], as: UTF8.self)
        for word in inside.split(whereSeparator: { $0 == " " || $0 == "\t" }) where word.contains("=") {
            let pair = word.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let value = pair[1].trimmingQuotes
            if !value.isEmpty, value.utf8.allSatisfy({ $0 < 0x80 }) { tokens.insert("s:\(pair[0])=\(value)") }
        }
        return min(q + 2, line.endIndex)
    }

    static func startsURL(_ bytes: ArraySlice<UInt8>) -> Bool {
        let lower = bytes.prefix(8).map { $0 | 0x20 }
        return lower.starts(with: Array("http://".utf8)) || lower.starts(with: Array("https://".utf8))
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        ASCII.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = bytes.startIndex, e = bytes.endIndex
        while s < e, ASCII.isBlank(bytes[s]) { s += 1 }
        while e > s, ASCII.isBlank(bytes[e - 1]) { e -= 1 }
        return bytes[s..<e]
    }
}

private extension Substring {
    var trimmingQuotes: Substring {
        var s = self
        while let f = s.first, f == "\"" || f == "'" { s = s.dropFirst() }
        while let l = s.last, l == "\"" || l == "'" { s = s.dropLast() }
        return s
    }
}
