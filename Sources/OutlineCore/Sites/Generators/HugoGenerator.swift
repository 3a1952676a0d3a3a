/// Hugo: `hugo.*` (or `config.*` beside `content/`) and `config/_default/` with the environment's
/// `config/production/`, pages published by path, `slug`, `url`, `aliases`, `permalinks` and
/// languages; `aliases` as redirects (format.md §16).
struct HugoGenerator: SiteGenerator {
    var id: Site.Generator { .hugo }
    /// `hugo.*`, then `config.*`, then, without either, the configuration directory's
    /// `config/_default/hugo.*` or `config.*` (a site configured there alone, as opentelemetry.io).
    var configurationNames: [String] {
        let root = ["hugo", "config"].flatMap { stem in HugoSite.extensions.map { stem + "." + $0 } }
        return root + root.map { "config/_default/" + $0 }
    }
    var reads: String {
        "hugo.*, config.* beside content/, or config/_default/ alone, with config/production/ (or HUGO_ENVIRONMENT's, or hugo-environment's) merged over it: contentDir, module.mounts (by language), languages, permalinks, uglyURLs, disablePathToLower, taxonomies, the link render hook, markup.goldmark; a section's _index.md slug moves its pages"
    }

    func read(_ path: String, directory: String, bytes: [UInt8], sources: ConfigurationSources) throws -> Site? {
        try HugoSite.read(path, directory: directory, bytes: bytes, sources: sources)
    }

    func pages(of site: Site, canonical: (String) -> String, list: (String) -> [String], others: (String, [String]) -> [String],
               read: (String) -> [UInt8]?) -> SitePages {
        SitePages(routes: HugoRouteTable(site, canonical: canonical, list: list, read: read))
    }

    func rules(_ site: Site, file: String, contentRoot: String, pages: SitePages, canonical: (String) -> String) -> LinkRules {
        SiteLinks.hugo(site, file: file, root: contentRoot, routes: pages.routes as? HugoRouteTable, canonical: canonical)
    }

    func url(of file: String, site: Site, contentRoot: String, pages: SitePages) -> String? {
        pages.routes?.url(of: file)
    }

    /// Each new page's front matter `aliases`: the old URLs it is served at too.
    var redirectFormats: [RedirectFormat] {
        [RedirectFormat(name: "hugo", comment: "#") { redirects in
            func quoted(_ s: String) -> String { "\"" + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\"" }
            var out = "# front matter of each page (Hugo aliases)\n"
            var byPage: [(page: String, aliases: [String])] = []
            // Without a Hugo site, the URL Hugo publishes a page at with its defaults: its path
            // sanitized and lowercased (`Guide/Old Page.md` at `/guide/old-page/`).
            func from(_ e: SiteRedirects.Entry) -> String { e.servedFrom ?? HugoRoutes.url(of: e.fromPage, front: .init(), settings: HugoSettings()) }
            for e in redirects.uniquePages(by: from) {
                if let k = byPage.firstIndex(where: { $0.page == e.toPage }) { byPage[k].aliases.append(from(e)) }
                else { byPage.append((e.toPage, [from(e)])) }
            }
            for (page, aliases) in byPage { out += "\(page): aliases: [\(aliases.map(quoted).joined(separator: ", "))]\n" }
            return out
        }]
    }
}

extension HugoRouteTable: RouteTable {}
