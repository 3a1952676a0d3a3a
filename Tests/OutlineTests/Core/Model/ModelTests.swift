import Testing
import OutlineTestHelpers
import OutlineTestSupport
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

/// A heading's text is taken from the source where cmark reads it as written (`literalATXText`), else
/// from cmark's literals: both ways must give the same text for every heading.
@Suite("heading texts")
struct HeadingTextTests {
    static let pieces: [[UInt8]] = [
        "a", "Word", " ", "  ", "\t", "#", " #", " ##", "\\#", "\\*", "&amp;", "&copy;", "&#35;", "`code`", "``", "*em*", "_u_",
        "**", "[link](u)", "[ref]", "]", "<b>", "<x@y.z>", "!", "![i](p)", "é", "e\u{301}", "{#id}", "1.2", "~", "{", "}", "\"q\"",
        "'", "--", "...", ">", "|", "=", "\u{7F}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x0C], [0x0B], [0xE2, 0x80]]

    @Test(arguments: [1, 2, 3] as [UInt64])
    func sourceTextsAreCmarksTexts(_ seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var text: [UInt8] = []
        for k in 0..<600 {
            var line: [UInt8] = Array(String(repeating: " ", count: Int.random(in: 0...3, using: &random)).utf8)
            line += Array(String(repeating: "#", count: Int.random(in: 1...6, using: &random)).utf8)
            line += Int.random(in: 0..<8, using: &random) == 0 ? [ASCII.tab] : [ASCII.space]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                line += HeadingTextTests.pieces[Int.random(in: 0..<HeadingTextTests.pieces.count, using: &random)]
            }
            text += line + (k % 7 == 0 ? [ASCII.cr, ASCII.lf] : [ASCII.lf])
            if k % 5 == 0 { text += Array("Setext \(k) *x*\n---\n".utf8) }
            text += Array("\ntext\n\n".utf8)
        }
        text += Array("\n[ref]: /r\n".utf8)
        let source = Source(text)
        let fromSource = try CommonMark.topLevelBlocks(of: source, hiddenLines: 0, parserMemory: .keepForNextDocument)
        let fromCmark = try CommonMark.topLevelBlocks(of: source, hiddenLines: 0, parserMemory: .keepForNextDocument, textsFromSource: false)
        var compared = 0, inSourceCount = 0
        for (a, b) in zip(fromSource.blocks, fromCmark.blocks) {
            guard case let .heading(ta, la, inSource) = a.kind, case let .heading(tb, lb, false) = b.kind else { continue }
            #expect(la == lb && a.startLine == b.startLine)
            let got = fromSource.text(ta, inSource: inSource, of: source), expected = fromCmark.text(tb, inSource: false, of: source)
            #expect(got == expected, "line \(a.startLine + 1): \(Array(got.utf8)) against cmark's \(Array(expected.utf8))")
            compared += 1
            if inSource { inSourceCount += 1 }
        }
        #expect(fromSource.blocks.count == fromCmark.blocks.count)
        #expect(compared >= 600 && inSourceCount >= 50 && inSourceCount < compared, "\(inSourceCount) of \(compared) from the source")
    }
}

@Suite("line table")
struct LineTableTests {
    /// Line starts as a plain reading gives them: after each LF, CRLF or lone CR, and the end.
    static func expected(_ bytes: [UInt8]) -> [Int] {
        var starts = [0], i = 0
        while i < bytes.count {
            if bytes[i] == ASCII.cr, i + 1 < bytes.count, bytes[i + 1] == ASCII.lf { i += 1 }
            if bytes[i] == ASCII.lf || bytes[i] == ASCII.cr { starts.append(i + 1) }
            i += 1
        }
        if starts.last != bytes.count { starts.append(bytes.count) }
        return starts
    }

    @Test(arguments: ["", "a", "a\n", "a\r\nb", "a\rb\r", "\n\n\r\n\r", "# T\nbody\r\n\r\nend"])
    func narrowAndWideTablesAgree(_ text: String) {
        let bytes = Array(text.utf8)
        let source = Source(bytes)
        #expect(Array(source.lineStarts) == LineTableTests.expected(bytes))
        let starts = LineTableTests.expected(bytes)
        let wide = LineTable(wide: true, estimate: 1) { append in
            for s in starts { append(s) }
            return bytes.count
        }
        #expect(Array(wide) == starts && wide.count == source.lineStarts.count)
    }

    /// The table is read eight bytes at a time: random bytes, rich in line endings, NULs and the bytes
    /// next to them (12, 13, 14, 0x8D), at every length and position in a word, give the plain reading's
    /// table and NUL flag.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func wordAtATimeReadingAgrees(_ seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let alphabet: [UInt8] = [ASCII.lf, ASCII.cr, 0, 9, 12, 14, 0x20, 0x61, 0x7F, 0x80, 0x8A, 0x8D, 0xFF]
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? alphabet.randomElement(using: &rng)! : UInt8(ascii: "a")
            }
            let source = Source(bytes)
            #expect(Array(source.lineStarts) == LineTableTests.expected(bytes), "\(bytes)")
            #expect(source.containsNUL == bytes.contains(0), "\(bytes)")
        }
    }
}
