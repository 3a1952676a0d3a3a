/// Hugo's `ref` and `relref` shortcodes (format.md §16): `{{< ref "guide/install.md#linux" >}}`,
/// `{{% relref "install" %}}`, `{{< ref path="x.md" lang="fr" >}}` name a page by its content path
/// and are links, checked and repaired in their own form. Hugo reads shortcodes before the
/// Markdown (a placeholder stands for each while the page is rendered), in code too, so they are
/// found on every line but front matter's; the comment form `{{</* ref "x" */>}}` is text. Its name
/// is matched as Hugo matches it, case ignored (`relRef`).
public struct RefShortcode: Sendable, Equatable {
    /// `ref` or `relref`, as written.
    public let name: String
    /// The 1-based line it stands on.
    public let line: Int
    /// The whole shortcode, as written (`{{< ref "x.md" >}}`).
    public let text: String
    /// Its path argument, as written between its quotes, and where those bytes stand in the document.
    public let argument: String
    public let range: Range<Int>
    /// Where the whole shortcode stands in the document.
    public let whole: Range<Int>

    /// Every `ref`/`relref` shortcode of `source` outside its first `hiddenLines` lines, in order.
    public static func scan(_ source: Source, hiddenLines: Int = 0) -> [RefShortcode] {
        var found: [RefShortcode] = []
        let bytes = source.bytes
        let brace = UInt8(ascii: "{")
        for line in hiddenLines..<source.lineCount {
            let content = source.contentRange(line)
            var k = content.lowerBound
            while k + 2 < content.upperBound {
                defer { k += 1 }
                guard bytes[k] == brace, bytes[k + 1] == brace, bytes[k + 2] == UInt8(ascii: "<") || bytes[k + 2] == UInt8(ascii: "%") else { continue }
                if let shortcode = parse(bytes, at: k, end: content.upperBound, line: line + 1) {
                    found.append(shortcode)
                    k = shortcode.range.upperBound
                }
            }
        }
        return found
    }

    /// The shortcode opening at `start` (`{{<` or `{{%`) and closing on its line before `end`, when
    /// it is a `ref` or `relref` with a path.
    static func parse(_ bytes: [UInt8], at start: Int, end: Int, line: Int) -> RefShortcode? {
        // `{{<` closes with `>}}`, `{{%` with `%}}`.
        let delimiter = bytes[start + 2] == UInt8(ascii: "<") ? UInt8(ascii: ">") : bytes[start + 2]
        var p = start + 3
        func skipBlanks() { while p < end, ASCII.isBlank(bytes[p]) { p += 1 } }
        skipBlanks()
        // `{{</* … */>}}`: written out, not run.
        if p < end, bytes[p] == UInt8(ascii: "/") { return nil }
        let nameStart = p
        while p < end, ASCII.isWordByte(bytes[p]) { p += 1 }
        let name = String(decoding: bytes[nameStart..<p], as: UTF8.self)
        guard name.lowercased() == "ref" || name.lowercased() == "relref", p < end, ASCII.isBlank(bytes[p]) else { return nil }
        // The closing `>}}` (or `%}}`), outside quotes.
        var q = p, quote: UInt8? = nil
        var close: Int? = nil
        while q + 2 < end {
            let b = bytes[q]
            if let open = quote {
                if b == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") { q += 2; continue }
                if b == open { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "`") {
                quote = b
            } else if b == delimiter, bytes[q + 1] == UInt8(ascii: "}"), bytes[q + 2] == UInt8(ascii: "}") {
                close = q
                break
            }
            q += 1
        }
        guard let close else { return nil }
        // The arguments: the first positional one, or `path=`.
        var argument: Range<Int>? = nil
        p = nameStart + name.utf8.count
        while p < close {
            skipBlanks()
            guard p < close else { break }
            var key: String? = nil
            let tokenStart = p
            while p < close, ASCII.isWordByte(bytes[p]) { p += 1 }
            if p < close, bytes[p] == UInt8(ascii: "="), p > tokenStart {
                key = String(decoding: bytes[tokenStart..<p], as: UTF8.self)
                p += 1
            } else {
                p = tokenStart
            }
            let value: Range<Int>
            if p < close, bytes[p] == UInt8(ascii: "\"") || bytes[p] == UInt8(ascii: "`") {
                let q = bytes[p]
                var e = p + 1
                while e < close, bytes[e] != q { e += (bytes[e] == UInt8(ascii: "\\") && q == UInt8(ascii: "\"")) ? 2 : 1 }
                guard e < close else { return nil }
                value = (p + 1)..<e
                p = e + 1
            } else {
                let s = p
                while p < close, !ASCII.isBlank(bytes[p]) { p += 1 }
                value = s..<p
            }
            if key == nil || key == "path" {
                if argument == nil { argument = value }
                if key == "path" { argument = value }
            }
        }
        guard let argument, !argument.isEmpty, !bytes[argument].contains(UInt8(ascii: "\\")) else { return nil }
        let whole = start..<(close + 3)
        return RefShortcode(name: name, line: line, text: String(decoding: bytes[whole], as: UTF8.self),
                            argument: String(decoding: bytes[argument], as: UTF8.self), range: argument, whole: whole)
    }

    /// `text` (one whole shortcode) with its argument replaced by `argument`, and the bytes that
    /// stand where the old argument stood: the argument as it is, or, where the old one was
    /// unquoted and the new one holds a blank or a quote, quoted (`"my setup.md"`; raw `` ` `` when
    /// it holds `"`), so that Hugo reads it whole. nil when the text is no `ref` or no quoting fits.
    public static func replacingArgument(in text: String, with argument: String) -> (text: String, written: String)? {
        let bytes = Array(text.utf8)
        guard bytes.count > 3, let old = parse(bytes, at: 0, end: bytes.count, line: 0) else { return nil }
        let quoted = old.range.lowerBound > 0 && [UInt8(ascii: "\""), UInt8(ascii: "`")].contains(bytes[old.range.lowerBound - 1])
        var written = argument
        if !quoted && argument.utf8.contains(where: { ASCII.isBlank($0) || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "`") }) {
            if !argument.contains("\"") && !argument.contains("\\") { written = "\"" + argument + "\"" }
            else if !argument.contains("`") { written = "`" + argument + "`" }
            else { return nil }
        } else if quoted && argument.utf8.contains(bytes[old.range.lowerBound - 1]) {
            return nil
        }
        let result = String(decoding: bytes[..<old.range.lowerBound] + Array(written.utf8) + bytes[old.range.upperBound...], as: UTF8.self)
        // What Hugo will read: the argument meant, whole.
        let check = Array(result.utf8)
        guard let new = parse(check, at: 0, end: check.count, line: 0), new.argument == argument else { return nil }
        return (result, written)
    }
}
