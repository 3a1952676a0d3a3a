import Testing
import OutlineCore

/// Findings carry what code reads of them (format.md §10): a typed subject and, for a link, the
/// bytes of its destination with their line and columns. Merges and the editor's ranges key on
/// these, never on the message.
@Suite("structured findings")
struct StructuredFindingsTests {
    func linkFindings(_ text: String, lookup: @escaping (String) -> LinkCheck.Destination = { _ in .missing }) throws -> (Outline, [Diagnostic]) {
        let outline = try Outline(parsing: Array(text.utf8), [.links])
        return (outline, LinkCheck.brokenLinks(outline, path: "a.md", profile: .github, root: ".", lookup: lookup))
    }

    @Test func aBrokenInlineLinkIsAboutItsDestinationBytes() throws {
        let text = "# Top\n\nSee [the é guide](gone.md#x) and [t](#nowhere).\n"
        let (outline, found) = try linkFindings(text)
        #expect(found.map(\.subject) == [.link("gone.md#x"), .link("#nowhere")])
        let first = try #require(found.first)
        let range = try #require(first.range)
        #expect(String(decoding: outline.source.bytes[range], as: UTF8.self) == "gone.md#x")
        // `é` is one column: the destination starts after "See [the é guide](" (18 code points).
        #expect(first.line == 3 && first.column == 19)
        #expect(first.end == SourceSpan.Place(line: 3, column: 28, utf8Column: 29, utf16Column: 28))
        // Bytes and UTF-16 units count as their tools count: `é` is two bytes, one unit.
        #expect(first.span?.start == SourceSpan.Place(line: 3, column: 19, utf8Column: 20, utf16Column: 19))
        let second = try #require(found.last?.range)
        #expect(String(decoding: outline.source.bytes[second], as: UTF8.self) == "#nowhere")
    }

    @Test func anAstralCharacterIsTwoUTF16UnitsAndFourBytes() throws {
        let (_, found) = try linkFindings("😀 [x](#gone)\n")
        #expect(found.first?.span?.start == SourceSpan.Place(line: 1, column: 7, utf8Column: 10, utf16Column: 8))
    }

    /// Every finding of a document has a span, not a line alone: a finding about a heading or an
    /// anchor spans its line's content (without the line ending), so editors and SARIF place it.
    @Test func everyFindingOfADocumentHasASpan() throws {
        let text = "# Top\r\n\n## Two\n<!-- outline:x -->\n## Three\n<!-- outline:x -->\n[a](#gone)\n"
        let outline = try Outline(parsing: Array(text.utf8), [.links])
        let found = StructureFindings.of(outline, path: "a.md") + LinkCheck.linkFindings(outline, path: "a.md", profile: .github, root: ".") { _ in .missing }
        #expect(Set(found.map(\.kind)) == [.missingAnchor, .duplicateID, .brokenLink])
        for d in found {
            let span = try #require(d.span, "\(d.kind) has no span")
            #expect(span.start.line == d.line)
            let bytes = String(decoding: outline.source.bytes[span.bytes], as: UTF8.self)
            #expect(!bytes.contains("\n") && !bytes.contains("\r"))
        }
        let top = try #require(found.first { $0.line == 1 })
        #expect(top.span?.start.column == 1 && top.span?.end.column == 6)
    }

    @Test func aFindingOnALastLineWithoutLineEndingEndsThere() throws {
        for text in ["# A", "# A\r", "\u{FEFF}# A", "[x](#gone)"] {
            let outline = try Outline(parsing: Array(text.utf8), [.links])
            let found = StructureFindings.of(outline, path: "a.md") + LinkCheck.linkFindings(outline, path: "a.md", profile: .github, root: ".") { _ in .missing }
            let span = try #require(found.first?.span, "\(text)")
            #expect(span.end.line == 1 && span.bytes.upperBound <= outline.source.bytes.count)
        }
    }

    @Test func aBOMIsNoColumn() throws {
        let (_, found) = try linkFindings("\u{FEFF}[x](#gone)\n")
        #expect(found.first?.column == 5)
    }

    @Test func aLinkOnALaterLineOfItsParagraphIsPlacedThere() throws {
        // cmark places inlines of a paragraph on its first line; the finding names the line the
        // destination is written on, and its range lies there.
        let text = "# T\n\nfirst line\nsecond [a](#missing)\n"
        let (outline, found) = try linkFindings(text)
        let d = try #require(found.first)
        #expect(d.line == 4)
        let range = try #require(d.range)
        #expect(outline.source.line(containing: range.lowerBound) == 3)
    }

    @Test func hrefInRawHTMLIsPlacedOnItsValue() throws {
        let text = "# T\n\n<a href=\"#nope\">x</a>\n"
        let (outline, found) = try linkFindings(text)
        let range = try #require(found.first?.range)
        #expect(String(decoding: outline.source.bytes[range], as: UTF8.self) == "#nope")
        #expect(found.first?.subject == .link("#nope"))
    }

    @Test func aReferenceLinkKeepsItsUseLineWithoutARangeElsewhere() throws {
        // The definition is on another line than the use: the finding is about the use's line and
        // carries no range on a line it does not name.
        let text = "# T\n\n[a][r]\n\n[r]: #gone\n"
        let (outline, found) = try linkFindings(text)
        let d = try #require(found.first)
        #expect(d.line == 3 && d.subject == .link("#gone"))
        if let range = d.range { #expect(outline.source.line(containing: range.lowerBound) + 1 == d.line) }
    }

    @Test func sectionFindingsNameTheirSection() throws {
        let text = "# A\n<!-- outline:a -->\n\n# B\n<!-- outline:a -->\n\n# C\n\ntext\n\n<!-- outline:lost -->\n"
        let outline = try Outline(parsing: Array(text.utf8))
        let found = StructureFindings.of(outline, path: "a.md")
        #expect(found.contains { $0.kind == .duplicateID && $0.subject == .section("a") })
        #expect(found.contains { $0.kind == .missingAnchor && $0.subject == .heading("C") })
        #expect(found.contains { $0.kind == .orphanAnchor && $0.subject == .section("lost") })
    }

    @Test func tocFindingsNameTheirBlockByOrdinal() throws {
        let text = "# T\n\n<!-- outline:toc -->\n<!-- outline:toc end -->\n\n## A\n\n<!-- outline:toc -->\n- [B](#b)\n<!-- outline:toc end -->\n\n## B\n"
        let outline = try Outline(parsing: Array(text.utf8), [.links])
        let found = TableOfContents.staleTOCs(outline, options: .init())
        #expect(found.map(\.subject) == [.toc(0), .toc(1)])
    }

    @Test func messagesNameResolvedPathsAsTheCallerSays() throws {
        let text = "[x](other.md#nothing)\n"
        let outline = try Outline(parsing: Array(text.utf8), [.links])
        let other = try Outline(parsing: Array("# Something\n".utf8), [.links])
        let targets = LinkTargets(try #require(other.links), profile: .github, source: other.source)
        let found = LinkCheck.brokenLinks(outline, path: "/w/a.md", profile: .github, root: "/w",
                                       name: { $0.hasPrefix("/w/") ? String($0.dropFirst(3)) : $0 },
                                       lookup: { _ in .markdown(targets) })
        #expect(found.count == 1)
        #expect(found[0].message.contains("other.md has no heading"))
        #expect(!found[0].message.contains("/w/"))
    }
}
