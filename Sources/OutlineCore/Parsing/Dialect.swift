/// Which renderer's rule splits a table's rows into cells.
public enum TableRule: Sendable, Hashable {
    /// GFM (cmark-gfm's table extension): every `|` not preceded by a backslash ends a cell, inside a
    /// code span too; a row with more cells than the header loses the rest.
    case gfm
    /// Python-Markdown's `tables` extension: a `|` inside a pair of equal backtick runs does not end
    /// a cell, `\\` is an escaped backslash; a table starts a block (no paragraph line above it).
    case pythonMarkdown
}

/// How a site's generator reads a Markdown file beyond CommonMark (format.md §16): data that
/// parsing, link targets and link resolution read, set from the site's configuration (which
/// Python-Markdown extensions MkDocs loads, which MyST extensions Sphinx enables). `.commonMark`
/// reads nothing more: a file outside every site is read as before.
public struct Dialect: Sendable, Hashable {
    /// An attribute block ending a heading (`## Title { #id .cls }`, `{: #id }`, `{ id="x" }`) gives
    /// the heading its id and is not its text (Python-Markdown's attr_list; MyST's attrs_block reads
    /// `{#id}` on the line before).
    public var headingAttributes = false
    /// attr_list's blocks after inline elements (`**locale**{ #mkdocs-locale }`) and at the end of
    /// a paragraph or list item give that element an id.
    public var inlineAttributes = false
    /// The closing characters of inline elements pymdownx adds, after which such a block gives the
    /// element its id: `^` (pymdownx.caret: `^sup^{#id}`), `~` (pymdownx.tilde), `=` (pymdownx.mark).
    public var spanMarks = ""
    /// Containers whose indented body Python-Markdown reads as Markdown: `!!! note` (admonition),
    /// `??? note` and `???+ note` (pymdownx.details), `=== "Tab"` (pymdownx.tabbed).
    public var admonitions = false
    public var details = false
    public var tabs = false
    /// md_in_html: the content of an HTML block element that carries `markdown`, `markdown="1"` or
    /// `markdown="block"` is Markdown.
    public var markdownInHTML = false
    /// MyST directives whose body MyST parses as Markdown: ```` ```{note} ```` fences, and with
    /// `colon_fence` also `:::{tip}`.
    public var mystDirectives = false
    public var colonFence = false
    /// MyST `(label)=` lines: a target named `label`.
    public var mystTargets = false
    /// MyST's `attrs_block` (`{#id}` alone before a block; `{.glossary}` before a definition
    /// list) and `attrs_inline` (`[span]{#id}`): their ids are labels of the site.
    public var mystAttrsBlock = false
    public var mystAttrsInline = false
    /// MyST's `myst_heading_anchors`: only headings down to this level get a slug (others are
    /// reached by their docutils ids); nil: every heading.
    public var headingSlugLevels: Int? = nil
    /// pymdownx.tabbed with a `slugify`: tab ids are the profile's slug of the tab's title (this
    /// profile's name), after the heading's slug when `combine_header_slug` is set; nil: numbered.
    public var tabSlugs: String? = nil
    public var tabSlugsCombineHeader = false
    /// Python-Markdown's footnotes: `#fn:1` and `#fnref:1` ids (the separator is the extension's).
    public var footnoteSeparator: String? = nil
    /// pymdownx.tabbed's tab ids (`__tabbed_1_2`).
    public var tabbedIDs = false
    /// Of two reference definitions of one label, the generator uses the last (Python-Markdown);
    /// CommonMark uses the first.
    public var lastDefinitionWins = false
    /// Heading ids are unique among every id of the page, explicit ones reserved first
    /// (Python-Markdown's toc: `# Intro` before `{ #intro }` elsewhere is `intro_1`).
    public var explicitIDsReservedFirst = false

    /// pymdownx.snippets: `--8<-- "file"` includes another file's text (and its headings) in the page.
    public var snippets = false
    /// mkdocstrings, mkdocs-click: a `::: identifier` line is replaced by generated content (and ids).
    public var generatedBlocks = false
    /// pymdownx.emoji: `:name:` shortcodes become icons with no text, in headings and tab titles.
    public var emojiShortcodes = false
    /// pymdownx.superfences: a fence's `{ .lang #id }` gives its block an id.
    public var fenceAttributes = false
    /// MkDocs `hooks`: Python code that may rewrite a page; a page holding an HTML comment (the
    /// shortcodes such hooks fill, `<!-- md:option x -->`) has ids outline cannot know.
    public var hooks = false
    /// goldmark's `autoDefinitionTermID` (Hugo): each definition term (`term` before `: definition`)
    /// gets the heading slug of its text as its id, numbered with the headings' duplicates.
    public var definitionTermIDs = false
    /// Hugo shortcodes: `{{% name %}}` renders Markdown into the page (and `{{< include >}}` another
    /// file's text), whose headings and terms get ids outline does not see.
    public var shortcodes = false

    /// The file is MDX (a `.mdx` file, or every file of a Docusaurus site whose `markdown.format` is
    /// `mdx`): outline's lines are `{/* … */}` (`CommentSyntax`), a heading's id may be given by a
    /// trailing `{/* #id */}`, and a table of contents escapes `{`, `}` and `<` (format.md §16).
    public var mdx = false

    /// How a table (a header row, then a delimiter row) splits into cells, each cell's inline content
    /// read on its own (format.md §9): GFM's rule by default (GitHub, GitLab, Hugo, Docusaurus, MyST,
    /// plain files), Python-Markdown's `tables` rule for MkDocs (a pipe inside a code span does not
    /// split a cell there). cmark has no tables: without this, a table is one paragraph to it.
    public var tables: TableRule = .gfm

    public init() {}

    /// CommonMark as cmark reads it.
    public static let commonMark = Dialect()

    /// Whether any container's body may be Markdown where CommonMark reads code or HTML.
    public var hasContainers: Bool { admonitions || details || tabs || markdownInHTML || mystDirectives }
}
