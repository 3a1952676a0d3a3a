import Testing
import OutlineTestHelpers
import OutlineTestSupport
@testable import OutlineCore

/// A page's units outside its sections and the page record that dates them (format.md §2, §17): the
/// preamble and the translated front-matter values, hashed by the section rule, recorded in one line
/// at the end of the file that nothing else reads.
@Suite("translations: page units")
struct PageUnitTests {
    let keys = TranslationLayout.defaultFrontMatter

    let page = """
    ---
    title: Traces
    description: >-
      The path of a request
      through your application
    weight: 1
    ---

    **Traces** give us the big picture.

    ## Spans
    <!-- outline:spans -->

    A span is a unit of work.

    """

    func units(_ text: String) throws -> PageUnits { PageUnits(try Outline(parsing: bytes(text)), keys: keys) }

    /// The preamble's hash is the section rule's without a heading; a front-matter value's is the
    /// value as YAML or TOML reads it, whatever its quoting or folding.
    @Test func unitsHashByTheSectionRule() throws {
        let base = try units(page)
        #expect(base.units.map(\.unit) == [.frontMatter("title"), .frontMatter("description"), .preamble])
        #expect(base[.preamble]?.hash == ContentHash.hash(bytes("**Traces** give us the big picture.\n")[...]))
        #expect(base[.frontMatter("description")]?.hash == ContentHash.hash(bytes("The path of a request through your application\n")[...]))
        #expect(base[.frontMatter("title")]?.line == 2)
        // No change: quoting, blank lines and trailing blanks in the preamble, an anchor or a record
        // there, the values of keys not tracked, CRLF.
        for same in [page.replacingAll("title: Traces", with: "title: \"Traces\""),
                     page.replacingAll("**Traces** give us the big picture.\n", with: "\n**Traces** give us the big picture.   \n\n\n"),
                     page.replacingAll("weight: 1", with: "weight: 2"),
                     page.replacingAll("## Spans", with: "<!-- outline:toc -->\n<!-- outline:toc end -->\n\n## Spans"),
                     page.replacingAll("\n", with: "\r\n")] {
            let other = try units(same)
            #expect(other.units.map(\.hash) == base.units.map(\.hash), "\(same)")
        }
        let toml = try units("+++\ntitle = \"Traces\"\n+++\n\n# T\n")
        #expect(toml[.frontMatter("title")]?.hash == base[.frontMatter("title")]?.hash)
        #expect(toml[.preamble] == nil)
        // A change: a word of the preamble, of the title.
        #expect(try units(page.replacingAll("big picture", with: "whole picture"))[.preamble]?.hash != base[.preamble]?.hash)
        #expect(try units(page.replacingAll("title: Traces", with: "title: Tracing"))[.frontMatter("title")]?.hash != base[.frontMatter("title")]?.hash)
    }

    /// `stamp` writes the page record as the file's last line after a blank one, in every line-ending
    /// variant; `id --strip` gives back the original bytes; a second stamp rewrites the values in place.
    @Test(arguments: Variant.allCases)
    func theRecordEndsTheFileAndStripRemovesIt(_ variant: Variant) throws {
        let original = variant.apply(bytes("Intro.\n\n# Title\n\nBody.\n"))
        let outline = try Outline(parsing: original)
        let stamped = try TranslationStamp.apply(outline, stamps: [:], page: [(.preamble, 0x1f3a9c2e), (.frontMatter("title"), nil)])
        let ending = variant == .crlf ? "\r\n" : "\n"
        let text = String(decoding: stamped.output, as: UTF8.self)
        #expect(text.hasSuffix(variant == .noFinalNewline ? "Body.\n\n<!-- outline-page:preamble=1f3a9c2e title=none -->"
                                                          : "Body.\(ending)\(ending)<!-- outline-page:preamble=1f3a9c2e title=none -->\(ending)"), "\(text)")
        let again = try Outline(parsing: stamped.output)
        #expect(again.pageRecord?.stamp("preamble") == .hash(0x1f3a9c2e))
        #expect(again.pageRecord?.stamp("title") == .local)
        #expect(again.sections.map(\.title) == ["Title"])
        #expect(StructureFindings.of(again, path: "x.md").isEmpty == false)   // the heading has no anchor; nothing about the record
        #expect(!StructureFindings.of(again, path: "x.md").contains { $0.kind == .orphanAnchor || $0.kind == .malformedAnchor })
        #expect(try PinIDs.strip(again).output == original, "\(variant)")
        // In place: one value replaced, one added, the other kept.
        let restamped = try TranslationStamp.apply(again, stamps: [:], page: [(.preamble, 0xabcdef01), (.frontMatter("description"), 7)])
        #expect(String(decoding: restamped.output, as: UTF8.self).contains("<!-- outline-page:preamble=abcdef01 title=none description=00000007 -->"))
        #expect(restamped.output.count == stamped.output.count + " description=00000007".utf8.count)
    }

    /// A record elsewhere than the last line is not read, and `check` says so; a malformed one too.
    @Test func aRecordIsReadOnlyAtTheEnd() throws {
        let misplaced = try Outline(parsing: bytes("<!-- outline-page:preamble=1f3a9c2e -->\n\n# T\n<!-- outline:t -->\n"))
        #expect(misplaced.pageRecord == nil)
        let found = StructureFindings.of(misplaced, path: "x.md")
        #expect(found.map(\.kind) == [.orphanAnchor] && found.first?.line == 1, "\(found)")
        let blanksAfter = try Outline(parsing: bytes("# T\n<!-- outline:t -->\n\n<!-- outline-page:preamble=1f3a9c2e -->\n\n\n"))
        #expect(blanksAfter.pageRecord?.stamp("preamble") == .hash(0x1f3a9c2e))
        let malformed = try Outline(parsing: bytes("# T\n<!-- outline:t -->\n\n<!-- outline-page:preamble=1f3a9c2e oops -->\n"))
        #expect(malformed.pageRecord?.problem == .notAnAttribute("oops"))
        #expect(malformed.pageRecord?.stamp("preamble") == nil)
        #expect(StructureFindings.of(malformed, path: "x.md").map(\.kind) == [.malformedAnchor])
        #expect(throws: Diagnostic.self) { try TranslationStamp.apply(malformed, stamps: [:], page: [(.preamble, 1)]) }
        // The record is outline's own line: not in the last section's hash.
        let plain = try Outline(parsing: bytes("# T\n<!-- outline:t -->\n\nBody.\n"))
        let recorded = try Outline(parsing: bytes("# T\n<!-- outline:t -->\n\nBody.\n\n<!-- outline-page:preamble=1f3a9c2e -->\n"))
        #expect(SectionContent(plain).hash(of: 0) == SectionContent(recorded).hash(of: 0))
    }

    /// A file that ends inside a fenced code block would take the record in as code: refused.
    @Test func aRecordThatWouldNotBeReadIsRefused() throws {
        let outline = try Outline(parsing: bytes("Intro.\n\n# T\n\n```sh\nmake\n"))
        #expect(throws: Diagnostic.self) { try TranslationStamp.apply(outline, stamps: [:], page: [(.preamble, 1)]) }
    }

    /// In MDX the record is a JavaScript comment like every outline line.
    @Test func mdxSpellsTheRecordAsAnExpression() throws {
        var dialect = Dialect.commonMark
        dialect.mdx = true
        let outline = try Outline(parsing: bytes("Intro.\n\n# T\n"), dialect: dialect)
        let stamped = try TranslationStamp.apply(outline, stamps: [:], page: [(.preamble, 0x1f3a9c2e)])
        #expect(String(decoding: stamped.output, as: UTF8.self) == "Intro.\n\n# T\n\n{/* outline-page:preamble=1f3a9c2e */}\n")
        #expect(try Outline(parsing: stamped.output, dialect: dialect).pageRecord?.stamp("preamble") == .hash(0x1f3a9c2e))
    }

    /// Each page unit's status, from the record and what each side has (format.md §17).
    @Test func pageUnitStatuses() throws {
        let source = try Outline(parsing: bytes("---\ntitle: Traces\ndescription: Paths\nlinkTitle: T\n---\n\nIntro.\n\n# T\n<!-- outline:t -->\n"))
        let units = PageUnits(source, keys: keys)
        let title = units[.frontMatter("title")]!.hash, preamble = units[.preamble]!.hash
        // title recorded as now (fresh), description recorded otherwise (stale), linkTitle absent in
        // the translation (missing), the preamble not recorded (untracked), a key only the
        // translation has, recorded none (local).
        let translation = try Outline(parsing: bytes("""
        ---
        title: トレース
        description: 経路
        ---

        はじめに。

        # T
        <!-- outline:t source=00000000 -->

        <!-- outline-page:title=\(ContentHash.hex(title)) description=00000001 -->

        """))
        var statuses: [String: TranslationState] = [:]
        for unit in TranslationStatus.compare(source: source, translation: translation, keys: keys) { statuses[unit.id ?? "?"] = unit.status }
        #expect(statuses == ["@title": .fresh, "@description": .stale, "@linkTitle": .missing, "@preamble": .untracked, "t": .stale])
        let local = try Outline(parsing: bytes("Note.\n\n# T\n<!-- outline:t -->\n\n<!-- outline-page:preamble=none -->\n"))
        let noPreamble = try Outline(parsing: bytes("# T\n<!-- outline:t -->\n"))
        #expect(TranslationStatus.compare(source: noPreamble, translation: local, keys: []).first { $0.unit == .preamble }?.status == .local)
        let orphaned = try Outline(parsing: bytes("Note.\n\n# T\n<!-- outline:t -->\n\n<!-- outline-page:preamble=\(ContentHash.hex(preamble)) -->\n"))
        #expect(TranslationStatus.compare(source: noPreamble, translation: orphaned, keys: []).first { $0.unit == .preamble }?.status == .orphaned)
        // A page without a heading is its page units alone.
        let headingless = try Outline(parsing: bytes("---\ntitle: Hi\n---\n\nMore than 40 vendors.\n"))
        let translated = try Outline(parsing: bytes("---\ntitle: やあ\n---\n\n40 以上のベンダー。\n\n<!-- outline-page:title=\(ContentHash.hex(PageUnits(headingless, keys: keys)[.frontMatter("title")]!.hash)) preamble=\(ContentHash.hex(PageUnits(headingless, keys: keys)[.preamble]!.hash)) -->\n"))
        let changed = try Outline(parsing: bytes("---\ntitle: Hi\n---\n\nMore than 90 vendors.\n"))
        #expect(TranslationStatus.compare(source: headingless, translation: translated, keys: keys).map(\.status) == [.fresh, .fresh])
        #expect(TranslationStatus.compare(source: changed, translation: translated, keys: keys).map { "\($0.id!) \($0.status)" } == ["@title fresh", "@preamble stale"])
    }

    /// `--set-base`: the base key's value replaced (a comment kept) or the key added before the
    /// closing delimiter; nothing else changes.
    @Test func theBaseKeyIsWrittenInPlace() throws {
        let recorded = try Outline(parsing: bytes("---\ntitle: T\ndefault_lang_commit: abc123 # patched\ndrifted_from_default: true\n---\n\n# T\n"))
        let set = try BaseKey.set("default_lang_commit", to: "0123456789abcdef0123456789abcdef01234567", in: recorded)
        #expect(String(decoding: set.output, as: UTF8.self) == "---\ntitle: T\ndefault_lang_commit: 0123456789abcdef0123456789abcdef01234567 # patched\ndrifted_from_default: true\n---\n\n# T\n")
        let missing = try Outline(parsing: bytes("---\r\ntitle: T\r\n---\r\n\r\n# T\r\n"))
        let added = try BaseKey.set("default_lang_commit", to: "abc", in: missing)
        #expect(String(decoding: added.output, as: UTF8.self) == "---\r\ntitle: T\r\ndefault_lang_commit: abc\r\n---\r\n\r\n# T\r\n")
        let toml = try Outline(parsing: bytes("+++\ntitle = \"T\"\n+++\n\n# T\n"))
        #expect(String(decoding: try BaseKey.set("sourceCommit", to: "abc", in: toml).output, as: UTF8.self) == "+++\ntitle = \"T\"\nsourceCommit = \"abc\"\n+++\n\n# T\n")
        let same = try BaseKey.set("default_lang_commit", to: "abc123", in: recorded)
        #expect(same.rewrite.isIdentity)
        let none = try BaseKey.set("default_lang_commit", to: "abc", in: try Outline(parsing: bytes("# T\n")))
        #expect(none.rewrite.isIdentity && none.diagnostics.count == 1)
    }
}
