import Foundation
import Testing
@testable import OutlineCore

@Suite("IDs")
struct IdentifierTests {
    @Test(arguments: [
        ("Install", "install"),
        ("Hello, World!", "hello-world"),
        ("  spaced   out  ", "spaced-out"),
        ("a - b -- c", "a-b-c"),
        ("snake_case_title", "snake_case_title"),
        ("Café au lait", "café-au-lait"),
        ("日本語の見出し", "日本語の見出し"),
        ("ÀÉÎ", "àéî"),
        ("Straße", "straße"),
        ("v1.2.0 release", "v120-release"),
        ("C++ & C#", "c-c"),
        ("-leading and trailing-", "leading-and-trailing"),
    ])
    func slug(_ title: String, _ expected: String) {
        #expect(Identifier.slug(title) == expected)
        #expect(Identifier.isValid(expected))
    }

    @Test func nothingLeft() {
        for title in ["", "!!!", "—", "🎉", "  ", "---", "(?)"] {
            #expect(Identifier.slug(title) == nil, "\(title)")
        }
    }

    @Test func lengthLimit() throws {
        let long = String(repeating: "word ", count: 40)
        let id = try #require(Identifier.slug(long))
        #expect(id.unicodeScalars.count <= 64 && Identifier.isValid(id) && !id.hasSuffix("-"))
        #expect(id.hasPrefix("word-word"))
        let oneWord = String(repeating: "x", count: 100)
        #expect(Identifier.slug(oneWord) == String(repeating: "x", count: 64))
        // A cut never separates a letter from its combining mark.
        let marked = String(repeating: "e\u{301}", count: 40)
        let cut = try #require(Identifier.slug(marked))
        #expect(cut.unicodeScalars.count <= 64 && cut.unicodeScalars.last == "\u{301}")
    }

    @Test func validity() {
        for good in ["a", "install", "a-b", "a_b", "日本", "x1", "café", "e\u{301}"] { #expect(Identifier.isValid(good), "\(good)") }
        for bad in ["", "A", "a--b", "-a", "a-", "a b", "a.b", "a:b", "a=b", String(repeating: "a", count: 65), "Ä"] {
            #expect(!Identifier.isValid(bad), "\(bad)")
        }
    }

    @Test func allocatorResolvesCollisions() {
        var allocator = IDAllocator()
        allocator.reserve("foo")
        allocator.reserve("foo-2")
        #expect(allocator.allocate("foo") == "foo-1")
        #expect(allocator.allocate("foo") == "foo-3")
        #expect(allocator.allocate("bar") == "bar")
        #expect(allocator.allocate("bar") == "bar-1")
        let long = String(repeating: "y", count: 64)
        #expect(allocator.allocate(long) == long)
        let suffixed = allocator.allocate(long)
        #expect(suffixed.count == 64 && suffixed.hasSuffix("-1"))
    }

    @Test func hundredThousandIdenticalTitlesAreUniqueAndLinear() throws {
        var text = ""
        for _ in 0..<100_000 { text += "## Same\n" }
        let outline = Outline(try Document(bytes(text)))
        #expect(outline.sections.count == 100_000)
        #expect(Set(outline.sections.map(\.id)).count == 100_000)
        #expect(outline.sections[0].id == "same" && outline.sections[99_999].id == "same-99999")
    }
}

@Suite("Reference definitions before a setext heading")
struct ReferenceDefinitionTests {
    /// Generated paragraphs of definition-like lines followed by a title and an underline. cmark itself
    /// is the judge: the heading text cmark reports must be exactly the lines outline says the heading
    /// starts at, joined by spaces.
    @Test func firstTextLineAgreesWithCmark() throws {
        let pieces = ["[a]: /u", "[b]: /u \"t\"", "[c]:", "/dest", "'title'", "\"open", "close\"", "[d]: /u 'x' junk",
                      "[e]: (x)", "(paren title)", "[]: /u", "[f] : /u", "[g]: /u", "  [h]: /u", "text line", "[i]: /a(b)c",
                      "[j]:/nospace", "\"t\" trailing", "[k]: /u \"a\\\"b\""]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<600 {
            let count = Int.random(in: 1...5, using: &generator)
            var lines = (0..<count).map { _ in pieces.randomElement(using: &generator)! }
            lines.append("Title here")
            let text = lines.joined(separator: "\n") + "\n===\n"
            let document = try Document(bytes(text))
            guard let heading = document.headings.first else { continue }
            let source = document.source
            let joined = (heading.firstLine..<heading.lastLine).map { line in
                String(decoding: source.content(line), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }.joined(separator: " ")
            let cmarkText = heading.text
            // Literal text except: `\"` unescapes to `"`, and `[x]` may become a link to an earlier
            // definition (printed without brackets), so brackets are left out of the comparison.
            let normalize = { (s: String) in s.replacingOccurrences(of: "\\\"", with: "\"").filter { $0 != "[" && $0 != "]" } }
            #expect(normalize(joined) == normalize(cmarkText), "\(text.debugDescription)")
            checked += 1
        }
        #expect(checked > 500)
    }
}

@Suite("Edits")
struct EditTests {
    @Test func appliesInOnePass() throws {
        var edits = EditList()
        edits.insert(bytes("B"), at: 3)
        edits.replace(0..<1, with: bytes("X"))
        edits.insert(bytes("C"), at: 3)
        edits.delete(4..<6)
        #expect(edits.apply(to: bytes("abcdefg")) == bytes("XbcBCdg"))
    }

    @Test func refusesOverlaps() {
        var edits = EditList()
        edits.replace(0..<3, with: [])
        edits.replace(2..<4, with: [])
        // Overlapping edits are a programmer error: `rewrite` stops on a precondition, found by this check.
        #expect(EditList.firstOverlap(edits.sortedEdits(), length: 6) == 2)
        var apart = EditList()
        apart.replace(0..<2, with: [])
        apart.replace(2..<4, with: [])
        #expect(EditList.firstOverlap(apart.sortedEdits(), length: 6) == nil)
        #expect(EditList.firstOverlap(apart.sortedEdits(), length: 3) == 2, "an edit past the end")
    }

    @Test func insertAndDeleteLinesUndoEachOther() throws {
        for text in ["# A\nbody\n", "# A", "# A\r\nbody", "x\r# A", ""] {
            let source = Source(bytes(text))
            guard source.lineCount > 0 else { continue }
            let last = source.lineCount - 1
            var insert = EditList()
            insert.insertLine(prefix: bytes("<!-- outline:a -->"), after: last, in: source)
            let inserted = insert.apply(to: source.bytes)
            let after = Source(inserted)
            #expect(after.lineCount == source.lineCount + 1)
            var delete = EditList()
            delete.deleteLines([last + 1], in: after)
            #expect(delete.apply(to: inserted) == source.bytes, "\(text.debugDescription)")
        }
    }
}

@Suite("Outline's own lines")
struct CommentTests {
    func parse(_ line: String) -> OutlineCommentParser.Parsed? {
        OutlineCommentParser.parse(Source(bytes(line)), line: 0)
    }

    @Test func records() throws {
        guard case .record(let r)? = parse("<!-- outline:install number=1.2 x -->") else { Issue.record("not a record"); return }
        #expect(r.id == "install" && r.problem == nil)
        #expect(r.attribute("number")?.value == "1.2")
        #expect(r.attributeTokens.map(\.text) == ["number=1.2", "x"])
        guard case .record(let idless)? = parse("   <!--outline:number=3-->  ") else { Issue.record("not a record"); return }
        #expect(idless.id == nil && idless.idToken == nil && idless.problem == nil)
        #expect(idless.attribute("number")?.value == "3")
        guard case .record(let bad)? = parse("<!-- outline:Bad -->") else { Issue.record("not a record"); return }
        #expect(bad.problem == .invalidID("Bad"))
        guard case .record(let open)? = parse("<!-- outline:x") else { Issue.record("not a record"); return }
        #expect(open.problem == .unclosed)
        guard case .record(let trailing)? = parse("<!-- outline:x --> text") else { Issue.record("not a record"); return }
        #expect(trailing.problem == .unclosed)
        guard case .record(let empty)? = parse("<!-- outline: -->") else { Issue.record("not a record"); return }
        #expect(empty.problem == .empty)
        #expect(parse("    <!-- outline:x -->") == nil, "four spaces of indent is code")
        #expect(parse("<!-- outlines:x -->") == nil)
        #expect(parse("<!-- other -->") == nil)
    }

    @Test func markers() {
        guard case .marker(let m)? = parse("<!-- outline-fold:install lines=3-9 hash=0badf00d hidden=a:3,b:4 -->") else {
            Issue.record("not a marker"); return
        }
        #expect(m.id == "install" && m.hiddenLines == 3...9 && m.hash == 0x0badf00d)
        #expect(m.hiddenSections.map(\.id) == ["a", "b"] && m.hiddenSections.map(\.level) == [3, 4])
        for bad in ["<!-- outline-fold:Bad lines=1-2 -->", "<!-- outline-fold:x -->", "<!-- outline-fold:x lines=5-2 -->",
                    "<!-- outline-fold:x lines=1-2 hash=zz -->", "<!-- outline-fold:x lines=1-2 hidden=a:9 -->"] {
            guard case .malformedMarker? = parse(bad) else { Issue.record("\(bad) accepted"); continue }
        }
    }
}

@Suite("Front matter")
struct FrontMatterTests {
    @Test(arguments: [
        ("---\ntitle: x\n---\n# A\n", 3),
        ("---\n# comment\n...\n# A\n", 3),
        ("---\n- item\n---\n", 3),
        ("---\n---\n# A\n", 2),
        ("\u{FEFF}---\nkey:\n---\n", 3),
        ("+++\ntitle = 1\n+++\n", 3),
        ("---\n\ntext\n---\n", 0),
        ("---\nhttp://example.com\n---\n", 0),
        ("---\ntitle: never closed\n", 0),
        ("text\n---\ntitle: x\n---\n", 0),
        ("--- \r\ntitle: x\r\n---\r\n", 3),
    ])
    func detection(_ text: String, _ lines: Int) {
        #expect(FrontMatter.lineCount(in: Source(bytes(text))) == lines, "\(text.debugDescription)")
    }

    @Test func frontMatterIsNeverParsedAsMarkdown() throws {
        let document = try Document(bytes("---\ntitle: x\n---\n# Real\n"))
        #expect(document.frontMatterLineCount == 3)
        #expect(document.headings.map(\.firstLine) == [3])
    }
}

@Suite("Content hash")
struct HashTests {
    /// Reference values of XXH32 with seed 0 (from the xxhash reference implementation).
    @Test(arguments: [
        ("", "02cc5d05"), ("a", "550d7456"), ("abc", "32d153ff"), ("0123456789abcdef", "c2c45b69"),
        ("The quick brown fox jumps over the lazy dog", "e85ea4de"),
    ])
    func knownValues(_ text: String, _ hex: String) {
        #expect(ContentHash.hex(ContentHash.hash(Array(text.utf8)[...])) == hex)
    }

    @Test func longInputAndSlices() {
        let bytes = [UInt8]((0..<768).map { UInt8($0 % 256) })
        #expect(ContentHash.hex(ContentHash.hash(bytes[...])) == "cdb946b1")
        // A slice hashes as its own bytes, wherever it starts.
        let padded = [UInt8](repeating: 7, count: 3) + bytes
        #expect(ContentHash.hash(padded[3...]) == ContentHash.hash(bytes[...]))
    }
}
