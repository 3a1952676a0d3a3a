/// The link targets of one Markdown file under a slug profile (SPEC §7.1): the id of every heading at
/// any level and in any container, numbered the renderer's way; explicit `{#id}`s where the renderer
/// honours them; `id` and `name` attributes in raw HTML (outline's linkable anchors and aliases are
/// such attributes on the anchor line).
public struct LinkTargets: Sendable {
    /// Every target, in document order (headings first).
    public let ordered: [String]
    /// Each heading's id with the heading's 1-based line (cmark's start line), in document order.
    public let headings: [(line: Int, id: String)]
    /// `id` attributes of raw HTML with their 1-based lines (outline's linkable anchors among them).
    public let htmlIDs: [(line: Int, id: String)]
    private let set: Set<String>

    /// `html: false` leaves raw HTML's ids out (`number` needs the headings' ids only).
    public init(_ inventory: LinkInventory, profile: SlugProfile, html: Bool = true) {
        var index = SlugIndex(profile)
        var headings: [(line: Int, id: String)] = []
        for heading in inventory.headings {
            let (explicit, pieces) = profile.explicitID(heading.pieces)
            if let explicit {
                index.reserve(explicit)
                headings.append((heading.line, explicit))
            } else {
                headings.append((heading.line, index.add(profile.slug(pieces))))
            }
        }
        var htmlIDs: [(line: Int, id: String)] = []
        for html in html ? inventory.html : [] {
            for attribute in HTMLAttributes.scan(html.literal) where attribute.name == "id" || (attribute.name == "name" && attribute.tag == "a") {
                if !attribute.value.isEmpty { htmlIDs.append((html.line + attribute.lineOffset, attribute.value)) }
            }
        }
        let ordered = headings.map(\.id) + htmlIDs.map(\.id)
        self.headings = headings
        self.htmlIDs = htmlIDs
        self.ordered = ordered
        self.set = Set(ordered)
    }

    public func contains(_ fragment: String) -> Bool { set.contains(fragment) }

    /// The target a mistyped fragment most likely meant: one that differs only in case, else the
    /// nearest by edits (see `Suggestion`).
    public func nearest(to fragment: String) -> String? {
        let lower = fragment.lowercased()
        if let sameLetters = ordered.first(where: { $0.lowercased() == lower }) { return sameLetters }
        return Suggestion.nearest(fragment, among: ordered)
    }
}
