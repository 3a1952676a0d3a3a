import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// A section of a site's dialect moved between files (format.md §16, §18): the containers whose
/// bodies the generator reads as Markdown (MkDocs admonitions and tabs, MyST directives and colon
/// fences) travel with it, and the links in them are repaired in both files, as the site resolves
/// them.
@Suite("sections: sites (library)")
struct SectionSiteTests {
    @Test func anMkDocsSectionWithAdmonitionsMovesWithItsLinks() throws {
        let store = MemoryStore([
            "docs/a.md": """
            # A

            ## Setup
            <!-- outline:setup -->

            !!! note
                See [usage](#usage) and [other](b.md#other).

            === "Linux"

                Tab [usage](#usage).

            ## Usage
            <!-- outline:usage -->

            !!! tip "Back"
                To [setup](#setup).

            """,
            "docs/b.md": """
            # B

            ## Other
            <!-- outline:other -->

            ??? info
                Read [setup](a.md#setup).

            """,
        ])
        store.config.site = try SiteRunTests.mkdocsSite()
        let change = try SectionMoveTests.run(store, .move(SectionAddress(path: "docs/a.md", fragment: "setup"), destination: "docs/b.md", placement: .before, relativeTo: "other"))
        #expect(SectionMoveTests.text(change, "docs/a.md") == "# A\n\n## Usage\n<!-- outline:usage -->\n\n!!! tip \"Back\"\n    To [setup](b.md#setup).\n")
        #expect(SectionMoveTests.text(change, "docs/b.md") == """
            # B

            ## Setup
            <!-- outline:setup -->

            !!! note
                See [usage](a.md#usage) and [other](#other).

            === "Linux"

                Tab [usage](a.md#usage).

            ## Other
            <!-- outline:other -->

            ??? info
                Read [setup](#setup).

            """)
        #expect(change.diagnostics.isEmpty, "\(change.diagnostics)")
    }

    @Test func aMySTSectionWithDirectivesMovesWithItsLinks() throws {
        let conf = "extensions = ['myst_parser']\nmyst_heading_anchors = 3\nmyst_enable_extensions = ['colon_fence']\n"
        let site = try #require(try Site.read("/w/docs/conf.py", bytes: Array(conf.utf8), read: { _ in nil }))
        let store = MemoryStore([
            "docs/a.md": """
            # A

            ## Setup
            <!-- outline:setup -->

            ```{note}
            See [usage](#usage) and [other](b.md#other).
            ```

            :::{tip}
            Also [the top](b.md#b).
            :::

            ## Usage
            <!-- outline:usage -->

            ```{warning}
            Back to [setup](#setup).
            ```

            """,
            "docs/b.md": """
            # B
            <!-- outline:b -->

            ## Other
            <!-- outline:other -->

            :::{seealso}
            [Setup](a.md#setup)
            :::

            """,
        ])
        store.config.site = site
        let change = try SectionMoveTests.run(store, .move(SectionAddress(path: "docs/a.md", fragment: "setup"), destination: "docs/b.md", placement: .into, relativeTo: "other"))
        #expect(SectionMoveTests.text(change, "docs/a.md") == "# A\n\n## Usage\n<!-- outline:usage -->\n\n```{warning}\nBack to [setup](b.md#setup).\n```\n")
        #expect(SectionMoveTests.text(change, "docs/b.md") == """
            # B
            <!-- outline:b -->

            ## Other
            <!-- outline:other -->

            :::{seealso}
            [Setup](#setup)
            :::

            ### Setup
            <!-- outline:setup -->

            ```{note}
            See [usage](a.md#usage) and [other](#other).
            ```

            :::{tip}
            Also [the top](#b).
            :::

            """)
        #expect(change.diagnostics.isEmpty, "\(change.diagnostics)")
    }
}
