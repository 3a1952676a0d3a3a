import Foundation
import Testing
import OutlineTestHelpers
import OutlineTestSupport
@testable import OutlineCore

/// format.md §16: in a file read as MDX every line outline writes is `{/* … */}` (MDX 2 and later
/// reject HTML comments), and every other ESM line, JSX element and `{…}` expression is opaque and
/// kept byte for byte. The MDX syntax below is taken from the MDX project's own documentation and
/// tests (mdx-js/mdx `docs/docs/what-is-mdx.mdx`, `packages/mdx/test/syntax.js`; micromark's
/// `micromark-extension-mdx-expression` tests for where a flow expression ends).
@Suite("MDX files", .serialized)
struct MDXTests {
    static let document = """
        import {External} from './some/place.js'
        import {number} from "./data.js"

        export const Local = properties => <span style={{color: 'red'}} {...properties} />

        # MDX syntax {/* #mdx */}

        An <External>external</External> component and a <Local>local one</Local>.
        a <s>b</s> and {number}, see [JSX](#jsx-flow) and [the sum](#expressions-heading).

        ## JSX flow
        <div>
          b
        </div>

        <x y="1" z='w' style={{color: "red"}} />

        ## Expressions {#expressions-heading}

        {
          1 + 1
        }

        {/*!*/}

        {/* A comment! */}

        ## Components
        <Component
          open
          x={1}
          label={'this is a string, *not* markdown!'}
          icon={<Icon />}
        />

        ## Install
        Run this, right under the heading.

        ## Two 🍰 is: {Math.PI * 2}

        {(function () {
          const guess = Math.random()

          if (guess > 0.66) {
            return <span style={{color: 'tomato'}}>Look at us.</span>
          }

          return <span style={{color: 'goldenrod'}}>Not me.</span>
        })()}

        ### Set \\<T> \\{braces\\}

        """

    /// The document with every line outline wrote taken out: what a rewrite must leave of the input.
    static func withoutOwnLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("{/* outline") }.joined(separator: "\n")
    }

    static func mdx(_ text: String) throws -> Outline {
        var dialect = Dialect.commonMark
        dialect.mdx = true
        return try Outline(parsing: bytes(text), [.rewriting, .links, .fingerprints], dialect: dialect)
    }

    /// `id` writes `{/* outline:ID */}` under every heading (an explicit `{/* #id */}` or `{#id}` gives
    /// the ID and is no title), never an HTML comment, and every other byte stays: taking out outline's
    /// lines gives back the input; `--strip` does, byte for byte, in every variant (CRLF, BOM, no final
    /// newline), and `id` again changes nothing.
    @Test(arguments: Variant.allCases) func idAndStripRoundTrip(_ variant: Variant) throws {
        let input = variant.apply(bytes(MDXTests.document))
        var dialect = Dialect.commonMark
        dialect.mdx = true
        let pinned = try PinIDs.apply(try Outline(parsing: input, [.rewriting], dialect: dialect)).rewrite.output
        let text = String(decoding: pinned, as: UTF8.self)
        #expect(!text.contains("<!--"))
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        let own = lines.filter { $0.hasPrefix("{/* outline:") }
        #expect(own == ["{/* outline:mdx */}", "{/* outline:jsx-flow */}", "{/* outline:expressions-heading */}", "{/* outline:components */}",
                        "{/* outline:install */}", "{/* outline:two-is-mathpi-2 */}", "{/* outline:set-t-braces */}"], "\(own)")
        let outline = try Outline(parsing: pinned, [.rewriting], dialect: dialect)
        #expect(outline.sections.map(\.title) == ["MDX syntax", "JSX flow", "Expressions", "Components", "Install", "Two 🍰 is: {Math.PI * 2}", "Set <T> {braces}"])
        #expect(outline.sections.allSatisfy { $0.anchored })
        expectBytes(try PinIDs.apply(outline).rewrite.output, pinned, "id is idempotent (\(variant))")
        expectBytes(try PinIDs.strip(outline).rewrite.output, input, "id --strip gives back the input (\(variant))")
        if variant == .asIs { #expect(MDXTests.withoutOwnLines(text) == MDXTests.document) }
    }

    /// cmark reads `{/* outline:ID */}` as paragraph text that the next line continues; MDX reads a
    /// flow expression that ends at its line (`{ a } \t\nb` is `<p>b</p>` in micromark's tests). The
    /// line is shown to cmark as a block of its own, so the anchor is the heading's record and the
    /// paragraph under it starts where it did: verification does not refuse.
    @Test func anAnchorOverAParagraphIsABlockOfItsOwn() throws {
        let pinned = try MDXTests.mdx("## Install\n{/* outline:install */}\nRun this.\n\n## Next\nText.\n")
        #expect(pinned.sections.map(\.anchored) == [true, false])
        #expect(pinned.sections[0].record?.syntax == .mdx)
        let result = try PinIDs.apply(pinned).rewrite.output
        #expect(String(decoding: result, as: UTF8.self) == "## Install\n{/* outline:install */}\nRun this.\n\n## Next\n{/* outline:next */}\nText.\n")
        // Read as CommonMark the same bytes hold no anchor: the line is a paragraph's text.
        let plain = try Outline(parsing: bytes("## Install\n{/* outline:install */}\nRun this.\n"))
        #expect(plain.records.isEmpty && !plain.sections[0].anchored)
        // A malformed line (its comment not ending on it) is never rewritten, and named as MDX writes it.
        let broken = try MDXTests.mdx("## A\n{/* outline:a\n*/}\n")
        #expect(CommentFormat.describe(broken.records[0]).contains("'*/}'"))
    }

    /// `fold` and `unfold`, `number` and `--strip`, `toc`: MDX lines, round trips byte-exact; a table of
    /// contents escapes `{`, `}` and `<` in titles, which MDX would read as an expression or JSX.
    @Test func foldNumberAndTableOfContents() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.mdx")
        try Data(bytes(MDXTests.document)).write(to: file)
        #expect(runInProcess(["id", "-w", "--no-config", file.path]).status == 0)
        let pinned = try [UInt8](Data(contentsOf: file))
        #expect(!String(decoding: pinned, as: UTF8.self).contains("<!--"))
        #expect(MDXTests.withoutOwnLines(String(decoding: pinned, as: UTF8.self)) == MDXTests.document)

        let folded = runInProcess(["fold", "--depth", "1", file.path])
        #expect(folded.status == 0, "\(folded.stderr)")
        #expect(folded.text.contains("{/* outline-fold:mdx lines=") && !folded.text.contains("<!--"), "\(folded.text)")
        let unfolded = runInProcess(["unfold", "--from", file.path], stdin: folded.stdout)
        expectBytes(unfolded.stdout, pinned, "unfold gives back the original")

        let numbered = runInProcess(["number", "--no-config", file.path])
        #expect(numbered.status == 0, "\(numbered.stderr)")
        #expect(numbered.text.contains("## 1 JSX flow\n{/* outline:jsx-flow number=1 */}"))
        try Data(numbered.stdout).write(to: file)
        expectBytes(runInProcess(["number", "--strip", "--no-config", file.path]).stdout, pinned, "number --strip")

        try Data(pinned).write(to: file)
        let toc = runInProcess(["toc", "--insert", "--slugs", "docusaurus", "--no-config", file.path])
        #expect(toc.status == 0, "\(toc.stderr)")
        #expect(toc.text.contains("""
            {/* outline:toc */}

            - [JSX flow](#jsx-flow)
            - [Expressions](#expressions-heading)
            - [Components](#components)
            - [Install](#install)
            - [Two 🍰 is: \\{Math.PI \\* 2\\}](#two--is-mathpi--2)
              - [Set \\<T\\> \\{braces\\}](#set-t-braces)

            {/* outline:toc end */}
            """), "\(toc.text)")
        try Data(toc.stdout).write(to: file)
        let check = runInProcess(["check", "--slugs", "docusaurus", "--no-config", file.path])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
    }

    /// An MDX file never holds an HTML comment: `id` rewrites outline's lines written in the HTML form
    /// (before the file was read as MDX), anchors, records and table-of-contents markers alike.
    @Test func htmlFormLinesAreRewritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.mdx")
        try Data(bytes("# T\n<!-- outline:t -->\n\n<!-- outline:toc -->\n- [A](#a)\n<!-- outline:toc end -->\n\n## A\n<!-- outline:number=1 --><a id=\"old\"></a>\n\n## B\n<!-- outline:Bad B -->\n")).write(to: file)
        let result = runInProcess(["id", "--no-config", file.path])
        #expect(result.text == "# T\n{/* outline:t */}\n\n{/* outline:toc */}\n- [A](#a)\n{/* outline:toc end */}\n\n## A\n{/* outline:a number=1 */}<a id=\"old\"></a>\n\n## B\n{/* outline:bad-b */}\n", "\(result.text)")
    }

    /// The linkable form is the element on the anchor's line; the attribute form is never written into
    /// MDX (`{#ID}` there is an expression), whatever was asked.
    @Test func theLinkableFormIsTheElement() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.mdx")
        try Data(bytes("# Guide\n\n## Install\nSteps.\n")).write(to: file)
        let element = "# Guide\n{/* outline:guide */}<a id=\"guide\"></a>\n\n## Install\n{/* outline:install */}<a id=\"install\"></a>\nSteps.\n"
        #expect(runInProcess(["id", "--linkable", "--no-config", file.path]).text == element)
        #expect(runInProcess(["id", "--linkable=attribute", "--slugs", "docusaurus", "--no-config", file.path]).text == element)
        try Data(bytes(element)).write(to: file)
        #expect(runInProcess(["id", "--strip", "--no-config", file.path]).text == "# Guide\n\n## Install\nSteps.\n")
    }

    /// `check` reads MDX anchors by every rule: a duplicate, a malformed line, an orphan; a directory
    /// walk finds `.mdx` files.
    @Test func checkAndDirectoryWalks() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(bytes("# A\n{/* outline:a */}\n\n## B\n{/* outline:a */}\n\n## C\n{/* outline:Bad C */}\n\n{/* outline:stray */}\n")).write(to: directory.appendingPathComponent("x.mdx"))
        let check = runInProcess(["check", "--no-config", directory.path])
        #expect(check.status == 1)
        #expect(check.text.contains("x.mdx:5: ") && check.text.contains("duplicate"), "\(check.text)")
        #expect(check.text.contains("x.mdx:8: ") && check.text.contains("malformed anchor ID 'Bad C'"), "\(check.text)")
        #expect(check.text.contains("x.mdx:10: ") && check.text.contains("stray"), "\(check.text)")
        let repaired = runInProcess(["id", "--no-config", directory.appendingPathComponent("x.mdx").path])
        #expect(repaired.text == "# A\n{/* outline:a */}\n\n## B\n{/* outline:b */}\n\n## C\n{/* outline:bad-c */}\n\n{/* outline:stray */}\n", "\(repaired.text)")
    }

    /// The docusaurus profile reads a heading's own id as Docusaurus does (`parseMarkdownHeadingId`,
    /// cases from its `markdownHeadingIdUtils.test.ts`): the classic `{#id}` and MDX's `{/* #id */}`.
    @Test func docusaurusHeadingIDs() {
        let cases: [(String, String?, String)] = [
            ("Some heading", nil, "Some heading"),
            ("Some heading {#custom-_id}", "custom-_id", "Some heading"),
            ("{#custom-_id} Some heading", nil, "{#custom-_id} Some heading"),
            ("Some heading {#id1} {#id2}", "id2", "Some heading {#id1}"),
            ("a {#}", nil, "a {#}"),
            ("a {#你好}", "你好", "a"),
            ("a {#2022.1.1}", "2022.1.1", "a"),
            ("a {#a#b}", "a#b", "a"),
            ("a {# a {#bcd}", "bcd", "a {# a"),
            ("a {#bcd}}", nil, "a {#bcd}}"),
            ("a {#b{cd}", "b{cd", "a"),
            ("a {#b{#b}", "b", "a {#b"),
            ("Some heading {/* #custom-_id */}", "custom-_id", "Some heading"),
            ("heading {/*   #my-id   */}", "my-id", "heading"),
            ("heading {/* #my id */}", nil, "heading {/* #my id */}"),
            ("a {/* # */}", nil, "a {/* # */}"),
            ("a {/* my-id */}", nil, "a {/* my-id */}"),
        ]
        for (text, id, rest) in cases {
            let parsed = DocusaurusHeadingID.parse(text)
            #expect(parsed?.id == id, "\(text)")
            #expect((parsed?.before ?? text) == rest, "\(text)")
        }
    }
}
