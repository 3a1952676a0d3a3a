/// A file's configuration as it was at a revision (format.md §12, §16): its `.outline.toml` and the
/// configuration of the site that publishes it, read from the revision's bytes where either changed
/// since, so that `check --since REV` judges the files at REV as they were published then, and a
/// change to a configuration alone is a change to every file it governs.
struct RevisionConfigurations {
    let tree: RevisionTree
    let store: DocumentStore
    /// What the command line sets over a configuration, applied again over one read at REV.
    let commandLine: (@Sendable (inout Config) -> Void)?
    /// The bytes of a configuration file now and at REV, by its absolute path.
    private var bytes: [String: (now: [UInt8]?, then: [UInt8]?)] = [:]
    /// Sites read as they were at REV, by their configuration's path.
    private var sites: [String: Site?] = [:]

    init(tree: RevisionTree, store: DocumentStore, commandLine: (@Sendable (inout Config) -> Void)?) {
        self.tree = tree
        self.store = store
        self.commandLine = commandLine
    }

    private mutating func versions(_ path: String) -> (now: [UInt8]?, then: [UInt8]?) {
        if let known = bytes[path] { return known }
        let then = (try? tree.relativePath(of: path).map { try tree.contents(ofOldPaths: [$0]) })??.first ?? nil
        let pair = (store.contents(of: path), then)
        bytes[path] = pair
        return pair
    }

    /// nil when the configuration `now` of the file `file` (absolute or as the run names files) is
    /// as it was at REV; else the configuration it had then.
    mutating func configuration(_ now: Config, for file: String) throws -> Config? {
        let toml = now.directory.map { ($0 == "/" ? "" : $0) + "/" + Config.fileName }
        let tomlVersions = toml.map { versions($0) }
        let tomlChanged = tomlVersions.map { $0.now != $0.then } ?? false
        let sitePath = now.site?.config
        let siteVersions = sitePath.map { versions($0) }
        let siteChanged = siteVersions.map { $0.now != $0.then } ?? false
        guard tomlChanged || siteChanged else { return nil }
        var then = now
        if tomlChanged, let toml {
            then = try tomlVersions?.then.map { try Config.parse($0, path: toml) } ?? Config()
            then.directory = now.directory
            commandLine?(&then)
        }
        var site = now.site
        if siteChanged, let sitePath, let now = now.site { site = readSite(sitePath, as: now, bytes: siteVersions?.then) }
        if then.siteChoice == "none" { site = nil }
        // The site publishes the file only inside its content root then.
        let directory = Workspace.directory(of: file.hasPrefix("/") ? file : tree.root + "/" + (tree.relativePath(of: file) ?? file))
        then.site = site.flatMap { $0.publishes(directory) ? $0 : nil }
        return then
    }

    /// The configuration at `path` as it was at REV, read by the generator that reads it now, in
    /// the same environment (`site = "zensical"`, `HUGO_ENVIRONMENT`).
    private mutating func readSite(_ path: String, as now: Site, bytes: [UInt8]?) -> Site? {
        if let known = sites[path] { return known }
        let tree = self.tree
        let sources = ConfigurationSources(read: { other in (try? tree.relativePath(of: other).map { try tree.contents(ofOldPaths: [$0]) })??.first ?? nil },
                                           isDirectory: { tree.relativePath(of: $0).map { tree.existed(tree.displayPath($0)) } ?? false },
                                           environment: now.environment)
        let site = bytes.flatMap { bytes in try? Site.read(path, as: now.generator, bytes: bytes, sources: sources) } ?? nil
        sites[path] = .some(site)
        return site
    }
}
