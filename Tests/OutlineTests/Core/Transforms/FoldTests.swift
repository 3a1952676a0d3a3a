import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// fold, unfold, state and diff (format.md §4, §6).
@Suite("fold, unfold, state, diff", .serialized)
struct FoldTests {
    let guide = bytes("""
    # Guide

    Intro.

    ## Install

    Install text.

    ### Linux

    apt-get install.

    ## Usage

    Usage text.

    ## FAQ

    Questions.

    """)

    func write(_ content: [UInt8], _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(content).write(to: url)
        return url.path
    }

    @Test func depthFoldShowsTheSkeleton() throws {
        let view = runInProcess(["fold", "--depth", "2"], stdin: guide)
        #expect(view.status == 0)
        let hash = { (text: String) in ContentHash.hex(ContentHash.hash(bytes(text)[...])) }
        #expect(view.text == """
        # Guide
        <!-- outline:guide fold=added -->
        <!-- outline-fold:guide lines=2-4 hash=\(hash("\nIntro.\n\n")) -->
        ## Install
        <!-- outline:install fold=added -->
        <!-- outline-fold:install lines=6-12 hash=\(hash("\nInstall text.\n\n### Linux\n\napt-get install.\n\n")) hidden=linux:3 -->
        ## Usage
        <!-- outline:usage fold=added -->
        <!-- outline-fold:usage lines=14-16 hash=\(hash("\nUsage text.\n\n")) -->
        ## FAQ
        <!-- outline:faq fold=added -->
        <!-- outline-fold:faq lines=18-19 hash=\(hash("\nQuestions.\n")) -->

        """)
        let tree = runInProcess(["tree", "--color", "never"], stdin: view.stdout)
        #expect(tree.text == " 1 ▾ Guide  #guide\n 5 ▸   Install  #install\n13 ▸   Usage  #usage\n17 ▸   FAQ  #faq\n")
        let json = runInProcess(["tree", "--json"], stdin: view.stdout).text
        // --json gives the original's lines too (format.md §4), as the text view does.
        #expect(json.contains("{\"id\": \"install\", \"anchored\": true, \"level\": 2, \"title\": \"Install\", \"slug\": \"install\", \"number\": null, \"line\": 5, \"end_line\": 12, \"folded\": true, \"children\": []}"), "\(json)")
        #expect(json.contains("\"id\": \"guide\", \"anchored\": true, \"level\": 1, \"title\": \"Guide\", \"slug\": \"guide\", \"number\": null, \"line\": 1, \"end_line\": 19, \"folded\": false"), "\(json)")
        // Depth counts in the tree, not in heading levels.
        let deep = runInProcess(["fold", "--depth", "1"], stdin: bytes("## A\n\ntext\n\n### B\n\n## C\n"))
        #expect(deep.text.hasPrefix("## A\n<!-- outline:a fold=added -->\n<!-- outline-fold:a lines=2-6 hash=") && deep.text.contains("hidden=b:3 -->\n## C\n"))
    }

    @Test func roundTripAndIdempotenceForEverySelection() throws {
        let original = Outline(try Document(guide))
        var selections: [Fold.Selection] = (1...6).map { .init(depth: $0) }
        selections += original.sections.map { .init(ids: [$0.id]) }
        selections.append(.init(depth: 2, ids: ["install"]))
        for selection in selections {
            for variant in Variant.allCases {
                let input = Outline(try Document(variant.apply(guide)))
                let folded = try Fold.apply(input, selection: selection).output
                let view = Outline(try Document(folded))
                expectBytes(try Fold.apply(view, selection: selection).output, folded, "fold twice \(selection) \(variant)")
                expectBytes(try Unfold.apply(view, original: input).output, variant.apply(guide), "unfold ∘ fold \(selection) \(variant)")
            }
        }
    }

    @Test func skeletonEditingFollowsIDs() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try write(guide, "guide.md", in: dir)
        var view = runInProcess(["fold", "--depth", "2", original]).text
        // Swap Usage and FAQ, rename Install, delete nothing yet, add a new section.
        let lines = view.components(separatedBy: "\n")
        func block(_ id: String) -> String {
            let start = lines.firstIndex { $0 == "<!-- outline:\(id) fold=added -->" }! - 1
            return lines[start...(start + 2)].joined(separator: "\n") + "\n"
        }
        let usage = block("usage"), faq = block("faq")
        view = view.replacingOccurrences(of: usage + faq, with: faq + usage + "## Changelog\n")
        view = view.replacingOccurrences(of: "## Install\n", with: "## Installation\n")
        let edited = runInProcess(["unfold", "--from", original], stdin: bytes(view))
        #expect(edited.status == 0 && edited.stderr.isEmpty)
        #expect(edited.text == """
        # Guide

        Intro.

        ## Installation

        Install text.

        ### Linux

        apt-get install.

        ## FAQ

        Questions.
        ## Usage

        Usage text.

        ## Changelog

        """)
        // Deleting a section in the skeleton (heading, anchor and marker) deletes it.
        let deleted = view.replacingOccurrences(of: faq, with: "")
        let result = runInProcess(["unfold", "--from", original], stdin: bytes(deleted))
        #expect(result.status == 0 && !result.text.contains("Questions.") && result.text.contains("Usage text."))
        // The marker at the end of a file without a final newline, moved up: a line ending is added.
        let noEOL = Array(guide.dropLast())
        let source2 = try write(noEOL, "noeol.md", in: dir)
        let view2 = runInProcess(["fold", "--depth", "2", source2]).text
        let moved = view2.replacingOccurrences(of: "## Usage\n", with: "@@").components(separatedBy: "@@")
        let faqPart = String(moved[1][moved[1].range(of: "## FAQ")!.lowerBound...])
        let reordered = moved[0] + faqPart + "\n## Usage\n" + String(moved[1][..<moved[1].range(of: "## FAQ")!.lowerBound])
        let unfolded = runInProcess(["unfold", "--from", source2], stdin: bytes(reordered)).text
        #expect(unfolded.contains("## FAQ\n\nQuestions.\n## Usage\n\nUsage text.\n"))
    }

    @Test func unfoldErrorsAndWarnings() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try write(guide, "guide.md", in: dir)
        let view = runInProcess(["fold", "--id", "usage", original]).stdout

        let noFrom = runInProcess(["unfold"], stdin: view)
        #expect(noFrom.status == 2 && noFrom.stdout.isEmpty)
        #expect(noFrom.stderr.hasPrefix("outline: unfold needs --from ORIGINAL"))

        let unknown = String(decoding: view, as: UTF8.self).replacingOccurrences(of: "outline-fold:usage", with: "outline-fold:nope")
        let missing = runInProcess(["unfold", "--from", original], stdin: bytes(unknown))
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr == "outline: <stdin>:18: fold marker 'nope' has no section 'nope' in the original\n")

        let marker = String(decoding: view, as: UTF8.self).components(separatedBy: "\n").first { $0.hasPrefix("<!-- outline-fold:") }!
        let twice = runInProcess(["unfold", "--from", original], stdin: view + bytes(marker + "\n"))
        #expect(twice.status == 2 && twice.stderr.contains("a second fold marker for 'usage'"))

        // The original changed since folding: restored from it, with a warning; --strict refuses.
        let changed = try write(bytes(String(decoding: guide, as: UTF8.self).replacingOccurrences(of: "Usage text.", with: "New usage text.")), "changed.md", in: dir)
        let warned = runInProcess(["unfold", "--from", changed], stdin: view)
        #expect(warned.status == 0 && warned.text.contains("New usage text."))
        #expect(warned.stderr == "outline: <stdin>:18: warning: section 'usage' changed in the original since it was folded; restored its current text\n")
        let strict = runInProcess(["unfold", "--strict", "--from", changed], stdin: view)
        #expect(strict.status == 2 && strict.stdout.isEmpty && strict.stderr.contains("changed in the original"))

        // --id expands only that marker; the rest stays folded.
        let both = runInProcess(["fold", "--id", "usage", "--id", "faq", original]).stdout
        let partial = runInProcess(["unfold", "--from", original, "--id", "faq"], stdin: both).text
        #expect(partial.contains("Questions.") && partial.contains("<!-- outline-fold:usage "))
    }

    @Test func foldErrors() throws {
        let unknown = runInProcess(["fold", "--id", "nope"], stdin: guide)
        #expect(unknown.status == 2 && unknown.stderr == "outline: <stdin>: no section with ID 'nope'\n")
        let nothing = runInProcess(["fold"], stdin: guide)
        #expect(nothing.status == 2 && nothing.stderr.hasPrefix("outline: nothing to fold"))
        let depth = runInProcess(["fold", "--depth", "0"], stdin: guide)
        #expect(depth.status == 2 && depth.stderr.hasPrefix("outline: --depth needs a whole number of at least 1"))
        let duplicate = runInProcess(["fold", "--depth", "1"], stdin: bytes("# A\n<!-- outline:a -->\n# B\n<!-- outline:a -->\n"))
        #expect(duplicate.status == 2 && duplicate.stderr.contains("duplicate ID 'a'") && duplicate.stdout.isEmpty)
        let view = runInProcess(["fold", "--depth", "2"], stdin: guide).stdout
        let refold = runInProcess(["fold", "--depth", "1"], stdin: view)
        #expect(refold.status == 2 && refold.stderr.contains("this is a folded view"))
        let directory = runInProcess(["fold", "--depth", "1", "/tmp"])
        #expect(directory.status == 2 && directory.stderr == "outline: /tmp: is a directory\n")
    }

    @Test func foldStateSurvivesEditsAboveAndRenames() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pinned = runInProcess(["id"], stdin: guide).stdout
        let path = try write(pinned, "guide.md", in: dir)
        let state = dir.appendingPathComponent("guide.outline.json").path
        let first = runInProcess(["fold", "--id", "install", "--save-state", state, path])
        #expect(first.status == 0)
        let sidecar = try String(contentsOfFile: state, encoding: .utf8)
        #expect(sidecar.hasPrefix("{\n  \"version\": 1,\n  \"folded\": [\n    \"install\"\n  ],\n  \"sections\": [\n    {\n      \"id\": \"guide\",\n      \"title\": \"Guide\",\n      \"level\": 1,\n      \"parent\": null\n    },"))
        #expect(sidecar == (runInProcess(["state", "--folded", "install", path])).text)

        // Text inserted above, the folded heading renamed: the same section is folded.
        var edited = String(decoding: pinned, as: UTF8.self)
        edited = edited.replacingOccurrences(of: "Intro.\n", with: "A new paragraph.\n\nIntro.\n\n## Prerequisites\n")
        edited = edited.replacingOccurrences(of: "## Install\n", with: "## Installing it\n")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let again = runInProcess(["fold", "--state", state, path])
        #expect(again.status == 0)
        #expect(again.text.contains("## Installing it\n<!-- outline:install -->\n<!-- outline-fold:install lines=12-19 "))
        // The sidecar against the edited document: a rename and a new section, fold state not compared.
        let diff = runInProcess(["diff", state, path])
        #expect(diff.status == 1)
        #expect(diff.text == "added prerequisites \"Prerequisites\"\nrenamed install: \"Install\" -> \"Installing it\"\n")
        // A folded ID the document no longer has: a warning when folding.
        try "{\"version\": 1, \"folded\": [\"install\", \"gone\"]}".write(toFile: state, atomically: true, encoding: .utf8)
        let warned = runInProcess(["fold", "--state", state, path])
        #expect(warned.status == 0 && warned.stderr == "outline: \(state):1: warning: folded section 'gone' no longer exists in \(path); ignored\n")
    }

    @Test func diffReportsEveryKindOfChange() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try write(bytes("""
        # Guide
        <!-- outline:guide -->
        ## Install
        <!-- outline:install -->
        ## Usage
        <!-- outline:usage -->
        ### Flags
        <!-- outline:flags -->
        ## FAQ
        <!-- outline:faq -->
        ## Old
        <!-- outline:old -->

        """), "a.md", in: dir)
        let b = try write(bytes("""
        # Guide
        <!-- outline:guide -->
        ## New first
        <!-- outline:new-first -->
        ## FAQ
        <!-- outline:faq -->
        ## Installing
        <!-- outline:install -->
        ## Usage
        <!-- outline:usage -->
        #### Flags
        <!-- outline:flags -->
        # Appendix
        <!-- outline:appendix -->

        """), "b.md", in: dir)
        let result = runInProcess(["diff", a, b])
        #expect(result.status == 1)
        #expect(result.text == """
        removed old "Old"
        added new-first "New first"
        moved faq: now after new-first under guide
        renamed install: "Install" -> "Installing"
        level flags: 3 -> 4
        added appendix "Appendix"

        """)
        let json = runInProcess(["diff", "--json", a, b])
        #expect(json.status == 1 && json.text.hasPrefix("{\n  \"version\": 1,\n  \"changes\": [\n    {\n      \"change\": \"removed\",\n      \"id\": \"old\",\n      \"from\": \"Old\"\n    },"))
        #expect(runInProcess(["diff", a, a]).status == 0 && (runInProcess(["diff", a, a])).stdout.isEmpty)
        // Moving under another parent.
        let c = try write(bytes("# Guide\n<!-- outline:guide -->\n## Install\n<!-- outline:install -->\n### Usage\n<!-- outline:usage -->\n"), "c.md", in: dir)
        let d = try write(bytes("# Guide\n<!-- outline:guide -->\n## Install\n<!-- outline:install -->\n## Usage\n<!-- outline:usage -->\n"), "d.md", in: dir)
        #expect(runInProcess(["diff", c, d]).text == "moved usage: under install -> under guide\nlevel usage: 3 -> 2\n")
        #expect(runInProcess(["diff", a]).status == 2)
    }

    @Test func diffFoldStateAndSidecars() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pinned = runInProcess(["id"], stdin: guide).stdout
        let original = try write(pinned, "guide.md", in: dir)
        let foldedInstall = try write(runInProcess(["fold", "--id", "install", original]).stdout, "f1.md", in: dir)
        let foldedUsage = try write(runInProcess(["fold", "--id", "usage", original]).stdout, "f2.md", in: dir)
        // Hidden sections count as present; fold state compared when both sides carry one.
        #expect(runInProcess(["diff", original, foldedInstall]).status == 0)
        #expect(runInProcess(["diff", foldedInstall, foldedUsage]).text == "unfolded install\nfolded usage\n")
        let state = dir.appendingPathComponent("s.json").path
        try Data(runInProcess(["state", foldedInstall]).stdout).write(to: URL(fileURLWithPath: state))
        #expect(runInProcess(["diff", state, foldedInstall]).status == 0)
        #expect(runInProcess(["diff", state, foldedUsage]).text == "unfolded install\nfolded usage\n")
        // A minimal sidecar: is its fold state still valid for this document?
        try "{\"version\": 1, \"folded\": [\"install\", \"gone\"]}".write(toFile: state, atomically: true, encoding: .utf8)
        let minimal = runInProcess(["diff", state, original])
        #expect(minimal.status == 1 && minimal.text == "removed gone\n")
        try "{\"version\": 1, \"folded\": 3}".write(toFile: state, atomically: true, encoding: .utf8)
        let malformed = runInProcess(["diff", state, original])
        #expect(malformed.status == 2 && malformed.stderr == "outline: \(state): malformed sidecar: \"folded\" must be a list of section IDs\n")
    }

    @Test func stateOfAFoldedViewAndErrors() throws {
        let view = runInProcess(["fold", "--depth", "1"], stdin: guide).stdout
        let state = runInProcess(["state"], stdin: view)
        #expect(state.status == 0)
        let sidecar = try Sidecar.parse(state.stdout)
        #expect(sidecar.folded == ["guide"])
        #expect(sidecar.sections?.map(\.id) == ["guide", "install", "linux", "usage", "faq"])
        #expect(sidecar.sections?.map(\.parent) == [nil, "guide", "install", "guide", "guide"])
        #expect(sidecar.sections?.map(\.title) == ["Guide", nil, nil, nil, nil])
        let unknown = runInProcess(["state", "--folded", "nope"], stdin: guide)
        #expect(unknown.status == 2 && unknown.stderr == "outline: <stdin>: no section with ID 'nope' (--folded)\n")
        // Deterministic: the same input gives the same bytes.
        #expect(runInProcess(["state"], stdin: view).stdout == state.stdout)
    }

    @Test func colourOnlyWhenAskedAndNeverWithNoColor() throws {
        let always = runInProcess(["tree", "--color", "always"], stdin: guide)
        #expect(always.text.contains("\u{1B}["))
        let never = runInProcess(["tree"], stdin: guide)
        #expect(!never.text.contains("\u{1B}["))
        let console = Console(stdin: { self.guide }, outputIsTerminal: true, environment: ["NO_COLOR": "1"], lifetime: .session())
        #expect(OutlineCommandLine.run(["tree"], console: console) == 0)
        #expect(!console.outputText.contains("\u{1B}["))
        let terminal = Console(stdin: { self.guide }, outputIsTerminal: true, environment: [:], lifetime: .session())
        #expect(OutlineCommandLine.run(["tree"], console: terminal) == 0)
        #expect(terminal.outputText.contains("\u{1B}["))
    }

    /// format.md §4: a level change made in the skeleton applies to the hidden subsections too.
    @Test func levelChangesApplyToHiddenSubsections() throws {
        let original = bytes("# Guide\n\n## Install\n\nSteps.\n\n### Linux\n\napt.\n\n#### Debian\n\nmore.\n\nSetext\n------\n\nwin.\n")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("guide.md").path
        try Data(original).write(to: URL(fileURLWithPath: path))
        let view = runInProcess(["fold", "--depth", "2", path]).text
        // Install one level deeper: Linux and Debian follow; the setext sibling is not Install's.
        let deeper = runInProcess(["unfold", "--from", path], stdin: bytes(view.replacingOccurrences(of: "## Install", with: "### Install")))
        #expect(deeper.status == 0, "\(deeper.stderr)")
        #expect(deeper.text == String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: "## Install", with: "### Install").replacingOccurrences(of: "### Linux", with: "#### Linux")
            .replacingOccurrences(of: "#### Debian", with: "##### Debian"))
        // Promoted: everything one level up, a setext subsection's underline changes with it.
        let top = runInProcess(["fold", "--depth", "1", path]).text
        let promoted = runInProcess(["unfold", "--from", path], stdin: bytes(top.replacingOccurrences(of: "# Guide", with: "## Guide")))
        #expect(promoted.status == 2 && promoted.stdout.isEmpty)
        #expect(promoted.stderr.contains(":3: the level change of 'guide' would make its setext subsection 'setext' level 3"), "\(promoted.stderr)")
        // Beyond level 6: an error, nothing written.
        let tooDeep = runInProcess(["unfold", "--from", path], stdin: bytes(view.replacingOccurrences(of: "## Install", with: "##### Install")))
        #expect(tooDeep.status == 2 && tooDeep.stdout.isEmpty)
        #expect(tooDeep.stderr.contains("would make its subsection 'debian' a level-7 heading"), "\(tooDeep.stderr)")
    }
}
