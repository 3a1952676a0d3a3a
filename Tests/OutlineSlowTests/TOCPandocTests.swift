import Foundation
import Testing
import OutlineTestHelpers

/// `toc` against pandoc (an external tool, over real documents): moved out of the fast suite's
/// `TOCTests`, where it was 24 s of a 86 s serial run.
@Suite("toc against pandoc")
struct TOCPandocTests {
    @Test("TOC links resolve to the ids pandoc gives the headings (GitHub's rules), over real documents",
          .enabled(if: Renderers.pandoc, "pandoc is not installed"))
    func againstPandoc() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var checked = 0
        for url in Renderers.documents {
            guard let input = try? [UInt8](Data(contentsOf: url)), !input.contains(0) else { continue }
            let filled = runInProcess(["toc", "--insert", "--depth", "6"], stdin: input)
            guard filled.status == 0 else { continue }
            let file = dir.appendingPathComponent("doc.md")
            try Data(filled.stdout).write(to: file)
            let html = try shell("pandoc -f gfm --wrap=none -t html doc.md", in: dir)
            guard html.status == 0 else { continue }
            var ids = Set<String>()
            for match in html.output.matches(of: /id="([^"]*)"/) { ids.insert(Renderers.unescapeHTML(String(match.1))) }
            let lines = filled.text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let open = lines.firstIndex(of: "<!-- outline:toc -->"), let close = lines.firstIndex(of: "<!-- outline:toc end -->") else {
                Issue.record("\(url.lastPathComponent): no markers inserted"); continue
            }
            // pandoc's gfm reader and cmark may disagree on what a heading is: compare documents where
            // pandoc gives at least as many ids as the TOC lists.
            for line in lines[open..<close] {
                guard let match = line.firstMatch(of: /\]\(#([^)]*)\)$/) else { continue }
                let target = String(match.1).removingPercentEncoding ?? String(match.1)
                #expect(ids.contains(target), "\(url.lastPathComponent): TOC target '\(target)' is not an id in pandoc's HTML")
                checked += 1
            }
        }
        #expect(checked > 100, "only \(checked) TOC links checked")
    }
}
