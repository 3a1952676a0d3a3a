import Foundation
import Testing
@testable import OutlineCore
import OutlineTestHelpers

/// Slug profiles against the real renderers (format.md §7): pandoc's gfm and markdown readers, and
/// Python-Markdown's toc extension, on real documents; every heading both parsers see is compared.
@Suite("slug profiles against renderers", .serialized)
struct RendererSlugTests {
    /// Documents whose every heading is simple enough that the renderer's parser and cmark agree on
    /// what the headings are (same count), compared id by id; returns (compared, mismatches).
    func compare(_ profile: SlugProfile, render: (URL) throws -> String?) throws -> (Int, [String]) {
        var compared = 0
        var mismatches: [String] = []
        for url in Renderers.documents {
            guard let input = try? [UInt8](Data(contentsOf: url)), !input.contains(0),
                  let html = try render(url) else { continue }
            let theirs = Renderers.renderedIDs(html)
            let mine = try Renderers.ids(input, profile)
            // A different parser may see other headings (pandoc's markdown wants a blank line before
            // one; Python-Markdown has no lazy setext rules); only documents where both see the same
            // number of headings are compared.
            guard theirs.count == mine.count, !mine.isEmpty else { continue }
            for (a, b) in zip(mine, theirs) {
                compared += 1
                if a != b { mismatches.append("\(url.lastPathComponent): ours '\(a)', renderer '\(b)'") }
            }
        }
        return (compared, mismatches)
    }

    @Test(.enabled(if: Renderers.pandoc, "pandoc is not installed"))
    func githubAgreesWithPandocGFM() throws {
        let (compared, mismatches) = try compare(.github) { url in
            let run = try shell("pandoc -f gfm --wrap=none -t html '\(url.path)'", in: Paths.root)
            return run.status == 0 ? run.output : nil
        }
        #expect(compared > 500, "too few headings compared: \(compared)")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(20))")
    }

    @Test(.enabled(if: Renderers.pandoc, "pandoc is not installed"))
    func pandocAgreesWithPandocMarkdown() throws {
        let (compared, mismatches) = try compare(.pandoc) { url in
            let run = try shell("pandoc -f markdown --wrap=none -t html '\(url.path)'", in: Paths.root)
            return run.status == 0 ? run.output : nil
        }
        #expect(compared > 300, "too few headings compared: \(compared)")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(20))")
    }

    @Test(.enabled(if: PreCommit.available, "pip is not available: Python-Markdown cannot be installed"))
    func mkdocsAgreesWithPythonMarkdown() throws {
        try PreCommit.prepareVenv()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let (compared, mismatches) = try compare(.mkdocs) { url in
            let run = try shell("'\(python)' -c 'import markdown,sys; print(markdown.markdown(open(sys.argv[1], encoding=\"utf-8\", errors=\"replace\").read(), extensions=[\"toc\"]))' '\(url.path)'", in: Paths.root)
            return run.status == 0 ? run.output : nil
        }
        #expect(compared > 300, "too few headings compared: \(compared)")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(20))")
    }
}
