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
    /// `allow-removed`: IDs (or globs) whose removal `check --since`/`--against` accepts.
    public var allowRemoved: [String] = []
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
        let (entries, syntax) = try TOMLSubset.parse(bytes, path: path)
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
                for glob in config.allowRemoved where Glob(glob) == nil { throw fail(line, "'allow-removed' has a bad glob '\(glob)'") }
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
                guard !raw.isEmpty else { throw fail(line, "'site' needs \"none\" or the path of a site's configuration (mkdocs.yml, conf.py, docusaurus.config.js)") }
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
                               "hidden", "fragment-case", "base-revision", "site-root", "site", "strict"]
    static let tables = ["number", "toc", "translation"]

    /// `A-B` or `A`, with 1 ≤ A ≤ B ≤ 6 (as `--levels` takes it).
    public static func levels(_ raw: String) -> ClosedRange<Int>? {
        let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let a = Int(parts[0]), let b = Int(parts.last!), 1 <= a, a <= b, b <= 6 else { return nil }
        return a...b
    }
}

/// The part of TOML `.outline.toml` needs: comments, `[table]` headers, `key = value` with bare keys,
/// and values that are basic or literal strings, integers, booleans or arrays of strings (over several
/// lines too). Everything else is an error naming what is not supported.
enum TOMLSubset {
    enum Value: Equatable {
        case string(String), integer(Int), bool(Bool), strings([String])

        var typeName: String {
            switch self {
            case .string: return "a string"
            case .integer: return "an integer"
            case .bool: return "a boolean"
            case .strings: return "an array"
            }
        }
    }

    struct Entry: Equatable {
        let table: String?
        let key: String
        let value: Value
        let line: Int
        var name: String { table.map { "\($0).\(key)" } ?? key }
    }

    /// The entries, and the syntax errors of the lines that could not be read (each such line is
    /// skipped, so that one run reports every mistake).
    static func parse(_ bytes: [UInt8], path: String) throws -> ([Entry], [Diagnostic]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic(.error, .config, path: path, "not valid UTF-8")
        }
        var reader = Reader(Array(text.unicodeScalars), path: path)
        let entries = reader.document()
        return (entries, reader.errors)
    }

    struct Reader {
        let s: [Unicode.Scalar]
        let path: String
        var i = 0
        var line = 1
        var errors: [Diagnostic] = []

        init(_ s: [Unicode.Scalar], path: String) {
            self.s = s
            self.path = path
            if s.first == "\u{FEFF}" { i = 1 }
        }

        func fail(_ message: String, at line: Int? = nil) -> Diagnostic {
            Diagnostic(.error, .config, path: path, line: line ?? self.line, message)
        }

        var atEnd: Bool { i >= s.count }
        var current: Unicode.Scalar? { i < s.count ? s[i] : nil }

        mutating func skipBlanks() {
            while let c = current, c == " " || c == "\t" { i += 1 }
        }

        /// Blanks, then a comment, then the end of the line (or of the file).
        mutating func endOfLine() throws {
            skipBlanks()
            if current == "#" {
                while let c = current, c != "\n" {
                    if c.value < 0x20 && c != "\t" && c != "\r" { throw fail("control character in a comment") }
                    i += 1
                }
            }
            if current == "\r" && i + 1 < s.count && s[i + 1] == "\n" { i += 1 }
            guard let c = current else { return }
            guard c == "\n" else { throw fail("unexpected '\(c)' (one key = value per line)") }
            i += 1
            line += 1
        }

        /// Skips the rest of a line that could not be read.
        mutating func skipLine() {
            while let c = current, c != "\n" { i += 1 }
            if current == "\n" { i += 1; line += 1 }
        }

        mutating func document() -> [Entry] {
            var entries: [Entry] = []
            var table: String? = nil
            var seen = Set<String>()
            var tablesSeen = Set<String>()
            while !atEnd {
              do {
                skipBlanks()
                guard let c = current else { break }
                if c == "\n" || c == "\r" || c == "#" { try endOfLine(); continue }
                if c == "[" {
                    let at = line
                    i += 1
                    if current == "[" { throw fail("arrays of tables ([[...]]) are not supported in .outline.toml") }
                    skipBlanks()
                    let name = try bareKey()
                    skipBlanks()
                    guard current == "]" else { throw fail(current == "." ? "dotted table names are not supported in .outline.toml" : "expected ']' after the table name") }
                    i += 1
                    guard Config.tables.contains(name) else {
                        throw fail("unknown table [\(name)]" + Suggestion.hint(name, among: Config.tables), at: at)
                    }
                    guard tablesSeen.insert(name).inserted else { throw fail("table [\(name)] defined twice", at: at) }
                    table = name
                    try endOfLine()
                    continue
                }
                let at = line
                let key = try bareKey()
                skipBlanks()
                if current == "." { throw fail("dotted keys are not supported in .outline.toml (use a [table])") }
                guard current == "=" else { throw fail("expected '=' after '\(key)'") }
                i += 1
                skipBlanks()
                let value = try self.value(for: key)
                let name = table.map { "\($0).\(key)" } ?? key
                guard seen.insert(name).inserted else { throw fail("'\(name)' is set twice", at: at) }
                entries.append(Entry(table: table, key: key, value: value, line: at))
                try endOfLine()
              } catch let error as Diagnostic {
                // A string over several lines may have moved past the line the error is on.
                errors.append(error)
                if (error.line ?? line) >= line { skipLine() }
              } catch {
                skipLine()
              }
            }
            return entries
        }

        mutating func bareKey() throws -> String {
            var key = String.UnicodeScalarView()
            while let c = current, ("0"..."9").contains(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "-" || c == "_" {
                key.append(c)
                i += 1
            }
            if key.isEmpty {
                if current == "\"" || current == "'" { throw fail("quoted keys are not supported in .outline.toml") }
                throw fail(current.map { "expected a key, not '\($0)'" } ?? "expected a key")
            }
            return String(key)
        }

        mutating func value(for key: String = "key") throws -> Value {
            guard let c = current else { throw fail("a value is missing") }
            if c.properties.isAlphabetic && !matches("true") && !matches("false") {
                // `slugs = github`: a bare word is what people write for a string.
                var word = ""
                var k = i
                while k < s.count, s[k] != " ", s[k] != "\t", s[k] != "#", s[k] != "\n", s[k] != "\r" { word.unicodeScalars.append(s[k]); k += 1 }
                if key == "linkable" { throw fail("'linkable' needs true, false, \"element\" or \"attribute\", not '\(word)'") }
                if ["allow-folds", "links"].contains(key) { throw fail("'\(key)' needs true or false, not '\(word)'") }
                throw fail("strings need quotes: \(key) = \"\(word)\"")
            }
            switch c {
            case "\"", "'": return .string(try string())
            case "[": return .strings(try array())
            case "{": throw fail("inline tables are not supported in .outline.toml")
            case "t", "f":
                for (word, value) in [("true", true), ("false", false)] where matches(word) {
                    i += word.unicodeScalars.count
                    return .bool(value)
                }
                throw fail("expected true or false")
            default:
                return .integer(try integer())
            }
        }

        func matches(_ word: String) -> Bool {
            let w = Array(word.unicodeScalars)
            guard i + w.count <= s.count, Array(s[i..<(i + w.count)]) == w else { return false }
            if i + w.count < s.count {
                let next = s[i + w.count]
                if ("a"..."z").contains(next) || ("A"..."Z").contains(next) || ("0"..."9").contains(next) || next == "_" || next == "-" { return false }
            }
            return true
        }

        mutating func integer() throws -> Int {
            var digits = ""
            if current == "+" || current == "-" { digits.unicodeScalars.append(current!); i += 1 }
            var last: Unicode.Scalar? = nil
            while let c = current, ("0"..."9").contains(c) || c == "_" {
                if c == "_" {
                    guard let l = last, ("0"..."9").contains(l) else { throw fail("a '_' in a number must stand between digits") }
                } else {
                    digits.unicodeScalars.append(c)
                }
                last = c
                i += 1
            }
            if last == "_" { throw fail("a '_' in a number must stand between digits") }
            if let c = current, c == "." || c == "e" || c == "E" || c == ":" || c == "-" || c == "x" || c == "o" || c == "b" {
                throw fail("only whole decimal numbers are supported in .outline.toml")
            }
            let unsigned = digits.hasPrefix("+") || digits.hasPrefix("-") ? String(digits.dropFirst()) : digits
            guard !unsigned.isEmpty else {
                throw fail(current.map { "expected a value (a string, a number, true, false or an array), not '\($0)'" } ?? "a value is missing")
            }
            if unsigned.count > 1 && unsigned.hasPrefix("0") { throw fail("leading zeros are not allowed in a number") }
            guard let n = Int(digits) else { throw fail("number out of range") }
            return n
        }

        mutating func string() throws -> String {
            let quote = current!
            if i + 2 < s.count && s[i + 1] == quote && s[i + 2] == quote {
                throw fail("multi-line strings are not supported in .outline.toml")
            }
            i += 1
            var out = String.UnicodeScalarView()
            while true {
                guard let c = current, c != "\n", c != "\r" else { throw fail("unterminated string") }
                i += 1
                if c == quote { break }
                if c.value < 0x20 && c != "\t" || c.value == 0x7F { throw fail("control character in a string") }
                if c == "\\" && quote == "\"" {
                    guard let e = current else { throw fail("unterminated string") }
                    i += 1
                    switch e {
                    case "\"": out.append("\"")
                    case "\\": out.append("\\")
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "b": out.append("\u{8}")
                    case "f": out.append("\u{C}")
                    case "u", "U":
                        let count = e == "u" ? 4 : 8
                        guard i + count <= s.count else { throw fail("bad \\\(e) escape") }
                        let hex = String(String.UnicodeScalarView(s[i..<(i + count)]))
                        guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else { throw fail("bad \\\(e) escape") }
                        out.append(scalar)
                        i += count
                    default: throw fail("unknown escape '\\\(e)' in a string")
                    }
                } else {
                    out.append(c)
                }
            }
            return String(out)
        }

        /// `[ "a", 'b', ]`, over several lines, with comments between the items.
        mutating func array() throws -> [String] {
            i += 1
            var items: [String] = []
            func skipSpace() throws {
                while let c = current {
                    if c == " " || c == "\t" { i += 1 }
                    else if c == "\n" { i += 1; line += 1 }
                    else if c == "\r", i + 1 < s.count, s[i + 1] == "\n" { i += 2; line += 1 }
                    else if c == "#" { while let d = current, d != "\n" { i += 1 } }
                    else { break }
                }
            }
            try skipSpace()
            while current != "]" {
                guard let c = current else { throw fail("unterminated array") }
                guard c == "\"" || c == "'" else { throw fail("only arrays of strings are supported in .outline.toml") }
                items.append(try string())
                try skipSpace()
                if current == "," { i += 1; try skipSpace() } else if current != "]" { throw fail("expected ',' or ']' in an array") }
            }
            i += 1
            return items
        }
    }
}
