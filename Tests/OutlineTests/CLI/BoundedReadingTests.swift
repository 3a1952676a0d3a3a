import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// format.md §11: nothing a page or a configuration holds crashes, hangs or exhausts outline. The
/// inputs of issue 52's table, each through `check` in process: before, a 20,000-deep site
/// configuration or front matter overflowed the stack (SIGSEGV), 10,000 unclosed MyST openers did,
/// unclosed md_in_html elements took quadratic time and an INHERIT merge of aliases 14 GB.
@Suite("bounded reading")
struct BoundedReadingTests {
    let page = "# Title\n<!-- outline:title -->\n\nSee [x](#title).\n"
    let tooDeep = "nesting deeper than \(Nesting.limit)"

    func site(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func open(_ n: Int, _ s: String) -> String { String(repeating: s, count: n) }

    /// A site configuration past the limit is unreadable: said once, at its line, and its files are
    /// read as CommonMark (exit 0: the page itself is fine).
    @Test(arguments: [
        ("mkdocs.yml", "site_name: x\nnav: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n", "docs", 2),
        ("mkdocs.yml", (0..<400).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + "\n", "docs", 257),
        ("hugo.toml", "title = \"x\"\nx = " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n", "content", 2),
        ("hugo.toml", "[" + (0..<300).map { _ in "a" }.joined(separator: ".") + "]\n", "content", 1),
        ("docusaurus.config.js", "module.exports = {title: 'x',\n  x: " + String(repeating: "{a: ", count: 200_000) + "1" + String(repeating: "}", count: 200_000) + "};\n", "docs", 2),
        ("conf.py", "extensions = ['myst_parser']\nx = " + String(repeating: "{'a': ", count: 200_000) + "1" + String(repeating: "}", count: 200_000) + "\n", ".", 2),
    ])
    func aSiteConfigurationPastTheLimit(_ name: String, _ text: String, _ content: String, _ line: Int) throws {
        let dir = try site([name: text, "\(content)/index.md": page])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = runInProcess(["check", dir.appendingPathComponent("\(content)/index.md").path])
        #expect(run.status == 0, "\(name): \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("\(name):\(line): warning: ") && lines[0].contains(tooDeep)
                && lines[0].hasSuffix("(its files are read as CommonMark; set slugs in .outline.toml, or site = \"none\")"), "\(name): \(run.stderr)")
    }

    /// `.outline.toml` past the limit is an error: exit 2, nothing done.
    @Test func anOutlineTomlPastTheLimit() throws {
        let dir = try site([".outline.toml": "links = true\nexclude = " + open(20_000, "[") + open(20_000, "]") + "\n", "a.md": page])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = runInProcess(["check", dir.appendingPathComponent("a.md").path])
        #expect(run.status == 2 && run.stderr.hasSuffix(".outline.toml:2: \(tooDeep)\n"), "\(run.stderr)")
        // At the limit it is the subset's own mistake, not a crash either.
        let config = try site([".outline.toml": "exclude = " + open(Nesting.limit, "[") + open(Nesting.limit, "]") + "\n"])
        defer { try? FileManager.default.removeItem(at: config) }
        #expect(throws: Diagnostic.self) { try Config.parse(Array((open(Nesting.limit, "[") + open(Nesting.limit, "]")).utf8), path: "x") }
    }

    /// An INHERIT merge of two sides sharing aliases (ten a level, nine levels: 10^9 nodes as
    /// trees, 14 GB before) stops at its budget: unreadable, said once at the INHERIT line.
    @Test func aBillionLaughsMerge() throws {
        var lines = ["a0: &a0 {k0: x}"]
        for i in 1..<10 { lines.append("a\(i): &a\(i) {" + (0..<10).map { "k\($0): *a\(i - 1)" }.joined(separator: ", ") + "}") }
        let laughs = lines.joined(separator: "\n") + "\n"
        let dir = try site(["base.yml": "site_name: x\n" + laughs, "mkdocs.yml": "site_name: y\nINHERIT: base.yml\n" + laughs, "docs/index.md": page])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = runInProcess(["check", dir.appendingPathComponent("docs/index.md").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("mkdocs.yml:2: warning: cannot read: merging INHERIT 'base.yml' makes more than \(Nesting.mergeBudget) nodes"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    /// A page's front matter nested past the limit (100 kB) is read as no front matter: the page is
    /// checked, nothing crashes.
    @Test func frontMatterPastTheLimit() throws {
        let deep = "---\ntitle: " + open(50_000, "[") + open(50_000, "]") + "\nslug: s\n---\n" + page
        let block = "---\n" + (0..<400).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + "\n---\n" + page
        #expect(HugoRoutes.frontMatter(Array(deep.utf8)).slug == nil)
        #expect(DocusaurusRoutes.frontMatter(Array(block.utf8)).slug == nil)
        let dir = try site(["hugo.toml": "baseURL = 'https://x.org/'\n", "content/deep.md": deep, "content/block.md": block])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = runInProcess(["check", dir.appendingPathComponent("content").path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Containers in a page: openers past the limit are text, with one warning at the first of them;
    /// unclosed ones are read in one pass (10,000 unclosed MyST openers overflowed the stack; 20,000
    /// unclosed md_in_html elements took 78 s). The sizes, and time linear in them, are the
    /// slow target's (`LinearReadingTests`).
    @Test func containersPastTheLimitAndUnclosed() throws {
        let myst = "extensions = ['myst_parser']\nmyst_enable_extensions = ['colon_fence']\n"
        let mkdocs = "site_name: x\nmarkdown_extensions:\n  - md_in_html\n  - admonition\n"
        let nestedAdmonitions = (0..<300).map { String(repeating: " ", count: 4 * $0) + "!!! note" }.joined(separator: "\n") + "\n"
        let dir = try site([
            "myst/conf.py": myst,
            "myst/backtick.md": page + open(1_000, "```{note}\n"),
            "myst/colon.md": page + open(1_000, ":::{note}\n"),
            "myst/closed.md": page + open(1_000, "```{note}\nIn a [note](#title).\n```\n"),
            "mk/mkdocs.yml": mkdocs,
            "mk/docs/unclosed.md": page + open(2_000, "<div markdown=\"1\">\n\n"),
            "mk/docs/nested.md": page + open(1_000, "<div markdown=\"1\">\n\n") + open(1_000, "</div>\n\n"),
            "mk/docs/admonitions.md": page + "\n" + nestedAdmonitions,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, Int?)] = [("myst/backtick.md", 5 + Nesting.limit), ("myst/colon.md", 5 + Nesting.limit), ("myst/closed.md", nil),
                                       ("mk/docs/unclosed.md", nil), ("mk/docs/nested.md", 5 + 2 * Nesting.limit), ("mk/docs/admonitions.md", 6 + Nesting.limit)]
        for (file, warning) in cases {
            let run = runInProcess(["check", dir.appendingPathComponent(file).path])
            #expect(run.status == 0, "\(file): \(run.stderr)")
            if let warning {
                #expect(run.stderr.hasSuffix("\(file):\(warning): warning: \(tooDeep) read as text\n") && run.stderr.split(separator: "\n").count == 1, "\(file): \(run.stderr)")
            } else {
                #expect(run.stderr.isEmpty, "\(file): \(run.stderr)")
            }
        }
    }
}
