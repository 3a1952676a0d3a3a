/// One Markdown file as links see it: its targets, and which anchored section each target names.
/// This is what lets a link follow its section through renames: the anchor is the section's identity.
public final class LinkedDocument: @unchecked Sendable {
    /// The file, as outline names it.
    public let path: String
    public let outline: Outline
    public let targets: LinkTargets
    /// Anchored section ID → what a link to the section should name now: the ID itself when the anchor
    /// line carries it as a linkable anchor (`<a id="ID">`), else the heading's slug.
    public let currentTarget: [String: String]
    /// A target (a section heading's slug, or an id on its anchor line: linkable anchor, alias) → the
    /// ID of the anchored section it names.
    public let sectionByTarget: [String: String]
    /// Anchored section ID → its heading's slug (whatever its anchor line carries).
    public let headingSlug: [String: String]

    /// `outline` must have been parsed with `links: true`.
    public convenience init(path: String, outline: Outline, profile: SlugProfile) {
        self.init(path: path, outline: outline, targets: LinkTargets(outline.links ?? LinkInventory(), profile: profile, source: outline.source))
    }

    /// With the targets already made (under the profile links are checked with).
    init(path: String, outline: Outline, targets: LinkTargets) {
        self.path = path
        self.outline = outline
        self.targets = targets
        var slugAt: [Int: String] = [:]
        for heading in targets.headings where slugAt[heading.line] == nil { slugAt[heading.line] = heading.id }
        var idsAt: [Int: [String]] = [:]
        for html in targets.htmlIDs { idsAt[html.line, default: []].append(html.id) }
        // A linkable anchor whose id another element carries too is no target to send links to.
        let shadowed = targets.shadowedAnchors(of: outline)
        var current: [String: String] = [:]
        var byTarget: [String: String] = [:]
        var slugs: [String: String] = [:]
        for section in outline.sections where section.anchored {
            let slug = slugAt[section.heading.blockStartLine + 1]
            let onAnchor = section.record.map { idsAt[$0.line + 1] ?? [] } ?? []
            current[section.id] = onAnchor.contains(section.id) && shadowed[section.id] == nil ? section.id : (slug ?? section.id)
            if let slug, byTarget[slug] == nil { byTarget[slug] = section.id }
            if let slug { slugs[section.id] = slug }
            for id in onAnchor where byTarget[id] == nil { byTarget[id] = section.id }
        }
        self.currentTarget = current
        self.sectionByTarget = byTarget
        self.headingSlug = slugs
    }
}
