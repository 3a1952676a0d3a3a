/// A shell-style pattern, as `--allow-removed` and `--exclude` take them: `*` (any run of characters;
/// with `pathAware`, none of them `/`), `**` (any run, `/` included), `?` (one character), `[abc]`,
/// `[a-z]` and `[!abc]` (one character of a set), `\x` (the character x). Matching is on Unicode
/// scalars, case-sensitive, whole string.
public struct Glob: Sendable, Equatable {
    public let pattern: String
    let pathAware: Bool
    private let scalars: [Unicode.Scalar]
    private var compiled: [Token] = []

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
        compiled = tokens
    }

    public func matches(_ text: String) -> Bool {
        match(compiled, Array(text.unicodeScalars), pathAware: pathAware)
    }

    /// The pattern compiled: `*` runs collapsed (a run holding `**` crosses `/`).
    private enum Token: Sendable, Equatable {
        case star(crossesSlash: Bool)
        case one
        case set(open: Int, end: Int)
        case literal(Unicode.Scalar)
    }

    private var tokens: [Token] {
        var tokens: [Token] = []
        var k = 0
        let p = scalars
        while k < p.count {
            switch p[k] {
            case "*":
                var crosses = !pathAware
                while k < p.count && p[k] == "*" {
                    if k + 1 < p.count && p[k + 1] == "*" { crosses = true }
                    k += 1
                }
                tokens.append(.star(crossesSlash: crosses))
            case "?":
                tokens.append(.one)
                k += 1
            case "[":
                let end = Glob.classEnd(p, from: k) ?? p.count
                tokens.append(.set(open: k, end: end))
                k = end
            case "\\" where k + 1 < p.count:
                tokens.append(.literal(p[k + 1]))
                k += 2
            default:
                tokens.append(.literal(p[k]))
                k += 1
            }
        }
        return tokens
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

    /// The set of pattern positions the text so far can have reached, carried one character at a time
    /// (a Thompson simulation): O(pattern × text), never exponential, whatever the stars (format.md §11: a
    /// pull request may bring any name, a config any pattern; `*a*a*a*a*a*a*a*a*a*a*a*b` against a
    /// 60-character name took the backtracking matcher longer than a CI run has).
    private func match(_ tokens: [Token], _ t: [Unicode.Scalar], pathAware: Bool) -> Bool {
        let n = tokens.count
        var active = [Bool](repeating: false, count: n + 1)
        var next = active
        func close(_ set: inout [Bool]) {
            // A star may match nothing: reaching it reaches what follows it.
            for i in 0..<n where set[i] { if case .star = tokens[i] { set[i + 1] = true } }
        }
        active[0] = true
        close(&active)
        for c in t {
            for i in 0...n { next[i] = false }
            var any = false
            for i in 0..<n where active[i] {
                switch tokens[i] {
                case .star(let crosses):
                    if crosses || c != "/" { next[i] = true; any = true }
                case .one:
                    if !(pathAware && c == "/") { next[i + 1] = true; any = true }
                case .set(let open, let end):
                    if end <= scalars.count, Glob.classMatches(scalars, open, end, c) { next[i + 1] = true; any = true }
                case .literal(let l):
                    if l == c { next[i + 1] = true; any = true }
                }
            }
            guard any else { return false }
            swap(&active, &next)
            close(&active)
        }
        return active[n]
    }
}

/// `--exclude` patterns (and the config's `exclude`), as gitignore reads them: a pattern without `/`
/// matches any component of a path (`node_modules`, `*.draft.md`); one with `/` matches the path from
/// its start (`docs/legacy`, `docs/*.md`). A matching directory excludes everything under it. Paths
/// are as outline prints them: relative to the current directory, without a leading `./`.
public struct Excludes: Sendable {
    /// One source of patterns: those without a `/` match any path component; those with one match a
    /// path from the directory the patterns are relative to. A walked path (relative to the current
    /// directory) is moved there first: `from` (that directory's path below the current one) dropped,
    /// `to` (the current directory's path below it) put in front.
    private struct Group: Sendable {
        var anywhere: [Glob] = []
        var anchored: [Glob] = []
        var from = ""
        var to = ""
    }
    private var groups: [Group] = []

    /// Patterns relative to the current directory (`--exclude`).
    public init(_ globs: [Glob]) {
        add(globs, from: "", to: "")
    }

    /// Adds patterns relative to another directory (a config file's): `from` is that directory as a
    /// path below the current one (`docs/`), `to` the current directory as a path below it
    /// (`docs/`, when the config is at the top and the run in `docs`); each empty or ending in `/`.
    public mutating func add(_ globs: [Glob], from: String, to: String) {
        var group = Group(from: from, to: to)
        for glob in globs {
            var pattern = glob.pattern
            while pattern.hasPrefix("./") { pattern.removeFirst(2) }
            if pattern.hasSuffix("/") { pattern.removeLast() }
            guard let g = Glob(pattern, pathAware: true) else { continue }
            if pattern.contains("/") { group.anchored.append(g) } else { group.anywhere.append(g) }
        }
        if !group.anywhere.isEmpty || !group.anchored.isEmpty { groups.append(group) }
    }

    public var isEmpty: Bool { groups.isEmpty }

    public func excludes(_ path: String) -> Bool {
        guard !isEmpty else { return false }
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        let components = p.split(separator: "/", omittingEmptySubsequences: true)
        for group in groups {
            if group.anywhere.contains(where: { g in components.contains { g.matches(String($0)) } }) { return true }
            guard !group.anchored.isEmpty else { continue }
            var relative = components.joined(separator: "/")
            if !group.from.isEmpty {
                guard relative.hasPrefix(group.from) else { continue }
                relative.removeFirst(group.from.count)
            }
            relative = group.to + relative
            var prefix = ""
            for component in relative.split(separator: "/") {
                prefix += prefix.isEmpty ? String(component) : "/" + component
                if group.anchored.contains(where: { $0.matches(prefix) }) { return true }
            }
        }
        return false
    }
}
