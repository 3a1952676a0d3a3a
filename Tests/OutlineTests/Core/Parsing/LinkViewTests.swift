import Testing
@testable import OutlineCore

/// The link view (format.md §16): what a site's generator reads as Markdown where cmark reads code
/// or HTML, line for line, each byte standing for a byte of the document.
@Suite("link view")
struct LinkViewTests {
    static var mkdocs: Dialect {
        var d = Dialect()
        d.admonitions = true; d.details = true; d.tabs = true; d.tabbedIDs = true; d.markdownInHTML = true
        d.headingAttributes = true; d.inlineAttributes = true; d.footnoteSeparator = ":"; d.lastDefinitionWins = true; d.explicitIDsReservedFirst = true
        return d
    }
    static var myst: Dialect {
        var d = Dialect()
        d.mystDirectives = true; d.colonFence = true; d.mystTargets = true; d.headingSlugLevels = 2
        return d
    }

    func outline(_ text: String, _ dialect: Dialect) throws -> Outline { try Outline(parsing: Array(text.utf8), [.links], dialect: dialect) }
    func lines(_ source: Source) -> [String] { (0..<source.lineCount).map { String(decoding: source.content($0), as: UTF8.self) } }
    func destinations(_ o: Outline) -> [String] { LinkCheck.localLinks(of: o).map(\.link.destination) }
    /// Each byte of the view is a byte of the document on its line.
    func expectViewBytesAreTheDocuments(_ o: Outline, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let view = o.linkView else { Issue.record("no view", sourceLocation: sourceLocation); return }
        for line in 0..<view.source.lineCount {
            for offset in view.source.contentRange(line) {
                #expect(o.source.bytes[view.documentOffset(offset)] == view.source.bytes[offset], sourceLocation: sourceLocation)
            }
        }
    }

    @Test func mkdocsContainersAreReadAsMarkdown() throws {
        let doc = """
        # T

        !!! note "Title"
            First [a](#one).

            Second [b](#two).

                code [c](#not-a-link)

            ??? tip
                Nested [d](#three).

        === "One"
            Tab [e](#four).

        === "Two"

            ```python
            [f](#in-code)
            ```

        <div markdown="1" id="box">
        Inside [g](#five).
        </div>

            plain code [h](#code)
        """
        let o = try outline(doc, Self.mkdocs)
        let view = try #require(o.linkView)
        #expect(lines(view.source) == [
            "# T", "", "", "First [a](#one).", "", "Second [b](#two).", "", "    code [c](#not-a-link)", "", "", "Nested [d](#three).", "",
            "", "Tab [e](#four).", "", "", "", "```python", "[f](#in-code)", "```", "", "", "Inside [g](#five).", "", "", "    plain code [h](#code)",
        ])
        #expect(destinations(o) == ["#one", "#two", "#three", "#four", "#five"])
        #expect(view.ids.map(\.id) == ["box"])
        #expect(view.tabs.map { "\($0.set)/\($0.index) \($0.title)" } == ["1/1 One", "1/2 Two"])
        expectViewBytesAreTheDocuments(o)
        // The same text without the dialect: only what cmark sees (the lazy lines after an opener).
        #expect(destinations(try outline(doc, .commonMark)) == ["#one", "#four"])
    }

    @Test func mystDirectivesAndLabels() throws {
        let doc = """
        (intro-label)=
        # Title

        ```{note}
        :class: tip
        In a note [a](#x).
        ```

        ```{admonition} A [titled](#y) one
        Body [b](#z).
        ```

        :::{tip}
        Colon [c](#w).
        :::

        ```{code-block} markdown
        [d](#code)
        ```

        ````{dropdown}
        ```python
        [e](#code-too)
        ```
        Outer [f](#v).
        ````
        """
        let o = try outline(doc, Self.myst)
        #expect(destinations(o) == ["#x", "#y", "#z", "#w", "#v"])
        let targets = LinkTargets(o, profile: .myst)
        #expect(targets.labels.map(\.id) == ["intro-label"])
        #expect(targets.contains("intro-label") && targets.contains("title"))
    }

    @Test func headingsAttributeBlocksFootnotesTabsAndReservedIDs() throws {
        let doc = """
        # Intro

        ## with pip <small>recommended</small> { #with-pip data-toc-label="with pip" }

        ## Plain {: .cls }

        ## Not \\{#escaped}

        ## Intro { #intro }

        Some **bold**{ #inline-id } text[^1] and again[^1].

        [^1]: The note.

        === "Alpha"
            a

        === "Beta"
            b
        """
        let o = try outline(doc, Self.mkdocs)
        // The block is no title text, and its id is the section's.
        #expect(o.sections.map(\.title) == ["Intro", "with pip recommended", "Plain", "Not {#escaped}", "Intro"])
        #expect(o.sections.map { $0.explicitID ?? "-" } == ["-", "with-pip", "-", "-", "intro"])
        let t = LinkTargets(o, profile: .mkdocs)
        // `# Intro` comes before `{ #intro }`, which Python-Markdown reserves first: `intro_1`.
        #expect(t.headings.map(\.id) == ["intro_1", "with-pip", "plain", "not-escaped", "intro"])
        for id in ["inline-id", "fn:1", "fnref:1", "fnref2:1", "__tabbed_1_1", "__tabbed_1_2"] { #expect(t.contains(id), "\(id)") }
        var slugged = Self.mkdocs
        slugged.tabSlugs = "mkdocs-material"
        slugged.tabSlugsCombineHeader = true
        let s = LinkTargets(try outline(doc, slugged), profile: .mkdocs)
        #expect(s.contains("intro-alpha") && s.contains("intro-beta"))
    }

    @Test func mystHeadingSlugsStopAtTheConfiguredLevel() throws {
        let t = LinkTargets(try outline("# One\n\n## Two\n\n### Three Deep\n\n## ΟΔΗΓΟΣ\n", Self.myst), profile: .myst)
        #expect(t.contains("two") && t.contains("οδηγος") && !t.contains("οδηγοσ"))
        // Beyond myst_heading_anchors only the docutils id reaches a heading.
        #expect(t.contains("three-deep"))
        var none = Self.myst
        none.headingSlugLevels = 0
        let u = LinkTargets(try outline("## Hello, World! (punct) & stuff?\n", none), profile: .myst)
        #expect(u.contains("hello-world-punct-stuff") && !u.contains("hello-world-punct--stuff"))
    }

    /// What squidfunk/mkdocs-material's own site gives (measured in its built pages): a tab's id from
    /// its title without emoji shortcodes, after its heading's slug; a fence's `{ #id }`; and under
    /// hooks, fragments no slug could be skipped in pages holding the comments hooks fill.
    @Test func mkdocsMaterialIdsAsItsBuiltSiteHasThem() throws {
        var d = Self.mkdocs
        d.tabSlugs = "mkdocs-material"; d.tabSlugsCombineHeader = true; d.emojiShortcodes = true; d.fenceAttributes = true; d.hooks = true
        let doc = """
        ### Logo

        <!-- md:version 0.1.0 -->

        === ":octicons-image-16: Image"

            ``` yaml
            logo: x
            ```

        === ":octicons-package-16: Icon, bundled"

            text

        ??? example "Expand"

            ``` { .sh .no-copy #example }
            ls
            ```
        """
        let t = LinkTargets(try outline(doc, d), profile: .mkdocs)
        for id in ["logo", "logo-image", "logo-icon-bundled", "example"] { #expect(t.contains(id), "\(id)") }
        #expect(t.hookComments && LinkCheck.slugLike("advanced-settings") && !LinkCheck.slugLike("config.blog_dir") && !LinkCheck.slugLike("+toc.slugify"))
        var plain = d
        plain.hooks = false
        #expect(!LinkTargets(try outline(doc, plain), profile: .mkdocs).hookComments)
    }

    /// md_in_html as Python-Markdown 3.11 reads it (measured with mkdocs build): a bare `markdown`
    /// attribute (Material's `<figure markdown>`, its grid cards) and `markdown="span"` make the
    /// content Markdown, text after the opening tag on its line too; an element inside without the
    /// attribute (`<figcaption>`) stays raw, and `markdown="0"` is off.
    @Test func mdInHTMLBareAndSpanElements() throws {
        let doc = """
        <figure markdown>
          ![a](one.png)
          <figcaption>Raw [b](two.md)</figcaption>
        </figure>

        <div class="grid cards" markdown>
        -   Card [c](three.md)
        </div>

        <p markdown="span" id="para">Span [d](four.md)</p>

        <div markdown>Same line [e](five.md)
        </div>

        <div markdown="0">
        Off [f](six.md)
        </div>
        """
        let o = try outline(doc, Self.mkdocs)
        let view = try #require(o.linkView)
        #expect(destinations(o) == ["one.png", "three.md", "four.md", "five.md"])
        #expect(lines(view.source)[9] == "Span [d](four.md)</p>" && lines(view.source)[11] == "Same line [e](five.md)")
        #expect(view.ids.map(\.id) == ["para"])
        expectViewBytesAreTheDocuments(o)
        #expect(destinations(try outline(doc, .commonMark)).isEmpty)
    }

    /// attr_list after pymdownx's inline elements (`^sup^{#id}` with pymdownx.caret) gives the
    /// element its id; a block whose `{` stands in a code span is heading text (the built heading
    /// of ``## Run `make {#z` w}`` is `run-make-z-w`).
    @Test func attributeBlocksAfterSpansAndInsideCodeSpans() throws {
        let doc = "# T\n\n## Run `make {#z` w}\n\n## Run `make` {#v}\n\nText ^sup^{#supid}, ==mark=={ #markid }, **b**{#boldid}.\n"
        var d = Self.mkdocs
        d.spanMarks = "^="
        let o = try outline(doc, d)
        #expect(o.sections.map { $0.explicitID ?? "-" } == ["-", "-", "v"])
        let t = LinkTargets(o, profile: .mkdocs)
        #expect(t.headings.map(\.id) == ["t", "run-make-z-w", "v"])
        for id in ["supid", "markid", "boldid"] { #expect(t.contains(id), "\(id)") }
        let plain = LinkTargets(try outline(doc, Self.mkdocs), profile: .mkdocs)
        #expect(plain.contains("boldid") && !plain.contains("supid") && !plain.contains("markid"))
    }

    /// pymdownx's slugify after toc's `strip_tags`: a literal U+00A0 is whitespace (`foo-bar`), an
    /// entity is stashed and dropped (`&nbsp;` gives `bazqux`), as mkdocs build gives them.
    @Test func noBreakSpaceIsASpaceAndItsEntityIsDropped() throws {
        let doc = "## foo\u{A0}bar\n\n## baz&nbsp;qux\n\n## p &#160; q\n\n## a `x`\u{A0}`y`\n"
        for dialect in [Self.mkdocs, Dialect()] {
            let t = LinkTargets(try outline(doc, dialect), profile: .mkdocsMaterial)
            #expect(t.headings.map(\.id) == ["foo-bar", "bazqux", "p--q", "a-x-y"])
        }
    }

    /// A container in a list item (a numbered step holding `!!! note`) is the item's, as
    /// Python-Markdown reads an item's blocks four columns in (measured with mkdocs build): its
    /// body leaves four columns to the view, so that cmark reads it inside the item. A fence in an
    /// item is code; four columns in outside a list is an indented code block.
    @Test func containersInListItems() throws {
        let doc = """
        1. Step

            !!! note

                In a step [a](#one).

                !!! tip
                    Nested [b](#two).

        - Bullet
            - Sub

                === "Tab"

                    In a tab [c](#three).

            ```
            !!! note
                [d](#in-code)
            ```

        Text

            !!! note
                [e](#indented-code)
        """
        let o = try outline(doc, Self.mkdocs)
        let view = try #require(o.linkView)
        #expect(destinations(o) == ["#one", "#two", "#three"])
        #expect(lines(view.source)[2...8] == ["", "", "    In a step [a](#one).", "", "", "    Nested [b](#two).", ""])
        #expect(view.tabs.map(\.title) == ["Tab"])
        expectViewBytesAreTheDocuments(o)
        // Without the dialect cmark sees code.
        #expect(destinations(try outline(doc, .commonMark)).isEmpty)
    }

    /// A container in a block quote: Python-Markdown reads the quote's content, markers taken
    /// off, as Markdown of its own; the view leaves the markers of such a quote out.
    @Test func containersInBlockQuotes() throws {
        let doc = "> Quoted [a](#one).\n>\n> ??? note\n>\n>     In details [b](#two).\n>\n> Again [c](#three).\n\n> Plain [d](#four).\n"
        let o = try outline(doc, Self.mkdocs)
        let view = try #require(o.linkView)
        #expect(destinations(o) == ["#one", "#two", "#three", "#four"])
        #expect(lines(view.source) == ["Quoted [a](#one).", "", "", "", "In details [b](#two).", "", "Again [c](#three).", "", "> Plain [d](#four)."])
        expectViewBytesAreTheDocuments(o)
        #expect(destinations(try outline(doc, .commonMark)) == ["#one", "#three", "#four"])
    }
}
