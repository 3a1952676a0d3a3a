/// Sphinx with MyST: a `conf.py` that loads `myst_parser`, read as literals; labels of the whole
/// site; sphinx-reredirects' `redirects` by document name (format.md §16).
struct SphinxGenerator: SiteGenerator {
    var id: Site.Generator { .sphinx }
    var configurationNames: [String] { ["conf.py"] }
    var reads: String {
        "conf.py loading myst_parser or myst_nb (its literal assignments): extensions, myst_enable_extensions, myst_heading_anchors, source_suffix, autodoc, app.add_directive"
    }

    func read(_ path: String, directory: String, bytes: [UInt8], sources: ConfigurationSources) throws -> Site? {
        try SphinxSite.read(path, directory: directory, bytes: bytes)
    }

    /// The labels of the Markdown pages come from their targets, which the resolver reads (see
    /// `LinkResolver.pages`); those of the notebooks MyST-NB reads, from their Markdown here.
    func pages(of site: Site, canonical: (String) -> String, list: (String) -> [String], others: (String, [String]) -> [String],
               read: (String) -> [UInt8]?) -> SitePages {
        guard !site.notebookSuffixes.isEmpty else { return SitePages() }
        var labels = Set<String>()
        for file in others(site.contentRoot, site.notebookSuffixes) {
            guard let bytes = read(file), let text = Notebooks.markdown(of: bytes, name: file),
                  let outline = try? Outline(parsing: text, [.links], dialect: site.dialect) else { continue }
            for label in LinkTargets(outline, profile: .myst).labels { labels.insert(label.id) }
        }
        return SitePages(labels: labels)
    }

    func rules(_ site: Site, file: String, contentRoot: String, pages: SitePages, canonical: (String) -> String) -> LinkRules {
        let labels = pages.labels
        return SiteLinks.myst(site, file: file, root: contentRoot, labels: { labels.contains($0) })
    }

    func url(of file: String, site: Site, contentRoot: String, pages: SitePages) -> String? {
        guard let relative = FilePath.below(contentRoot, file), !relative.isEmpty else { return nil }
        return "/" + SiteRedirects.docname(relative) + ".html"
    }

    /// sphinx-reredirects: an old document name to the new page, relative to the old one.
    var redirectFormats: [RedirectFormat] {
        [RedirectFormat(name: "sphinx", comment: "#") { redirects in
            func quoted(_ s: String) -> String { "\"" + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\"" }
            var out = "# conf.py (sphinx-reredirects)\nredirects = {\n"
            for e in redirects.pages {
                let from = SiteRedirects.docname(e.fromPage)
                let directory = from.split(separator: "/").dropLast().joined(separator: "/")
                let to = FilePath.relative(SiteRedirects.docname(e.toPage) + ".html", fromDirectory: directory)
                out += "    \(quoted(from)): \(quoted(to + (e.toFragment.map { "#" + $0 } ?? ""))),\n"
            }
            return out + "}\n"
        }]
    }
}
