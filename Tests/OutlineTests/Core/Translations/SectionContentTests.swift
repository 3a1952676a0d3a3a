import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// A translated section's `source=` hash (format.md §17): what changes it and what does not.
@Suite("translations: section content")
struct SectionContentTests {
    func hashes(_ text: String) throws -> [String: UInt32] {
        let outline = try Outline(parsing: bytes(text))
        let content = SectionContent(outline)
        var out: [String: UInt32] = [:]
        for (k, section) in outline.sections.enumerated() { out[section.id] = content.hash(of: k) }
        return out
    }

    let base = """
    # Guide
    <!-- outline:guide -->

    Intro.

    ## Install
    <!-- outline:install -->

    Run the installer,
    then restart.

    ```sh
    make install

    make check
    ```

    ### Linux
    <!-- outline:linux -->

    apt-get.

    ## Usage
    <!-- outline:usage -->

    Use it.

    """

    /// The hash is the XXH32 of the heading's text then each kept line, each ended by LF.
    @Test func theHashIsOfTheDocumentedLines() throws {
        let outline = try Outline(parsing: bytes(base))
        let content = SectionContent(outline)
        let install = outline.indexByID()["install"]!
        let expected = "Install\nRun the installer,\nthen restart.\n```sh\nmake install\n\nmake check\n```\n"
        #expect(content.hash(of: install) == ContentHash.hash(bytes(expected)[...]))
        // A parent's content stops at its first subsection; the subsection is not in it.
        #expect(content.lines(of: outline.indexByID()["guide"]!).map { String(decoding: $0, as: UTF8.self) } == ["Guide", "Intro."])
    }

    /// Renumbering, pinning, CRLF, trailing blanks, blank lines, an attribute block and edits to other
    /// sections leave a section's hash alone.
    @Test func whatIsNoChange() throws {
        let before = try hashes(base)
        let variants = [
            base.replacingAll("\n", with: "\r\n"),
            base.replacingAll("Run the installer,", with: "Run the installer,   "),
            base.replacingAll("Run the installer,\nthen", with: "Run the installer,\n\n\nthen"),
            base.replacingAll("## Install\n<!-- outline:install -->", with: "## 2 Install\n<!-- outline:install number=2 -->"),
            base.replacingAll("## Install\n<!-- outline:install -->", with: "## Install {#install}\n<!-- outline:install permalink=heading -->"),
            base.replacingAll("Use it.", with: "Use it well."),
            base.replacingAll("apt-get.", with: "apt-get install."),
            base.replacingAll("<!-- outline:install -->", with: "<!-- outline:install source=0badf00d --><a id=\"install\"></a>"),
        ]
        for variant in variants {
            #expect(try hashes(variant)["install"] == before["install"], "changed by: \(variant)")
        }
        // A table of contents in a section reflects other sections' titles: it is outline's, not content.
        let withTOC = base.replacingAll("Run the installer,", with: "<!-- outline:toc -->\n- [Linux](#linux)\n<!-- outline:toc end -->\n\nRun the installer,")
        #expect(try hashes(withTOC)["install"] == before["install"])
    }

    /// Re-wrapping a paragraph, editing the heading, or any edit in a code block (its blank lines and
    /// trailing blanks included) is a change.
    @Test func whatIsAChange() throws {
        let before = try hashes(base)
        let variants = [
            base.replacingAll("Run the installer,\nthen restart.", with: "Run the installer, then restart."),
            base.replacingAll("## Install\n", with: "## Installing\n"),
            base.replacingAll("make install\n\nmake check", with: "make install\nmake check"),
            base.replacingAll("make install\n", with: "make install  \n"),
            base.replacingAll("then restart.", with: "then reboot."),
        ]
        for variant in variants {
            #expect(try hashes(variant)["install"] != before["install"], "not seen: \(variant)")
        }
    }

    /// `source=` read from an anchor line, and kept or removed by the commands that rewrite it.
    @Test func theAttributeIsReadAndKept() throws {
        let text = "# Titre\n<!-- outline:guide source=1f3a9c2e number=1 -->\n\n## Note\n<!-- outline:note source=none -->\n\n## Bad\n<!-- outline:bad source=XYZ -->\n"
        let outline = try Outline(parsing: bytes(text))
        #expect(outline.sections[0].record?.source == .hash(0x1f3a9c2e))
        #expect(outline.sections[1].record?.source == .local)
        #expect(outline.sections[2].record?.source == .malformed("XYZ"))
        // `id --strip`: no ID-less record keeps `source=`.
        let stripped = String(decoding: try PinIDs.strip(outline).rewrite.output, as: UTF8.self)
        #expect(!stripped.contains("source="))
        #expect(stripped.contains("<!-- outline:number=1 -->"))
        // `number` and `number --strip` keep it.
        let numbered = String(decoding: try NumberHeadings.apply(outline).rewrite.output, as: UTF8.self)
        #expect(numbered.contains("source=1f3a9c2e") && numbered.contains("source=none"))
        let unnumbered = String(decoding: try NumberHeadings.strip(try Outline(parsing: bytes(numbered))).rewrite.output, as: UTF8.self)
        #expect(unnumbered.contains("<!-- outline:guide source=1f3a9c2e") && unnumbered.contains("source=none"))
        // `id --linkable` keeps it.
        let linkable = String(decoding: try PinIDs.apply(outline, linkable: .element).rewrite.output, as: UTF8.self)
        #expect(linkable.contains("<!-- outline:guide source=1f3a9c2e number=1 --><a id=\"guide\"></a>"))
    }

    /// `translation stamp`'s edit: after the ID, replacing the one there, verified.
    @Test func stampWritesAfterTheID() throws {
        let outline = try Outline(parsing: bytes("# T\n<!-- outline:a number=1 -->\n\n## U\n<!-- outline:b source=00000001 -->\n"))
        let result = try TranslationStamp.apply(outline, stamps: [0: 0xabcdef01, 1: 0x12345678])
        #expect(String(decoding: result.rewrite.output, as: UTF8.self) == "# T\n<!-- outline:a source=abcdef01 number=1 -->\n\n## U\n<!-- outline:b source=12345678 -->\n")
    }

    @Test func lineDiffFindsTheShortestScript() {
        let a = ["a", "b", "c", "d"].map { bytes($0) }, b = ["a", "x", "c", "d", "e"].map { bytes($0) }
        let ops = LineDiff.operations(a, b)
        #expect(LineDiff.changedLines(ops) == 3)
        let text = String(decoding: LineDiff.unified(a, b, aLines: [10, 11, 12, 13], bLines: [20, 21, 22, 23, 24], context: 1), as: UTF8.self)
        #expect(text == "@@ -10,4 +20,5 @@\n a\n-b\n+x\n c\n d\n+e\n")
        #expect(LineDiff.operations([bytes("x")], [bytes("x")]) == [.same(0, 0)])
        #expect(LineDiff.changedLines(LineDiff.operations([[UInt8]](), [bytes("y")])) == 1)
    }
}
