/// An attribute block ending a heading, as Python-Markdown's attr_list reads it (format.md §16):
/// at least one space, `{`, an optional `:`, then attributes up to `}` at the end of the line
/// (`## Title { #id .cls key="v" }`, `{: #id }`, `{ id="x" }`). It is not heading text; its last
/// `#id` (or `id=`) gives the heading its id. Measured with Python-Markdown 3.11: `{not attrs}`
/// is a block too (bare words become attributes), `F{#x}` (no space) and `\{#x}` are text. The
/// block is read from the text after the heading's last inline element only: in
/// ``## Run `make {#x` y}`` the `{` is in a code span, and the heading's id is `run-make-x-y`.
public struct AttributeBlock: Sendable, Equatable {
    /// Where the block starts in the text it was found in (its leading spaces included).
    public let start: String.Index
    /// The id it gives, nil when it names none.
    public let id: String?

    /// The block ending `text` (a heading's source text, a closing `#` sequence removed), if any.
    public static func trailing(_ text: Substring) -> AttributeBlock? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " { end = text.index(before: end) }
        guard end > text.startIndex, text[text.index(before: end)] == "}", let open = text[..<end].lastIndex(of: "{"),
              open > text.startIndex, text[text.index(before: open)] == " " else { return nil }
        if let spanEnd = lastCodeSpanEnd(text), spanEnd > open { return nil }
        var inner = text[text.index(after: open)..<text.index(before: end)]
        guard !inner.contains("\n") else { return nil }
        if inner.first == ":" { inner = inner.dropFirst() }
        var start = open
        while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
        return AttributeBlock(start: start, id: AttributeBlock.id(in: inner))
    }

    /// Where the last code span of `text` ends (after its closing backticks): a run of backticks
    /// opens one that the next run of the same length closes (CommonMark's rule); nil: none.
    static func lastCodeSpanEnd(_ text: Substring) -> Substring.Index? {
        var end: Substring.Index? = nil
        var i = text.startIndex
        while let open = text[i...].firstIndex(of: "`") {
            let run = text[open...].prefix { $0 == "`" }
            var j = run.endIndex
            i = j
            while let next = text[j...].firstIndex(of: "`") {
                let close = text[next...].prefix { $0 == "`" }
                if close.count == run.count { end = close.endIndex; i = close.endIndex; break }
                j = close.endIndex
            }
        }
        return end
    }

    /// The id a block's attributes give: the last `#id` or `id=value`.
    static func id(in attributes: Substring) -> String? {
        var id: String? = nil
        var rest = attributes[...]
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard let first = rest.first else { break }
            if first == "#" {
                let token = rest.dropFirst().prefix { $0 != " " && $0 != "\t" }
                if !token.isEmpty { id = String(token) }
                rest = rest.dropFirst(token.count + 1)
                continue
            }
            let key = rest.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst()
            var value: Substring
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let body = rest.dropFirst()
                value = body.prefix { $0 != quote }
                rest = body.dropFirst(value.count + 1)
            } else {
                value = rest.prefix { $0 != " " && $0 != "\t" }
                rest = rest.dropFirst(value.count)
            }
            if key == "id", !value.isEmpty { id = String(value) }
        }
        return id
    }

    /// The classes (`.name`) of a block written alone (`{.glossary #x}`, its braces included).
    static func classes(in block: ArraySlice<UInt8>) -> [String] {
        var t = block
        while let last = t.last, ASCII.isBlank(last) { t = t.dropLast() }
        guard t.first == UInt8(ascii: "{"), t.last == UInt8(ascii: "}") else { return [] }
        let inner = String(decoding: t.dropFirst().dropLast(), as: UTF8.self)
        let tokens: [Substring] = inner.split(whereSeparator: { (c: Character) in c == " " || c == "\t" })
        return tokens.filter { $0.first == "." && $0.count > 1 }.map { String($0.dropFirst()) }
    }

    /// The heading's source text: its content bytes, for an ATX heading without the closing
    /// sequence (`Heading.contentStart` to `contentEnd`).
    static func sourceText(of heading: Heading, in source: Source) -> Substring? {
        guard heading.contentEnd > heading.contentStart, heading.contentEnd <= source.bytes.count else { return nil }
        return Substring(String(decoding: source.bytes[heading.contentStart..<heading.contentEnd], as: UTF8.self))
    }
}
