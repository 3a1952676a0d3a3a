import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// The command line's workspace operations (`Workspace.check`, `Workspace.links`) over an in-memory
/// tree and history (`MemoryStore`, `MemoryHistory`): what `check DIR`, `check --since` and
/// `links --since` decide, without files, git or the binary.
@Suite("workspace runs (library)")
struct WorkspaceRunTests {
    func check(_ store: MemoryStore, _ files: [String], revisions: RevisionStore? = nil,
               _ adjust: (inout Run.CheckRequest) -> Void = { _ in }) throws -> Run.CheckReport {
        var request = Run.CheckRequest(files: files, configs: files.map { _ in Config() })
        adjust(&request)
        return try Run(store: store, revisions: revisions, lifetime: .session()).check(request)
    }

    /// Each finding as `path:line kind subject`: what code may read of it (never the wording).
    func described(_ findings: [Diagnostic]) -> [String] {
        findings.map { d in
            let subject: String
            switch d.subject {
            case .link(let s)?: subject = "link \(s)"
            case .section(let s)?: subject = "section \(s)"
            case .heading(let s)?: subject = "heading \(s)"
            case .toc(let n)?: subject = "toc \(n)"
            case .skipped(let reason)?: subject = "skipped \(reason)"
            case nil: subject = "-"
            }
            return "\(d.path ?? "?"):\(d.line ?? 0) \(d.kind.rawValue) \(subject)"
        }
    }

    func repaired(_ report: Run.LinksReport) throws -> [String: (text: String, warnings: [Diagnostic])] {
        guard case .repaired(let results) = report else { Issue.record("unreadable: \(report)"); return [:] }
        var out: [String: (text: String, warnings: [Diagnostic])] = [:]
        for (path, result) in results {
            let rewrite = try result.get()
            out[path] = (String(decoding: rewrite.output, as: UTF8.self), rewrite.diagnostics)
        }
        return out
    }

    /// Three linked files, one in a subfolder: a link to a file that is not there, to a heading another
    /// file lacks (from the top and from `docs/`), to a same-file heading that is not there, and a
    /// heading without an anchor; the links that resolve (across files, up a folder, same file) are
    /// not findings.
    @Test func checkFindsBrokenLinksAcrossFilesFragmentsAndMissingAnchors() throws {
        let store = MemoryStore([
            "a.md": "# A\n<!-- outline:a -->\n\n[gone](missing.md) [frag](b.md#nowhere) [ok](b.md#b-two) [dir](docs/c.md#c)\n\n## No anchor\n",
            "b.md": "# B\n<!-- outline:b -->\n\n## B two\n<!-- outline:b-two -->\n\n[self](#b-two) [back](a.md) [folder](docs)\n",
            "docs/c.md": "# C\n<!-- outline:c -->\n\n[up](../a.md#a) [bad](../b.md#b-three) [own](#nope)\n",
        ])
        let report = try check(store, ["a.md", "b.md", "docs/c.md"])
        #expect(report.errors.isEmpty && report.warnings.isEmpty)
        #expect(described(report.findings) == [
            "a.md:4 broken-link link missing.md",
            "a.md:4 broken-link link b.md#nowhere",
            "a.md:6 missing-anchor heading No anchor",
            "docs/c.md:4 broken-link link ../b.md#b-three",
            "docs/c.md:4 broken-link link #nope",
        ])
        #expect(report.findings.allSatisfy { $0.severity == .finding })
        // The file that has them fixed has none; a file read once however many links point into it.
        store.set("a.md", "# A\n<!-- outline:a -->\n\n[frag](b.md#b-two) [dir](docs/c.md#c)\n\n## No anchor\n<!-- outline:no-anchor -->\n")
        store.set("docs/c.md", "# C\n<!-- outline:c -->\n\n[up](../a.md#no-anchor) [own](#c)\n")
        #expect(try check(store, ["a.md", "b.md", "docs/c.md"]).findings.isEmpty)
        let before = store.reads.count
        _ = try check(store, ["a.md"])
        #expect(store.reads.count - before == 3, "a.md, and b.md and docs/c.md once each: \(store.reads.dropFirst(before))")
    }

    /// A file that cannot be read stops the run with an error located in it, and no findings.
    @Test func anUnreadableFileIsAnErrorNotAFinding() throws {
        let store = MemoryStore(["a.md": "# A\n"])
        let report = try check(store, ["a.md", "lost.md"])
        #expect(report.findings.isEmpty)
        #expect(report.errors.map(\.path) == ["lost.md"] && report.errors.allSatisfy { $0.severity == .error })
    }

    /// Shared by the history tests: at HEAD, `a.md` holds a section that moves to `b.md` with its
    /// lines, and an `install` section whose ID `b.md` gains with other text; `g.md` is deleted;
    /// `setup.md` is renamed `install.md` with its heading renamed (anchor `steps` kept), and
    /// `guide.md` links to it by the old slug.
    static let then = [
        "a.md": "# A\n<!-- outline:a -->\n\n## Moving\n<!-- outline:moving -->\n\nLine one.\nLine two.\n\n## Install\n<!-- outline:install -->\n\nOld text.\n",
        "b.md": "# B\n<!-- outline:b -->\n",
        "g.md": "# G\n<!-- outline:g -->\n",
        "setup.md": "# Setup\n<!-- outline:setup -->\n\n## Install\n<!-- outline:steps -->\n\nRun make.\n",
        "guide.md": "# Guide\n<!-- outline:guide -->\n\nSee [i](setup.md#install).\n",
    ]
    static let now = [
        "a.md": "# A\n<!-- outline:a -->\n",
        "b.md": "# B\n<!-- outline:b -->\n\n## Moving\n<!-- outline:moving -->\n\nLine one.\nLine two.\n\n## Install\n<!-- outline:install -->\n\nSomething else entirely.\n",
        "install.md": "# Setup\n<!-- outline:setup -->\n\n## Installation\n<!-- outline:steps -->\n\nRun make.\n",
        "guide.md": "# Guide\n<!-- outline:guide -->\n\nSee [i](setup.md#install).\n",
    ]

    /// `check --since HEAD .`: the section that moved with its lines is no removal; the unrelated
    /// section with the same ID is (at its line in HEAD's version); the deleted file lost its anchor;
    /// the link broken by the file and heading renames names its repair. The revision's tree is read
    /// once for both steps.
    @Test func checkSinceTellsMovesFromRemovals() throws {
        let store = MemoryStore(Self.now)
        let history = MemoryHistory([MemoryRevision("HEAD", files: Self.then, renames: ["install.md": "setup.md"])])
        let files = store.markdownFiles(in: "/w").map { String($0.dropFirst("/w/".count)) }
        #expect(files == ["a.md", "b.md", "guide.md", "install.md"])
        let report = try check(store, files, revisions: history) { $0.since = "HEAD"; $0.operands = ["."] }
        #expect(described(report.findings) == [
            "guide.md:4 broken-link link setup.md#install",
            "a.md:2 removed-anchor section install",
            "g.md:0 removed-anchor section g",
        ])
        #expect(report.findings[0].message.contains("install.md#installation"), "\(report.findings[0].message)")
        #expect(report.findings[1].message.contains("b.md"), "names where the unrelated ID appeared: \(report.findings[1].message)")
        #expect(report.findings[2].message.contains("deleted"), "\(report.findings[2].message)")
        #expect(history.treesMade == 1)
        // Accepted removals are no findings; without the directory operand, the deleted file is not
        // known to the run.
        let allowed = try check(store, files, revisions: history) { $0.since = "HEAD"; $0.operands = ["."]; $0.removals.patterns = [RemovalPattern("install", origin: .commandLine)!, RemovalPattern("g", origin: .commandLine)!] }
        #expect(described(allowed.findings) == ["guide.md:4 broken-link link setup.md#install"])
        let named = try check(store, files, revisions: history) { $0.since = "HEAD"; $0.operands = files }
        #expect(!described(named.findings).contains("g.md:0 removed-anchor section g"))
        // Another revision nobody has: an error, not an empty history.
        #expect(throws: Diagnostic.self) { _ = try check(store, files, revisions: history) { $0.since = "v9" } }
    }

    /// `check --against OLD`: one file against an older version given as bytes.
    @Test func checkAgainstAnOlderVersion() throws {
        let store = MemoryStore(["a.md": "# A\n<!-- outline:a -->\n"])
        let report = try check(store, ["a.md"]) { $0.against = ("old.md", Array(Self.then["a.md"]!.utf8)) }
        #expect(described(report.findings) == ["a.md:2 removed-anchor section moving", "a.md:2 removed-anchor section install"])
    }

    /// `links --since HEAD`: a link to a heading renamed since (its slug changed, its anchor is not
    /// the slug) is rewritten to the new slug only with history; with a file renamed too, to the new
    /// file. Without history it is left as it is, with a warning.
    @Test func linksRepairAfterARenameWithHistory() throws {
        var then = Self.then, now = Self.then
        now["setup.md"] = then["setup.md"]!.replacingOccurrences(of: "## Install\n", with: "## Installation\n")
        then["a.md"] = nil; then["b.md"] = nil; then["g.md"] = nil; now["a.md"] = nil; now["b.md"] = nil; now["g.md"] = nil
        let store = MemoryStore(now)
        let history = MemoryHistory([MemoryRevision("HEAD", files: then)])
        var request = Run.LinksRequest(files: ["guide.md", "setup.md"])
        request.since = "HEAD"
        let fixed = try repaired(try Run(store: store, revisions: history, lifetime: .session()).links(request))
        #expect(fixed["guide.md"]?.text == "# Guide\n<!-- outline:guide -->\n\nSee [i](setup.md#installation).\n")
        #expect(fixed["guide.md"]?.warnings.isEmpty == true)
        #expect(fixed["setup.md"]?.text == now["setup.md"])

        let plain = try repaired(try Run(store: store, revisions: nil, lifetime: .session()).links(.init(files: ["guide.md", "setup.md"])))
        #expect(plain["guide.md"]?.text == now["guide.md"])
        #expect(plain["guide.md"]?.warnings.map(\.severity) == [.warning])

        // The file renamed as well (git's rename of setup.md to install.md).
        let renamedStore = MemoryStore(Self.now)
        let renamed = MemoryHistory([MemoryRevision("HEAD", files: Self.then, renames: ["install.md": "setup.md"])])
        var all = Run.LinksRequest(files: ["a.md", "b.md", "guide.md", "install.md"])
        all.since = "HEAD"
        let moved = try repaired(try Run(store: renamedStore, revisions: renamed, lifetime: .session()).links(all))
        #expect(moved["guide.md"]?.text == "# Guide\n<!-- outline:guide -->\n\nSee [i](install.md#installation).\n")
        for file in ["a.md", "b.md", "install.md"] { #expect(moved[file]?.text == Self.now[file], "\(file) has no link to repair") }
    }

    /// A link to a section that moved to another file follows it; a link to an ID that only an
    /// unrelated section took is not sent there.
    @Test func linksFollowMovesButNotUnrelatedSections() throws {
        var then = Self.then, now = Self.now
        then["guide.md"] = "# Guide\n<!-- outline:guide -->\n\nSee [m](a.md#moving) and [i](a.md#install).\n"
        now["guide.md"] = then["guide.md"]
        let store = MemoryStore(now)
        let history = MemoryHistory([MemoryRevision("HEAD", files: then, renames: ["install.md": "setup.md"])])
        var request = Run.LinksRequest(files: ["a.md", "b.md", "guide.md", "install.md"])
        request.since = "HEAD"
        let fixed = try repaired(try Run(store: store, revisions: history, lifetime: .session()).links(request))
        #expect(fixed["guide.md"]?.text == "# Guide\n<!-- outline:guide -->\n\nSee [m](b.md#moving) and [i](a.md#install).\n")
        #expect(fixed["guide.md"]?.warnings.count == 1 && fixed["guide.md"]?.warnings.first?.line == 4)
    }
}
