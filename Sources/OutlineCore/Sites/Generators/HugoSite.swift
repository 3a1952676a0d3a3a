/// How a Hugo site publishes its pages (format.md §16), read from its configuration.
public struct HugoSettings: Sendable, Equatable {
    public struct Language: Sendable, Equatable {
        public var code: String
        /// The language's content directory, absolute.
        public var contentDir: String
        /// The URL prefix of its pages (`/fr`; `` for the default language).
        public var prefix: String
    }
    /// Every language, the default first (one, of the site's content root, when none is configured).
    public var languages: [Language] = []
    /// `permalinks`: a section (or `page`/`section` kinds' sections) → its pattern (`/:year/:slug/`).
    public var permalinks: [String: String] = [:]
    /// `permalinks.section`: the patterns of section pages.
    public var sectionPermalinks: [String: String] = [:]
    public var uglyURLs = false
    /// Hugo lowercases the paths of URLs unless `disablePathToLower`.
    public var lowercasePaths = true
    /// Directories whose files are published as they are (`static/`, mounts to `static`), absolute.
    public var staticDirs: [String] = []
    /// The taxonomies' plural names (`tags`, `categories`): their pages are Hugo's, not files'.
    public var taxonomies: [String] = ["tags", "categories"]
    /// Languages given by file name (`page.fr.md`) rather than by directory.
    public var suffixedLanguages: [String] = []
    /// The site's own link render hook (`layouts/_markup/render-link.html`), from the site's directory.
    public var linkHook: String? = nil
    /// Destinations that hook compares with a literal (`eq $u.String "g"`): its own, not URLs.
    public var hookDestinations: [String] = []
    /// Links may name a page by its content path (`/section/page`): the site's render hook resolves
    /// them with `GetPage`, as Hugo's embedded hook does (`renderHooks.link.useEmbedded`).
    public var pagePathLinks = false
}

/// Hugo's configuration as Hugo reads it (format.md §16): `hugo.{toml,yaml,json}` before
/// `config.{toml,yaml,json}`, merged over `config/_default/` (whose `params.toml`, `languages.toml`
/// and so on are the keys of their names); keys case-insensitive. A `config.*` is Hugo's only beside
/// a `content/` directory or when it sets `baseURL` or `contentDir`. Read: `contentDir`,
/// `module.mounts` to `content` and `static`, `staticDir`, `languages` (with their `contentDir`s),
/// `defaultContentLanguage(InSubdir)`, `permalinks`, `uglyURLs`, `taxonomies`, and goldmark's
/// `parser.autoHeadingIDType`, `parser.attribute.title` and `parser.autoDefinitionTermID`.
enum HugoSite {
    static let extensions = ["toml", "yaml", "yml", "json"]

    static func parse(_ bytes: [UInt8], name: String) throws -> ConfigValue {
        if name.hasSuffix(".toml") { return try ConfigValue.toml(bytes) }
        if name.hasSuffix(".json") { return try ConfigValue.json(bytes) }
        return try ConfigValue.yaml(bytes)
    }

    /// The value of `key` in a mapping, its case ignored (Hugo lowercases every key).
    static func get(_ value: ConfigValue?, _ key: String) -> ConfigValue? {
        let lower = key.lowercased()
        return value?.pairs?.last { $0.key.lowercased() == lower }?.value
    }

    static func get(_ value: ConfigValue?, _ path: [String]) -> ConfigValue? {
        path.reduce(value) { get($0, $1) }
    }

    static func read(_ path: String, directory: String, bytes: [UInt8], sources: ConfigurationSources) throws -> Site? {
        let read = sources.read
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // `config/_default/hugo.*` alone: the configuration directory is the whole configuration.
        let inConfigDirectory = path.hasPrefix(directory + "/config/")
        let isConfig = name.hasPrefix("config.") && !inConfigDirectory
        let besideContent = sources.isDirectory(directory + "/content") || sources.isDirectory(directory + "/config/_default")
        var root = ConfigValue.map([])
        if !inConfigDirectory {
            do { root = try parse(bytes, name: name) } catch let error as Diagnostic {
                // A `config.*` that is not Hugo's may be anything: only one beside `content/` is said.
                if isConfig && !besideContent { return nil }
                throw error.located(in: path)
            }
        }
        if isConfig && !besideContent && get(root, "baseURL") == nil && get(root, "contentDir") == nil { return nil }
        var unread: [String] = []
        var features: [String] = []
        // The configuration directory over the root file (measured with hugo 0.168: a key of
        // `config/_default/` wins over the root file's), its environment's over `_default`.
        // `hugo.*`/`config.*` are the root, any other file the key of its name.
        // Past the merge's budget (format.md §11) the configuration is unreadable.
        var budget = NodeBudget()
        func tooLarge(_ what: String) -> Diagnostic {
            Diagnostic.error(.site, "cannot read: merging \(what) makes more than \(Nesting.mergeBudget) nodes").located(in: path)
        }
        for environment in ["_default", sources.environment] {
            var merged = ConfigValue.map([])
            var fromDirectory: [String] = []
            for stem in ["hugo", "config", "params", "languages", "markup", "module", "permalinks", "menus", "taxonomies"] {
                for ext in extensions {
                    let file = directory + "/config/" + environment + "/" + stem + "." + ext
                    guard let bytes = read(file) else { continue }
                    let value: ConfigValue
                    do { value = try parse(bytes, name: file) } catch let error as Diagnostic {
                        // The file the site was found by is the configuration: unreadable, as a root
                        // file is; another is said with its line and left out.
                        if file == path { throw error.located(in: path) }
                        unread.append("config/\(environment)/\(stem).\(ext)\(error.line.map { ":\($0)" } ?? ""): \(error.message)")
                        continue
                    }
                    guard let next = (stem == "hugo" || stem == "config" ? value : .map([.init(key: stem, value: value)])).merged(over: merged, budget: &budget) else {
                        throw tooLarge("config/\(environment)/\(stem).\(ext)")
                    }
                    merged = next
                    fromDirectory.append("\(stem).\(ext)")
                }
            }
            if !fromDirectory.isEmpty {
                guard let next = merged.merged(over: root, budget: &budget) else { throw tooLarge("config/\(environment) over \(name)") }
                root = next
                features.append("config/\(environment) (\(fromDirectory.joined(separator: ", ")))")
            }
        }
        func absolute(_ p: String) -> String { FilePath.normalize(p.hasPrefix("/") ? p : directory + "/" + p) }

        // Content and static directories: `contentDir`, or the mounts to `content` (which replace
        // it); a mount for some languages only (`sites.matrix.languages`, before Hugo 0.153 `lang`)
        // is those languages' content.
        var contentDir = get(root, "contentDir")?.string ?? "content"
        var staticDirs = [get(root, "staticDir")?.string ?? "static"]
        var contentMounts: [(source: String, languages: [String])] = []
        if let mounts = get(root, ["module", "mounts"])?.list {
            for mount in mounts where get(mount, "target")?.string == "content" {
                guard let source = get(mount, "source")?.string else { continue }
                let matrix = get(mount, ["sites", "matrix", "languages"])
                let languages = get(mount, "lang")?.string.map { [$0] } ?? matrix?.list?.compactMap(\.string) ?? matrix?.string.map { [$0] } ?? []
                contentMounts.append((source, languages))
            }
            let statics = mounts.filter { get($0, "target")?.string == "static" }.compactMap { get($0, "source")?.string }
            if !contentMounts.isEmpty {
                features.append("module.mounts content " + contentMounts.map { $0.source + ($0.languages.isEmpty ? "" : " (\($0.languages.joined(separator: " ")))") }.joined(separator: ", "))
            }
            if !statics.isEmpty { staticDirs = statics }
        }
        let defaultLanguage = get(root, "defaultContentLanguage")?.string ?? "en"
        // The site's content: the first mount for every language, or for the default one.
        if let first = contentMounts.first(where: { $0.languages.isEmpty || $0.languages.contains(defaultLanguage) }) ?? contentMounts.first {
            contentDir = first.source
        }
        let globalContentRoot = absolute(contentDir)
        features.insert("contentDir \(contentDir)", at: 0)

        // Languages: the default first; each with its own contentDir (or mount), or all in one by
        // file suffix.
        let inSubdir = get(root, "defaultContentLanguageInSubdir")?.bool ?? false
        var settings = HugoSettings()
        var codes = get(root, "languages")?.pairs?.map(\.key) ?? []
        if !codes.contains(defaultLanguage) { codes.insert(defaultLanguage, at: 0) }
        codes.sort { ($0 == defaultLanguage ? 0 : 1, $0) < ($1 == defaultLanguage ? 0 : 1, $1) }
        for code in codes {
            let options = get(get(root, "languages"), code)
            let mount = contentMounts.first { $0.languages.contains(code) }?.source
            let dir = (get(options, "contentDir")?.string ?? mount).map(absolute) ?? globalContentRoot
            let prefix = code == defaultLanguage && !inSubdir ? "" : "/" + code
            settings.languages.append(.init(code: code, contentDir: dir, prefix: prefix))
        }
        // Mounts no language has as its own: more of the site's content.
        let languageDirs = Set(settings.languages.map(\.contentDir))
        var extraContent = contentMounts.map { absolute($0.source) }.filter { $0 != globalContentRoot && !languageDirs.contains($0) }
        extraContent = extraContent.enumerated().filter { extraContent.firstIndex(of: $0.element) == $0.offset }.map(\.element)
        // The default language's own contentDir is the site's content root.
        let contentRoot = settings.languages.first?.contentDir ?? globalContentRoot
        if contentRoot != globalContentRoot, let k = features.firstIndex(where: { $0.hasPrefix("contentDir ") }) {
            features[k] = "contentDir \(FilePath.below(directory, contentRoot).flatMap { $0.isEmpty ? nil : $0 } ?? contentRoot)"
        }
        if codes.count > 1 {
            features.append("languages \(codes.joined(separator: " "))")
            if settings.languages.dropFirst().allSatisfy({ $0.contentDir == contentRoot }) { settings.suffixedLanguages = Array(codes.dropFirst()) }
        }

        // URLs.
        if let permalinks = get(root, "permalinks")?.pairs {
            for pair in permalinks {
                if let pattern = pair.value.string { settings.permalinks[pair.key.lowercased()] = pattern }
                else if ["page", "section"].contains(pair.key.lowercased()) {
                    for inner in pair.value.pairs ?? [] {
                        if let pattern = inner.value.string {
                            if pair.key.lowercased() == "page" { settings.permalinks[inner.key.lowercased()] = pattern } else { settings.sectionPermalinks[inner.key.lowercased()] = pattern }
                        }
                    }
                }
            }
            if !settings.permalinks.isEmpty || !settings.sectionPermalinks.isEmpty { features.append("permalinks") }
        }
        settings.uglyURLs = get(root, "uglyURLs")?.bool ?? false
        settings.lowercasePaths = !(get(root, "disablePathToLower")?.bool ?? false)
        if !settings.lowercasePaths { features.append("disablePathToLower") }
        if settings.uglyURLs { features.append("uglyURLs") }
        settings.staticDirs = staticDirs.map(absolute)
        if let taxonomies = get(root, "taxonomies")?.pairs { settings.taxonomies = taxonomies.compactMap(\.value.string) }

        // The link render hook: the site's own, else its theme's, else Hugo's embedded one when asked
        // for. It resolves page paths when it, or a partial it calls, calls GetPage.
        let themesDir = get(root, "themesDir")?.string ?? "themes"
        let themes = (get(root, "theme")?.list?.compactMap(\.string) ?? get(root, "theme")?.string.map { [$0] } ?? [])
            .map { themesDir + "/" + $0 + "/" }
        let layoutRoots = [""] + themes
        hooks: for prefix in layoutRoots {
            for hook in ["layouts/_markup/render-link.html", "layouts/_default/_markup/render-link.html"] {
                guard let bytes = read(absolute(prefix + hook)) else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                settings.linkHook = FilePath.normalize(prefix + hook)
                settings.pagePathLinks = text.contains("GetPage") || partials(calledIn: text).contains { name in
                    layoutRoots.contains { root in
                        ["layouts/_partials/", "layouts/partials/"].contains { dir in
                            read(absolute(root + dir + name + (name.hasSuffix(".html") ? "" : ".html"))).map { String(decoding: $0, as: UTF8.self).contains("GetPage") } ?? false
                        }
                    }
                }
                settings.hookDestinations = literals(comparedIn: text)
                features.append("link render hook \(settings.linkHook!)" + (settings.hookDestinations.isEmpty ? "" : " (its own: \(settings.hookDestinations.joined(separator: " ")))"))
                break hooks
            }
        }
        // `useEmbedded` defaults to `auto`: the embedded hook for a multilingual site.
        let embedded = get(root, ["markup", "goldmark", "renderHooks", "link", "useEmbedded"])?.string ?? "auto"
        if settings.linkHook == nil, embedded == "always" || (embedded == "auto" && codes.count > 1) {
            settings.pagePathLinks = true
            features.append("embedded link render hook")
        }

        // goldmark.
        let goldmark = get(root, ["markup", "goldmark"])
        var profile: SlugProfile? = .hugo
        var unknownSlugify: String? = nil
        let idType = get(goldmark, ["parser", "autoHeadingIDType"])?.string ?? "github"
        if idType != "github" {
            profile = nil
            unknownSlugify = "autoHeadingIDType \(idType)"
        }
        features.append("autoHeadingIDType \(idType)")
        // A site pinned below Hugo 0.144 (`module.hugoVersion.max`) is built by a Hugo that slugged
        // a heading's source text rather than its rendered text: the `hugo-0.111` profile.
        if profile == .hugo, let max = get(root, ["module", "hugoVersion", "max"])?.string, HugoSite.version(max, isBelow: [0, 144]) {
            profile = .hugo0111
            features.append("module.hugoVersion.max \(max) (slugs hugo-0.111)")
        }
        var dialect = Dialect()
        dialect.shortcodes = true
        if get(goldmark, ["parser", "attribute", "title"])?.bool == false {
            unread.append("markup.goldmark.parser.attribute.title = false: a heading's {#id} is still read as its id")
        }
        if get(goldmark, ["parser", "autoDefinitionTermID"])?.bool == true {
            dialect.definitionTermIDs = true
            features.append("autoDefinitionTermID")
        }
        if get(goldmark, ["renderer", "unsafe"])?.bool == true { features.append("renderer.unsafe") }

        var site = Site(generator: .hugo, config: path, contentRoot: contentRoot, profile: profile, dialect: dialect)
        site.unknownSlugify = unknownSlugify
        site.otherRoots = extraContent
        site.hugo = settings
        site.features = features
        site.unread = unread
        site.translations = translations(settings)
        return site
    }

    /// Whether a Hugo version as `module.hugoVersion` writes it (`0.143.1`, `v0.120.0`, `0.110.0-extended`)
    /// is below `bound` (major, minor); false for what is no version.
    static func version(_ text: String, isBelow bound: [Int]) -> Bool {
        let numbers = text.drop { $0 == "v" }.split(separator: ".").prefix(3).map { Int($0.prefix { $0.isNumber }) }
        guard numbers.count >= 2, numbers.allSatisfy({ $0 != nil }) else { return false }
        return numbers.prefix(2).map { $0! }.lexicographicallyPrecedes(bound)
    }

    /// The partials a template calls (`partial "docs/link"`, `partialCached "x.html"`).
    static func partials(calledIn template: String) -> [String] {
        let tokens = template.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "(" })
        var found: [String] = []
        for k in tokens.indices.dropLast() where tokens[k] == "partial" || tokens[k] == "partialCached" {
            let name = tokens[k + 1]
            guard name.count > 2, name.first == "\"", name.last == "\"" else { continue }
            found.append(String(name.dropFirst().dropLast()))
        }
        return found
    }

    /// The string literals a template compares with the destination (`eq $u.String "g"`,
    /// `eq .Destination "g"`).
    static func literals(comparedIn template: String) -> [String] {
        var found: [String] = []
        let tokens = template.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        for k in tokens.indices.dropLast(2) where tokens[k] == "eq" || tokens[k] == "(eq" {
            let subject = tokens[k + 1], literal = tokens[k + 2]
            guard subject.contains("Destination") || subject.contains("$u.String") || subject.contains("$u.Path"),
                  literal.hasPrefix("\""), let close = literal.dropFirst().firstIndex(of: "\"") else { continue }
            let value = String(literal[literal.index(after: literal.startIndex)..<close])
            if !value.isEmpty && !found.contains(value) { found.append(value) }
        }
        return found
    }

    /// Hugo's languages as translations (format.md §17): by directory when each has a `contentDir`,
    /// else by file name (`page.fr.md` beside `page.md`).
    static func translations(_ settings: HugoSettings) -> TranslationLayout? {
        guard let source = settings.languages.first, settings.languages.count > 1 else { return nil }
        if !settings.suffixedLanguages.isEmpty {
            return TranslationLayout(source: .init(language: source.code, directory: source.contentDir, suffixed: true),
                                     targets: settings.suffixedLanguages.map { .init(language: $0, directory: source.contentDir, suffixed: true) })
        }
        return TranslationLayout(source: .init(language: source.code, directory: source.contentDir),
                                 targets: settings.languages.dropFirst().filter { $0.contentDir != source.contentDir }.map { .init(language: $0.code, directory: $0.contentDir) })
    }
}
