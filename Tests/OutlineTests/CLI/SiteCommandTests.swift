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
        #expect(bad.status == 2 && bad.stderr.contains("--site needs 'none', a generator (mkdocs, zensical, sphinx, hugo, docusaurus) or a site's configuration file"), "\(bad.stderr)")
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

    /// A generator named by `--site` or the config's `site` reads the nearest configuration it
    /// reads (`mkdocs.yml` as Zensical reads it); Hugo's `config/_default/` alone is a site, in the
    /// environment `HUGO_ENVIRONMENT` or `hugo-environment` names; content roots are printed from
    /// the current directory.
    @Test func configurationsAsTheGeneratorFindsThem() throws {
        let dir = try tree([
            "mkdocs.yml": "site_name: t\n",
            "docs/index.md": "# Home\n\n## with pip { #with-pip }\n\n[a](#with-pip)\n",
            "hugo/config/_default/hugo.yaml": "title: t\n",
            "hugo/config/staging/hugo.yaml": "contentDir: staged\n",
            "hugo/content/a.md": "# A\n", "hugo/staged/b.md": "# B\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let mkdocs = try runBinary(["check", "docs"], directory: dir)
        #expect(mkdocs.status == 1 && mkdocs.text.contains("broken link '#with-pip'"), "\(mkdocs.text)")
        let zensical = try runBinary(["check", "--site", "zensical", "docs"], directory: dir)
        #expect(zensical.status == 1 && !zensical.text.contains("broken link"), "\(zensical.text) \(zensical.stderr)")
        try "site = \"zensical\"\n".write(to: dir.appendingPathComponent("docs/.outline.toml"), atomically: true, encoding: .utf8)
        let inside = try runBinary(["site"], directory: dir.appendingPathComponent("docs"))
        #expect(inside.text.hasPrefix("../mkdocs.yml: 1 file, zensical, content root ., slugs mkdocs"), "\(inside.text)")
        let hugo = try runBinary(["site", "hugo"], directory: dir)
        #expect(hugo.text.hasPrefix("hugo/config/_default/hugo.yaml: 1 file, hugo, content root hugo/content,"), "\(hugo.text) \(hugo.stderr)")
        try "hugo-environment = \"staging\"\n".write(to: dir.appendingPathComponent("hugo/.outline.toml"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["site", "hugo"], directory: dir).text.contains("content root hugo/staged,"))
        let production = try runBinary(["site", "hugo"], directory: dir, environment: ["HUGO_ENVIRONMENT": "production"])
        #expect(production.text.contains("content root hugo/content,"), "\(production.text)")
    }
}
