import Testing
import OutlineTestHelpers
import OutlineTestSupport
@testable import OutlineCore

/// format.md §16: an MDX file's JavaScript (ESM blocks, `{…}` expressions) is code, read as
/// micromark-extension-mdxjs-esm and -mdx-expression read it: nothing inside it is a heading, a
/// link or an anchor, every byte of it stays, and an edit inside it is refused (format.md §9).
@Suite("MDX code", .serialized)
struct MDXCodeTests {
    static var mdx: Dialect {
        var d = Dialect.commonMark
        d.mdx = true
        return d
    }

    func outline(_ text: [UInt8]) throws -> Outline { try Outline(parsing: text, [.rewriting, .links], dialect: Self.mdx) }

    /// The code samples of the issue and its variants: a shell comment (`# …`) in a template literal
    /// held by `export const`, and inside a `{…}` after a JSX tag; `${…}` holding braces, strings and
    /// templates; strings holding backticks and braces; a block comment over a blank line.
    static let document = """
        import {CodeBlock} from '@theme/CodeBlock'
        export const install = `
        # install the cli
        npm i -g outline

        # configure it: [a link](#not-a-link)
        outline init
        `

        # Title

        <CodeBlock>{`
        # not a heading either
        echo "${"}"}" '{' \\` ${`${ {a: "}"}.a }`}
        ## still code
        `}</CodeBlock>

        {`
        ## a flow expression's template
        `}

        export const meta = {
          title: "a } brace and a ` backtick",
          /* a comment

          # over a blank line */
          nested: {deep: {deeper: `${'}'}`}},
        }

        ## Real {props.name}
        {/* outline:real */}

        Text {"[fake](#gone)"} and {cond && <b>Don't {"#"}</b>} and [real](#title).

        """

    /// What the issue found: `id` wrote an anchor into the template literal and `check` called each
    /// `# …` line a heading. Now the headings are the document's, `id` writes only under them, and
    /// taking outline's lines out gives back every byte.
    @Test(arguments: Variant.allCases) func codeIsNeverAHeadingNorEdited(_ variant: Variant) throws {
        let input = variant.apply(bytes(Self.document))
        let parsed = try outline(input)
        #expect(parsed.sections.map(\.title) == ["Title", "Real {props.name}"], "\(variant)")
        #expect(LinkCheck.localLinks(of: parsed).map(\.link.destination) == ["#title"], "\(variant)")
        let pinned = try PinIDs.apply(parsed).rewrite.output
        let text = String(decoding: pinned, as: UTF8.self)
        let own = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }.filter { $0.hasPrefix("{/* outline:") }
        #expect(own == ["{/* outline:title */}", "{/* outline:real */}"], "\(variant): \(own)")
        expectBytes(try PinIDs.strip(try outline(pinned)).rewrite.output, try PinIDs.strip(parsed).rewrite.output, "\(variant)")
        // Every code region of the input stands in the result, byte for byte.
        let before = MDXCode.read(Source(input)).regions.filter { !$0.outlineLine }.map { Array(input[$0.range]) }
        let after = MDXCode.read(Source(pinned)).regions.filter { !$0.outlineLine }.map { Array(pinned[$0.range]) }
        #expect(before == after && before.count == 7, "\(variant): \(before.count) regions")
    }

    @Test func regionsAsMDXReadsThem() {
        let source = Source(bytes(Self.document))
        let regions = MDXCode.read(source).regions
        let text = regions.map { String(decoding: source.bytes[$0.range], as: UTF8.self) }
        // The first ESM block runs over its blank line (inside the template literal) to the one after.
        #expect(text[0] == "import {CodeBlock} from '@theme/CodeBlock'\nexport const install = `\n# install the cli\nnpm i -g outline\n\n# configure it: [a link](#not-a-link)\noutline init\n`")
        #expect(regions[0].kind == .esm && regions[0].flow)
        #expect(text[1].hasPrefix("{`\n# not a heading") && text[1].hasSuffix("## still code\n`}") && !regions[1].flow)
        #expect(text[2] == "{`\n## a flow expression's template\n`}" && regions[2].flow)
        #expect(text[3].hasPrefix("export const meta = {") && text[3].hasSuffix("}},\n}") && regions[3].kind == .esm)
        #expect(text[4] == "{props.name}" && regions[5].outlineLine && text[6] == "{\"[fake](#gone)\"}" && text[7] == "{cond && <b>Don't {\"#\"}</b>}")
        // An ESM line inside a paragraph is text; in fenced code nothing is read.
        #expect(MDXCode.read(Source(bytes("Text\nimport x from 'y'\n\n```\n{`\n```\n"))).regions.isEmpty)
        // An unclosed expression runs to the end; so does an ESM block whose template is never closed.
        #expect(MDXCode.read(Source(bytes("a {b\n\n# c\n"))).regions.map(\.range) == [2..<10])
        #expect(MDXCode.read(Source(bytes("export const a = `\n\n# c\n"))).regions.map(\.range) == [0..<24])
    }

    /// format.md §9: were the reading ever to miss an expression, the edit into it is refused.
    @Test func anEditIntoCodeIsRefused() throws {
        let token = "mdx-code-seam-41c9"
        let input = bytes("# A\n\nexport const s = `\n\(token)\n`\n")
        let injection = Verification.injectForTesting { outline in
            guard String(decoding: outline.source.bytes, as: UTF8.self).contains(token) else { return nil }
            let at = outline.source.lineStarts[3]
            return (at..<at, Array("{/* outline:x */}\n".utf8))
        }
        defer { Verification.stopInjecting(injection) }
        do {
            _ = try PinIDs.apply(try outline(input))
            Issue.record("an edit into a template literal was written")
        } catch let d as Diagnostic {
            #expect(d.kind == .refused && d.line == 4, "\(d)")
        }
        // The same edit outside the code is not refused by this check.
        #expect(MDXCode.editInside(Source(input), hiddenLines: 0, edits: [4..<4, 5..<5]) == nil)
        #expect(MDXCode.editInside(Source(input), hiddenLines: 0, edits: [input.count - 3..<input.count - 3]) == input.count - 3)
        // An edit taking a region whole (a fold hiding its section) is no edit inside it.
        #expect(MDXCode.editInside(Source(input), hiddenLines: 0, edits: [5..<input.count]) == nil)
    }

    /// JavaScript nested past `Nesting.limit` is read as text from there, said once; the reading
    /// stays one pass.
    @Test func nestingPastTheLimit() throws {
        let deep = "# A\n\n{" + String(repeating: "`${", count: 20_000) + String(repeating: "}`", count: 20_000) + "}\n\n## B\n"
        let parsed = try outline(bytes(deep))
        #expect(parsed.nestingTooDeep == 3)
        let warnings = LinkCheck.linkFindings(parsed, path: "a.mdx", profile: .github, root: ".", lookup: { _ in .missing }).filter { $0.kind == .nesting }
        #expect(warnings.map { "\($0.path ?? ""):\($0.line ?? 0): \($0.severity) \($0.message)" } == ["a.mdx:3: warning nesting deeper than \(Nesting.limit) read as text"])
        // A template and its substitution are two levels.
        let shallow = "{" + String(repeating: "`${", count: Nesting.limit / 2 - 1) + String(repeating: "}`", count: Nesting.limit / 2 - 1) + "}\n"
        #expect(MDXCode.read(Source(bytes(shallow))).tooDeep == nil)
    }
}
