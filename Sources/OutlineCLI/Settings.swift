import OutlineCore

/// The `.outline.toml` of each file (format.md §13): `--config FILE` for all, `--no-config` for none, else
/// the nearest one in the file's directory or its ancestors, up to the repository root (a directory
/// holding `.git`). Read once per directory, before any parallel work.
final class Settings {
    private let explicit: Config?
    private let disabled: Bool
    /// `--site PATH` (absolute) or `--site none`.
    private let siteOption: String?
    private var byDirectory: [String: Config] = [:]
    /// The same, by the directory as named (most files of a walk share their directory's name).
    private var byName: [String: Config] = [:]
    private let workingDirectory: String
    private let console: Console

    init(_ arguments: Arguments, console: Console) throws {
        self.console = console
        disabled = arguments.noConfig
        explicit = try arguments.configFile.map { try Config.parse(try FileSystem.read($0), path: $0) }
        workingDirectory = Git.resolve(".") ?? "."
        if let site = arguments.site {
            guard site == "none" || Site.Generator(rawValue: site) != nil || FileSystem.exists(site) else {
                throw UsageError(message: "--site needs 'none', a generator (\(Site.Generator.allCases.map(\.rawValue).joined(separator: ", "))) or a site's configuration file (\(SiteGenerators.examples)), not '\(site)'")
            }
            siteOption = site == "none" || Site.Generator(rawValue: site) != nil ? site : Git.resolve(site) ?? site
        } else {
            siteOption = nil
        }
        self.arguments = arguments
        // The options a configuration also sets, read (and refused when wrong) by the table already.
        overrides = { config in
            if let slugs = arguments.slugs { config.slugs = slugs[0]; config.moreSlugs = Array(slugs.dropFirst()) }
            if let levels = arguments.levels { config.numberLevels = levels }
            if let tocDepth = arguments.tocDepth { config.tocDepth = tocDepth }
            if let folds = arguments.allowFolds { config.allowFolds = folds }
            if arguments.linkable { config.linkable = true }
            if let form = arguments.linkableForm { config.linkableForm = form }
            if arguments.hidden { config.hidden = true }
            if arguments.noLinks { config.links = false }
            if arguments.strict { config.strict = true }
        }
    }

    /// The command line, for the walks (`--exclude`, `--hidden`).
    private let arguments: Arguments

    /// The command line over a configuration: each option that a `.outline.toml` key also sets
    /// wins over it, applied in this one place, so a request carries resolved values only (and a
    /// configuration read as it was at a revision gets it too).
    let overrides: @Sendable (inout Config) -> Void

    /// The configuration `path` is worked on with: its `.outline.toml` (`config(forFile:)`) with the
    /// command line applied over it.
    func effective(forFile path: String) throws -> Config {
        var config = try config(forFile: path)
        overrides(&config)
        return config
    }

    /// The configuration files in `directory` are worked on with, the command line applied (what
    /// the library's stores answer for a file no operand named: a link's target).
    func effective(forDirectory directory: String) throws -> Config {
        var config = try config(forDirectory: directory)
        overrides(&config)
        return config
    }

    /// The configuration for the file `path` ("-": the current directory's).
    func config(forFile path: String) throws -> Config {
        if path == "-" { return try config(forDirectory: ".") }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        // A walk gives a directory's files one after another: the last answer, without a lookup.
        if let last = lastDirectory, last.name == directory { return last.config }
        let config = try config(forDirectory: directory)
        lastDirectory = (directory, config)
        return config
    }
    private var lastDirectory: (name: String, config: Config)? = nil

    /// The configuration for files in `directory`: its `.outline.toml` (or `--config`, or none with
    /// `--no-config`) and the site that publishes them.
    func config(forDirectory directory: String) throws -> Config {
        if let known = byName[directory] { return known }
        guard let start = Git.resolve(directory) else { return explicit ?? Config() }
        if let known = withSite[start] { byName[directory] = known; return known }
        var config = try explicit ?? (disabled ? Config() : fileConfig(from: start))
        config.site = try site(for: start, choice: config)
        withSite[start] = config
        byName[directory] = config
        return config
    }
    /// Each directory's configuration with its site (by the directory, absolute).
    private var withSite: [String: Config] = [:]

    /// The nearest `.outline.toml` from `start` (absolute) up to the repository root.
    private func fileConfig(from start: String) throws -> Config {
        if let known = byDirectory[start] { return known }
        var visited: [String] = []
        var found = Config()
        var dir = start
        while true {
            if let known = byDirectory[dir] { found = known; break }
            visited.append(dir)
            let candidate = (dir == "/" ? "" : dir) + "/" + Config.fileName
            if FileSystem.exists(candidate) {
                found = try Config.parse(try FileSystem.read(candidate), path: display(candidate))
                found.directory = dir
                break
            }
            if FileSystem.exists((dir == "/" ? "" : dir) + "/.git") || dir == "/" { break }
            let slash = dir.lastIndex(of: "/")!
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
        for v in visited { byDirectory[v] = found }
        return found
    }

    // MARK: sites (format.md §16)

    /// Sites read, by their configuration's absolute path, the generator named and the environment
    /// (nil: it configures no site outline reads).
    private var sites: [String: Site?] = [:]
    /// Where each directory's site is looked for (format.md §16).
    private lazy var search = SiteSearch(
        exists: FileSystem.exists,
        isTop: { FileSystem.exists(($0 == "/" ? "" : $0) + "/.git") },
        read: { [unowned self] path, generator in try self.readSite(path, as: generator, explicit: false) },
        display: { [unowned self] in self.display($0) })
    /// What was said about a site configuration that could not be read, once each.
    private var said: Set<String> = []
    /// The build environment sites are read in (Hugo's `config/ENVIRONMENT/`): `HUGO_ENVIRONMENT`,
    /// else the config's `hugo-environment`, else production.
    private func environment(_ config: Config) -> String {
        console.environment["HUGO_ENVIRONMENT"].flatMap { $0.isEmpty ? nil : $0 } ?? config.hugoEnvironment ?? ConfigurationSources.defaultEnvironment
    }
    private var currentEnvironment = ConfigurationSources.defaultEnvironment

    /// The site that publishes the files of `directory` (absolute): `--site`, else the config's
    /// `site`, else the nearest site configuration from the directory up to the repository root
    /// whose content root holds the directory. `--site`/`site` may name a generator instead of a
    /// file (`site = "zensical"`): the nearest configuration it reads, read by it.
    private func site(for directory: String, choice config: Config) throws -> Site? {
        currentEnvironment = environment(config)
        var chosen: String? = nil
        if let siteOption {
            if siteOption == "none" { return nil }
            chosen = siteOption
        } else if let choice = config.siteChoice {
            if choice == "none" { return nil }
            chosen = Site.Generator(rawValue: choice) != nil ? choice : FilePath.normalize(choice.hasPrefix("/") ? choice : (config.directory ?? workingDirectory) + "/" + choice)
        }
        if let chosen, let generator = Site.Generator(rawValue: chosen) { return try search.site(publishing: directory, generator: generator) }
        guard let chosen else { return try search.site(publishing: directory) }
        guard let site = try readSite(chosen, as: nil, explicit: true) else { return nil }
        return site.publishes(directory) ? site : nil
    }

    private func readSite(_ path: String, as generator: Site.Generator?, explicit: Bool) throws -> Site? {
        let key = path + "\u{0}" + (generator?.rawValue ?? "") + "\u{0}" + currentEnvironment
        if let known = sites[key] { return known }
        var site: Site? = nil
        do {
            site = try Site.read(path, as: generator, bytes: try FileSystem.read(path),
                                 sources: ConfigurationSources(read: { try? FileSystem.read($0) }, isDirectory: FileSystem.isDirectory, environment: currentEnvironment))
            if explicit && site == nil { throw UsageError(message: "\(display(path)) configures no site outline reads (a Sphinx configuration must load myst_parser)") }
            for note in site?.unread ?? [] where said.insert(path + note).inserted {
                console.report(Diagnostic(.warning, .site, path: display(path), "not read: \(note)"))
            }
        } catch let error as Diagnostic {
            // Said once; the files are then read as CommonMark.
            if said.insert(path).inserted {
                var d = error
                d.path = display(path)
                d.severity = .warning
                d.message += " (its files are read as CommonMark; set slugs in .outline.toml, or site = \"none\")"
                console.report(d)
            }
        }
        sites[key] = .some(site)
        return site
    }

    /// The configuration of a whole run, for what spans files (the slug profile links are checked
    /// and repaired with, whether `check` verifies links): the first FILE's, or the current directory's.
    /// The command line applies over it as over `effective(forFile:)`.
    func runConfig(_ operands: [String]) throws -> Config {
        var config: Config
        if let first = operands.first(where: { $0 != "-" }) {
            config = FileSystem.isDirectory(first) ? try self.config(forDirectory: first) : try self.config(forFile: first)
        } else {
            config = try self.config(forDirectory: ".")
        }
        overrides(&config)
        return config
    }

    /// The run's config `site-root`, as a path from the current directory (the config names it from
    /// its own directory).
    /// The config's `site-root`, as a path from the current directory (the config names it from its
    /// own directory); nil when it sets none (the library finds the site's content root).
    func configuredSiteRoot(_ operands: [String]) throws -> String? {
        let config = try runConfig(operands)
        guard let root = config.siteRoot else { return nil }
        guard let directory = config.directory else { return root }
        return FilePath.normalize(display(directory + "/" + root))
    }

    /// Where the translations live (format.md §17): `--source` with the targets given, else the
    /// `[translation]` or site configuration of `near` (a file or directory; the current directory
    /// when nil). `--source DIR`: each TARGET is a language's directory, or a file of one (the deepest
    /// directory above it under which the source has the file at the same path); `--source FILE`:
    /// each TARGET is a file translating it, whatever its name.
    func translations(source: String?, targets: [String], near: String?) throws -> TranslationLayout {
        if let source {
            guard !targets.isEmpty else { throw UsageError(message: "--source needs the translations too: --source DIR TARGET... or --source FILE TARGET_FILE...") }
            let absolute = { (path: String) in Git.resolve(path) ?? FilePath.normalize(self.workingDirectory + "/" + path) }
            let language = { (path: String) in TranslationSettings.lastComponent(Workspace.directory(of: path)) }
            var layout: TranslationLayout
            if FileSystem.isDirectory(source) {
                let root = absolute(source)
                var trees: [String] = []
                for target in targets {
                    if FileSystem.isDirectory(target) { trees.append(absolute(target)); continue }
                    guard FileSystem.exists(target) else { throw UsageError(message: "--source: no such file or directory '\(target)'") }
                    // The deepest directory above the file under which the source has it too.
                    let file = absolute(target)
                    var directory = Workspace.directory(of: file)
                    while directory != "/" && directory != "." && !FileSystem.exists(root + "/" + String(file.dropFirst(directory.count + 1))) {
                        directory = Workspace.directory(of: directory)
                    }
                    guard directory != "/", directory != ".", directory != root else {
                        throw UsageError(message: "--source \(source): '\(target)' has no file at its path in \(source) (give --source the source file itself)")
                    }
                    trees.append(directory)
                }
                var seen = Set<String>()
                layout = TranslationLayout(source: .init(language: TranslationSettings.lastComponent(root), directory: root),
                                           targets: trees.filter { seen.insert($0).inserted }.map { .init(language: TranslationSettings.lastComponent($0), directory: $0) })
            } else if FileSystem.exists(source) {
                for target in targets where FileSystem.isDirectory(target) || !FileSystem.exists(target) {
                    throw UsageError(message: "with --source FILE, each TARGET is a translated file; '\(target)' is not")
                }
                layout = TranslationLayout(source: .init(language: language(absolute(source)), file: absolute(source)),
                                           targets: targets.map { .init(language: language(absolute($0)), file: absolute($0)) })
            } else {
                throw UsageError(message: "--source: no such file or directory '\(source)'")
            }
            // The page settings (base key, front matter) still come from the configuration.
            try self.config(forDirectory: FileSystem.isDirectory(source) ? source : Workspace.directory(of: source)).translation.apply(to: &layout)
            return layout
        }
        let directory = near.map { FileSystem.isDirectory($0) ? $0 : Workspace.directory(of: $0) } ?? "."
        let config = try self.config(forDirectory: directory)
        if let layout = config.translations { return layout }
        // The site's i18n, from its project directory too (outside its content root).
        if siteOption != "none", config.siteChoice != "none", let start = Git.resolve(directory),
           let found = try search.nearestConfiguration(from: start), var layout = try readSite(found.path, as: nil, explicit: false)?.translations {
            config.translation.apply(to: &layout)
            return layout
        }
        throw Diagnostic(.error, .config, "no translations configured here: add a [translation] table to .outline.toml (source, targets), or give --source DIR TARGET...")
    }

    /// `--exclude` and the run's config `exclude` (for files no walk saw: deleted since a revision).
    func excludes(_ operands: [String]) throws -> Excludes {
        var excludes = Excludes(cliExcludes)
        add(try runConfig(operands), to: &excludes)
        return excludes
    }

    /// A config's `exclude`, relative to the config file's directory whatever the current one.
    private func add(_ config: Config, to excludes: inout Excludes) {
        let globs = config.exclude.compactMap { Glob($0, pathAware: true) }
        guard !globs.isEmpty else { return }
        guard let base = config.directory, workingDirectory.hasPrefix("/") else {
            excludes.add(globs, from: "", to: "")
            return
        }
        func below(_ path: String, _ directory: String) -> String? {
            FilePath.below(directory, path).map { $0.isEmpty ? "" : $0 + "/" }
        }
        if let to = below(workingDirectory, base) {
            excludes.add(globs, from: "", to: to)
        } else if let from = below(base, workingDirectory) {
            excludes.add(globs, from: from, to: "")
        } else {
            excludes.add(globs, from: FilePath.relative(String(base.dropFirst()), fromDirectory: String(workingDirectory.dropFirst())) + "/", to: "")
        }
    }

    /// `--exclude`'s globs (the table refused a wrong one).
    private var cliExcludes: [Glob] { arguments.exclude.compactMap { Glob($0, pathAware: true) } }

    /// FILE operands expanded (see `FileSystem.expand`), each directory's walk leaving out what
    /// `--exclude` and that directory's config exclude.
    func expand(_ operands: [String]) throws -> [String] {
        let globs = cliExcludes
        var files: [String] = []
        for operand in operands {
            if operand != "-" && FileSystem.isDirectory(operand) {
                var excludes = Excludes(globs)
                let config = try config(forDirectory: operand)
                add(config, to: &excludes)
                let hidden = arguments.hidden || config.hidden == true
                files += try FileSystem.expand([operand], excludes: excludes, hidden: hidden) { warning in
                    console.report(warning)
                }
            } else {
                files.append(operand)
            }
        }
        // One file named twice (`a.md ./a.md`, or a file and its directory) is one file. A single
        // operand names each of its files once (a walk lists each once).
        if operands.count == 1 { return files }
        var seen = Set<String>()
        return files.filter { $0 == "-" || seen.insert(FileSystem.canonical($0)).inserted }
    }

    /// The current directory's path below `directory` (absolute), ending in `/`; empty when it is
    /// that directory or not below it.
    func below(_ directory: String) -> String {
        let base = directory == "/" ? "/" : directory + "/"
        guard workingDirectory.hasPrefix(base) else { return "" }
        return String(workingDirectory.dropFirst(base.count)) + "/"
    }

    /// The process environment (`OUTLINE_ALLOW_REMOVED`).
    var environment: [String: String] { console.environment }

    /// A path as outline prints it: relative to the current directory (`../.outline.toml` above it).
    func display(_ absolute: String) -> String {
        guard workingDirectory.hasPrefix("/") else { return absolute }
        return FilePath.relative(String(absolute.dropFirst()), fromDirectory: String(workingDirectory.dropFirst()))
    }
}
