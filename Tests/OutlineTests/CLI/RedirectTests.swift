import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// `diff --since REV --redirects=FORMAT` (format.md §8): the map of vanished targets in each site
/// generator's format, paths relative to `--site-root` (or the config's `site-root`). The real
/// MkDocs and Sphinx builds are in OutlineSlowTests (`RedirectSiteTests`).
@Suite("redirects for site generators", .serialized)
struct RedirectTests {
    @Test func eachFormatHasThePageAndNamesTheSection() throws {
        let dir = try movedDocsTree()
        defer { try? FileManager.default.removeItem(at: dir) }
        func run(_ format: String, _ extra: [String] = ["--site-root", "docs"]) throws -> RunResult {
            try runBinary(["diff", "--since", "HEAD", "--redirects=\(format)"] + extra + ["docs"], directory: dir)
        }
        let section = "a.md#moving-section -> b.md#moving-section"
        let mkdocs = try run("mkdocs")
        #expect(mkdocs.status == 1 && mkdocs.text.contains("      redirect_maps:\n        'guide/old.md': 'guide/new.md'\n"), "\(mkdocs.text)")
        // The moved section has no place in redirect_maps: named, with the way to keep it alive; the
        // sections of the renamed page follow their page's redirect and need no line.
        #expect(mkdocs.text.contains("#   \(section)\n") && mkdocs.text.contains("--keep-aliases") && !mkdocs.text.contains("install-it"), "\(mkdocs.text)")
        #expect(try run("sphinx").text.contains("redirects = {\n    \"guide/old\": \"new.html\",\n}\n"))
        #expect(try run("netlify").text.contains("/guide/old/  /guide/new/  301\n"))
        #expect(try run("hugo").text.contains("guide/new.md: aliases: [\"/guide/old/\"]\n"))
        #expect(try run("docusaurus").text.contains("  { from: '/guide/old', to: '/guide/new' },\n"))
        // Without a site root the paths are the run's; plain --redirects stays the JSON map.
        #expect(try run("mkdocs", []).text.contains("'docs/guide/old.md': 'docs/guide/new.md'"))
        let json = try runBinary(["diff", "--since", "HEAD", "--redirects", "docs"], directory: dir)
        #expect(json.text.contains("\"docs/a.md#moving-section\": \"docs/b.md#moving-section\""), "\(json.text)")
        // The config's site-root is relative to the config file.
        try "site-root = \"docs\"\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        #expect(try run("netlify", []).text.contains("/guide/old/  /guide/new/  301\n"))
        let bad = try run("mkdoc")
        #expect(bad.status == 2 && bad.stderr.contains("not 'mkdoc' (did you mean 'mkdocs'?)"), "\(bad.stderr)")
    }

    @Test func pageURLsAndDocnames() {
        #expect(SiteRedirects.prettyURL("guide/install.md") == "/guide/install/")
        #expect(SiteRedirects.prettyURL("guide/README.md") == "/guide/")
        #expect(SiteRedirects.prettyURL("index.md") == "/")
        #expect(SiteRedirects.docname("guide/install.markdown") == "guide/install")
        let site = SiteRedirects([("docs/a.md", "docs/b.md"), ("other/x.md", "docs/y.md")], siteRoot: "./docs/")
        #expect(site.pages.map(\.fromPage) == ["a.md"] && site.outside == ["other/x.md"])
    }
}
