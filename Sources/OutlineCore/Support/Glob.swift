/// A shell-style pattern, as `--allow-removed` and `--exclude` take them: `*` (any run of characters;
/// with `pathAware`, none of them `/`), `**` (any run, `/` included), `?` (one character), `[abc]`,
/// `[a-z]` and `[!abc]` (one character of a set), `\x` (the character x). Matching is on Unicode
/// scalars, case-sensitive, whole string.
public struct Glob: Sendable, Equatable {
    public let pattern: String
    let pathAware: Bool
    private let scalars: [Unicode.Scalar]

    /// Fails (nil) on an empty pattern or an unclosed `[`.
    public init?(_ pattern: String, pathAware: Bool = false) {
        guard !pattern.isEmpty else { return nil }
        self.pattern = pattern
        self.pathAware = pathAware
        self.scalars = Array(pattern.unicodeScalars)
        var k = 0
        while k < scalars.count {
            if scalars[k] == "\\" { k += 2; continue }
            if scalars[k] == "[" {
                guard Glob.classEnd(scalars, from: k) != nil else { return nil }
            }
            k += 1
        }
    }

    public func matches(_ text: String) -> Bool {
        Glob.match(scalars, 0, Array(text.unicodeScalars), 0, pathAware: pathAware)
    }

    /// Index just past the `]` closing the class that opens at `open`.
    private static func classEnd(_ p: [Unicode.Scalar], from open: Int) -> Int? {
        var k = open + 1
        if k < p.count && (p[k] == "!" || p[k] == "^") { k += 1 }
        if k < p.count && p[k] == "]" { k += 1 }   // `[]x]`: a leading `]` is literal
        while k < p.count && p[k] != "]" { k += 1 }
        return k < p.count ? k + 1 : nil
    }

    private static func classMatches(_ p: [Unicode.Scalar], _ open: Int, _ end: Int, _ c: Unicode.Scalar) -> Bool {
        var k = open + 1
        var negated = false
        if p[k] == "!" || p[k] == "^" { negated = true; k += 1 }
        var found = false
        var first = true
        while k < end - 1 {
            if p[k] == "]" && !first { break }
            first = false
            if k + 2 < end - 1, p[k + 1] == "-" {
                if p[k].value <= c.value && c.value <= p[k + 2].value { found = true }
                k += 3
            } else {
                if p[k] == c { found = true }
                k += 1
            }
        }
        return found != negated
    }

    /// Backtracking match (`*` runs collapsed). Its cost grows with the number of `*`s; patterns and the
    /// IDs and paths they match are short.
    private static func match(_ p: [Unicode.Scalar], _ pi: Int, _ t: [Unicode.Scalar], _ ti: Int, pathAware: Bool) -> Bool {
        var pi = pi, ti = ti
        while pi < p.count {
            let c = p[pi]
            if c == "*" {
                var crossesSlash = !pathAware
                while pi < p.count && p[pi] == "*" {
                    if pi + 1 < p.count && p[pi + 1] == "*" { crossesSlash = true }
                    pi += 1
                }
                if pi == p.count { return crossesSlash || !t[ti...].contains("/") }
                var k = ti
                while k <= t.count {
                    if match(p, pi, t, k, pathAware: pathAware) { return true }
                    if k == t.count || (!crossesSlash && t[k] == "/") { return false }
                    k += 1
                }
                return false
            }
            guard ti < t.count else { return false }
            switch c {
            case "?":
                if pathAware && t[ti] == "/" { return false }
                pi += 1
            case "[":
                guard let end = classEnd(p, from: pi), classMatches(p, pi, end, t[ti]) else { return false }
                pi = end
            case "\\" where pi + 1 < p.count:
                guard p[pi + 1] == t[ti] else { return false }
                pi += 2
            default:
                guard c == t[ti] else { return false }
                pi += 1
            }
            ti += 1
        }
        return ti == t.count
    }
}
