import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Issue 42, item 10: `tree` shows each heading's link target. `tree --json` gives every section a
/// `"slug"` (its heading's slug under the slug profile, duplicates numbered: what a link by the
/// heading's text names, and what `toc` links where the section has no linkable anchor); `--slugs`
/// picks the profile, as the configuration's `slugs` does; the text view shows slugs only with
/// `--slugs` given.
@Suite("tree: slugs")
struct TreeSlugsTests {
    static let doc = """
    # Guide

    <!-- outline:toc -->
    <!-- outline:toc end -->

    ## 1.2 Über C++ & you

    ## Install it
    <!-- outline:install --><a id="install"></a>

    ## Install it

    ### `code` *here*

    """

    /// Every section's `"slug"` in `tree --json`, in document order.
    static func slugs(_ arguments: [String], stdin: String = doc) throws -> [String] {
        let run = runInProcess(["tree", "--json"] + arguments, stdin: Array(stdin.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        var found: [String] = []
        func walk(_ sections: [JSONValue]) {
            for s in sections {
                found.append(s["slug"]?.stringValue ?? "<none>")
                walk(s["children"]?.arrayValue ?? [])
            }
        }
        walk(try JSONReader.parse(run.stdout)["sections"]?.arrayValue ?? [])
        return found
    }

    /// The targets `toc` writes for the same document under `profile`.
    static func tocTargets(_ profile: String) -> [String] {
        let toc = runInProcess(["toc", "--slugs", profile], stdin: Array(doc.utf8)).text
        return toc.split(separator: "\n").compactMap { line in
            guard let open = line.range(of: "](#") else { return nil }
            return String(line[open.upperBound...].dropLast())
        }
    }

    @Test(arguments: ["github", "gitlab", "pandoc", "mkdocs", "hugo", "kramdown"])
    func jsonSlugsAreTheHeadingsLinkTargets(_ profile: String) throws {
        let slugs = try Self.slugs(["--slugs", profile])
        let toc = Self.tocTargets(profile)
        // `toc` lists every section but the title; it links the linkable anchor `install` (the
        // section's ID) where the slug is the heading's own.
        #expect(slugs.count == 5 && toc.count == 4, "\(slugs) \(toc)")
        #expect(toc[1] == "install" && slugs[2] != "install")
        #expect(Array(slugs.dropFirst()).enumerated().allSatisfy { $0.offset == 1 || $0.element == toc[$0.offset] }, "\(slugs) \(toc)")
        if profile == "github" {
            #expect(slugs == ["guide", "12-über-c--you", "install-it", "install-it-1", "code-here"])
            #expect(try Self.slugs([]) == slugs, "github is the default")
        }
    }

    @Test func theConfigurationsProfileIsUsedAndTheOptionWins() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "slugs = \"pandoc\"\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("a.md")
        try Self.doc.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.slugs([file.path], stdin: "")[1] == "über-c-you")
        #expect(try Self.slugs(["--slugs", "mkdocs", file.path], stdin: "")[1] == "12-uber-c-you")
    }

    @Test func theTextViewShowsSlugsOnlyWithTheOption() throws {
        let plain = runInProcess(["tree", "--color", "never"], stdin: Array(Self.doc.utf8))
        #expect(!plain.text.contains("slug"))
        let shown = runInProcess(["tree", "--color", "never", "--slugs", "github"], stdin: Array(Self.doc.utf8))
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = shown.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        // The text view without the option, and the slug after it.
        let plainLines = plain.text.split(separator: "\n").map(String.init)
        let slugs = try Self.slugs([])
        for (k, line) in lines.enumerated() { #expect(line == plainLines[k] + "  slug #" + slugs[k], "\(line)") }
    }
}
