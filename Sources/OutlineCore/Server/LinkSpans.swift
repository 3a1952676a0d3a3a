extension LinkedDocument {
    func linkSpans() -> [LinkSpan] { outline.linkSpans() }
    func link(at offset: Int) -> (span: LinkSpan, range: Range<Int>)? { outline.link(at: offset) }
}

extension Outline {
    /// The link at byte `offset`, and the range that says so: the one whose destination holds it;
    /// else the reference link written there (`[text][label]`: its destination is in a definition
    /// elsewhere, and most links of real documents are written so); else the one whose `[text](`
    /// the offset stands in on the same line (the text before its destination, up to the `[`).
    func link(at offset: Int) -> (span: LinkSpan, range: Range<Int>)? {
        let spans = linkSpans()
        if let hit = spans.first(where: { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }) { return (hit, hit.range) }
        for span in spans {
            if let usage = span.usage, usage.lowerBound <= offset && offset <= usage.upperBound { return (span, usage) }
        }
        let bytes = source.bytes
        // The first destination after the offset on its line, when only link text and `](` stand between.
        guard let next = spans.first(where: { $0.range.lowerBound > offset }) else { return nil }
        let between = bytes[offset..<next.range.lowerBound]
        guard !between.contains(ASCII.lf), !between.contains(ASCII.cr) else { return nil }
        var i = offset
        var opened = false
        while i > 0 && bytes[i - 1] != ASCII.lf && bytes[i - 1] != ASCII.cr {
            i -= 1
            if bytes[i] == UInt8(ascii: "[") { opened = true; break }
            if bytes[i] == UInt8(ascii: ")") || bytes[i] == UInt8(ascii: ">") { break }
        }
        let closes = between.split(separator: UInt8(ascii: "]"), omittingEmptySubsequences: false).count - 1
        return opened && closes == 1 && !between.contains(UInt8(ascii: ")")) ? (next, next.range) : nil
    }
}
