/// YAML merge keys (`<<: *base`, `<<: [*a, *b]`) applied as PyYAML 6.0.4 applies them (MkDocs' and
/// Zensical's reader; measured against it by `YAMLReaderTests`): the merged mappings' pairs first,
/// in the order written (so a later mapping of a list wins over an earlier one, unlike PyYAML 5 and
/// the YAML 1.1 draft), then the mapping's own, which win over all of them; one pair a key, where it
/// first appeared, holding the value that wins. Only a plain `<<` key is one (`"<<"` is a key).
enum YAMLMergeKeys {
    enum Failure: Error, CustomStringConvertible {
        case notMappings, overBudget
        var description: String {
            switch self {
            case .notMappings: return "a merge key ('<<') takes a mapping or a list of mappings"
            case .overBudget: return "merge keys ('<<') copy more than \(Nesting.mergeBudget) pairs"
            }
        }
    }

    /// The mapping of `own` pairs with `merges` (each a `<<` key's value) applied. Bounded (format.md
    /// §11): the pairs merges copy are spent from `budget` before they are copied, so that
    /// `<<: [*a, *a, …]` and merges of merges cannot multiply them.
    static func merged(_ own: [ConfigValue.Pair], _ merges: [ConfigValue], budget: inout NodeBudget) throws(Failure) -> ConfigValue {
        guard !merges.isEmpty else { return .map(own) }
        var inherited: [ConfigValue.Pair] = []
        for merge in merges {
            guard let mappings = merge.pairs.map({ [$0] }) ?? merge.list?.map(\.pairs) else { throw .notMappings }
            for pairs in mappings {
                guard let pairs else { throw .notMappings }
                guard budget.spend(pairs.count) else { throw .overBudget }
                inherited += pairs
            }
        }
        var result: [ConfigValue.Pair] = []
        var index: [String: Int] = [:]
        for pair in inherited + own {
            if let k = index[pair.key] { result[k] = pair } else { index[pair.key] = result.count; result.append(pair) }
        }
        return .map(result)
    }
}

extension YAMLReader {
    /// A mapping with its merge keys applied, or an error at the current line.
    mutating func merged(_ own: [ConfigValue.Pair], _ merges: [ConfigValue]) throws -> ConfigValue {
        do { return try YAMLMergeKeys.merged(own, merges, budget: &mergeBudget) } catch { throw fail(error.description) }
    }
}
