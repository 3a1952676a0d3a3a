import Foundation
import Testing
import OutlineTestHelpers

/// Finding the site that publishes a file (format.md §16) on disk, as the command line does: the
/// nearest configuration up to the repository root, its content root, `--site`, the config's `site`,
/// and `outline site` saying what was found.
@Suite("sites on the command line", .serialized)
struct SiteCommandTests {
    func tree(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        _ = try shell("git init -q .", in: dir)
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static let mkdocs = """
    site_name: t
    markdown_extensions:
      - attr_list
      - admonition
    """

    @Test func theNearestSiteGovernsTheFilesOfItsContentRoot() throws {
        let dir = try tree([
            "mkdocs.yml": Self.mkdocs,
            "README.md": "# Readme\n\n[x](docs/index.md#install)\n",
            "docs/index.md": "# Home\n\n[ok](#install) [url](guide/#setup)\n\n## Install { #install }\n\n!!! note\n    A.\n\n    [bad](#nowhere)\n",
            "docs/guide.md": "# Guide\n\n## Setup\n",
            "sub/docs/conf.py": "extensions = ['myst_parser']\n",
            "sub/docs/page.md": "(lbl)=\n# Page\n\n[t](lbl) [u](nolabel)\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = try runBinary(["site", "--format", "json"], directory: dir)
        #expect(site.status == 0)
        #expect(site.text.contains("\"config\": \"mkdocs.yml\", \"generator\": \"mkdocs\", \"content_root\": \"docs\", \"files\": 2, \"slugs\": \"mkdocs\""), "\(site.text)")
        #expect(site.text.contains("\"config\": \"sub/docs/conf.py\", \"generator\": \"sphinx\", \"content_root\": \"sub/docs\", \"files\": 1, \"slugs\": \"myst\""), "\(site.text)")
        let text = try runBinary(["site"], directory: dir).text
        #expect(text.contains("mkdocs.yml: 2 files, mkdocs, content root docs") && text.contains("CommonMark: 1 file outside every site"), "\(text)")

        let check = try runBinary(["check", "--no-links", "--verbose", "."], directory: dir)
        #expect(check.stderr.contains("mkdocs.yml: read as mkdocs") && check.stderr.contains("sub/docs/conf.py: read as sphinx"), "\(check.stderr)")
        let links = try runBinary(["check", "--format", "json", "."], directory: dir)
        let broken = links.text.components(separatedBy: "{\"path\"").filter { $0.contains("broken-link") }
        // The site's links resolve as MkDocs does (the page's `{ #install }`, the built URL
        // `guide/#setup`), the note's body is read, MyST labels resolve; README.md's link into the
        // site names the page as the site publishes it.
        #expect(broken.count == 2, "\(links.text)")
        #expect(links.text.contains("broken link '#nowhere'") && links.text.contains("broken link 'nolabel'"), "\(links.text)")
        // --site none: everything CommonMark (the note's body is code, `guide/` is no file).
        let none = try runBinary(["check", "--site", "none", "--format", "json", "."], directory: dir)
        #expect(!none.text.contains("#nowhere") && none.text.contains("guide/#setup"), "\(none.text)")
        // The config's `site = "none"` does the same for the files under it.
        try "site = \"none\"\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["site"], directory: dir).text.hasPrefix("no site: CommonMark"))
    }

    @Test func twoSitesInOneDirectoryAreAnError() throws {
        let dir = try tree(["mkdocs.yml": Self.mkdocs, "conf.py": "extensions = ['myst_parser']\n", "a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try runBinary(["check", "a.md"], directory: dir)
        #expect(run.status == 2 && run.stderr.contains("two site configurations, mkdocs.yml and conf.py") && run.stderr.contains("--site PATH"), "\(run.stderr)")
        let chosen = try runBinary(["site", "--site", "conf.py", "."], directory: dir)
        #expect(chosen.status == 0 && chosen.text.hasPrefix("conf.py: 1 file, sphinx"), "\(chosen.text) \(chosen.stderr)")
        let bad = try runBinary(["site", "--site", "nope.yml"], directory: dir)
        #expect(bad.status == 2 && bad.stderr.contains("--site needs 'none' or a site's configuration file"), "\(bad.stderr)")
    }

    @Test func anUnreadableConfigurationIsSaidOnceAndTheFilesAreCommonMark() throws {
        let dir = try tree(["mkdocs.yml": "site_name: [unclosed\n", "docs/a.md": "# A\n\n[x](#a)\n", "docs/b.md": "# B\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try runBinary(["check", "--no-links", "docs"], directory: dir)
        #expect(run.stderr.components(separatedBy: "mkdocs.yml").count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cannot read YAML") && run.stderr.contains("read as CommonMark"), "\(run.stderr)")
        #expect(try runBinary(["site", "docs"], directory: dir).text.hasPrefix("no site: CommonMark"))
    }

    /// `diff --redirects=FORMAT` makes its paths relative to the site's content root when no
    /// `site-root` says otherwise (mkdocs-redirects reads them from docs_dir).
    @Test func redirectsAreRelativeToTheSitesContentRoot() throws {
        let dir = try tree(["mkdocs.yml": "site_name: t\ndocs_dir: src/docs\n", "src/docs/old.md": "# Old\n<!-- outline:old -->\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try shell("git add -A && git commit -qm base && git mv src/docs/old.md src/docs/new.md", in: dir)
        let map = try runBinary(["diff", "--since", "HEAD", "--redirects=mkdocs", "src/docs"], directory: dir)
        #expect(map.text.contains("'old.md': 'new.md'") && !map.text.contains("src/docs"), "\(map.text) \(map.stderr)")
    }
}
