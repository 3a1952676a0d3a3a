import Testing
@testable import OutlineCore

/// The readers of site configurations (format.md §16): YAML as MkDocs writes it, and `conf.py`'s
/// literal assignments. Read, never run; what is not read is an error at its line or left unread.
@Suite("configuration readers")
struct ConfigReadersTests {
    func yaml(_ text: String) throws -> ConfigValue { try ConfigValue.yaml(Array(text.utf8)) }

    @Test func blockAndFlowCollectionsScalarsAndComments() throws {
        let v = try yaml("""
        # a comment
        site_name: "Docs: the guide"   # trailing comment
        docs_dir: 'it''s docs'
        use_directory_urls: false
        nav:
          - Home: index.md
          - Guide:
            - guide/a.md
        markdown_extensions:
        - toc:
            permalink: true
            slugify: !!python/object/apply:pymdownx.slugs.slugify
              kwds:
                case: lower
        - attr_list
        - pymdownx.emoji: {emoji_index: !!python/name:material.extensions.emoji.twemoji, x: [1, "two", {three: 3}]}
        extra:
          literal: |
            line one
              indented
          folded: >-
            a
            b

            c
          plain: a
            continued
        """)
        #expect(v["site_name"]?.string == "Docs: the guide")
        #expect(v["docs_dir"]?.string == "it's docs")
        #expect(v["use_directory_urls"]?.bool == false)
        #expect(v["nav"]?.list?.count == 2)
        #expect(v["nav"]?.list?[1]["Guide"]?.list?.first?.string == "guide/a.md")
        let extensions = try #require(v["markdown_extensions"]?.list)
        #expect(extensions.count == 3)
        let slugify = try #require(extensions[0]["toc"]?["slugify"])
        #expect(slugify.tag == "!!python/object/apply:pymdownx.slugs.slugify")
        #expect(slugify.untagged["kwds"]?["case"]?.string == "lower")
        #expect(extensions[0]["toc"]?["permalink"]?.bool == true)
        #expect(extensions[1].string == "attr_list")
        let emoji = try #require(extensions[2]["pymdownx.emoji"])
        #expect(emoji["emoji_index"]?.tag == "!!python/name:material.extensions.emoji.twemoji")
        #expect(emoji["x"]?.list?.map { $0.string ?? "" } == ["1", "two", ""])
        #expect(emoji["x"]?.list?[2]["three"]?.int == 3)
        #expect(v["extra"]?["literal"]?.string == "line one\n  indented\n")
        #expect(v["extra"]?["folded"]?.string == "a b\nc")
        #expect(v["extra"]?["plain"]?.string == "a continued")
    }

    @Test func anchorsAliasesEnvTagsAndNestedSequences() throws {
        let v = try yaml("""
        base: &b
          x: 1
        copy: *b
        docs_dir: !ENV [DOCS, docs]
        sponsors:
        - - login: a
            url: u
          - login: b
        """)
        #expect(v["copy"]?["x"]?.int == 1)
        #expect(v["docs_dir"]?.tag == "!ENV")
        #expect(v["sponsors"]?.list?.first?.list?.count == 2)
        #expect(v["sponsors"]?.list?.first?.list?[0]["url"]?.string == "u")
    }

    @Test func whatIsNotReadIsAnErrorAtItsLine() {
        for (text, line) in [("a: 1\nb: [1, 2\n", 3), ("a: 1\n  b: 2\n", 2), ("a: \"open\n", 2), ("a: *nothing\n", 1), ("? complex\n: v\n", 1)] {
            do {
                _ = try yaml(text)
                Issue.record("\(text) was read")
            } catch let d as Diagnostic {
                #expect(d.kind == .site && d.line == line, "\(text): \(d)")
            } catch { Issue.record("\(error)") }
        }
    }

    @Test func pythonLiteralAssignments() {
        let py = PythonLiterals(Array("""
        import os
        project = "x"
        extensions = [
            "myst_parser",  # MyST
            'sphinx.ext.autodoc',
        ]
        extensions += ["sphinx.ext.intersphinx"]
        extensions.append("sphinx_design")
        myst_enable_extensions = {"colon_fence", "deflist"}
        myst_heading_anchors = 3
        source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
        html_theme = os.environ.get("THEME", "alabaster")
        flag: bool = True
        long = ("a"
                "b")
        if True:
            ignored = 1
        def setup(app):
            app.add_directive("x", X)
        """.utf8))
        #expect(py["project"]?.string == "x")
        #expect(py["extensions"]?.list?.compactMap(\.string) == ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.intersphinx", "sphinx_design"])
        #expect(py["myst_enable_extensions"]?.list?.compactMap(\.string) == ["colon_fence", "deflist"])
        #expect(py["myst_heading_anchors"]?.int == 3)
        #expect(py["source_suffix"]?.pairs?.map(\.key) == [".md", ".rst"])
        #expect(py["html_theme"] == nil && py.unread == ["html_theme"])
        #expect(py["flag"]?.bool == true)
        #expect(py["long"]?.string == "ab")
        #expect(py["ignored"] == nil)
    }
}
