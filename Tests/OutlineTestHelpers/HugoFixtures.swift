/// Small Hugo sites shared by the fast tests (`HugoTests`, whose expectations were read off `hugo`
/// 0.168's build) and the slow one that builds them with the installed `hugo` (`HugoBuildTests`).
/// Each page's layout puts its content in `<article>`, where the slow test looks for links.
public enum HugoFixtures {
    static let layouts = [
        "layouts/_default/single.html": "<html><body><article>{{ .Content }}</article></body></html>\n",
        "layouts/_default/list.html": "<html><body><article>{{ .Content }}</article></body></html>\n",
    ]

    /// A small site whose broken links `hugo` 0.168 was asked about: built into `public/`, every
    /// `href` of an article to a missing file or id is what each expectation below lists.
    public static func urls(languages: Bool) -> [String: String] {
        var files = [
            "hugo.toml": "baseURL = 'https://example.org/'\n[permalinks]\n  posts = '/:year/:slug/'\n"
                + (languages ? "[languages.en]\n  weight = 1\n[languages.fr]\n  weight = 2\n  contentDir = 'content/fr'\n" : ""),
            "content/guide/_index.md": "---\ntitle: Guide\n---\n# Guide\n",
            "content/guide/Install.md": "---\ntitle: Install\n---\n# Install\n\n## On Linux\n",
            "content/guide/bundle/index.md": "---\ntitle: Bundle\n---\n# Bundle\n\n## Part\n",
            "content/guide/bundle/data.txt": "data",
            "content/guide/slugged.md": "---\ntitle: Slugged\nslug: other-name\naliases: [/old/place/]\n---\n# Slugged\n",
            "content/guide/fixed.md": "---\ntitle: Fixed\nurl: /fixed/here/\n---\n# Fixed\n",
            "content/posts/hello.md": "---\ntitle: Hello World\ndate: 2024-03-05\nslug: hello\n---\n# Hello\n",
            "content/_common/_index.md": "---\ncascade:\n  build:\n    render: never\n---\n",
            "content/_common/snippet.md": "---\n---\n[s](#defined-where-included) [t](../relative/)\n",
            "content/links.md": """
                ---
                title: Links
                ---
                # Links

                [a](/guide/install/) [b](/guide/install/#on-linux) [c](guide/install/) [d](/guide/bundle/#part)
                [e](/guide/other-name/) [f](/old/place/) [g](/fixed/here/) [h](/2024/hello/) [i](/img/logo.png)
                [j](/guide/bundle/data.txt) [k](/guide/) [m](/tags/) [y](<{{% eturl disqus %}}>)
                [n](/guide/instal/) [o](/guide/install/#nope) [p](/img/missing.png) [q](/guide/slugged/)
                [r](/posts/hello/) [t](/Guide/Install/)

                """,
            "content/guide/deep.md": "---\ntitle: Deep\n---\n# Deep\n\n[u](../install/) [v](../bundle/#part) [w](../nowhere/) [x](install/)\n",
            "static/img/logo.png": "png",
            "layouts/shortcodes/eturl.html": "https://example.org/{{ .Get 0 }}",
        ].merging(layouts) { a, _ in a }
        if languages { files["content/fr/installer.md"] = "---\ntitle: Accueil\n---\n# Installer\n\n## Sous Linux\n" }
        return files
    }

    /// Definition terms with `autoDefinitionTermID`, and a page holding a block shortcode.
    public static let terms: [String: String] = [
        "hugo.toml": "baseURL = 'https://example.org/'\n[markup.goldmark.parser]\n  autoDefinitionTermID = true\n",
        "layouts/shortcodes/snippet.html": "## From snippet\n",
        "content/terms.md": """
            # Terms

            `publishDir`
            : Where the site is written.

            [Hugofy](https://example.org/hugofy)
            : An extension.

            `(<nil>)`
            : One.

            `(&lt;nil&gt;)`
            : Two.

            matchers
            : A term.

            ## Matchers

            Term one
            Term two
            : A shared definition.

            ```text
            not a term
            : inside code
            ```

            """,
        "content/snippets.md": "# Snippets\n\n{{% snippet %}}\n",
        "content/links.md": """
            # Links

            [a](/terms/#publishdir) [b](/terms/#hugofy) [c](/terms/#nil) [d](/terms/#nil-1) [e](/terms/#matchers)
            [f](/terms/#matchers-1) [g](/terms/#term-one) [h](/terms/#term-two) [i](/terms/#matchers-2)
            [j](/terms/#not-a-term) [k](/snippets/#from-snippet) [l](/snippets/#nope) [m](/terms/#terms)

            """,
    ].merging(layouts) { a, _ in a }

    /// Heading ids: `İ`, an escaped `\{#x}`, `{#custom}`, Greek capitals, `\\{#y}`; the rendered
    /// text Hugo 0.144 and later slug (`--` a dash, `&nbsp;` no space, a link's text, raw HTML's
    /// tags gone) against the source text before it. `pinned`: `module.hugoVersion.max` below 0.144,
    /// built with Hugo 0.111 (`hugo-0.111`): `a----b`, `foonbspbar`, `two-y` are its ids.
    public static func headings(pinned: Bool = false) -> [String: String] {
        [
            "hugo.toml": "baseURL = 'https://example.org/'\n" + (pinned ? "[module.hugoVersion]\n  max = '0.143.1'\n" : ""),
            "content/h.md": """
                # H

                ## İstanbul

                ## Foo \\{#x}

                ## Bar {#custom}

                ## ΣΑΣ Ǆemal

                ## Baz \\\\{#y}

                ## A -- B

                ## foo&nbsp;bar

                ## See [the link](https://x.org/y) here

                ## A <b>bold</b> tag

                """,
            "content/l.md": """
                # L

                [a](/h/#istanbul) [b](/h/#foo-x) [c](/h/#custom) [d](/h/#σασ-ǆemal) [e](/h/#y) [f](/h/#x)
                [g](/h/#a--b) [h](/h/#foobar) [i](/h/#see-the-link-here) [j](/h/#a-bold-tag)
                [k](/h/#a----b) [m](/h/#foonbspbar) [n](/h/#see-the-linkhttpsxorgy-here) [o](/h/#baz-y)

                """,
        ].merging(layouts) { a, _ in a }
    }

    /// `ref` and `relref` shortcodes, as `hugo` 0.168 finds their pages: by content path from the
    /// page's directory, then from the content directory, with or without extension, case ignored;
    /// a bare name; a bundle or section by its directory; the section Hugo makes for `posts/`
    /// without `_index.md`; relative to a leaf bundle's parent, or after `../` with an extension
    /// to the bundle itself; after `.` relative only; a bare name (unquoted too), not `/name`.
    /// `deep.md`, `./links.md`, `/install`, `../posts/other.md`, `../other`, `guide/nope.md` and
    /// `/nowhere` fail its build (REF_NOT_FOUND, at these lines and columns); `install.md#nope`
    /// builds, to a missing id.
    public static let refs: [String: String] = [
        "hugo.toml": "baseURL = 'https://example.org/'\n",
        "content/guide/_index.md": "---\ntitle: Guide\n---\n# Guide\n",
        "content/guide/install.md": "---\ntitle: Install\n---\n# Install\n\n## On Linux\n\n"
            + "[a]({{< relref \"../posts/hello\" >}}) [b]({{< relref \"deep.md\" >}}) [c]({{< ref \"_index.md\" >}})\n"
            + "[d]({{< ref \"./links.md\" >}}) [e]({{< ref \"links.md\" >}}) [f]({{< ref \"/install\" >}}) [g]({{< ref install >}})\n",
        "content/posts/hello/index.md": "---\ntitle: Hello\n---\n# Hello\n\n[a]({{< ref \"./other.md\" >}}) [b]({{< ref \"../posts/other.md\" >}}) [c]({{< ref \"../other\" >}})\n",
        "content/posts/other.md": "---\ntitle: Other\n---\n# Other\n",
        "content/links.md": """
            ---
            title: Links
            ---
            # Links

            [1]({{< ref "guide/install.md" >}}) [2]({{< relref "/guide/install" >}}) [3]({{< ref "install" >}}) [4]({{< ref "guide/install.md#on-linux" >}})
            [5]({{< ref path="guide" >}}) [6]({{< relref "posts/hello" >}}) `{{</* ref "nope" */>}}` [7]({{< ref "hello" >}}) [8]({{< ref "GUIDE/Install.md" >}})
            [9]({{< ref "guide/nope.md" >}}) [10]({{< relref "/nowhere" >}}) [11]({{< ref "install.md#nope" >}}) [12]({{< ref "posts" >}})

            """,
    ].merging(layouts) { a, _ in a }

    /// A site where a page is renamed (`git mv`) and a section moves to another page, with links to
    /// both by URL: the tree, the commands, the files written after them, and what `links -w
    /// --since HEAD` must make of the linking page (which `hugo` then builds without a broken link).
    public static var renamedSite: (files: [String: String], commands: String, writes: [String: String], expected: [String: String]) {
        let files = [
            "hugo.toml": "baseURL = 'https://example.org/'\n",
            "content/guide/_index.md": "---\ntitle: Guide\n---\n# Guide\n<!-- outline:guide -->\n",
            "content/guide/install.md": "---\ntitle: Install\n---\n# Install\n<!-- outline:install -->\n\n## On Linux\n<!-- outline:on-linux -->\n\nText.\n",
            "content/a.md": "---\ntitle: A\n---\n# A\n<!-- outline:a -->\n\n## Moving\n<!-- outline:moving -->\n\nMoving text here.\nAnd more.\n",
            "content/b.md": "---\ntitle: B\n---\n# B\n<!-- outline:b -->\n\nB.\n",
            "content/guide/c.md": "---\ntitle: C\n---\n# C\n<!-- outline:c -->\n\n"
                + "[x](/a/#moving) [y](/guide/install/#on-linux) [z](../install/) <a href=\"/guide/install/#on-linux\">h</a>\n"
                + "[r]({{< ref \"install.md#on-linux\" >}}) [s]({{< relref \"/guide/install\" >}}) [t]({{% relRef \"/a.md#moving\" %}})\n"
                + "[u]({{< ref path=\"./install\" >}}) [v]({{< ref \"install\" >}}) `{{</* ref \"install\" */>}}`\n",
        ].merging(layouts) { a, _ in a }
        let writes = [
            "content/a.md": "---\ntitle: A\n---\n# A\n<!-- outline:a -->\n",
            "content/b.md": "---\ntitle: B\n---\n# B\n<!-- outline:b -->\n\nB.\n\n## Moving\n<!-- outline:moving -->\n\nMoving text here.\nAnd more.\n",
        ]
        let expected = [
            "content/guide/c.md": "---\ntitle: C\n---\n# C\n<!-- outline:c -->\n\n"
                + "[x](/b/#moving) [y](/guide/setup/#on-linux) [z](../setup/) <a href=\"/guide/setup/#on-linux\">h</a>\n"
                + "[r]({{< ref \"setup.md#on-linux\" >}}) [s]({{< relref \"/guide/setup\" >}}) [t]({{% relRef \"/b.md#moving\" %}})\n"
                + "[u]({{< ref path=\"./setup\" >}}) [v]({{< ref \"setup\" >}}) `{{</* ref \"install\" */>}}`\n",
        ]
        return (files, "git mv content/guide/install.md content/guide/setup.md", writes, expected)
    }

    /// Configured as Hugo finds it: `config/_default/` alone (no `hugo.*`), `config/production/`
    /// (the environment of `hugo build`) with `uglyURLs`, `config/staging/` without; a mount per
    /// language (`sites.matrix.languages`, the form after Hugo 0.153); a section published under
    /// its `_index.md` `slug`, with its pages.
    public static let configuration: [String: String] = [
        "config/_default/hugo.yaml": """
            baseURL: https://example.org/
            defaultContentLanguage: en
            languages:
              en: {weight: 1}
              fr: {weight: 2}
            module:
              mounts:
                - {source: content/en, target: content}
                - source: content/fr
                  target: content
                  sites: {matrix: {languages: [fr]}}

            """,
        "config/production/hugo.yaml": "uglyURLs: true\n",
        "config/staging/params.yaml": "stage: true\n",
        "content/en/guide/_index.md": "---\ntitle: Guide\nslug: manual\n---\n# Guide\n",
        "content/en/guide/page.md": "---\ntitle: Page\n---\n# Page\n\n## Part\n",
        "content/en/guide/deep/_index.md": "---\ntitle: Deep\nslug: Deep Two\n---\n",
        "content/en/guide/deep/leaf.md": "---\ntitle: Leaf\n---\n# Leaf\n",
        "content/en/links.md": """
            ---
            title: Links
            ---
            # Links

            [a](/manual/page.html) [b](/manual/page/) [c](/guide/page.html) [d](/manual/page.html#part)
            [e](/manual/page/#part) [f](/manual/page.html#nope) [g](/manual/deep-two/leaf.html)
            [h](/manual/deep-two/leaf/) [i](/guide/page/) [j](/fr/installer.html) [k](/fr/installer/)

            """,
        "content/fr/installer.md": "---\ntitle: Installer\n---\n# Installer\n\n[l](/fr/installer.html) [m](/fr/installer/) [n](/manual/page.html)\n",
    ].merging(layouts) { a, _ in a }

    /// Languages by file name (`page.fr.md`, Hugo's embedded link render hook on): a site-absolute
    /// URL in a French page is the French page where there is one (`hugo` 0.168 writes
    /// `/fr/guide/install/`), else the English one. A section cascading `build.render: never` and
    /// a page at `url: /ugly.html` give "did you mean" nothing Hugo does not serve. Raw HTML is
    /// rendered (`unsafe`) and its URL left to the browser: the English page.
    public static let languages: [String: String] = [
        "hugo.toml": "baseURL = 'https://example.org/'\ndefaultContentLanguage = 'en'\n[languages.en]\n  weight = 1\n[languages.fr]\n  weight = 2\n"
            + "[markup.goldmark.renderer]\n  unsafe = true\n",
        "content/_index.md": "---\ntitle: Home\n---\n\n## Intro\n",
        "content/guide/_index.md": "---\ntitle: Guide\n---\n\n## Step\n",
        "content/guide/install.md": "---\ntitle: Install\n---\n\n## English heading\n",
        "content/only/page.md": "---\ntitle: Only\n---\n\n## Only\n",
        "content/_index.fr.md": """
            ---
            title: Accueil
            ---

            ## Intro

            [a](/guide/install/#english-heading) [b](/guide/install/#titre) [c](/only/page/#only) [d](/only/page/#nope)
            [e](/guide/install/) [f](/fr/guide/install/#english-heading) [g](/nothing/) [h](/guide/instal/)
            [i](/guide/install#titre) [j](/guide/#etape) [k](/guide/#step)

            <a href="/guide/install/#english-heading">raw HTML, which no render hook sees</a>

            """,
        "content/guide/_index.fr.md": "---\ntitle: Guide\n---\n\n## Etape\n",
        "content/guide/install.fr.md": "---\ntitle: Installer\n---\n\n## Titre\n",
        "content/_common/_index.md": "---\ncascade:\n  build:\n    render: never\n---\n",
        "content/_common/snippet.md": "---\ntitle: Snippet\n---\ntext\n",
        "content/only/ugly.md": "---\ntitle: Ugly\nurl: /ugly.html\n---\n# Ugly\n",
        "content/only/links.md": "---\ntitle: Links\n---\n[s](/_commn/snippet/) [t](/ugli.html) [u](/ugly.html)\n",
    ].merging(layouts) { a, _ in a }
}
