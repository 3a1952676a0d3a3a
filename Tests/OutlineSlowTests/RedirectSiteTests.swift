import Foundation
import Testing
import OutlineTestHelpers

/// `diff --redirects=mkdocs` and `=sphinx` in real sites (format.md §8): after a page is renamed, the
/// output pasted into the site's configuration makes the built site send the old page to the new.
@Suite("redirects in built sites", .serialized)
struct RedirectSiteTests {
    @Test(.enabled(if: PreCommit.available, "pip is not available: MkDocs and Sphinx cannot be installed"))
    func mkdocsAndSphinxRedirectTheRenamedPage() throws {
        try PreCommit.prepareSiteTools()
        let bin = PreCommit.venv.appendingPathComponent("bin").path
        let dir = try movedDocsTree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mkdocs = try runBinary(["diff", "--since", "HEAD", "--redirects=mkdocs", "--site-root", "docs", "docs"], directory: dir)
        try ("site_name: t\ndocs_dir: docs\n" + mkdocs.text).write(to: dir.appendingPathComponent("mkdocs.yml"), atomically: true, encoding: .utf8)
        let built = try shell("'\(bin)/mkdocs' build -q -d site", in: dir)
        #expect(built.status == 0, "\(built.output)")
        let page = try String(contentsOf: dir.appendingPathComponent("site/guide/old/index.html"), encoding: .utf8)
        #expect(page.contains("location.href=\"../new/\""), "\(page)")

        let sphinx = try runBinary(["diff", "--since", "HEAD", "--redirects=sphinx", "--site-root", "docs", "docs"], directory: dir)
        try ("extensions = [\"myst_parser\", \"sphinx_reredirects\"]\nmaster_doc = \"index\"\n" + sphinx.text)
            .write(to: dir.appendingPathComponent("docs/conf.py"), atomically: true, encoding: .utf8)
        let html = try shell("'\(bin)/sphinx-build' -q -b html docs _build", in: dir)
        #expect(html.status == 0, "\(html.output)")
        let old = try String(contentsOf: dir.appendingPathComponent("_build/guide/old.html"), encoding: .utf8)
        #expect(old.contains("url=new.html") && FileManager.default.fileExists(atPath: dir.appendingPathComponent("_build/guide/new.html").path), "\(old)")
    }
}
