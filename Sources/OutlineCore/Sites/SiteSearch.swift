/// How the site that publishes a directory is found (format.md §16), as each generator finds its
/// configuration: from the directory up to the repository root, the nearest directory holding a
/// configuration (a generator's own names, in its order: Hugo's `config/_default/` counts); its
/// site publishes the directory when its content root holds it, else the search goes on above it
/// (a template `mkdocs.yml` in a subfolder of another site's `docs_dir`). With a generator named
/// (`site = "zensical"`), only the configurations it reads are looked for, read by it.
/// Configurations are read through `read`, which the caller caches; the nearest configuration of
/// each directory is kept here.
public struct SiteSearch {
    /// Whether a file exists (absolute path).
    let exists: (String) -> Bool
    /// Whether a directory is where the search stops: the repository root.
    let isTop: (String) -> Bool
    /// The site a configuration describes, read by the generator given (nil: the one whose
    /// configuration it is); nil when it describes none outline reads.
    let read: (_ path: String, _ generator: Site.Generator?) throws -> Site?
    /// A directory as messages name it.
    let display: (String) -> String
    /// Each directory's nearest configuration, by the generator named ("" for none) and the directory.
    private var nearest: [String: Found?] = [:]

    public struct Found: Sendable, Equatable {
        /// The configuration file, absolute.
        public var path: String
        /// The directory it was found for (Hugo's `config/_default/hugo.toml` is its project's).
        public var directory: String
    }

    public init(exists: @escaping (String) -> Bool, isTop: @escaping (String) -> Bool,
                read: @escaping (_ path: String, _ generator: Site.Generator?) throws -> Site?, display: @escaping (String) -> String = { $0 }) {
        self.exists = exists
        self.isTop = isTop
        self.read = read
        self.display = display
    }

    /// The site that publishes the files of `directory` (absolute): the nearest configuration's,
    /// when its content root holds the directory, else the next one above it that does.
    public mutating func site(publishing directory: String, generator: Site.Generator? = nil) throws -> Site? {
        var from = directory
        while let found = try nearestConfiguration(from: from, generator: generator) {
            if let site = try read(found.path, generator), site.publishes(directory) { return site }
            guard !isTop(found.directory), let parent = Self.parent(found.directory) else { return nil }
            from = parent
        }
        return nil
    }

    /// The nearest directory from `directory` (absolute) up to the repository root that holds a
    /// site's configuration, and the configuration; two generators' configurations in one
    /// directory are an error. A configuration that configures no site (Sphinx without MyST) is
    /// passed over.
    public mutating func nearestConfiguration(from directory: String, generator: Site.Generator? = nil) throws -> Found? {
        let key = (generator?.rawValue ?? "") + "\u{0}"
        if let known = nearest[key + directory] { return known }
        var found: Found? = nil
        var dir = directory
        var visited: [String] = []
        while true {
            if let known = nearest[key + dir] { found = known; break }
            visited.append(dir)
            let here = try Self.configurations(in: dir, generator: generator, exists: exists).filter { try read($0, generator) != nil }
            if here.count > 1 {
                throw Diagnostic.file(display(dir), "two site configurations, \(here.map { String($0.dropFirst(dir.count + (dir == "/" ? 0 : 1))) }.joined(separator: " and ")): name one with --site PATH or site = \"PATH\" in .outline.toml (or the generator: site = \"\(SiteGenerators.all.map(\.id.rawValue).joined(separator: "\", \""))\"; or 'none')")
            }
            if let path = here.first { found = Found(path: path, directory: dir); break }
            guard !isTop(dir), let parent = Self.parent(dir) else { break }
            dir = parent
        }
        for v in visited { nearest[key + v] = .some(found) }
        return found
    }

    /// The configurations in `directory` (absolute) that a generator reads, one a generator (the
    /// first of its names found); with `generator`, that one's only, those it reads when named too.
    public static func configurations(in directory: String, generator: Site.Generator? = nil, exists: (String) -> Bool) -> [String] {
        let prefix = directory == "/" ? "/" : directory + "/"
        if let generator {
            return SiteGenerators.names(readBy: generator).lazy.map { prefix + $0 }.first(where: exists).map { [$0] } ?? []
        }
        return Site.readConfigurations(Site.configurationNames.map { prefix + $0.name }.filter(exists))
    }

    /// The directory above `directory` (absolute), nil at `/`.
    static func parent(_ directory: String) -> String? {
        guard directory != "/", let slash = directory.lastIndex(of: "/") else { return nil }
        return slash == directory.startIndex ? "/" : String(directory[..<slash])
    }
}
