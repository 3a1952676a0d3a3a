import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

@Suite("toc")
struct TOCTests {
    func toc(_ text: String, _ arguments: [String] = []) -> RunResult {
        runInProcess(["toc"] + arguments, stdin: bytes(text))
    }

    static let guide = """
        # Guide
        <!-- outline:guide -->

        <!-- outline:toc -->
        <!-- outline:toc end -->

        ## Install *now*
        ### Linux & `macOS`
        #### Deep
        ## Usage
        ## Usage

        """

    @Test("fills the block with the section tree: title left out, three levels, duplicates numbered, markup escaped")
    func fills() {
        let result = toc(Self.guide)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == """
            # Guide
            <!-- outline:guide -->

            <!-- outline:toc -->

            - [Install now](#install-now)
              - [Linux \\& macOS](#linux--macos)
                - [Deep](#deep)
            - [Usage](#usage)
            - [Usage](#usage-1)

            <!-- outline:toc end -->

            ## Install *now*
            ### Linux & `macOS`
            #### Deep
            ## Usage
            ## Usage

            """)
        // Idempotent, and check agrees.
        #expect(toc(result.text).stdout == result.stdout)
        #expect(!runInProcess(["check", "--no-links"], stdin: result.stdout).text.contains("table of contents"))
        #expect(runInProcess(["check", "--no-links"], stdin: bytes(Self.guide)).text.contains("<stdin>:4: stale table of contents (run 'outline toc -w')"))
    }

    @Test("number keeps a fresh TOC fresh (titles and targets) and leaves a stale one alone; --strip gives back the bytes", arguments: Variant.allCases)
    func numberKeepsTheTOC(variant: Variant) {
        let fresh = runInProcess(["toc"], stdin: variant.apply(bytes(Self.guide + "See [usage](#usage).\n"))).stdout
        let numbered = runInProcess(["number"], stdin: fresh)
        #expect(numbered.status == 0)
        let ending = variant == .crlf ? "\r\n" : "\n"
        let list = "- [1 Install now](#1-install-now)\n  - [1.1 Linux \\& macOS](#11-linux--macos)\n    - [1.1.1 Deep](#111-deep)\n- [2 Usage](#2-usage)\n- [3 Usage](#3-usage)\n"
        #expect(numbered.text.contains(list.replacingOccurrences(of: "\n", with: ending)), "\(variant): \(numbered.text)")
        // Up to date for toc and check; the link outside the TOC followed its heading too.
        #expect(runInProcess(["toc"], stdin: numbered.stdout).stdout == numbered.stdout)
        #expect(!runInProcess(["check"], stdin: numbered.stdout).text.contains("table of contents"))
        #expect(numbered.text.contains("See [usage](#2-usage)."))
        expectBytes(runInProcess(["number", "--strip"], stdin: numbered.stdout).stdout, fresh, "\(variant)")
        // A stale TOC stays as it was (check reports it), so the round trip holds for it too.
        let stale = variant.apply(bytes(Self.guide))
        let once = runInProcess(["number"], stdin: stale).stdout
        #expect(String(decoding: once, as: UTF8.self).contains("<!-- outline:toc -->" + ending + "<!-- outline:toc end -->"))
        expectBytes(runInProcess(["number", "--strip"], stdin: once).stdout, stale, "\(variant) stale")
    }

    @Test("--depth, and depth= on the marker winning for its block; several blocks each filled")
    func depths() {
        let doc = "# T\n\n<!-- outline:toc depth=1 -->\n<!-- outline:toc end -->\n\n## A\n### B\n\n<!-- outline:toc -->\n<!-- outline:toc end -->\n"
        let result = toc(doc, ["--depth", "2"])
        #expect(result.text == "# T\n\n<!-- outline:toc depth=1 -->\n\n- [A](#a)\n\n<!-- outline:toc end -->\n\n## A\n### B\n\n<!-- outline:toc -->\n\n- [A](#a)\n  - [B](#b)\n\n<!-- outline:toc end -->\n")
        #expect(toc(doc, ["--depth", "0"]).status == 2)
        let bad = toc("# T\n<!-- outline:toc depth=x -->\n<!-- outline:toc end -->\n")
        #expect(bad.status == 2 && bad.stderr.contains("<stdin>:2: bad depth 'x'"))
    }

    @Test("numbers as written, linkable anchors as targets, toc=no leaves a section out with its subsections")
    func numbersAnchorsAndExclusions() throws {
        let doc = "# T\n<!-- outline:toc -->\n<!-- outline:toc end -->\n## Install\n<!-- outline:install --><a id=\"install\"></a>\n## Internals\n<!-- outline:internals toc=no -->\n### Deep\n## Usage\n"
        let numbered = runInProcess(["number"], stdin: bytes(doc)).stdout
        let result = runInProcess(["toc"], stdin: numbered)
        #expect(result.text.contains("\n- [1 Install](#install)\n- [3 Usage](#3-usage)\n\n"), "\(result.text)")
        #expect(!result.text.contains("Internals") || !result.text.contains("(#2-internals)"))
        #expect(!result.text.contains("[3.1 Deep]") && !result.text.contains("Deep]("))
        // Every link of the TOC resolves under check's rules.
        #expect(runInProcess(["check"], stdin: result.stdout).text.contains("broken link") == false)
    }

    @Test("bullet, nesting and line endings follow the document; bytes outside the markers are kept", arguments: Variant.allCases)
    func followsTheDocument(variant: Variant) {
        let doc = variant.apply(bytes("# T\n\n* item\n    * nested\n\n<!-- outline:toc -->\n<!-- outline:toc end -->\n\n## A\n### B\ntext  \ttrailing\n"))
        let result = runInProcess(["toc"], stdin: doc)
        let ending = variant == .crlf ? "\r\n" : "\n"
        let list = bytes("\n* [A](#a)\n    * [B](#b)\n\n".replacingOccurrences(of: "\n", with: ending))
        let marker = bytes("<!-- outline:toc -->" + ending)
        // Expected: the input with the list inserted right after the opening marker line.
        let markerEnd = doc.indices.first { doc[$0...].starts(with: marker) }! + marker.count
        expectBytes(result.stdout, Array(doc[..<markerEnd]) + list + Array(doc[markerEnd...]), "\(variant)")
        // The block's own list style wins over the document's.
        let own = bytes("# T\n<!-- outline:toc -->\n+ [x](#x)\n   + [y](#y)\n<!-- outline:toc end -->\n## A\n### B\n")
        #expect(runInProcess(["toc"], stdin: own).text.contains("\n+ [A](#a)\n   + [B](#b)\n"))
        // MkDocs nests only at four spaces.
        #expect(toc("# T\n<!-- outline:toc -->\n<!-- outline:toc end -->\n## A\n### B\n", ["--slugs", "mkdocs"]).text.contains("\n- [A](#a)\n    - [B](#b)\n"))
    }

    @Test("markers inside code are not markers; a folded view is refused; markers must pair up")
    func markersAndErrors() {
        let code = "# T\n```\n<!-- outline:toc -->\n<!-- outline:toc end -->\n```\n## A\n"
        #expect(toc(code).stdout == bytes(code))
        let folded = runInProcess(["fold", "--depth", "1"], stdin: bytes("# T\n<!-- outline:toc -->\n<!-- outline:toc end -->\n## A\ntext\n")).stdout
        let refused = runInProcess(["toc"], stdin: folded)
        #expect(refused.status == 2 && refused.stderr.contains("folded view"), "\(refused.stderr)")
        for (doc, message) in [
            ("# T\n<!-- outline:toc -->\n## A\n", "<stdin>:2: table of contents without its end marker"),
            ("# T\n<!-- outline:toc end -->\n## A\n", "<stdin>:2: '<!-- outline:toc end -->' without an opening"),
            ("# T\n<!-- outline:toc -->\n<!-- outline:toc -->\n<!-- outline:toc end -->\n", "<stdin>:3: a table of contents opened inside"),
            ("# T\n<!-- outline:toc please -->\n<!-- outline:toc end -->\n", "<stdin>:2: malformed table-of-contents marker: 'please'"),
        ] {
            let result = toc(doc)
            #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.hasPrefix("outline: " + message), "\(doc): \(result.stderr)")
            #expect(runInProcess(["check", "--no-links"], stdin: bytes(doc)).text.contains(String(message.dropFirst("<stdin>".count + 1))))
        }
    }

    @Test("the ID toc is reserved for markers: a section titled TOC gets toc-1, and id leaves the markers alone")
    func reservedID() {
        let doc = "# TOC\n<!-- outline:toc -->\n<!-- outline:toc end -->\n## A\n"
        let pinned = runInProcess(["id"], stdin: bytes(doc)).text
        #expect(pinned == "# TOC\n<!-- outline:toc-1 -->\n<!-- outline:toc -->\n<!-- outline:toc end -->\n## A\n<!-- outline:a -->\n", "\(pinned)")
        #expect(runInProcess(["id", "--strip"], stdin: bytes(pinned)).text == doc)
        let filled = runInProcess(["toc"], stdin: bytes(pinned)).text
        #expect(filled.contains("<!-- outline:toc -->\n\n- [A](#a)\n\n<!-- outline:toc end -->"))
    }

    @Test("--insert: after the title heading and its anchor, else at the top after front matter or a BOM; never twice")
    func insert() {
        #expect(toc("# T\n<!-- outline:t -->\nintro\n## A\n", ["--insert"]).text
                == "# T\n<!-- outline:t -->\n\n<!-- outline:toc -->\n\n- [A](#a)\n\n<!-- outline:toc end -->\n\nintro\n## A\n")
        #expect(toc("---\nx: 1\n---\n## A\n## B\n", ["--insert"]).text
                == "---\nx: 1\n---\n<!-- outline:toc -->\n\n- [A](#a)\n- [B](#b)\n\n<!-- outline:toc end -->\n\n## A\n## B\n")
        let bom = runInProcess(["toc", "--insert"], stdin: [0xEF, 0xBB, 0xBF] + bytes("## A\r\n")).stdout
        #expect(bom == [0xEF, 0xBB, 0xBF] + bytes("<!-- outline:toc -->\r\n\r\n- [A](#a)\r\n\r\n<!-- outline:toc end -->\r\n\r\n## A\r\n"))
        let once = toc("# T\n## A", ["--insert"])
        #expect(once.text == "# T\n\n<!-- outline:toc -->\n\n- [A](#a)\n\n<!-- outline:toc end -->\n\n## A")
        #expect(toc(once.text, ["--insert"]).stdout == once.stdout)
        #expect(toc("# T", ["--insert"]).text == "# T\n\n<!-- outline:toc -->\n<!-- outline:toc end -->")
    }

    @Test("--check, --diff and -w on a tree; the outline-toc hook is declared")
    func commonOptions() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(bytes(Self.guide)).write(to: dir.appendingPathComponent("a.md"))
        try Data(bytes("# Plain\n## A\n")).write(to: dir.appendingPathComponent("b.md"))
        let check = try runBinary(["toc", "--check", "."], directory: dir)
        #expect(check.status == 1 && check.text == "a.md\n")
        #expect(try runBinary(["toc", "--diff", "."], directory: dir).text.hasPrefix("--- a/a.md\n+++ b/a.md\n@@ -2,6 +2,13 @@\n"))
        #expect(try runBinary(["toc", "-w", "."], directory: dir).stderr == "outline: 1 file changed\n")
        #expect(try runBinary(["toc", "--check", "."], directory: dir).status == 0)
        let hooks = try String(contentsOf: Paths.root.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        #expect(hooks.contains("- id: outline-toc\n") && hooks.contains("  entry: outline toc -w\n"))
    }
}
