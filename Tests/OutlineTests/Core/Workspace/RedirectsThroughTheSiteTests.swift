import Testing
import OutlineCore
import OutlineTestHelpers

/// `diff --since REV --redirects=FORMAT` writes the URLs the site served at REV and serves now, and
/// paths from its content root (format.md §8, §16): the site's own routing, read from its files then
/// and now, never a URL computed from a path on its own.
@Suite("redirects through the site")
struct RedirectsThroughTheSiteTests {
    func redirects(then: [String: String], now: [String: String], renames: [String: String], site path: String,
                   format: String) throws -> (text: String, redirects: SiteRedirects) {
        let store = MemoryStore(now)
        store.config.site = try Site.read("/w/" + path, bytes: try #require(store.contents(of: path)), read: { store.contents(of: $0) },
                                          isDirectory: { store.kind(of: $0) == .directory })
        let files = store.markdownFiles(in: "/w").map { String($0.dropFirst("/w/".count)) }
        let history = MemoryHistory([MemoryRevision("HEAD", files: then, renames: renames)])
        let run = Run(store: store, revisions: history, lifetime: .session())
        let (site, root) = try run.siteRedirects(Run.TreeRequest(files: files, operands: ["."], since: "HEAD"), siteRoot: nil)
        let chosen = try #require(RedirectFormat.all.first { $0.name == format })
        return (chosen.render(site, siteRoot: root), site)
    }

    /// Docusaurus serves a doc without its number prefixes, at its front matter `slug` where it has
    /// one: the old and new routes, as the client-redirects plugin wants them.
    @Test func docusaurusRoutesLoseNumberPrefixesAndFollowSlugs() throws {
        let config = "module.exports = { presets: [['classic', { docs: { routeBasePath: 'docs' } }]] };\n"
        let then = ["docusaurus.config.js": config, "docs/01-intro/guide.md": "---\nslug: /custom-guide\n---\n# Guide\n{/* outline:guide */}\n",
                    "docs/01-intro/other.md": "# Other\n{/* outline:other */}\n"]
        let now = ["docusaurus.config.js": config, "docs/02-start/guide.md": "---\nslug: /new-guide\n---\n# Guide\n{/* outline:guide */}\n",
                   "docs/02-start/other.md": "# Other\n{/* outline:other */}\n"]
        let (text, site) = try redirects(then: then, now: now, renames: ["docs/02-start/guide.md": "docs/01-intro/guide.md", "docs/02-start/other.md": "docs/01-intro/other.md"],
                                         site: "docusaurus.config.js", format: "docusaurus")
        #expect(site.pages.map(\.fromURL).sorted() == ["/docs/custom-guide", "/docs/intro/other"])
        #expect(text.contains("{\"from\": \"/docs/custom-guide\", \"to\": \"/docs/new-guide\"}"), "\(text)")
        #expect(text.contains("{\"from\": \"/docs/intro/other\", \"to\": \"/docs/start/other\"}"), "\(text)")
        #expect(!text.contains("01-intro") && !text.contains("02-start"))
    }

    /// Hugo serves a page at its `slug` (in its section) or its `url`: the aliases are those URLs.
    @Test func hugoURLsFollowSlugAndURL() throws {
        let then = ["hugo.toml": "baseURL = 'https://x.org/'\n", "content/docs/guide.md": "---\nslug: fancy\n---\n# Guide\n<!-- outline:guide -->\n",
                    "content/docs/other.md": "---\nurl: /elsewhere/\n---\n# Other\n<!-- outline:other -->\n"]
        let now = ["hugo.toml": "baseURL = 'https://x.org/'\n", "content/manual/guide.md": "---\nslug: fancy\n---\n# Guide\n<!-- outline:guide -->\n",
                   "content/manual/other.md": "---\nurl: /moved/\n---\n# Other\n<!-- outline:other -->\n"]
        let (text, _) = try redirects(then: then, now: now, renames: ["content/manual/guide.md": "content/docs/guide.md", "content/manual/other.md": "content/docs/other.md"],
                                      site: "hugo.toml", format: "hugo")
        #expect(text.contains("manual/guide.md: aliases: [\"/docs/fancy/\"]"), "\(text)")
        #expect(text.contains("manual/other.md: aliases: [\"/elsewhere/\"]"), "\(text)")
    }

    /// MkDocs' `redirect_maps` are paths from `docs_dir`, found from `mkdocs.yml`, with no flag.
    @Test func mkdocsKeysAreRelativeToDocsDir() throws {
        let config = "site_name: x\ndocs_dir: docs\n"
        let then = ["mkdocs.yml": config, "docs/content/guide.md": "# Guide\n<!-- outline:guide -->\n"]
        let now = ["mkdocs.yml": config, "docs/content/setup.md": "# Guide\n<!-- outline:guide -->\n"]
        let (text, site) = try redirects(then: then, now: now, renames: ["docs/content/setup.md": "docs/content/guide.md"], site: "mkdocs.yml", format: "mkdocs")
        #expect(text.contains("        'content/guide.md': 'content/setup.md'\n"), "\(text)")
        #expect(site.pages.map(\.fromURL) == ["/content/guide/"])
    }
}
