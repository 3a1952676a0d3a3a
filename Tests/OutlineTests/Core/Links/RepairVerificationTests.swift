import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Link repair and its verification agree (format.md §9): a rewrite of destinations that the locator
/// and the writer make is never refused, and one byte beside them that changes always is.
@Suite("link repair verified")
struct RepairVerificationTests {
    /// `## Usage` moves from guide.md to setup.md with its anchor and body (a move, format.md §8).
    static let then = [
        "guide.md": "# Guide\n<!-- outline:guide -->\n\n## Usage\n<!-- outline:usage -->\n\nUse it.\n",
        "setup.md": "# Setup\n<!-- outline:setup -->\n\nText.\n",
    ]
    static let now = [
        "guide.md": "# Guide\n<!-- outline:guide -->\n",
        "setup.md": "# Setup\n<!-- outline:setup -->\n\nText.\n\n## Usage\n<!-- outline:usage -->\n\nUse it.\n",
    ]

    /// `links --since HEAD` over `index.md` (its text at HEAD and now) and the two files.
    static func repair(_ index: String) throws -> Result<RewriteResult, Diagnostic>? {
        var then = Self.then, now = Self.now
        then["index.md"] = index
        now["index.md"] = index
        let history = MemoryHistory([MemoryRevision("HEAD", files: then)])
        var request = Run.LinksRequest(files: ["guide.md", "index.md", "setup.md"])
        request.since = "HEAD"
        guard case .repaired(let results) = try Run(store: MemoryStore(now), revisions: history, lifetime: .session()).links(request) else { return nil }
        return results.first { $0.path == "index.md" }?.result
    }

    /// Issue 42, item 6: raw HTML whose `href` is repaired, in a leaf block that does not start on its
    /// top-level block's first line (a later list item, a later paragraph of an item or a quote),
    /// beside an inline link or not, in either order. Verification exempted a top-level block whose
    /// first line a leaf with a repaired `href` started on, and no other: these were refused.
    @Test(arguments: [
        "- [u](guide.md#usage \"title\")\n- <a href=\"guide.md#usage\">u</a>\n",
        "- <a href=\"guide.md#usage\">u</a>\n- [u](guide.md#usage \"title\")\n",
        "- a\n- [u](guide.md#usage \"title\")\n  <a href=\"guide.md#usage\">u</a>\n",
        "- a\n- <a href=\"guide.md#usage\">u</a>\n  [u](guide.md#usage \"title\")\n",
        "1. a\n2. b <a href=\"guide.md#usage\">u</a>\n",
        "- a\n\n  b <a href=\"guide.md#usage\">u</a>\n",
        "> a\n>\n> b <a href=\"guide.md#usage\">u</a>\n",
        "> - a\n> - <a href=\"guide.md#usage\">u</a>\n",
    ])
    func rawHTMLAfterTheFirstLineOfAContainerIsRepaired(_ block: String) throws {
        let index = "# Index\n<!-- outline:index -->\n\n" + block
        let result = try #require(try Self.repair(index))
        let rewrite = try result.get()
        #expect(String(decoding: rewrite.output, as: UTF8.self) == index.replacingAll("guide.md#usage", with: "setup.md#usage"))
        #expect(rewrite.diagnostics.isEmpty, "\(rewrite.diagnostics)")
    }
}
