/// `outline diff --since REV --redirects=FORMAT` through the site model (format.md §8, §16): the map
/// of vanished link targets (`Run.redirects`) with, for each page, the URL the site served the old
/// page at REV (its pages and configuration then) and serves the new one at now, and paths made
/// relative to the site's content root, as each generator's redirect plugin wants them.
extension Run {
    /// The redirects. `siteRoot`: a root the user named (`--site-root`, the config's `site-root`,
    /// as the run names files); nil: the content root of the site that publishes the pages.
    /// Returns the root the paths are relative to, as the run names files, for messages.
    public func siteRedirects(_ request: TreeRequest, siteRoot: String?) throws -> (redirects: SiteRedirects, root: String?) {
        let map = try redirects(request)
        let here = store.resolvedPath(".") ?? "."
        let now = resolver(root: nil)
        // The site that publishes the pages now (the new pages' directories exist).
        let site = map.lazy.compactMap { [store] in store.configuration(for: Workspace.directory(of: SiteRedirects.page(of: $0.to))).site }.first
        guard let site else {
            return (SiteRedirects(map, siteRoot: siteRoot), siteRoot)
        }
        // The site at REV, read from its configuration then, with the pages it had then.
        let history = try self.history(request.since)
        let tree = history.tree
        var configurations = RevisionConfigurations(tree: tree, store: store, commandLine: nil)
        var config = store.configuration(for: Workspace.directory(of: site.config))
        config.site = site
        let siteThen = ((try? configurations.configuration(config, for: site.contentRoot + "/index.md")) ?? nil).map { $0.site } ?? site
        let then = Run(store: RevisionFiles(tree: tree, current: store, prefetched: [:]), lifetime: lifetime).resolver(root: nil)
        let urlNow = { (path: String) in now.url(of: path, site: site) }
        let urlThen = { (path: String) in siteThen.flatMap { then.url(of: path, site: $0) } }
        if let siteRoot { return (SiteRedirects(map, siteRoot: siteRoot, urlThen: urlThen, urlNow: urlNow), siteRoot) }
        // Paths from the content root: the map's spelled absolute, as the root is.
        let absolute = { (p: String) in p.hasPrefix("/") ? p : FilePath.normalize(here + "/" + p) }
        let spelled = map.map { (from: absolute($0.from), to: absolute($0.to)) }
        let byAbsolute = Dictionary(zip(spelled.map(\.from) + spelled.map(\.to), map.map(\.from) + map.map(\.to)), uniquingKeysWith: { a, _ in a })
        let redirects = SiteRedirects(spelled, siteRoot: site.contentRoot,
                                      urlThen: { urlThen(SiteRedirects.page(of: byAbsolute[$0] ?? $0)) },
                                      urlNow: { urlNow(SiteRedirects.page(of: byAbsolute[$0] ?? $0)) })
        return (redirects, FilePath.canonical(site.contentRoot, here: here, resolve: store.resolvedPath))
    }
}
