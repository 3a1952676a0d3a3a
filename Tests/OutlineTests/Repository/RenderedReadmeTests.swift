import Foundation
import Testing
import OutlineTestHelpers

/// The README as cmark renders it (issue 42, item 11): a code block meant to be part of a step of
/// "Use it on your docs" must be inside that step's list item. Indented less than the item's text
/// (two spaces under `3. `), the block ends the list: the steps after it start a new list, and a
/// renderer shows the configuration between two lists.
@Suite("README rendered")
struct RenderedReadmeTests {
    static let html = GeneratedRepairTests.html(
        (try? String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? "")

    /// The `<li>…</li>` whose text starts with `start`, its nested items included.
    static func item(startingWith start: String, in html: String) -> Range<String.Index>? {
        guard let open = html.range(of: "<li>\n" + start) ?? html.range(of: "<li>" + start) else { return nil }
        var depth = 0
        var at = open.lowerBound
        while let next = html[at...].firstMatch(of: /<li>|<\/li>/) {
            depth += next.output == "<li>" ? 1 : -1
            if depth == 0 { return open.lowerBound..<next.range.upperBound }
            at = next.range.upperBound
        }
        return nil
    }

    @Test func theQuickPathsCodeBlocksStayInTheirSteps() throws {
        let html = Self.html
        let section = try #require(html.range(of: "<h2>Use it on your docs</h2>"))
        let list = try #require(html.range(of: "<ol>", range: section.upperBound..<html.endIndex))
        let end = try #require(html.range(of: "</ol>", range: list.upperBound..<html.endIndex))
        let steps = html[list.lowerBound..<end.upperBound]
        // Every step is an item of that one list (after a broken item, the next steps were text of a
        // paragraph: a list starting at 4 cannot interrupt one).
        for step in ["Install", "Pin the IDs", "Gate commits and pull requests.", "Rename and move freely.", "Optionally:"] {
            #expect(steps.contains("<strong>\(step)</strong>"), "step '\(step)' is not in the quick path's list")
        }
        #expect(!html.contains("<ol start="), "a numbered list of the README restarts: a block between its items ended it")
        for (step, block) in [("<p><strong>Pin the IDs</strong>", "<pre><code class=\"language-sh\">outline id -w docs/"),
                              ("<p><strong>Gate commits and pull requests.</strong>", "<pre><code class=\"language-yaml\">repos:")] {
            let item = try #require(Self.item(startingWith: step, in: html), "no list item starts with \(step)")
            #expect(html[item].contains(block), "the block \(block) is not inside the step \(step)")
        }
    }
}
