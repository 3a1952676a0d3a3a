import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// format.md §2 and §7: `id --linkable` writes the permalink the surfaces keep. Where one drops raw HTML
/// (Hugo) and all read attributes, ` {#ID}` ends the heading, recorded as `permalink=heading` so that
/// `--strip` takes out exactly those bytes. (`PermalinkRendererTests` renders the result with Hugo,
/// kramdown and pandoc.)
@Suite("heading permalinks", .serialized)
struct PermalinkTests {
    static let document = "# Guide\n\nSee [install](#install).\n\nInstall\n-------\n\nSteps.\n\n## Closing ##\n\n## Mine {#custom}\n"

    @Test func writtenForHugoAndStrippedExactly() throws {
        let result = runInProcess(["id", "--linkable", "--slugs", "hugo"], stdin: bytes(PermalinkTests.document))
        #expect(result.status == 0)
        #expect(result.text == """
            # Guide {#guide}
            <!-- outline:guide permalink=heading -->

            See [install](#install).

            Install {#install}
            -------
            <!-- outline:install permalink=heading -->

            Steps.

            ## Closing ##
            <!-- outline:closing -->

            ## Mine {#custom}
            <!-- outline:custom -->

            """)
        // The closing sequence is said, with the way out; a person's own {#custom} is left theirs.
        #expect(result.stderr.contains("<stdin>:10: warning: section 'Closing' gets no {#closing} permalink: its heading ends in a closing sequence"))
        #expect(runInProcess(["id", "--linkable", "--slugs", "hugo"], stdin: result.stdout).stdout == result.stdout)
        #expect(runInProcess(["id", "--strip"], stdin: result.stdout).text == PermalinkTests.document)
        // Renamed, the section keeps its ID on Hugo: the link needs no repair.
        let renamed = bytes(result.text.replacingOccurrences(of: "Install {#install}\n-------", with: "Setting it up {#install}\n-------------"))
        #expect(runInProcess(["check", "--slugs", "hugo"], stdin: renamed).status == 0)
        #expect(runInProcess(["links", "--slugs", "hugo"], stdin: renamed).stdout == renamed)
        // New anchors follow the document's style: the attribute, where most anchors have it.
        // (A person's own `{#custom}` does not count: `id` never writes into a heading unasked.)
        let grown = bytes("# A {#a}\n<!-- outline:a permalink=heading -->\n\n## B\n<!-- outline:b -->\n\n## C {#c}\n<!-- outline:c permalink=heading -->\n\n## New\n")
        #expect(runInProcess(["id"], stdin: grown).text.hasSuffix("## New {#new}\n<!-- outline:new permalink=heading -->\n"))
        let mostlyPlain = bytes("# A {#a}\n<!-- outline:a permalink=heading -->\n\n## B\n<!-- outline:b -->\n\n## C {#c}\n<!-- outline:c -->\n\n## New\n")
        #expect(runInProcess(["id"], stdin: mostlyPlain).text.hasSuffix("## New\n<!-- outline:new -->\n"))
        // A heading edited since: --strip leaves what it no longer recognises, and says so.
        let edited = bytes(result.text.replacingOccurrences(of: "# Guide {#guide}", with: "# Guide {#guide .wide}"))
        let stripped = runInProcess(["id", "--strip"], stdin: edited)
        #expect(stripped.text.hasPrefix("# Guide {#guide .wide}\n\nSee"))
        #expect(stripped.stderr.contains("no longer ends with the {#guide} outline wrote; left as it is"))
    }

    /// A copy of a section (heading, `{#ID}` and anchor) gets a fresh ID in both places; records are
    /// repaired with the attribute in its place, right after the ID, so `id` and `number` commute.
    @Test func copiesRepairsAndNumbers() throws {
        let copied = "## A {#a}\n<!-- outline:a permalink=heading -->\n\n## A {#a}\n<!-- outline:a permalink=heading -->\n\n## B\n<!-- outline:Bad B number=3 -->\n\n## C\n<!-- outline: -->\n"
        let result = runInProcess(["id", "--linkable", "--slugs", "hugo"], stdin: bytes(copied))
        #expect(result.text == "## A {#a}\n<!-- outline:a permalink=heading -->\n\n## A {#a-1}\n<!-- outline:a-1 permalink=heading -->\n\n## B {#bad-b}\n<!-- outline:bad-b permalink=heading number=3 -->\n\n## C {#c}\n<!-- outline:c permalink=heading -->\n", "\(result.text)")
        let plain = bytes("# T\n\n## One\n\nText.\n\nTwo\n---\n")
        let idThenNumber = runInProcess(["number"], stdin: runInProcess(["id", "--linkable", "--slugs", "hugo"], stdin: plain).stdout)
        let numberThenID = runInProcess(["id", "--linkable", "--slugs", "hugo"], stdin: runInProcess(["number"], stdin: plain).stdout)
        #expect(idThenNumber.text == numberThenID.text)
        #expect(idThenNumber.text.contains("## 1 One {#one}\n<!-- outline:one permalink=heading number=1 -->"))
        let back = runInProcess(["number", "--strip"], stdin: runInProcess(["id", "--strip"], stdin: idThenNumber.stdout).stdout)
        #expect(back.stdout == plain)
    }

    /// The surfaces decide: the element unless one drops raw HTML; the attribute where all read it;
    /// an error naming Hugo's `unsafe` otherwise. pandoc and kramdown do not read an ID that starts
    /// with a digit: such a heading gets none, with a warning.
    @Test func surfacesDecideTheForm() throws {
        let plain = bytes("# Guide\n\n## 2024 Release\n")
        #expect(runInProcess(["id", "--linkable"], stdin: plain).text == "# Guide\n<!-- outline:guide --><a id=\"guide\"></a>\n\n## 2024 Release\n<!-- outline:2024-release --><a id=\"2024-release\"></a>\n")
        let both = runInProcess(["id", "--linkable", "--slugs", "hugo,kramdown"], stdin: plain)
        #expect(both.text == "# Guide {#guide}\n<!-- outline:guide permalink=heading -->\n\n## 2024 Release\n<!-- outline:2024-release -->\n")
        #expect(both.stderr.contains("kramdown shows {#2024-release} as text"))
        #expect(runInProcess(["id", "--linkable", "--slugs", "hugo"], stdin: plain).text.contains("## 2024 Release {#2024-release}\n"))
        let conflict = runInProcess(["id", "--linkable", "--slugs", "github,hugo"], stdin: plain)
        #expect(conflict.status == 2 && conflict.stdout.isEmpty)
        #expect(conflict.stderr.hasPrefix("outline: --linkable: hugo drops the <a id> element (raw HTML is omitted unless its markup.goldmark.renderer.unsafe = true) and github shows a heading's {#id} as text; set unsafe = true in Hugo's configuration and use --linkable=element"))
        #expect(runInProcess(["id", "--linkable=element", "--slugs", "github,hugo"], stdin: plain).text.contains("<a id=\"guide\"></a>"))
        let shown = runInProcess(["id", "--linkable=attribute", "--slugs", "gitlab"], stdin: plain)
        #expect(shown.status == 2 && shown.stderr.contains("gitlab shows a heading's {#id} as text"))
        // MkDocs with attr_list reads the attribute: named, it is written (and not chosen unasked).
        let mkdocs = runInProcess(["id", "--linkable=attribute", "--slugs", "mkdocs"], stdin: plain)
        #expect(mkdocs.status == 0 && mkdocs.stderr.isEmpty && mkdocs.text.contains("## 2024 Release {#2024-release}\n<!-- outline:2024-release permalink=heading -->"))
        #expect(runInProcess(["id", "--linkable", "--slugs", "mkdocs"], stdin: plain).text.contains("<a id=\"guide\"></a>"))
        #expect(runInProcess(["id", "--linkable=atribute"], stdin: plain).stderr.hasPrefix("outline: --linkable must be element or attribute, not 'atribute' (did you mean 'attribute'?)"))
    }

    /// `.outline.toml`: `slugs` gives the surfaces, `linkable = true` chooses, `"element"` and
    /// `"attribute"` name the form; a conflict there is an error about each file, nothing written.
    @Test func configuration() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.md")
        try "# Guide\n".write(to: file, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent(".outline.toml")
        func id(_ toml: String) throws -> RunResult {
            try toml.write(to: config, atomically: true, encoding: .utf8)
            return runInProcess(["id", file.path])
        }
        #expect(try id("slugs = \"hugo\"\nlinkable = true\n").text == "# Guide {#guide}\n<!-- outline:guide permalink=heading -->\n")
        #expect(try id("slugs = [\"github\", \"hugo\"]\nlinkable = \"element\"\n").text == "# Guide\n<!-- outline:guide --><a id=\"guide\"></a>\n")
        let conflict = try id("slugs = [\"github\", \"hugo\"]\nlinkable = true\n")
        #expect(conflict.status == 2 && conflict.stdout.isEmpty && conflict.stderr.contains("a.md: --linkable: hugo drops the <a id> element"), "\(conflict.stderr)")
        let bad = try id("linkable = \"elements\"\n")
        #expect(bad.status == 2 && bad.stderr.contains("'linkable' needs true, false, \"element\" or \"attribute\", not 'elements'"))
    }

    /// Every fixture and variant: the attribute form is idempotent, and `--strip` gives back the
    /// bytes of a document that had no anchors.
    @Test(arguments: GoldenCase.fixtures)
    func fixturesRoundTrip(_ fixture: String) throws {
        for variant in Variant.allCases {
            let input = variant.apply(try [UInt8](Data(contentsOf: Paths.fixtures.appendingPathComponent("\(fixture).md"))))
            let document = try Document(input)
            let once = try PinIDs.apply(Outline(document), linkable: .attribute, surfaces: [.hugo]).output
            expectBytes(try PinIDs.apply(Outline(try Document(once)), linkable: .attribute, surfaces: [.hugo]).output, once, "\(fixture): twice")
            if document.records.isEmpty {
                expectBytes(try PinIDs.strip(Outline(try Document(once))).output, input, "\(fixture): --strip")
            }
        }
    }

    /// A heading that ends in an attribute block never gets a second one (format.md §2): the block's
    /// id is the section's, and a block without one is reported, `--check` exiting 1.
    @Test func anAuthorsAttributeBlockIsNeverDoubled() throws {
        let doc = "# T\n\n## Bar {.cls #x2}\n\n## Baz {.cls}\n\n## Qux { #qux-custom data-x=\"y\" }\n\n[c](#x2)\n"
        let result = runInProcess(["id", "--linkable=attribute", "--slugs", "hugo"], stdin: bytes(doc))
        #expect(result.text.contains("## Bar {.cls #x2}\n<!-- outline:x2 -->") && result.text.contains("## Baz {.cls}\n<!-- outline:baz-cls -->")
                && result.text.contains("## Qux { #qux-custom data-x=\"y\" }\n<!-- outline:qux-custom -->"), "\(result.text)")
        #expect(!result.text.contains("{.cls} {#") && !result.text.contains("#x2} {#"))
        #expect(result.stderr.contains(":5: warning: section 'Baz {.cls}' gets no {#baz-cls} permalink: its heading ends in an attribute block without an id: add #baz-cls to it"), "\(result.stderr)")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Nothing else to change: `--check` fails for the permalink it cannot write alone.
        try "## Baz {.cls}\n<!-- outline:baz-cls -->\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let check = runInProcess(["id", "--linkable=attribute", "--slugs", "hugo", "--check", dir.appendingPathComponent("a.md").path])
        #expect(check.status == 1 && check.stdout.isEmpty, "\(check.text) \(check.stderr)")
        let tree = runInProcess(["tree", "--json"], stdin: bytes(doc)).text
        #expect(tree.contains("\"title\": \"Bar\"") && tree.contains("\"title\": \"Qux\""), "\(tree)")
    }

    /// Switching form takes out the old form outline wrote, both ways (format.md §2): the element asked
    /// for where outline's ` {#ID}` and `permalink=heading` stand (GitHub would show the braces as
    /// heading text) takes both out; the attribute asked for takes outline's element out. A person's
    /// own `{#custom}` is never touched; a number record keeps its number; aliases stay.
    @Test func switchingFormRemovesTheOldForm() throws {
        let attribute = """
            # Guide {#guide}
            <!-- outline:guide permalink=heading -->

            ## 1 Install {#install}
            <!-- outline:install permalink=heading number=1 -->
            Steps.

            ## Mine {#custom}
            <!-- outline:custom -->

            """
        let element = """
            # Guide
            <!-- outline:guide --><a id="guide"></a>

            ## 1 Install
            <!-- outline:install number=1 --><a id="install"></a>
            Steps.

            ## Mine {#custom}
            <!-- outline:custom --><a id="custom"></a>

            """
        for arguments in [["--linkable", "--slugs", "github"], ["--linkable=element"], ["--linkable=element", "--slugs", "hugo"]] {
            let result = runInProcess(["id"] + arguments, stdin: bytes(attribute))
            #expect(result.status == 0 && result.text == element, "\(arguments): \(result.text)\(result.stderr)")
        }
        // And back, byte for byte: the element outline wrote goes once the heading carries the ID
        // (a person's `{#custom}` carries it already).
        let back = runInProcess(["id", "--linkable=attribute", "--slugs", "hugo"], stdin: bytes(element))
        #expect(back.text == attribute, "\(back.text)")
        // `number --strip` and `id --strip` still give back the plain document from either form.
        let plain = "# Guide\n\n## Install\nSteps.\n\n## Mine {#custom}\n"
        for form in [attribute, element] {
            let stripped = runInProcess(["number", "--strip"], stdin: runInProcess(["id", "--strip"], stdin: bytes(form)).stdout)
            #expect(stripped.text == plain, "\(stripped.text)")
        }
        // An alias stays with the element taken out; a heading no longer ending in outline's `{#ID}`
        // keeps what it has, and says so.
        let aliased = runInProcess(["id", "--linkable=attribute", "--slugs", "hugo"], stdin: bytes("## Install\n<!-- outline:install --><a id=\"install\"></a><a id=\"setup\"></a>\n"))
        #expect(aliased.text == "## Install {#install}\n<!-- outline:install permalink=heading --><a id=\"setup\"></a>\n", "\(aliased.text)")
        let edited = runInProcess(["id", "--linkable=element"], stdin: bytes("## Install {#install .wide}\n<!-- outline:install permalink=heading -->\n"))
        #expect(edited.text == "## Install {#install .wide}\n<!-- outline:install permalink=heading --><a id=\"install\"></a>\n", "\(edited.text)")
        #expect(edited.stderr.contains("no longer ends with the {#install} outline wrote"), "\(edited.stderr)")
    }
}
