import Foundation
import Testing
import OutlineTestHelpers

/// `diff --since REV --redirects=hugo` judged by the real `hugo` (format.md §8, §16): a page with a
/// `slug` and one with a `url` move to another section; the site built before the move serves the
/// old URLs, the site built after it, with the aliases outline wrote in the moved pages' front
/// matter, serves the old URLs again (Hugo's alias pages) and the new ones.
@Suite("Hugo redirects against hugo", .serialized)
struct HugoRedirectBuildTests {
    @Test func theAliasesOutlineWritesServeTheOldURLs() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ path: String, _ text: String) throws {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("hugo.toml", "baseURL = 'https://example.org/'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n")
        try write("layouts/_default/single.html", "<article>{{ .Content }}</article>\n")
        try write("layouts/_default/list.html", "<article>{{ .Content }}</article>\n")
        try write("content/docs/guide.md", "---\ntitle: Guide\nslug: fancy\n---\n# Guide\n<!-- outline:guide -->\n")
        try write("content/docs/other.md", "---\ntitle: Other\nurl: /elsewhere/\n---\n# Other\n<!-- outline:other -->\n")
        _ = try shell("git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm before", in: dir)
        let hugo = try HugoBuildTests.hugo()
        func built(_ url: String) -> Bool {
            FileManager.default.fileExists(atPath: dir.appendingPathComponent("public" + url + "index.html").path)
        }
        #expect(try shell("\(hugo) --quiet -d public 2>&1", in: dir).status == 0)
        let old = ["/docs/fancy/", "/elsewhere/"]
        #expect(old.allSatisfy(built), "the site served the pages at their slug and url before")

        // The move: both pages to another section; the one with a url gets another.
        _ = try shell("rm -rf public && mkdir -p content/manual && git mv content/docs/guide.md content/manual/guide.md && git mv content/docs/other.md content/manual/other.md && sed -i 's|url: /elsewhere/|url: /moved/|' content/manual/other.md && git -c user.email=a@b -c user.name=a commit -qam after", in: dir)
        let redirects = try runBinary(["diff", "--since", "HEAD~1", "--redirects=hugo", "."], directory: dir)
        #expect(redirects.status == 1, "\(redirects.stderr)")
        // `manual/guide.md: aliases: ["/docs/fancy/"]`: each into its page's front matter.
        var aliased = 0
        for line in redirects.text.split(separator: "\n") where line.contains(": aliases: ") {
            let page = String(line.prefix { $0 != ":" })
            let aliases = String(line[line.range(of: ": aliases: ")!.upperBound...])
            let file = dir.appendingPathComponent("content/" + page)
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "---\ntitle:", with: "---\naliases: \(aliases)\ntitle:").write(to: file, atomically: true, encoding: .utf8)
            aliased += 1
        }
        #expect(aliased == 2, "\(redirects.text)")
        let build = try shell("\(hugo) --quiet -d public 2>&1", in: dir)
        #expect(build.status == 0, "\(build.output)")
        #expect(built("/manual/fancy/") && built("/moved/"), "the pages at their new URLs")
        for url in old {
            #expect(built(url), "no alias page at \(url): \(redirects.text)")
            let page = (try? String(contentsOf: dir.appendingPathComponent("public" + url + "index.html"), encoding: .utf8)) ?? ""
            #expect(page.contains("http-equiv=\"refresh\""), "\(url) is Hugo's alias page")
        }
    }
}
