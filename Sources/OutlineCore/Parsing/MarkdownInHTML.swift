/// md_in_html's openers (format.md §16): the opening tags whose content Python-Markdown reads as
/// Markdown, which `ContainerScan` opens as containers.
extension ContainerScan {
    /// An opening tag alone on its line with a `markdown` attribute (`<div markdown="1">`, nothing
    /// after its `>`): its tag name and attributes; nil for any other line.
    static func markdownOpener(_ t: ArraySlice<UInt8>) -> (tag: String, attributes: [HTMLAttributes.Attribute])? {
        guard let opener = markdownElement(t), t.dropFirst(opener.length).allSatisfy(ASCII.isBlank) else { return nil }
        return (opener.tag, opener.attributes)
    }

    /// An opening tag at the start of the line (after blanks) with md_in_html's `markdown`
    /// attribute, bare or valued `1`, `block` or `span` (Material's `<figure markdown>`, its grid
    /// cards' `<div class="grid cards" markdown>`): its tag name, its valued attributes, and how
    /// many bytes of the line it takes (to its `>`); nil for any other line.
    static func markdownElement(_ t: ArraySlice<UInt8>) -> (tag: String, attributes: [HTMLAttributes.Attribute], length: Int)? {
        let blanks = t.prefix(while: ASCII.isBlank).count
        let line = Array(t)
        guard blanks < line.count, line[blanks] == UInt8(ascii: "<"), let name = tagName(Array(line[blanks...])) else { return nil }
        // The attributes to the tag's `>` (not one inside a quoted value).
        var p = blanks + 1 + name.utf8.count
        var markdown = false
        while true {
            while p < line.count, ASCII.isBlank(line[p]) { p += 1 }
            guard p < line.count else { return nil }
            if line[p] == UInt8(ascii: ">") { break }
            if line[p] == UInt8(ascii: "/") { p += 1; continue }
            let nameStart = p
            while p < line.count, !ASCII.isBlank(line[p]), line[p] != UInt8(ascii: "="), line[p] != UInt8(ascii: ">"), line[p] != UInt8(ascii: "/") { p += 1 }
            let attribute = String(decoding: line[nameStart..<p], as: UTF8.self).lowercased()
            var value: [UInt8]? = nil
            var q = p
            while q < line.count, ASCII.isBlank(line[q]) { q += 1 }
            if q < line.count, line[q] == UInt8(ascii: "=") {
                q += 1
                while q < line.count, ASCII.isBlank(line[q]) { q += 1 }
                guard q < line.count else { return nil }
                if line[q] == UInt8(ascii: "\"") || line[q] == UInt8(ascii: "'") {
                    let quote = line[q]
                    guard let close = line[(q + 1)...].firstIndex(of: quote) else { return nil }
                    value = Array(line[(q + 1)..<close])
                    q = close + 1
                } else {
                    let start = q
                    while q < line.count, !ASCII.isBlank(line[q]), line[q] != UInt8(ascii: ">") { q += 1 }
                    value = Array(line[start..<q])
                }
                p = q
            }
            if attribute == "markdown" {
                markdown = value.map { ["1", "block", "span"].contains(String(decoding: $0, as: UTF8.self)) } ?? true
            }
        }
        guard markdown else { return nil }
        let length = p + 1
        return (name, HTMLAttributes.scan(String(decoding: line[blanks..<length], as: UTF8.self)), length)
    }

    static func tagName(_ bytes: [UInt8]) -> String? {
        let name = bytes.dropFirst().prefix { ASCII.isWordByte($0) || $0 == UInt8(ascii: "-") }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self).lowercased()
    }
}
