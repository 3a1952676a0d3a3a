import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `show`, `replace`, `insert` and `rename` through the library (format.md §18), over in-memory trees.
@Suite("sections: show, replace, insert, rename (library)")
struct SectionEditTests {
    let tree = MemoryStore([
        "a.md": "# Guide\n<!-- outline:guide -->\n\nIntro.\n\n## Install\n<!-- outline:install -->\n\nRun it.\n\n### Linux\n<!-- outline:linux -->\n\nApt.\n\n## Usage\n<!-- outline:usage -->\n\nSee [install](#install).\n",
        "b.md": "# B\n\n[i](a.md#install) [l](a.md#linux) [u](a.md#usage)\n",
    ])

    func run(_ operation: Run.SectionOperation, ifHash: String? = nil, store: MemoryStore? = nil) throws -> Run.SectionChange {
        try SectionMoveTests.run(store ?? tree, operation, ifHash: ifHash)
    }

    func text(_ change: Run.SectionChange, _ path: String) -> String? { SectionMoveTests.text(change, path) }

    @Test func showGivesTheSectionsBytesAndAHashOfThem() throws {
        let run = Run(store: tree, lifetime: .session())
        let (sections, warnings) = try run.show([SectionAddress(path: "a.md", fragment: "install")])
        #expect(warnings.isEmpty)
        let install = try #require(sections.first)
        #expect(String(decoding: install.bytes, as: UTF8.self) == "## Install\n<!-- outline:install -->\n\nRun it.\n\n### Linux\n<!-- outline:linux -->\n\nApt.\n\n")
        #expect(install.line == 6 && install.endLine == 15 && install.level == 2 && install.title == "Install")
        #expect(install.hash == SectionText.hash(of: install.bytes) && install.hash.count == 16)
        let shallow = try run.show([SectionAddress(path: "a.md", fragment: "install")], shallow: true).sections[0]
        #expect(String(decoding: shallow.bytes, as: UTF8.self) == "## Install\n<!-- outline:install -->\n\nRun it.\n\n")
        #expect(shallow.hash != install.hash)
        // One byte more in the section: another hash.
        let store = MemoryStore(["a.md": "# T\n\n## Install\n<!-- outline:install -->\n\nRun it!\n"])
        #expect(try Run(store: store, lifetime: .session()).show([SectionAddress(path: "a.md", fragment: "install")]).sections[0].hash
                != SectionText.hash(of: Array("## Install\n<!-- outline:install -->\n\nRun it.\n".utf8)[...]))
        #expect(install.json.compact().hasPrefix("{\"id\": \"install\", \"title\": \"Install\", \"level\": 2, \"path\": \"a.md\", \"line\": 6, \"end_line\": 15, \"hash\": "))
    }

    @Test func aSlugIsReadAsItsSectionAndSaid() throws {
        let store = MemoryStore(["a.md": "# T\n\n## Getting Started\n<!-- outline:start -->\n\nGo.\n\n## Plain Heading\n\nNo anchor.\n"])
        let run = Run(store: store, lifetime: .session())
        let (found, warnings) = try run.show([SectionAddress(path: "a.md", fragment: "getting-started"), SectionAddress(path: "a.md", fragment: "plain-heading")])
        #expect(found.map(\.id) == ["start", "plain-heading"])
        #expect(warnings.map(\.subject) == [.section("start")] && warnings[0].path == "a.md" && warnings[0].line == 3)
        #expect(throws: Diagnostic.self) { try run.show([SectionAddress(path: "a.md", fragment: "strat")]) }
        do { _ = try run.show([SectionAddress(path: "a.md", fragment: "strat")]) } catch let error as Diagnostic {
            #expect(error.kind == .unknownID && error.path == "a.md" && error.message.contains("'start'"))
        }
        #expect(try SectionAddress(parsing: "docs/a b.md#caf%C3%A9") == SectionAddress(path: "docs/a b.md", fragment: "café"))
        #expect(throws: Diagnostic.self) { try SectionAddress(parsing: "a.md") }
    }

    @Test func replaceWithAHeadingRenamesAndKeepsTheID() throws {
        let change = try run(.replace(SectionAddress(path: "a.md", fragment: "install"), text: Array("# Installing\n\nRun it twice.\n\n## On Linux\n<!-- outline:linux -->\n\nApt.\n\n\n".utf8), allowRemoved: []))
        // The heading keeps the section's level and gets its anchor; the blank line after the section stays.
        #expect(text(change, "a.md") == "# Guide\n<!-- outline:guide -->\n\nIntro.\n\n## Installing\n<!-- outline:install -->\n\nRun it twice.\n\n### On Linux\n<!-- outline:linux -->\n\nApt.\n\n## Usage\n<!-- outline:usage -->\n\nSee [install](#installing).\n")
        #expect(text(change, "b.md") == "# B\n\n[i](a.md#installing) [l](a.md#on-linux) [u](a.md#usage)\n")
        #expect(change.section?.id == "install" && change.section?.title == "Installing" && change.removed.isEmpty)
    }

    @Test func replaceWithoutAHeadingIsTheBody() throws {
        let change = try run(.replace(SectionAddress(path: "a.md", fragment: "usage"), text: Array("\nNew body, [back](#guide).\r\n\r\n### Tips\r\n\r\nTip.\r\n".utf8), allowRemoved: []))
        // New headings get the ID `id` would give; the input's CRLF becomes the file's LF.
        #expect(text(change, "a.md")?.hasSuffix("## Usage\n<!-- outline:usage -->\n\nNew body, [back](#guide).\n\n### Tips\n<!-- outline:tips -->\n\nTip.\n") == true)
        #expect(change.files.map(\.path) == ["a.md"])
    }

    @Test func replaceRefusesForeignAnchorsAndLinkedRemovals() throws {
        func refusal(_ input: String, allow: [RemovalPattern] = []) -> Diagnostic? {
            do { _ = try run(.replace(SectionAddress(path: "a.md", fragment: "install"), text: Array(input.utf8), allowRemoved: allow)); return nil } catch { return error as? Diagnostic }
        }
        let foreign = refusal("## Install\n<!-- outline:usage -->\n\nx\n")
        #expect(foreign?.kind == .refused && foreign?.subject == .section("usage") && foreign?.path == Run.standardInput && foreign?.line == 2)
        #expect(refusal("## Install\n\nx\n\n## Another\n\ny\n")?.kind == .refused)
        // `linux` is linked from b.md: leaving it out is refused, unless accepted.
        let dropped = refusal("## Install\n\nOnly text.\n")
        #expect(dropped?.kind == .refused && dropped?.subject == .section("linux") && dropped?.path == "a.md" && dropped?.message.contains("b.md:3") == true)
        // The acceptance it names is the PATH#ID form, which matches in that file only.
        #expect(dropped?.message.hasSuffix("--allow-removed a.md#linux") == true, "\(String(describing: dropped))")
        let accepted = try run(.replace(SectionAddress(path: "a.md", fragment: "install"), text: Array("## Install\n\nOnly text.\n".utf8), allowRemoved: [RemovalPattern("a.md#lin*", origin: .commandLine)!]))
        #expect(accepted.removed == ["linux"])
        // The link to the removed section cannot be repaired: said, left as it is.
        #expect(text(accepted, "b.md") == nil && accepted.diagnostics.contains { $0.subject == .link("a.md#linux") && $0.path == "b.md" })
    }

    @Test func ifHashRefusesASectionThatChanged() throws {
        let read = try Run(store: tree, lifetime: .session()).show([SectionAddress(path: "a.md", fragment: "install")]).sections[0]
        let ok = try run(.rename(SectionAddress(path: "a.md", fragment: "install"), title: "Setup"), ifHash: read.hash)
        #expect(text(ok, "a.md")?.contains("## Setup\n") == true)
        #expect(ok.section?.hash != read.hash)
        do {
            _ = try run(.rename(SectionAddress(path: "a.md", fragment: "install"), title: "Setup"), ifHash: "0000000000000000")
            Issue.record("a stale hash was accepted")
        } catch let error as Diagnostic {
            #expect(error.kind == .changedOriginal && error.path == "a.md" && error.line == 6 && error.message.contains(read.hash))
        }
    }

    @Test func insertAllocatesIDsAsIDWouldAndKeepsLinksOnTheirSections() throws {
        // A new "Install" before the old one takes its slug (github's profile), and its "Usage" the
        // old "Usage"'s: links follow the old ones.
        let change = try run(.insert(path: "a.md", placement: .before, relativeTo: "install", text: Array("# Install\n\nThe new one.\n\n## Usage\n\nNested.\n".utf8)))
        let a = try #require(text(change, "a.md"))
        #expect(a.contains("Intro.\n\n## Install\n<!-- outline:install-1 -->\n\nThe new one.\n\n### Usage\n<!-- outline:usage-1 -->\n\nNested.\n\n## Install\n<!-- outline:install -->\n"))
        #expect(a.hasSuffix("See [install](#install-1).\n"))
        #expect(text(change, "b.md") == "# B\n\n[i](a.md#install-1) [l](a.md#linux) [u](a.md#usage-1)\n")
        #expect(change.section?.id == "install-1" && change.section?.level == 2)
        // After a section and its subsections; into one, as its last subsection.
        let after = try #require(text(try run(.insert(path: "a.md", placement: .after, relativeTo: "install", text: Array("## Notes\n".utf8))), "a.md"))
        #expect(after.contains("Apt.\n\n## Notes\n<!-- outline:notes -->\n\n## Usage\n"))
        let into = try #require(text(try run(.insert(path: "a.md", placement: .into, relativeTo: "usage", text: Array("# Last\n".utf8))), "a.md"))
        #expect(into.hasSuffix("See [install](#install).\n\n### Last\n<!-- outline:last -->\n"))
        #expect(throws: Diagnostic.self) { try run(.insert(path: "a.md", placement: .after, relativeTo: "install", text: Array("## X\n<!-- outline:x -->\n".utf8))) }
        #expect(throws: Diagnostic.self) { try run(.insert(path: "a.md", placement: .after, relativeTo: "install", text: Array("Text first.\n\n## X\n".utf8))) }
    }

    /// Into an MDX file, an HTML comment is refused as `move` refuses it (MDX rejects `<!--`); an
    /// anchor line of the input is outline's own and is respelled.
    @Test func replaceAndInsertIntoMDXRefuseHTMLComments() throws {
        let store = MemoryStore(["p.mdx": "# A\n{/* outline:a */}\n\n## B\n{/* outline:b */}\n\nText.\n"])
        let b = SectionAddress(path: "p.mdx", fragment: "b")
        for operation in [Run.SectionOperation.replace(b, text: Array("## B\n\nNew.\n\n<!-- a note -->\n".utf8), allowRemoved: []),
                          .insert(path: "p.mdx", placement: .after, relativeTo: "b", text: Array("## C\n\n<!-- a note -->\n".utf8))] {
            var refusal: Diagnostic? = nil
            do { _ = try run(operation, store: store) } catch { refusal = error as? Diagnostic }
            #expect(refusal?.kind == .refused && refusal?.message.contains("MDX") == true, "\(String(describing: refusal))")
        }
        let respelled = try run(.replace(b, text: Array("## B\n<!-- outline:b -->\n\nNew.\n".utf8), allowRemoved: []), store: store)
        #expect(text(respelled, "p.mdx") == "# A\n{/* outline:a */}\n\n## B\n{/* outline:b */}\n\nNew.\n")
    }

    @Test func renameKeepsTheIDAndLinksFollowTheNewSlug() throws {
        let store = MemoryStore([
            "a.md": "# T\n\n## 1 Install\n<!-- outline:install number=1 -->\n\n## Plain\n\nSee [plain](#plain).\n",
            "docs/b.md": "[i](../a.md#1-install) [p](../a.md#plain) [id](../a.md#install)\n",
        ])
        let change = try run(.rename(SectionAddress(path: "a.md", fragment: "install"), title: "Setting up"), store: store)
        #expect(text(change, "a.md") == "# T\n\n## 1 Setting up\n<!-- outline:install number=1 -->\n\n## Plain\n\nSee [plain](#plain).\n")
        // A link by the old slug follows; one by the ID was broken before and stays as it was.
        #expect(text(change, "docs/b.md") == "[i](../a.md#1-setting-up) [p](../a.md#plain) [id](../a.md#install)\n")
        // A section without an anchor is pinned first, so that its ID survives the rename.
        let pinned = try run(.rename(SectionAddress(path: "a.md", fragment: "plain"), title: "Other"), store: store)
        #expect(text(pinned, "a.md")?.hasSuffix("## Other\n<!-- outline:plain -->\n\nSee [plain](#other).\n") == true)
        #expect(text(pinned, "docs/b.md") == "[i](../a.md#1-install) [p](../a.md#other) [id](../a.md#install)\n")
        #expect(pinned.diagnostics.map(\.kind) == [.missingAnchor])
        #expect(throws: Diagnostic.self) { try run(.rename(SectionAddress(path: "a.md", fragment: "install"), title: "Two\nlines"), store: store) }
        // A title that renders with no letter or digit would leave the links `#`: refused, in a.md.
        for title in ["  ", "#", "<!-- x -->", "===", "`` ``"] {
            do {
                _ = try run(.rename(SectionAddress(path: "a.md", fragment: "install"), title: title), store: store)
                Issue.record("'\(title)' was accepted")
            } catch let error as Diagnostic {
                #expect(error.kind == .refused && error.path == "a.md" && error.line == 3, "\(title): \(error)")
            }
        }
    }

    /// A refusal about the inserted text names the file it would go into.
    @Test func aRefusedInsertNamesItsFile() throws {
        do {
            _ = try run(.insert(path: "a.md", placement: .into, relativeTo: "install", text: Array("# Top\n\n###### Six\n".utf8)))
            Issue.record("a heading of level 8 was accepted")
        } catch let error as Diagnostic {
            #expect(error.kind == .refused && error.path == "a.md", "\(error)")
        }
    }
}
