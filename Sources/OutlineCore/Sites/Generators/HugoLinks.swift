/// Where Hugo publishes a content file (format.md §16): its path (`section/page.md` at
/// `/section/page/`, a leaf bundle's `index.md` and a section's `_index.md` at their directory),
/// lowercased as Hugo makes paths; front matter `url` (as written), `slug` (the last segment) and
/// the configuration's `permalinks` pattern of the page's section; `uglyURLs` (`/section/page.html`);
/// the language's prefix (`/fr`).
public enum HugoRoutes {
    public struct PageMeta: Sendable, Equatable {
        public var slug: String? = nil
        public var url: String? = nil
        public var title: String? = nil
        public var date: String? = nil
        public var aliases: [String] = []
        /// `build.render: never` or `headless: true`: Hugo publishes no page for the file.
        public var unrendered = false
        /// `cascade.build.render: never` (a section's `_index.md`): nor for any file under it.
        public var unrenderedBelow = false
        public init(slug: String? = nil, url: String? = nil, title: String? = nil, date: String? = nil, aliases: [String] = [],
                    unrendered: Bool = false, unrenderedBelow: Bool = false) {
            self.slug = slug; self.url = url; self.title = title; self.date = date; self.aliases = aliases
            self.unrendered = unrendered; self.unrenderedBelow = unrenderedBelow
        }
    }

    /// The URL (from the site's root, starting and, but for `uglyURLs` pages, ending with `/`) of the
    /// content file at `relative` (from its language's content directory, its language suffix gone).
    /// `sectionSlugs`: the `slug` of each section's `_index.md`, by the section's path (`guide/deep`),
    /// which current Hugo (0.168; not 0.111) publishes the section and every page under it at.
    public static func url(of relative: String, front: PageMeta, settings: HugoSettings, prefix: String = "", sectionSlugs: [String: String] = [:]) -> String {
        var dirs = relative.split(separator: "/").map(String.init)
        let file = dirs.popLast() ?? ""
        let stem = file.contains(".") ? String(file[..<file.lastIndex(of: ".")!]) : file
        if var url = front.url {
            if !url.hasPrefix("/") { url = "/" + url }
            return prefix + url
        }
        let list = stem == "_index"
        let bundle = stem == "index"
        var name = bundle ? (dirs.popLast() ?? "") : stem
        let section = dirs.first ?? ""
        if !list, let pattern = settings.permalinks[section] ?? (dirs.isEmpty ? settings.permalinks["/"] : nil) {
            return prefix + expand(pattern, dirs: dirs, name: name, front: front)
        }
        if list, let pattern = settings.sectionPermalinks[section] {
            return prefix + expand(pattern, dirs: Array(dirs.dropLast()), name: dirs.last ?? "", front: front)
        }
        if !list, let slug = front.slug { name = slug }
        let keepCase = !settings.lowercasePaths
        func segment(_ s: String) -> String { keepCase ? HugoRoutes.sanitize(s) : HugoRoutes.lower(s) }
        if !sectionSlugs.isEmpty {
            dirs = dirs.indices.map { k in sectionSlugs[dirs[...k].joined(separator: "/")] ?? dirs[k] }
        }
        let path = (dirs.map(segment) + (list ? [] : [segment(name)])).joined(separator: "/")
        if path.isEmpty { return prefix + "/" }
        if settings.uglyURLs && !list { return prefix + "/" + path + ".html" }
        return prefix + "/" + path + "/"
    }

    /// Hugo's `MakePath`: `sanitize`d, then lowercased.
    static func lower(_ segment: String) -> String { sanitize(segment).lowercased() }

    /// Hugo's `UnicodeSanitize` (helpers/path.go): letters, digits, marks and `. / \ _ # + ~ - @`
    /// kept (`%` before two hex digits too), a run of white space between kept characters one `-`
    /// (none after a `-`), everything else dropped: `say "hi"` is `say-hi`, `a+b (x)` is `a+b-x`.
    static func sanitize(_ segment: String) -> String {
        // A segment of ASCII letters, digits and `._-` (nearly every file and directory name) is kept
        // as it is: every page's URL is made from its path.
        if segment.utf8.allSatisfy({ b in ASCII.isDigit(b) || (b | 0x20) >= 97 && (b | 0x20) <= 122 || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") }) {
            return segment
        }
        let scalars = Array(segment.unicodeScalars)
        var out = String.UnicodeScalarView()
        var hyphenPending = false, wasHyphen = false
        func isHex(_ k: Int) -> Bool { k < scalars.count && scalars[k].properties.isASCIIHexDigit }
        for (k, r) in scalars.enumerated() {
            let category = r.properties.generalCategory
            var allowed = ".\\/_#+~-@".unicodeScalars.contains(r)
            allowed = allowed || [.decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark].contains(category)
                || [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(category)
            allowed = allowed || (r == "%" && isHex(k + 1) && isHex(k + 2))
            if allowed {
                wasHyphen = r == "-"
                if hyphenPending { if !wasHyphen { out.append("-") }; hyphenPending = false }
                out.append(r)
            } else if !out.isEmpty && !wasHyphen && r.properties.isWhitespace {
                hyphenPending = true
            }
        }
        return String(out)
    }

    /// Hugo's `urlize` of a title: lowercased, runs of what is not a letter, digit, `-`, `_` or `.` made one `-`.
    static func urlize(_ text: String) -> String {
        var out = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" || ch == "." { out.append(ch) } else if out.last != "-" { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        while out.hasPrefix("-") { out.removeFirst() }
        return out
    }

    /// A `permalinks` pattern filled: `:year` `:month` `:day` (front matter `date`), `:section`,
    /// `:sections`, `:title`, `:slug`, `:filename`, `:slugorfilename`, `:contentbasename`.
    static func expand(_ pattern: String, dirs: [String], name: String, front: PageMeta) -> String {
        let date = front.date.map { $0.split(whereSeparator: { !$0.isNumber }).map(String.init) } ?? []
        let values: [String: String] = [
            "year": date.first ?? "", "month": date.count > 1 ? date[1] : "", "day": date.count > 2 ? date[2] : "",
            "section": lower(dirs.first ?? ""), "sections": dirs.map(lower).joined(separator: "/"),
            "title": urlize(front.title ?? name), "slug": front.slug ?? urlize(front.title ?? name), "filename": lower(name),
            "slugorfilename": front.slug ?? lower(name), "contentbasename": lower(name), "slugorcontentbasename": front.slug ?? lower(name),
        ]
        var out = ""
        var k = pattern.startIndex
        while k < pattern.endIndex {
            if pattern[k] == ":" {
                var end = pattern.index(after: k)
                while end < pattern.endIndex, pattern[end].isLetter { end = pattern.index(after: end) }
                let token = String(pattern[pattern.index(after: k)..<end])
                if let value = values[token] { out += value; k = end; continue }
            }
            out.append(pattern[k])
            k = pattern.index(after: k)
        }
        if !out.hasPrefix("/") { out = "/" + out }
        return out
    }

    /// Front matter of a content file: YAML between `---` lines, or TOML between `+++` lines.
    public static func frontMatter(_ bytes: [UInt8]) -> PageMeta {
        let source = Source(bytes)
        let lines = source.lineCount
        guard lines > 1 else { return PageMeta() }
        let first = Array(FrontMatter.trimmedTrailing(source.content(0)))
        let fence: [UInt8]
        if first.elementsEqual("---".utf8) { fence = first } else if first.elementsEqual("+++".utf8) { fence = first } else { return PageMeta() }
        var end = 1
        while end < lines, !Array(FrontMatter.trimmedTrailing(source.content(end))).elementsEqual(fence) { end += 1 }
        guard end < lines else { return PageMeta() }
        let text = Array(source.bytes[source.lineStarts[1]..<source.lineStarts[end]])
        guard let value = try? (fence.first == UInt8(ascii: "+") ? ConfigValue.toml(text) : ConfigValue.yaml(text)) else { return PageMeta() }
        let aliases = HugoSite.get(value, "aliases")
        func never(_ v: ConfigValue?) -> Bool {
            HugoSite.get(v, ["build", "render"])?.string == "never" || HugoSite.get(v, ["_build", "render"])?.string == "never"
        }
        let cascade = HugoSite.get(value, "cascade")
        return PageMeta(slug: HugoSite.get(value, "slug")?.string, url: HugoSite.get(value, "url")?.string,
                        title: HugoSite.get(value, "title")?.string, date: HugoSite.get(value, "date")?.string,
                        aliases: aliases?.list?.compactMap(\.string) ?? aliases?.string.map { [$0] } ?? [],
                        unrendered: never(value) || HugoSite.get(value, "headless")?.bool == true,
                        unrenderedBelow: never(cascade) || (cascade?.list?.contains(where: never) ?? false))
    }
}

extension SiteLinks {
    /// Hugo: a link to a `.md` file resolves from the file (a leading `/` from the content
    /// directory), as Hugo's link render hooks and `ref` resolve page paths. A site whose link render
    /// hook resolves page paths with `GetPage` (its own, or Hugo's embedded one, on by default in a
    /// multilingual site) reaches `section/page` as the content file: from the file's directory,
    /// then from the content directory, case ignored. Every other link is a URL, resolved against
    /// the page's URL as a browser does and matched to the page published there (its aliases too),
    /// else to a file of `static/` or of the page's bundle. Without a page there: a taxonomy's page
    /// or an automatic section list is Hugo's own (skipped); a destination the site's render hook
    /// compares with a literal (`[term](g)`) is the hook's; one holding a shortcode (`{{% x %}}`)
    /// is filled when Hugo renders it; a file Hugo renders no page for (`build.render: never`,
    /// `headless`: text `{{% include %}}`d elsewhere) has its links resolved where it is included.
    static func hugo(_ site: Site, file: String, root: String, routes: HugoRouteTable?, canonical: (String) -> String = { $0 }) -> LinkRules {
        let settings = site.hugo ?? HugoSettings()
        let roots = routes?.roots ?? [(root, "")]
        // The content directory the file is in, and its language's prefix: the directory's, or,
        // where languages share one directory (`page.fr.md`), the one its name gives.
        var home = roots.filter { inside(file, $0.dir) }.max { $0.dir.count < $1.dir.count } ?? (root, "")
        if let prefix = routes?.languagePrefix(of: file) { home.prefix = prefix }
        let pageURL = routes?.url(of: file) ?? "/"
        let statics = settings.staticDirs.map(canonical)
        // The file from its content directory (`/guide/install.md`), and its directory.
        let page = "/" + (home.dir == "." ? file : String(file.dropFirst(min(file.count, home.dir.count + 1))))
        let fileDirectory = "/" + page.split(separator: "/").dropLast().joined(separator: "/")
        if let routes, routes.isUnrendered(file) {
            var rules = LinkRules(resolve: { _ in .skip(.unrenderedPage) },
                                  unmatchedFragment: { _, _ in .resolves })
            rules.resolvesEmptyPaths = true
            return rules
        }
        var rules = LinkRules(resolve: { link in
            if link.shortcode != nil {
                // `ref`/`relref`: a page by its content path; none fails Hugo's build (REF_NOT_FOUND).
                if link.path.isEmpty { return .same }
                guard let routes else { return .paths([LocalLink.resolve(link.path, from: file, root: root)]) }
                let found = routes.refPages(link.path, fromPage: page, prefix: home.prefix)
                if found.isEmpty, routes.refFindsSectionWithoutFile(link.path, fromPage: page, prefix: home.prefix) {
                    return .skip(.listPage(link.path))
                }
                return found.isEmpty ? .broken(.noSuchFile, "no page of the site has the content path '\(link.path)' (Hugo's build fails: REF_NOT_FOUND)") : .paths(found)
            }
            if settings.hookDestinations.contains(link.destination) { return .skip(.renderHook(destination: link.destination, hook: settings.linkHook ?? "render-link.html")) }
            if link.destination.contains("{{") { return .skip(.shortcodeDestination) }
            if LocalLink.isMarkdown(link.path) && !link.inHTML {
                if link.path.hasPrefix("/") { return .paths([join(home.dir, String(link.path.dropFirst()))]) }
                return .paths([LocalLink.resolve(link.path, from: file, root: root)])
            }
            guard let routes else { return .paths([LocalLink.resolve(link.path, from: file, root: root)]) }
            if settings.pagePathLinks && !link.inHTML {
                // The render hook's GetPage: the content path from the file's directory, then from the content root.
                let written = link.path.hasSuffix("/") ? String(link.path.dropLast()) : link.path
                var tries = [written.hasPrefix("/") ? written : FilePath.normalize(fileDirectory + "/" + written)]
                if !written.hasPrefix("/") { tries.append("/" + written) }
                for path in tries where !path.hasPrefix("/..") {
                    let found = routes.pages(atPath: path, prefix: home.prefix)
                    if !found.isEmpty { return .paths(found) }
                }
            }
            guard let resolved = resolveURL(link.path, against: String(pageURL.dropFirst())) else { return .broken(.notPublished, "it leads above the site's root") }
            let path = "/" + resolved
            let found = routes.files(at: path)
            if !found.isEmpty { return .paths(found) }
            let segments = path.split(separator: "/").map(String.init)
            let name = segments.last ?? ""
            if name.contains(".") && !name.hasSuffix(".html") {
                // A file: static, or a resource of the bundle (or section) published at its directory.
                let directory = "/" + segments.dropLast().joined(separator: "/") + "/"
                let owners = routes.files(at: directory).map { f in String(f[..<(f.lastIndex(of: "/") ?? f.startIndex)]) }
                return .paths(statics.map { join($0, String(path.dropFirst())) } + owners.map { join($0, name) } + [join(home.dir, String(path.dropFirst()))])
            }
            let unprefixed = home.prefix.isEmpty ? path : FilePath.below(home.prefix, path).flatMap { $0.isEmpty ? nil : "/" + $0 } ?? path
            let first = unprefixed.split(separator: "/").first.map(String.init) ?? ""
            if settings.taxonomies.contains(first) { return .skip(.taxonomy(String(first))) }
            if HugoRouteTable.key(unprefixed).isEmpty { return .skip(.homePage) }
            if segments.count == 1 + (home.prefix.isEmpty ? 0 : 1), routes.hasPage(below: HugoRouteTable.key(path)) {
                return .skip(.listPage(path))
            }
            let closest = routes.suggestions.nearest(HugoRouteTable.key(path))
            return .broken(.notPublished, "no page of the site is published at \(path)" + (closest.map { " (did you mean \(routes.served($0))?)" } ?? ""))
        }, unmatchedFragment: { _, _ in
            site.profile == nil ? .skip(.headingIDs(site.unknownSlugify ?? "a generator outline cannot follow")) : nil
        })
        rules.formerTarget = { link, renamed in
            if link.shortcode != nil, let routes {
                // The page a `ref` named where it stood: by its content path, or by its name alone.
                let keys = Set(HugoRouteTable.refCandidates(link.path, fromPage: page).map { home.prefix + HugoRouteTable.contentKey($0) })
                let name = link.path.contains("/") ? nil : String(HugoRouteTable.contentKey(link.path).dropFirst())
                return renamed.first { old, _ in
                    guard let former = routes.contentKey(ofFormer: old), former.prefix == home.prefix else { return false }
                    return keys.contains(former.prefix + former.key) || (name != nil && former.key.split(separator: "/").last.map(String.init) == name)
                }?.value
            }
            guard link.inHTML || !LocalLink.isMarkdown(link.path), let routes,
                  let resolved = resolveURL(link.path, against: String(pageURL.dropFirst())) else { return nil }
            let key = HugoRouteTable.key("/" + resolved)
            return renamed.first { routes.url(ofFormer: $0.key, now: $0.value).map(HugoRouteTable.key) == key }?.value
        }
        rules.rewrite = { link, target, fragment in
            if link.shortcode != nil {
                let finds = { (written: String) in routes.map { $0.refPages(written, fromPage: page, prefix: home.prefix).contains(target) } ?? true }
                return refArgument(link, target: target, fragment: fragment, home: home, page: page, finds: finds).flatMap { SiteLinks.ref(link, argument: $0) }
            }
            guard let served = routes?.url(of: target) else { return nil }
            return url(served, writtenLike: link, fromPage: pageURL, fragment: fragment)
        }
        return rules
    }
}
