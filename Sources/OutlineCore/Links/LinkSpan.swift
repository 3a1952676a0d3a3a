/// Where each local link of a document is written, for the editor and for a finding's range: the
/// destination's bytes as the locator finds them within the block cmark says holds the link (format.md
/// §9), never by searching a line. A link the locator cannot place is left out: the server then
/// answers nothing about it rather than something about the wrong text.
public struct LinkSpan {
    /// The destination's bytes (in the definition, for a reference link).
    public let range: Range<Int>
    public let link: LocalLink
    let kind: LinkRepair.Kind
    /// For a reference link, where it is used (`[text][label]`, from its `[` or `!` to its last `]`,
    /// possibly over lines): a position there means this link, as one in an inline link does.
    public var usage: Range<Int>? = nil
}

extension Outline {
    public func linkSpans() -> [LinkSpan] {
        guard let inventory = links else { return [] }
        var locator = LinkLocator(linkSource, inventory: inventory)
        var spans: [LinkSpan] = []
        var attributes: [Int: [(attribute: HTMLAttributes.Attribute, value: Range<Int>)]] = [:]
        for (_, link, kind) in LinkRepair.occurrences(inventory) {
            switch kind {
            case .node(let k):
                switch locator.locate(inventory.links[k]) {
                case .inline(let r): spans.append(LinkSpan(range: r, link: link, kind: kind))
                case .definition(let r): spans.append(LinkSpan(range: r, link: link, kind: kind, usage: locator.usage(of: inventory.links[k])))
                case .failed: continue
                }
            case .html(let k, let a):
                if attributes[k] == nil { attributes[k] = locator.attributes(of: inventory.html[k]) ?? [] }
                guard let found = attributes[k], a < found.count else { continue }
                spans.append(LinkSpan(range: found[a].value, link: link, kind: kind))
            }
        }
        // A site's container view: the editor's ranges are the document's.
        if let view = linkView { spans = spans.map { LinkSpan(range: view.documentRange($0.range), link: $0.link, kind: $0.kind) } }
        return spans.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

}
