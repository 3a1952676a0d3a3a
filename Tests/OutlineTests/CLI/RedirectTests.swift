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
        #expect(try run("docusaurus").text.contains("redirects: [\n  {\"from\": \"/guide/old\", \"to\": \"/guide/new\"}\n],\n"))
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
        // Hugo served `Guide/Old Page.md` at `/guide/old-page/` (hugo 0.168), not `/Guide/Old Page/`;
        // a README is no index to Hugo.
        #expect(HugoRoutes.url(of: "Guide/Old Page.md", front: .init(), settings: HugoSettings()) == "/guide/old-page/" && HugoRoutes.url(of: "guide/README.md", front: .init(), settings: HugoSettings()) == "/guide/readme/")
        #expect(HugoRoutes.url(of: "guide/_index.md", front: .init(), settings: HugoSettings()) == "/guide/" && HugoRoutes.url(of: "say \"hi\".md", front: .init(), settings: HugoSettings()) == "/say-hi/")
        let site = SiteRedirects([("docs/a.md", "docs/b.md"), ("other/x.md", "docs/y.md")], siteRoot: "./docs/")
        #expect(site.pages.map(\.fromPage) == ["a.md"] && site.outside == ["other/x.md"])
    }

    /// Each format's output read by a parser of that format: Netlify's `_redirects` grammar as its
    /// documentation gives it (one rule a line, blank-separated fields FROM TO [STATUS[!]] [KEY=VALUE…],
    /// `#` starting a comment), the client-redirects entries as JSON, mkdocs-redirects' YAML by
    /// outline's reader (PyYAML reads it in OutlineSlowTests' `RedirectSiteTests`). Paths hold a quote,
    /// a double quote, a space, Unicode and `#`; a directory's index.md and README.md, one URL, moved
    /// together make one redirect.
    @Test func everyFormatParses() throws {
        let (dir, urls) = try oddlyNamedMovesTree()
        defer { try? FileManager.default.removeItem(at: dir) }
        func run(_ format: String) throws -> String {
            let result = try runBinary(["diff", "--since", "HEAD", "--redirects=\(format)", "--site-root", "docs", "docs"], directory: dir)
            #expect(result.status == 1, "\(format): \(result.stderr)")
            return result.text
        }
        let expected = urls.map { "\($0.from) -> \($0.to)" }.sorted()

        var rules: [String] = []
        for line in try run("netlify").split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if fields.isEmpty || fields[0].hasPrefix("#") { continue }
            #expect(fields.count == 3 && fields[2] == "301", "\(line)")
            guard fields.count >= 2, let from = fields[0].removingPercentEncoding, let to = fields[1].removingPercentEncoding else {
                Issue.record("not a rule: \(line)"); continue
            }
            #expect(from.hasPrefix("/") && to.hasPrefix("/"), "\(line)")
            rules.append("\(from) -> \(to)")
        }
        #expect(rules.sorted() == expected, "\(rules)")

        let docusaurus = try run("docusaurus")
        guard let open = docusaurus.range(of: "redirects: ["), let close = docusaurus.range(of: "\n],\n", range: open.upperBound..<docusaurus.endIndex),
              let entries = try JSONSerialization.jsonObject(with: Data(("[" + docusaurus[open.upperBound..<close.lowerBound] + "]").utf8)) as? [[String: String]] else {
            Issue.record("no redirects array: \(docusaurus)"); return
        }
        let trimmed = { (url: String) in url.count > 1 && url.hasSuffix("/") ? String(url.dropLast()) : url }
        #expect(entries.map { "\($0["from"]!) -> \($0["to"]!)" }.sorted() == urls.map { "\(trimmed($0.from)) -> \(trimmed($0.to))" }.sorted(), "\(entries)")

        // Hugo's aliases are the URLs hugo 0.168 published the old files at (a JSON array each).
        var aliases: [String] = []
        for line in try run("hugo").split(separator: "\n") where !line.hasPrefix("#") {
            guard let open = line.range(of: ": aliases: "),
                  let list = try JSONSerialization.jsonObject(with: Data(line[open.upperBound...].utf8)) as? [String] else {
                Issue.record("not a page's aliases: \(line)"); continue
            }
            aliases += list
        }
        #expect(aliases.sorted() == ["/c#/", "/café/", "/dir/", "/dir/readme/", "/getting-started/", "/guide/whats-new/", "/say-hi/"], "\(aliases)")

        let mkdocs = try ConfigValue.yaml(bytes(try run("mkdocs")))
        let maps = mkdocs["plugins"]?.list?.first?["redirects"]?["redirect_maps"]?.pairs ?? []
        #expect(maps.map { "\($0.key) -> \($0.value.string ?? "")" }.sorted() == [
            "c#.md -> c-sharp.md", "café.md -> crème.md", "dir/README.md -> moved/README.md", "dir/index.md -> moved/index.md",
            "getting started.md -> setup.md", "guide/what's-new.md -> guide/what's-newer.md", "say \"hi\".md -> say-hi.md",
        ], "\(maps)")
    }
}
