/// Small MkDocs sites translated with mkdocs-static-i18n, shared by the fast tests
/// (`SiteLanguagesTests`, whose expectations were read off `mkdocs build` 1.6.1 with
/// mkdocs-static-i18n 1.3.1) and the slow one that builds them (`StaticI18nBuildTests`).
/// `validation: anchors: warn` makes MkDocs say every link it cannot resolve, fragments too.
public enum I18nFixtures {
    static func config(_ options: String) -> String {
        """
        site_name: t
        validation:
          anchors: warn
        plugins:
          - i18n:
        \(options)
              languages:
                - locale: en
                  default: true
                  name: English
                - locale: fr
                  name: Français

        """
    }

    /// `docs/en/`, `docs/fr/`, and `docs/de/`, a locale-like folder the plugin is not configured
    /// with: it publishes no page from it. Pages and images only in English are fallen back to
    /// (`fallback_to_default`, unless `fallback` is false).
    public static func folder(fallback: Bool = true) -> [String: String] {
        [
            "mkdocs.yml": config("      docs_structure: folder" + (fallback ? "" : "\n      fallback_to_default: false")),
            "docs/en/index.md": "# Home\n\n## Intro\n\nSee [guide](guide.md), [only en](only-en.md#only), [img](img/a.png), [missing](nope.md).\n",
            "docs/en/guide.md": "# Guide\n\n## Step\n",
            "docs/en/only-en.md": "# Only\n\n## Only\n",
            "docs/en/img/a.png": "png",
            "docs/fr/index.md": "# Accueil\n\nVoir [guide](guide.md#etape), [guide step](guide.md#step), [only en](only-en.md#only), [bad frag](only-en.md#nope), [img](img/a.png), [missing](nope.md), [fr only](fr-only.md).\n",
            "docs/fr/guide.md": "# Guide\n\n## Etape\n",
            "docs/fr/fr-only.md": "# Fr\n\nBack [home](index.md), [only en](only-en.md), [explicit](../en/guide.md#step).\n",
            "docs/de/index.md": "# De\n\n[x](nothing.md)\n",
            "docs/shared.md": "# Shared\n\n[o](en/only-en.md#only)\n",
        ]
    }

    /// `page.fr.md` beside `page.md`; `page.de.md` (a locale the plugin is not configured with)
    /// is published by no build; an image only as `b.fr.png` is what a French page's `b.png` names.
    public static let suffix: [String: String] = [
        "mkdocs.yml": config("      docs_structure: suffix"),
        "docs/index.md": "# Home\n\n## Intro\n\nSee [guide](guide.md), [only en](sub/only-en.md#only), [img](img/a.png), [missing](nope.md).\n",
        "docs/guide.md": "# Guide\n\n## Step\n",
        "docs/sub/only-en.md": "# Only\n\n## Only\n\n[g](../guide.fr.md) [h](../index.md#intro)\n",
        "docs/img/a.png": "png",
        "docs/img/b.fr.png": "png",
        "docs/index.fr.md": "# Accueil\n\nVoir [guide](guide.md#etape), [guide step](guide.md#step), [only en](sub/only-en.md#only), [bad frag](sub/only-en.md#nope), [img](img/a.png), [imgb](img/b.png), [missing](nope.md), [fr only](fr-only.md), [explicit](guide.fr.md#etape), [explicit en](guide.en.md).\n",
        "docs/guide.fr.md": "# Guide\n\n## Etape\n",
        "docs/fr-only.fr.md": "# Fr\n\nBack [home](index.md#intro), [only en](sub/only-en.md).\n",
        "docs/page.de.md": "# De\n\n[x](nothing.md)\n",
    ]

    /// The links `mkdocs build` warns about in each site, as (file, destination), read off the build.
    public static let broken: [String: Set<[String]>] = [
        "folder": [["docs/en/index.md", "nope.md"], ["docs/fr/index.md", "guide.md#step"], ["docs/fr/index.md", "only-en.md#nope"],
                   ["docs/fr/index.md", "nope.md"], ["docs/fr/fr-only.md", "../en/guide.md#step"]],
        "folder-nofallback": [["docs/en/index.md", "nope.md"], ["docs/fr/index.md", "guide.md#step"], ["docs/fr/index.md", "only-en.md#only"],
                              ["docs/fr/index.md", "only-en.md#nope"], ["docs/fr/index.md", "img/a.png"], ["docs/fr/index.md", "nope.md"],
                              ["docs/fr/fr-only.md", "only-en.md"], ["docs/fr/fr-only.md", "../en/guide.md#step"]],
        "suffix": [["docs/index.md", "nope.md"], ["docs/sub/only-en.md", "../guide.fr.md"], ["docs/index.fr.md", "guide.md#step"],
                   ["docs/index.fr.md", "sub/only-en.md#nope"], ["docs/index.fr.md", "nope.md"], ["docs/index.fr.md", "guide.en.md"],
                   ["docs/fr-only.fr.md", "index.md#intro"],
                   // The English page as the French build falls back to it: its `index.md` is index.fr.md.
                   ["docs/sub/only-en.md", "../index.md#intro"]],
    ]


    public static func site(_ name: String) -> [String: String] {
        switch name {
        case "folder": return folder()
        case "folder-nofallback": return folder(fallback: false)
        default: return suffix
        }
    }
}
