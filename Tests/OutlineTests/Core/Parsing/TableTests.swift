import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// GFM tables read as the file's renderer reads them (format.md §9): each cell's inline content on
/// its own, by GFM's rule or by Python-Markdown's (MkDocs). The slow target's `TableRendererTests`
/// holds the same documents against cmark-gfm and Python-Markdown themselves.
@Suite("tables")
struct TableTests {
    static var mkdocs: Dialect {
        var d = Dialect()
        d.tables = .pythonMarkdown
        d.lastDefinitionWins = true
        return d
    }

    /// Issue 54's repro (traefik's `entrypoints.md`): a backtick left open in one row. cmark alone
    /// reads the rows as one paragraph, whose code span runs from row 1 to row 3 and swallows the
    /// `<a id>` of row 2 and the link beside it.
    static let repro = """
    # Doc

    | Option | Value |
    |---|---|
    | `a | [x](#doc) |
    | <a id="opt-http3"></a> b | y |
    | c` | z |

    [h](#opt-http3)
    """

    func outline(_ text: String, _ dialect: Dialect = .commonMark) throws -> Outline {
        try Outline(parsing: Array(text.utf8), [.links], dialect: dialect)
    }
    func destinations(_ o: Outline) -> [String] { LinkCheck.localLinks(of: o).map(\.link.destination) }
    func ids(_ o: Outline) -> [String] { LinkTargets(o, profile: .github).htmlIDs.map(\.id) }

    @Test(arguments: [false, true])
    func theReproReadsEachCellOnItsOwn(pythonMarkdown: Bool) throws {
        let o = try outline(Self.repro, pythonMarkdown ? Self.mkdocs : .commonMark)
        #expect(destinations(o) == ["#doc", "#opt-http3"])
        #expect(ids(o) == ["opt-http3"])
        // The view keeps every line and offset; only the open backticks changed.
        let view = try #require(o.linkView)
        #expect(view.source.bytes.count == o.source.bytes.count && view.source.lineCount == o.source.lineCount)
        let changed = zip(view.source.bytes, o.source.bytes).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed.map { o.source.bytes[$0] } == [UInt8(ascii: "`"), UInt8(ascii: "`")])
    }

    /// Without the table rule cmark's one paragraph is what was read (what the test above guards).
    @Test func cmarkAloneReadsOneParagraph() throws {
        var paragraph = Self.repro
        paragraph = paragraph.replacingAll("|---|---|\n", with: "")
        let o = try outline(paragraph)
        #expect(o.linkView == nil)
        #expect(destinations(o) == ["#opt-http3"])
        #expect(ids(o).isEmpty)
    }

    /// `| `p | q` |`: two cells under GFM (each with a lone backtick), one code span under
    /// Python-Markdown; so is the link between.
    @Test func thePipeInACodeSpanSplitsUnderGFMOnly() throws {
        let doc = "| a | b |\n|---|---|\n| `p | [l](#x) q` |\n"
        #expect(destinations(try outline(doc)) == ["#x"])
        #expect(destinations(try outline(doc, Self.mkdocs)).isEmpty)
    }

    /// What joins cells in cmark's paragraph and what each renderer reads: a link across a pipe is
    /// none; `\|` is no pipe; a link, raw HTML, an autolink and a reference link in a cell stay; a
    /// cell past the header's count is not rendered; a GFM table ends the paragraph above it.
    @Test func cellsDoNotJoin() throws {
        let doc = """
        Text with `open
        | a | b |
        |---|---|
        | [across | cell](#no) |
        | [in\\|cell](#yes) | b |
        | <b id="kept">x</b> | [ref] <http://e.com> |
        | `x` [y](#y) | z | [extra](#extra) |
        | `[a](#code)` | w |

        [ref]: #defined
        """
        let o = try outline(doc)
        #expect(destinations(o) == ["#yes", "#defined", "#y"])
        #expect(ids(o) == ["kept"])
        // Python-Markdown reads no table under a paragraph line: cmark's paragraph is what it reads.
        #expect(try outline(doc, Self.mkdocs).linkView == nil)
        #expect(try outline("\n" + doc.replacingAll("Text with `open\n", with: ""), Self.mkdocs).linkView != nil)
    }

    /// Tables in a block quote, and in a list item, are cells too; code blocks are not tables.
    @Test func tablesInContainers() throws {
        let doc = """
        > | a | b |
        > |---|---|
        > | `c | [d](#quoted) |
        > | e` | f |

        - item

          | a | b |
          |---|---|
          | `c | [d](#listed) |
          | e` | f |

        ```
        | a | b |
        |---|---|
        | `c | [d](#code) |
        ```
        """
        #expect(destinations(try outline(doc)) == ["#quoted", "#listed"])
    }

    /// A table in an admonition's body (MkDocs): its rows are read in the body's columns, each cell
    /// on its own, and the view keeps them as the body's other lines (issue 52: the container
    /// scanner reads the rows ahead of its one pass).
    @Test func tablesInAnAdmonition() throws {
        var dialect = Self.mkdocs
        dialect.admonitions = true
        let doc = "# T\n\n!!! note\n    | a | b |\n    |---|---|\n    | `c | [d](#inside) |\n    | e` | f |\n\n    After [g](#after).\n"
        let o = try Outline(parsing: Array(doc.utf8), [.links], dialect: dialect)
        #expect(destinations(o) == ["#inside", "#after"])
        let view = try #require(o.linkView)
        #expect(String(decoding: view.source.content(3), as: UTF8.self) == "| a | b |")
        #expect(String(decoding: view.source.content(8), as: UTF8.self) == "After [g](#after).")
    }

    /// A link in a cell is located, repaired and verified like any other: `links --since` after a
    /// section moved (format.md §9).
    @Test func aLinkInACellIsRepaired() throws {
        let table = "| h | i |\n|---|---|\n| `a | [u](guide.md#usage) |\n| <a href=\"guide.md#usage\">b</a> | [v][r] |\n| c` | z |\n\n[r]: guide.md#usage\n"
        let index = "# Index\n<!-- outline:index -->\n\n" + table
        let result = try #require(try RepairVerificationTests.repair(index))
        let rewrite = try result.get()
        #expect(String(decoding: rewrite.output, as: UTF8.self) == index.replacingAll("guide.md#usage", with: "setup.md#usage"))
        #expect(rewrite.diagnostics.isEmpty, "\(rewrite.diagnostics)")
    }
}
