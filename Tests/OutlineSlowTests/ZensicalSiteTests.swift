import Foundation
import Testing
import OutlineTestHelpers

/// outline against Zensical (format.md §16). The fixture under Tests/Fixtures/sites/zensical holds
/// three sites: `zensical.toml` with Zensical's default extensions, `material/zensical.toml` with
/// its extensions in TOML's dotted form, and `legacy/mkdocs.yml`, which `legacy/.outline.toml`
/// gives to Zensical. tools/site-oracle.py builds each with `zensical build` and lists the links
/// the built site breaks; `outline check` (no flags) must report exactly those. Then, without the
/// `.outline.toml`, MkDocs builds `legacy/mkdocs.yml`, and outline must follow it there too: the
/// same file breaks other links under each generator.
@Suite("links in sites built by Zensical", .serialized)
struct ZensicalSiteTests {
    typealias Link = SiteGeneratorTests.Link

    @Test(.enabled(if: PreCommit.available, "pip is not available: Zensical and MkDocs cannot be installed"))
    func outlineReportsWhatZensicalBreaks() throws {
        try PreCommit.prepareSiteTools()
        try PreCommit.prepareZensical()
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let repo = work.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let fixture = Paths.fixtures.appendingPathComponent("sites/zensical").path
        let setup = try shell("cp -R '\(fixture)' . && git init -q . && git add -A && git commit -qm fixture", in: repo)
        try #require(setup.status == 0, "\(setup.output)")

        let zensical = try SiteGeneratorTests.oracle(repo, work)
        let underZensical = try SiteGeneratorTests.outlineBroken(repo, myst: false)
        SiteGeneratorTests.expectAgreement(underZensical, zensical, [], [], "legacy/mkdocs.yml read by Zensical")
        #expect(zensical.broken.count > 15, "the fixture breaks links on purpose: \(zensical.broken.count)")

        try FileManager.default.removeItem(at: repo.appendingPathComponent("zensical/legacy/.outline.toml"))
        let mkdocs = try SiteGeneratorTests.oracle(repo, work)
        let underMkDocs = try SiteGeneratorTests.outlineBroken(repo, myst: false)
        SiteGeneratorTests.expectAgreement(underMkDocs, mkdocs, [], [], "legacy/mkdocs.yml read by MkDocs")

        // `## with pip { #with-pip }` without markdown_extensions: Zensical's defaults read the
        // block as the id (and load footnotes); MkDocs keeps it in the text (`with-pip-with-pip`).
        func legacy(_ broken: [Link: String]) -> [String] {
            broken.keys.filter { $0.source.hasPrefix("zensical/legacy/") }.map(\.fragment).sorted()
        }
        #expect(legacy(zensical.broken) == ["with-pip-with-pip"])
        #expect(legacy(mkdocs.broken) == ["fn:1", "with-pip"])
        let others = { (broken: [Link: String]) in Set(broken.keys.filter { !$0.source.hasPrefix("zensical/legacy/") }) }
        #expect(others(zensical.broken) == others(mkdocs.broken))
        print("zensical: \(zensical.landings.count) links in the built pages, \(zensical.broken.count) broken, outline \(underZensical.count); legacy under MkDocs: \(mkdocs.broken.count) broken, outline \(underMkDocs.count)")
    }
}
