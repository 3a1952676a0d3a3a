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

extension RedirectSiteTests {
    /// mkdocs-redirects' map parsed by PyYAML, MkDocs' own YAML reader: paths holding a quote (a
    /// single-quoted YAML scalar doubles it; `\\'` is no YAML), a double quote, a space, Unicode
    /// and `#` come back as the page paths they are.
    @Test(.enabled(if: PreCommit.available, "pip is not available: PyYAML cannot be installed"))
    func pyYAMLReadsTheMkDocsMap() throws {
        try PreCommit.prepareVenv()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let (dir, _) = try oddlyNamedMovesTree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mkdocs = try runBinary(["diff", "--since", "HEAD", "--redirects=mkdocs", "--site-root", "docs", "docs"], directory: dir)
        try mkdocs.text.write(to: dir.appendingPathComponent("redirects.yml"), atomically: true, encoding: .utf8)
        let read = try shell("'\(python)' -c 'import json, sys, yaml; m = yaml.safe_load(open(sys.argv[1], encoding=\"utf-8\"))[\"plugins\"][0][\"redirects\"][\"redirect_maps\"]; print(json.dumps(sorted(m.items()), ensure_ascii=False))' redirects.yml", in: dir)
        #expect(read.status == 0, "\(read.output)\n\(mkdocs.text)")
        #expect(read.output.trimmingCharacters(in: .whitespacesAndNewlines) == """
            [["c#.md", "c-sharp.md"], ["café.md", "crème.md"], ["dir/README.md", "moved/README.md"], ["dir/index.md", "moved/index.md"], \
            ["getting started.md", "setup.md"], ["guide/what's-new.md", "guide/what's-newer.md"], ["say \\"hi\\".md", "say-hi.md"]]
            """, "\(read.output)")
    }
}
