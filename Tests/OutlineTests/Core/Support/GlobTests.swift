import Testing
import OutlineTestHelpers
@testable import OutlineCore
import OutlineTestSupport

@Suite("globs")
struct GlobTests {
    @Test(arguments: [
        ("*", "anything-at-all", true), ("legacy-*", "legacy-install", true), ("legacy-*", "install", false),
        ("us?ge", "usage", true), ("us?ge", "usge", false), ("[a-c]x", "bx", true), ("[!a-c]x", "bx", false),
        ("[]]", "]", true), ("a\\*", "a*", true), ("a\\*", "ab", false), ("*a*b*", "xxaxxbxx", true), ("*a*b*", "xxbxxaxx", false),
        ("install", "install", true), ("install", "install-1", false), ("é*", "été", true),
    ])
    func matches(_ pattern: String, _ text: String, _ expected: Bool) {
        #expect(Glob(pattern)?.matches(text) == expected)
    }

    @Test func pathAwareStarsStopAtSlashes() {
        #expect(Glob("docs/*.md", pathAware: true)!.matches("docs/a.md"))
        #expect(!Glob("docs/*.md", pathAware: true)!.matches("docs/sub/a.md"))
        #expect(Glob("docs/**.md", pathAware: true)!.matches("docs/sub/a.md"))
        #expect(Glob("docs/*.md")!.matches("docs/sub/a.md"))
    }

    @Test func invalidPatterns() {
        #expect(Glob("") == nil)
        #expect(Glob("[abc") == nil)
    }

    /// The backtracking matcher outline used before (exponential in the number of stars), kept as the
    /// oracle: the linear matcher must agree with it on every pattern and name.
    static func backtracking(_ pattern: String, _ text: String, pathAware: Bool) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        func classEnd(_ open: Int) -> Int? {
            var k = open + 1
            if k < p.count && (p[k] == "!" || p[k] == "^") { k += 1 }
            if k < p.count && p[k] == "]" { k += 1 }
            while k < p.count && p[k] != "]" { k += 1 }
            return k < p.count ? k + 1 : nil
        }
        func classMatches(_ open: Int, _ end: Int, _ c: Unicode.Scalar) -> Bool {
            var k = open + 1, negated = false, found = false, first = true
            if p[k] == "!" || p[k] == "^" { negated = true; k += 1 }
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
        func match(_ pi: Int, _ ti: Int) -> Bool {
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
                        if match(pi, k) { return true }
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
                    guard let end = classEnd(pi), classMatches(pi, end, t[ti]) else { return false }
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
        return match(0, 0)
    }

    /// Seeded random patterns over a small alphabet (so that they match often) agree with the oracle.
    @Test func agreesWithTheBacktrackingMatcherOnRandomPatterns() {
        var random = SeededRandom(seed: 27)
        let patternPieces = ["a", "b", "/", "*", "**", "?", "[ab]", "[!a]", "[a-b]", "\\*", "-"]
        let textPieces: [Character] = ["a", "b", "/", "-", "*", "c"]
        var compared = 0
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 1...6, using: &random)).map { _ in patternPieces.randomElement(using: &random)! }.joined()
            let text = String((0..<Int.random(in: 0...8, using: &random)).map { _ in textPieces.randomElement(using: &random)! })
            for pathAware in [false, true] {
                guard let glob = Glob(pattern, pathAware: pathAware) else { continue }
                #expect(glob.matches(text) == Self.backtracking(pattern, text, pathAware: pathAware),
                        "\(pattern) against \(text), pathAware \(pathAware)")
                compared += 1
            }
        }
        #expect(compared > 30_000)
    }

    /// The adversarial patterns that made the backtracking matcher run for ever finish at once (the
    /// time limit is generous: the old matcher needs hours on the first).
    @Test func adversarialPatternsAreLinear() {
        let name = String(repeating: "a", count: 60)
        let started = ContinuousClock.now
        #expect(!Glob("*a*a*a*a*a*a*a*a*a*a*a*b")!.matches(name))
        #expect(!Glob("**a**a**a**a**a**a**a**a**a**b", pathAware: true)!.matches(name + "/" + name))
        #expect(!Excludes([Glob("*a*a*a*a*a*a*a*a*a*a*a*b")!]).excludes("docs/" + name + ".md"))
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
