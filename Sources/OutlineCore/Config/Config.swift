/// `.outline.toml` (format.md §13): the options a repository wants on every invocation and in every hook.
///
/// ```toml
/// slugs = "github"              # github | gitlab | pandoc | mkdocs | hugo | docusaurus | kramdown | mkdocs-material | myst
/// linkable = true               # id writes permalinks (or "element" / "attribute": that form)
/// anchor-placement = "below"    # below | after-blank: where id puts anchors in a document without any
/// exclude = ["vendor", "docs/generated/**"]
/// allow-folds = false
/// links = true                  # check verifies local links
/// hidden = false                # walks enter hidden directories (never .git)
/// fragment-case = "warning"     # warning | error: a fragment that matches only ignoring case
/// base-revision = "HEAD"        # where the language server takes old slugs from
/// site-root = "docs"            # the site's docs directory, for diff --redirects=FORMAT
/// site = "none"                 # read every file as CommonMark; or the path of a site's configuration
/// strict = false                # check/links --since: findings that existed at REV fail too
/// allow-removed = ["docs/old.md#legacy-*"]   # removals check --since accepts (PATH#ID, globs)
/// removed = "all"               # all | linked: which removed sections check --since refuses
///
/// [number]
/// levels = "2-4"
///
/// [toc]
/// depth = 3
/// ```
///
/// Read strictly: an unknown key or table, a wrong type, and anything of TOML these keys do not need
/// (floats, dates, inline tables, dotted or quoted keys, multi-line strings) is an error at its line,
/// never a silent misreading. Command-line options win over the file.
public struct Config: Sendable, Equatable {
    public enum AnchorPlacement: String, Sendable { case below, afterBlank = "after-blank" }

    /// Every surface the documents are published on (`slugs`, else the site's profile), nil when
    /// neither names one.
    public var surfaces: [SlugProfile]? { slugs.map { [$0] + moreSlugs } ?? site?.profile.map { [$0] } }
    /// The slug profile links are written and resolved with: `slugs`, else the site's (format.md
    /// §16), else github's.
    public var profile: SlugProfile { slugs ?? site?.profile ?? .github }
    /// How the file at `path` is read: the site's dialect, or CommonMark's; MDX where the site reads
    /// it so (Docusaurus' `markdown.format`), else for a `.mdx` file (format.md §16).
    public func dialect(for path: String) -> Dialect {
        var dialect = site?.dialect ?? .commonMark
        dialect.mdx = site?.readsAsMDX(path) ?? LocalLink.isMDX(path)
        return dialect
    }

    /// The site that publishes the files these settings are for (format.md §16): found from the
    /// files' directory upwards, never read from `.outline.toml` itself; nil outside every site.
    public var site: Site?
    /// `strict = true`: `check --since` and `links --since` count the findings that existed at the
    /// revision too (format.md §12).
    public var strict: Bool?
    /// `site = "none"` (every file CommonMark) or `site = "PATH"` (this configuration, relative
    /// to the file's directory): which site to read, instead of the nearest.
    public var siteChoice: String?

    /// The first of `slugs`: the profile commands that write links write for.
    public var slugs: SlugProfile?
    /// `slugs = ["github", "hugo"]` (or `"github,hugo"`): the other surfaces `check` verifies links on.
    public var moreSlugs: [SlugProfile] = []
    public var linkable: Bool?
    /// `linkable = "element"` or `"attribute"`: permalinks in that form, whatever the surfaces.
    public var linkableForm: LinkableForm?
    public var anchorPlacement: AnchorPlacement?
    public var exclude: [String] = []
    /// The directory of the file these settings came from (absolute, symbolic links resolved), which
    /// its `exclude` patterns are relative to; nil for none or for `--config FILE` (relative to the
    /// current directory, as command-line patterns are).
    public var directory: String?
    public var allowFolds: Bool?
    public var links: Bool?
    public var numberLevels: ClosedRange<Int>?
    public var tocDepth: Int?
    /// `allow-removed`: `PATH#ID` patterns (globs on either side, paths relative to this file's
    /// directory) or bare IDs whose removal `check --since`/`--against` accepts.
    public var allowRemoved: [String] = []
    /// `removed = "linked"`: only a removal something links to is refused (format.md §10); nil or
    /// `"all"`: every anchored section is kept stable.
    public var removedLinkedOnly: Bool?
    /// `hidden`: directory walks enter hidden directories (`.github/`), `.git` never.
    public var hidden: Bool?
    /// `fragment-case = "error"`: under the `github` profile, a fragment that matches a target only
    /// ignoring case is a finding (the tree is also published somewhere case-sensitive), not a warning.
    public var fragmentCaseIsError: Bool?
    /// `base-revision`: the revision the language server takes "old slugs" from (default `HEAD`).
    public var baseRevision: String?
    /// `site-root`: the site's docs directory (MkDocs' `docs_dir`, Sphinx's source directory), relative
    /// to the config file's directory: what `diff --redirects=FORMAT` makes its paths relative to.
    public var siteRoot: String?
    /// `[translation]` (format.md §17), as written.
    public var translation = TranslationSettings()

    public init() {}

    /// The file name outline looks for.
    public static let fileName = ".outline.toml"

    /// Reads a config file's bytes; errors are located at `path:LINE`.
    public static func parse(_ bytes: [UInt8], path: String) throws -> Config {
        var config = Config()
        func fail(_ line: Int, _ message: String) -> Diagnostic {
            Diagnostic(.error, .config, path: path, line: line, message)
        }
        // Every mistake of the file at once, in line order, as a compiler reports them.
        var errors: [Diagnostic] = []
        let (entries, syntax) = try ConfigEntries.read(bytes, path: path)
        errors += syntax
        for entry in entries {
          do {
            let line = entry.line
            func string() throws -> String {
                guard case .string(let s) = entry.value else { throw fail(line, "'\(entry.name)' needs a string, not \(entry.value.typeName)") }
                return s
            }
            func bool() throws -> Bool {
                guard case .bool(let b) = entry.value else { throw fail(line, "'\(entry.name)' needs true or false, not \(entry.value.typeName)") }
                return b
            }
            switch (entry.table, entry.key) {
            case (nil, "slugs"):
                let names: [String]
                switch entry.value {
                case .string(let s): names = s.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                case .strings(let list) where !list.isEmpty: names = list
                default: throw fail(line, "'slugs' needs a profile name or an array of them, not \(entry.value.typeName)")
                }
                var profiles: [SlugProfile] = []
                for raw in names {
                    guard let profile = SlugProfile(rawValue: raw) else {
                        throw fail(line, "'slugs' must be \(SlugProfile.allCases.dropLast().map(\.rawValue).joined(separator: ", ")) or \(SlugProfile.allCases.last!.rawValue), not '\(raw)'" + Suggestion.hint(raw, among: SlugProfile.allCases.map(\.rawValue)))
                    }
                    if !profiles.contains(profile) { profiles.append(profile) }
                }
                config.slugs = profiles[0]
                config.moreSlugs = Array(profiles.dropFirst())
            case (nil, "linkable"):
                if case .string(let s) = entry.value {
                    guard let form = LinkableForm(rawValue: s) else {
                        throw fail(line, "'linkable' needs true, false, \"element\" or \"attribute\", not '\(s)'")
                    }
                    config.linkable = true
                    config.linkableForm = form
                } else if case .bool(let b) = entry.value {
                    config.linkable = b
                } else {
                    throw fail(line, "'linkable' needs true, false, \"element\" or \"attribute\", not \(entry.value.typeName)")
                }
            case (nil, "anchor-placement"):
                let raw = try string()
                guard let placement = AnchorPlacement(rawValue: raw) else {
                    throw fail(line, "'anchor-placement' must be below or after-blank, not '\(raw)'")
                }
                config.anchorPlacement = placement
            case (nil, "exclude"):
                guard case .strings(let globs) = entry.value else { throw fail(line, "'exclude' needs an array of strings, not \(entry.value.typeName)") }
                for glob in globs where Glob(glob) == nil { throw fail(line, "'exclude' has a bad glob '\(glob)'") }
                config.exclude = globs
            case (nil, "allow-folds"): config.allowFolds = try bool()
            case (nil, "allow-removed"):
                switch entry.value {
                case .strings(let globs): config.allowRemoved = globs
                case .string(let glob): config.allowRemoved = [glob]
                default: throw fail(line, "'allow-removed' needs an array of IDs or globs, not \(entry.value.typeName)")
                }
                for glob in config.allowRemoved where RemovalPattern(glob, origin: .config(path)) == nil {
                    throw fail(line, "'allow-removed' has a bad pattern '\(glob)' (PATH#ID or ID, globs on either side)")
                }
            case (nil, "removed"):
                let raw = try string()
                guard raw == "all" || raw == "linked" else { throw fail(line, "'removed' must be all or linked, not '\(raw)'") }
                config.removedLinkedOnly = raw == "linked"
            case (nil, "links"): config.links = try bool()
            case (nil, "hidden"): config.hidden = try bool()
            case (nil, "fragment-case"):
                let raw = try string()
                guard raw == "warning" || raw == "error" else {
                    throw fail(line, "'fragment-case' must be warning or error, not '\(raw)'")
                }
                config.fragmentCaseIsError = raw == "error"
            case (nil, "site-root"):
                let raw = try string()
                guard !raw.isEmpty, !raw.hasPrefix("/") else { throw fail(line, "'site-root' needs a directory relative to this file, not '\(raw)'") }
                config.siteRoot = raw
            case (nil, "strict"): config.strict = try bool()
            case (nil, "site"):
                let raw = try string()
                guard !raw.isEmpty else { throw fail(line, "'site' needs \"none\" or the path of a site's configuration (\(SiteGenerators.examples))") }
                config.siteChoice = raw
            case (nil, "base-revision"):
                let raw = try string()
                guard !raw.isEmpty, !raw.hasPrefix("-"), !raw.contains(where: { $0.isWhitespace || $0 == ":" }) else {
                    throw fail(line, "'base-revision' needs a git revision (HEAD, main, v1.2), not '\(raw)'")
                }
                config.baseRevision = raw
            case ("number", "levels"):
                let raw = try string()
                guard let levels = Config.levels(raw) else {
                    throw fail(line, "'levels' needs a level A or a range A-B with 1 ≤ A ≤ B ≤ 6, not '\(raw)'")
                }
                config.numberLevels = levels
            case ("toc", "depth"):
                guard case .integer(let n) = entry.value else { throw fail(line, "'depth' needs a whole number, not \(entry.value.typeName)") }
                guard (1...6).contains(n) else { throw fail(line, "'depth' must be from 1 to 6, not \(n)") }
                config.tocDepth = n
            case ("translation", let key):
                do { try config.translation.read(key, entry.value) } catch { throw fail(line, error.message) }
            case (let table?, let key):
                let known = table == "number" ? ["levels"] : table == "toc" ? ["depth"] : []
                throw fail(line, "unknown key '\(key)' in [\(table)]" + Suggestion.hint(key, among: known))
            case (nil, let key):
                throw fail(line, "unknown key '\(key)'" + Suggestion.hint(key, among: Config.topLevelKeys))
            }
          } catch let error as Diagnostic {
            errors.append(error)
          }
        }
        if let problem = config.translation.problem { errors.append(fail(entries.first { $0.table == "translation" }?.line ?? 1, problem)) }
        errors.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        if errors.count == 1 { throw errors[0] }
        if !errors.isEmpty { throw Diagnostics(errors) }
        return config
    }

    static let topLevelKeys = ["slugs", "linkable", "anchor-placement", "exclude", "allow-folds", "allow-removed", "links",
                               "hidden", "fragment-case", "base-revision", "site-root", "site", "strict", "removed"]
    static let tables = ["number", "toc", "translation"]

    /// `A-B` or `A`, with 1 ≤ A ≤ B ≤ 6 (as `--levels` takes it).
    public static func levels(_ raw: String) -> ClosedRange<Int>? {
        let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let a = Int(parts[0]), let b = Int(parts.last!), 1 <= a, a <= b, b <= 6 else { return nil }
        return a...b
    }
}
