import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `check --since` and `links --since` on a tree that had findings before (format.md §12): only what
/// the change broke fails; a finding's key is its file (renames followed), kind and subject, counted.
@Suite("existing findings (library)")
struct BaselineTests {
    static let then: [String: String] = [
        "a.md": "# A\n<!-- outline:a -->\n\n[old](#gone) [old again](#gone) [ok](b.md#b)\n\n## Unpinned\n",
        "b.md": "# B\n<!-- outline:b -->\n\n[x](missing.md)\n",
        "c.md": "# C\n<!-- outline:c -->\n\n[x](nowhere.md)\n",
        "keep.md": "# Keep\n<!-- outline:keep -->\n\n## Section\n<!-- outline:section -->\n",
    ]

    func check(_ now: [String: String], renames: [String: String] = [:], strict: Bool = false) throws -> Run.CheckReport {
        let store = MemoryStore(now)
        let history = MemoryHistory([MemoryRevision("HEAD", files: Self.then, renames: renames)])
        let files = now.keys.filter { $0.hasSuffix(".md") }.sorted()
        var request = Run.CheckRequest(files: files, configs: files.map { _ in Config() })
        request.operands = ["."]
        request.since = "HEAD"
        request.strict = strict
        return try Run(store: store, revisions: history, lifetime: .session()).check(request)
    }

    func keys(_ findings: [Diagnostic]) -> [String] {
        findings.map { "\($0.path ?? "?"):\($0.line ?? 0) \($0.kind.rawValue) \($0.isNew.map { $0 ? "new" : "existing" } ?? "-")" }
    }

    @Test func onlyWhatTheChangeBrokeFails() throws {
        var now = Self.then
        // One more link to the old broken target (one finding at REV, for its line; two now: the
        // second is new), a new
        // broken link, a heading renamed (its missing anchor is new: the key is its title), and a
        // section removed from keep.md (always new).
        now["a.md"] = "# A\n<!-- outline:a -->\n\n[old](#gone) [old again](#gone) [ok](b.md#b)\n\n[third](#gone) [new](#nope)\n\n## Unpinned renamed\n"
        now["keep.md"] = "# Keep\n<!-- outline:keep -->\n"
        let report = try check(now)
        #expect(report.findings.allSatisfy { $0.isNew == true })
        #expect(report.findings.filter { $0.kind == .brokenLink }.map(\.subject) == [.link("#gone"), .link("#nope")])
        #expect(report.findings.contains { $0.kind == .missingAnchor && $0.subject == .heading("Unpinned renamed") })
        #expect(report.findings.contains { $0.kind == .removedAnchor })
        // Existing: line 4's `#gone`, b.md's and c.md's broken links, and nothing else.
        #expect(report.existing == 3, "\(keys(report.reported))")
        #expect(report.reported.filter { $0.isNew == false }.map(\.subject) == [.link("#gone"), .link("missing.md"), .link("nowhere.md")])
        // --strict: everything counts, as without a revision.
        let strict = try check(now, strict: true)
        #expect(strict.existing == 0 && strict.findings.count == report.findings.count + 3 && strict.findings.allSatisfy { $0.isNew == nil })
    }

    @Test func aRenamedFileKeepsItsFindings() throws {
        var now = Self.then
        now["c-renamed.md"] = now.removeValue(forKey: "c.md")
        let report = try check(now, renames: ["c-renamed.md": "c.md"])
        #expect(report.findings.isEmpty, "\(keys(report.reported))")
        #expect(report.existing == 4)
    }

    @Test func linksSinceListsOnlyTheLinksTheChangeBroke() throws {
        var now = Self.then
        now["a.md"] = "# A\n<!-- outline:a -->\n\n[old](#gone) [old again](#gone) [ok](b.md#b) [new](#nope)\n\n## Unpinned\n"
        let store = MemoryStore(now)
        let history = MemoryHistory([MemoryRevision("HEAD", files: Self.then)])
        var request = Run.LinksRequest(files: ["a.md", "b.md", "c.md", "keep.md"])
        request.since = "HEAD"
        guard case .repaired(let results) = try Run(store: store, revisions: history, lifetime: .session()).links(request) else { Issue.record("unreadable"); return }
        let warnings = results.flatMap { (try? $0.result.get())?.diagnostics ?? [] }
        #expect(warnings.filter { $0.isNew == true }.map(\.subject) == [.link("#nope")])
        #expect(warnings.filter { $0.isNew == false }.count == 3)
    }
}
