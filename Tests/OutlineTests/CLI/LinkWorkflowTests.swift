import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// format.md §8 end to end: a throwaway git repository of linked files goes through renames (twice,
/// committing between), a move between files, a file rename and numbering; after each,
/// `outline links -w --since HEAD .` leaves no broken link, cmark's HTML changes only in `href`s, and a
/// second run changes nothing.
@Suite("links", .serialized)
struct LinksTests {
    /// A destination splits at its first `#` and, before it, its first `?` (scalars, not Characters:
    /// `#` then U+FE0F is one keycap Character), and `%XX` decodes in both parts.
    @Test func destinationsSplitIntoPathAndFragment() {
        func parts(_ d: String) -> [String?]? { LocalLink(d).map { [$0.path, $0.fragment] } }
        #expect(parts("a.md#\u{FE0F}-next-steps") == ["a.md", "\u{FE0F}-next-steps"])
        #expect(parts("#x") == ["", "x"])
        #expect(parts("dir/caf%C3%A9.md#%C3%A9t%C3%A9") == ["dir/café.md", "été"])
        #expect(parts("café.md#été?x") == ["café.md", "été?x"])
        #expect(parts("m.md?x=1#s") == ["m.md", "s"])
        #expect(parts("m.md?plain=1#L3") == ["m.md", nil])
        #expect(parts("m.md?a=1&plain=1") == ["m.md", nil])
        #expect(parts("é?#") == ["é", ""])
        #expect(parts("https://x.org/a.md#b") == nil && parts("//x.org/a") == nil && parts("") == nil)
    }

    let dir: URL

    init() throws { dir = try temporaryDirectory() }

    func write(_ text: String, _ name: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    func read(_ name: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) }
    func git(_ command: String) throws { #expect(try shell("git \(command)", in: dir).status == 0, "git \(command)") }

    /// cmark's HTML with every href and image src emptied: what must not change when only link
    /// destinations do.
    func htmlWithoutHrefs(_ name: String) throws -> String {
        var html = try shell("cmark --unsafe '\(dir.appendingPathComponent(name).path)'", in: dir).output
        for attribute in ["href=\"", "src=\""] {
            var out = ""
            var rest = html[...]
            while let r = rest.range(of: attribute) {
                out += rest[..<r.upperBound]
                rest = rest[r.upperBound...]
                if let end = rest.firstIndex(of: "\"") { rest = rest[end...] }
            }
            html = out + rest
        }
        return html
    }

    /// Runs `links -w --since HEAD .`; expects no broken link afterwards, HTML changed only in hrefs,
    /// and a second run to change nothing.
    func repair(_ step: String, files: [String]) throws {
        let before = files.map { (try? htmlWithoutHrefs($0)) ?? "" }
        let broken = try runBinary(["check", "."], directory: dir)
        #expect(broken.text.contains("broken link"), "\(step): the step should have broken a link: \(broken.text)")
        let run = try runBinary(["links", "-w", "--since", "HEAD", "."], directory: dir)
        #expect(run.status == 0 && run.stderr.hasPrefix("outline: ") && run.stderr.hasSuffix(" changed\n")
                && run.stderr.split(separator: "\n").count == 1, "\(step): \(run.stderr)")
        let after = try runBinary(["check", "."], directory: dir)
        #expect(after.status == 0, "\(step): still broken: \(after.text)")
        for (k, name) in files.enumerated() where FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) {
            #expect(try htmlWithoutHrefs(name) == before[k], "\(step): \(name) changed outside hrefs")
        }
        let again = try runBinary(["links", "--check", "--since", "HEAD", "."], directory: dir)
        #expect(again.status == 0 && again.text.isEmpty, "\(step): not idempotent: \(again.text) \(again.stderr)")
        try git("add -A")
        try git("commit -qm '\(step)'")
    }

    @Test func renamesMovesFileRenamesAndNumbering() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        try write("""
            # Guide

            Start with [installing](setup.md#install), then [usage](#usage) and the [FAQ](setup.md#faq).
            See also [setup][s] and <a href="setup.md#install">the HTML way</a>.

            ## Usage

            Run it. Back to [install](setup.md#install "title kept").

            [s]: setup.md#install

            """, "guide.md")
        try write("""
            # Setup

            ## Install

            Steps; [usage](guide.md#usage) and [below](#faq).

            ## FAQ

            Questions.

            """, "setup.md")
        try write("# Help\n\nAsk [here](setup.md#faq).\n", "help.md")
        #expect(try runBinary(["id", "-w", "."], directory: dir).status == 0)
        #expect(try runBinary(["check", "."], directory: dir).status == 0)
        try git("add -A")
        try git("commit -qm base")
        let all = ["guide.md", "setup.md", "help.md"]

        // A heading renamed, twice, committing between.
        try write(try read("setup.md").replacingOccurrences(of: "## Install\n", with: "## Installation\n"), "setup.md")
        try repair("first rename", files: all)
        #expect(try read("guide.md").contains("[installing](setup.md#installation)"))
        #expect(try read("guide.md").contains("(setup.md#installation \"title kept\")"))
        try write(try read("setup.md").replacingOccurrences(of: "## Installation\n", with: "## Getting started\n"), "setup.md")
        try repair("second rename", files: all)
        #expect(try read("guide.md").contains("[s]: setup.md#getting-started"))
        #expect(try read("guide.md").contains("<a href=\"setup.md#getting-started\">"))

        // A section moved to another file (and renamed on the way).
        let setup = try read("setup.md")
        let faq = String(setup[setup.range(of: "## FAQ\n")!.lowerBound...])
        try write(String(setup[..<setup.range(of: "## FAQ\n")!.lowerBound]), "setup.md")
        try write(try read("help.md") + "\n" + faq.replacingOccurrences(of: "## FAQ", with: "## Questions"), "help.md")
        try repair("move", files: all)
        #expect(try read("guide.md").contains("[FAQ](help.md#questions)"))
        #expect(try read("setup.md").contains("[below](help.md#questions)"))
        #expect(try read("help.md").contains("[here](#questions)"))

        // A file renamed with git.
        try git("mv setup.md install.md")
        try repair("file rename", files: ["guide.md", "install.md", "help.md"])
        #expect(try read("guide.md").contains("[installing](install.md#getting-started)"))

        // Numbering: number -w repairs its own same-file links; links repairs the others.
        #expect(try runBinary(["number", "-w", "guide.md"], directory: dir).status == 0)
        let numberedGuide = try read("guide.md")
        #expect(numberedGuide.contains("[usage](#1-usage)"), "\(numberedGuide)")
        try repair("numbering", files: ["guide.md", "install.md", "help.md"])
        #expect(try read("install.md").contains("[usage](guide.md#1-usage)"))
        // And number --strip gives every byte back, links included.
        let numbered = try read("guide.md")
        #expect(try runBinary(["number", "--strip", "-w", "guide.md"], directory: dir).status == 0)
        #expect(try runBinary(["number", "-w", "guide.md"], directory: dir).status == 0)
        #expect(try read("guide.md") == numbered)

        // A section whose body holds relative links and an image moves into another directory, where
        // `img/arch.png` names another file: the moved text keeps meaning what it meant (format.md §8),
        // and a same-file link to a section that stayed behind names the old file.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs/img"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("img"), withIntermediateDirectories: true)
        try write("top", "img/arch.png")
        try write("other", "docs/img/arch.png")
        try write(try read("install.md").replacingOccurrences(of: "Steps; ", with: "![arch](img/arch.png) Steps; ")
                  + "\n## Stays\n\nBack [up](#getting-started).\n", "install.md")
        #expect(try runBinary(["id", "-w", "install.md"], directory: dir).status == 0)
        try write(try read("install.md").replacingOccurrences(of: "[usage](guide.md#1-usage)", with: "[usage](guide.md#1-usage), [stays](#stays)"), "install.md")
        try write(try read("help.md") + "\nSee the [guide](guide.md#1-usage).\n", "help.md")
        #expect(try runBinary(["check", "."], directory: dir).status == 0)
        try git("add -A")
        try git("commit -qm images")
        let install = try read("install.md")
        let started = String(install[install.range(of: "## Getting started")!.lowerBound..<install.range(of: "## Stays")!.lowerBound])
        try write(install.replacingOccurrences(of: started, with: ""), "install.md")
        try write("# Start\n<!-- outline:start -->\n\n" + started, "docs/start.md")
        try repair("section moved into a directory", files: ["guide.md", "install.md", "help.md", "docs/start.md"])
        let start = try read("docs/start.md")
        #expect(start.contains("![arch](../img/arch.png)") && start.contains("[usage](../guide.md#1-usage)")
                && start.contains("[stays](../install.md#stays)"), "\(start)")
        #expect(try read("install.md").contains("Back [up](docs/start.md#getting-started)."))
        #expect(try read("guide.md").contains("[installing](docs/start.md#getting-started)"))

        // A file renamed into another directory: its relative links are re-based.
        try git("mv help.md docs/help.md")
        try repair("file renamed into a directory", files: ["guide.md", "install.md", "docs/help.md", "docs/start.md"])
        #expect(try read("docs/help.md").contains("See the [guide](../guide.md#1-usage)."))
        #expect(try read("guide.md").contains("[FAQ](docs/help.md#questions)"))
    }

    @Test func unrepairableLinksAreReportedNotGuessed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        try write("# A\n\n[x](#nothing) [y](b.md#one) [gone](missing.md)\n", "a.md")
        try write("# B\n\n## One\n\nText.\n", "b.md")
        try write("# C\n", "c.md")
        #expect(try runBinary(["id", "-w", "."], directory: dir).status == 0)
        try git("add -A")
        try git("commit -qm base")
        // The section 'one' copied into two other files: which one? Not guessed.
        let b = try read("b.md")
        let one = String(b[b.range(of: "## One")!.lowerBound...])
        try write(String(b[..<b.range(of: "## One")!.lowerBound]), "b.md")
        try write(try read("c.md") + "\n" + one, "c.md")
        try write("# D\n\n" + one, "d.md")
        let check = try runBinary(["links", "--check", "--since", "HEAD", "."], directory: dir)
        #expect(check.status == 1)
        #expect(check.stderr.contains("cannot repair link 'b.md#one': section 'one' appeared in c.md and d.md: which one is it?"), "\(check.stderr)")
        // The links broken at HEAD already are counted, not listed (format.md §12); --strict lists them.
        #expect(!check.stderr.contains("#nothing") && check.stderr.contains("2 links could not be repaired at HEAD already"), "\(check.stderr)")
        let strict = try runBinary(["links", "--check", "--since", "HEAD", "--strict", "."], directory: dir)
        #expect(strict.stderr.contains("a.md:4: warning: cannot repair link '#nothing': no anchored section of this file had 'nothing' at that revision"), "\(strict.stderr)")
        #expect(strict.stderr.contains("cannot repair link 'missing.md': no such file"), "\(strict.stderr)")
        let before = try read("a.md")
        #expect(try runBinary(["links", "-w", "--since", "HEAD", "."], directory: dir).status == 0)
        #expect(try read("a.md") == before)
        // Without --since: the ID rule alone; outside a repository --since is an error.
        #expect(try runBinary(["links", "--check", "a.md"], directory: dir).status == 1)
        let bad = try runBinary(["links", "--since", "nope", "-w", "a.md"], directory: dir)
        #expect(bad.status == 2 && bad.stderr.contains("'nope' is not a git revision"))
        // Outside a git work tree, --since is a clear error, nothing written.
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try "# A\n\n[x](#y)\n".write(to: outside.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        for command in [["links", "-w", "--since", "HEAD", "a.md"], ["diff", "--since", "HEAD", "."], ["check", "--since", "HEAD", "a.md"]] {
            let run = try runBinary(command, directory: outside)
            #expect(run.status == 2 && run.stderr.contains("not in a git work tree (--since needs one)"), "\(command): \(run.stderr)")
        }
    }

    /// IDs are unique per file, not per tree: `server.md` losing `install` while `client.md` gains an
    /// unrelated `install` is no move. Links are not sent there, `check --since` reports the removal
    /// (saying why it is not a move, and how to accept it), `diff --since` shows a removal and an
    /// addition. The same section moved with its text is a move for all three.
    @Test func anUnrelatedSectionWithTheSameIDIsNotAMove() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        let server = "# Server\n<!-- outline:server -->\n\n## Install\n<!-- outline:install -->\n\nRun make install on the server.\nThen start it.\n\n## Run\n<!-- outline:run -->\n\nText.\n"
        let client = "# Client\n<!-- outline:client -->\n\n## Use\n<!-- outline:use -->\n\nUse it.\n"
        let index = "# Index\n<!-- outline:index -->\n\nSee [install](server.md#install).\n"
        try write(server, "server.md")
        try write(client, "client.md")
        try write(index, "index.md")
        try git("add -A")
        try git("commit -qm base")
        let install = String(server[server.range(of: "## Install")!.lowerBound..<server.range(of: "## Run")!.lowerBound])
        try write(server.replacingOccurrences(of: install, with: ""), "server.md")
        try write(client + "\n## Install\n<!-- outline:install -->\n\nThe client installs from the app store.\n", "client.md")
        let links = try runBinary(["links", "-w", "--since", "HEAD", "."], directory: dir)
        #expect(try read("index.md") == index)
        #expect(links.stderr.contains("cannot repair link 'server.md#install': section 'install' is no longer in server.md; client.md gained an unrelated section with that ID"), "\(links.stderr)")
        let check = try runBinary(["check", "--since", "HEAD", "."], directory: dir)
        #expect(check.status == 1)
        #expect(check.text.contains("server.md:4: anchor 'install' no longer exists in server.md (client.md gained an unrelated section with that ID: its text is not the one that left; linked from index.md:"), "\(check.text)")
        #expect(check.text.contains("to keep those links, give the heading that replaces it the ID 'install' (move its anchor line there, replacing that heading's own), then run 'outline links -w --since HEAD'; to accept: --allow-removed server.md#install"), "\(check.text)")
        let diff = try runBinary(["diff", "--since", "HEAD", "."], directory: dir)
        #expect(diff.text.contains("client.md: added install") && diff.text.contains("server.md: removed install") && !diff.text.contains("moved install:"), "\(diff.text)")

        // The section itself moved (its text with it, one line edited on the way): a move everywhere.
        try write(client + "\n" + install.replacingOccurrences(of: "Then start it.", with: "Then start it twice."), "client.md")
        let moved = try runBinary(["check", "--since", "HEAD", "."], directory: dir)
        #expect(moved.text == "index.md:4: broken link 'server.md#install': section 'install' is now 'client.md#install' (run 'outline links -w --since HEAD')\n", "\(moved.text)")
        #expect(try runBinary(["diff", "--since", "HEAD", "."], directory: dir).text.contains("moved install: server.md -> client.md"))
        #expect(try runBinary(["links", "-w", "--since", "HEAD", "."], directory: dir).status == 0)
        #expect(try read("index.md") == index.replacingOccurrences(of: "server.md#install", with: "client.md#install"))
        #expect(try runBinary(["check", "--since", "HEAD", "."], directory: dir).status == 0)
    }

    /// Operands name one file one way (`a.md`, `./x/../a.md`, `/abs/a.md`, from a subdirectory),
    /// and a repaired link keeps what it carried: a root-relative path stays root-relative, a query
    /// stays, `<…>` and titles stay, and after `?plain=1` the fragment is a line anchor, kept.
    @Test func operandsAnyWayAndLinksKeepTheirForm() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try write("# Manual\n<!-- outline:manual -->\n\n## Setup\n<!-- outline:setup -->\n\nSteps.\n", "docs/manual.md")
        let guide = "# Guide\n<!-- outline:guide -->\n\nSee [s](/docs/manual.md#setup), [q](manual.md?x=1#setup), [a](<manual.md#setup> \"T\") and [l](manual.md?plain=1#L3).\n"
        try write(guide, "docs/guide.md")
        try git("add -A")
        try git("commit -qm base")
        try git("mv docs/manual.md docs/handbook.md")
        try write(try read("docs/handbook.md").replacingOccurrences(of: "## Setup", with: "## Setting up"), "docs/handbook.md")
        let want = "# Guide\n<!-- outline:guide -->\n\nSee [s](/docs/handbook.md#setting-up), [q](handbook.md?x=1#setting-up), [a](<handbook.md#setting-up> \"T\") and [l](handbook.md?plain=1#L3).\n"
        let docs = dir.appendingPathComponent("docs")
        for (operands, directory) in [(["docs/guide.md", "docs/handbook.md"], dir), (["./docs/../docs/guide.md", "docs"], dir),
                                      ([docs.path + "/guide.md", docs.path + "/handbook.md"], dir), (["guide.md", "handbook.md"], docs),
                                      ([docs.path + "/guide.md", "."], docs)] {
            try write(guide, "docs/guide.md")
            let run = try runBinary(["links", "-w", "--since", "HEAD"] + operands, directory: directory)
            #expect(try read("docs/guide.md") == want, "\(operands) from \(directory.lastPathComponent): \(run.stderr)")
        }
        try write(guide, "docs/guide.md")
        // check: the line anchor is not a heading; the renamed path is named with its fix.
        let check = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(check.text.contains("docs/guide.md:4: broken link 'manual.md?plain=1#L3': the file is now 'handbook.md?plain=1#L3' (run 'outline links -w --since HEAD')"), "\(check.text)")
        #expect(!check.text.contains("no heading 'L3'"), "\(check.text)")
    }

    /// A heading renamed into the slug of a later section's linkable anchor: two elements carry one
    /// id and browsers go to the first. `check` reports it (`id-shadowed`, the heading to rename),
    /// and neither `links` nor `toc` points a link at the shadowed id; the ID itself stays.
    @Test func aShadowedLinkableIDIsReportedAndNeverLinked() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        let doc = "# Doc\n<!-- outline:doc -->\n\n## Setup\n<!-- outline:setup -->\n\nText.\n\n## Installation\n<!-- outline:install --><a id=\"install\"></a>\n\nSteps.\n\nSee [i](#install).\n"
        try write(doc, "a.md")
        #expect(try runBinary(["check", "a.md"], directory: dir).status == 0)
        try git("add -A")
        try git("commit -qm base")
        try write(doc.replacingOccurrences(of: "## Setup\n", with: "## Install\n"), "a.md")
        for since in [[], ["--since", "HEAD"]] {
            let check = try runBinary(["check"] + since + ["a.md"], directory: dir)
            #expect(check.status == 1 && check.text.contains("a.md:10: linkable id 'install' of section 'Installation' is also the id of the heading 'Install' at line 4, whose slug it is: browsers go to line 4, the first; rename the heading at line 4 (the ID never changes)"), "\(check.text)")
            let json = try runBinary(["check", "--format", "json"] + since + ["a.md"], directory: dir)
            #expect(json.text.contains("\"id-shadowed\""), "\(json.text)")
        }
        let links = try runBinary(["links", "--since", "HEAD", "a.md"], directory: dir)
        #expect(links.text.contains("See [i](#installation).") && links.text.contains("<!-- outline:install --><a id=\"install\"></a>"), "\(links.text)")
        let toc = try runBinary(["toc", "--insert", "a.md"], directory: dir)
        #expect(toc.text.contains("- [Installation](#installation)") && toc.text.contains("- [Install](#install)"), "\(toc.text)")
    }

    /// Evidence beyond the ID: at least half of each body's non-blank lines shared, or two empty
    /// bodies under equal titles.
    @Test func theMoveRule() throws {
        func outline(_ text: String) throws -> Outline { try Outline(parsing: Array(text.utf8)) }
        let then = try outline("# A\n<!-- outline:x -->\n\none\ntwo\nthree\nfour\n\n## Next\n")
        #expect(Movement.sameSection("x", then: then, now: try outline("# B\n\n## Moved\n<!-- outline:x -->\n\n  one\ntwo\r\nfive\nsix\n")))
        #expect(!Movement.sameSection("x", then: then, now: try outline("## Moved\n<!-- outline:x -->\none\nfive\nsix\nseven\n")))
        #expect(!Movement.sameSection("x", then: then, now: try outline("## Moved\n<!-- outline:x -->\n")))
        let empty = try outline("# Install\n<!-- outline:x -->\n\n## Child\n\ntext\n")
        #expect(Movement.sameSection("x", then: empty, now: try outline("# Install\n<!-- outline:x -->\n")))
        #expect(!Movement.sameSection("x", then: empty, now: try outline("# Setup\n<!-- outline:x -->\n")))
        // Found over versions: one file lost x, one gained it with the text (a move), one gained an
        // unrelated x.
        let result = Movement.find([.init(old: then, new: try outline("# A\n")),
                                    .init(old: try outline("# B\n"), new: try outline("# B\n\n## X\n<!-- outline:x -->\none\ntwo\nthree\n")),
                                    .init(old: try outline("# C\n"), new: try outline("# C\n\n## X\n<!-- outline:x -->\nother\n"))])
        #expect(result.move(of: "x", from: 0) == 1)
        #expect(result.unrelated[Movement.Key(file: 0, id: "x")] == [2])
    }

    /// A file rewritten on its way to a new name (git pairs no rename): its anchored sections all
    /// moved to one file, so the redirects map the page as well as its targets.
    @Test func pageRedirectWhenAFileMovedAsAWhole() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        let faq = "# FAQ\n<!-- outline:faq -->\n\nQuestions.\n\n## Why\n<!-- outline:why -->\n\nBecause.\n"
        try write(faq, "faq.md")
        try git("add -A")
        try git("commit -qm base")
        try git("rm -q faq.md")
        try write("Front text that git will not pair.\n\nMore of it.\n\n" + faq.replacingOccurrences(of: "# FAQ", with: "# Questions"), "questions.md")
        let map = try runBinary(["diff", "--since", "HEAD", "--redirects", "."], directory: dir)
        #expect(map.text.contains("\"faq.md\": \"questions.md\""), "\(map.text)")
        #expect(map.text.contains("\"faq.md#faq\": \"questions.md#questions\""), "\(map.text)")
    }

    /// Without `--since`, a link only history could repair says so; one history cannot repair either
    /// does not.
    @Test func withoutHistoryTheWarningSaysTryIt() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        try write("# Doc\n<!-- outline:doc -->\n\nSee [i](#install) and [n](#nothing).\n\n## Install\n<!-- outline:install-guide -->\n", "a.md")
        try git("add -A")
        try git("commit -qm base")
        try write(try read("a.md").replacingOccurrences(of: "## Install\n", with: "## Setup\n"), "a.md")
        let run = try runBinary(["links", "--check", "a.md"], directory: dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains("a.md:4: warning: cannot repair link '#install': 'install' is not a heading or section ID of this file (try --since HEAD)\n"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot repair link '#nothing': 'nothing' is not a heading or section ID of this file\n"), "\(run.stderr)")
        #expect(try runBinary(["links", "--since", "HEAD", "a.md"], directory: dir).text.contains("See [i](#setup)"))
    }

    /// A renamed section's old slug taken over by a new heading: the link still resolves, so only
    /// history tells; `check --since` reports it, `links -w --since` makes it follow its section.
    @Test func slugTakeoverIsReportedAndRepaired() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q -b main .")
        try write("# A\n<!-- outline:a -->\n\n## Install\n<!-- outline:install -->\n\nSteps.\n", "a.md")
        try write("# B\n<!-- outline:b -->\n\nSee [install](a.md#install) and [here](#b).\n", "b.md")
        try git("add -A")
        try git("commit -qm base")
        try write("# A\n<!-- outline:a -->\n\n## Setup\n<!-- outline:install -->\n\nSteps.\n\n## Install\n<!-- outline:install-new -->\n\nNew.\n", "a.md")
        let check = try runBinary(["check", "--since", "HEAD", "."], directory: dir)
        #expect(check.status == 1 && check.text == "b.md:4: link 'a.md#install' now leads to another section: at HEAD 'install' was section 'install', which is now '#setup' (run 'outline links -w --since HEAD')\n", "\(check.text)")
        let json = try runBinary(["check", "--since", "HEAD", "--format", "json", "."], directory: dir)
        #expect(json.text.contains("\"kind\": \"slug-takeover\"") || json.text.contains("\"kind\":\"slug-takeover\""), "\(json.text)")
        // Without history nothing is wrong: the link resolves.
        #expect(try runBinary(["check", "."], directory: dir).status == 0)
        #expect(try runBinary(["links", "-w", "--since", "HEAD", "."], directory: dir).status == 0)
        #expect(try read("b.md") == "# B\n<!-- outline:b -->\n\nSee [install](a.md#setup) and [here](#b).\n")
        #expect(try runBinary(["check", "--since", "HEAD", "."], directory: dir).status == 0)
    }

    /// History first (format.md §8): `#intro` was the slug of "Intro" at HEAD; after "Intro" became
    /// "Introduction" it follows that section, not the section whose stable ID happens to be `intro`.
    @Test func historyWinsOverAnIDThatEqualsTheFragment() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try git("init -q .")
        let before = "# Doc\n<!-- outline:doc -->\n\nSee [intro](#intro).\n\n## Intro\n<!-- outline:start -->\n\n## Overview\n<!-- outline:intro -->\n"
        try write(before, "a.md")
        try git("add a.md")
        try git("commit -q -m one")
        try write(before.replacingOccurrences(of: "## Intro\n", with: "## Introduction\n"), "a.md")
        let run = try runBinary(["links", "--since", "HEAD", "a.md"], directory: dir)
        #expect(run.status == 0 && run.text.contains("See [intro](#introduction)."), "\(run.text) \(run.stderr)")
        // Without history the fragment is read as the stable ID it is.
        let plain = try runBinary(["links", "a.md"], directory: dir)
        #expect(plain.text.contains("See [intro](#overview)."), "\(plain.text) \(plain.stderr)")
    }

    /// `#top` and `#` are the top of the document (HTML standard): not broken, nothing to repair.
    @Test func topIsNeverBroken() {
        let input = bytes("# A\n<!-- outline:a -->\n\n[t](#top) [T](#TOP) [e](#) [b](#bottom)\n")
        let check = runInProcess(["check", "-"], stdin: input)
        #expect(check.text.contains("broken link '#bottom'") && !check.text.contains("'#top'") && !check.text.contains("'#TOP'"), "\(check.text)")
        let links = runInProcess(["links"], stdin: input)
        #expect(links.stdout == input && !links.stderr.contains("#top"), "\(links.stderr)")
    }

    @Test func anIDFragmentFollowsItsSectionWithoutHistory() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // The fragment is the section's stable ID (the slug it had when pinned): no git needed.
        let input = bytes("# Guide\n<!-- outline:guide -->\n\n[go](#install)\n\n## Installing it now\n<!-- outline:install -->\n")
        let result = runInProcess(["links"], stdin: input)
        #expect(result.status == 0 && result.text.contains("[go](#installing-it-now)"), "\(result.text) \(result.stderr)")
        #expect(runInProcess(["links"], stdin: result.stdout).stdout == result.stdout)
    }
}

/// format.md §2 linkable anchors: `id --linkable` writes `<!-- outline:ID --><a id="ID"></a>`, one line and
/// one HTML block, which the renderers keep as a link target; links to it survive any rename.
@Suite("linkable anchors", .serialized)
struct LinkableTests {
    static let document = "# Guide\n\nSee [install](#install).\n\n## Install\n\nSteps.\n"

    /// A section copied with its plain anchor gets its fresh ID as a linkable anchor in the same
    /// `id --linkable` run; and plain `id` follows the document's style: where most anchors are
    /// linkable, new ones are too (a document of plain anchors keeps getting plain ones).
    @Test func copiesAndNewAnchorsFollowTheLinkableStyle() throws {
        let copied = runInProcess(["id", "--linkable"], stdin: bytes("# A\n<!-- outline:a -->\n\n## B\n<!-- outline:b -->\n\n## B copy\n<!-- outline:b -->\n"))
        #expect(copied.status == 0 && copied.text.hasSuffix("## B copy\n<!-- outline:b-copy --><a id=\"b-copy\"></a>\n"), "\(copied.text)")
        let again = runInProcess(["id", "--linkable"], stdin: bytes(copied.text))
        #expect(again.text == copied.text)
        let linkableStyle = "# A\n<!-- outline:a --><a id=\"a\"></a>\n\n## B\n<!-- outline:b --><a id=\"b\"></a>\n\n## New\n"
        #expect(runInProcess(["id"], stdin: bytes(linkableStyle)).text == linkableStyle + "<!-- outline:new --><a id=\"new\"></a>\n")
        let plainStyle = "# A\n<!-- outline:a -->\n\n## B\n<!-- outline:b -->\n\n## New\n"
        #expect(runInProcess(["id"], stdin: bytes(plainStyle)).text == plainStyle + "<!-- outline:new -->\n")
        // id --strip of the result gives the document back.
        let stripped = runInProcess(["id", "--strip"], stdin: bytes(runInProcess(["id"], stdin: bytes(linkableStyle)).text))
        #expect(stripped.text == "# A\n\n## B\n\n## New\n")
    }

    @Test func writtenConvertedAndStripped() throws {
        let linkable = runInProcess(["id", "--linkable"], stdin: bytes(LinkableTests.document))
        #expect(linkable.text == "# Guide\n<!-- outline:guide --><a id=\"guide\"></a>\n\nSee [install](#install).\n\n## Install\n<!-- outline:install --><a id=\"install\"></a>\n\nSteps.\n")
        #expect(runInProcess(["id", "--linkable"], stdin: linkable.stdout).stdout == linkable.stdout)
        // Existing anchors are converted in place; --strip takes element and comment out together.
        let pinned = runInProcess(["id"], stdin: bytes(LinkableTests.document)).stdout
        #expect(runInProcess(["id", "--linkable"], stdin: pinned).stdout == linkable.stdout)
        #expect(runInProcess(["id", "--strip"], stdin: linkable.stdout).text == LinkableTests.document)
        // The heading renamed: the link still resolves (the ID is a target), nothing to repair.
        let renamed = bytes(linkable.text.replacingOccurrences(of: "## Install\n", with: "## Setting it up\n"))
        #expect(runInProcess(["check"], stdin: renamed).status == 0)
        #expect(runInProcess(["links"], stdin: renamed).stdout == renamed)
        // Every fixture: --strip gives back the bytes of an anchor-free document.
        for fixture in GoldenCase.fixtures {
            let input = try [UInt8](Data(contentsOf: Paths.fixtures.appendingPathComponent("\(fixture).md")))
            guard try Outline(parsing: input).records.isEmpty else { continue }
            let once = runInProcess(["id", "--linkable"], stdin: input).stdout
            expectBytes(runInProcess(["id", "--strip"], stdin: once).stdout, input, "\(fixture): id --strip ∘ id --linkable")
        }
    }

    /// Every byte outside outline's edits survives in CRLF, BOM, no-final-newline and front-matter
    /// forms: `id --linkable` and `number` (with its link following) each undo exactly.
    @Test(arguments: Variant.allCases)
    func variantsRoundTrip(_ variant: Variant) {
        for input in [bytes(LinkableTests.document), bytes("---\ntitle: x\n---\n" + LinkableTests.document)].map(variant.apply) {
            let linkable = runInProcess(["id", "--linkable"], stdin: input).stdout
            expectBytes(runInProcess(["id", "--strip"], stdin: linkable).stdout, input, "id --strip ∘ id --linkable, \(variant)")
            #expect(runInProcess(["check"], stdin: linkable).status == 0, "\(variant)")
            let numbered = runInProcess(["number"], stdin: input).stdout
            #expect(String(decoding: numbered, as: UTF8.self).contains("(#1-install)"), "\(variant)")
            expectBytes(runInProcess(["number", "--strip"], stdin: numbered).stdout, input, "number --strip ∘ number, \(variant)")
        }
    }


    /// format.md §8: `links -w --since REV --keep-aliases` keeps a renamed linkable section's old slug on
    /// its anchor line; `check` reports an alias that another target of the file also names.
    @Test func aliasesKeepOldSlugsAlive() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("g.md")
        func text() throws -> String { try String(contentsOf: file, encoding: .utf8) }
        try "# Guide\n\n## Install\n\nSteps.\n".write(to: file, atomically: true, encoding: .utf8)
        try shell("git init -q -b main .", in: dir)
        #expect(try runBinary(["id", "--linkable", "-w", "g.md"], directory: dir).status == 0)
        try (try text()).replacingOccurrences(of: "## Install\n", with: "## Setting up\n").write(to: file, atomically: true, encoding: .utf8)
        try shell("git add -A && git commit -qm base", in: dir)
        // Renamed again: the slug of REV ('setting-up') stays alive as an alias; the ID covers 'install'.
        try (try text()).replacingOccurrences(of: "## Setting up\n", with: "## Configuration\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try runBinary(["links", "-w", "--since", "HEAD", "--keep-aliases", "."], directory: dir).status == 0)
        let aliased = try text()
        #expect(aliased.contains("## Configuration\n<!-- outline:install --><a id=\"install\"></a><a id=\"setting-up\"></a>\n"), "\(aliased)")
        #expect(try runBinary(["links", "--check", "--since", "HEAD", "--keep-aliases", "."], directory: dir).status == 0)
        #expect(try runBinary(["check", "."], directory: dir).status == 0)
        // id --strip takes aliases out with the anchor.
        #expect(try runBinary(["id", "--strip", "g.md"], directory: dir).text == "# Guide\n\n## Configuration\n\nSteps.\n")
        // A new heading takes the alias's name: the alias is ambiguous now.
        try (try text() + "\n## Setting up\n").write(to: file, atomically: true, encoding: .utf8)
        let collision = try runBinary(["check", "--format", "json", "."], directory: dir)
        #expect(collision.text.contains("\"kind\": \"alias-collision\", \"severity\": \"finding\", \"id\": \"setting-up\", \"message\": \"alias 'setting-up' of section 'install' is also another link target"), "\(collision.text)")
        let usage = try runBinary(["links", "--keep-aliases", "g.md"], directory: dir)
        #expect(usage.status == 2 && usage.stderr.hasPrefix("outline: --keep-aliases needs --since REV"))
    }

    /// Issue 13's whole story: a rename chain over three commits, a move between files and a file
    /// rename; the link to `#install` resolves throughout (linkable anchor plus aliases), and
    /// `diff --since` and `--redirects` report exactly the chain and the move.
    @Test func permalinksThroughARenameChain() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ text: String, _ name: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        func read(_ name: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) }
        func step(_ message: String) throws {
            #expect(try runBinary(["links", "-w", "--since", "HEAD", "--keep-aliases", "."], directory: dir).status == 0)
            let check = try runBinary(["check", "."], directory: dir)
            #expect(check.status == 0, "\(message): \(check.text)")
            try shell("git add -A && git commit -qm '\(message)'", in: dir)
        }
        try shell("git init -q -b main .", in: dir)
        try write("# Guide\n\nSee [install](#install) and [faq](#faq).\n\n## Install\n\nSteps.\n\n## FAQ\n\nQ.\n", "guide.md")
        try write("# Setup\n\nText.\n", "setup.md")
        try write("# Old\n\nText.\n", "old.md")
        #expect(try runBinary(["id", "--linkable", "-w", "."], directory: dir).status == 0)
        try shell("git add -A && git commit -qm one", in: dir)

        try write(try read("guide.md").replacingOccurrences(of: "## Install\n", with: "## Installing\n"), "guide.md")
        try step("two")
        try write(try read("guide.md").replacingOccurrences(of: "## Installing\n", with: "## Getting started\n"), "guide.md")
        try step("three")
        let guide = try read("guide.md")
        #expect(guide.contains("## Getting started\n<!-- outline:install --><a id=\"install\"></a><a id=\"installing\"></a>\n"), "\(guide)")
        #expect(guide.contains("See [install](#install)"), "the permalink needs no repair")

        // A move between files (renamed on the way) and a file rename.
        let faqStart = guide.range(of: "## FAQ\n")!.lowerBound
        try write(String(guide[..<faqStart]), "guide.md")
        try write(try read("setup.md") + "\n" + String(guide[faqStart...]).replacingOccurrences(of: "## FAQ", with: "## Questions"), "setup.md")
        try shell("git mv old.md new.md", in: dir)
        try step("four")
        let moved = try read("guide.md")
        #expect(moved.contains("[faq](setup.md#faq)"), "a linkable ID moves with its section: \(moved)")

        let diff = try runBinary(["diff", "--since", "HEAD~3", "."], directory: dir)
        #expect(diff.status == 1)
        #expect(diff.text == """
            renamed file: old.md -> new.md
            moved faq: guide.md -> setup.md
            guide.md: renamed install: "Install" -> "Getting started"
            setup.md: renamed faq: "FAQ" -> "Questions"

            """, "\(diff.text)")
        let redirects = try runBinary(["diff", "--since", "HEAD~3", "--redirects", "."], directory: dir)
        #expect(redirects.text == """
            {
              "guide.md#faq": "setup.md#faq",
              "old.md": "new.md",
              "old.md#old": "new.md#old"
            }

            """, "\(redirects.text)")
        #expect(try runBinary(["diff", "--since", "HEAD", "."], directory: dir).status == 0)
        // id --strip takes every anchor, element and alias out again.
        #expect(try runBinary(["id", "--strip", "guide.md"], directory: dir).text == "# Guide\n\nSee [install](#install) and [faq](setup.md#faq).\n\n## Getting started\n\nSteps.\n\n")
    }
}
