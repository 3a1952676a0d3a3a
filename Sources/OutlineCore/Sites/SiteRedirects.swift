/// `diff --since --redirects` for a site generator (format.md §8): the map of vanished link targets
/// split into page-level entries (a page that moved: every generator has a place for them) and
/// fragment-level ones (a section that moved: only a few can say so), with paths relative to the
/// site's docs directory, as each generator's redirect plugin expects them.
public struct SiteRedirects: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The old page, relative to the site root (`guide/install.md`).
        public let fromPage: String
        /// The old fragment, for a section that moved; nil for a page.
        public let fromFragment: String?
        public let toPage: String
        public let toFragment: String?
        /// The URL path the site served the old page at (at the revision), and serves the new one at
        /// now, as the site's own routing says (`SiteGenerator.url`); nil without a site.
        public let servedFrom: String?
        public let servedTo: String?
        /// The old and new URL paths: as served, else the pages' paths as pretty URLs make them.
        public var fromURL: String { servedFrom ?? SiteRedirects.prettyURL(fromPage) }
        public var toURL: String { servedTo ?? SiteRedirects.prettyURL(toPage) }
    }
    /// Pages that moved, then sections that moved (each sorted by source).
    public let pages: [Entry]
    public let fragments: [Entry]
    /// Sources or targets outside the site root: left out, named so the caller can say so.
    public let outside: [String]

    /// `map`: what `TreeHistory.redirects` gives (`old.md#x` → `new.md#y`, paths as the run names
    /// files); `siteRoot`: the site's docs directory, the same way (nil: paths as they are).
    /// `urlThen` and `urlNow`: the URL the site served a page at at the revision (the old page) and
    /// serves it at now (the new one), given its path as the run names files; nil where the site
    /// says nothing, or without a site: its path as pretty URLs make it.
    public init(_ map: [(from: String, to: String)], siteRoot: String?,
                urlThen: (String) -> String? = { _ in nil }, urlNow: (String) -> String? = { _ in nil }) {
        let root = siteRoot.map(FilePath.normalize).flatMap { $0 == "." ? nil : $0 }
        func relative(_ path: String) -> String? {
            guard let root else { return path }
            return FilePath.below(root, path).flatMap { $0.isEmpty ? nil : $0 }
        }
        let split = SiteRedirects.split
        var pages: [Entry] = [], fragments: [Entry] = [], outside: [String] = []
        for (from, to) in map {
            let (fromPath, fromFragment) = split(from), (toPath, toFragment) = split(to)
            guard let fromPage = relative(fromPath), let toPage = relative(toPath) else { outside.append(from); continue }
            let entry = Entry(fromPage: fromPage, fromFragment: fromFragment, toPage: toPage, toFragment: toFragment,
                              servedFrom: urlThen(fromPath), servedTo: urlNow(toPath))
            if fromFragment == nil { pages.append(entry) } else { fragments.append(entry) }
        }
        self.pages = pages
        // A section whose page moved with it keeps its fragment through the page's redirect (HTTP
        // redirects and the plugins' pages carry the fragment over): no entry of its own.
        self.fragments = fragments.filter { f in
            !pages.contains { $0.fromPage == f.fromPage && $0.toPage == f.toPage && $0.toFragment == nil } || f.fromFragment != f.toFragment
        }
        self.outside = outside
    }

    /// A target (`old.md#x`) as its page and fragment: the fragment starts at the first `#` after a
    /// Markdown file's name (a page may hold `#` itself: `c#.md`).
    public static func split(_ target: String) -> (page: String, fragment: String?) {
        var at = target.startIndex
        while let hash = target[at...].firstIndex(of: "#") {
            if LocalLink.isMarkdown(String(target[..<hash])) { return (String(target[..<hash]), String(target[target.index(after: hash)...])) }
            at = target.index(after: hash)
        }
        return (target, nil)
    }

    /// A target's page (`old.md` of `old.md#x`).
    public static func page(of target: String) -> String { split(target).page }

    /// The page entries whose old URL (`url` of the old page) no earlier entry has: a directory's
    /// `index.md` and `README.md` are one URL, and a redirect file names each source once (Netlify
    /// takes the first rule that matches; Docusaurus refuses a `from` given twice).
    public func uniquePages(by url: (Entry) -> String) -> [Entry] {
        var seen = Set<String>()
        return pages.filter { seen.insert(url($0)).inserted }
    }

    /// A URL path without its trailing `/` (but `/` itself), as client-side redirects name routes.
    public static func trimmedSlash(_ url: String) -> String {
        url.count > 1 && url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// A page's URL path as generators with "pretty" URLs serve it (MkDocs' `use_directory_urls`,
    /// Hugo's default): `guide/install.md` → `/guide/install/`, an index or README → its directory.
    public static func prettyURL(_ page: String) -> String {
        var path = page
        for suffix in [".markdown", ".mdx", ".md"] where path.lowercased().hasSuffix(suffix) { path.removeLast(suffix.count); break }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if ["index", "readme", "_index"].contains(name.lowercased()) { path.removeLast(name.count) } else { path += "/" }
        return "/" + path
    }

    /// A page's document name for Sphinx: its path without the suffix.
    public static func docname(_ page: String) -> String {
        for suffix in [".markdown", ".mdx", ".md"] where page.lowercased().hasSuffix(suffix) { return String(page.dropLast(suffix.count)) }
        return page
    }

    /// `s` as a YAML single-quoted scalar: a quote is doubled, nothing else is escaped (YAML 1.2,
    /// 7.3.2; `'what\'s-new.md'` is no YAML at all).
    public static func yamlQuoted(_ s: String) -> String {
        "'" + s.replacingAll("'", with: "''") + "'"
    }

    /// A URL path (with its `#fragment`) as a field of Netlify's `_redirects`, whose fields are
    /// separated by blanks and whose `#` starts a comment: every byte but RFC 3986's unreserved
    /// characters, sub-delimiters, `:`, `@` and `/` percent-encoded in the path (a space, `#`, `%`,
    /// UTF-8), and in the fragment after its `#`. The server compares the encoded request path.
    public static func netlifyField(_ url: String) -> String {
        let hash = url.firstIndex(of: "#")
        let path = hash.map { String(url[..<$0]) } ?? url
        return percentEncoded(path) + (hash.map { "#" + percentEncoded(String(url[url.index(after: $0)...])) } ?? "")
    }

    /// Netlify's `_redirects`: an old URL to a new one, each old URL once.
    public static let netlify = RedirectFormat(name: "netlify", comment: "#") { redirects in
        var out = "# _redirects (Netlify)\n"
        for e in redirects.uniquePages(by: \.fromURL) {
            out += "\(netlifyField(e.fromURL))  \(netlifyField(e.toURL + (e.toFragment.map { "#" + $0 } ?? "")))  301\n"
        }
        return out
    }

    static func percentEncoded(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".utf8)
        var out: [UInt8] = []
        for byte in s.utf8 {
            if kept.contains(byte) { out.append(byte) } else { out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A redirect file format (`diff --since REV --redirects=FORMAT`, format.md §8): its name, how its
/// comments start, and how it writes the redirects. The generators' own are their adapters'
/// (`SiteGenerator.redirectFormats`); Netlify's belongs to no generator.
public struct RedirectFormat: Sendable {
    public let name: String
    /// How a comment line starts (`#`, `//`).
    public let comment: String
    private let write: @Sendable (SiteRedirects) -> String

    public init(name: String, comment: String, write: @escaping @Sendable (SiteRedirects) -> String) {
        self.name = name
        self.comment = comment
        self.write = write
    }

    /// Every format but JSON (which maps paths, not URLs), in the order help lists them.
    public static var all: [RedirectFormat] {
        SiteGenerators.all.flatMap(\.redirectFormats) + [SiteRedirects.netlify]
    }

    /// The redirects in this format: page-level entries where it has a place for them, then as
    /// comments the sections that moved (no server sees a fragment; aliases keep them alive) and the
    /// paths outside the site's root.
    public func render(_ redirects: SiteRedirects, siteRoot: String?) -> String {
        var out = write(redirects)
        if !redirects.fragments.isEmpty {
            out += "\(comment) Sections that moved have no place here (a server never sees a fragment); the old\n"
            out += "\(comment) fragments stay alive as aliases: outline links -w --since REV --keep-aliases\n"
            for e in redirects.fragments { out += "\(comment)   \(e.fromPage)#\(e.fromFragment ?? "") -> \(e.toPage)\(e.toFragment.map { "#" + $0 } ?? "")\n" }
        }
        for path in redirects.outside { out += "\(comment) outside the site root \(siteRoot ?? ""), left out: \(path)\n" }
        return out
    }
}
