/// Where each local link of a document is written, for the editor: the destination's bytes as the
/// locator finds them within the block cmark says holds the link (format.md §9), never by searching a
/// line. A link the locator cannot place is left out: the server then answers nothing about it
/// rather than something about the wrong text.
struct LinkSpan {
    /// The destination's bytes (in the definition, for a reference link).
    let range: Range<Int>
    let link: LocalLink
    let kind: LinkRepair.Kind
}

extension LinkedDocument {
    func linkSpans() -> [LinkSpan] { outline.linkSpans() }
    func link(at offset: Int) -> LinkSpan? { outline.link(at: offset) }
}

extension Outline {
    func linkSpans() -> [LinkSpan] {
        guard let inventory = links else { return [] }
        var locator = LinkLocator(source, inventory: inventory)
        var spans: [LinkSpan] = []
        var attributes: [Int: [(attribute: HTMLAttributes.Attribute, value: Range<Int>)]] = [:]
        for (_, link, kind) in LinkRepair.occurrences(inventory) {
            switch kind {
            case .node(let k):
                switch locator.locate(inventory.links[k]) {
                case .inline(let r), .definition(let r): spans.append(LinkSpan(range: r, link: link, kind: kind))
                case .failed: continue
                }
            case .html(let k, let a):
                if attributes[k] == nil { attributes[k] = locator.attributes(of: inventory.html[k]) ?? [] }
                guard let found = attributes[k], a < found.count else { continue }
                spans.append(LinkSpan(range: found[a].value, link: link, kind: kind))
            }
        }
        return spans.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The link at byte `offset`: the one whose destination holds it, else the one whose `[text](`
    /// the offset stands in on the same line (the text before its destination, up to the `[`).
    func link(at offset: Int) -> LinkSpan? {
        let spans = linkSpans()
        if let hit = spans.first(where: { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }) { return hit }
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
        return opened && closes == 1 && !between.contains(UInt8(ascii: ")")) ? next : nil
    }
}
