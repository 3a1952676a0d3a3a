import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// `outline diff --format text|json|markdown` (format.md §8): `--json` is `--format json`, and
/// `--format markdown` is `diff --since`'s pull-request comment.
@Suite("diff --format", .serialized)
struct ReviewTests {
    /// A repository whose `docs/` at HEAD is the base of a change in the work tree: a section
    /// renamed (its slug with it), one reordered and renamed, one removed, one added, one moved to
    /// another file, and links: one into the changed file broken before and after, one that the
    /// move broke, one into an unchanged file broken before (not the change's).
    static func changedTree() throws -> URL {
        let dir = try temporaryDirectory()
        let docs = dir.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try text.write(to: docs.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try write("guide.md", "# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n\nSteps one two three.\nMore steps here.\n\n## Usage\n<!-- outline:usage -->\n\nUse it.\n\n## Old | part\n<!-- outline:old -->\n\nGone soon.\n\n## Config\n<!-- outline:config -->\n\nSee [usage](#usage).\n")
        try write("setup.md", "# Setup\n<!-- outline:setup -->\n\nSee [install](guide.md#install) and [cfg](guide.md#config).\n")
        try write("other.md", "# Other\n<!-- outline:other -->\n\nSee [u](guide.md#usage) and [x](guide.md#nothing).\n")
        try write("still.md", "# Still\n<!-- outline:still -->\n\nSee [x](stale.md#gone).\n")
        try write("stale.md", "# Stale\n<!-- outline:stale -->\n")
        try shell("git init -q -b main . && git add -A && git commit -q -m base", in: dir)
        try write("guide.md", "# Guide\n<!-- outline:guide -->\n\n## Config *now*\n<!-- outline:config -->\n\nSee [usage](#usage).\n\n## How to use\n<!-- outline:usage --><a id=\"usage\"></a>\n\nUse it.\n\n## New `thing` @you #12\n\nNew.\n")
        try write("setup.md", "# Setup\n<!-- outline:setup -->\n\nSee [install](guide.md#install) and [cfg](guide.md#config).\n\n## Install\n<!-- outline:install -->\n\nSteps one two three.\nMore steps here.\n")
        return dir
    }

    static let expectedReview = ##"""
        <!-- outline-diff -->
        ### outline: sections and links since `HEAD`

        #### Sections added

        | ID | File | Title |
        | --- | --- | --- |
        | `new-thing-you-12` | `docs/guide.md` | New thing \@you \#12 |

        #### Sections removed

        | ID | File | Title |
        | --- | --- | --- |
        | `old` | `docs/guide.md` | Old \| part |

        #### Sections renamed

        | ID | File | Title then | Title now |
        | --- | --- | --- | --- |
        | `config` | `docs/guide.md` | Config | Config now |
        | `usage` | `docs/guide.md` | Usage | How to use |

        #### Sections moved

        | ID | From | To | Title then | Title now | Where |
        | --- | --- | --- | --- | --- | --- |
        | `usage` | `docs/guide.md` | `docs/guide.md` | Usage | How to use | under guide -\> now after config under guide |
        | `install` | `docs/guide.md` | `docs/setup.md` | Install | Install | another file |

        #### Slugs that changed

        | ID | Was | Now | A link to the old slug |
        | --- | --- | --- | --- |
        | `usage` | `docs/guide.md#usage` | `docs/guide.md#usage` | works: an id on the anchor line |
        | `config` | `docs/guide.md#config` | `docs/guide.md#config-now` | breaks: no alias (listed by `outline diff --redirects`); links to `#config` from outside the repository will land at the top of the page |

        Links in these files follow their sections with `outline links -w --since HEAD`. A link from elsewhere to an old slug that breaks finds the page, not the section: only an alias keeps it (a linkable anchor keeps its old slugs: `outline id --linkable -w`, then `outline links -w --since HEAD --keep-aliases`); a redirect of the site cannot, as a server never sees the fragment.

        #### Link findings

        What the change broke since `HEAD` (what was broken there already is left out):

        - `docs/setup.md:4`: broken link 'guide\.md\#install'\: section 'install' is now '\#install' (run 'outline links -w --since HEAD')
        - `docs/setup.md:4`: broken link 'guide\.md\#config'\: section 'config' is now 'guide\.md\#config-now' (run 'outline links -w --since HEAD')
        - `docs/guide.md:4`: anchor 'old' no longer exists in docs/guide\.md (to accept\: --allow-removed docs/guide\.md\#old, allow-removed in \.outline\.toml, or the commit trailer 'Outline-Allow-Removed\: docs/guide\.md\#old'; nothing links to it\: removed = "linked" in \.outline\.toml accepts such removals; if it moved\: check both files, 'outline links -w --since HEAD' repairs the links)


        """##

    /// The comment for a change, byte for byte: every kind of change in file and document order,
    /// titles escaped; the link findings the change made, not those broken at HEAD already
    /// (`other.md`'s `#nothing`, `still.md` → `stale.md`).
    @Test func theCommentSaysWhatTheChangeDid() throws {
        let dir = try Self.changedTree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let review = try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "docs"], directory: dir)
        #expect(review.status == 1 && review.stderr.isEmpty, "\(review.stderr)")
        expectBytes(review.stdout, bytes(Self.expectedReview))
        // The same run again gives the same bytes.
        #expect(try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "docs"], directory: dir).stdout == review.stdout)
        // What check --since --strict finds includes the old broken link the comment leaves out.
        let check = try runBinary(["check", "--since", "HEAD", "--strict", "docs"], directory: dir)
        #expect(check.text.contains("docs/still.md:4: broken link 'stale.md#gone'") && !review.text.contains("still.md"))
    }

    /// No change: a comment that says so, and exit 0, as diff(1).
    @Test func noChangeIsSaidAndExitsZero() throws {
        let dir = try Self.changedTree()
        defer { try? FileManager.default.removeItem(at: dir) }
        try shell("git checkout -q -- docs", in: dir)
        let review = try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "docs"], directory: dir)
        #expect(review.status == 0)
        #expect(review.text == "<!-- outline-diff -->\n### outline: sections and links since `HEAD`\n\nNo section was added, removed, renamed or moved, no link target changed and no link broke.\n")
        // A file added and one deleted are named; an error is exit 2 with nothing on stdout.
        try shell("git rm -q docs/stale.md && printf '# New\\n' > docs/new.md", in: dir)
        let files = try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "docs"], directory: dir)
        #expect(files.status == 1 && files.text.contains("Files: added `docs/new.md`; deleted `docs/stale.md`.\n"), "\(files.text)")
        // still.md's link to stale.md was broken at HEAD already, but for another reason (no such
        // heading then, no such file now): the change made it worse, so it is the change's.
        #expect(files.text.contains("`docs/still.md:4`: broken link 'stale\\.md\\#gone'\\: no such file"), "\(files.text)")
        let bad = try runBinary(["diff", "--since", "no-such-rev", "--format", "markdown", "docs"], directory: dir)
        #expect(bad.status == 2 && bad.stdout.isEmpty)
    }

    /// `--json` is `--format json`, `--format text` the default; `markdown` needs `--since` and
    /// excludes `--redirects`; the exit status is diff(1)'s in every format.
    @Test func formatsAndTheirUsageErrors() throws {
        let dir = try Self.changedTree()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.md").path, b = dir.appendingPathComponent("b.md").path
        try "# A\n<!-- outline:a -->\n".write(toFile: a, atomically: true, encoding: .utf8)
        try "# B\n<!-- outline:a -->\n".write(toFile: b, atomically: true, encoding: .utf8)
        let json = runInProcess(["diff", "--json", a, b])
        #expect(json.status == 1 && runInProcess(["diff", "--format", "json", a, b]).stdout == json.stdout)
        #expect(runInProcess(["diff", "--json", "--format", "json", a, b]).stdout == json.stdout)
        #expect(runInProcess(["diff", "--format", "text", a, b]).stdout == runInProcess(["diff", a, b]).stdout)
        #expect(runInProcess(["diff", "--format", "json", a, a]).status == 0)
        for (arguments, message) in [
            (["diff", "--format", "markdown", a, b], "outline: --format markdown needs --since REV\n"),
            (["diff", "--json", "--format", "text", a, b], "outline: --json is --format json: give one of them\n"),
            (["diff", "--format", "xml", a, b], "outline: --format must be text, json or markdown, not 'xml'\n"),
            (["diff", "--format", "markdow", a, b], "outline: --format must be text, json or markdown, not 'markdow' (did you mean 'markdown'?)\n"),
        ] {
            let result = runInProcess(arguments)
            #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        let since = try runBinary(["diff", "--since", "HEAD", "--json", "docs"], directory: dir)
        let sinceJSON = try runBinary(["diff", "--since", "HEAD", "--format", "json", "docs"], directory: dir)
        #expect(since.status == 1 && sinceJSON.stdout == since.stdout)
        let sinceText = try runBinary(["diff", "--since", "HEAD", "--format", "text", "docs"], directory: dir)
        let sincePlain = try runBinary(["diff", "--since", "HEAD", "docs"], directory: dir)
        #expect(sinceText.status == 1 && sinceText.stdout == sincePlain.stdout)
        for (arguments, message) in [
            (["--format", "markdown", "--redirects"], "outline: --format markdown and --redirects cannot be combined"),
            (["--format", "json", "--redirects"], "outline: --format json and --redirects cannot be combined"),
            (["--json", "--redirects"], "outline: --json and --redirects cannot be combined"),
        ] {
            let result = try runBinary(["diff", "--since", "HEAD"] + arguments + ["docs"], directory: dir)
            #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        #expect(try runBinary(["diff", "--since", "HEAD", "--format", "text", "--redirects", "docs"], directory: dir).status == 1)
    }

    /// An old slug kept as an alias (`links --keep-aliases`) works; one without breaks.
    @Test func anAliasCoversAnOldSlug() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# Guide\n<!-- outline:guide -->\n\n## Config\n<!-- outline:cfg --><a id=\"cfg\"></a>\n\nText.\n\n## Plain\n<!-- outline:plain -->\n\nText.\n"
            .write(to: dir.appendingPathComponent("g.md"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A && git commit -q -m base && sed -i 's/^## Config$/## Configuration/; s/^## Plain$/## Plainer/' g.md", in: dir)
        #expect(try runBinary(["links", "-w", "--since", "HEAD", "--keep-aliases", "g.md"], directory: dir).status == 0)
        let review = try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "."], directory: dir)
        #expect(review.text.contains("""
            | `cfg` | `g.md#config` | `g.md#cfg` | works: an id on the anchor line |
            | `plain` | `g.md#plain` | `g.md#plainer` | breaks: no alias (listed by `outline diff --redirects`); links to `#plain` from outside the repository will land at the top of the page |
            """), "\(review.text)")
    }

    /// A review longer than GitHub takes in a comment is cut at a line, and says where to see it all.
    @Test func aLongReviewIsCutForGitHub() {
        var review = Review([])
        review.findings = (1...3000).map { (k: Int) -> Diagnostic in
            Diagnostic(.finding, .brokenLink, path: "docs/p\(k).md", line: k, "broken link 'x\(k).md': no such file")
        }
        let text = Report.review(review, revision: "origin/main")
        #expect(text.unicodeScalars.count <= 65_000 && text.unicodeScalars.count > 60_000)
        #expect(text.hasPrefix("<!-- outline-diff -->\n"))
        #expect(text.hasSuffix("\n…\n\n**The comment stops here**: GitHub keeps at most 65,536 characters in one. `outline diff --since origin/main --format text` lists every change, `outline check --since origin/main` every finding.\n"), "\(text.suffix(300))")
        // Cut after a whole line: the last finding kept is complete.
        let lines = text.components(separatedBy: "\n")
        let last = lines[lines.count - 6]
        #expect(last.hasPrefix("- `docs/p") && last.hasSuffix(".md'\\: no such file"), "\(last)")
        // A short one is whole.
        review.findings = Array(review.findings.prefix(3))
        #expect(!Report.review(review, revision: "origin/main").contains("stops here"))
    }

    /// What the comment writes of a document renders as the document's text: every character that
    /// could mean something in a comment is escaped, code spans are fenced past the backticks they
    /// hold, and a table row keeps its cells.
    @Test func escapingRendersAsWritten() {
        func htmlText(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let titles = ["a *b* _c_ `d` <b>x</b> [l](u) &amp; ![i](j) \\ back", "# not a heading", "1. not a list", "@user #12 $x$ ~~s~~ www.x.org",
                      "x | y", "<!-- comment -->", "a\u{1B}[31mred", "http://example.com/a_b"]
        for title in titles {
            let html = GeneratedRepairTests.html("- x " + Report.escaped(title) + "\n")
            let shown = title.replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}")
            #expect(html == "<ul>\n<li>x " + htmlText(shown) + "</li>\n</ul>\n", "\(title): \(html)")
        }
        for path in ["a`b``c.md", "`x.md", "a b.md", " a "] {
            let html = GeneratedRepairTests.html("x " + Report.code(path) + "\n")
            #expect(html == "<p>x <code>" + htmlText(path) + "</code></p>\n", "\(path): \(html)")
        }
        #expect(Report.cell("a|b.md") == "`a\\|b.md`")
        #expect(Report.escaped("x | y") == "x \\| y")
    }

    /// Issue 54, item 5: the links the change repaired are listed (past ten in <details>), and past
    /// 30 rows each kind is a summary line with its rows in <details>.
    @Test func repairedLinksAndLargeChangesFold() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try write("guide.md", "# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n\nSteps.\n")
        try write("index.md", "# Index\n<!-- outline:index -->\n\n" + (1...12).map { "- [i\($0)](guide.md#install)\n" }.joined() + "- [other](guide.md)\n")
        try shell("git init -q -b main . && git add -A && git commit -q -m base", in: dir)
        try write("guide.md", "# Guide\n<!-- outline:guide -->\n\n## Installing\n<!-- outline:install -->\n\nSteps.\n")
        let before = try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "."], directory: dir).text
        #expect(!before.contains("Links repaired"), "\(before)")
        #expect(try runBinary(["links", "-w", "--since", "HEAD", "."], directory: dir).status == 0)
        let review = try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "."], directory: dir).text
        #expect(review.contains("#### Links repaired\n\n12 links rewritten to keep reaching their sections (what `outline links -w --since HEAD` does):\n\n<details><summary>12 links repaired</summary>\n\n- `index.md:4`: `guide.md#install` → `guide.md#installing`\n"), "\(review)")
        #expect(!review.contains("guide.md` →"), "the unchanged link is no repair")
        // 31 sections added: every kind folds.
        try write("guide.md", "# Guide\n<!-- outline:guide -->\n\n## Installing\n<!-- outline:install -->\n\nSteps.\n" + (1...31).map { "\n## S\($0)\n<!-- outline:s\($0) -->\n" }.joined())
        let large = try runBinary(["diff", "--since", "HEAD", "--format", "markdown", "."], directory: dir).text
        #expect(large.contains("#### Sections added\n\n<details><summary>31 sections added</summary>\n\n| ID | File | Title |\n"), "\(large)")
        #expect(large.contains("<details><summary>1 slugs that changed</summary>"), "\(large)")
    }
}
