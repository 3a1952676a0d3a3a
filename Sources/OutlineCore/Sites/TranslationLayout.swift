/// Where a tree's translations live (format.md §17): one source tree and its target trees, each a
/// directory of one language, or, in a suffix layout, the `page.LANG.md` files beside the source's
/// `page.md`. A translated file pairs with the source file at the same key: its path inside its tree,
/// without a language suffix. Read from `.outline.toml`'s `[translation]`, from a site's
/// configuration (mkdocs-static-i18n, Hugo's languages, Docusaurus' i18n), or from `--source`.
public struct TranslationLayout: Sendable, Equatable {
    public struct Tree: Sendable, Equatable {
        /// The language's code (`fr`, `zh-cn`); the source's may be empty when nothing names it.
        public var language: String
        /// The tree's directory, absolute, without a trailing slash.
        public var directory: String
        /// A suffix layout: the tree's files are `name.LANG.md` (the source's: `name.md`, or
        /// `name.LANG.md` when its language is named).
        public var suffixed: Bool
        /// A tree of one file (absolute), paired with the source tree's one file whatever their
        /// names (`--source FILE TARGET_FILE`); `directory` is its directory.
        public var file: String?

        public init(language: String, directory: String, suffixed: Bool = false) {
            self.language = language
            self.directory = FilePath.normalize(directory)
            self.suffixed = suffixed
        }

        /// The tree of the single file `file` (absolute).
        public init(language: String, file: String) {
            let path = FilePath.normalize(file)
            self.init(language: language, directory: path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ".")
            self.file = path
        }
    }

    public var source: Tree
    public var targets: [Tree]
    /// IDs (or globs) whose `source=` may change while their translated text does not
    /// (`allow-stamp`, `--allow-stamp`): no `stamped-unchanged` finding for them.
    public var allowStamp: [String] = []
    /// The front-matter key where a page records the source revision it was translated from
    /// (`[translation] base-key`): what `adopt` hashes the source as of (format.md §17).
    public var baseKey = TranslationLayout.defaultBaseKey
    /// The front-matter keys a site translates, tracked as units of their own (`[translation]
    /// front-matter`).
    public var frontMatter = TranslationLayout.defaultFrontMatter

    /// opentelemetry.io's key (its `scripts/check-i18n.sh` reads it); MDN's `sourceCommit` is the same idea.
    public static let defaultBaseKey = "default_lang_commit"
    /// What Hugo, MkDocs and Docusaurus pages show of their front matter.
    public static let defaultFrontMatter = ["title", "description", "linkTitle"]

    public init(source: Tree, targets: [Tree]) {
        self.source = source
        self.targets = targets
    }

    /// Every tree: the source first (index 0), then the targets (index k + 1).
    public var trees: [Tree] { [source] + targets }

    /// The tree `path` (absolute) belongs to, as an index into `trees`, and its key there; nil when it
    /// belongs to none. The deepest directory wins (`docs/fr/` inside `docs/`); in a suffix layout the
    /// name's language suffix decides.
    public func place(of path: String) -> (tree: Int, key: String)? {
        let path = FilePath.normalize(path)
        var best: (tree: Int, key: String, depth: Int)? = nil
        for (k, tree) in trees.enumerated() {
            if let file = tree.file {
                // A one-file tree holds its file alone, under the key every one-file tree shares.
                if file == path, (best?.depth ?? -1) < file.count { best = (k, "", file.count) }
                continue
            }
            guard let inside = TranslationLayout.relative(path, to: tree.directory) else { continue }
            let depth = tree.directory.count
            if let current = best, current.depth >= depth { continue }
            var key = inside
            if isSuffixed {
                let (stem, suffix) = TranslationLayout.languageSuffix(of: inside, among: languages)
                // The source's files are `name.md`, or `name.LANG.md` in its own language.
                if k == 0 {
                    guard suffix == nil || (suffix == tree.language && !tree.language.isEmpty) else { continue }
                } else {
                    guard suffix == tree.language else { continue }
                }
                if suffix != nil { key = stem }
            }
            best = (k, key, depth)
        }
        return best.map { ($0.tree, $0.key) }
    }

    /// A suffix layout (`page.fr.md` beside `page.md`).
    public var isSuffixed: Bool { targets.contains(where: \.suffixed) }

    /// The paths key `key` may have in tree `index` (absolute), the usual one first: in a suffix
    /// layout a target's `name.LANG.md`; the source's `name.md`, or `name.LANG.md` in its language.
    public func paths(of key: String, inTree index: Int) -> [String] {
        let tree = trees[index]
        if let file = tree.file { return [file] }
        let plain = tree.directory + "/" + key
        guard isSuffixed, !tree.language.isEmpty else { return [plain] }
        let dot = key.lastIndex(of: ".") ?? key.endIndex
        let suffixed = tree.directory + "/" + key[..<dot] + "." + tree.language + key[dot...]
        return index == 0 ? [plain, suffixed] : [suffixed]
    }

    /// The language of the tree `path` belongs to, nil outside every tree: moves are matched only
    /// between files of one language (format.md §8).
    public func language(of path: String) -> String? {
        place(of: path).map { trees[$0.tree].language }
    }

    /// Whether `path` is a file of a translation (a target tree).
    public func isTranslation(_ path: String) -> Bool {
        (place(of: path)?.tree ?? 0) > 0
    }

    private var languages: [String] { trees.map(\.language).filter { !$0.isEmpty } }

    /// `name.LANG.md` → (`name.md`, LANG) for a known language; else (path, nil).
    static func languageSuffix(of path: String, among languages: [String]) -> (String, String?) {
        guard let dot = path.lastIndex(of: ".") else { return (path, nil) }
        let stem = path[..<dot]
        guard let second = stem.lastIndex(of: "."), !stem[..<second].hasSuffix("/") else { return (path, nil) }
        let language = String(stem[stem.index(after: second)...])
        guard languages.contains(language), second > stem.startIndex else { return (path, nil) }
        return (String(stem[..<second]) + path[dot...], language)
    }

    /// `path` relative to `directory`, nil when it lies outside.
    static func relative(_ path: String, to directory: String) -> String? {
        let prefix = directory == "/" ? "/" : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
