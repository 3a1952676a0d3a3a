import Foundation
import Testing
import OutlineTestHelpers

/// What needs a tool beyond Swift and the repository (groff, cmark, pandoc, Python-Markdown), kept
/// out of the fast suite.
@Suite("external tools", .serialized)
struct ExternalToolTests {
    @Test func manPageRendersWithoutWarnings() throws {
        let result = try shell("groff -man -Tutf8 -ww -z man/outline.1 2>&1", in: Paths.root)
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
    }

    /// cmark, pandoc (`-f gfm`) and Python-Markdown all render the element with its id.
    @Test func renderersKeepTheTarget() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("doc.md")
        try Data(runInProcess(["id", "--linkable"], stdin: bytes("# Guide\n\nSee [install](#install).\n\n## Install\n\nSteps.\n")).stdout).write(to: file)
        let cmark = try shell("cmark --unsafe '\(file.path)'", in: dir).output
        #expect(cmark.contains("<!-- outline:install --><a id=\"install\"></a>"), "\(cmark)")
        if Renderers.pandoc {
            let pandoc = try shell("pandoc -f gfm -t html '\(file.path)'", in: dir).output
            #expect(pandoc.contains("<a id=\"install\"></a>"), "\(pandoc)")
        }
        if PreCommit.available {
            try PreCommit.prepareVenv()
            let python = PreCommit.venv.appendingPathComponent("bin/python").path
            let html = try shell("'\(python)' -c 'import markdown,sys; print(markdown.markdown(open(sys.argv[1]).read()))' '\(file.path)'", in: dir).output
            #expect(html.contains("<a id=\"install\"></a>"), "\(html)")
        }
    }
}
