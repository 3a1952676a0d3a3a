/// Docusaurus: `docusaurus.config.{js,ts,mjs}` read as literals, docs routed by path (number
/// prefixes stripped), front matter `id` and `slug`; the client-redirects plugin (format.md §16).
struct DocusaurusGenerator: SiteGenerator {
    var id: Site.Generator { .docusaurus }
    var configurationNames: [String] { ["docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs"] }
    var reads: String {
        "docusaurus.config.js, .ts or .mjs (its literals): the docs directories of the classic preset and of docs plugins (path, routeBasePath), blog and pages, baseUrl, markdown.format, markdown.mdx1Compat, i18n"
    }

    func read(_ path: String, directory: String, bytes: [UInt8], sources: ConfigurationSources) throws -> Site? {
        try DocusaurusSite.read(path, directory: directory, bytes: bytes)
    }

    func pages(of site: Site, canonical: (String) -> String, list: (String) -> [String], others: (String, [String]) -> [String],
               read: (String) -> [UInt8]?) -> SitePages {
        SitePages(routes: DocusaurusRouteTable(site, canonical: canonical, list: list, read: read))
    }

    func rules(_ site: Site, file: String, contentRoot: String, pages: SitePages, canonical: (String) -> String) -> LinkRules {
        SiteLinks.docusaurus(site, file: file, root: contentRoot, routes: pages.routes as? DocusaurusRouteTable, canonical: canonical)
    }

    func url(of file: String, site: Site, contentRoot: String, pages: SitePages) -> String? {
        pages.routes?.url(of: file)
    }

    /// @docusaurus/plugin-client-redirects: `{from, to}` routes, each `from` once.
    var redirectFormats: [RedirectFormat] {
        [RedirectFormat(name: "docusaurus", comment: "//") { redirects in
            var out = "// docusaurus.config.js, @docusaurus/plugin-client-redirects\nredirects: [\n"
            // JSON strings and keys: JavaScript reads them as they are, and so does any JSON parser.
            let entries = redirects.uniquePages(by: { SiteRedirects.trimmedSlash($0.fromURL) }).map { e -> String in
                let from = SiteRedirects.trimmedSlash(e.fromURL), to = SiteRedirects.trimmedSlash(e.toURL)
                return "  {\"from\": \(JSONValue.string(from).compact()), \"to\": \(JSONValue.string(to + (e.toFragment.map { "#" + $0 } ?? "")).compact())}"
            }
            return out + entries.joined(separator: ",\n") + (entries.isEmpty ? "" : "\n") + "],\n"
        }]
    }
}

extension DocusaurusRouteTable: RouteTable {
    public func url(of file: String) -> String? { route(of: file) }
    public var urls: [String] { routes }
}
