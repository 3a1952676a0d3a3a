import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `move` through the library (format.md §18), over an in-memory tree: the section's lines leave one
/// file and arrive in another with their anchors, levels shifted, the destination's line endings;
/// links anywhere in the tree follow, the moved text's own relative links are re-based.
@Suite("sections: move (library)")
struct SectionMoveTests {
    static func run(_ store: MemoryStore, _ operation: Run.SectionOperation, ifHash: String? = nil) throws -> Run.SectionChange {
        var request = Run.SectionRequest(operation)
        request.ifHash = ifHash
        return try Run(store: store, lifetime: .session()).sections(request)
    }

    /// The files as they read after `change`, the others as they were.
    static func apply(_ change: Run.SectionChange, to store: MemoryStore) {
        for (path, rewrite) in change.files { store.set(path, String(decoding: rewrite.output, as: UTF8.self)) }
    }

    static func text(_ change: Run.SectionChange, _ path: String) -> String? {
        change.files.first { $0.path == path }.map { String(decoding: $0.rewrite.output, as: UTF8.self) }
    }

    @Test func aSectionMovesToAnotherFileWithItsLinksFollowing() throws {
        let store = MemoryStore([
            "a.md": "# A\n<!-- outline:a -->\n\n## Install\n<!-- outline:install -->\n\nSee [b](b.md#b) and [use](#usage).\n\n### Linux\n<!-- outline:linux -->\n\nText.\n\n## Usage\n<!-- outline:usage -->\n\nUse [install](#install).\n",
            "b.md": "# B\n<!-- outline:b -->\n\nB text.\n",
            "docs/c.md": "# C\n<!-- outline:c -->\n\n[i](../a.md#install) [l](../a.md#linux) [u](../a.md#usage)\n",
        ])
        let change = try Self.run(store, .move(SectionAddress(path: "a.md", fragment: "install"), destination: "b.md", placement: .into, relativeTo: "b"))
        #expect(change.files.map(\.path) == ["a.md", "b.md", "docs/c.md"])
        #expect(Self.text(change, "a.md") == "# A\n<!-- outline:a -->\n\n## Usage\n<!-- outline:usage -->\n\nUse [install](b.md#install).\n")
        #expect(Self.text(change, "b.md") == "# B\n<!-- outline:b -->\n\nB text.\n\n## Install\n<!-- outline:install -->\n\nSee [b](#b) and [use](a.md#usage).\n\n### Linux\n<!-- outline:linux -->\n\nText.\n")
        #expect(Self.text(change, "docs/c.md") == "# C\n<!-- outline:c -->\n\n[i](../b.md#install) [l](../b.md#linux) [u](../a.md#usage)\n")
        #expect(change.section?.path == "b.md" && change.section?.line == 6)
        #expect(change.diagnostics.isEmpty, "\(change.diagnostics)")
    }

    /// `PATH#ID` (as "path#id") moved to the end of `destination`, or `placement` a section there.
    static func move(_ store: MemoryStore, _ address: String, to destination: String, _ placement: SectionPlacement? = nil, _ relativeTo: String? = nil) throws -> Run.SectionChange {
        try run(store, .move(try SectionAddress(parsing: address), destination: destination, placement: placement, relativeTo: relativeTo))
    }

    static func refusal(_ store: MemoryStore, _ operation: Run.SectionOperation) -> Diagnostic? {
        do { _ = try run(store, operation); return nil } catch { return error as? Diagnostic }
    }

    @Test func withinAFileASectionMovesBeforeAfterAndInto() throws {
        let store = MemoryStore(["a.md": "# T\n\n## One\n\nSee [three](#three).\n\n## Two\n\n### Two A\n\n## Three\n\nEnd.\n"])
        func moved(_ placement: SectionPlacement?, _ relativeTo: String?, _ id: String = "three") throws -> String? {
            Self.text(try Self.run(store, .move(SectionAddress(path: "a.md", fragment: id), destination: "a.md", placement: placement, relativeTo: relativeTo)), "a.md")
        }
        // The moved section is pinned first; the one it ended the file with keeps its bytes.
        #expect(try moved(.before, "one") == "# T\n\n## Three\n<!-- outline:three -->\n\nEnd.\n\n## One\n\nSee [three](#three).\n\n## Two\n\n### Two A\n")
        #expect(try moved(.into, "two-a") == "# T\n\n## One\n\nSee [three](#three).\n\n## Two\n\n### Two A\n\n#### Three\n<!-- outline:three -->\n\nEnd.\n")
        #expect(try moved(.after, "one", "two-a") == "# T\n\n## One\n\nSee [three](#three).\n\n## Two-a\n<!-- outline:two-a -->\n\n## Two\n\n## Three\n\nEnd.\n".replacingOccurrences(of: "Two-a", with: "Two A"))
        // Nowhere inside itself, nor past level 6.
        #expect(Self.refusal(store, .move(SectionAddress(path: "a.md", fragment: "two"), destination: "a.md", placement: .into, relativeTo: "two-a"))?.kind == .refused)
        let deep = MemoryStore(["a.md": "# A\n\n## B\n\n### C\n\n#### D\n\n##### E\n\n###### F\n\n# G\n\n## H\n"])
        let tooDeep = Self.refusal(deep, .move(SectionAddress(path: "a.md", fragment: "g"), destination: "a.md", placement: .into, relativeTo: "e"))
        #expect(tooDeep?.kind == .refused && tooDeep?.message.contains("level 7") == true && tooDeep?.path == "a.md")
    }

    @Test func anIDTheDestinationHasIsRefusedAndUnanchoredSubsectionsGetFreeIDs() throws {
        let store = MemoryStore([
            "a.md": "# A\n\n## Setup\n<!-- outline:setup -->\n\n### Notes\n\nx\n",
            "b.md": "# B\n\n## Notes\n<!-- outline:notes -->\n",
            "c.md": "# C\n\n## Setup\n<!-- outline:setup -->\n",
        ])
        let clash = Self.refusal(store, .move(SectionAddress(path: "a.md", fragment: "setup"), destination: "c.md", placement: nil, relativeTo: nil))
        #expect(clash?.kind == .refused && clash?.subject == .section("setup") && clash?.path == "c.md")
        let change = try Self.run(store, .move(SectionAddress(path: "a.md", fragment: "setup"), destination: "b.md", placement: nil, relativeTo: nil))
        #expect(Self.text(change, "b.md") == "# B\n\n## Notes\n<!-- outline:notes -->\n\n## Setup\n<!-- outline:setup -->\n\n### Notes\n<!-- outline:notes-1 -->\n\nx\n")
        #expect(Self.text(change, "a.md") == "# A\n")
    }

    @Test func theDestinationsLineEndingsBOMAndFrontMatter() throws {
        let store = MemoryStore([
            "a.md": "---\ntitle: A\n---\n# A\r\n\r\n## Move me\r\n<!-- outline:move-me -->\r\n\r\nBody [a](#a).\r\n",
            "b.md": "\u{FEFF}---\ntitle: B\n---\n",
        ])
        let change = try Self.run(store, .move(SectionAddress(path: "a.md", fragment: "move-me"), destination: "b.md", placement: nil, relativeTo: nil))
        #expect(Self.text(change, "a.md") == "---\ntitle: A\n---\n# A\r\n")
        #expect(Self.text(change, "b.md") == "\u{FEFF}---\ntitle: B\n---\n\n## Move me\n<!-- outline:move-me -->\n\nBody [a](a.md#a).\n")
    }

    @Test func mdxGetsOutlinesLinesInItsOwnSyntax() throws {
        let store = MemoryStore([
            "a.md": "# A\n\n## Part\n<!-- outline:part -->\n\nText.\n\n## Commented\n<!-- outline:commented -->\n\n<!-- a note -->\n",
            "b.mdx": "# B\n{/* outline:b */}\n",
        ])
        let change = try Self.run(store, .move(SectionAddress(path: "a.md", fragment: "part"), destination: "b.mdx", placement: .into, relativeTo: "b"))
        #expect(Self.text(change, "b.mdx") == "# B\n{/* outline:b */}\n\n## Part\n{/* outline:part */}\n\nText.\n")
        let back = MemoryStore(["a.md": "# A\n", "b.mdx": Self.text(change, "b.mdx")!])
        #expect(Self.text(try Self.run(back, .move(SectionAddress(path: "b.mdx", fragment: "part"), destination: "a.md", placement: nil, relativeTo: nil)), "a.md")
                == "# A\n\n## Part\n<!-- outline:part -->\n\nText.\n")
        let comment = Self.refusal(store, .move(SectionAddress(path: "a.md", fragment: "commented"), destination: "b.mdx", placement: nil, relativeTo: nil))
        #expect(comment?.kind == .refused && comment?.line == 11)
    }

    @Test func aSetextHeadingPastLevelTwoBecomesATX() throws {
        let store = MemoryStore(["a.md": "Top\n===\n\nSub\n---\n<!-- outline:sub -->\n\nx\n\nOther\n-----\n"])
        let change = try Self.run(store, .move(SectionAddress(path: "a.md", fragment: "sub"), destination: "a.md", placement: .into, relativeTo: "other"))
        #expect(Self.text(change, "a.md") == "Top\n===\n\nOther\n-----\n\n### Sub\n<!-- outline:sub -->\n\nx\n")
        // Up to level 1, after Top and its subsections: the underline's characters change, its length stays.
        let promoted = try Self.run(store, .move(SectionAddress(path: "a.md", fragment: "sub"), destination: "a.md", placement: .after, relativeTo: "top"))
        #expect(Self.text(promoted, "a.md") == "Top\n===\n\nOther\n-----\n\nSub\n===\n<!-- outline:sub -->\n\nx\n")
        let lines = MemoryStore(["a.md": "# T\n\nTwo\nlines\n---\n<!-- outline:two -->\n\n## U\n"])
        #expect(Self.refusal(lines, .move(SectionAddress(path: "a.md", fragment: "two"), destination: "a.md", placement: .into, relativeTo: "u"))?.kind == .refused)
    }

    /// A setext heading's text line under a paragraph line would continue that paragraph: the heading
    /// would merge with it ("text Title"), and its title is not one verification holds a moved section
    /// to. A blank line keeps them apart, and travels back with the section.
    @Test func aSetextHeadingNeverLandsUnderAParagraphLine() throws {
        let store = MemoryStore([
            "s.md": "Title\n=====\n<!-- outline:title -->\n\nBody.\n",
            "d.md": "# D\n<!-- outline:d -->\n\nText.\n",
            "e.md": "# E\n<!-- outline:e -->\n\nText.\n## Next\n<!-- outline:next -->\n",
            "f.md": "# F\n<!-- outline:f -->\n\n```\ncode\n```\nNext\n----\n<!-- outline:next -->\n",
            "g.md": "# G\n<!-- outline:g -->\n\n## M\n<!-- outline:m -->\nText.\n## N\n<!-- outline:n -->\n",
        ])
        let atEnd = try Self.move(store, "s.md#title", to: "d.md")
        #expect(Self.text(atEnd, "d.md") == "# D\n<!-- outline:d -->\n\nText.\n\nTitle\n=====\n<!-- outline:title -->\n\nBody.\n")
        let before = try Self.move(store, "s.md#title", to: "e.md", .before, "next")
        #expect(Self.text(before, "e.md") == "# E\n<!-- outline:e -->\n\nText.\n\nTitle\n-----\n<!-- outline:title -->\n\nBody.\n## Next\n<!-- outline:next -->\n")
        // Above a setext heading, the moved text's last paragraph would take its text line.
        let above = try Self.move(store, "g.md#m", to: "f.md", .before, "next")
        #expect(Self.text(above, "f.md") == "# F\n<!-- outline:f -->\n\n```\ncode\n```\n## M\n<!-- outline:m -->\nText.\n\nNext\n----\n<!-- outline:next -->\n")
        // To the end of another file and back: the original bytes.
        Self.apply(atEnd, to: store)
        let back = try Self.move(store, "d.md#title", to: "s.md")
        #expect(Self.text(back, "s.md") == "Title\n=====\n<!-- outline:title -->\n\nBody.\n")
        #expect(Self.text(back, "d.md") == "# D\n<!-- outline:d -->\n\nText.\n")
    }

    /// A relative link of the moved text that names the same file from its new place keeps its bytes
    /// (`./c.md` between two files of one directory), so that moving back gives them back; one to
    /// the file it lands in becomes a same-file link.
    @Test func aLinkThatStillResolvesFromTheNewPlaceKeepsItsBytes() throws {
        let store = MemoryStore([
            "a.md": "# A\n<!-- outline:a -->\n\n## Part\n<!-- outline:part -->\n\nSee [c](./c.md), [up](../x.md) and [b](b.md#b).\n",
            "b.md": "# B\n<!-- outline:b -->\n",
            "c.md": "# C\n",
            "docs/d.md": "# D\n<!-- outline:d -->\n",
        ])
        let there = try Self.move(store, "a.md#part", to: "b.md")
        #expect(Self.text(there, "b.md") == "# B\n<!-- outline:b -->\n\n## Part\n<!-- outline:part -->\n\nSee [c](./c.md), [up](../x.md) and [b](#b).\n")
        let deeper = try Self.move(store, "a.md#part", to: "docs/d.md")
        #expect(Self.text(deeper, "docs/d.md") == "# D\n<!-- outline:d -->\n\n## Part\n<!-- outline:part -->\n\nSee [c](../c.md), [up](../../x.md) and [b](../b.md#b).\n")
    }

    /// A reference link parted from its definition by a move would be text in its new file (or in
    /// the old one, for a definition that leaves with the section): refused, nothing written, the
    /// destinations named. A section that holds its own definitions moves.
    @Test func aMoveThatPartsReferenceLinksFromTheirDefinitionsIsRefused() throws {
        let store = MemoryStore([
            "a.md": "# A\n<!-- outline:a -->\n\nSee [tool].\n\n## Uses\n<!-- outline:uses -->\n\nRun [tool] and [own].\n\n[own]: own.md\n\n## Defines\n<!-- outline:defines -->\n\nText.\n\n[tool]: tool.md#use\n",
            "b.md": "# B\n<!-- outline:b -->\n",
        ])
        for id in ["uses", "defines"] {
            let refusal = Self.refusal(store, .move(SectionAddress(path: "a.md", fragment: id), destination: "b.md", placement: nil, relativeTo: nil))
            #expect(refusal?.kind == .refused && refusal?.path == "a.md" && refusal?.subject == .link("tool.md#use"), "\(id): \(String(describing: refusal))")
        }
        let own = MemoryStore(["a.md": "# A\n<!-- outline:a -->\n\n## Own\n<!-- outline:own -->\n\nRun [it].\n\n[it]: https://example.com/it\n", "b.md": "# B\n"])
        let change = try Self.move(own, "a.md#own", to: "b.md")
        #expect(Self.text(change, "b.md") == "# B\n\n## Own\n<!-- outline:own -->\n\nRun [it].\n\n[it]: https://example.com/it\n")
    }

    @Test func aFoldedViewIsRefused() {
        let store = MemoryStore(["a.md": "# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=3-4 hash=00000000 -->\n", "b.md": "# B\n"])
        #expect(Self.refusal(store, .move(SectionAddress(path: "b.md", fragment: "b"), destination: "a.md", placement: nil, relativeTo: nil))?.kind == .foldedView)
    }
}
