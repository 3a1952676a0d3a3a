/// A site: a generator's configuration that publishes the Markdown files under its content root
/// (format.md §16). What it implies (the slug profile, the dialect, where `/` and URLs lead) is
/// data read from the configuration, never by executing it; what outline could not read is said
/// once (`unread`), naming the `.outline.toml` key that sets it instead.
public struct Site: Sendable, Equatable {
    public enum Generator: String, Sendable, CaseIterable {
        case mkdocs, zensical, sphinx, hugo, docusaurus
    }

    public var generator: Generator
    /// The configuration file, absolute.
    public var config: String
    /// The directory whose files the site publishes (MkDocs' `docs_dir`, the Sphinx source
    /// directory), absolute, without a trailing slash.
    public var contentRoot: String
    /// The profile heading ids follow; nil when the site's slug function is one outline does not
    /// know (`unknownSlugify` says which): fragments into its pages are then skipped and counted.
    public var profile: SlugProfile?
    public var unknownSlugify: String? = nil
    public var dialect: Dialect
    /// MkDocs' `use_directory_urls`: `a/b.md` is served at `a/b/`, so relative URLs in raw HTML
    /// resolve one directory deeper than the file.
    public var directoryURLs = true
    /// Zensical: every relative link of a page, raw HTML's too, is written from the source file
    /// (a `.md` path becomes its page's URL, any other path resolves from the file's directory),
    /// whatever URL the page is served at.
    public var linksFromFile = false
    /// Sphinx: the suffixes of source documents (`.md` for MyST).
    public var sourceSuffixes: [String] = [".md"]
    /// Sphinx with MyST-NB: the suffixes of the notebooks it reads (`.ipynb`, and the text formats
    /// of `nb_custom_formats`: `.Rmd`), whose Markdown cells hold labels of the site.
    public var notebookSuffixes: [String] = []
    /// MyST's `myst_heading_anchors`: headings down to this level get slugs (nil: none).
    public var headingAnchors: Int? = nil
    /// Sphinx with autodoc: `[t](#Py.object)` and `[t](Py.object)` may name documented objects,
    /// which only a build knows: skipped, not reported.
    public var documentedObjects = false
    /// What the configuration says, one entry a thing read (`attr_list`, `docs_dir docs`), for
    /// `outline site`.
    public var features: [String] = []
    /// What could not be read, each with the key to set instead: said once on standard error.
    public var unread: [String] = []
    /// What the site does that outline does not follow (pages a plugin generates, templates in
    /// pages): links there are skipped and counted; `outline site` and `--verbose` say so.
    public var notes: [String] = []
    /// MkDocs' macros plugin: `{{ … }}` in a destination is a template, filled when the site is built.
    public var templates = false
    /// Docusaurus' `markdown.format`: which of its files are MDX; nil (every other generator): a
    /// `.mdx` file is.
    public var markdownFormat: MarkdownFormat? = nil
    public enum MarkdownFormat: String, Sendable { case mdx, md, detect }
    /// Docusaurus: each docs plugin instance (`DocusaurusSite`); the first is `contentRoot`.
    public var docs: [DocsInstance] = []
    public struct DocsInstance: Sendable, Equatable {
        /// The docs directory, absolute.
        public var path: String
        /// The route its pages are served under, from the site's base URL (`/docs`; `` for `/`).
        public var route: String
        /// Each other locale's translated copy of the directory, absolute (`i18n/fr/docusaurus-plugin-content-docs/current`).
        public var translations: [String: String] = [:]
    }
    /// Further directories the site publishes and reads as its pages are read (Docusaurus' blog,
    /// pages and their translations), absolute; links there resolve by file path only.
    public var otherRoots: [String] = []
    /// Docusaurus' `baseUrl` (`/`, `/my-site/`): a route written with it names the same page.
    public var baseURL = "/"
    /// Sphinx with intersphinx: the names of `intersphinx_mapping` (a role's `name:target` names
    /// another project's target); nil without intersphinx, or where the mapping cannot be read
    /// (then any `name:` prefix is taken for one).
    public var intersphinx: Set<String>? = nil
    public var loadsIntersphinx = false
    /// Sphinx: directives `conf.py` adds itself (`app.add_directive("name", …)`), which may define
    /// labels outline cannot know: a label-like link that names none it knows is skipped.
    public var customDirectives: [String] = []
    /// Where the site's translations live (mkdocs-static-i18n, Hugo's languages, Docusaurus' i18n).
    public var translations: TranslationLayout? = nil
    /// The build environment it was read in (`ConfigurationSources.environment`): a revision's
    /// configuration is read in it too.
    public var environment = ConfigurationSources.defaultEnvironment
    /// MkDocs with mkdocs-static-i18n: how each language's build publishes files (`StaticI18n`).
    public var staticI18n: StaticI18n? = nil
    /// Hugo: how pages are published (`HugoSite`).
    public var hugo: HugoSettings? = nil

    public init(generator: Generator, config: String, contentRoot: String, profile: SlugProfile?, dialect: Dialect) {
        self.generator = generator
        self.config = config
        self.contentRoot = contentRoot
        self.profile = profile
        self.dialect = dialect
    }

    /// The configuration files the generators read, in the order a directory is searched for them.
    public static var configurationNames: [(name: String, generator: Generator)] { SiteGenerators.configurationNames }

    /// Of the configuration files found in one directory (absolute), those a generator reads: the
    /// first of each generator's names (Hugo reads `hugo.*` before `config.*` and
    /// `config/_default/`, MkDocs `mkdocs.yml` before `mkdocs.yaml`), as each looks for its own
    /// (format.md §16).
    public static func readConfigurations(_ found: [String]) -> [String] {
        var seen = Set<String>()
        return found.filter { path in
            guard let generator = SiteGenerators.reader(of: path, as: nil)?.generator else { return true }
            return seen.insert(generator.rawValue).inserted
        }
    }

    /// Whether the site reads the file at `path` as MDX (Docusaurus' `getFormat`: `mdx` every file,
    /// `md` none, `detect` by the extension, as when the site says nothing).
    public func readsAsMDX(_ path: String) -> Bool {
        switch markdownFormat {
        case .mdx?: return true
        case .md?: return false
        case .detect?, nil: return LocalLink.isMDX(path)
        }
    }

    /// Whether `path` (absolute) lies inside the content root (or, for Docusaurus, any directory the
    /// site publishes).
    public func publishes(_ path: String) -> Bool {
        func inside(_ root: String) -> Bool { FilePath.contains(root, path) }
        return inside(contentRoot) || (hugo?.languages.contains { inside($0.contentDir) } ?? false) || docs.contains { inside($0.path) || $0.translations.values.contains(where: inside) } || otherRoots.contains(where: inside)
    }

    /// Reads a site's configuration. `path`: the file, absolute; `generator`: the one to read it
    /// with (`site = "zensical"`), else the one whose configuration it is. nil when the file
    /// configures no site outline reads (a `conf.py` without MyST). A configuration that cannot be
    /// read at all is an error located in it (the caller says it once and reads the files as
    /// CommonMark).
    public static func read(_ path: String, as generator: Generator? = nil, bytes: [UInt8], sources: ConfigurationSources) throws -> Site? {
        guard let (generator, directory) = SiteGenerators.reader(of: path, as: generator) else { return nil }
        var site = try SiteGenerators.adapter(generator).read(path, directory: FilePath.normalize(directory), bytes: bytes, sources: sources)
        site?.environment = sources.environment
        return site
    }

    /// `read(_:as:bytes:sources:)` with each source given alone. `isDirectory`: whether an absolute
    /// path is a directory (Hugo's `config.*` counts only beside `content/`).
    public static func read(_ path: String, bytes: [UInt8], read: @escaping (String) -> [UInt8]?, isDirectory: @escaping (String) -> Bool = { _ in false }) throws -> Site? {
        try Site.read(path, bytes: bytes, sources: ConfigurationSources(read: read, isDirectory: isDirectory))
    }

    /// A one-line description for `outline site`: the generator, the content root, the profile and
    /// what it reads.
    public func summary(relativeTo describe: (String) -> String) -> String {
        var parts = ["\(generator.rawValue)", "content root \(describe(contentRoot))"]
        if let profile { parts.append("slugs \(profile.rawValue)") } else if let unknownSlugify { parts.append("slugs unknown (\(unknownSlugify)): fragments into its pages skipped") }
        parts += features
        return parts.joined(separator: ", ")
    }
}
