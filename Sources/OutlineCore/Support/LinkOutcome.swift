/// Why a link does not resolve, as code reads it (the message says it for people).
public enum LinkReason: String, Sendable, Hashable, CaseIterable {
    /// Its path names no file (and no page the site publishes).
    case noSuchFile = "no-such-file"
    /// The file exists, but has no target the fragment names.
    case noTarget = "no-target"
    /// A target matches only ignoring case.
    case caseOnly = "case-only"
    /// The file exists but cannot be read.
    case unreadable
    /// The site's generator does not publish what it names (outside the content root, above the
    /// site's root, no page routed there, a directory MyST does not resolve).
    case notPublished = "not-published"
    /// The generator resolves the destination as a label, and the site has no such label.
    case noLabel = "no-label"
}

/// Why a link is left unchecked: what a site's generator decides in a way outline cannot know offline
/// (format.md §16). Counted by `--verbose`, never reported; equal reasons are counted together.
public enum LinkSkip: Sendable, Hashable, CustomStringConvertible {
    /// The page includes text with pymdownx.snippets.
    case snippets
    /// The page holds content a plugin generates (`:::`).
    case pluginContent
    /// The page holds Markdown a shortcode renders.
    case shortcodeMarkdown(String)
    /// An id a hook of `mkdocs.yml` may give.
    case hookID(String)
    /// Headings slugged by a function outline cannot read (MkDocs' `toc.slugify`).
    case slugify(String)
    /// Headings given ids by something outline cannot follow (Hugo).
    case headingIDs(String)
    /// A template the macros plugin fills.
    case macrosTemplate
    /// May name a label a directive of `conf.py` defines.
    case directiveLabel([String])
    /// May name an object autodoc documents.
    case autodocObject
    /// A file Hugo renders no page for.
    case unrenderedPage
    /// A file of a language mkdocs-static-i18n does not build: no page of the site.
    case unpublishedTranslation(String)
    /// The site's link render hook makes the destination.
    case renderHook(destination: String, hook: String)
    /// A shortcode in the destination.
    case shortcodeDestination
    /// A taxonomy page Hugo makes.
    case taxonomy(String)
    /// The home page Hugo makes.
    case homePage
    /// The list page Hugo makes for a section.
    case listPage(String)
    /// A route outside Docusaurus' docs.
    case routeOutsideDocs
    /// A target of another project's inventory (intersphinx: `{ref}` `python:label` where `python`
    /// is in `intersphinx_mapping`), which only a build with the network knows.
    case intersphinx(String)

    public var description: String {
        switch self {
        case .snippets: return "the page includes text with pymdownx.snippets"
        case .pluginContent: return "the page holds content a plugin generates (:::)"
        case .shortcodeMarkdown(let name): return "the page holds Markdown a shortcode renders ({{% \(name) %}})"
        case .hookID(let fragment): return "an id a hook of the MkDocs configuration may give (no heading's slug has '\(fragment)' characters)"
        case .slugify(let by): return "headings are slugged by \(by)"
        case .headingIDs(let by): return "headings are given ids by \(by)"
        case .macrosTemplate: return "a template the macros plugin fills ({{ … }})"
        case .directiveLabel(let directives): return "may name a label a directive of the Sphinx configuration defines (\(directives.joined(separator: ", ")))"
        case .autodocObject: return "may name an object autodoc documents: known only to a Sphinx build"
        case .unpublishedTranslation(let language): return "a file mkdocs-static-i18n publishes in no build (its language '\(language)' is not built): its links are no site's"
        case .unrenderedPage: return "a file Hugo renders no page for (build.render never, headless): its links resolve where it is included"
        case .renderHook(let destination, let hook): return "the site's link render hook makes '\(destination)' (\(hook))"
        case .shortcodeDestination: return "a shortcode in the destination ({{% … %}}), filled when Hugo renders the page"
        case .taxonomy(let name): return "a taxonomy page Hugo makes (/\(name)/)"
        case .homePage: return "the home page Hugo makes"
        case .listPage(let path): return "the list page Hugo makes for the section \(path)"
        case .routeOutsideDocs: return "a route outside the docs (a blog post, a page): only a Docusaurus build knows it"
        case .intersphinx(let name): return "a target of the intersphinx inventory '\(name)': only a Sphinx build that reaches it knows it"
        }
    }
}
