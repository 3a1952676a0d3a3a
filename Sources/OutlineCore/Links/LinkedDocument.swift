#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One Markdown file as links see it: its targets, and which anchored section each target names.
/// This is what lets a link follow its section through renames: the anchor is the section's identity.
public final class LinkedDocument: @unchecked Sendable {
    /// The file, as outline names it.
    public let path: String
    public let outline: Outline
    public let targets: LinkTargets
    /// Anchored section ID → what a link to the section should name now: the ID itself when the anchor
    /// line carries it as a linkable anchor (`<a id="ID">`), else the heading's slug.
    public var currentTarget: [String: String] { sectionMaps.current }
    /// A target (a section heading's slug, or an id on its anchor line: linkable anchor, alias) → the
    /// ID of the anchored section it names.
    public var sectionByTarget: [String: String] { sectionMaps.byTarget }
    /// Anchored section ID → its heading's slug (whatever its anchor line carries).
    public var headingSlug: [String: String] { sectionMaps.headingSlug }

    /// `outline` must have been parsed with `links: true`.
    public convenience init(path: String, outline: Outline, profile: SlugProfile) {
        self.init(path: path, outline: outline, targets: LinkTargets(outline, profile: profile))
    }

    /// With the targets already made (under the profile links are checked with).
    init(path: String, outline: Outline, targets: LinkTargets) {
        self.path = path
        self.outline = outline
        self.targets = targets
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    // The maps from sections to targets are made on first use, once, under a lock (documents are
    // shared by the threads of a run): only link repair and the language server's navigation ask
    // for them, and a check of a docs tree, which makes a document for every file with links, had
    // them cost a fifth of its parse.
    private struct SectionMaps {
        var current: [String: String] = [:]
        var byTarget: [String: String] = [:]
        var headingSlug: [String: String] = [:]
    }
    private var made: SectionMaps? = nil
    private var lock = pthread_mutex_t()

    private var sectionMaps: SectionMaps {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let made { return made }
        let maps = LinkedDocument.sectionMaps(outline, targets)
        made = maps
        return maps
    }

    private static func sectionMaps(_ outline: Outline, _ targets: LinkTargets) -> SectionMaps {
        var slugAt: [Int: String] = [:]
        for heading in targets.headings where slugAt[heading.line] == nil { slugAt[heading.line] = heading.id }
        var idsAt: [Int: [String]] = [:]
        for html in targets.htmlIDs { idsAt[html.line, default: []].append(html.id) }
        // A linkable anchor whose id another element carries too is no target to send links to.
        let shadowed = targets.shadowedAnchors(of: outline)
        var maps = SectionMaps()
        for section in outline.sections where section.anchored {
            let slug = slugAt[section.heading.blockStartLine + 1]
            let onAnchor = section.record.map { idsAt[$0.line + 1] ?? [] } ?? []
            maps.current[section.id] = onAnchor.contains(section.id) && shadowed[section.id] == nil ? section.id : (slug ?? section.id)
            if let slug, maps.byTarget[slug] == nil { maps.byTarget[slug] = section.id }
            if let slug { maps.headingSlug[section.id] = slug }
            for id in onAnchor where maps.byTarget[id] == nil { maps.byTarget[id] = section.id }
        }
        return maps
    }
}
