/// A value of a site generator's configuration (`mkdocs.yml`, a Sphinx `conf.py`, Hugo's
/// `hugo.toml`), as outline's own readers give it: read, never executed. Scalars stay text (`plain`
/// says whether it was written bare, so that `true`, `null` and `12` keep their meaning only then);
/// a YAML tag is kept with its node (`!ENV`, `!!python/name:pymdownx.slugs.uslugify`), for the
/// caller to interpret.
public indirect enum ConfigValue: Sendable, Equatable {
    case scalar(String, plain: Bool)
    case list([ConfigValue])
    case map([Pair])
    case tagged(String, ConfigValue)
    case null

    public struct Pair: Sendable, Equatable {
        public let key: String
        public let value: ConfigValue
    }

    /// The value of `key` in a mapping (the last one written, as PyConfigValue keeps); nil otherwise.
    public subscript(key: String) -> ConfigValue? {
        guard case .map(let pairs) = untagged else { return nil }
        return pairs.last { $0.key == key }?.value
    }

    /// The node without its tag.
    public var untagged: ConfigValue {
        if case .tagged(_, let value) = self { return value.untagged }
        return self
    }

    public var tag: String? {
        if case .tagged(let tag, _) = self { return tag }
        return nil
    }

    /// A scalar's text (quoted or plain); nil for a collection or null.
    public var string: String? {
        if case .scalar(let s, _) = untagged { return s }
        return nil
    }

    /// A plain scalar's ConfigValue 1.1 boolean (`true`, `false`, `yes`, `no`, `on`, `off`, as PyConfigValue reads them).
    public var bool: Bool? {
        guard case .scalar(let s, true) = untagged else { return nil }
        switch s.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    public var int: Int? {
        guard case .scalar(let s, true) = untagged else { return nil }
        return Int(s)
    }

    public var list: [ConfigValue]? {
        if case .list(let items) = untagged { return items }
        return nil
    }

    public var pairs: [Pair]? {
        if case .map(let pairs) = untagged { return pairs }
        return nil
    }

    public var isNull: Bool {
        switch untagged {
        case .null: return true
        case .scalar(let s, true): return s == "~" || s == "null" || s == "Null" || s == "NULL" || s.isEmpty
        default: return false
        }
    }

    /// Reads the first ConfigValue document of `bytes`; a syntax outline does not read is an error at its
    /// line (`Diagnostic.line`), never a silent misreading.
    public static func yaml(_ bytes: [UInt8]) throws -> ConfigValue {
        var reader = YAMLReader(bytes)
        return try reader.document()
    }
}

extension ConfigValue {
    /// `self` over `parent`: mappings merged key by key, anything else replaced (mergedeep's
    /// default, which MkDocs uses for `INHERIT`; Hugo merges `config/_default/` so too). A value
    /// from one side only is shared, never copied.
    ///
    /// Bounded (format.md §11): every pair of a mapping it makes is spent from `budget`, so that
    /// two sides sharing YAML aliases (a mapping of ten `*a`, each ten `*b`, …) cannot make it walk
    /// a billion nodes; nil once the budget is spent.
    func merged(over parent: ConfigValue, budget: inout NodeBudget) -> ConfigValue? {
        var depth = Depth()
        return ConfigValue.merge(parent, self, &budget, &depth)
    }

    private static func merge(_ parent: ConfigValue, _ child: ConfigValue, _ budget: inout NodeBudget, _ depth: inout Depth) -> ConfigValue? {
        guard let parentPairs = parent.pairs, let childPairs = child.pairs else { return child }
        guard budget.spend(parentPairs.count + childPairs.count), depth.enter() else { return nil }
        defer { depth.leave() }
        var pairs = parentPairs
        // The first pair of each key, as the mapping is searched from its start.
        var index: [String: Int] = [:]
        for (k, pair) in pairs.enumerated() where index[pair.key] == nil { index[pair.key] = k }
        for pair in childPairs {
            if let k = index[pair.key] {
                guard let value = merge(pairs[k].value, pair.value, &budget, &depth) else { return nil }
                pairs[k] = .init(key: pair.key, value: value)
            } else {
                index[pair.key] = pairs.count
                pairs.append(pair)
            }
        }
        return .map(pairs)
    }
}
