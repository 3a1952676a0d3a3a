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

/// `--exclude` patterns (and the config's `exclude`), as gitignore reads them: a pattern without `/`
/// matches any component of a path (`node_modules`, `*.draft.md`); one with `/` matches the path from
/// its start (`docs/legacy`, `docs/*.md`). A matching directory excludes everything under it. Paths
/// are as outline prints them: relative to the current directory, without a leading `./`.
public struct Excludes: Sendable {
    private let anywhere: [Glob]
    private let anchored: [Glob]

    public init(_ globs: [Glob]) {
        var anywhere: [Glob] = [], anchored: [Glob] = []
        for glob in globs {
            var pattern = glob.pattern
            while pattern.hasPrefix("./") { pattern.removeFirst(2) }
            if pattern.hasSuffix("/") { pattern.removeLast() }
            guard let g = Glob(pattern, pathAware: true) else { continue }
            if pattern.contains("/") { anchored.append(g) } else { anywhere.append(g) }
        }
        self.anywhere = anywhere
        self.anchored = anchored
    }

    public var isEmpty: Bool { anywhere.isEmpty && anchored.isEmpty }

    public func excludes(_ path: String) -> Bool {
        guard !isEmpty else { return false }
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        let components = p.split(separator: "/", omittingEmptySubsequences: true)
        if anywhere.contains(where: { g in components.contains { g.matches(String($0)) } }) { return true }
        var prefix = ""
        for component in components {
            prefix += prefix.isEmpty ? String(component) : "/" + component
            if anchored.contains(where: { $0.matches(prefix) }) { return true }
        }
        return false
    }
}
