import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// format.md §14 coexistence with formatters: on real-world documents, `id`, then mdformat (PyPI) or
/// `pandoc -f gfm -t gfm` (Debian), then `id` again adds no ID and leaves no orphan. Both formatters put
/// a blank line between a heading and its anchor; the anchor is still the heading's (format.md §2).
@Suite("formatters", .serialized)
struct FormatterTests {
    func roundTrip(_ formatter: String) throws {
        let documents = Renderers.documents
        #expect(documents.count >= 20, "too few real documents under /usr/share/doc")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var checked = 0
        for url in documents {
            guard let input = try? [UInt8](Data(contentsOf: url)), !input.contains(0),
                  let pinned = try? PinIDs.apply(Outline(Document(input))).output else { continue }
            let file = dir.appendingPathComponent("doc.md")
            try Data(pinned).write(to: file)
            let run = try shell("\(formatter) \(file.path.debugDescription) > \(file.path.debugDescription).out", in: dir)
            guard run.status == 0 else { continue }   // a formatter that gives up on a document proves nothing
            let formatted = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path + ".out")))
            let outline = Outline(try Document(formatted))
            let before = outline.records.count
            let again = try PinIDs.apply(outline)
            let after = Outline(try Document(again.output))
            // Where the formatter kept the anchors, none is added and none is an orphan.
            guard before > 0 else { continue }
            let orphans = after.orphanRecords.compactMap(\.id)
            let added = after.records.count - before
            #expect(added == 0 && orphans.isEmpty,
                    "\(url.path): \(formatter) then id added \(added) anchors, orphans \(orphans.prefix(5))")
            checked += 1
        }
        #expect(checked >= 20, "only \(checked) documents went through \(formatter)")
    }

    @Test(.enabled(if: PreCommit.available, "pip is not available: mdformat cannot be installed"))
    func mdformatThenIDAddsNothing() throws {
        try PreCommit.prepareVenv()
        try roundTrip("'\(PreCommit.venv.appendingPathComponent("bin/mdformat").path)' - <")
    }

    @Test(.enabled(if: Renderers.pandoc, "pandoc is not installed (apt-get install pandoc)"))
    func pandocThenIDAddsNothing() throws {
        try roundTrip("pandoc -f gfm -t gfm")
    }

    @Test func placementFollowsTheDocument() throws {
        // Most anchors after a blank line: new ones go there too; otherwise directly under.
        let blank = bytes("# T\n\n<!-- outline:t -->\n\n## A\n\nText.\n")
        #expect(try String(decoding: PinIDs.apply(Outline(Document(blank))).output, as: UTF8.self)
                == "# T\n\n<!-- outline:t -->\n\n## A\n\n<!-- outline:a -->\nText.\n")
        let below = bytes("# T\n<!-- outline:t -->\n\n## A\n\nText.\n")
        #expect(try String(decoding: PinIDs.apply(Outline(Document(below))).output, as: UTF8.self)
                == "# T\n<!-- outline:t -->\n\n## A\n<!-- outline:a -->\n\nText.\n")
        // The anchor after blank lines is the heading's: no finding, no second anchor.
        let formatted = bytes("# T\n\n<!-- outline:t -->\n\nText.\n")
        #expect(StructureFindings.of(Outline(try Document(formatted)), path: "-").isEmpty)
        #expect(try PinIDs.apply(Outline(Document(formatted))).output == formatted)
    }

    /// markdownlint's MD022 (blank lines around headings), as pymarkdown (PyPI) checks it: a document
    /// that puts a blank line under its headings keeps MD022 satisfied through `id` (new anchors go
    /// after the blank line), while anchors directly under headings break it (the check can fail).
    @Test(.enabled(if: PreCommit.available, "pip is not available: pymarkdown cannot be installed"))
    func markdownlintMD022() throws {
        try PreCommit.prepareVenv()
        let pymarkdown = PreCommit.venv.appendingPathComponent("bin/pymarkdown").path
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func md022(_ document: [UInt8]) throws -> [String] {
            let file = dir.appendingPathComponent("doc.md")
            try Data(document).write(to: file)
            let run = try shell("'\(pymarkdown)' scan '\(file.path)'", in: dir)
            return run.output.split(separator: "\n").map(String.init).filter { $0.contains("MD022") }
        }
        // examples/guide.md without its front matter (mdformat does not know front matter), pinned,
        // through mdformat: every anchor now after a blank line. Then a new section, pinned again.
        let text = try String(contentsOf: Paths.root.appendingPathComponent("examples/guide.md"), encoding: .utf8)
        let guide = bytes(String(text[text.range(of: "\n---\n")!.upperBound...]))
        let file = dir.appendingPathComponent("guide.md")
        try Data(runInProcess(["id"], stdin: guide).stdout).write(to: file)
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        #expect(try shell("'\(python)' -m mdformat '\(file.path)'", in: dir).status == 0)
        let formatted = try [UInt8](Data(contentsOf: file)) + bytes("\n## A new section\n\nText.\n")
        #expect(try md022(formatted).isEmpty, "mdformat's output already satisfies MD022")
        let pinned = runInProcess(["id"], stdin: formatted).stdout
        #expect(String(decoding: pinned, as: UTF8.self).hasSuffix("## A new section\n\n<!-- outline:a-new-section -->\nText.\n"))
        let findings = try md022(pinned)
        #expect(findings.isEmpty, "id must keep MD022 satisfied: \(findings)")
        // The same anchors directly under the headings: MD022 findings, one per heading.
        let below = runInProcess(["id"], stdin: guide).stdout
        let headings = try Outline(parsing: below).sections.count
        #expect(try md022(below).count == headings)
    }
}
