/// `docusaurus.config.{js,ts,mjs}` as Docusaurus 3 reads it (format.md §16), read as literals
/// (`JSLiterals`), never run: the docs directories and their routes (the classic preset's `docs`
/// and every `@docusaurus/plugin-content-docs` instance: `path`, `routeBasePath`), the blog and
/// pages directories, `baseUrl`, `markdown.format` and `markdown.mdx1Compat`, `i18n.defaultLocale`
/// and `locales`. What is not a literal is said once with the `.outline.toml` key to set instead,
/// and Docusaurus' default taken; a configuration outline cannot read at all is a site of the
/// defaults (`docs/`, every file MDX).
enum DocusaurusSite {
    static func read(_ path: String, directory: String, bytes: [UInt8]) throws -> Site {
        let literals = JSLiterals(bytes)
        // Too deep to read (format.md §11): unreadable, said once, its files read without the site.
        if let line = literals.tooDeep { throw Diagnostic.error(.site, line: line, "cannot read the configuration: \(Nesting.tooDeep)").located(in: path) }
        let config = literals.exported?.pairs.map { ConfigValue.map($0) }
        var unread: [String] = []
        var features: [String] = []
        func absolute(_ p: String) -> String { FilePath.normalize(p.hasPrefix("/") ? p : directory + "/" + p) }
        func isExpression(_ v: ConfigValue?) -> Bool { v?.tag == JSLiterals.expression }
        if config == nil {
            unread.append("the exported configuration (docs/ taken, every file read as MDX); set site-root and slugs in .outline.toml, or site = \"none\"")
        }
        var baseURL = "/"
        if let value = config?["baseUrl"] {
            if let s = value.string { baseURL = s } else if isExpression(value) { unread.append("baseUrl is not a literal: '/' taken (routes are matched without it)") }
        }
        // markdown.format: `mdx` (the default) makes every file MDX; `detect` only `.mdx` files.
        var format = Site.MarkdownFormat.mdx
        if let value = config?["markdown"]?["format"] {
            if let s = value.string, let f = Site.MarkdownFormat(rawValue: s) { format = f } else {
                unread.append("markdown.format is not a literal: every file of the site read as MDX; set site = \"none\" in .outline.toml to read them as CommonMark")
            }
        }
        features.append("markdown.format \(format.rawValue)")
        let compat = config?["markdown"]?["mdx1Compat"]
        let headingIDs = compat?["headingIds"]?.bool ?? true, comments = compat?["comments"]?.bool ?? true
        features.append("mdx1Compat headingIds \(headingIDs), comments \(comments)")

        // i18n: the other locales' translations live under i18n/LOCALE/.
        var locales: [String] = []
        var defaultLocale = "en"
        if let i18n = config?["i18n"] {
            defaultLocale = i18n["defaultLocale"]?.string ?? "en"
            if let list = i18n["locales"]?.list { locales = list.compactMap(\.string).filter { $0 != defaultLocale } }
            else if isExpression(i18n["locales"]) { unread.append("i18n.locales is not a literal: translations under i18n/ are not read as the site's") }
            if isExpression(i18n["defaultLocale"]) { unread.append("i18n.defaultLocale is not a literal: 'en' taken") }
            features.append("i18n \(([defaultLocale] + locales).joined(separator: " "))")
        }

        var docs: [Site.DocsInstance] = []
        var others: [String] = []
        func docsInstance(_ options: ConfigValue?, id: String?) {
            if options?.untagged == .scalar("false", plain: true) { return }
            var dir = "docs", route = "docs"
            if let p = options?["path"] { if let s = p.string { dir = s } else { unread.append("the docs path is not a literal: docs/ taken; set site-root in .outline.toml") } }
            if let r = options?["routeBasePath"] { if let s = r.string { route = s } else { unread.append("the docs routeBasePath is not a literal: /docs taken") } }
            let root = absolute(dir)
            var instance = Site.DocsInstance(path: root, route: DocusaurusRoutes.key(DocusaurusRoutes.joined(["", route])))
            let plugin = id.map { $0 == "default" ? "docusaurus-plugin-content-docs" : "docusaurus-plugin-content-docs-\($0)" } ?? "docusaurus-plugin-content-docs"
            for locale in locales { instance.translations[locale] = absolute("i18n/\(locale)/\(plugin)/current") }
            docs.append(instance)
            features.append("docs \(dir) at \(instance.route.isEmpty ? "/" : instance.route)")
        }
        func blog(_ options: ConfigValue?, id: String?, kind: String, defaultPath: String) {
            if options?.untagged == .scalar("false", plain: true) { return }
            let dir = options?["path"]?.string ?? defaultPath
            others.append(absolute(dir))
            let plugin = "docusaurus-plugin-content-\(kind)" + (id.map { $0 == "default" ? "" : "-\($0)" } ?? "")
            for locale in locales { others.append(absolute("i18n/\(locale)/\(plugin)")) }
        }
        let presets = config?["presets"]?.list ?? []
        for preset in presets {
            let name = preset.string ?? preset.list?.first?.string
            guard let name, ["classic", "@docusaurus/preset-classic", "docusaurus-preset-classic"].contains(name) else {
                if name == nil { unread.append("a preset that is not a literal: its docs, if any, are not read") }
                continue
            }
            let options = preset.list?.dropFirst().first
            docsInstance(options?["docs"], id: nil)
            blog(options?["blog"], id: nil, kind: "blog", defaultPath: "blog")
            blog(options?["pages"], id: nil, kind: "pages", defaultPath: "src/pages")
        }
        for plugin in config?["plugins"]?.list ?? [] {
            let name = plugin.string ?? plugin.list?.first?.string
            let options = plugin.list?.dropFirst().first
            switch name {
            case "content-docs", "@docusaurus/plugin-content-docs", "docusaurus-plugin-content-docs":
                docsInstance(options, id: options?["id"]?.string)
            case "content-blog", "@docusaurus/plugin-content-blog", "docusaurus-plugin-content-blog":
                blog(options, id: options?["id"]?.string, kind: "blog", defaultPath: "blog")
            case "content-pages", "@docusaurus/plugin-content-pages", "docusaurus-plugin-content-pages":
                blog(options, id: options?["id"]?.string, kind: "pages", defaultPath: "src/pages")
            default:
                if plugin.tag == JSLiterals.expression || (plugin.list != nil && name == nil) {
                    unread.append("a plugin that is not a literal: docs it adds, if any, are not read")
                }
            }
        }
        if config == nil {
            docsInstance(nil, id: nil)
            blog(nil, id: nil, kind: "blog", defaultPath: "blog")
            blog(nil, id: nil, kind: "pages", defaultPath: "src/pages")
        }
        if docs.isEmpty { docsInstance(nil, id: nil); features.removeLast(); features.append("no docs plugin (docs/ taken)") }
        var dialect = Dialect()
        dialect.mdx = false   // per file: `Site.readsAsMDX`
        var site = Site(generator: .docusaurus, config: path, contentRoot: docs[0].path, profile: .docusaurus, dialect: dialect)
        site.markdownFormat = format
        site.docs = docs
        site.otherRoots = others
        // Translations (format.md §17): the first docs instance's `current` of each locale.
        if !docs[0].translations.isEmpty {
            site.translations = TranslationLayout(source: .init(language: defaultLocale, directory: docs[0].path),
                                                  targets: docs[0].translations.sorted { $0.key < $1.key }.map { .init(language: $0.key, directory: $0.value) })
        }
        site.baseURL = baseURL
        site.features = features
        site.unread = Array(unread.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
        return site
    }
}

/// How Docusaurus routes a doc (`@docusaurus/plugin-content-docs` 3: `docs.ts`, `slug.ts`,
/// `numberPrefix.ts`; their tests `slug.test.ts` and `numberPrefix.test.ts` are this code's tests'
/// vectors): a file's route is its directory, number prefixes stripped, and its id (front matter
/// `id`, else the file name without its number prefix), or front matter `slug` resolved against the
/// directory; an index (`index`, `readme` or the directory's own name) is its directory's route.
public enum DocusaurusRoutes {
    /// The route of the doc at `relative` (from its docs directory), under `base` (`/docs`).
    public static func route(of relative: String, id: String?, slug: String?, base: String) -> String {
        joined([base, self.slug(of: relative, id: id, slug: slug)])
    }

    /// The doc's slug (`getSlug`): from the docs directory's route, starting with `/`.
    public static func slug(of relative: String, id: String?, slug frontMatterSlug: String?) -> String {
        var parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let file = parts.popLast() ?? ""
        let fileName = stem(file)
        let directory = parts.isEmpty ? "." : parts.joined(separator: "/")
        if let s = frontMatterSlug, s.hasPrefix("/") { return s }
        let directorySlug = directory == "." ? "/" : "/" + parts.map(stripNumberPrefix).joined(separator: "/") + "/"
        let eligible = ["index", "readme", (parts.last ?? ".").lowercased()]
        if frontMatterSlug == nil && eligible.contains(fileName.lowercased()) { return directorySlug }
        return resolvePathname(frontMatterSlug ?? id ?? stripNumberPrefix(fileName), from: directorySlug)
    }

    /// A file name without its extension (`path.parse(source).name`).
    static func stem(_ file: String) -> String {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// `DefaultNumberPrefixParser`: `01-Intro`, `1 - Intro`, `001___Intro`, `2. Intro` lose their
    /// number; date-like and version-like names (`2021-01-31 - Doc`, `8.0 - Doc`: digits, a
    /// separator, digits) keep it.
    public static func stripNumberPrefix(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var k = 0
        while k < scalars.count, scalars[k].properties.numericType == .decimal, scalars[k].isASCII { k += 1 }
        guard k > 0 else { return name }
        let separators: Set<Unicode.Scalar> = ["-", "_", "."]
        // Digits, one separator, digits: a date or a version.
        if k < scalars.count, separators.contains(scalars[k]), k + 1 < scalars.count, scalars[k + 1].isASCII, ("0"..."9").contains(scalars[k + 1]) {
            return name
        }
        var j = k
        while j < scalars.count, scalars[j].properties.isWhitespace { j += 1 }
        let runStart = j
        while j < scalars.count, separators.contains(scalars[j]) { j += 1 }
        guard j > runStart else { return name }
        while j < scalars.count, scalars[j].properties.isWhitespace { j += 1 }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[j...])
        return String(out)
    }

    /// `resolve-pathname`, as `getSlug` calls it: `to` resolved against the directory route `from`
    /// (`/dir/`); `..` never leaves `/`; a trailing `/`, `.` or `..` keeps a trailing slash.
    public static func resolvePathname(_ to: String, from: String) -> String {
        var parts = to.hasPrefix("/") ? [] : from.split(separator: "/", omittingEmptySubsequences: false).map(String.init).dropLast()
        let toParts = to.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts += to.hasPrefix("/") ? toParts : toParts
        let last = parts.last ?? ""
        let trailing = last == "." || last == ".." || last == ""
        var stack: [String] = []
        for part in parts where !part.isEmpty {
            if part == "." { continue }
            if part == ".." { if !stack.isEmpty { stack.removeLast() }; continue }
            stack.append(part)
        }
        var result = "/" + stack.joined(separator: "/")
        if trailing && !result.hasSuffix("/") { result += "/" }
        return result
    }

    /// `normalizeUrl` of route pieces: joined by one `/`, a trailing `/` kept from the last piece;
    /// `` for the root (`/`).
    public static func joined(_ pieces: [String]) -> String {
        let joined = pieces.filter { !$0.isEmpty }.joined(separator: "/")
        var parts = joined.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let trailing = joined.hasSuffix("/") && !parts.isEmpty
        if parts.isEmpty { return joined.contains("/") ? "/" : "" }
        var result = "/" + parts.joined(separator: "/")
        if trailing { result += "/" }
        parts.removeAll()
        return result
    }

    /// A route as links are compared with it: no trailing slash (Docusaurus' router matches a
    /// route with or without one), `` for the root.
    public static func key(_ route: String) -> String {
        var r = route
        while r.hasSuffix("/") { r.removeLast() }
        return r
    }

    /// Front matter `id` and `slug` of a doc (YAML between `---` lines at its top).
    public static func frontMatter(_ bytes: [UInt8]) -> (id: String?, slug: String?) {
        let source = Source(bytes)
        let lines = FrontMatter.lineCount(in: source)
        guard lines > 2, FrontMatter.trimmedTrailing(source.content(0)).elementsEqual("---".utf8) else { return (nil, nil) }
        let text = Array(source.bytes[source.lineStarts[1]..<source.lineStarts[lines - 1]])
        guard let yaml = try? ConfigValue.yaml(text) else { return (nil, nil) }
        return (yaml["id"]?.string, yaml["slug"]?.string)
    }
}

/// Every doc of a Docusaurus site by its route, and every doc's route: what links by route resolve
/// against (format.md §16). Files are named as the caller names them. Partials (`_name.md`, files
/// under `_dir/`) are not routed, as the docs plugin's default `exclude` leaves them out.
public struct DocusaurusRouteTable: Sendable {
    /// A route's key (`DocusaurusRoutes.key`) → the docs served there.
    private var byRoute: [String: [String]] = [:]
    /// A doc → its route.
    private var byFile: [String: String] = [:]
    /// A doc → its front matter's `id` and `slug`; each docs directory with its route.
    private var fronts: [String: (id: String?, slug: String?)] = [:]
    private var instances: [(root: String, route: String)] = []

    /// `list`: the Markdown files under a directory (absolute); `read`: a file's bytes.
    public init(_ site: Site, canonical: (String) -> String, list: (String) -> [String], read: (String) -> [UInt8]?) {
        for instance in site.docs {
            let root = canonical(instance.path)
            instances.append((root, instance.route))
            for file in list(instance.path).map(canonical) {
                guard SiteLinks.inside(file, root), file != root else { continue }
                let relative = root == "." ? file : String(file.dropFirst(root.count + 1))
                if relative.split(separator: "/").contains(where: { $0.hasPrefix("_") }) { continue }
                let front: (id: String?, slug: String?) = read(file).map(DocusaurusRoutes.frontMatter) ?? (nil, nil)
                let route = DocusaurusRoutes.route(of: relative, id: front.id, slug: front.slug, base: instance.route)
                byRoute[DocusaurusRoutes.key(route), default: []].append(file)
                byFile[file] = route
                fronts[file] = front
            }
        }
        suggestions = Suggestion.Candidates(byRoute.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// The route the doc now at `new` had when it stood at `old` (its front matter as it is now).
    public func route(ofFormer old: String, now new: String) -> String? {
        guard let front = fronts[new], let instance = instances.first(where: { SiteLinks.inside(old, $0.root) && old != $0.root }) else { return nil }
        let relative = instance.root == "." ? old : String(old.dropFirst(instance.root.count + 1))
        return DocusaurusRoutes.route(of: relative, id: front.id, slug: front.slug, base: instance.route)
    }

    public func files(at route: String) -> [String] { byRoute[DocusaurusRoutes.key(route)] ?? [] }
    public func route(of file: String) -> String? { byFile[file] }
    /// Every route key in byte order, for "did you mean".
    public var routes: [String] { suggestions.names }
    /// Every route key, in byte order, prepared for "did you mean" (asked once for each broken link).
    public private(set) var suggestions = Suggestion.Candidates([])
}

extension SiteLinks {
    /// Docusaurus 3: a Markdown link to a `.md`/`.mdx` file resolves from the file's directory, then
    /// from the docs directory (its translation first: `replaceMarkdownLinks` of `@docusaurus/utils`);
    /// every other link (raw HTML and JSX `href`s too) is a URL, resolved against the page's route as
    /// a browser does and matched to the docs routed there (`baseUrl` optional); a route under no
    /// docs directory (a blog post, a React page) is skipped, a file name with an extension looked
    /// for under `static/`.
    static func docusaurus(_ site: Site, file: String, root: String, routes: DocusaurusRouteTable?,
                           canonical: (String) -> String = { $0 }) -> LinkRules {
        // The docs instance (and translation) the file is in.
        var instance: (root: String, translation: String?, docs: String)? = nil
        for docs in site.docs {
            let docsRoot = canonical(docs.path)
            if inside(file, docsRoot) { instance = (docsRoot, nil, docsRoot); break }
            for path in docs.translations.values.map(canonical) where inside(file, path) { instance = (path, path, docsRoot) }
            if instance != nil { break }
        }
        let siteDirectory = canonical(String(site.config[..<(site.config.lastIndex(of: "/") ?? site.config.startIndex)]))
        func translated(_ files: [String]) -> [String] {
            guard let instance, let translation = instance.translation else { return files }
            return files.flatMap { f -> [String] in
                inside(f, instance.docs) ? [join(translation, String(f.dropFirst(instance.docs == "." ? 0 : instance.docs.count + 1))), f] : [f]
            }
        }
        let pageRoute: String = {
            guard let instance else { return "/" }
            let own = instance.translation.map { t in join(instance.docs, String(file.dropFirst(t == "." ? 0 : t.count + 1))) } ?? file
            return routes?.route(of: own) ?? "/"
        }()
        var rules = LinkRules(resolve: { link in
            if !link.inHTML && (link.path.lowercased().hasSuffix(".md") || link.path.lowercased().hasSuffix(".mdx")) {
                if link.path.hasPrefix("/") { return .paths([join(instance?.docs ?? root, String(link.path.dropFirst()))]) }
                var candidates = [LocalLink.resolve(link.path, from: file, root: root)]
                if let instance {
                    if let t = instance.translation { candidates.append(join(t, link.path)) }
                    candidates.append(join(instance.docs, link.path))
                }
                return .paths(candidates)
            }
            guard let routes else { return .paths([LocalLink.resolve(link.path, from: file, root: root)]) }
            var path = link.path
            if !path.hasPrefix("/") {
                guard let resolved = resolveURL(path, against: String(pageRoute.dropFirst())) else { return .broken(.notPublished, "it leads above the site's root") }
                path = "/" + resolved
            } else if site.baseURL != "/", let inside = FilePath.below(DocusaurusRoutes.key(site.baseURL), path), !inside.isEmpty {
                path = "/" + inside
            }
            let found = routes.files(at: path)
            if !found.isEmpty { return .paths(translated(found)) }
            let key = DocusaurusRoutes.key(path)
            if let docs = site.docs.first(where: { $0.route.isEmpty || FilePath.contains($0.route, key) }) {
                let name = path.split(separator: "/").last.map(String.init) ?? ""
                if docs.route.isEmpty && name.contains(".") { return .paths([join(join(siteDirectory, "static"), String(path.dropFirst()))]) }
                let closest = routes.suggestions.nearest(key)
                return .broken(.notPublished, "no doc of the site is routed at \(path)" + (closest.map { " (did you mean \($0.isEmpty ? "/" : $0)?)" } ?? ""))
            }
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            if name.contains(".") { return .paths([join(join(siteDirectory, "static"), String(path.dropFirst()))]) }
            return .skip(.routeOutsideDocs)
        }, unmatchedFragment: { _, _ in nil })
        // A route stays a route: the target doc's (its source's, for a translation), written from
        // the site's base URL when the link was.
        rules.formerTarget = { link, renamed in
            guard link.inHTML || !(link.path.lowercased().hasSuffix(".md") || link.path.lowercased().hasSuffix(".mdx")), let routes else { return nil }
            var path = link.path
            if !path.hasPrefix("/") {
                guard let resolved = resolveURL(path, against: String(pageRoute.dropFirst())) else { return nil }
                path = "/" + resolved
            } else if site.baseURL != "/", let inside = FilePath.below(DocusaurusRoutes.key(site.baseURL), path), !inside.isEmpty {
                path = "/" + inside
            }
            let key = DocusaurusRoutes.key(path)
            return renamed.first { routes.route(ofFormer: $0.key, now: $0.value).map(DocusaurusRoutes.key) == key }?.value
        }
        rules.rewrite = { link, target, fragment in
            var own = target
            if let instance, let t = instance.translation, inside(target, t) { own = join(instance.docs, String(target.dropFirst(t == "." ? 0 : t.count + 1))) }
            guard let route = routes?.route(of: own) else { return nil }
            let base = site.baseURL != "/" && link.path.hasPrefix(DocusaurusRoutes.key(site.baseURL)) ? DocusaurusRoutes.key(site.baseURL) : ""
            return url(route, writtenLike: link, fromPage: pageRoute, fragment: fragment, base: base)
        }
        return rules
    }
}
