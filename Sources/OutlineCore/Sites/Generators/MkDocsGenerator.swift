/// MkDocs (with Material): `mkdocs.yml`, `docs_dir`, pages at URLs that follow their paths
/// (`use_directory_urls`), mkdocs-redirects' `redirect_maps` (format.md §16).
struct MkDocsGenerator: SiteGenerator {
    var id: Site.Generator { .mkdocs }
    var configurationNames: [String] { ["mkdocs.yml", "mkdocs.yaml"] }
    var reads: String {
        "mkdocs.yml or mkdocs.yaml (INHERIT followed): docs_dir, use_directory_urls, markdown_extensions (toc's slugify, attr_list, footnotes, admonition, pymdownx.details, pymdownx.tabbed, md_in_html, pymdownx.caret/mark/tilde, pymdownx.snippets), hooks, plugins (i18n: languages, docs_structure, fallback_to_default; macros, mkdocstrings, blog, tags)"
    }

    func read(_ path: String, directory: String, bytes: [UInt8], sources: ConfigurationSources) throws -> Site? {
        try MkDocsSite.read(path, directory: directory, bytes: bytes, read: sources.read)
    }

    func pages(of site: Site, canonical: (String) -> String, list: (String) -> [String], others: (String, [String]) -> [String],
               read: (String) -> [UInt8]?) -> SitePages {
        SitePages()
    }

    func rules(_ site: Site, file: String, contentRoot: String, pages: SitePages, canonical: (String) -> String) -> LinkRules {
        SiteLinks.mkdocs(site, file: file, root: contentRoot)
    }

    func url(of file: String, site: Site, contentRoot: String, pages: SitePages) -> String? {
        guard let relative = FilePath.below(contentRoot, file), !relative.isEmpty else { return nil }
        if let i18n = site.staticI18n {
            // A translation is served under its language's directory; a file of a language not built, nowhere.
            return i18n.build(of: relative) == nil ? nil : "/" + i18n.url(of: relative, directoryURLs: site.directoryURLs)
        }
        let url = LocalLink.isMarkdown(relative) ? SiteLinks.url(of: relative, directoryURLs: site.directoryURLs) : relative
        return "/" + url
    }

    /// mkdocs-redirects: `redirect_maps` from an old page's path to a new one's, both from `docs_dir`.
    var redirectFormats: [RedirectFormat] {
        [RedirectFormat(name: "mkdocs", comment: "#") { redirects in
            var out = "# mkdocs.yml (mkdocs-redirects)\nplugins:\n  - redirects:\n      redirect_maps:\n"
            for e in redirects.pages { out += "        \(SiteRedirects.yamlQuoted(e.fromPage)): \(SiteRedirects.yamlQuoted(e.toPage + (e.toFragment.map { "#" + $0 } ?? "")))\n" }
            return out
        }]
    }
}
