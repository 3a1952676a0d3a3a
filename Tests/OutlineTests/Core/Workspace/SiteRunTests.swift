import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `check` and `links` over a site (format.md §16): links resolved as the generator resolves them,
/// container bodies read as Markdown, repaired and verified there too. In memory, the site given.
@Suite("site runs (library)")
struct SiteRunTests {
    static func mkdocsSite() throws -> Site {
        let yml = """
        site_name: t
        markdown_extensions: [attr_list, footnotes, admonition, pymdownx.details, pymdownx.tabbed, md_in_html]
        """
        return try #require(try Site.read("/w/mkdocs.yml", bytes: Array(yml.utf8), read: { _ in nil }))
    }

    func check(_ store: MemoryStore, _ files: [String]) throws -> Run.CheckReport {
        let request = Run.CheckRequest(files: files, configs: files.map { _ in store.config })
        return try Run(store: store, lifetime: .session()).check(request)
    }

    func broken(_ report: Run.CheckReport) -> [String] {
        report.findings.filter { $0.kind == .brokenLink }.map { "\($0.path ?? "?"):\($0.line ?? 0) \($0.subject.map { "\($0)" } ?? "-")" }
    }

    @Test func mkdocsLinksResolveAsTheBuiltSite() throws {
        let store = MemoryStore([
            "README.md": "# Readme\n",
            "docs/index.md": """
            # Home

            [ok url](guide/#install) [ok url without slash](guide#install) [bad url](guide/#nope)
            [ok file](guide.md#custom) [outside](../README.md) [ok abs](/img/x.png)

            !!! note
                First.

                Second [bad in note](#missing) and [ok in note](guide.md#install).

            [^1]: A note.

            See[^1] and [ok footnote](#fn:1).
            """,
            "docs/guide.md": """
            # Guide

            ## Install { #custom }

            ## Install

            <img src="../img/x.png"> <img src="img/x.png">
            """,
            "docs/img/x.png": "png",
        ])
        store.config.site = try Self.mkdocsSite()
        let report = try check(store, ["docs/index.md", "docs/guide.md"])
        // `../img/x.png` from guide.md's page (`guide/`) is `img/x.png`; `img/x.png` is `guide/img/x.png`.
        #expect(broken(report) == [
            "docs/index.md:3 link(\"guide/#nope\")", "docs/index.md:4 link(\"../README.md\")",
            "docs/index.md:9 link(\"#missing\")", "docs/guide.md:7 link(\"img/x.png\")",
        ])
        // Without the site: the file paths alone, the note's body is code.
        store.config.site = nil
        let plain = broken(try check(store, ["docs/index.md", "docs/guide.md"]))
        #expect(plain.contains("docs/index.md:3 link(\"guide/#install\")") && !plain.contains { $0.contains("#missing") })
    }

    /// MyST's targets of the whole site (format.md §16): a directive's `:name:` (a code block's
    /// too, and in a colon-fenced directive of the site's own), `name:` in a `---` options block,
    /// `{figure-md}`'s argument, `{#id}` before a block, `[span]{#id}`, a glossary's terms, and
    /// the labels of the notebooks MyST-NB reads; a role naming an intersphinx inventory's target
    /// is skipped and counted as such, never reported, while a prefix no inventory has is a label.
    @Test func mystTargetsAndIntersphinx() throws {
        let conf = """
        extensions = ["myst_nb", "sphinx.ext.intersphinx"]
        myst_enable_extensions = ["colon_fence", "attrs_block", "attrs_inline", "deflist"]
        intersphinx_mapping = {"python": ("https://docs.python.org/3", None)}
        nb_custom_formats = {".Rmd": ["jupytext.reads", {"fmt": "Rmd"}]}
        """
        let site = try #require(try Site.read("/w/docs/conf.py", bytes: Array(conf.utf8), read: { _ in nil }))
        #expect(site.intersphinx == ["python"] && site.notebookSuffixes == [".ipynb", ".Rmd"] && site.dialect.mystAttrsBlock && site.dialect.mystAttrsInline)
        let store = MemoryStore([
            "docs/a.md": """
            # A

            :::{note}
            :name: Note-Name

            A note.
            :::

            ```{code-block} python
            :name: code-name

            x = 1
            ```

            :::{figure} pic.png
            ---
            name: yaml-name
            ---
            Caption.
            :::

            :::{figure-md} figmd-name
            <img src="pic.png">
            :::

            ::::{site-example}
            :::{tip}
            :name: in-example
            Tip.
            :::
            ::::

            {#block-id}
            A paragraph.

            A [span]{#span-id} and `code {#not-an-id}`.

            {.glossary}
            Some Term
            : Its definition.
            """,
            "docs/b.md": """
            # B

            [1](#note-name) [2](#code-name) [3](#yaml-name) [4](#figmd-name) [5](#in-example) [6](#block-id)
            [7](a.md#span-id) [8](<#some term>) [9](#nb-label) [10](#rmd-label) [11](#not-an-id) [12](#nope)

            {ref}`python:library` {doc}`python:library/os` {ref}`other:x` {ref}`note-name`
            """,
            "docs/nb.ipynb": ##"{"cells": [{"cell_type": "markdown", "source": ["(nb-label)=\n", "# NB\n"]}, {"cell_type": "code", "source": "(code-label)=\n"}]}"##,
            "docs/r.Rmd": "(rmd-label)=\n# R\n", "docs/pic.png": "png",
        ])
        store.config.site = site
        let report = try check(store, ["docs/a.md", "docs/b.md"])
        #expect(broken(report) == ["docs/b.md:4 link(\"#not-an-id\")", "docs/b.md:4 link(\"#nope\")", "docs/b.md:6 link(\"{ref}`other:x`\")"])
        #expect(report.skipped.map { "\($0.reason): \($0.count)" } == ["\(LinkSkip.intersphinx("python")): 2"])
    }

    @Test func aLabelDefinedTwiceResolvesToTheLastAndIsWarnedAbout() throws {
        let store = MemoryStore([
            "docs/a.md": "# A\n\n[link][x]\n\n[x]: b.md#one\n\n[X]: b.md#two\n",
            "docs/b.md": "# B\n\n## One\n",
        ])
        store.config.site = try Self.mkdocsSite()
        let report = try check(store, ["docs/a.md", "docs/b.md"])
        #expect(broken(report) == ["docs/a.md:3 link(\"b.md#two\")"])
        #expect(report.warnings.map { "\($0.kind.rawValue):\($0.line ?? 0)" } == ["shadowed-definition:5"])
    }

    /// Issue 56, item 7: a label defined twice, the site using the last; when the file both name
    /// moves, `links --since` rewrites both definitions (the one the view leaves out on its own
    /// line, verified there: a wrong byte in it is refused).
    @Test func bothDefinitionsOfALabelFollowAMovedFile() throws {
        let a = "# A\n\n[link][x] and [y][]\n\n[x]: b.md#one\n[y]: b.md\n\n[X]: <b.md#two>\n"
        let b = "# B\n\n## One\n\n## Two\n"
        let store = MemoryStore(["docs/a.md": a, "docs/c.md": b])
        store.config.site = try Self.mkdocsSite()
        let history = MemoryHistory([MemoryRevision("HEAD", files: ["docs/a.md": a, "docs/b.md": b], renames: ["docs/c.md": "docs/b.md"])])
        var request = Run.LinksRequest(files: ["docs/a.md", "docs/c.md"])
        request.since = "HEAD"
        request.configs = [store.config, store.config]
        func repaired() throws -> Result<RewriteResult, Diagnostic> {
            guard case .repaired(let results) = try Run(store: store, revisions: history, lifetime: .session()).links(request) else { throw Diagnostic.file("a", "unreadable") }
            return results[0].result
        }
        #expect(String(decoding: try repaired().get().output, as: UTF8.self) == a.replacingAll("b.md", with: "c.md"))
        let injection = Verification.injectForTesting { outline in
            guard let r = outline.source.bytes.firstRange(of: Array("[x]: b.md#one".utf8)) else { return nil }
            return (r.lowerBound + 1..<r.lowerBound + 2, Array("z".utf8))
        }
        defer { Verification.stopInjecting(injection) }
        #expect((try? repaired().get()) == nil, "a wrong byte in the definition the view leaves out (its label) is refused")
    }

    @Test func linksInContainersAreRepairedAndVerifiedOnTheView() throws {
        let guide = """
        # Guide

        !!! note
            Intro.

            See [install](setup.md#install) and [again][ref].

        === "Tab"

            [tab link](setup.md#install)

            ```md
            [code](setup.md#install)
            ```

        [ref]: setup.md#install
        """
        let store = MemoryStore(["docs/guide.md": guide, "docs/setup.md": "# Setup\n\n## Installing it\n<!-- outline:install -->\n"])
        store.config.site = try Self.mkdocsSite()
        var request = Run.LinksRequest(files: ["docs/guide.md", "docs/setup.md"])
        request.configs = [store.config, store.config]
        guard case .repaired(let results) = try Run(store: store, lifetime: .session()).links(request) else { Issue.record("unreadable"); return }
        let out = String(decoding: try results[0].result.get().output, as: UTF8.self)
        #expect(out == guide.replacingOccurrences(of: "setup.md#install)", with: "setup.md#installing-it)")
                          .replacingOccurrences(of: "[ref]: setup.md#install", with: "[ref]: setup.md#installing-it")
                          .replacingOccurrences(of: "[code](setup.md#installing-it)", with: "[code](setup.md#install)"))
        // A wrong edit inside a body is refused, as anywhere else.
        let injection = Verification.injectForTesting { outline in
            // (Only this test's page: other tests, in parallel, have an "Intro" too.)
            guard outline.source.bytes.firstRange(of: Array("[tab link](setup.md".utf8)) != nil,
                  let r = outline.source.bytes.firstRange(of: Array("Intro".utf8)) else { return nil }
            return (r, Array("Outro".utf8))
        }
        defer { Verification.stopInjecting(injection) }
        guard case .repaired(let refused) = try Run(store: store, lifetime: .session()).links(request) else { Issue.record("unreadable"); return }
        #expect((try? refused[0].result.get()) == nil)
    }

    @Test func mystLabelsRolesAndDocumentsWithoutSuffix() throws {
        let conf = "extensions = ['myst_parser']\nmyst_heading_anchors = 2\nmyst_enable_extensions = ['colon_fence']\n"
        let site = try #require(try Site.read("/w/docs/conf.py", bytes: Array(conf.utf8), read: { _ in nil }))
        let store = MemoryStore([
            "docs/index.md": """
            # Index

            [t](intro) [t](#intro) [t](other) [t](other#other-title) [t](other.md#deep-one)
            {ref}`intro` {ref}`other-title` {doc}`other` {doc}`missing`

            ```{note}
            In a note [t](#nowhere).
            ```
            """,
            "docs/other.md": "(intro)=\n# Other Title\n\n### Deep One\n",
        ])
        store.config.site = site
        #expect(broken(try check(store, ["docs/index.md", "docs/other.md"])) == [
            "docs/index.md:3 link(\"other#other-title\")", "docs/index.md:4 link(\"{ref}`other-title`\")",
            "docs/index.md:4 link(\"{doc}`missing`\")", "docs/index.md:7 link(\"#nowhere\")",
        ])
    }
}
