/// "did you mean": the nearest known name to a mistyped one, as git and cargo suggest them.
public enum Suggestion {
    /// ` (did you mean 'PREFIX+NAME'?)` for the nearest of `names`, or "" when none is near: at most a
    /// third of the typed length in edits (at least one), or a name the typed word is a prefix of.
    public static func hint(_ typed: String, among names: [String], prefix: String = "") -> String {
        guard let best = nearest(typed, among: names) else { return "" }
        return " (did you mean '\(prefix)\(best)'?)"
    }

    public static func nearest(_ typed: String, among names: [String]) -> String? {
        guard !typed.isEmpty else { return nil }
        let limit = max(1, typed.count / 3)
        let length = typed.count
        var best: (name: String, distance: Int)? = nil
        for name in names {
            // Names whose length alone puts them too far are skipped (a link target list can be long).
            guard abs(name.utf8.count - typed.utf8.count) <= limit * 4, abs(name.count - length) <= limit else { continue }
            let d = distance(typed, name, limit: min(limit, (best?.distance ?? .max) - 1))
            if d <= limit, d < (best?.distance ?? .max) { best = (name, d) }
        }
        if let best { return best.name }
        // The one name the typed word begins, if only one.
        var only: String? = nil
        for name in names where name.hasPrefix(typed) {
            if only != nil { return nil }
            only = name
        }
        return only
    }

    /// Levenshtein distance with adjacent transpositions (optimal string alignment), on characters;
    /// stops early (returning more than `limit`) once every alignment costs more than `limit`.
    static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            if current.min()! > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }
}
