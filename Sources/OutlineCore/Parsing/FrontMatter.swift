/// Front matter: a YAML (`---` … `---`/`...`) or TOML (`+++` … `+++`) block at the very start of a file.
///
/// cmark alone reads `---\ntitle: x\n---` as a thematic break plus a setext heading, so front matter is
/// recognised here, before cmark sees the document, and hidden from it (its line breaks kept, so line
/// numbers hold). To avoid swallowing a document that merely starts with a thematic break, the line after
/// an opening `---` must look like YAML (`key:`, a `#` comment, a `- ` item) or be the closing delimiter.
enum FrontMatter {
    /// Number of lines the front matter occupies (its closing delimiter included), 0 when there is none.
    static func lineCount(in source: Source) -> Int {
        guard source.lineCount >= 2 else { return 0 }
        let first = trimmedTrailing(source.content(0))
        if first.elementsEqual("---".utf8) {
            let second = trimmedTrailing(source.content(1))
            guard isYAMLClose(second) || looksLikeYAML(source.content(1)) else { return 0 }
            for i in 1..<source.lineCount where isYAMLClose(trimmedTrailing(source.content(i))) {
                return i + 1
            }
        } else if first.elementsEqual("+++".utf8) {
            for i in 1..<source.lineCount where trimmedTrailing(source.content(i)).elementsEqual("+++".utf8) {
                return i + 1
            }
        }
        return 0
    }

    private static func isYAMLClose(_ line: ArraySlice<UInt8>) -> Bool {
        line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8)
    }

    /// A `key:` line (the colon followed by a space, a tab or the end of the line), a `#` comment or a
    /// `- ` sequence item.
    static func looksLikeYAML(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first else { return false }
        if first == UInt8(ascii: "#") { return true }
        if first == UInt8(ascii: "-") {
            let rest = line.dropFirst()
            return rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\t")
        }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: ":") { return false }
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == UInt8(ascii: ":") {
                let next = i + 1
                return next == line.endIndex || line[next] == UInt8(ascii: " ") || line[next] == UInt8(ascii: "\t")
            }
            i += 1
        }
        return false
    }

    static func trimmedTrailing(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = line.endIndex
        while end > line.startIndex && ASCII.isBlank(line[end - 1]) { end -= 1 }
        return line[line.startIndex..<end]
    }
}
