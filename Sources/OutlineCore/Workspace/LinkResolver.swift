/// What the paths links point to hold (format.md §7, §11), for a command-line run and for the
/// language server's session alike: the one place that reads a link's target file, applies the
/// "regular files only" rule, parses it and gives it its targets, and remembers the answer.
///
/// A run asks for many paths at once (`prepare`, in parallel, after which `prepared` answers from
/// any thread); a session asks one path at a time (`lookup`, `document`) and forgets a path when its
/// buffer or file changes (`forget`). Both name files their own way (`Naming`): a run relative to the
/// current directory, a session by absolute paths.
public final class LinkResolver: @unchecked Sendable {
    /// How a resolver's owner names files and where a link's leading `/` leads.
    public struct Naming: Sendable {
        /// A path in the one spelling the caches use, however a link or operand wrote it.
        public var canonical: @Sendable (String) -> String
        /// What a leading `/` stands for in a link of the file at a path (as the caches name it).
        public var root: @Sendable (String) -> String
        /// A path as the repository root sees it, for a link written root-relative that must stay
        /// so; nil where it is not under the root (the session has no such rule).
        public var fromRoot: (@Sendable (String) -> String?)? = nil
        /// Where a symbolic link a link points at may lead (format.md §11).
        public var safeRoots: @Sendable () -> [String]

        public init(canonical: @escaping @Sendable (String) -> String, root: @escaping @Sendable (String) -> String,
                    fromRoot: (@Sendable (String) -> String?)? = nil, safeRoots: @escaping @Sendable () -> [String]) {
            self.canonical = canonical
            self.root = root
            self.fromRoot = fromRoot
            self.safeRoots = safeRoots
        }
    }

    private let store: DocumentStore
    /// The configuration of the file at a path (its site's dialect and profile, `.outline.toml`, the
    /// command line): how it is read and what its targets are. Asked on the owner's thread only.
    private let configuration: (String) -> Config
    /// `--slugs a,b`: the further surfaces' resolvers make every file's targets with one profile.
    private let forcedProfile: SlugProfile?
    let naming: Naming
    private var destinations: [String: LinkCheck.Destination] = [:]
    private var documents: [String: LinkedDocument] = [:]
    /// Files the owner parsed already (a run's operands): a link into one reads no file.
    private var adopted: [String: Outline] = [:]
    /// Why a Markdown file could not be parsed.
    private var failures: [String: Diagnostic] = [:]
    private var roots: [String]? = nil

    public init(store: DocumentStore, configuration: @escaping (String) -> Config, forcedProfile: SlugProfile? = nil, naming: Naming) {
        self.store = store
        self.configuration = configuration
        self.forcedProfile = forcedProfile
        self.naming = naming
    }

    /// How the file at `key` is read, and the profile its targets are made with.
    func rules(_ key: String) -> (profile: SlugProfile, dialect: Dialect) {
        let config = configuration(key)
        return (forcedProfile ?? config.profile, config.dialect(for: key))
    }

    /// A path in the caches' spelling.
    public func canonical(_ path: String) -> String { naming.canonical(path) }

    /// What a leading `/` stands for in a link of the file at `path`.
    public func root(for path: String) -> String { naming.root(path) }

    /// Where a symbolic link a link points at may lead, asked once (it may cost a git process).
    private var safeRoots: [String] {
        if let roots { return roots }
        let found = naming.safeRoots()
        roots = found
        return found
    }

    // MARK: what the owner knows already

    /// Files the owner has parsed already: a link into one of them reads no file.
    /// `made`: those whose documents the owner makes itself (`add`).
    func adopt(files: [String], outlines: [Outline?], made: [Bool]? = nil) {
        // The spellings worked out in parallel, the map filled at its final size: a pages repository
        // gives tens of thousands of files, and this runs while the other cores wait.
        let given = files.indices.filter { files[$0] != "-" && outlines[$0] != nil && made?[$0] != true }
        let naming = self.naming
        let keys = Parallel.map(given.count) { k in naming.canonical(files[given[k]]) }
        adopted.reserveCapacity(adopted.count + given.count)
        for (k, index) in given.enumerated() { adopted[keys[k]] = outlines[index] }
    }

    /// Documents the owner made already (each under its canonical path).
    /// (Kept in `documents` only: a second map of the same tens of thousands of paths would cost the
    /// waiting cores as much again; `known` reads both.)
    func add(_ made: [LinkedDocument]) {
        documents.reserveCapacity(documents.count + made.count)
        for document in made { documents[document.path] = document }
    }

    /// The file at `path` changed (an edit, a save, a deletion): read it again when next asked.
    /// Returns what the caches held, for the owner to free after its answer is out.
    func forget(_ path: String) -> [Any] {
        let key = canonical(path)
        var old: [Any] = []
        if let document = documents.removeValue(forKey: key) { old.append(document) }
        if let outline = adopted.removeValue(forKey: key) { old.append(outline) }
        destinations[key] = nil
        failures[key] = nil
        return old
    }

    /// Forget every directory listing and missing file (a file was created or deleted).
    func forgetKinds() {
        destinations = destinations.filter { if case .markdown = $0.value { return true } else { return false } }
    }

    // MARK: lookups

    private func known(_ key: String) -> LinkCheck.Destination? {
        destinations[key] ?? documents[key].map { .markdown($0.targets) }
    }

    /// Looks up every path of `paths` at once, in parallel: after this, `prepared` answers for them
    /// without touching any state, from any thread.
    func prepare(_ paths: [String]) {
        var wanted: [String] = []
        var seen = Set<String>()
        // Spelled and checked against what is known in parallel: on a large tree nearly every path is
        // a given file, and only the rest is left for this thread.
        let unknown = Parallel.map(paths.count) { [self] k -> String? in
            let key = canonical(paths[k])
            return destinations[key] == nil && documents[key] == nil ? key : nil
        }
        for case let key? in unknown where seen.insert(key).inserted { wanted.append(key) }
        // Where a symbolic link may lead is asked only when a path is not one of the given files.
        let adopted = self.adopted, keys = wanted, store = self.store
        let roots = wanted.allSatisfy { adopted[$0] != nil } ? [] : safeRoots
        // Each file's rules asked here, on this thread (the owner's configuration is no thread's to share).
        let rules = keys.map(self.rules)
        let found = Parallel.map(keys.count) { k -> Looked in
            let key = keys[k]
            if let outline = adopted[key] {
                let document = LinkedDocument(path: key, outline: outline, profile: rules[k].profile)
                return Looked(destination: .markdown(document.targets), document: document)
            }
            return LinkResolver.look(key, rules: rules[k], roots: roots, store: store)
        }
        var directories: [String] = []
        destinations.reserveCapacity(destinations.count + wanted.count)
        for (k, key) in wanted.enumerated() { record(key, found[k]); if case .directory = found[k].destination { directories.append(key) } }
        // A fragment on a link to a directory is checked against its README (format.md §7): those
        // are looked up too, so that `prepared` answers for them.
        if !directories.isEmpty { prepare(directories.flatMap { dir in LinkCheck.readmeNames.map { (dir.hasSuffix("/") ? dir : dir + "/") + $0 } }) }
    }

    /// What `prepare` found for `path`; a path it was not given reads as missing (never the case for
    /// the paths of `LinkCheck.paths`).
    func prepared(_ path: String) -> LinkCheck.Destination {
        known(path) ?? known(canonical(path)) ?? .missing
    }

    /// What is at `path`: looked up (and for a Markdown file read and parsed) once.
    public func lookup(_ path: String) -> LinkCheck.Destination {
        let key = canonical(path)
        if let known = known(key) { return known }
        let found: Looked
        let rules = self.rules(key)
        if let outline = adopted[key] {
            let document = LinkedDocument(path: key, outline: outline, profile: rules.profile)
            found = Looked(destination: .markdown(document.targets), document: document)
        } else {
            found = LinkResolver.look(key, rules: rules, roots: safeRoots, store: store)
        }
        record(key, found)
        return found.destination
    }

    private func record(_ key: String, _ found: Looked) {
        if let document = found.document { documents[key] = document } else { destinations[key] = found.destination }
        if let failure = found.failure { failures[key] = failure }
    }

    /// The Markdown file at `path` as links see it, or nil when there is none (or it cannot be
    /// read or parsed: `failure` says why).
    public func document(_ path: String) -> LinkedDocument? {
        let key = canonical(path)
        if let known = documents[key] { return known }
        if destinations[key] != nil { return nil }
        _ = lookup(key)
        return documents[key]
    }

    /// Why the Markdown file at `path` could not be parsed, once `document` said nil.
    public func failure(_ path: String) -> Diagnostic? { failures[canonical(path)] }

    struct Looked {
        var destination: LinkCheck.Destination
        var document: LinkedDocument? = nil
        var failure: Diagnostic? = nil
    }

    /// What is at `path`: for a Markdown file, its targets (one read and parse). A link target is
    /// read only when it is a regular file, or a symbolic link to one inside `roots` (format.md §11:
    /// a FIFO would block, `/dev/zero` never ends); anything else is reported as what it is.
    static func look(_ path: String, rules: (profile: SlugProfile, dialect: Dialect), roots: [String], store: DocumentStore) -> Looked {
        switch store.kind(of: path) {
        case .missing: return Looked(destination: .missing)
        case .directory: return Looked(destination: .directory)
        case .failed(let why): return Looked(destination: .unreadable(why))
        case .file:
            guard LocalLink.isMarkdown(path) else { return Looked(destination: .file) }
            if let problem = store.readProblem(path, roots: roots) {
                return Looked(destination: .unreadable("\(problem); outline reads only regular files"))
            }
            let bytes: [UInt8]
            do { bytes = try store.read(path) } catch {
                return Looked(destination: .unreadable((error as? Diagnostic)?.message ?? "\(error)"))
            }
            do {
                let outline = try Outline(parsing: bytes, [.links], dialect: rules.dialect)
                let document = LinkedDocument(path: path, outline: outline, profile: rules.profile)
                return Looked(destination: .markdown(document.targets), document: document)
            } catch let error as Diagnostic {
                return Looked(destination: .unreadable(error.message), failure: error)
            } catch {
                return Looked(destination: .unreadable("\(error)"), failure: .file(path, "\(error)"))
            }
        }
    }

    // MARK: what link checks and repairs are given

    /// The context link repair works in for links of the file at `path` (without history).
    public func context(for path: String) -> LinkRepair.Context {
        var context = LinkRepair.Context(profile: rules(canonical(path)).profile, root: root(for: canonical(path)),
                                         lookup: { [unowned self] in self.lookup($0) },
                                         document: { [unowned self] in self.document($0) })
        context.canonical = naming.canonical
        context.fromRoot = naming.fromRoot
        // A repair asks for its file's rules several times a link: each file's made once for the
        // context's life (a repair runs on one thread).
        final class Made: @unchecked Sendable { var rules: [String: LinkRules?] = [:] }
        let made = Made()
        context.rules = { [unowned self] file in
            if let known = made.rules[file] { return known }
            let rules = self.siteRules(for: file)
            made.rules[file] = .some(rules)
            return rules
        }
        return context
    }

    /// The rules of the site that publishes the file at `file`, nil outside every site.
    func siteRules(for file: String) -> LinkRules? {
        let key = canonical(file)
        return configuration(key).site.map { rules(of: $0, file: key) }
    }

    /// The rules `site` resolves the links of the file `key` (canonical) by, its adapter's: the one
    /// place they are made. `withLabels`: with the site's labels (false while the paths to prepare
    /// are gathered, before the labels are read).
    private func rules(of site: Site, file key: String, withLabels: Bool = true) -> LinkRules {
        SiteGenerators.adapter(site.generator).rules(site, file: key, contentRoot: canonical(site.contentRoot),
                                                     pages: withLabels ? pages(of: site) : routes(of: site), canonical: canonical)
    }

    /// The URL path the site that publishes `file` serves it at (nil outside every site, or where
    /// the site serves it at none): the one answer `check`, `links` and `--redirects` read.
    public func url(of file: String) -> String? {
        configuration(canonical(file)).site.flatMap { url(of: file, site: $0) }
    }

    /// The URL path `site` serves `file` at (its pages as this resolver's store has them).
    public func url(of file: String, site: Site) -> String? {
        SiteGenerators.adapter(site.generator).url(of: canonical(file), site: site, contentRoot: canonical(site.contentRoot), pages: pages(of: site))
    }

    /// Every link finding of one document (alias collisions, broken links); `prepared`: answer
    /// from what `prepare` found (a run's parallel pass) rather than looking up. `path`: the file as
    /// the owner names it; `name`: as its findings name it; `display`: how messages name the files
    /// its links resolve to.
    func linkFindings(_ outline: Outline, path: String, name: String, config: Config, links: [(line: Int, link: LocalLink)]? = nil,
                      own: LinkTargets? = nil, prepared: Bool = false, repair: ((LocalLink) -> String?)? = nil,
                      display: (String) -> String = { $0 }) -> [Diagnostic] {
        let key = path == "-" ? path : canonical(path)
        let links = links ?? LinkCheck.localLinks(of: outline)
        // The root is asked for only when a link needs it (it may cost a git process).
        let root = links.contains { $0.link.path.hasPrefix("/") } ? self.root(for: key) : "."
        let lookup: (String) -> LinkCheck.Destination = prepared ? { [unowned self] in self.prepared($0) } : { [unowned self] in self.lookup($0) }
        // A site's generator resolves the file's links its own way (format.md §16).
        let rules = config.site.map { self.rules(of: $0, file: key) }
        return LinkCheck.linkFindings(outline, path: name, profile: forcedProfile ?? config.profile, root: root, links: links, own: own,
                                          repair: repair, name: display, rules: rules, lookup: lookup)
    }

    /// Whether any document known here has an outline anchor line: without one (and without
    /// history), link repair has no section to name.
    func holdsAnchors() -> Bool {
        adopted.values.contains { !$0.records.isEmpty } || documents.values.contains { !$0.outline.records.isEmpty }
    }

    /// The broken links of one document that `repair` names a fix for (`LinkCheck.repairedLinks`),
    /// found as `linkFindings` finds them; nil when fixes would change more than messages.
    func repairedLinks(_ outline: Outline, path: String, name: String, config: Config, links: [(line: Int, link: LocalLink)],
                       repair: @escaping (LocalLink) -> String?) -> [Diagnostic]? {
        let key = canonical(path)
        let root = links.contains { $0.link.path.hasPrefix("/") } ? self.root(for: key) : "."
        let rules = config.site.map { self.rules(of: $0, file: key) }
        // The file's own targets as its check had them (made once, when it was prepared).
        var own: LinkTargets? = nil
        if case .markdown(let targets)? = known(key) { own = targets }
        return LinkCheck.repairedLinks(outline, path: name, profile: forcedProfile ?? config.profile, root: root, links: links, own: own,
                                       repair: repair, rules: rules, lookup: { [unowned self] in self.lookup($0) })?
            .map { $0.spanningLine(in: outline.source) }
    }

    /// The paths `file`'s links may lead to, for `prepare`: each link's path resolved from the file,
    /// and under a site's rules every path the generator may publish it at (format.md §16).
    func paths(of links: [(line: Int, link: LocalLink)], file: String, config: Config) -> [String] {
        let name = file == "-" ? Run.standardInput : file
        let root = links.contains { $0.link.path.hasPrefix("/") } ? self.root(for: file) : "."
        var paths = LinkCheck.paths(of: links, path: name, root: root)
        if let site = config.site, file != "-" {
            let primary = self.rules(of: site, file: canonical(file), withLabels: false)
            // The page as other builds render it too: their candidates, and whether they do.
            for rules in [primary] + primary.renderedAlsoBy.map(\.rules) {
                var seen = Set<String>()
                // Raw HTML and Markdown may resolve one destination apart (a URL against the page, a
                // path from the file; Hugo's GetPage only for Markdown): each form's candidates.
                for (_, link) in links where (!link.path.isEmpty || rules.resolvesEmptyPaths) && seen.insert((link.inHTML ? "<" : "[") + link.destination).inserted {
                    if case .paths(let candidates) = rules.resolve(link) { paths += candidates }
                }
            }
            paths += primary.renderedAlsoBy.map(\.unless)
        }
        return paths
    }

    /// What each site publishes, by its configuration's path (`SiteGenerator.pages`): its pages by
    /// URL, read once; its labels, read once when asked. A run reads them before its parallel pass
    /// (`prepareRoutes`, `prepareSites`), a session when first asked.
    private var siteRoutes: [String: SitePages] = [:]
    private var labelSets: [String: Set<String>] = [:]

    /// The site's pages by URL, without its labels.
    func routes(of site: Site) -> SitePages {
        if let known = siteRoutes[site.config] { return known }
        let store = self.store
        let pages = SiteGenerators.adapter(site.generator).pages(of: site, canonical: canonical, list: { store.markdownFiles(in: $0) },
                                                                  others: { store.files(in: $0, named: $1) }, read: { store.contents(of: $0) })
        siteRoutes[site.config] = pages
        return pages
    }

    /// The site's pages and, where its pages' labels name targets of the whole site (MyST), every
    /// label (each page read once, in parallel).
    func pages(of site: Site) -> SitePages {
        var pages = routes(of: site)
        if site.dialect.mystTargets { pages.labels.formUnion(labels(of: site)) }
        return pages
    }

    private func labels(of site: Site) -> Set<String> {
        if let known = labelSets[site.config] { return known }
        let files = store.markdownFiles(in: site.contentRoot).map(canonical)
        prepare(files)
        var labels = Set<String>()
        for file in files {
            if case .markdown(let targets) = prepared(file) { for label in targets.labels { labels.insert(label.id) } }
        }
        labelSets[site.config] = labels
        return labels
    }

    /// The pages by URL of the sites of `configs`, before any parallel work asks for them.
    func prepareRoutes(_ configs: [Config]) {
        for config in configs { if let site = config.site { _ = routes(of: site) } }
    }

    /// What the sites of `configs` need before links are checked in parallel: their labels.
    func prepareSites(_ configs: [Config]) {
        var seen = Set<String>()
        for config in configs {
            guard let site = config.site, site.dialect.mystTargets, seen.insert(site.config).inserted else { continue }
            _ = labels(of: site)
        }
    }

    /// Everything `check` reports about one document (format.md §7, §8): its own findings (and the
    /// folded IDs of `state` that no longer exist) and, when `config` checks links, its link
    /// findings. `check` and the language server's diagnostics both come from here. `config`: the
    /// document's own (no lookup: a run calls this from every thread); `translation`: the document is
    /// a translation's (format.md §17).
    func documentFindings(_ outline: Outline, path: String, name: String, config: Config, state: SidecarFile? = nil,
                  links: [(line: Int, link: LocalLink)]? = nil, own: LinkTargets? = nil, prepared: Bool = false,
                  repair: ((LocalLink) -> String?)? = nil, display: (String) -> String = { $0 }, translation: Bool = false) -> DocumentFindings {
        var mine = StructureFindings.of(outline, path: name, config: config, translation: translation)
        if let state { mine += StructureFindings.missingFolded(state, in: outline, name: name) }
        guard config.links ?? true else { return DocumentFindings(own: mine, links: nil) }
        return DocumentFindings(own: mine, links: linkFindings(outline, path: path, name: name, config: config, links: links, own: own,
                                                               prepared: prepared, repair: repair, display: display))
    }
}

/// One document's findings: its own, and its link findings when links are checked.
struct DocumentFindings {
    var own: [Diagnostic]
    /// nil when links are not checked.
    var links: [Diagnostic]?
    /// All of them by line (a stable sort: the order within a line kept); without links, the own
    /// findings as they come.
    var all: [Diagnostic] { links.map { StructureFindings.merged(own, links: $0) } ?? own }
}
