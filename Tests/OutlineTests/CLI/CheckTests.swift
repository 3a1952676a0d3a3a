import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

@Suite("check", .serialized)
struct CheckTests {
    @Test func checkFindingsAndExitStatus() throws {
        let clean = try runBinary(["id"], stdin: bytes("# A\n## B\n")).stdout
        let ok = try runBinary(["check"], stdin: clean)
        #expect(ok.status == 0 && ok.stdout.isEmpty && ok.stderr.isEmpty)
        let folded = bytes("# A\n<!-- outline:a -->\n<!-- outline-fold:a lines=3-4 hash=00000000 -->\n")
        // A folded view in place of its document has lost its hidden lines: a finding by default.
        let expected = "<stdin>:3: fold marker for 'a': this is a folded view, its hidden lines are not here (run 'outline unfold', or check --allow-folds)\n"
        for options in [[], ["--no-folds"]] {
            let result = try runBinary(["check"] + options, stdin: folded)
            #expect(result.status == 1 && result.text == expected, "\(options): \(result.text)")
        }
        #expect(try runBinary(["check", "--allow-folds"], stdin: folded).status == 0)
        let broken = try runBinary(["check"], stdin: bytes("# A\n<!-- outline:a -->\n<!-- outline-fold:a -->\n"))
        #expect(broken.status == 1 && broken.text == "<stdin>:3: malformed fold marker: missing or bad 'lines=A-B'\n")
    }

    /// A broken link is reported on the line its destination is written on, also where cmark 0.30's
    /// own line for the inline is wrong: in a paragraph that opens with definitions (before, the
    /// second finding said line 7, the first definition's), after a lazy continuation line, after a
    /// GFM footnote definition.
    @Test func brokenLinksAtTheLineTheyAreWrittenOn() {
        let document = "# T\n<!-- outline:t -->\n\n> quoted\nlazy [d](#gone3)\n\n[r]: #t\n[s]: #t\nText [c](#gone4) and [r].\n\nText[^1] and[^2].\n\n[^1]: A note.\n[^2]: See [gone](#gone5).\n"
        let result = runInProcess(["check"], stdin: bytes(document))
        #expect(result.status == 1)
        #expect(result.stderr == "", "\(result.stderr)")
        #expect(result.text == """
            <stdin>:5: broken link '#gone3': no heading 'gone3' in this file
            <stdin>:9: broken link '#gone4': no heading 'gone4' in this file
            <stdin>:14: broken link '#gone5': no heading 'gone5' in this file

            """, "\(result.text)")
    }

    @Test func checkAgainstAnOlderVersion() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = dir.appendingPathComponent("old.md"), new = dir.appendingPathComponent("new.md")
        let pinned = try runBinary(["id"], stdin: bytes("# Guide\n\n## Install\n\n## Usage\n")).stdout
        try Data(pinned).write(to: old)
        // Renamed and moved: still there.
        var text = String(decoding: pinned, as: UTF8.self)
        text = text.replacingOccurrences(of: "## Install", with: "## Installation").replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n", with: "")
        text = text.replacingOccurrences(of: "# Guide\n<!-- outline:guide -->\n", with: "# Guide\n<!-- outline:guide -->\n\n## Usage\n<!-- outline:usage -->\n")
        try text.write(to: new, atomically: true, encoding: .utf8)
        #expect(try runBinary(["check", "--against", old.path, new.path]).status == 0)
        // Deleted: reported in the file now, at the nearest line of its new version (where the next
        // section stands).
        try String(decoding: pinned, as: UTF8.self).replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n", with: "").write(to: new, atomically: true, encoding: .utf8)
        let removed = try runBinary(["check", "--against", old.path, new.path])
        #expect(removed.status == 1)
        let usageNote = "(to accept: --allow-removed \(new.path)#usage, allow-removed in .outline.toml; nothing links to it: removed = \"linked\" in .outline.toml accepts such removals)"
        #expect(removed.text == "\(new.path):6: anchor 'usage' no longer exists in \(new.path) \(usageNote)\n", "\(removed.text)")
        #expect(try runBinary(["check", "--against", old.path, "--allow-removed", "*", new.path]).status == 0)
        #expect(try runBinary(["check", "--against", old.path, "--allow-removed", "usage", new.path]).status == 0)
        #expect(try runBinary(["check", "--against", old.path, "--allow-removed", "us?ge", new.path]).status == 0)
        #expect(try runBinary(["check", "--against", old.path, "--allow-removed", "install", new.path]).status == 1)
        let empty = try runBinary(["check", "--against", old.path, "--allow-removed", "", new.path])
        #expect(empty.status == 2 && empty.stderr.hasPrefix("outline: --allow-removed needs PATH#ID or an ID"), "\(empty.stderr)")
        // OLD from standard input.
        let fromStdin = try runBinary(["check", "--against", "-", new.path], stdin: pinned)
        #expect(fromStdin.text == "\(new.path):6: anchor 'usage' no longer exists in \(new.path) \(usageNote)\n")
        #expect(try runBinary(["check", "--against", old.path, new.path, old.path]).status == 2)
    }

    @Test func checkAgainstASidecar() throws {
        let doc = try runBinary(["id"], stdin: bytes("# A\n## B\n")).stdout
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("a.outline.json")
        try "{\n  \"version\": 1,\n  \"folded\": [\n    \"b\",\n    \"gone\"\n  ]\n}\n".write(to: state, atomically: true, encoding: .utf8)
        let result = try runBinary(["check", "--state", state.path], stdin: doc)
        #expect(result.status == 1)
        #expect(result.text == "\(state.path):5: folded section 'gone' does not exist in <stdin>\n")
        try "{\"version\": 2}".write(to: state, atomically: true, encoding: .utf8)
        let bad = try runBinary(["check", "--state", state.path], stdin: doc)
        #expect(bad.status == 2 && bad.stderr == "outline: \(state.path): unsupported sidecar version 2 (this outline reads version 1)\n")
    }

    @Test func checkSinceAGitRevision() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try shell("git init -q -b main . && mkdir docs", in: dir)
        let a = try runBinary(["id"], stdin: bytes("# Guide\n\n## Install\n\nSteps.\n\n## Usage\n\nRun it.\n")).stdout
        let b = try runBinary(["id"], stdin: bytes("# Other\n\nA longer text, so that git sees the file\nas renamed when one section is removed.\nMore text.\nAnd more.\n\n## Keep\n")).stdout
        try Data(a).write(to: dir.appendingPathComponent("docs/a.md"))
        try Data(b).write(to: dir.appendingPathComponent("docs/b.md"))
        try shell("git add -A && git commit -qm base", in: dir)

        // Renaming and moving a section passes.
        var text = String(decoding: a, as: UTF8.self).replacingOccurrences(of: "## Install", with: "## Installing")
        text = text.replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n\nRun it.\n", with: "")
        text = text.replacingOccurrences(of: "# Guide\n<!-- outline:guide -->\n", with: "# Guide\n<!-- outline:guide -->\n\n## Usage\n<!-- outline:usage -->\n\nRun it.\n")
        try text.write(to: dir.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        let moved = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(moved.status == 0, "\(moved.text) \(moved.stderr)")

        // Deleting an anchored section fails, in the file now, where the section stood.
        try String(decoding: a, as: UTF8.self).replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n\nRun it.\n", with: "")
            .write(to: dir.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        let deleted = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(deleted.status == 1)
        #expect(deleted.text == "docs/a.md:8: anchor 'usage' no longer exists in docs/a.md (to accept: --allow-removed docs/a.md#usage, allow-removed in .outline.toml, or the commit trailer 'Outline-Allow-Removed: docs/a.md#usage'; nothing links to it: removed = \"linked\" in .outline.toml accepts such removals; if it moved: check both files, 'outline links -w --since HEAD' repairs the links)\n", "\(deleted.text)")
        try shell("git checkout -q -- docs/a.md", in: dir)

        // A renamed file is compared with its old path; a file new since REV has nothing to keep.
        try shell("git mv docs/b.md docs/renamed.md", in: dir)
        let edited = String(decoding: b, as: UTF8.self).replacingOccurrences(of: "## Keep\n<!-- outline:keep -->\n", with: "")
        try edited.write(to: dir.appendingPathComponent("docs/renamed.md"), atomically: true, encoding: .utf8)
        try shell("git add -A", in: dir)
        try Data(bytes("# Brand new\n")).write(to: dir.appendingPathComponent("docs/new.md"))
        let renamed = try runBinary(["check", "--since", "HEAD", "--no-folds", "docs/renamed.md", "docs/new.md"], directory: dir)
        #expect(renamed.text.contains("docs/renamed.md:8: anchor 'keep' no longer exists in docs/renamed.md"), "\(renamed.text)")
        #expect(!renamed.text.contains("anchor 'other'"))
        #expect(!renamed.text.contains("HEAD:docs/new.md"))

        let badRevision = try runBinary(["check", "--since", "no-such-rev", "docs"], directory: dir)
        #expect(badRevision.status == 2 && badRevision.stderr.hasPrefix("outline: --since: 'no-such-rev' is not a git revision here"))
    }

    @Test func checkSinceFollowsDeletedFilesAndMovesBetweenFiles() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try shell("git init -q -b main . && mkdir -p docs/sub", in: dir)
        let a = try runBinary(["id"], stdin: bytes("# Guide\n\n## Install\n\nSteps.\n\n## Usage\n\nRun it.\n")).stdout
        let b = try runBinary(["id"], stdin: bytes("# Setup\n\n## Linux\n")).stdout
        let c = try runBinary(["id"], stdin: bytes("# Repl\n\n## Commands\n\n## History\n")).stdout
        try Data(a).write(to: dir.appendingPathComponent("docs/a.md"))
        try Data(b).write(to: dir.appendingPathComponent("docs/b.md"))
        try Data(c).write(to: dir.appendingPathComponent("docs/sub/REPL.MD"))
        try shell("git add -A && git commit -qm base", in: dir)

        // A deleted Markdown file under a given directory lost its anchors (extension in any case).
        try shell("git rm -q docs/sub/REPL.MD", in: dir)
        let deleted = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(deleted.status == 1)
        #expect(deleted.text == """
            docs/sub/REPL.MD: anchor 'repl' no longer exists: docs/sub/REPL.MD was deleted (to accept: --allow-removed docs/sub/REPL.MD#repl, allow-removed in .outline.toml, or the commit trailer 'Outline-Allow-Removed: docs/sub/REPL.MD#repl'; if it moved: check both files, 'outline links -w --since HEAD' repairs the links)
            docs/sub/REPL.MD: anchor 'commands' no longer exists: docs/sub/REPL.MD was deleted (to accept: --allow-removed docs/sub/REPL.MD#commands, allow-removed in .outline.toml, or the commit trailer 'Outline-Allow-Removed: docs/sub/REPL.MD#commands'; if it moved: check both files, 'outline links -w --since HEAD' repairs the links)
            docs/sub/REPL.MD: anchor 'history' no longer exists: docs/sub/REPL.MD was deleted (to accept: --allow-removed docs/sub/REPL.MD#history, allow-removed in .outline.toml, or the commit trailer 'Outline-Allow-Removed: docs/sub/REPL.MD#history'; if it moved: check both files, 'outline links -w --since HEAD' repairs the links)

            """, "\(deleted.text)")
        // Outside the given directories, a deletion is not this check's business; '*' accepts it all.
        #expect(try runBinary(["check", "--since", "HEAD", "docs/a.md"], directory: dir).status == 0)
        #expect(try runBinary(["check", "--since", "HEAD", "--allow-removed", "*", "docs"], directory: dir).status == 0)
        let some = try runBinary(["check", "--since", "HEAD", "--allow-removed", "repl", "--allow-removed", "h*", "docs"], directory: dir)
        #expect(some.text == "docs/sub/REPL.MD: anchor 'commands' no longer exists: docs/sub/REPL.MD was deleted (to accept: --allow-removed docs/sub/REPL.MD#commands, allow-removed in .outline.toml, or the commit trailer 'Outline-Allow-Removed: docs/sub/REPL.MD#commands'; if it moved: check both files, 'outline links -w --since HEAD' repairs the links)\n")
        // A bare ID accepts in every file, and says where.
        #expect(some.stderr.contains("warning: allow-removed 'repl' is a bare ID: it accepted removals in docs/sub/REPL.MD"), "\(some.stderr)")
        // From inside a subdirectory, paths print relative to it.
        let inside = try runBinary(["check", "--since", "HEAD", "."], directory: dir.appendingPathComponent("docs"))
        #expect(inside.text.contains("sub/REPL.MD: anchor 'commands' no longer exists: sub/REPL.MD was deleted (to accept: --allow-removed sub/REPL.MD#commands, allow-removed in .outline.toml, or the commit trailer 'Outline-Allow-Removed: docs/sub/REPL.MD#commands'"), "\(inside.text)")
        try shell("git reset -q --hard", in: dir)

        // A section moved to another checked file keeps its ID: not a removal.
        let install = "## Install\n<!-- outline:install -->\n\nSteps.\n\n"
        let aText = String(decoding: a, as: UTF8.self)
        try aText.replacingOccurrences(of: install, with: "").write(to: dir.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        try (String(decoding: b, as: UTF8.self) + "\n" + install).write(to: dir.appendingPathComponent("docs/b.md"), atomically: true, encoding: .utf8)
        let moved = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(moved.status == 0, "\(moved.text)")
        // Only one of the two files checked: the section left and went nowhere that was checked.
        let half = try runBinary(["check", "--since", "HEAD", "docs/a.md"], directory: dir)
        #expect(half.text == "docs/a.md:4: anchor 'install' no longer exists in docs/a.md (to accept: --allow-removed docs/a.md#install, allow-removed in .outline.toml, or the commit trailer 'Outline-Allow-Removed: docs/a.md#install'; nothing links to it: removed = \"linked\" in .outline.toml accepts such removals; if it moved: check both files, 'outline links -w --since HEAD' repairs the links)\n")
        // Copied into two files: which one is it? A finding that names both.
        try (String(decoding: c, as: UTF8.self) + "\n" + install).write(to: dir.appendingPathComponent("docs/sub/REPL.MD"), atomically: true, encoding: .utf8)
        let twice = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(twice.text.contains("anchor 'install' no longer exists in docs/a.md (it appeared in docs/b.md and docs/sub/REPL.MD"), "\(twice.text)")
    }

    /// format.md §8: every local link, image and href must resolve; fragments into Markdown files must be
    /// targets of that file; nothing external is fetched; code is not a link.
    @Test func brokenLocalLinks() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ text: String, _ name: String) throws {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes(text)).write(to: url)
        }
        try write("""
            # Guide
            <!-- outline:guide -->

            [typo](setup.md#instal) [ok](setup.md#install) [gone](gone.md) [self](#foo--bar)
            [case](#Foo--Bar) [dir](sub/) [img](pic.png) [txt](notes.txt#anything) [enc](setup.md#inst%61ll)
            [root](/docs/setup.md#install) [loop](loop.md) [bad](bad.md#cafe) [html-id](setup.md#custom)
            `[code](nope.md)` [web](https://example.com/#x) [mail](mailto:a@b.c) [net](//host/x) [ref][r]

                [indented](code.md)

            <a href="#nowhere">x</a>

            ## Foo & Bar
            <!-- outline:foo-bar -->

            [r]: gone2.md

            """, "docs/guide.md")
        try write("# Setup\n<!-- outline:setup -->\n\n## Install\n<!-- outline:install -->\n\n<span id=\"custom\"></span>\n", "docs/setup.md")
        try write("x", "docs/pic.png")
        try write("plain", "docs/notes.txt")
        try write("# Sub\n", "docs/sub/README.md")
        // "# caf\xE9": invalid UTF-8, whose U+FFFD the slug drops as GitHub does.
        try Data([0x23, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: dir.appendingPathComponent("docs/bad.md"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("docs/loop.md").path, withDestinationPath: "loop.md")
        try shell("git init -q -b main .", in: dir)

        let result = try runBinary(["check", "docs/guide.md"], directory: dir)
        #expect(result.status == 1)
        #expect(result.text == """
            docs/guide.md:4: broken link 'setup.md#instal': docs/setup.md has no heading 'instal' (did you mean 'install'?)
            docs/guide.md:4: broken link 'gone.md': no such file
            docs/guide.md:6: broken link 'loop.md': docs/loop.md cannot be read (Too many levels of symbolic links)
            docs/guide.md:6: broken link 'bad.md#cafe': docs/bad.md has no heading 'cafe' (did you mean 'caf'?)
            docs/guide.md:7: broken link 'gone2.md': no such file
            docs/guide.md:11: broken link '#nowhere': no heading 'nowhere' in this file

            """, "\(result.text)")
        // A case-only difference works on github.com (its anchors match ignoring case): under the
        // github profile a warning on stderr, not a finding; under another profile, a broken link.
        #expect(result.stderr.contains("outline: docs/guide.md:5: warning: link '#Foo--Bar': fragment 'Foo--Bar' matches 'foo--bar' only ignoring case"), "\(result.stderr)")
        let gitlab = try runBinary(["check", "--slugs", "gitlab", "docs/guide.md"], directory: dir)
        #expect(gitlab.text.contains("broken link '#Foo--Bar'"), "\(gitlab.text)")
        #expect(try runBinary(["check", "--no-links", "docs/guide.md"], directory: dir).status == 0)
        // The same link under pandoc's rules: `Foo & Bar` is `foo-bar` there.
        let pandoc = try runBinary(["check", "--slugs", "pandoc", "docs/guide.md"], directory: dir)
        #expect(pandoc.text.contains("broken link '#foo--bar': no heading 'foo--bar' in this file (did you mean 'foo-bar'?)"), "\(pandoc.text)")
        let badProfile = try runBinary(["check", "--slugs", "gihub", "docs/guide.md"], directory: dir)
        #expect(badProfile.status == 2 && badProfile.stderr.hasPrefix("outline: --slugs must be github, gitlab, pandoc, mkdocs, hugo, docusaurus, kramdown, mkdocs-material, myst or hugo-0.111 (or several, comma-separated), not 'gihub' (did you mean 'github'?)"))
        // A leading '/' is the repository's top level, from any directory; --root says otherwise.
        let inside = try runBinary(["check", "guide.md"], directory: dir.appendingPathComponent("docs"))
        #expect(!inside.text.contains("'/docs/setup.md#install'"), "\(inside.text)")
        let rooted = try runBinary(["check", "--root", "docs", "docs/guide.md"], directory: dir)
        #expect(rooted.text.contains("broken link '/docs/setup.md#install': no such file"), "\(rooted.text)")
    }

    /// GFM as GitHub reads it: a fragment that starts with U+FE0F (the slug of `## ➡️ Next Steps`) is a
    /// fragment, not a file; a footnote (`[^1]: ...`) is no link reference definition; `<img src>`
    /// and `<source src>` are checked like `![](...)`; `?plain=1#L3` is a line anchor.
    @Test func gfmConstructs() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "".write(to: dir.appendingPathComponent("logo.png"), atomically: true, encoding: .utf8)
        try """
            # T
            <!-- outline:t -->

            ## ➡️ Next Steps
            <!-- outline:next -->

            See [next](#️-next-steps) and [source](a.md?plain=1#L3), with a note[^1].

            <img src="logo.png"> <img src="missing.png"> <picture><source src="gone.webp"></picture>

            [^1]: [CVE](https://example.com/cve)

            """.write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let run = try runBinary(["check", "a.md"], directory: dir)
        #expect(run.text == """
            a.md:9: broken link 'missing.png': no such file
            a.md:9: broken link 'gone.webp': no such file

            """, "\(run.text)")
        // The link rewriting commands leave the footnote as it is.
        #expect(try runBinary(["links", "--check", "a.md"], directory: dir).status == 0)
    }

    /// A footnote whose whole text is one link (`[^1]: [x](#frag)`) is, for cmark, a link reference
    /// definition of the label `^1`: its link is in no node. GFM renderers show the link (measured:
    /// `pandoc -f gfm`, Python-Markdown's footnotes), and `check` checks it, on the definition's line,
    /// also inside a block quote and with a title; a footnote with other words is a paragraph for
    /// cmark, checked as any. The texts are read in one parse, except one that opens a code fence (a
    /// code block there, as in pandoc's GFM), which must not swallow the texts after it. Link repair
    /// cannot locate such a link: the finding says where the section is and that the link is edited
    /// by hand, and `links` leaves the line alone.
    @Test func linksInFootnoteText() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# Other\n<!-- outline:other -->\n".write(to: dir.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        let document = """
            # T
            <!-- outline:t -->

            ## Installing it
            <!-- outline:install -->

            Notes[^a][^f][^b][^c][^d][^e] and [y](#install).

            [^a]: [x](#install)
            [^f]: ```[code](#fenced)
            [^b]: [fine](#t)
            > [^c]: [quoted](other.md#gone)
            [^d]: [titled](#nowhere "a title")
            [^e]: #t

            """
        try document.write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let run = try runBinary(["check", "a.md"], directory: dir)
        #expect(run.status == 1)
        #expect(run.text == """
            a.md:7: broken link '#install': section 'install' is now '#installing-it' (run 'outline links -w')
            a.md:9: broken link '#install': section 'install' is now '#installing-it' (it stands in a footnote's text, which 'outline links' does not rewrite: edit it by hand)
            a.md:12: broken link 'other.md#gone': other.md has no heading 'gone'
            a.md:13: broken link '#nowhere': no heading 'nowhere' in this file

            """, "\(run.text)")
        let repaired = try runBinary(["links", "a.md"], directory: dir)
        #expect(repaired.status == 0)
        #expect(repaired.text == document.replacingOccurrences(of: "and [y](#install)", with: "and [y](#installing-it)"), "\(repaired.text)")
    }

    /// The config's `fragment-case = "error"` makes a case-only fragment a finding (a tree also
    /// published by a case-sensitive generator); by default it is a warning that leaves the exit alone.
    @Test func fragmentCaseCanBeAnError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# Foo\n<!-- outline:foo -->\n\nSee [it](#Foo).\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let warned = try runBinary(["check", "a.md"], directory: dir)
        #expect(warned.status == 0 && warned.text.isEmpty && warned.stderr.contains("a.md:4: warning: link '#Foo'"), "\(warned.stderr)")
        try "fragment-case = \"error\"\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let found = try runBinary(["check", "a.md"], directory: dir)
        #expect(found.status == 1 && found.text.hasPrefix("a.md:4: link '#Foo': fragment 'Foo' matches 'foo' only ignoring case"), "\(found.text)")
        #expect(!found.stderr.contains("warning"), "\(found.stderr)")
        let json = try runBinary(["check", "--format", "json", "a.md"], directory: dir)
        #expect(json.status == 1 && json.text.contains("\"kind\": \"fragment-case\""), "\(json.text)")
    }

    /// `--slugs github,hugo` (or the config's list): every link must resolve on each surface; one that
    /// breaks on some is reported once, naming where it breaks and where it resolves; one broken
    /// everywhere keeps its plain finding.
    @Test func everySurfaceIsChecked() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# Doc\n<!-- outline:doc -->\n\n## A [link](x.md)\n<!-- outline:a -->\n\nSee [one](#a-link), [two](#a-linkxmd), [three](#nowhere).\n"
            .write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("x.md"), atomically: true, encoding: .utf8)
        let expected = """
            a.md:7: broken link '#a-linkxmd': no heading 'a-linkxmd' in this file (did you mean 'a-link'?) (breaks under github; resolves under hugo-0.111)
            a.md:7: broken link '#nowhere': no heading 'nowhere' in this file
            a.md:7: broken link '#a-link': no heading 'a-link' in this file (did you mean 'a-linkxmd'?) (breaks under hugo-0.111; resolves under github)

            """
        let flagged = try runBinary(["check", "--slugs", "github,hugo-0.111", "a.md"], directory: dir)
        #expect(flagged.status == 1 && flagged.text == expected, "\(flagged.text)")
        // One surface alone: only its own breaks.
        let github = try runBinary(["check", "a.md"], directory: dir)
        #expect(github.text.contains("'#a-linkxmd'") && !github.text.contains("'#a-link':"), "\(github.text)")
        for config in ["slugs = [\"github\", \"hugo-0.111\"]\n", "slugs = \"github,hugo-0.111\"\n"] {
            try config.write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
            let configured = try runBinary(["check", "a.md"], directory: dir)
            #expect(configured.text == expected, "\(config): \(configured.text)")
        }
        let bad = try runBinary(["check", "--slugs", "github,hgo", "a.md"], directory: dir)
        #expect(bad.status == 2 && bad.stderr.contains("not 'hgo' (did you mean 'hugo'?)"), "\(bad.stderr)")
    }

    /// Hidden directories are walked only when asked (`--hidden`, the config's `hidden`), `.git`
    /// never; a link into a hidden file is checked whatever the flag. In a git work tree and outside one.
    @Test(arguments: [false, true])
    func hiddenDirectoriesOnRequest(_ git: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent(".github"), withIntermediateDirectories: true)
        try "# A\n<!-- outline:a -->\n\n[c](.github/CONTRIBUTING.md#nope)\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "# Contributing\n".write(to: dir.appendingPathComponent(".github/CONTRIBUTING.md"), atomically: true, encoding: .utf8)
        if git {
            try shell("git init -q . && git add -A && git commit -qm init", in: dir)
            try "# In git's own directory\n".write(to: dir.appendingPathComponent(".git/x.md"), atomically: true, encoding: .utf8)
        }
        let hiddenFinding = ".github/CONTRIBUTING.md:1: heading 'Contributing' has no anchor"
        let plain = try runBinary(["check", "."], directory: dir)
        #expect(plain.status == 1 && !plain.text.contains(hiddenFinding), "\(plain.text)")
        #expect(plain.text.contains("a.md:4: broken link '.github/CONTRIBUTING.md#nope'"), "\(plain.text)")
        let flagged = try runBinary(["check", "--hidden", "."], directory: dir)
        #expect(flagged.text.contains(hiddenFinding) && !flagged.text.contains(".git/x.md"), "\(flagged.text)")
        try "hidden = true\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let configured = try runBinary(["check", "."], directory: dir)
        #expect(configured.text.contains(hiddenFinding) && !configured.text.contains(".git/x.md"), "\(configured.text)")
    }

    /// A file's findings come in line order, its link findings among the others; a file named twice
    /// (however spelled) is checked once.
    @Test func findingsInLineOrder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("[gone](gone.md)\n\n# Title\n\nSee [here](#nowhere).\n".utf8).write(to: dir.appendingPathComponent("a.md"))
        let lines = [
            "a.md:1: broken link 'gone.md': no such file",
            "a.md:3: heading 'Title' has no anchor (run 'outline id -w')",
            "a.md:5: broken link '#nowhere': no heading 'nowhere' in this file",
        ]
        let once = try runBinary(["check", "a.md"], directory: dir)
        #expect(once.status == 1 && once.text == lines.map { $0 + "\n" }.joined(), "\(once.text)")
        let twice = try runBinary(["check", "a.md", "./a.md"], directory: dir)
        #expect(twice.status == 1 && twice.text == lines.map { $0 + "\n" }.joined(), "\(twice.text)")
    }

    /// Findings as text: `PATH:LINE: message`, the path or the line left out when unknown, warnings marked.
    @Test func findingsAsText() {
        let findings = [
            Diagnostic(.finding, .brokenLink, path: "a.md", line: 12, "broken"),
            Diagnostic(.finding, .missingAnchor, path: "b é.md", "no line"),
            Diagnostic(.finding, .missingAnchor, line: 3, "no path"),
            Diagnostic(.warning, .parser, path: "c.md", line: 1, "careful"),
            Diagnostic(.finding, .staleTOC, "nothing"),
        ]
        let text = "a.md:12: broken\nb é.md: no line\nline 3: no path\nc.md:1: warning: careful\nnothing\n"
        #expect(String(decoding: Report.rendered(findings, format: .text), as: UTF8.self) == text)
        #expect(findings.map { "\($0)\n" }.joined() == text)
        // Many findings are written in pieces, in parallel: the pieces join in order.
        let many = (1...10_000).map { Diagnostic(.finding, .missingAnchor, path: "d\($0 % 7)/p\($0).md", line: $0, "heading \($0)") }
        #expect(String(decoding: Report.rendered(many, format: .text), as: UTF8.self) == many.map { "\($0)\n" }.joined())
    }

    @Test func findingFormats() throws {
        let doc = bytes("# T\n\n## A, b: c\n")
        let github = runInProcess(["check", "--format", "github"], stdin: doc)
        #expect(github.status == 1)
        #expect(github.text == """
            ::error file=<stdin>,line=1,title=outline missing-anchor::heading 'T' has no anchor (run 'outline id -w')
            ::error file=<stdin>,line=3,title=outline missing-anchor::heading 'A, b: c' has no anchor (run 'outline id -w')

            """)
        #expect(Report.workflowCommand(Diagnostic(.finding, .missingAnchor, path: "a,b:c.md", line: 2, "50%\nnext"))
                == "::error file=a%2Cb%3Ac.md,line=2,title=outline missing-anchor::50%25%0Anext\n")
        let text = runInProcess(["check", "--format", "text"], stdin: doc)
        #expect(text.text == runInProcess(["check"], stdin: doc).text)
        let bad = runInProcess(["check", "--format", "xml"], stdin: doc)
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.hasPrefix("outline: --format must be text, json, github or sarif, not 'xml'"))
    }

    @Test func plainGitHookExample() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try shell("git init -q -b main . && cp '\(Paths.root.path)/examples/pre-commit' .git/hooks/pre-commit", in: dir)
        try Data(bytes("# Notes\n\n## Todo\n")).write(to: dir.appendingPathComponent("notes.md"))
        try shell("git add notes.md", in: dir)
        let first = try shell("git commit -qm first", in: dir)
        #expect(first.status != 0 && first.output.contains("added anchors"), "\(first.output)")
        #expect(try String(contentsOf: dir.appendingPathComponent("notes.md"), encoding: .utf8).contains("<!-- outline:todo -->"))
        let second = try shell("git add notes.md && git commit -qm first", in: dir)
        #expect(second.status == 0, "\(second.output)")
        // Deleting an anchored section is refused.
        try Data(bytes("# Notes\n<!-- outline:notes -->\n")).write(to: dir.appendingPathComponent("notes.md"))
        let third = try shell("git add notes.md && git commit -qm drop", in: dir)
        #expect(third.status != 0 && third.output.contains("anchor 'todo' no longer exists"), "\(third.output)")
    }

    /// A fragment on a link to a directory names a heading of the README its page shows (format.md §7).
    @Test func aFragmentOnADirectoryLinkIsCheckedAgainstItsReadme() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "# Sub\n<!-- outline:sub -->\n".write(to: dir.appendingPathComponent("sub/README.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("bare"), withIntermediateDirectories: true)
        try "# A\n<!-- outline:a -->\n\n[ok](sub/#sub) [no](sub#x) [top](sub/#top) [bare](bare/#y)\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let result = try runBinary(["check", "a.md"], directory: dir)
        #expect(result.status == 1)
        #expect(result.text == "a.md:4: broken link 'sub#x': sub/README.md has no heading 'x'\n", "\(result.text)")
    }

    /// `--stdin-filename PATH`: standard input read as PATH (links resolved from it, its directory's
    /// config, PATH in messages), as editors and formatters pipe a buffer; with a FILE, a usage error.
    @Test func stdinFilenameReadsStandardInputAsThatFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        try "# B\n<!-- outline:b -->\n".write(to: dir.appendingPathComponent("d/b.md"), atomically: true, encoding: .utf8)
        let buffer = bytes("# New\n<!-- outline:new -->\n\n[b](b.md#b) [x](b.md#nope)\n")
        let named = try runBinary(["check", "--stdin-filename", "d/new.md"], stdin: buffer, directory: dir)
        #expect(named.status == 1 && named.text == "d/new.md:4: broken link 'b.md#nope': d/b.md has no heading 'nope'\n", "\(named.text)\(named.stderr)")
        // Without it, the links resolve from the current directory: b.md is not there.
        let plain = try runBinary(["check", "-"], stdin: buffer, directory: dir)
        #expect(plain.text.contains("<stdin>:4: broken link 'b.md#b': no such file"), "\(plain.text)")
        // The directory's config applies: links = false there.
        try "links = false\n".write(to: dir.appendingPathComponent("d/.outline.toml"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["check", "--stdin-filename", "d/new.md"], stdin: buffer, directory: dir).status == 0)
        let both = try runBinary(["check", "--stdin-filename", "d/new.md", "d/b.md"], stdin: buffer, directory: dir)
        #expect(both.status == 2 && both.stderr.contains("--stdin-filename names standard input"))
    }
}
