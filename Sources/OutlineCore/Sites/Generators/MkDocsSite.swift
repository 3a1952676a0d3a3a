/// `mkdocs.yml` as MkDocs reads it (format.md §16): `docs_dir`, `use_directory_urls`, `INHERIT`, and
/// `markdown_extensions` with their options, which say how Python-Markdown reads every page.
enum MkDocsSite {
    /// The slug profile of `toc`'s `slugify`, or why none fits.
    static func profile(_ slugify: ConfigValue?) -> (SlugProfile?, String?) {
        guard let slugify else { return (.mkdocs, nil) }
        let tag = slugify.tag ?? ""
        let callable = tag.hasPrefix("!!python/name:") ? String(tag.dropFirst("!!python/name:".count))
            : tag.hasPrefix("!!python/object/apply:") ? String(tag.dropFirst("!!python/object/apply:".count)) : ""
        switch callable {
        case "markdown.extensions.toc.slugify":
            return (.mkdocs, nil)
        case "pymdownx.slugs.slugify":
            // `slugify(case="lower")`, Material for MkDocs' advice; other cases keep letters as
            // they are or fold them in ways no profile follows.
            let kwds = slugify.untagged["kwds"] ?? slugify.untagged.list?.first
            let options = kwds?.pairs ?? []
            let known = options.allSatisfy { ["case", "normalize", "percent_encode"].contains($0.key) }
            if known, kwds?["case"]?.string == "lower", (kwds?["normalize"]?.string ?? "NFC") == "NFC",
               kwds?["percent_encode"]?.bool != true {
                return (.mkdocsMaterial, nil)
            }
            return (nil, "pymdownx.slugs.slugify with \(options.map { "\($0.key)=\($0.value.string ?? "…")" }.joined(separator: ", "))")
        default:
            return (nil, callable.isEmpty ? "a slugify outline cannot read" : callable)
        }
    }

    static func read(_ path: String, directory: String, bytes: [UInt8], read: (String) -> [UInt8]?) throws -> Site {
        let (config, unread) = try load(path, directory: directory, bytes: bytes, read: read)
        return site(config, generator: .mkdocs, path: path, directory: directory, unread: unread)
    }

    /// A `mkdocs.yml` with its `INHERIT`s: the parent's keys under the child's, mappings merged
    /// deeply (mergedeep, as MkDocs; `appendingLists`: deepmerge's `always_merger`, as Zensical,
    /// lists the parent's items then the child's). What could not be read is said.
    static func load(_ path: String, directory: String, bytes: [UInt8], read: (String) -> [UInt8]?, appendingLists: Bool = false) throws -> (ConfigValue, unread: [String]) {
        var config: ConfigValue
        do { config = try ConfigValue.yaml(bytes) } catch let error as Diagnostic { throw error.located(in: path) }
        var unread: [String] = []
        var seen: Set<String> = [path]
        var base = directory
        var budget = NodeBudget()
        while let parent = config["INHERIT"]?.string {
            let parentPath = FilePath.normalize(parent.hasPrefix("/") ? parent : base + "/" + parent)
            guard seen.insert(parentPath).inserted, let parentBytes = read(parentPath),
                  let parentConfig = try? ConfigValue.yaml(parentBytes) else {
                unread.append("INHERIT: '\(parent)' cannot be read")
                break
            }
            // Past the merge's budget (format.md §11) the configuration is unreadable, at its INHERIT.
            guard let merged = config.removing("INHERIT").merged(over: parentConfig, budget: &budget, appendingLists: appendingLists) else {
                throw Diagnostic.error(.site, line: MkDocsSite.line(of: "INHERIT", in: bytes),
                                       "cannot read: merging INHERIT '\(parent)' makes more than \(Nesting.mergeBudget) nodes").located(in: path)
            }
            config = merged
            base = String(parentPath[..<(parentPath.lastIndex(of: "/") ?? parentPath.startIndex)])
        }
        return (config, unread)
    }

    /// The site a MkDocs-style configuration describes (MkDocs', or Zensical's once it has put its
    /// defaults in).
    static func site(_ config: ConfigValue, generator: Site.Generator, path: String, directory: String, unread: [String]) -> Site {
        var unread = unread
        var docsDir = "docs"
        if let value = config["docs_dir"] {
            if let dir = value.string, value.tag == nil { docsDir = dir } else {
                unread.append("docs_dir is set from the environment (\(value.tag ?? "")); set site-root in .outline.toml")
            }
        }
        let root = FilePath.normalize(docsDir.hasPrefix("/") ? docsDir : directory + "/" + docsDir)
        var dialect = Dialect()
        // Python-Markdown, whatever the extensions: the last of two definitions of a label wins,
        // and a heading's slug avoids every id the page already has.
        dialect.lastDefinitionWins = true
        dialect.explicitIDsReservedFirst = true
        // MkDocs always loads Python-Markdown's `tables` (with `toc` and `fenced_code`).
        dialect.tables = .pythonMarkdown
        var features = ["docs_dir \(docsDir)"]
        var notes: [String] = []
        var templates = false
        var profile: SlugProfile? = .mkdocs
        var unknownSlugify: String? = nil
        var slugNote = "toc (default slugify)"
        for (name, options) in extensions(config["markdown_extensions"]) {
            switch name {
            case "toc":
                if let slugify = options?["slugify"] {
                    (profile, unknownSlugify) = MkDocsSite.profile(slugify)
                    slugNote = profile == .mkdocsMaterial ? "toc (pymdownx.slugs.slugify case=lower)" : "toc (\(unknownSlugify ?? "slugify"))"
                }
                continue
            case "attr_list":
                dialect.headingAttributes = true
                dialect.inlineAttributes = true
            case "footnotes":
                dialect.footnoteSeparator = options?["SEPARATOR"]?.string ?? ":"
            case "admonition": dialect.admonitions = true
            case "pymdownx.details": dialect.details = true
            case "pymdownx.tabbed":
                dialect.tabs = true
                dialect.tabbedIDs = true
                if let slugify = options?["slugify"] {
                    let (tabProfile, unknown) = MkDocsSite.profile(slugify)
                    if let tabProfile {
                        dialect.tabSlugs = tabProfile.rawValue
                        dialect.tabSlugsCombineHeader = options?["combine_header_slug"]?.bool ?? false
                    } else {
                        unread.append("pymdownx.tabbed's slugify (\(unknown ?? "unknown")): tabs are taken as numbered (__tabbed_1_1)")
                    }
                }
            case "md_in_html": dialect.markdownInHTML = true
            case "pymdownx.emoji": dialect.emojiShortcodes = true
            case "pymdownx.superfences": dialect.fenceAttributes = true
            case "pymdownx.caret": dialect.spanMarks += "^"
            case "pymdownx.tilde": dialect.spanMarks += "~"
            case "pymdownx.mark": dialect.spanMarks += "="
            case "mkdocs-click", "mkdocs_click": dialect.generatedBlocks = true
            case "pymdownx.snippets":
                dialect.snippets = true
            default: continue
            }
            features.append(name)
        }
        features.insert(slugNote, at: 1)
        if let hooks = config["hooks"]?.list, !hooks.isEmpty {
            dialect.hooks = true
            notes.append("hooks (\(hooks.compactMap(\.string).joined(separator: ", "))) may rewrite pages: in a page holding a comment they may fill, an unknown fragment no slug could be is skipped")
        }
        let directoryURLs = config["use_directory_urls"]?.bool ?? true
        features.insert(directoryURLs ? "use_directory_urls" : "use_directory_urls false", at: 1)
        var translations: TranslationLayout? = nil
        var staticI18n: StaticI18n? = nil
        for plugin in plugins(config["plugins"]) {
            switch plugin {
            case "blog", "material/blog", "tags", "material/tags":
                notes.append("the \(plugin) plugin generates pages outline does not know")
            case "macros":
                templates = true
                notes.append("the macros plugin fills {{ … }} in pages: destinations holding them are skipped")
            case "mkdocstrings":
                dialect.generatedBlocks = true
                features.append("mkdocstrings (::: blocks generate content)")
            case "i18n":
                let options = pluginOptions(config["plugins"], named: "i18n")
                translations = i18n(options, root: root)
                staticI18n = StaticI18n(options)
                // What changes where a page's links lead: a language not built, no fallback.
                let unbuilt = staticI18n.map { i18n in i18n.languages.filter { !i18n.built.contains($0) } } ?? []
                let builds = (unbuilt.isEmpty ? "" : "; not built: " + unbuilt.joined(separator: ", ")) + (staticI18n?.fallback == false ? "; no fallback_to_default" : "")
                features.append(translations.map { "i18n (\($0.isSuffixed ? "suffix" : "folder"): \(([$0.source] + $0.targets).map(\.language).joined(separator: ", "))\(builds))" } ?? "i18n")
            default: break
            }
        }
        var site = Site(generator: generator, config: path, contentRoot: root, profile: profile, dialect: dialect)
        site.unknownSlugify = unknownSlugify
        site.directoryURLs = directoryURLs
        site.features = features
        site.unread = unread
        site.notes = notes
        site.templates = templates
        site.translations = translations
        site.staticI18n = staticI18n
        return site
    }

    /// `markdown_extensions` as MkDocs takes it: names, or one-key mappings of a name to its
    /// options; `markdown.extensions.toc` is `toc`. MkDocs always loads `toc`.
    static func extensions(_ value: ConfigValue?) -> [(String, ConfigValue?)] {
        var found: [(String, ConfigValue?)] = []
        func add(_ name: String, _ options: ConfigValue?) {
            let short = name.hasPrefix("markdown.extensions.") ? String(name.dropFirst("markdown.extensions.".count)) : name
            found.removeAll { $0.0 == short }
            found.append((short, options))
        }
        if let items = value?.list {
            for item in items {
                if let name = item.string { add(name, nil) } else if let pairs = item.pairs { for pair in pairs { add(pair.key, pair.value) } }
            }
        } else if let pairs = value?.pairs {
            for pair in pairs { add(pair.key, pair.value) }
        }
        return found
    }

    /// A plugin's options (`- i18n: {…}`), nil when it has none.
    static func pluginOptions(_ value: ConfigValue?, named name: String) -> ConfigValue? {
        if let items = value?.list {
            for item in items { if let pairs = item.pairs, let first = pairs.first, first.key == name { return first.value } }
            return nil
        }
        return value?.pairs?.first { $0.key == name }?.value
    }

    /// mkdocs-static-i18n (format.md §17): `docs_structure: suffix` (the default: `page.fr.md` beside
    /// `page.md` or `page.en.md`) or `folder` (`docs/en/`, `docs/fr/`); `languages` with `locale`, the
    /// one marked `default: true` (else the first) the source. Before 1.0: `default_language` and
    /// `languages` as a mapping of locales to names.
    static func i18n(_ options: ConfigValue?, root: String) -> TranslationLayout? {
        var locales: [String] = []
        var source: String? = options?["default_language"]?.string
        if let languages = options?["languages"]?.list {
            locales = languages.compactMap { $0["locale"]?.string }
            source = source ?? languages.first { $0["default"]?.bool == true }?["locale"]?.string
        } else if let languages = options?["languages"]?.pairs {
            locales = languages.map(\.key)
        }
        guard let first = locales.first else { return nil }
        let sourceLocale = source ?? first
        let others = locales.filter { $0 != sourceLocale }
        guard !others.isEmpty else { return nil }
        if options?["docs_structure"]?.string == "folder" {
            return TranslationLayout(source: .init(language: sourceLocale, directory: root + "/" + sourceLocale),
                                     targets: others.map { .init(language: $0, directory: root + "/" + $0) })
        }
        return TranslationLayout(source: .init(language: sourceLocale, directory: root, suffixed: true),
                                 targets: others.map { .init(language: $0, directory: root, suffixed: true) })
    }

    /// The 1-based line where a top-level `key:` stands (1 when it stands nowhere).
    static func line(of key: String, in bytes: [UInt8]) -> Int {
        let prefix = Array((key + ":").utf8)
        var line = 1, start = 0
        for (i, c) in bytes.enumerated() where c == 10 {
            if bytes[start..<i].starts(with: prefix) { return line }
            line += 1
            start = i + 1
        }
        return bytes[start...].starts(with: prefix) ? line : 1
    }

    static func plugins(_ value: ConfigValue?) -> [String] {
        if let items = value?.list { return items.compactMap { $0.string ?? $0.pairs?.first?.key } }
        return value?.pairs?.map(\.key) ?? []
    }
}

extension ConfigValue {
    /// A mapping without `key`.
    func removing(_ key: String) -> ConfigValue {
        guard let pairs else { return self }
        return .map(pairs.filter { $0.key != key })
    }
}
