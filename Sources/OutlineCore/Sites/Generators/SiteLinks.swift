/// How the generators resolve a page's links (format.md §16), each asked through its adapter
/// (`SiteGenerator.rules`): MkDocs' and MyST's rules here, Hugo's and Docusaurus' with their sites.
/// Paths are as the caller names files (`file`, `contentRoot`: the same spelling); `labels` answers
/// whether a MyST label exists anywhere in the site.
public enum SiteLinks {
    /// `path` lies inside `root` (both normalized, as the caller names files).
    static func inside(_ path: String, _ root: String) -> Bool {
        FilePath.contains(root, path)
    }

    /// `relative` (a path from the site's root) as the caller names files.
    static func join(_ root: String, _ relative: String) -> String {
        FilePath.normalize(root == "." ? relative : root + "/" + relative)
    }

    // MARK: MkDocs

    /// MkDocs 1.6: a Markdown link to a file of `docs_dir` is rewritten to that file's URL; every
    /// other link (raw HTML, built URLs like `page/#frag` or `api-guide/serializers#x`, absolute
    /// paths) is left as written and the browser resolves it against the page's URL, which under
    /// `use_directory_urls` is one directory deeper than the file (`a/b.md` is `a/b/`).
    /// Zensical (`Site.linksFromFile`): every relative link, raw HTML's too, is the source file's,
    /// so a URL resolves against the file's directory, whatever URL the page is served at.
    /// With mkdocs-static-i18n (`Site.staticI18n`), the page is built in its own language: a link
    /// MkDocs resolves reaches that build's files (the language's own, else the default language's
    /// it falls back to), URLs are served under the language's directory, and a file no build
    /// publishes (a language not built) is no page: its links are skipped.
    /// `building`: the build of another language that renders the default language's page as its
    /// fallback (its links resolve to that language's files, its URL under `/LANG/`).
    static func mkdocs(_ site: Site, file: String, root: String, building: String? = nil) -> LinkRules {
        let relativeFile = root == "." ? file : String(file.dropFirst(root.count + 1))
        let i18n = site.linksFromFile ? nil : site.staticI18n
        let language = building ?? i18n?.build(of: relativeFile)
        if let i18n, language == nil {
            var rules = LinkRules(resolve: { _ in .skip(.unpublishedTranslation(i18n.locale(of: relativeFile).locale)) },
                                  unmatchedFragment: { _, _ in .resolves })
            rules.resolvesEmptyPaths = true
            return rules
        }
        let directoryURLs = site.directoryURLs && !site.linksFromFile
        let pageURL = (building.map { $0 + "/" } ?? "") + (i18n.map { $0.url(of: relativeFile, directoryURLs: directoryURLs) } ?? url(of: relativeFile, directoryURLs: directoryURLs))
        // The files of docs_dir served at a URL (from the site's root), as the caller names them.
        func served(_ address: String) -> [String] {
            (i18n?.files(at: address, directoryURLs: site.directoryURLs) ?? files(at: address, directoryURLs: site.directoryURLs)).map { join(root, $0) }
        }
        var rules = LinkRules(resolve: { link in
            if site.templates && link.destination.contains("{{") { return .skip(.macrosTemplate) }
            var candidates: [String] = []
            if (!link.inHTML || site.linksFromFile) && !link.path.hasPrefix("/") {
                let target = LocalLink.resolve(link.path, from: file, root: root)
                // The file each language's build finds for the path (`get_file_from_path`).
                let built = (i18n != nil && inside(target, root) && !link.inHTML)
                    ? i18n!.candidates(FilePath.below(root, target) ?? "", in: language!).map { join(root, $0) } : [target]
                // A Markdown file outside docs_dir is not published; any other path outside it is
                // no file of the site, and the browser resolves it against the page's URL.
                if LocalLink.isMarkdown(link.path) {
                    guard inside(target, root) else { return .broken(.notPublished, "\(target) is outside the site's docs_dir: MkDocs does not publish it") }
                    return built.isEmpty ? .broken(.notPublished, "\(target) is published by no build of language '\(language!)': mkdocs-static-i18n builds each language's pages apart") : .paths(built)
                }
                if inside(target, root) { candidates += built }
            }
            guard let address = resolveURL(link.path, against: pageURL) else {
                // A translation's file in its language's folder is served from the root (`docs/en/`).
                return candidates.isEmpty ? .broken(.notPublished, "it leads above the site's root") : .paths(candidates)
            }
            candidates += served(address)
            return .paths(candidates)
        }, unmatchedFragment: { _, _ in
            site.profile == nil ? .skip(.slugify(site.unknownSlugify ?? "a slugify outline cannot read")) : nil
        })
        rules.formerTarget = { link, renamed in
            guard link.inHTML || !LocalLink.isMarkdown(link.path), let address = resolveURL(link.path, against: pageURL) else { return nil }
            let served = Set(served(address))
            return renamed.first { served.contains($0.key) }?.value
        }
        rules.rewrite = { link, target, fragment in
            guard inside(target, root) else { return nil }
            let relative = root == "." ? target : String(target.dropFirst(root.count + 1))
            let address = i18n.map { $0.url(of: relative, directoryURLs: site.directoryURLs) }
                ?? (LocalLink.isMarkdown(relative) ? url(of: relative, directoryURLs: site.directoryURLs) : relative)
            return url("/" + address, writtenLike: link, fromPage: "/" + pageURL, fragment: fragment)
        }
        if let i18n, building == nil, language == i18n.defaultLanguage, i18n.fallback {
            rules.renderedAlsoBy = i18n.built.subtracting([language!]).sorted().map { other in
                (other, join(root, i18n.translation(of: relativeFile, in: other)), mkdocs(site, file: file, root: root, building: other))
            }
        }
        return rules
    }

    /// A URL path the site serves (`/guide/install/`, from the site's root) written as `link` wrote
    /// its URL (format.md §16: a URL stays a URL): from the root when it did (after `base`, the
    /// site's base path it was written with), else relative to the page served at `page`; then
    /// the fragment, spelled as the link spelled its own.
    static func url(_ address: String, writtenLike link: LocalLink, fromPage page: String, fragment: String?, base: String = "") -> String {
        var path = link.path.hasPrefix("/") ? (base.hasSuffix("/") ? String(base.dropLast()) : base) + address : relativeURL(from: page, to: address)
        if path.isEmpty { path = "./" }
        let oldFragment = link.destination.firstIndex(of: "#").map { link.destination[link.destination.index(after: $0)...] } ?? ""
        return LinkRepair.encodePath(path) + (fragment.map { "#" + LinkRepair.encodeFragment($0, like: oldFragment) } ?? "")
    }

    /// `target` (a URL from the site's root) as a relative URL from the page at `base`.
    static func relativeURL(from base: String, to target: String) -> String {
        var from = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        var to = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        from = from.filter { !$0.isEmpty }
        let trailing = target.hasSuffix("/")
        to = to.filter { !$0.isEmpty }
        while let a = from.first, let b = to.first, a == b, to.count > (trailing ? 0 : 1) { from.removeFirst(); to.removeFirst() }
        var parts = Array(repeating: "..", count: from.count) + to
        if parts.isEmpty { parts = ["."] }
        return parts.joined(separator: "/") + (trailing && !to.isEmpty ? "/" : (trailing ? "/" : ""))
    }

    /// The URL (from the site's root, no leading `/`) MkDocs publishes `file` (from `docs_dir`) at.
    static func url(of file: String, directoryURLs: Bool) -> String {
        var parts = file.split(separator: "/").map(String.init)
        guard let name = parts.popLast() else { return "" }
        let directory = parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
        let stem = name.lowercased().hasSuffix(".markdown") ? String(name.dropLast(9)) : String(name.dropLast(3))
        if stem == "index" || stem == "README" { return directory }
        return directoryURLs ? directory + stem + "/" : directory + stem + ".html"
    }

    /// `reference` resolved as a browser resolves it against the page at `base` (both from the
    /// site's root); nil above the root. A trailing `/` is kept.
    static func resolveURL(_ reference: String, against base: String) -> String? {
        var parts: [String] = reference.hasPrefix("/") ? [] : base.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        let pieces = reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (k, piece) in pieces.enumerated() {
            if piece == "." || (piece.isEmpty && k < pieces.count - 1) { continue }
            if piece == ".." { guard !parts.isEmpty else { return nil }; parts.removeLast(); continue }
            parts.append(piece)
        }
        var joined = parts.filter { !$0.isEmpty }.joined(separator: "/")
        if reference.hasSuffix("/") || reference.isEmpty || reference.hasSuffix("/.") || reference.hasSuffix("/..") || reference == "." || reference == ".." {
            if !joined.isEmpty { joined += "/" }
        }
        return joined
    }

    /// The files of `docs_dir` that may be published at `address` (from the site's root): a page's
    /// source, a file as it is, or the `index.html` a server gives for a directory.
    static func files(at address: String, directoryURLs: Bool) -> [String] {
        if address.isEmpty { return ["index.md", "README.md"] }
        if address.hasSuffix("/") {
            let directory = String(address.dropLast())
            return [directory + "/index.md", directory + "/README.md"] + (directoryURLs ? [directory + ".md"] : [])
        }
        if address.hasSuffix(".html") {
            let stem = String(address.dropLast(5))
            let name = stem.split(separator: "/").last.map(String.init) ?? stem
            let directory = stem.dropLast(name.count)
            return name == "index" ? [directory + "index.md", directory + "README.md"] + (directoryURLs && !directory.isEmpty ? [String(directory.dropLast()) + ".md"] : [])
                : [address, stem + ".md"]
        }
        // A file as it is, or a page's directory without its slash (servers redirect to it).
        return [address] + files(at: address + "/", directoryURLs: directoryURLs)
    }

    // MARK: Sphinx with MyST

    /// MyST-Parser 5 on Sphinx: `[t](label)` and `[t](#label)` name a label of any document
    /// (lowercased), `[t](doc)` a document named without its suffix, `[t](doc.md#x)` a heading's
    /// slug, a label or a docutils id of that document; `[t](doc#x)` resolves to nothing; a
    /// leading `/` is the source directory; `inv:` links are intersphinx's (unknowable offline).
    static func myst(_ site: Site, file: String, root: String, labels: @escaping (String) -> Bool) -> LinkRules {
        func hasSuffix(_ path: String) -> Bool { site.sourceSuffixes.contains { path.lowercased().hasSuffix($0) } }
        // A name autodoc may document: dotted (`Spawner.start`), or a class's (`Spawner`); MyST
        // resolves `[t](#X)` and `[t](X)` through every domain, which only a build knows.
        func objectName(_ name: String) -> Bool {
            site.documentedObjects && !name.contains("/")
                && (name.contains(".") || name.first.map { $0.isUppercase } == true)
                && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        }
        func target(_ path: String) -> String {
            path.hasPrefix("/") ? join(root, String(path.dropFirst())) : LocalLink.resolve(path, from: file, root: root)
        }
        // `name:target` in a role names another project's target when `name` is an inventory of
        // `intersphinx_mapping` (any name, where the mapping cannot be read).
        func inventory(_ target: String) -> String? {
            guard site.loadsIntersphinx, let colon = target.firstIndex(of: ":"), colon != target.startIndex else { return nil }
            let name = String(target[..<colon])
            return site.intersphinx.map { $0.contains(name) } ?? true ? name : nil
        }
        var rules = LinkRules(resolve: { link in
            if link.role != nil, let name = inventory(link.path) { return .skip(.intersphinx(name)) }
            if link.role == "ref" {
                // `{ref}` names a label (never a heading's slug), lowercased as Sphinx keeps them.
                if labels(link.path.lowercased()) { return .same }
                if !site.customDirectives.isEmpty { return .skip(.directiveLabel(site.customDirectives)) }
                return .broken(.noLabel, "no label '\(link.path)' in the site ({ref} names a label such as '(\(link.path))=', not a heading's slug)")
            }
            if link.role == "doc" {
                let base = target(link.path)
                return .paths(site.sourceSuffixes.map { base + $0 })
            }
            if link.path.isEmpty { return .same }
            if link.inHTML {
                // Raw HTML is passed through: the browser resolves it among the built pages.
                let path = target(link.path)
                if path.hasSuffix(".html") { return .paths(site.sourceSuffixes.map { String(path.dropLast(5)) + $0 } + [path]) }
                return .paths([path])
            }
            if link.fragment == nil {
                if labels(link.path.lowercased()) { return .same }
                if objectName(link.path) { return .skip(.autodocObject) }
                if !site.customDirectives.isEmpty && !link.path.contains("/") && !link.path.contains(".") {
                    return .skip(.directiveLabel(site.customDirectives))
                }
                let base = target(link.path)
                if link.path.hasSuffix("/") { return .broken(.notPublished, "MyST resolves no directory: name a document ('\(link.path)index\(site.sourceSuffixes.first ?? ".md")')") }
                if hasSuffix(link.path) {
                    return inside(base, root) ? .paths([base]) : .broken(.notPublished, "\(base) is outside the Sphinx source directory: not a document")
                }
                return .paths(site.sourceSuffixes.map { base + $0 } + [base])
            }
            if hasSuffix(link.path) {
                let path = target(link.path)
                return inside(path, root) ? .paths([path]) : .broken(.notPublished, "\(path) is outside the Sphinx source directory: not a document")
            }
            let last = link.path.split(separator: "/").last ?? ""
            if !last.contains(".") {
                return .broken(.notPublished, "MyST resolves a document named without its suffix only without a fragment: write '\(link.path)\(site.sourceSuffixes.first ?? ".md")#\(link.fragment!)'")
            }
            return .paths([target(link.path)])
        }, unmatchedFragment: { fragment, _ in
            if labels(fragment.lowercased()) { return .resolves }
            if objectName(fragment) { return .skip(.autodocObject) }
            return nil
        })
        rules.resolvesEmptyPaths = false
        // A document named without its suffix stays so (MyST resolves it only without a fragment:
        // with one, the suffix is written); raw HTML names the page Sphinx builds.
        rules.rewrite = { link, target, fragment in
            guard link.role == nil, let suffix = site.sourceSuffixes.first(where: { target.lowercased().hasSuffix($0) }),
                  let relative = FilePath.below(root, target), !relative.isEmpty else { return nil }
            let docname = String(relative.dropLast(suffix.count))
            let written = link.path.hasPrefix("/") ? "/" + docname : LinkRepair.relativePath(to: String(target.dropLast(suffix.count)), fromDirectoryOf: file)
            let tail = link.inHTML ? ".html" : (fragment == nil ? "" : suffix)
            let oldFragment = link.destination.firstIndex(of: "#").map { link.destination[link.destination.index(after: $0)...] } ?? ""
            return LinkRepair.encodePath(written + tail) + (fragment.map { "#" + LinkRepair.encodeFragment($0, like: oldFragment) } ?? "")
        }
        return rules
    }
}
