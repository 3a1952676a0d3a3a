/// Hugo's `ref` and `relref` shortcodes (format.md §16): the pages they find, as Hugo 0.168's
/// `GetPage` finds them (hugolib's `getContentNode`), and the argument a repaired one is written
/// with. The shortcodes themselves are found by `Parsing/RefShortcodes.swift`.
extension HugoRouteTable {
    /// The pages `ref` and `relref` find for `written` (a content path, extension optional) from the
    /// page `page` (its path from its content directory, with a leading `/`), as Hugo's `GetPage`
    /// looks (hugolib's `getContentNode`, 0.168): relative to the page (`refBase`); after `.`, only
    /// so; then from the content directory; then, for a name with no `/`, the one page of that
    /// name; case ignored; `..` never above the content directory.
    public func refPages(_ written: String, fromPage page: String, prefix: String) -> [String] {
        let path = written.hasSuffix("/") ? String(written.dropLast()) : written
        for candidate in HugoRouteTable.refCandidates(path, fromPage: page) {
            let found = pages(atPath: candidate, prefix: prefix)
            if !found.isEmpty { return found }
        }
        // (hugo 0.168 finds `install` so, not `/install`.)
        guard !path.hasPrefix("."), !path.contains("/") else { return [] }
        let named = byName[prefix + "\u{0}" + String(HugoRouteTable.contentKey(path).dropFirst())] ?? []
        return named.count == 1 ? named : []
    }

    /// Whether `ref`/`relref` of `written` from `page` finds the list page Hugo makes for a
    /// top-level section without `_index.md` (no file: its ids are the template's).
    public func refFindsSectionWithoutFile(_ written: String, fromPage page: String, prefix: String) -> Bool {
        let path = written.hasSuffix("/") ? String(written.dropLast()) : written
        return HugoRouteTable.refCandidates(path, fromPage: page).contains { topSections.contains(prefix + "\u{0}" + HugoRouteTable.contentKey($0)) }
    }

    /// The directory Hugo resolves a relative `ref` from: a section's `_index.md`, and a `../` path
    /// with an extension, from the page's own directory; any other page from the directory that
    /// holds it, which for a leaf bundle's `index.md` is the bundle's parent (hugolib: `Dir()`,
    /// else `ContainerDir()`).
    static func refBase(page: String, ref: String) -> String {
        let parts = page.split(separator: "/")
        let directory = Array(parts.dropLast())
        let name = parts.last ?? ""
        let last = ref.split(separator: "/").last ?? ""
        let hasExtension = last.contains(".") && last != "." && last != ".."
        if name.hasPrefix("_index.") || (hasExtension && ref.hasPrefix("../")) { return "/" + directory.joined(separator: "/") }
        if name.hasPrefix("index.") { return "/" + directory.dropLast().joined(separator: "/") }
        return "/" + directory.joined(separator: "/")
    }

    /// The content paths `ref` tries for `path` from `page`, in order.
    static func refCandidates(_ path: String, fromPage page: String) -> [String] {
        func clamped(_ p: String) -> String {
            var parts: [Substring] = []
            for piece in p.split(separator: "/") where piece != "." {
                if piece == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(piece) }
            }
            return "/" + parts.joined(separator: "/")
        }
        if path.hasPrefix("/") { return [clamped(path)] }
        let relative = clamped(refBase(page: page, ref: path) + "/" + path)
        // "Page relative, no need to look further."
        return path.hasPrefix(".") ? [relative] : [relative, clamped(path)]
    }
}

extension SiteLinks {
    /// A `ref` shortcode as written with another argument (its quotes and the rest kept; quoted where
    /// it must be); nil where it cannot be written so.
    static func ref(_ link: LocalLink, argument: String) -> String? {
        RefShortcode.replacingArgument(in: link.destination, with: argument)?.text
    }

    /// The argument a `ref` needs to name `target` (as the caller names files), written the way
    /// `link` wrote its own: from the content directory after `/`; relative to where Hugo resolves
    /// it from (`refBase`) when it started with `.`; a bare name when it was one; else from the
    /// content directory without `/`; the extension as it was (a bundle or section then named by
    /// its directory); the fragment after `#`. Whatever the form, it must find `target` again
    /// (`finds`), else it is written from the content directory after `/`.
    static func refArgument(_ link: LocalLink, target: String, fragment: String?, home: (dir: String, prefix: String), page: String,
                            finds: (String) -> Bool) -> String? {
        guard let relative = FilePath.below(home.dir, target), !relative.isEmpty else { return nil }
        var path = relative
        let lastWritten = link.path.split(separator: "/").last ?? ""
        if !lastWritten.contains(".") || lastWritten == "." || lastWritten == ".." {
            // Without an extension: a section's `_index.md` and a bundle's `index.md` by their directory.
            path = String(HugoRouteTable.contentKey(relative).dropFirst())
            if let dot = relative.lastIndex(of: "."), !relative.hasSuffix("index.md"), !relative.hasSuffix("_index.md") {
                path = String(relative[..<dot])
            }
        }
        var written: String
        if link.path.hasPrefix("/") {
            written = "/" + path
        } else if link.path.hasPrefix(".") {
            let base = HugoRouteTable.refBase(page: page, ref: link.path)
            written = FilePath.relative(path, fromDirectory: base == "/" ? "." : String(base.dropFirst()))
            // `./` kept where it was written and the path does not climb (`./install` → `./setup`).
            if !written.hasPrefix(".") { written = "./" + written }
        } else if !link.path.contains("/") {
            written = path.split(separator: "/").last.map(String.init) ?? path
        } else {
            written = path
        }
        if !finds(written) { written = "/" + path }
        return written + (fragment.map { "#" + $0 } ?? "")
    }
}
