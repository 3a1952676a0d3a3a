/// A Sphinx `conf.py` that loads MyST (format.md §16), read as literal assignments, never run: its
/// `extensions`, `myst_enable_extensions`, `myst_heading_anchors` and `source_suffix`. The source
/// directory is the one holding `conf.py`.
enum SphinxSite {
    static func read(_ path: String, directory: String, bytes: [UInt8]) throws -> Site? {
        let py = PythonLiterals(bytes)
        // Too deep to read (format.md §11): unreadable, as a file that is no Python.
        if let line = py.tooDeep { throw Diagnostic.error(.site, line: line, "cannot read conf.py: \(Nesting.tooDeep)").located(in: path) }
        let extensions = strings(py["extensions"])
        var unread: [String] = []
        if !extensions.contains(where: { $0 == "myst_parser" || $0 == "myst_nb" }) {
            // A conf.py whose extensions are not literals may still load MyST: read it as a MyST
            // site when it names the parser, and say what was not read.
            guard py.unread.contains("extensions"), String(decoding: bytes, as: UTF8.self).contains("myst_") else { return nil }
            unread.append("extensions is not a literal list; read as MyST because conf.py names it")
        }
        var dialect = Dialect()
        dialect.mystDirectives = true
        dialect.mystTargets = true
        let myst = strings(py["myst_enable_extensions"])
        if py.unread.contains("myst_enable_extensions") { unread.append("myst_enable_extensions is not a literal list: colon fences are read as directives") }
        dialect.colonFence = myst.contains("colon_fence") || py.unread.contains("myst_enable_extensions")
        dialect.mystAttrsBlock = myst.contains("attrs_block")
        dialect.mystAttrsInline = myst.contains("attrs_inline")
        var features = ["source directory"]
        var site = Site(generator: .sphinx, config: path, contentRoot: directory, profile: .myst, dialect: dialect)
        if let depth = py["myst_heading_anchors"]?.int {
            site.headingAnchors = depth
            site.dialect.headingSlugLevels = depth
            features.append("myst_heading_anchors \(depth)")
        } else if py.unread.contains("myst_heading_anchors") {
            unread.append("myst_heading_anchors is not a literal: heading slugs are read for every level")
            site.headingAnchors = 6
            site.dialect.headingSlugLevels = 6
        } else {
            site.dialect.headingSlugLevels = 0
            features.append("no myst_heading_anchors (headings reached by their docutils ids)")
        }
        if dialect.colonFence { features.append("colon_fence") }
        if dialect.mystAttrsBlock { features.append("attrs_block") }
        if dialect.mystAttrsInline { features.append("attrs_inline") }
        switch py["source_suffix"]?.untagged {
        case .scalar(let s, _)?: site.sourceSuffixes = [s]
        case .list(let items)?: site.sourceSuffixes = items.compactMap(\.string)
        case .map(let pairs)?: site.sourceSuffixes = pairs.map(\.key)
        default: site.sourceSuffixes = [".md", ".rst"]
        }
        if extensions.contains("myst_nb") {
            // MyST-NB reads notebooks (and, through `nb_custom_formats`, text notebooks) as pages.
            site.notebookSuffixes = [".ipynb"] + (py["nb_custom_formats"]?.pairs?.map(\.key) ?? [])
            for suffix in site.notebookSuffixes where !site.sourceSuffixes.contains(suffix) { site.sourceSuffixes.append(suffix) }
            features.append("myst_nb (\(site.notebookSuffixes.joined(separator: " ")))")
        }
        let objects = ["sphinx.ext.autodoc", "sphinx.ext.autosummary", "autodoc_traits", "sphinx.ext.napoleon", "sphinxcontrib.autoprogram"]
        if extensions.contains(where: objects.contains) {
            site.documentedObjects = true
            features.append("autodoc (links to documented objects skipped)")
        }
        if extensions.contains("sphinx.ext.intersphinx") {
            site.loadsIntersphinx = true
            if let names = py["intersphinx_mapping"]?.pairs?.map(\.key) {
                site.intersphinx = Set(names)
                features.append("intersphinx \(names.joined(separator: " ")) (inv: links and roles naming them skipped)")
            } else {
                if py.unread.contains("intersphinx_mapping") { unread.append("intersphinx_mapping is not a literal: every role's 'name:' prefix is taken for an inventory's") }
                features.append("intersphinx (inv: links skipped)")
            }
        }
        site.customDirectives = addedDirectives(String(decoding: bytes, as: UTF8.self))
        if !site.customDirectives.isEmpty {
            site.notes.append("directives conf.py adds (\(site.customDirectives.joined(separator: ", "))) may define labels: links to labels outline does not find are skipped")
        }
        site.features = features
        site.unread = unread
        return site
    }

    /// A list, tuple or set of strings (a single string too).
    static func strings(_ value: ConfigValue?) -> [String] {
        if let s = value?.string { return [s] }
        return value?.list?.compactMap(\.string) ?? []
    }

    /// The names of `add_directive("name", …)` calls in conf.py (read, not run).
    static func addedDirectives(_ text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        let call = "add_directive("
        while let start = rest.firstRange(of: call) {
            rest = rest[start.upperBound...].drop(while: { $0 == " " })
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let name = rest.dropFirst().prefix { $0 != quote }
            if !name.isEmpty && !names.contains(String(name)) { names.append(String(name)) }
            rest = rest.dropFirst(name.count + 1)
        }
        return names
    }
}
