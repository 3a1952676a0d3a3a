import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// What a removed section costs (format.md §10): `PATH#ID` acceptances, bare IDs said, trailers of
/// the commits since the revision, `removed = "linked"`, and refusals that name the links.
@Suite("removal policy")
struct RemovalPolicyTests {
    /// Two files share the ID `constraints`; both lose it; `index.md` links to `b.md`'s.
    static let then = [
        "a.md": "# A\n<!-- outline:a -->\n\n## Constraints\n<!-- outline:constraints -->\n\nA's.\n\n## Keep\n<!-- outline:keep -->\n",
        "b.md": "# B\n<!-- outline:b -->\n\n## Constraints\n<!-- outline:constraints -->\n\nB's.\n",
        "index.md": "# Index\n<!-- outline:index -->\n\nSee [b](b.md#constraints).\n",
    ]
    static let now = [
        "a.md": "# A\n<!-- outline:a -->\n\n## Keep\n<!-- outline:keep -->\n",
        "b.md": "# B\n<!-- outline:b -->\n",
        "index.md": then["index.md"]!,
    ]

    func check(_ patterns: [String] = [], linkedOnly: Bool = false, messages: [(commit: String, message: String)] = [])
        throws -> (report: Run.CheckReport, revision: MemoryRevision) {
        let revision = MemoryRevision("HEAD", files: Self.then, messages: messages)
        let files = ["a.md", "b.md", "index.md"]
        var request = Run.CheckRequest(files: files, configs: files.map { _ in Config() })
        request.since = "HEAD"
        request.removals = Removals.Policy(patterns: patterns.map { RemovalPattern($0, origin: .commandLine)! }, linkedOnly: linkedOnly)
        let report = try Run(store: MemoryStore(Self.now), revisions: MemoryHistory([revision]), lifetime: .session()).check(request)
        return (report, revision)
    }

    func removed(_ report: Run.CheckReport) -> [String] {
        report.findings.filter { $0.kind == .removedAnchor }.map { "\($0.path ?? ""):\($0.line ?? 0) \($0.subject.map { "\($0)" } ?? "")" }
    }

    @Test func pathAndIDAcceptOnlyThatFile() throws {
        let none = try check().report
        #expect(removed(none) == ["a.md:4 section(\"constraints\")", "b.md:2 section(\"constraints\")"])
        // a.md's is accepted; b.md's, of the same ID, is not.
        let one = try check(["a.md#constraints"]).report
        #expect(removed(one) == ["b.md:2 section(\"constraints\")"])
        #expect(one.warnings.isEmpty && one.acceptedRemovals == [Removals.Accepted(path: "a.md", id: "constraints", by: "a.md#constraints")])
        // Globs on either side.
        #expect(removed(try check(["*.md#con*"]).report).isEmpty)
        #expect(removed(try check(["[ab].md#*"]).report).isEmpty)
        #expect(removed(try check(["c.md#constraints"]).report).count == 2)
        // A bare ID still accepts in every file, and a warning names them.
        let bare = try check(["constraints"]).report
        #expect(removed(bare).isEmpty)
        #expect(bare.warnings.count == 1 && bare.warnings[0].message.contains("a.md, b.md") && bare.warnings[0].message.contains("a.md#constraints or b.md#constraints"),
                "\(bare.warnings.map(\.message))")
    }

    /// The refusal names the links that point at the removed section and the way to keep them.
    @Test func aRefusalNamesTheLinksToTheSection() throws {
        let report = try check(["a.md#constraints"]).report
        let finding = try #require(report.findings.first { $0.kind == .removedAnchor })
        #expect(finding.message.contains("linked from index.md:4"), "\(finding.message)")
        #expect(finding.message.contains("give the heading that replaces it the ID 'constraints'"), "\(finding.message)")
        #expect(finding.message.contains("'outline links -w --since HEAD'"))
        #expect(finding.message.contains("Outline-Allow-Removed: b.md#constraints"))
    }

    /// `removed = "linked"`: a.md's section, which nothing links to, is accepted and listed; b.md's,
    /// which index.md links to, is refused; so is one whose anchor is linkable.
    @Test func linkedOnlyRefusesWhatSomethingLinksTo() throws {
        let report = try check(linkedOnly: true).report
        #expect(removed(report) == ["b.md:2 section(\"constraints\")"])
        #expect(report.acceptedRemovals == [Removals.Accepted(path: "a.md", id: "constraints", by: nil)])
        let linkable = try Outline(parsing: Array("# A\n<!-- outline:a -->\n\n## X\n<!-- outline:x --><a id=\"x\"></a>\n".utf8), [.links])
        let gone = try Outline(parsing: Array("# A\n<!-- outline:a -->\n".utf8), [.links])
        let outcome = Removals.check([.init(oldName: "HEAD:a.md", old: linkable, newName: "a.md", new: gone)], policy: .init(linkedOnly: true))
        #expect(outcome.findings.count == 1 && outcome.findings[0].message.contains("linkable"), "\(outcome.findings.map(\.message))")
    }

    /// `Outline-Allow-Removed:` trailers of the commits between the revision and HEAD accept, with
    /// paths from the work tree's top; the messages are read once; a trailer outside the message's
    /// last paragraph is none.
    @Test func trailersOfTheCommitsSinceTheRevisionAccept() throws {
        let messages = [
            (commit: "c2", message: "Drop b's constraints\n\nThey moved to the wiki.\n\nOutline-Allow-Removed: b.md#constraints\nSigned-off-by: A <a@b>\n"),
            (commit: "c1", message: "Outline-Allow-Removed: a.md#constraints\n\nnot a trailer: the subject\n"),
        ]
        let (report, revision) = try check(messages: messages)
        #expect(removed(report) == ["a.md:4 section(\"constraints\")"])
        #expect(report.acceptedRemovals.map(\.by) == ["b.md#constraints"])
        #expect(revision.messageReads == 1)
        #expect(CommitTrailers.values("Outline-Allow-Removed", in: Array("s\n\nbody\n\nOutline-Allow-Removed: x.md#a,\n  y.md#b\n# comment\n".utf8)) == ["x.md#a, y.md#b"])
    }

    /// A removed section is reported in its work-tree file (never `HEAD:path`), at the nearest line
    /// of the new version, with the old path where git saw a rename; a deleted file's has no line.
    @Test func whereARemovalIsReported() throws {
        let revision = MemoryRevision("HEAD", files: ["old.md": Self.then["a.md"]!, "gone.md": "# G\n<!-- outline:g -->\n"], renames: ["new.md": "old.md"])
        let store = MemoryStore(["new.md": Self.now["a.md"]!])
        var request = Run.CheckRequest(files: ["new.md"], configs: [Config()])
        request.since = "HEAD"
        request.operands = ["."]
        let report = try Run(store: store, revisions: MemoryHistory([revision]), lifetime: .session()).check(request)
        let found = report.findings.filter { $0.kind == .removedAnchor }
        #expect(found.map { "\($0.path ?? ""):\($0.line.map(String.init) ?? "-") old=\($0.oldPath ?? "-") deleted=\($0.fileDeleted)" } == [
            "new.md:4 old=old.md deleted=false", "gone.md:- old=- deleted=true",
        ])
    }
}
