import Foundation
import Testing
import OutlineTestHelpers

/// A translated page's record changes nothing its site renders (format.md §2, §17): built with MkDocs
/// (from PyPI) and Hugo (the system's), a page gets the same title and the same text with the record
/// as without it, comments aside; the same record before the first heading would change MkDocs'
/// title, which is why it ends the file.
@Suite("page record against MkDocs and Hugo", .serialized)
struct PageRecordRenderingTests {
    static let page = "Intro text.\n\n# Real Title\n\nBody text.\n"
    static let record = "<!-- outline-page:preamble=1f3a9c2e title=0b9d2c41 -->"

    /// The page's `<title>`, and its HTML without comments (`raw HTML omitted` markers too) and
    /// without the blanks between tags.
    static func rendered(_ html: String) -> (title: String, body: String) {
        let title = html.range(of: "<title>[^<]*", options: .regularExpression).map { String(html[$0]) } ?? ""
        let body = html.replacingOccurrences(of: "<!--.*?-->", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "> <", with: "><")
        return (title, body)
    }

    @Test(.enabled(if: PreCommit.available, "pip is not available: MkDocs cannot be installed"))
    func mkdocsRendersTheSamePage() throws {
        try PreCommit.prepareSiteTools()
        let mkdocs = PreCommit.venv.appendingPathComponent("bin/mkdocs").path
        let bare = "# Real Title\n\nBody text.\n"
        /// One site of `page.md` and `bare.md` as given, built: each page's HTML.
        func site(_ page: String, _ bareText: String) throws -> [String: String] {
            let dir = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
            try "site_name: t\n".write(to: dir.appendingPathComponent("mkdocs.yml"), atomically: true, encoding: .utf8)
            try page.write(to: dir.appendingPathComponent("docs/page.md"), atomically: true, encoding: .utf8)
            try bareText.write(to: dir.appendingPathComponent("docs/bare.md"), atomically: true, encoding: .utf8)
            let build = try shell("'\(mkdocs)' build -q 2>&1", in: dir)
            #expect(build.status == 0, "\(build.output)")
            var out: [String: String] = [:]
            for name in ["page", "bare"] { out[name] = try String(contentsOf: dir.appendingPathComponent("site/\(name)/index.html"), encoding: .utf8) }
            return out
        }
        let plain = try site(Self.page, bare)
        let stamped = try site(Self.page + "\n" + Self.record + "\n", bare + "\n" + Self.record + "\n")
        #expect(plain["bare"]!.contains("<title>Real Title"))
        for name in ["page", "bare"] { #expect(Self.rendered(plain[name]!) == Self.rendered(stamped[name]!), "\(name)") }
        // Before the first heading, MkDocs no longer takes the page's title from it.
        let front = try site(Self.page, Self.record + "\n" + bare)
        #expect(Self.rendered(front["bare"]!).title != Self.rendered(plain["bare"]!).title)
    }

    @Test(.enabled(if: (try? shell("command -v hugo", in: Paths.root).status) == 0, "hugo is not installed (make test-deps)"))
    func hugoRendersTheSamePage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("content"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("layouts/_default"), withIntermediateDirectories: true)
        try "baseURL = 'https://example.org/'\ntitle = 't'\n".write(to: dir.appendingPathComponent("hugo.toml"), atomically: true, encoding: .utf8)
        try "<html><head><title>{{ .Title }}</title></head><body>{{ .Summary }}|{{ .Content }}|{{ .WordCount }}</body></html>\n"
            .write(to: dir.appendingPathComponent("layouts/_default/single.html"), atomically: true, encoding: .utf8)
        let front = "---\ntitle: Traces\ndescription: Paths\n---\n\n"
        try (front + Self.page).write(to: dir.appendingPathComponent("content/plain.md"), atomically: true, encoding: .utf8)
        try (front + Self.page + "\n" + Self.record + "\n").write(to: dir.appendingPathComponent("content/stamped.md"), atomically: true, encoding: .utf8)
        let build = try shell("hugo --quiet -d public 2>&1", in: dir)
        #expect(build.status == 0, "\(build.output)")
        let plain = try String(contentsOf: dir.appendingPathComponent("public/plain/index.html"), encoding: .utf8)
        let stamped = try String(contentsOf: dir.appendingPathComponent("public/stamped/index.html"), encoding: .utf8)
        #expect(Self.rendered(plain) == Self.rendered(stamped), "\(plain)\n\(stamped)")
        #expect(plain.contains("<title>Traces</title>") && plain.contains("Body text."))
    }
}
