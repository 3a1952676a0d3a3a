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
        Verification.injectForTesting = { outline in
            guard let r = outline.source.bytes.firstRange(of: Array("Intro".utf8)) else { return nil }
            return (r, Array("Outro".utf8))
        }
        defer { Verification.injectForTesting = nil }
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
