/// The link targets of one Markdown file under a slug profile (SPEC §7.1): the id of every heading at
/// any level and in any container, numbered the renderer's way; explicit `{#id}`s where the renderer
/// honours them; `id` and `name` attributes in raw HTML (outline's linkable anchors and aliases are
/// such attributes on the anchor line).
public struct LinkTargets: Sendable {
    /// Every target, in document order (headings first).
    public let ordered: [String]
    private let set: Set<String>

    public init(_ inventory: LinkInventory, profile: SlugProfile) {
        var index = SlugIndex(profile)
        var ordered: [String] = []
        for heading in inventory.headings {
            let (explicit, pieces) = profile.explicitID(heading.pieces)
            if let explicit {
                index.reserve(explicit)
                ordered.append(explicit)
            } else {
                ordered.append(index.add(profile.slug(pieces)))
            }
        }
        for html in inventory.html {
            for attribute in HTMLAttributes.scan(html.literal) where attribute.name == "id" || (attribute.name == "name" && attribute.tag == "a") {
                if !attribute.value.isEmpty { ordered.append(attribute.value) }
            }
        }
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
