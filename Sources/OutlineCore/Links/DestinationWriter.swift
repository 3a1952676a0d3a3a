/// Writes new destinations where `LinkLocator` finds them: each place once (a reference definition
/// used by several links is rewritten for the first and left for the others), every other byte kept.
struct DestinationWriter {
    private var locator: LinkLocator
    private(set) var edits = EditList()
    private var written: [Int: String] = [:]

    /// Where the located bytes stand in the document: a site's container view maps each edit back.
    private let view: LinkView?

    /// Writes into `outline`'s links (`inventory`: its links, as located in `outline.linkSource`).
    init(_ outline: Outline, inventory: LinkInventory) {
        locator = LinkLocator(outline.linkSource, inventory: inventory)
        view = outline.linkView
    }

    /// Writes `destination` for the link `kind`; the reason when it cannot.
    mutating func write(_ destination: String, for kind: LinkRepair.Kind) -> String? {
        var range: Range<Int>
        let old: String
        switch kind {
        case .node(let k):
            old = locator.inventory.links[k].destination
            switch locator.locate(locator.inventory.links[k]) {
            case .inline(let r): range = r
            case .definition(let r): range = r
            case .failed(let why): return why
            }
        case .html(let k, let a):
            guard let attributes = locator.attributes(of: locator.inventory.html[k]), a < attributes.count else {
                return "outline does not read its HTML the way cmark does"
            }
            old = attributes[a].attribute.value
            range = attributes[a].value
        }
        // Where the path stays, only the fragment's bytes change: the path keeps its spelling
        // (escapes, entities, encodings), which a cleaned URL written back would lose.
        var bytes: [UInt8]
        let source = locator.source.bytes
        let newHash = destination.utf8.firstIndex(of: UInt8(ascii: "#"))
        if old.utf8.prefix(while: { $0 != UInt8(ascii: "#") }).elementsEqual(destination.utf8[..<(newHash ?? destination.utf8.endIndex)]),
           !source[range].contains(UInt8(ascii: "&")) {
            if let hash = source[range].firstIndex(of: UInt8(ascii: "#")) {
                range = (hash + 1)..<range.upperBound
                bytes = newHash.map { Array(destination.utf8[destination.utf8.index(after: $0)...]) } ?? []
            } else if let newHash {
                range = range.upperBound..<range.upperBound
                bytes = Array(destination.utf8[newHash...])
            } else {
                bytes = Array(destination.utf8)
            }
        } else {
            bytes = Array(destination.utf8)
        }
        if let done = written[range.lowerBound] {
            // A definition several links use: written once; two links that would want two destinations
            // in one definition cannot both be served.
            return done == destination ? nil : "its reference definition is shared with a link that needs '\(done)'"
        }
        written[range.lowerBound] = destination
        edits.replace(view?.documentRange(range) ?? range, with: bytes)
        return nil
    }
}

extension DestinationWriter {
    /// Writes `destination` over the document's bytes `range`: a definition the view leaves out
    /// (`ShadowedDefinition`).
    mutating func write(_ destination: String, at range: Range<Int>) {
        edits.replace(range, with: Array(destination.utf8))
    }
}

extension EditList {
    /// Each section with a linkable anchor whose heading slug changed since `old` keeps the old slug as
    /// an alias, `<a id="old-slug"></a>` at the end of its anchor line, so that links from outside the
    /// repository keep working (format.md §8).
    mutating func keepAliases(of document: LinkedDocument, old: LinkedDocument) {
        for section in document.outline.sections where section.anchored {
            guard let record = section.record, record.isLinkable,
                  let was = old.headingSlug[section.id], let now = document.headingSlug[section.id], was != now,
                  was != section.id, !record.elements.contains(where: { $0.text == was }) else { continue }
            insert(CommentFormat.linkableElement(was), at: record.commentRange.upperBound)
        }
    }
}
