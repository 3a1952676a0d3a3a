/// Where a broken link's destination is written, for a link cmark places on `line`. Only the links
/// that have findings are located (a document of thousands of links with a few broken ones pays
/// for those few).
struct ExactLines {
    private var locator: LinkLocator
    private let source: Source
    /// A destination on a line (cmark's).
    private struct Key: Hashable { let line: Int; let destination: String }
    /// cmark's (line, destination) → the first such link of the inventory.
    private let index: [Key: Int]
    /// (line, value) → the first checked attribute of raw HTML there, made on the first finding
    /// that is not a link node's.
    private var attributes: [Key: (html: Int, attribute: Int)]? = nil

    init(_ outline: Outline, _ inventory: LinkInventory) {
        source = outline.linkSource
        locator = LinkLocator(source, inventory: inventory)
        var index: [Key: Int] = [:]
        index.reserveCapacity(inventory.links.count)
        for (k, link) in inventory.links.enumerated() {
            let key = Key(line: link.line, destination: link.destination)
            if index[key] == nil { index[key] = k }
        }
        self.index = index
    }

    /// The 1-based line, and the destination's bytes when the locator places them on that line (as
    /// `LinkSpan` places them for the editor). The line is cmark's `line` where the link is not an
    /// inline one outline can locate (a reference link, raw HTML's `href`, whose lines are right).
    mutating func place(_ line: Int, _ destination: String) -> (line: Int, range: Range<Int>?) {
        if let k = index[Key(line: line, destination: destination)] {
            switch locator.locate(locator.inventory.links[k]) {
            case .inline(let range): return (source.line(containing: range.lowerBound) + 1, range)
            case .definition(let range): return (line, source.line(containing: range.lowerBound) + 1 == line ? range : nil)
            case .failed: return (line, nil)
            }
        }
        if attributes == nil {
            var first: [Key: (Int, Int)] = [:]
            for (k, html) in locator.inventory.html.enumerated() {
                for (a, attribute) in HTMLAttributes.scan(html.literal).enumerated()
                where attribute.name == "href" || (attribute.name == "src" && LinkCheck.mediaTags.contains(attribute.tag)) {
                    let key = Key(line: html.line + attribute.lineOffset, destination: attribute.value)
                    if first[key] == nil { first[key] = (k, a) }
                }
            }
            attributes = first
        }
        guard let (k, a) = attributes![Key(line: line, destination: destination)],
              let located = locator.attributes(of: locator.inventory.html[k]), a < located.count else { return (line, nil) }
        return (line, located[a].value)
    }
}
