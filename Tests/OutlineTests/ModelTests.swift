import Testing
@testable import OutlineCore

/// The section model's every field, read back from its compact storage (32-bit lines and offsets,
/// `-1` for none), on a document with each kind of heading and anchor.
@Suite("section model")
struct ModelTests {
    @Test func everyFieldReadsBack() throws {
        let text = """
        # Guide
        <!-- outline:guide -->

        Setext title
        ------------

        ### 1.2 Deep {#deep-one}
        <!-- outline:deep number=1.2 -->
        ## Second ##
        <!-- outline:guide -->

        """
        let outline = try Outline(parsing: bytes(text))
        let s = outline.sections
        #expect(s.count == 4)

        #expect(s[0].heading.level == 1 && s[0].heading.style == .atx)
        #expect(s[0].heading.firstLine == 0 && s[0].heading.blockStartLine == 0 && s[0].heading.lastLine == 0)
        #expect(s[0].heading.openingEnd == 1 && s[0].heading.contentStart == 2 && s[0].heading.contentEnd == 7)
        #expect(s[0].parent == nil && s[0].depth == 1 && s[0].children == [1, 3] && s[0].endLine == 9)
        #expect(s[0].id == "guide" && s[0].anchored && s[0].duplicateOf == nil && s[0].number == nil)

        #expect(s[1].heading.level == 2 && s[1].heading.style == .setext && s[1].heading.openingEnd == nil)
        #expect(s[1].heading.firstLine == 3 && s[1].heading.lastLine == 4)
        #expect(s[1].parent == 0 && s[1].depth == 2 && s[1].children == [2] && s[1].endLine == 7)
        #expect(s[1].id == "setext-title" && !s[1].anchored && s[1].title == "Setext title")

        #expect(s[2].heading.level == 3 && s[2].parent == 1 && s[2].depth == 3 && s[2].endLine == 7)
        #expect(s[2].number == "1.2" && s[2].explicitID == "deep-one" && s[2].title == "Deep" && s[2].id == "deep" && s[2].anchored)

        // The second `guide` anchor repeats the first: this section gets a fresh ID.
        #expect(s[3].heading.firstLine == 8 && s[3].heading.contentEnd - s[3].heading.contentStart == "Second".utf8.count)
        #expect(s[3].parent == 0 && s[3].depth == 2 && s[3].endLine == 9)
        #expect(s[3].duplicateOf == 0 && !s[3].anchored && s[3].id != "guide")
    }

    @Test func refusesDocumentsOf2GiBOrMore() throws {
        try Document.checkSize(Int(Int32.max))
        #expect(throws: Diagnostic.self) { try Document.checkSize(Int(Int32.max) + 1) }
        do {
            try Document.checkSize(Int(Int32.max) + 1)
        } catch let error as Diagnostic {
            #expect(error.kind == .file && error.severity == .error && error.message.hasPrefix("file too large: 2147483648 bytes"))
        }
    }
}
