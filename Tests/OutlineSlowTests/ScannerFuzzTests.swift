import Foundation
import Testing
import OutlineTestHelpers
import OutlineTestSupport
@testable import OutlineCLI
@testable import OutlineCore

/// format.md §11, §16: the scanners of a page (containers, fences, MDX's JavaScript) on seeded
/// inputs grown from the fixtures' pages: never a crash; the container scanner reads what the
/// recursive scanner it replaced read (`RecursiveContainerScan`); an MDX page's code survives
/// `id` byte for byte.
@Suite("Hardening: scanner fuzz")
struct ScannerFuzzTests {
    static var everything: Dialect {
        var d = Dialect()
        d.admonitions = true; d.details = true; d.tabs = true; d.markdownInHTML = true
        d.mystDirectives = true; d.colonFence = true; d.mystTargets = true; d.lastDefinitionWins = true
        return d
    }

    static let containerLines = [
        "!!! note", "!!! warning \"Title\"", "??? tip", "???+ info", "=== \"One\"", "===! \"Two\"", "===+ \"Three\"",
        "Text [a](#x).", "- item [b](#y)", "# Heading", "", "", "", "",
        "```", "````", "```python", "~~~", "```{note}", "```{admonition} A [title](#t)", "```{code-block} md", "````{dropdown}",
        ":::{tip}", ":::", "::::", ":::{note} arg", ":class: x", "---", "key: v",
        "<div markdown=\"1\">", "<div markdown id=\"box\">", "<section markdown=\"block\">", "</div>", "</section>", "<div>", "<p>x</p>",
        "[ref]: /u", "[ref]: /v", "(label)=",
    ]

    /// A document of container lines at random depths of indentation (a tab now and then).
    static func containerDocument(_ rng: inout SeededRandom) -> [UInt8] {
        var out = ""
        for _ in 0..<Int.random(in: 3...40, using: &rng) {
            let level = Int.random(in: 0...3, using: &rng)
            var indent = String(repeating: "    ", count: level)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: indent += String(repeating: " ", count: Int.random(in: 1...3, using: &rng))
            case 1: indent = String(repeating: "\t", count: level)
            default: break
            }
            out += indent + containerLines.randomElement(using: &rng)! + "\n"
        }
        return Array(out.utf8)
    }

    /// The one-pass scanner reads what the recursive one read: what each line leaves out (blank
    /// lines aside: a body's trailing blank lines lose their blanks now), the md_in_html ids and
    /// the tabs. Documents nest at most a few levels, which the recursive scanner survives.
    @Test func containersAsTheRecursiveScannerReadThem() throws {
        var rng = SeededRandom(seed: ReaderFuzzTests.seed)
        var failures = 0
        for _ in 0..<ReaderFuzzTests.cases {
            let input = Self.containerDocument(&rng)
            var dialect = Self.everything
            if Bool.random(using: &rng) { dialect.mystDirectives = false; dialect.colonFence = false }
            if Bool.random(using: &rng) { dialect.admonitions = false; dialect.tabs = false }
            let document = try Document(source: Source(input), parserMemory: .keepForNextDocument, links: true, dialect: dialect)
            var new = ContainerScan(document.source, dialect: dialect, blockStarts: document.blockStarts, hiddenLines: document.frontMatterLineCount)
            new.run()
            var old = RecursiveContainerScan(document.source, dialect: dialect, blockStarts: document.blockStarts, hiddenLines: document.frontMatterLineCount)
            old.run()
            let source = document.source
            let differing = (0..<source.lineCount).filter { line in
                new.dropped[line] != old.dropped[line] && !source.content(line).allSatisfy(ASCII.isBlank)
            }
            let same = differing.isEmpty && new.ids.map(\.id) == old.ids.map(\.id) && new.ids.map(\.line) == old.ids.map(\.line)
                && new.tabs.map { "\($0.line) \($0.set) \($0.index) \($0.title)" } == old.tabs.map { "\($0.line) \($0.set) \($0.index) \($0.title)" }
            if !same {
                failures += 1
                if let dump = ProcessInfo.processInfo.environment["OUTLINE_FUZZ_DUMP"] { try? Data(input).write(to: URL(fileURLWithPath: "\(dump)-\(failures).md")) }
                if failures <= 5 {
                    Issue.record("lines \(differing.map { $0 + 1 }) differ (\(differing.map { "\(new.dropped[$0]) vs \(old.dropped[$0])" })), ids \(new.ids.map(\.id)) vs \(old.ids.map(\.id)):\n\(String(decoding: input, as: UTF8.self))")
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(ReaderFuzzTests.cases) documents read differently")
    }

    /// Pages grown deep, wide, truncated and mutated, read with every container of every dialect
    /// and as MDX: never a crash, a warning at a line of the page when something nests too deep.
    @Test func pagesInEveryDialect() {
        var mdx = Self.everything
        mdx.mdx = true
        ReaderFuzzTests.fuzz("pages", seeds: ReaderFuzzTests.pages, open: "!!! note\n    ", close: "", injections: Self.containerLines + ["{`", "`}", "export const a = `", "<X y={", "}>"]) { input, rng in
            let dialect = Bool.random(using: &rng) ? mdx : Self.everything
            do {
                let outline = try Outline(parsing: input, [.links, .fingerprints], dialect: dialect)
                let lines = outline.source.lineCount
                if let line = outline.nestingTooDeep, !(1...max(1, lines)).contains(line) { return "nesting warning at line \(line) of \(lines)" }
                _ = LinkCheck.linkFindings(outline, path: "p.md", profile: .mkdocs, root: ".", lookup: { _ in .missing })
            } catch {
                return ReaderFuzzTests.located(error, in: input).map { "parse: \($0)" }
            }
            return nil
        }
    }

    /// MDX pages with code in every place, grown: `id` never writes into code (the result's code
    /// is the input's, region for region), or it refuses; the round trip through `--strip` holds.
    @Test func mdxCodeSurvivesId() {
        var mdx = Dialect()
        mdx.mdx = true
        let seeds = [MDXCodeSeeds.document].map { Array($0.utf8) }
        ReaderFuzzTests.fuzz("mdx", seeds: seeds, open: "{`${", close: "}`}", injections: ["# heading", "{", "}", "`", "${", "'", "\"", "export const x = `", "import y from 'z'", "<A b={", "/* ", "*/", "```", ""]) { input, _ in
            guard let outline = try? Outline(parsing: input, [.rewriting], dialect: mdx) else { return nil }
            let pinned: [UInt8]
            do { pinned = try PinIDs.apply(outline).rewrite.output } catch let d as Diagnostic {
                return d.kind == .refused || d.kind == .parser ? nil : "id failed: \(d)"
            } catch { return "id failed: \(error)" }
            let code = { (b: [UInt8]) in MDXCode.read(Source(b)).regions.filter { !$0.outlineLine }.map { Array(b[$0.range]) } }
            if code(pinned) != code(input) { return "the code changed" }
            return nil
        }
    }
}

/// An MDX page with code where the issue found it written into (a template literal in an ESM block,
/// an expression after a JSX tag) and the variants.
enum MDXCodeSeeds {
    static let document = """
        import {CodeBlock} from '@theme/CodeBlock'
        export const install = `
        # install the cli
        npm i -g outline
        `

        # Title

        <CodeBlock>{`
        # not a heading
        echo "${"}"}" '{' \\` ${`${ {a: "}"}.a }`}
        `}</CodeBlock>

        ## Section {props.name}

        Text {"[fake](#gone)"} and {cond && <b>Don't {"#"}</b>} and [real](#title).

        {`
        ## a flow expression
        `}
        """
}
