import Foundation
import Testing
@testable import OutlineCLI
@testable import OutlineCore

/// The slug profiles against the renderers themselves (format.md §7): every heading of the real-world
/// documents, rendered by pandoc (`-f gfm` for GitHub's rules, `-f markdown` for pandoc's own) and by
/// Python-Markdown's toc extension (MkDocs), must get the id the renderer gives it.
@Suite("slug profiles", .serialized)
struct SlugTests {
    /// Heading ids a renderer printed, in document order (`<h2 id="x">`).
    static func renderedIDs(_ html: String) -> [String] {
        var ids: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<h") {
            rest = rest[open.upperBound...]
            guard let level = rest.first, ("1"..."6").contains(level) else { continue }
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[..<close]
            if let idStart = tag.range(of: " id=\"") {
                let value = tag[idStart.upperBound...]
                if let end = value.firstIndex(of: "\"") { ids.append(String(value[..<end])) }
            } else {
                ids.append("")
            }
            rest = rest[close...]
        }
        return ids.map(unescapeHTML)
    }

    static func unescapeHTML(_ s: String) -> String {
        s.replacingAll("&quot;", with: "\"").replacingAll("&#39;", with: "'").replacingAll("&lt;", with: "<")
            .replacingAll("&gt;", with: ">").replacingAll("&amp;", with: "&")
    }

    /// Our ids for a document's headings, in order.
    static func ours(_ document: [UInt8], _ profile: SlugProfile) throws -> [String] {
        let outline = try Outline(parsing: document, links: true)
        let targets = LinkTargets(outline.links!, profile: profile)
        return Array(targets.ordered.prefix(outline.links!.headings.count))
    }

    /// Documents whose every heading is simple enough that the renderer's parser and cmark agree on
    /// what the headings are (same count), compared id by id; returns (compared, mismatches).
    func compare(_ profile: SlugProfile, render: (URL) throws -> String?) throws -> (Int, [String]) {
        var compared = 0
        var mismatches: [String] = []
        for url in FormatterTests.documents {
            guard let input = try? [UInt8](Data(contentsOf: url)), !input.contains(0),
                  let html = try render(url) else { continue }
            let theirs = SlugTests.renderedIDs(html)
            let mine = try SlugTests.ours(input, profile)
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

    @Test(.enabled(if: FormatterTests.pandoc, "pandoc is not installed"))
    func githubAgreesWithPandocGFM() throws {
        let (compared, mismatches) = try compare(.github) { url in
            let run = try shell("pandoc -f gfm --wrap=none -t html '\(url.path)'", in: Paths.root)
            return run.status == 0 ? run.output : nil
        }
        #expect(compared > 500, "too few headings compared: \(compared)")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(20))")
    }

    @Test(.enabled(if: FormatterTests.pandoc, "pandoc is not installed"))
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

    func ids(_ markdown: String, _ profile: SlugProfile) throws -> [String] {
        try SlugTests.ours(bytes(markdown), profile)
    }

    /// The examples of GitLab's documentation ("Heading IDs and links"), and the cases measured in
    /// notes/links.md for the other renderers.
    @Test func documentedExamples() throws {
        #expect(try ids("""
            # This heading has spaces in it
            ## This heading has a unicode character ö
            ### This heading has spaces in it
            ## This heading has 3.5 in it (and parentheses)
            ## This heading has  multiple spaces and --- hyphens
            """, .gitlab) == ["this-heading-has-spaces-in-it", "this-heading-has-a-unicode-character-ö",
                              "this-heading-has-spaces-in-it-1", "this-heading-has-35-in-it-and-parentheses",
                              "this-heading-has-multiple-spaces-and-hyphens"])
        let table = "# Foo & Bar\n# Q&A\n# 1. Intro\n# Intro\n# Intro\n# Ünïcödé Straße\n# emoji 🎉 party\n# C++ / Rust\n"
        // GitHub keeps non-ASCII capitals (`Ü`); pandoc's gfm reader lowercases them (see githubDocumentation).
        #expect(try ids(table, .github) == ["foo--bar", "qa", "1-intro", "intro", "intro-1", "Ünïcödé-straße", "emoji--party", "c--rust"])
        #expect(try ids(table, .gitlab) == ["foo-bar", "qa", "1-intro", "intro", "intro-1", "ünïcödé-straße", "emoji-party", "c-rust"])
        #expect(try ids(table, .pandoc) == ["foo-bar", "qa", "intro", "intro-1", "intro-2", "ünïcödé-straße", "emoji-party", "c-rust"])
        #expect(try ids(table, .mkdocs) == ["foo-bar", "qa", "1-intro", "intro", "intro_1", "unicode-strae", "emoji-party", "c-rust"])
        // pandoc's own documentation (auto_identifiers), as pandoc 2.17 renders it (the manual says
        // `dogs--in-my-house`; 2.17 smartens `--` first and drops it).
        #expect(try ids("# Heading identifiers in HTML\n# Maître d'hôtel\n# *Dogs*?--in *my* house?\n# [HTML], [S5], or [RTF]?\n# 3. Applications\n# 33\n", .pandoc)
                == ["heading-identifiers-in-html", "maître-dhôtel", "dogsin-my-house", "html-s5-or-rtf", "applications", "section"])
    }

    /// GitHub's documentation ("Section links"): ASCII letters lowercased, others kept as they are.
    @Test func githubDocumentation() throws {
        #expect(try ids("""
            # Example headings
            ## Sample Section
            ## This'll be a _Helpful_ Section About the Greek Letter Θ!
            ## This heading is not unique in the file
            ## This heading is not unique in the file
            """, .github) == ["example-headings", "sample-section", "thisll-be-a-helpful-section-about-the-greek-letter-Θ",
                              "this-heading-is-not-unique-in-the-file", "this-heading-is-not-unique-in-the-file-1"])
        // Leading and trailing whitespace go (an inline comment leaves a trailing space in the text).
        #expect(try ids("## Title <!-- note -->\n", .github) == ["title"])
    }

    @Test func duplicatesAndEdgeCases() throws {
        // github-slugger skips ids already taken; GitLab counts per base only.
        #expect(try ids("# a\n# a\n# a-1\n", .github) == ["a", "a-1", "a-1-1"])
        #expect(try ids("# a\n# a\n# a-1\n", .pandoc) == ["a", "a-1", "a-1-1"])
        #expect(try ids("# a\n# a\n# a_1\n", .mkdocs) == ["a", "a_1", "a_2"])
        // Empty slugs.
        #expect(try ids("# 🎉\n# 🎉\n", .pandoc) == ["section", "section-1"])
        #expect(try ids("# 🎉\n# 🎉\n", .mkdocs) == ["_1", "_2"])
        // Rendered text: emphasis, code, links and entities count; an image's alt only for pandoc.
        let rich = "# *Emphasis* `code--x` [link](u) &amp; ![alt](i.png) end\n"
        #expect(try ids(rich, .github) == ["emphasis-code--x-link---end"])
        #expect(try ids(rich, .pandoc) == ["emphasis-code--x-link-alt-end"])
        #expect(try ids(rich, .mkdocs) == ["emphasis-code-x-link-end"])
        // pandoc honours {#id} (and smartens -- outside code); the others slug the braces away.
        #expect(try ids("# Setup {#install}\n# Wait... -- now\n", .pandoc) == ["install", "wait-now"])
        #expect(try ids("# Setup {#install}\n", .github) == ["setup-install"])
        // Headings in any container are targets.
        #expect(try ids("> # Quoted\n\n- ## In a list\n", .github) == ["quoted", "in-a-list"])
    }

    @Test func htmlIDsAreTargets() throws {
        let outline = try Outline(parsing: bytes("# T\n<!-- outline:t --><a id=\"t\"></a><a id=\"old-t\"></a>\n\nText <span id='inline'>x</span> <a name=named></a>\n"), links: true)
        let targets = LinkTargets(outline.links!, profile: .github)
        #expect(targets.ordered == ["t", "t", "old-t", "inline", "named"])
        #expect(targets.contains("old-t") && targets.nearest(to: "Inline") == "inline" && targets.nearest(to: "nmed") == "named")
    }
}
