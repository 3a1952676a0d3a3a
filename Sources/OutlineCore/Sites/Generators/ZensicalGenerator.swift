/// Zensical (0.0.73, the mkdocs-material team's generator): `zensical.toml` (its `[project]`
/// table), or a `mkdocs.yml` when `.outline.toml` says `site = "zensical"` (format.md §16). It
/// renders pages with Python-Markdown as MkDocs does, so the site is MkDocs' reading of the same
/// keys, with Zensical's defaults: without `markdown_extensions` its own set (`attr_list`,
/// `footnotes`, `admonition`, `md_in_html`, `pymdownx.details`, `pymdownx.tabbed`, …: so
/// `## with pip { #with-pip }` is `with-pip`, where MkDocs, without `attr_list`, gives
/// `with-pip-with-pip`), `pymdownx.superfences` always; and every relative link of a page, raw
/// HTML's too, written from the source file.
struct ZensicalGenerator: SiteGenerator {
    var id: Site.Generator { .zensical }
    var configurationNames: [String] { ["zensical.toml"] }
    var reads: String {
        "zensical.toml's [project], or a mkdocs.yml given to it (site = \"zensical\"): MkDocs' keys, with Zensical's own extensions where markdown_extensions is absent; every relative link written from the source file"
    }
    /// `zensical build` looks for `zensical.toml`, then `mkdocs.yml`, then `mkdocs.yaml`.
    var alsoReads: [String] { MkDocsGenerator().configurationNames }

    func read(_ path: String, directory: String, bytes: [UInt8], sources: ConfigurationSources) throws -> Site? {
        var config: ConfigValue
        var unread: [String] = []
        if path.hasSuffix(".toml") {
            do { config = try ConfigValue.toml(bytes) } catch let error as Diagnostic { throw error.located(in: path) }
            // The settings are `[project]`'s; a file without the table is read whole.
            config = config["project"] ?? config
        } else {
            (config, unread) = try MkDocsSite.load(path, directory: directory, bytes: bytes, read: sources.read, appendingLists: true)
        }
        var site = MkDocsSite.site(ZensicalSite.withDefaults(config), generator: .zensical, path: path, directory: directory, unread: unread)
        site.linksFromFile = true
        return site
    }

    func pages(of site: Site, canonical: (String) -> String, list: (String) -> [String], others: (String, [String]) -> [String],
               read: (String) -> [UInt8]?) -> SitePages {
        SitePages()
    }

    func rules(_ site: Site, file: String, contentRoot: String, pages: SitePages, canonical: (String) -> String) -> LinkRules {
        SiteLinks.mkdocs(site, file: file, root: contentRoot)
    }

    func url(of file: String, site: Site, contentRoot: String, pages: SitePages) -> String? {
        MkDocsGenerator().url(of: file, site: site, contentRoot: contentRoot, pages: pages)
    }

    /// Its `redirects` plugin reads mkdocs-redirects' `redirect_maps`: MkDocs' format
    /// (`--redirects=mkdocs`), listed once, with MkDocs.
    var redirectFormats: [RedirectFormat] { [] }
}

/// Zensical's configuration as its `config.py` normalizes it before Python-Markdown sees it.
enum ZensicalSite {
    /// `markdown_extensions` when the configuration has none (`DEFAULT_MARKDOWN_EXTENSIONS`).
    static let defaultExtensions: [(String, [(String, String)])] = [
        ("abbr", []), ("admonition", []), ("attr_list", []), ("def_list", []), ("footnotes", []), ("md_in_html", []),
        ("toc", [("permalink", "true")]), ("pymdownx.arithmatex", [("generic", "true")]), ("pymdownx.betterem", []),
        ("pymdownx.caret", []), ("pymdownx.details", []), ("pymdownx.emoji", []), ("pymdownx.highlight", []),
        ("pymdownx.inlinehilite", []), ("pymdownx.keys", []), ("pymdownx.magiclink", []), ("pymdownx.mark", []),
        ("pymdownx.smartsymbols", []), ("pymdownx.superfences", []),
        ("pymdownx.tabbed", [("alternate_style", "true"), ("combine_header_slug", "true")]),
        ("pymdownx.tasklist", [("custom_checkbox", "true")]), ("pymdownx.tilde", []),
    ]

    /// The configuration with `markdown_extensions` as Zensical uses them: its defaults when the key
    /// is absent; a mapping's `pymdownx` and `zensical` tables (TOML's `pymdownx.tabbed.x = 1`)
    /// hoisted to `pymdownx.tabbed`; `pymdownx.superfences` added; a `slugify` given as a table
    /// (`{object = "pymdownx.slugs.slugify", kwds = {case = "lower"}}`, `object` defaulting to
    /// that) read as the callable it names.
    static func withDefaults(_ config: ConfigValue) -> ConfigValue {
        var extensions: [ConfigValue.Pair]
        if let value = config["markdown_extensions"] {
            extensions = MkDocsSite.extensions(hoisted(value)).map { .init(key: $0.0, value: $0.1 ?? .map([])) }
        } else {
            extensions = defaultExtensions.map { name, options in
                .init(key: name, value: .map(options.map { .init(key: $0.0, value: .scalar($0.1, plain: true)) }))
            }
        }
        if !extensions.contains(where: { $0.key == "pymdownx.superfences" }) { extensions.append(.init(key: "pymdownx.superfences", value: .map([]))) }
        extensions = extensions.map { pair in
            guard let options = pair.value.pairs, let slugify = pair.value["slugify"], slugify.tag == nil, slugify.pairs != nil else { return pair }
            let object = slugify["object"]?.string ?? "pymdownx.slugs.slugify"
            let callable = ConfigValue.tagged("!!python/object/apply:" + object, .map([.init(key: "kwds", value: slugify["kwds"] ?? .map([]))]))
            return .init(key: pair.key, value: .map(options.map { $0.key == "slugify" ? .init(key: "slugify", value: callable) : $0 }))
        }
        let pairs = (config.pairs ?? []).filter { $0.key != "markdown_extensions" }
        return .map(pairs + [.init(key: "markdown_extensions", value: .map(extensions))])
    }

    /// A mapping of extensions with its `pymdownx` and `zensical` namespaces flattened
    /// (`pymdownx.blocks.tab`, `zensical.extensions.x` one level deeper).
    static func hoisted(_ value: ConfigValue) -> ConfigValue {
        guard let pairs = value.pairs else { return value }
        var out: [ConfigValue.Pair] = []
        for pair in pairs {
            guard ["pymdownx", "zensical"].contains(pair.key), let inner = pair.value.pairs else { out.append(pair); continue }
            for item in inner {
                let nested = (pair.key == "pymdownx" && item.key == "blocks") || (pair.key == "zensical" && item.key == "extensions")
                if nested, let deeper = item.value.pairs {
                    out += deeper.map { .init(key: "\(pair.key).\(item.key).\($0.key)", value: $0.value) }
                } else {
                    out.append(.init(key: "\(pair.key).\(item.key)", value: item.value))
                }
            }
        }
        return .map(out)
    }
}
