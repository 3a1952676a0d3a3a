/// A site generator as outline knows it: one adapter (format.md §16). How its configuration is
/// found and read, which files it publishes and at which URLs, how it resolves a page's links, its
/// slug profile (read with the configuration), its redirect formats and its translation layout
/// (read with the configuration). Everything the rest of the code asks of a generator, it asks
/// here, through `SiteGenerators`, the registry: no other file switches on a generator or names
/// its configuration files (`StructureRulesTests`). Adding a generator is one adapter in
/// `Sites/Generators/` and one line of the registry.
public protocol SiteGenerator: Sendable {
    /// Its name (`outline site`, `--format json`, `.outline.toml`'s `site`).
    var id: Site.Generator { get }
    /// The configuration files it reads, in the order a directory is searched for them: names, or
    /// paths below the directory (Hugo's `config/_default/hugo.toml`).
    var configurationNames: [String] { get }
    /// What outline reads of it, one sentence for `outline site --help` (which may not name
    /// configuration files itself: `StructureRulesTests`).
    var reads: String { get }
    /// The configuration files of another generator it reads too, when `.outline.toml`'s `site`
    /// (or `--site`) names it (Zensical reads `mkdocs.yml`): searched after its own.
    var alsoReads: [String] { get }
    /// Reads a configuration (`path` absolute; `directory` the project's, where `configurationNames`
    /// are looked for), never running it: nil when the file configures no site outline reads (a
    /// `conf.py` without MyST). `sources`: what else reading it may look at.
    func read(_ path: String, directory: String, bytes: [UInt8], sources: ConfigurationSources) throws -> Site?
    /// What the site publishes, read once from its files before links are resolved (routes by
    /// URL, labels of the whole site): `list` gives the Markdown files under a directory
    /// (absolute), `others` the files under one whose names end in one of some suffixes
    /// (notebooks), `read` a file's bytes, `canonical` a path as the caller names files.
    func pages(of site: Site, canonical: (String) -> String, list: (String) -> [String], others: (String, [String]) -> [String],
               read: (String) -> [UInt8]?) -> SitePages
    /// How the site resolves the links of the page `file` (as the caller names files; `contentRoot`
    /// the same way).
    func rules(_ site: Site, file: String, contentRoot: String, pages: SitePages, canonical: (String) -> String) -> LinkRules
    /// The URL path the site serves the file `file` at (from the site's root, with a leading `/`),
    /// nil for a file it serves at none.
    func url(of file: String, site: Site, contentRoot: String, pages: SitePages) -> String?
    /// The redirect formats its plugins read (`diff --redirects=FORMAT`).
    var redirectFormats: [RedirectFormat] { get }
}

extension SiteGenerator {
    var alsoReads: [String] { [] }
}

/// What reading a site's configuration may look at besides its bytes.
public struct ConfigurationSources {
    /// Another file's bytes, by absolute path (`INHERIT`, Hugo's configuration directories).
    public var read: (String) -> [UInt8]?
    /// Whether an absolute path is a directory.
    public var isDirectory: (String) -> Bool
    /// The build environment, for generators that have one (Hugo merges `config/ENVIRONMENT/` over
    /// `config/_default/`): `HUGO_ENVIRONMENT`, else `.outline.toml`'s `hugo-environment`, else
    /// `production`, the one `hugo build` uses.
    public var environment: String

    public init(read: @escaping (String) -> [UInt8]?, isDirectory: @escaping (String) -> Bool = { _ in false }, environment: String = ConfigurationSources.defaultEnvironment) {
        self.read = read
        self.isDirectory = isDirectory
        self.environment = environment
    }

    /// The environment a site is built in unless one is named: `hugo build`'s.
    public static let defaultEnvironment = "production"
}

/// What a site publishes, read from its files once (`SiteGenerator.pages`): a frozen value that
/// every resolution of a run reads, on any thread.
public struct SitePages: Sendable {
    /// The site's pages by URL and their URLs (Docusaurus, Hugo); nil where a page's URL follows
    /// from its path alone (MkDocs, Sphinx).
    public var routes: (any RouteTable)?
    /// The labels of every page (MyST: a label names a target of the whole site).
    public var labels: Set<String> = []
    public init(routes: (any RouteTable)? = nil, labels: Set<String> = []) {
        self.routes = routes
        self.labels = labels
    }
}

/// A site's pages by URL (format.md §16).
public protocol RouteTable: Sendable {
    /// The files served at a URL path.
    func files(at url: String) -> [String]
    /// The URL path a file is served at.
    func url(of file: String) -> String?
    /// Every URL path, for "did you mean".
    var urls: [String] { get }
}

/// The generators outline reads, in the order a directory's configurations are looked for.
public enum SiteGenerators {
    public static let all: [any SiteGenerator] = [MkDocsGenerator(), ZensicalGenerator(), SphinxGenerator(), DocusaurusGenerator(), HugoGenerator()]

    /// The adapter of a generator.
    public static func adapter(_ id: Site.Generator) -> any SiteGenerator {
        all.first { $0.id == id }!
    }

    /// Every configuration file name, with its generator, in search order.
    public static var configurationNames: [(name: String, generator: Site.Generator)] {
        all.flatMap { g in g.configurationNames.map { ($0, g.id) } }
    }

    /// The configuration files a generator reads when it is named (`site = "zensical"`): its own,
    /// then those of others it reads too.
    public static func names(readBy generator: Site.Generator) -> [String] {
        let adapter = adapter(generator)
        return adapter.configurationNames + adapter.alsoReads
    }

    /// The generator that reads the configuration at `path` (absolute or relative; `as`, when
    /// named, if it reads it), and the project directory its names are looked for in: the most
    /// specific name matches (`config/_default/hugo.toml` before `hugo.toml`).
    static func reader(of path: String, as named: Site.Generator?) -> (generator: Site.Generator, directory: String)? {
        let candidates: [(name: String, generator: Site.Generator)] = named.map { g in names(readBy: g).map { ($0, g) } } ?? configurationNames
        let match = candidates.filter { path == $0.name || path.hasSuffix("/" + $0.name) }.max { $0.name.count < $1.name.count }
        guard let match else { return nil }
        let directory = path == match.name ? "." : String(path.dropLast(match.name.count + 1))
        return (match.generator, directory.isEmpty ? "/" : directory)
    }
    /// The configuration names people know first, for messages (`mkdocs.yml, conf.py, …`).
    public static var examples: String {
        all.compactMap(\.configurationNames.first).joined(separator: ", ")
    }

    /// The adapter whose redirect format is `name`.
    public static func redirectFormat(_ name: String) -> RedirectFormat? {
        all.lazy.flatMap(\.redirectFormats).first { $0.name == name }
    }
}
