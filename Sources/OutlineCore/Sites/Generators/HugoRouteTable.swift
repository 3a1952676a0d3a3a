/// Every page of a Hugo site by the URL it is published at (aliases too), and every page's URL:
/// what links by URL resolve against (format.md §16). Files named as the caller names them.
public struct HugoRouteTable: Sendable {
    private var byURL: [String: [String]] = [:]
    private var byFile: [String: String] = [:]
    /// Each URL key as first published (`/guide/`, `/page.html`).
    private var served: [String: String] = [:]
    /// Each page's language, by its URL prefix (`/fr`; `` for the default language's).
    private var languageOf: [String: String] = [:]
    /// Pages by content path as `GetPage` finds them: language prefix, then the path lowercased,
    /// without extension, `index` or `_index` (`/guide/install`, `/fr/guide`).
    private var byPath: [String: [String]] = [:]
    /// The top-level sections (`prefix`, NUL, `/posts`), each a page Hugo makes without a file when
    /// it has no `_index.md`.
    private(set) var topSections = Set<String>()
    /// Pages by their content path's last segment (`install`, a bundle's or section's directory),
    /// per language: what `ref` finds by a bare name.
    private(set) var byName: [String: [String]] = [:]
    /// Files Hugo renders no page for (`build.render: never`, `headless`, or under a section cascading it).
    private var unrenderedFiles = Set<String>()
    /// The content directories, as the caller names them, with their language's URL prefix.
    public private(set) var roots: [(dir: String, prefix: String)] = []
    /// Each page's front matter, and how the site publishes pages: a page's URL at another path.
    private var fronts: [String: HugoRoutes.PageMeta] = [:]
    private var settings = HugoSettings()
    private var languageCodes: [String] = []
    /// Every URL key in byte order: the pages below a URL are one run of it.
    private var sortedURLs: [[UInt8]] = []
    /// Every URL key, in that order, for "did you mean" (asked once for each broken link).
    public private(set) var suggestions = Suggestion.Candidates([])

    public init(_ site: Site, canonical: (String) -> String, list: (String) -> [String], read: (String) -> [UInt8]?) {
        guard let settings = site.hugo else { return }
        self.settings = settings
        let languages = settings.languages.isEmpty ? [HugoSettings.Language(code: "", contentDir: site.contentRoot, prefix: "")] : settings.languages
        languageCodes = settings.suffixedLanguages.isEmpty ? [] : languages.map(\.code)
        var listed = Set<String>()
        var unrenderedBelow: [String] = []
        for language in languages {
            let root = canonical(language.contentDir)
            roots.append((root, language.prefix))
            guard listed.insert(root + "\u{0}" + language.code).inserted else { continue }
            let suffixed = !settings.suffixedLanguages.isEmpty
            var pages: [(file: String, relative: String, front: HugoRoutes.PageMeta)] = []
            for file in list(language.contentDir).map(canonical) {
                guard SiteLinks.inside(file, root), file != root else { continue }
                var relative = root == "." ? file : String(file.dropFirst(root.count + 1))
                if suffixed {
                    let (stem, suffix) = TranslationLayout.languageSuffix(of: relative, among: languages.map(\.code))
                    if (suffix ?? languages[0].code) != language.code { continue }
                    relative = stem
                }
                pages.append((file, relative, read(file).map(HugoRoutes.frontMatter) ?? .init()))
            }
            // Each section's `slug`, before any page's URL: it moves the pages under it.
            var sectionSlugs: [String: String] = [:]
            for page in pages {
                guard let slug = page.front.slug, page.relative.split(separator: "/").last?.hasPrefix("_index.") == true else { continue }
                let section = page.relative.split(separator: "/").dropLast().joined(separator: "/")
                if !section.isEmpty { sectionSlugs[section] = slug }
            }
            for (file, relative, front) in pages {
                if front.unrenderedBelow, relative.hasSuffix("_index.md") {
                    let section = String(relative.dropLast("_index.md".count))
                    unrenderedBelow.append(root == "." ? section : root + "/" + section)
                }
                if front.unrendered { unrenderedFiles.insert(file) }
                // The language apart from the path: an English page's `/fr/installer` is no
                // content path of the French `installer.md`.
                let key = HugoRouteTable.contentKey(relative)
                byPath[language.prefix + "\u{0}" + key, default: []].append(file)
                byName[language.prefix + "\u{0}" + (key.split(separator: "/").last.map(String.init) ?? ""), default: []].append(file)
                // Hugo makes a page for every top-level section, `_index.md` or not: `ref "posts"`
                // finds it.
                if let top = key.split(separator: "/").first, key.split(separator: "/").count > 1 {
                    topSections.insert(language.prefix + "\u{0}/" + top)
                }
                let url = HugoRoutes.url(of: relative, front: front, settings: settings, prefix: language.prefix, sectionSlugs: sectionSlugs)
                add(url, file)
                byFile[file] = url
                languageOf[file] = language.prefix
                fronts[file] = front
                let base = url.hasSuffix("/") ? String(url.dropLast()) : url
                let parent = base.split(separator: "/").dropLast().joined(separator: "/")
                for alias in front.aliases {
                    add(alias.hasPrefix("/") ? language.prefix + alias : "/" + (parent.isEmpty ? "" : parent + "/") + alias, file)
                }
            }
        }
        cascade(unrenderedBelow)
        // A page Hugo renders nothing for is served at no URL: no link by URL reaches it, and no
        // "did you mean" names it (`GetPage` still finds it: `byPath`).
        if !unrenderedFiles.isEmpty {
            byURL = byURL.compactMapValues { files in
                let rendered = files.filter { !unrenderedFiles.contains($0) }
                return rendered.isEmpty ? nil : rendered
            }
        }
        let keys = byURL.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        sortedURLs = keys.map { Array($0.utf8) }
        suggestions = Suggestion.Candidates(keys)
    }

    /// A cascade is the section's, whatever order the files were listed in.
    private mutating func cascade(_ below: [String]) {
        for file in byFile.keys where below.contains(where: { file.hasPrefix($0) }) { unrenderedFiles.insert(file) }
    }

    /// A content path (from its language's content directory) as `GetPage` compares it.
    static func contentKey(_ relative: String) -> String {
        // As Hugo normalizes a page's path: lowercased, a space a `-` (`docs/my setup.md` and
        // `docs/my-setup` are one page to `GetPage` and `ref`, measured with hugo 0.168).
        var parts = relative.lowercased().replacingAll(" ", with: "-").split(separator: "/").map(String.init)
        if var last = parts.popLast() {
            if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
            if last != "index" && last != "_index" { parts.append(last) }
        }
        return "/" + parts.joined(separator: "/")
    }

    private mutating func add(_ url: String, _ file: String) {
        let key = HugoRouteTable.key(url)
        byURL[key, default: []].append(file)
        if served[key] == nil { served[key] = url.hasPrefix("/") ? url : "/" + url }
    }

    /// A URL key as the site serves it, for "did you mean": with its trailing `/`, or as an
    /// `uglyURLs` page, a front matter `url` or an alias wrote it (`/page.html`).
    public func served(_ key: String) -> String {
        served[key] ?? key + "/"
    }

    /// A URL as compared: no trailing `/` nor `index.html`.
    static func key(_ url: String) -> String {
        var u = url
        if u.hasSuffix("/index.html") { u.removeLast("index.html".count) }
        while u.hasSuffix("/") { u.removeLast() }
        return u
    }

    public func files(at url: String) -> [String] { byURL[HugoRouteTable.key(url)] ?? [] }
    /// The pages `GetPage` finds at a content path (`/guide/install`, case ignored), in a language.
    public func pages(atPath path: String, prefix: String = "") -> [String] {
        byPath[prefix + "\u{0}" + HugoRouteTable.contentKey(path.hasSuffix("/") ? String(path.dropLast()) : path)] ?? []
    }
    /// The content path (`contentKey`, with its language's prefix) the page now at `new` had when
    /// it stood at `old`, and its last segment: what a `ref` written before the move named.
    public func contentKey(ofFormer old: String) -> (prefix: String, key: String)? {
        guard let root = roots.filter({ SiteLinks.inside(old, $0.dir) && old != $0.dir }).max(by: { $0.dir.count < $1.dir.count }) else { return nil }
        var relative = root.dir == "." ? old : String(old.dropFirst(root.dir.count + 1))
        if !languageCodes.isEmpty { relative = TranslationLayout.languageSuffix(of: relative, among: languageCodes).0 }
        return (root.prefix, HugoRouteTable.contentKey(relative))
    }

    /// Hugo renders no page for the file: its text is included elsewhere, if anywhere.
    public func isUnrendered(_ file: String) -> Bool { unrenderedFiles.contains(file) }
    public func url(of file: String) -> String? { byFile[file] }
    /// The URL prefix of the page's language (`/fr`), nil for a file that is no page.
    public func languagePrefix(of file: String) -> String? { languageOf[file] }
    /// The URL the page now at `new` was published at when it stood at `old` (its front matter as
    /// it is now).
    public func url(ofFormer old: String, now new: String) -> String? {
        guard let front = fronts[new], let root = roots.filter({ SiteLinks.inside(old, $0.dir) && old != $0.dir }).max(by: { $0.dir.count < $1.dir.count }) else { return nil }
        var relative = root.dir == "." ? old : String(old.dropFirst(root.dir.count + 1))
        if !languageCodes.isEmpty { relative = TranslationLayout.languageSuffix(of: relative, among: languageCodes).0 }
        return HugoRoutes.url(of: relative, front: front, settings: settings, prefix: root.prefix)
    }
    /// Every URL key, in byte order.
    public var urls: [String] { suggestions.names }

    /// Whether a page is published below the URL `key` (a key of `key`'s form, not empty): the
    /// first key after it in byte order that starts with `key/`.
    public func hasPage(below key: String) -> Bool {
        guard !key.isEmpty else { return false }
        let prefix = Array(key.utf8) + [UInt8(ascii: "/")]
        var lo = 0, hi = sortedURLs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sortedURLs[mid].lexicographicallyPrecedes(prefix) { lo = mid + 1 } else { hi = mid }
        }
        return lo < sortedURLs.count && sortedURLs[lo].starts(with: prefix)
    }
}
