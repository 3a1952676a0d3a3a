/// Which permalink `id --linkable` writes, so that `#ID` survives on every surface the documents are
/// published on (format.md §2 and §7).
///
/// - `element`: `<a id="ID"></a>` after the anchor comment. Raw HTML: GitHub keeps it (as
///   `user-content-ID`, which its page script resolves `#ID` to), as do GitLab, pandoc, kramdown,
///   Python-Markdown and MyST. Hugo does not: goldmark omits raw HTML unless the site sets
///   `markup.goldmark.renderer.unsafe = true` (Hugo 0.111 prints `<!-- raw HTML omitted -->`).
/// - `attribute`: ` {#ID}` at the end of the heading, which Hugo, kramdown 2.4 and pandoc 2.17 make
///   the heading's id (measured: `<h2 id="install">Install</h2>`, the braces gone, on ATX and setext
///   headings alike). GitHub, GitLab, MyST and Python-Markdown without `attr_list` show the braces
///   as text, so it is never chosen for them. The heading's other ids go: Hugo no longer knows the
///   heading by its slug, only by the ID.
public enum LinkableForm: String, Sendable, CaseIterable {
    case element, attribute

    /// The form `surfaces` all keep: the element unless one of them drops raw HTML, then the
    /// attribute if every one reads it. `forced` (`--linkable=FORM`, the config's `linkable =
    /// "FORM"`) is the user's word that the site was set up for it (Hugo with `unsafe = true`), and
    /// is refused only where the braces would show. Throws a `permalink` error naming the way out.
    public static func chosen(for surfaces: [SlugProfile], forced: LinkableForm? = nil) throws -> LinkableForm {
        let surfaces = surfaces.isEmpty ? [.github] : surfaces
        let showing = surfaces.filter { !$0.readsHeadingAttribute }
        switch forced {
        case .element?:
            return .element
        case .attribute?:
            guard let shown = surfaces.first(where: \.showsHeadingAttribute) else { return .attribute }
            throw Diagnostic.error(.permalink, "--linkable=attribute: \(shown.rawValue) shows a heading's {#id} as text; permalinks there need the element (--linkable=element)")
        case nil:
            guard let dropping = surfaces.first(where: \.dropsRawHTML) else { return .element }
            guard let shown = showing.first else { return .attribute }
            throw Diagnostic.error(.permalink, """
                --linkable: \(dropping.rawValue) drops the <a id> element (raw HTML is omitted unless its markup.goldmark.renderer.unsafe = true) \
                and \(shown.rawValue) shows a heading's {#id} as text; set unsafe = true in Hugo's configuration and use --linkable=element \
                (linkable = "element" in .outline.toml)
                """)
        }
    }
}

extension SlugProfile {
    /// Drops raw HTML with its default settings: Hugo (goldmark's `unsafe = false`).
    public var dropsRawHTML: Bool { isHugo }

    /// Makes a trailing `{#id}` the heading's id, as measured with the real renderer: Hugo 0.111,
    /// kramdown 2.4 and pandoc 2.17. Python-Markdown reads it only with `attr_list`, which MkDocs does
    /// not turn on by default, and Docusaurus documents it but cannot be run here: for them
    /// `--linkable=attribute` is the user's word.
    public var readsHeadingAttribute: Bool { isHugo || self == .kramdown || self == .pandoc }

    /// Shows a trailing `{#id}` as text whatever the site's settings: GitHub, GitLab, and MyST (which
    /// reads attributes only in a line above the heading, with `attrs_block`). `--linkable=attribute`
    /// is refused for them; MkDocs (with `attr_list`) and Docusaurus are the user's word.
    public var showsHeadingAttribute: Bool { self == .github || self == .gitlab || self == .myst }

    /// Whether `{#id}` is read as an id, by what the renderers did with outline's IDs (Hugo any;
    /// pandoc 2.17 only one that starts with a letter, kramdown 2.4 one that does not start with a
    /// digit): others show the braces as text.
    public func readsAttribute(id: String) -> Bool {
        guard let first = id.unicodeScalars.first else { return false }
        switch self {
        case .pandoc: return first.properties.isAlphabetic
        case .kramdown: return first.properties.isAlphabetic || first == "_"
        default: return !showsHeadingAttribute
        }
    }
}
