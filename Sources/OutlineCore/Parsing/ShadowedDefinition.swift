/// A reference definition of a label defined again later, which the generator does not use
/// (Python-Markdown keeps the last) and the link view leaves out: where its destination is written
/// in the document, read on its own line (format.md §16).
struct ShadowedDefinition {
    /// The destination as written (angle brackets off), and its bytes in the document.
    let destination: String
    let range: Range<Int>
    let label: String

    /// The definition on the 1-based `line` of `source`, nil when there is none there.
    init?(_ source: Source, line: Int) {
        guard line >= 1, line <= source.lineCount else { return nil }
        let content = source.contentRange(line - 1)
        var start = content.lowerBound
        while start < content.upperBound, ASCII.isBlank(source.bytes[start]) { start += 1 }
        let bytes = Array(source.bytes[start..<content.upperBound]) + [ASCII.lf]
        guard let definition = ReferenceDefinitions.definitions(in: bytes).first else { return nil }
        var range = definition.destination
        if bytes[range].first == UInt8(ascii: "<"), bytes[range].last == UInt8(ascii: ">"), range.count >= 2 { range = (range.lowerBound + 1)..<(range.upperBound - 1) }
        destination = String(decoding: bytes[range], as: UTF8.self)
        self.range = (start + range.lowerBound)..<(start + range.upperBound)
        label = ReferenceDefinitions.normalizeLabel(bytes[definition.label])
    }
}
