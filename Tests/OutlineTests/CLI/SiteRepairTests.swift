import Foundation
import Testing
import OutlineTestHelpers

/// `links` after a page of a site is renamed or a section moves (format.md §8, §16): a link is
/// repaired in its own form, as the site serves it: a file path stays a path, a URL a URL the site
/// serves (from the root or relative, as written), a Hugo `ref` a `ref`; a moved file's path is
/// repaired even where its fragment names nothing outline can follow (kept as written, reported).
@Suite("links in a site's own forms", .serialized)
struct SiteRepairTests {
    /// A git repository holding `files`, committed; then `change` (shell commands and new texts).
    func repo(_ files: [String: String], then commands: String, writes: [String: String] = [:]) throws -> URL {
        let dir = try temporaryDirectory()
        for (path, text) in files { try put(text, path, in: dir) }
        #expect(try shell("git init -q . && git add -A && git commit -qm base && \(commands)", in: dir).status == 0)
        for (path, text) in writes { try put(text, path, in: dir) }
        return dir
    }

    func put(_ text: String, _ path: String, in dir: URL) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String, in dir: URL) throws -> String { try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8) }

    /// Issue 54's folder rename: links whose fragment was wrong already get their path repaired,
    /// the fragment kept as written and reported, so that a missing page does not hide behind it.
    @Test func aMovedFilesPathIsRepairedWhateverItsFragment() throws {
        let dir = try repo(["a.md": "# A\n\n[ok](b.md#part) [bad](b.md#wrong) [none](b.md)\n", "b.md": "# B\n\n## Part\n"],
                           then: "mkdir sub && git mv b.md sub/c.md")
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try runBinary(["check", "--since", "HEAD", "a.md"], directory: dir)
        #expect(check.text.contains("broken link 'b.md#wrong': the file is now 'sub/c.md' (run 'outline links -w --since HEAD'), but its fragment names no section there"), "\(check.text)")
        let links = try runBinary(["links", "-w", "--strict", "--since", "HEAD", "."], directory: dir)
        #expect(links.stderr.contains("repaired the path of link 'b.md#wrong' to 'sub/c.md#wrong', but no anchored section of sub/c.md had 'wrong'"), "\(links.stderr)")
        #expect(try read("a.md", in: dir) == "# A\n\n[ok](sub/c.md#part) [bad](sub/c.md#wrong) [none](sub/c.md)\n")
        let after = try runBinary(["check", "a.md"], directory: dir)
        #expect(after.text.split(separator: "\n").filter { $0.contains("broken link") } == ["a.md:3: broken link 'sub/c.md#wrong': sub/c.md has no heading 'wrong'"], "\(after.text)")
    }

    /// Hugo: a page renamed and a section moved; links by URL (from the root, relative, in raw
    /// HTML) get the URLs Hugo serves the pages at now, which `hugo` 0.168 builds without a
    /// broken link (`HugoBuildTests` builds the same tree).
    @Test func hugoURLsStayURLs() throws {
        let (files, commands, writes, expected) = HugoFixtures.renamedSite
        let dir = try repo(files, then: commands, writes: writes)
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try runBinary(["check", "--since", "HEAD", "content"], directory: dir)
        #expect(check.text.contains("broken link '/guide/install/#on-linux': its section is now '/guide/setup/#on-linux'")
                && check.text.contains("broken link '/a/#moving': its section is now '/b/#moving'"), "\(check.text)")
        let links = try runBinary(["links", "-w", "--since", "HEAD", "content"], directory: dir)
        #expect(links.status == 0, "\(links.stderr)")
        for (path, text) in expected { #expect(try read(path, in: dir) == text, "\(path)") }
        #expect(try runBinary(["check", "content"], directory: dir).text.contains("broken link") == false)
    }

    /// Hugo's `ref`s follow their section and their file in their own form: a heading renamed gives
    /// the argument its new fragment (the shortcode kept whole); a page renamed to a name with a
    /// space gets it quoted where it was bare (Hugo reads an unquoted argument to its first blank);
    /// a `./` path stays relative to where Hugo resolves it (a leaf bundle's parent).
    @Test func hugoRefsFollowTheirSectionsAndFiles() throws {
        let page = { (title: String, body: String) in "---\ntitle: \(title)\n---\n# \(title)\n<!-- outline:\(title.lowercased()) -->\n\n\(body)\n" }
        let dir = try repo([
            "hugo.toml": "baseURL = 'https://x/'\n",
            "content/a.md": page("A", "## Old title\n<!-- outline:old-title -->\n"),
            "content/blog/install.md": page("Install", "Text."),
            "content/blog/post/index.md": page("Post", "{{< ref \"./install.md\" >}} {{< ref install >}} {{< relref \"a.md#old-title\" >}}"),
        ], then: "git mv content/blog/install.md 'content/blog/my setup.md' && sed -i 's/## Old title/## New title/' content/a.md")
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try runBinary(["check", "--since", "HEAD", "content"], directory: dir)
        #expect(check.text.contains("its section is now '{{< relref \"a.md#new-title\" >}}'"), "\(check.text)")
        let links = try runBinary(["links", "-w", "--since", "HEAD", "content"], directory: dir)
        #expect(links.status == 0, "\(links.stderr)")
        let post = try read("content/blog/post/index.md", in: dir)
        #expect(post.hasSuffix("{{< ref \"./my setup.md\" >}} {{< ref \"my setup\" >}} {{< relref \"a.md#new-title\" >}}\n"), "\(post)")
        #expect(try runBinary(["check", "content"], directory: dir).text.contains("broken link") == false)
    }

    /// MkDocs: raw HTML is a URL relative to the page's URL (one level deeper under
    /// `use_directory_urls`): it stays one, the page's new URL.
    @Test func mkdocsRawHTMLStaysAURL() throws {
        let dir = try repo([
            "mkdocs.yml": "site_name: x\n",
            "docs/index.md": "# Home\n<!-- outline:home -->\n\n<a href=\"guide/install/#on-linux\">l</a> [m](guide/install.md#on-linux)\n",
            "docs/guide/page.md": "# Page\n<!-- outline:page -->\n\n<a href=\"../install/\">up</a>\n",
            "docs/guide/install.md": "# Install\n<!-- outline:install -->\n\n## On Linux\n<!-- outline:on-linux -->\n",
        ], then: "git mv docs/guide/install.md docs/guide/setup.md")
        defer { try? FileManager.default.removeItem(at: dir) }
        let links = try runBinary(["links", "-w", "--since", "HEAD", "docs"], directory: dir)
        #expect(links.status == 0, "\(links.stderr)")
        #expect(try read("docs/index.md", in: dir).hasSuffix("<a href=\"guide/setup/#on-linux\">l</a> [m](guide/setup.md#on-linux)\n"))
        #expect(try read("docs/guide/page.md", in: dir).hasSuffix("<a href=\"../setup/\">up</a>\n"))
    }

    /// Docusaurus: a route stays a route (number prefixes stripped, front matter `slug` kept),
    /// written from the base URL when it was.
    @Test func docusaurusRoutesStayRoutes() throws {
        let dir = try repo([
            "docusaurus.config.js": "module.exports = { baseUrl: '/site/', presets: [['classic', { docs: {} }]] };\n",
            "docs/intro.md": "# Intro\n<!-- outline:intro -->\n\n[a](/site/docs/guide/install#on-linux) [b](/docs/guide/install) [c](guide/01-install.md#on-linux)\n",
            "docs/guide/01-install.md": "# Install\n<!-- outline:install -->\n\n## On Linux\n<!-- outline:on-linux -->\n",
        ], then: "git mv docs/guide/01-install.md docs/guide/02-setup.md")
        defer { try? FileManager.default.removeItem(at: dir) }
        let links = try runBinary(["links", "-w", "--since", "HEAD", "docs"], directory: dir)
        #expect(links.status == 0, "\(links.stderr)")
        let intro = try read("docs/intro.md", in: dir)
        #expect(intro.hasSuffix("[a](/site/docs/guide/setup#on-linux) [b](/docs/guide/setup) [c](guide/02-setup.md#on-linux)\n"), "\(intro)")
    }
}
