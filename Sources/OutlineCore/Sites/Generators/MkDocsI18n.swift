/// mkdocs-static-i18n 1.x as it builds a site (format.md §16): one MkDocs build per language, each
/// publishing the files of its language and, with `fallback_to_default` (its default), the default
/// language's files that have no translation, at the language's URLs (`/fr/guide/`). A page's
/// Markdown link or image is looked up as its `I18nFiles.get_file_from_path` looks: the page's
/// language's file first, then the default language's, then the path as written; a file of a
/// language the plugin does not build (`build: false`, or a locale-like suffix or folder it was not
/// configured with: `page.de.md`, `docs/de/`) is published by no build. Measured with
/// mkdocs-static-i18n 1.3.1 and MkDocs 1.6.1.
public struct StaticI18n: Sendable, Equatable {
    /// `docs_structure: folder` (`docs/en/`, `docs/fr/`), else `suffix` (`page.fr.md`).
    public var folder = false
    /// The language marked `default: true`: its pages are served from the site's root.
    public var defaultLanguage: String
    /// Every configured locale.
    public var languages: [String]
    /// The locales built (`build: true`, the default; `build_only_locale` builds one).
    public var built: Set<String>
    public var fallback = true

    /// The plugin's `RE_LOCALE`: a name it takes for a locale even when not configured (`de`,
    /// `pt-BR`, `zh_CN`).
    static func looksLikeLocale(_ s: String) -> Bool {
        func lower2(_ p: Substring) -> Bool { p.count == 2 && p.allSatisfy { $0.isASCII && $0.isLowercase } }
        if let underscore = s.firstIndex(of: "_") {
            let region = s[s.index(after: underscore)...]
            return lower2(s[..<underscore]) && region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase }
        }
        var parts = s.split(separator: "-", omittingEmptySubsequences: false)[...]
        guard let first = parts.popFirst(), lower2(first) else { return false }
        if let script = parts.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) { parts = parts.dropFirst() }
        if let region = parts.first, region.count == 2, region.allSatisfy({ $0.isASCII && $0.isUppercase }) { parts = parts.dropFirst() }
        return parts.isEmpty
    }

    /// The locale of a file (its path from `docs_dir`), and whether the path names it (the folder
    /// or the suffix), as `create_i18n_file` reads it.
    func locale(of relative: String) -> (locale: String, named: Bool) {
        if folder {
            let first = relative.split(separator: "/").first.map(String.init) ?? ""
            if relative.contains("/"), languages.contains(first) || StaticI18n.looksLikeLocale(first) { return (first, true) }
            return (defaultLanguage, false)
        }
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        // MkDocs' `File.name`: the file name without its extension; its last suffix is the locale.
        guard let dot = name.lastIndex(of: ".") else { return (defaultLanguage, false) }
        let stem = name[..<dot]
        guard let second = stem.lastIndex(of: "."), second != stem.startIndex else { return (defaultLanguage, false) }
        let suffix = String(stem[stem.index(after: second)...])
        return languages.contains(suffix) || StaticI18n.looksLikeLocale(suffix) ? (suffix, true) : (defaultLanguage, false)
    }

    /// The build a file's links are resolved in (its own language's), nil when no build publishes
    /// it as its own.
    func build(of relative: String) -> String? {
        let language = locale(of: relative).locale
        return built.contains(language) ? language : nil
    }

    /// Whether the build of `language` publishes a file of locale `locale` (a default-language file
    /// only where it has no translation: the candidates' order sees to that).
    private func publishes(_ locale: String, in language: String) -> Bool {
        locale == language || (locale == defaultLanguage && fallback && built.contains(language))
    }

    /// The files (from `docs_dir`) a link to `target` (from `docs_dir`) may reach in the build of
    /// `language`, in order: `get_file_from_path`'s candidates that build publishes, its own
    /// language's first.
    func candidates(_ target: String, in language: String) -> [String] {
        var tried: [String] = []
        if folder {
            let parts = target.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 2 && parts[0] == language {
                tried = [target] + (fallback ? [defaultLanguage + "/" + parts[1]] : []) + [parts[1]]
            } else if parts.count == 2 && parts[0] == defaultLanguage {
                tried = [target] + (fallback ? [language + "/" + parts[1]] : []) + [parts[1]]
            } else {
                tried = [language + "/" + target] + (fallback ? [defaultLanguage + "/" + target] : []) + [target]
            }
        } else {
            let name = target.split(separator: "/").last ?? ""
            if let dot = name.lastIndex(of: "."), dot != name.startIndex {
                let stem = target.dropLast(name.distance(from: dot, to: name.endIndex)), ext = name[dot...]
                tried = [stem + "." + language + ext, stem + "." + defaultLanguage + ext, target]
            } else {
                tried = [target + "." + language, target + "." + defaultLanguage, target]
            }
        }
        var seen = Set<String>()
        let published = tried.filter { seen.insert($0).inserted && publishes(locale(of: $0).locale, in: language) }
        return published.filter { locale(of: $0).locale == language } + published.filter { locale(of: $0).locale != language }
    }

    /// The path (from `docs_dir`) of a default-language file's translation into `language`: where
    /// it stands, that build publishes it rather than falling back to the file.
    func translation(of relative: String, in language: String) -> String {
        let named = locale(of: relative).named
        if folder { return language + "/" + (named ? String(relative.dropFirst(defaultLanguage.count + 1)) : relative) }
        guard let dot = relative.lastIndex(of: ".") else { return relative + "." + language }
        let stem = named ? relative[..<dot].dropLast(defaultLanguage.count + 1) : relative[..<dot]
        return stem + "." + language + relative[dot...]
    }

    /// The URL (from the site's root, no leading `/`) a file (from `docs_dir`) is served at in its
    /// own language's build: the language's directory (none for the default), then the page's URL
    /// without the locale's folder or suffix.
    func url(of relative: String, directoryURLs: Bool) -> String {
        let (language, named) = locale(of: relative)
        var plain = relative
        if named {
            if folder { plain = String(relative.dropFirst(language.count + 1)) } else if let dot = relative.lastIndex(of: ".") {
                let stem = relative[..<dot]
                plain = String(stem.dropLast(language.count + 1)) + relative[dot...]
            }
        }
        let served = LocalLink.isMarkdown(plain) ? SiteLinks.url(of: plain, directoryURLs: directoryURLs) : plain
        return (language == defaultLanguage ? "" : language + "/") + served
    }

    /// The files (from `docs_dir`) that may be served at `address` (from the site's root): the
    /// language its first segment names (else the default's), then that build's files there.
    func files(at address: String, directoryURLs: Bool) -> [String] {
        let parts = address.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var language = defaultLanguage, rest = address
        if parts.count == 2 || (parts.count == 1 && address.isEmpty == false), built.contains(parts[0]), parts[0] != defaultLanguage {
            language = parts[0]
            rest = parts.count == 2 ? parts[1] : ""
        }
        return SiteLinks.files(at: rest, directoryURLs: directoryURLs).flatMap { candidates($0, in: language) }
    }
}

extension StaticI18n {
    /// The plugin's options (`- i18n: {…}`): nil where they name no default language (or, before
    /// 1.0, `default_language` with `languages` as a mapping).
    init?(_ options: ConfigValue?) {
        var locales: [String] = [], built = Set<String>(), defaultLanguage: String? = options?["default_language"]?.string
        if let languages = options?["languages"]?.list {
            for language in languages {
                guard let locale = language["locale"]?.string else { continue }
                locales.append(locale)
                if language["build"]?.bool ?? true, locale != "null" { built.insert(locale) }
                if language["default"]?.bool == true { defaultLanguage = defaultLanguage ?? locale }
            }
        } else if let languages = options?["languages"]?.pairs {
            locales = languages.map(\.key)
            built = Set(locales)
        }
        if let only = options?["build_only_locale"]?.string, locales.contains(only) {
            built = [only]
            defaultLanguage = only
        }
        guard let defaultLanguage = defaultLanguage ?? locales.first, built.contains(defaultLanguage) || built.isEmpty else { return nil }
        self.init(folder: options?["docs_structure"]?.string == "folder", defaultLanguage: defaultLanguage, languages: locales,
                  built: built, fallback: options?["fallback_to_default"]?.bool ?? true)
    }
}
