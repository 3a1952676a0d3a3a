import OutlineCore

/// One option of the command line, as the one table (`Flags.all`) declares it, after ripgrep's
/// `crates/core/flags/defs.rs`: its names, its value, the commands it belongs to, its help, and how it
/// sets the typed `Arguments`. Parsing, `--help`, the usage lines, the completion scripts and the man
/// page's synopses and option headings all come from these values (`Usage`, `Completions`).
struct Flag: Sendable {
    enum Value: Equatable, Sendable {
        case none
        /// `--since REV`: the next argument, or after `=`.
        case required(String)
        /// `--redirects[=FORMAT]`, as git's `--color[=WHEN]`: only after `=`, never the next argument.
        case optional(String)
    }
    /// What a value completes to in a shell (besides `choices`).
    enum Completion: Equatable, Sendable { case none, files, directories }

    let long: String
    let short: Character?
    let value: Value
    let repeatable: Bool
    /// The values accepted when they are a fixed set (for completions and help).
    let choices: [String]
    let completes: Completion
    let commands: [Command]
    /// Flags of one command in the same group exclude one another (`-w`, `--check`, `--diff`, `-o`):
    /// the parser refuses two, and the usage line shows them as `[-w | --check | --diff | -o FILE]`.
    let group: String?
    /// Shown without brackets in the usage line (`unfold --from ORIGINAL`); the command says what is
    /// missing when it is not given.
    let required: Bool
    /// Documented in the man page's OPTIONS section (shared by many commands) rather than under its
    /// command.
    let common: Bool
    let help: String
    let apply: @Sendable (inout Arguments, String?) throws -> Void

    /// A flag without a value.
    init(_ long: String, short: Character? = nil, _ commands: [Command], group: String? = nil, common: Bool = false, _ help: String,
         set: @escaping @Sendable (inout Arguments) throws -> Void) {
        self.long = long; self.short = short; self.value = .none; self.repeatable = false; self.choices = []
        self.completes = .none; self.commands = commands; self.group = group; self.required = false; self.common = common
        self.help = help
        self.apply = { arguments, _ in try set(&arguments) }
    }

    /// An option with a value (`optional`: only after `=`).
    init(_ long: String, short: Character? = nil, value name: String, optional: Bool = false, _ commands: [Command], repeatable: Bool = false,
         choices: [String] = [], completes: Completion = .none, group: String? = nil, required: Bool = false, common: Bool = false,
         _ help: String, set: @escaping @Sendable (inout Arguments, String?) throws -> Void) {
        self.long = long; self.short = short; self.value = optional ? .optional(name) : .required(name); self.repeatable = repeatable
        self.choices = choices; self.completes = completes; self.commands = commands; self.group = group; self.required = required
        self.common = common; self.help = help
        self.apply = set
    }

    /// The value's name (`REV`), nil for a flag.
    var valueName: String? {
        switch value {
        case .none: return nil
        case .required(let name), .optional(let name): return name
        }
    }
}

/// How option values are read, one way for every flag that takes the kind (the messages name the
/// option and, for a near miss, the value meant).
enum Values {
    /// A choice among an enum's raw values.
    static func choice<T: RawRepresentable & CaseIterable>(_ raw: String, option: String, as type: T.Type) throws -> T where T.RawValue == String {
        if let value = T(rawValue: raw) { return value }
        let names = T.allCases.map(\.rawValue)
        throw UsageError(message: "--\(option) must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), not '\(raw)'" + Suggestion.hint(raw, among: names))
    }

    /// `--slugs NAME[,NAME...]`: every surface the documents are published on, each once.
    static func slugs(_ raw: String) throws -> [SlugProfile] {
        let names = SlugProfile.allCases.map(\.rawValue)
        var profiles: [SlugProfile] = []
        for name in raw.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let profile = SlugProfile(rawValue: name) else {
                throw UsageError(message: "--slugs must be \(names.dropLast().joined(separator: ", ")) or \(names.last!) (or several, comma-separated), not '\(name)'" + Suggestion.hint(name, among: names))
            }
            if !profiles.contains(profile) { profiles.append(profile) }
        }
        return profiles
    }

    /// `--depth N`: a whole number of at least 1.
    static func depth(_ raw: String) throws -> Int {
        if !raw.isEmpty, raw.allSatisfy(\.isASCII), raw.allSatisfy(\.isNumber), Int(raw) == nil {
            throw UsageError(message: "--depth \(raw) is out of range (at most \(Int.max))")
        }
        guard let n = Int(raw), n >= 1 else { throw UsageError(message: "--depth needs a whole number of at least 1, not '\(raw)'") }
        return n
    }

    /// `--levels A-B` (or a single level A).
    static func levels(_ raw: String) throws -> ClosedRange<Int> {
        guard let levels = Config.levels(raw) else {
            throw UsageError(message: "--levels needs a level A or a range A-B with 1 ≤ A ≤ B ≤ 6, not '\(raw)'")
        }
        return levels
    }

    /// `--allow-removed PATTERN`: an ID or a glob.
    static func glob(_ pattern: String, option: String) throws -> Glob {
        guard let glob = Glob(pattern) else { throw UsageError(message: "--\(option) needs an ID or a glob, not '\(pattern)'") }
        return glob
    }

    /// `--exclude GLOB`: a path-aware glob, as gitignore reads one.
    static func pathGlob(_ pattern: String) throws -> Glob {
        guard let glob = Glob(pattern, pathAware: true) else { throw UsageError(message: "--exclude needs a glob, not '\(pattern)'") }
        return glob
    }

    /// `--fail-on a,b`: statuses, or `none`.
    static func statuses(_ raw: String) throws -> Set<TranslationState> {
        if raw == "none" { return [] }
        var states = Set<TranslationState>()
        for name in raw.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let state = TranslationState(rawValue: name) else {
                throw UsageError(message: "--fail-on takes statuses (\(TranslationState.allCases.map(\.rawValue).joined(separator: ", ")) or none), not '\(name)'"
                                 + Suggestion.hint(name, among: TranslationState.allCases.map(\.rawValue)))
            }
            states.insert(state)
        }
        return states
    }

    /// A file name that must not be empty (`-o ''` would write nowhere).
    static func nonEmpty(_ raw: String, option: String, what: String) throws -> String {
        if raw.isEmpty { throw UsageError(message: "--\(option) needs \(what)") }
        return raw
    }

    /// The slug profiles as help texts list them: `github (the default), gitlab, … or myst`.
    static func slugNames(_ style: SlugListStyle = .defaultMarked) -> String {
        let names = SlugProfile.allCases.map(\.rawValue)
        switch style {
        case .defaultMarked:
            return "\(names[0]) (the default), " + names.dropFirst().dropLast().joined(separator: ", ") + " or \(names.last!)"
        case .defaultInline:
            return "\(names[0]), the default, " + names.dropFirst().dropLast().joined(separator: ", ") + " or \(names.last!)"
        case .plain:
            return names.joined(separator: ", ")
        }
    }

    enum SlugListStyle { case defaultMarked, defaultInline, plain }
}
