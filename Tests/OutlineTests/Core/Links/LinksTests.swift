import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

@Suite("link paths")
struct LinkPathTests {
    /// The lexical rules written plainly, component lists and `split`: the byte-level versions in
    /// `LocalLink` must agree with them everywhere.
    static func referenceResolve(_ path: String, from file: String, root: String) -> String {
        let base = path.hasPrefix("/") ? root : file
        let absolute = base.hasPrefix("/")
        var stack = base.split(separator: "/").filter { $0 != "." }
        if !path.hasPrefix("/"), !stack.isEmpty, !file.hasSuffix("/") { stack.removeLast() }
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = stack.last, last != ".." { stack.removeLast() }
            else if part == "..", absolute { continue }
            else { stack.append(part) }
        }
        let joined = stack.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func referenceNormalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var stack: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = stack.last, last != ".." { stack.removeLast() }
            else if part == "..", absolute { continue }
            else { stack.append(part) }
        }
        let joined = stack.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    @Test func resolveAndNormalizeAgreeWithThePlainRules() {
        var random = SeededRandom(seed: 0x11_2026)
        let parts = ["a", "b.md", "..", ".", "", "docs", "é", "...", ".hidden", "x y"]
        func path() -> String {
            let n = Int.random(in: 0...5, using: &random)
            var p = (0..<n).map { _ in parts.randomElement(using: &random)! }.joined(separator: "/")
            if Bool.random(using: &random) { p = "/" + p }
            if Int.random(in: 0..<4, using: &random) == 0 { p += "/" }
            return p
        }
        var checked = 0
        for _ in 0..<20_000 {
            let (p, f, r) = (path(), path(), path())
            let want = Self.referenceResolve(p, from: f, root: r)
            #expect(LocalLink.resolve(p, from: f, root: r) == want, "resolve(\(p.debugDescription), from: \(f.debugDescription), root: \(r.debugDescription))")
            #expect(FilePath.normalize(p) == Self.referenceNormalize(p), "normalize(\(p.debugDescription))")
            checked += 1
        }
        #expect(checked == 20_000)
        // The cases a docs tree has most.
        #expect(LocalLink.resolve("../api/fs.md", from: "/usr/share/doc/nodejs/api/cli.md", root: ".") == "/usr/share/doc/nodejs/api/fs.md")
        #expect(LocalLink.resolve("b.md", from: "a.md", root: ".") == "b.md")
        #expect(LocalLink.resolve("/x/y.md", from: "docs/a.md", root: "../..") == "../../x/y.md")
        #expect(FilePath.normalize("docs/a.md") == "docs/a.md" && FilePath.normalize("./docs/../a.md") == "a.md")
    }
}

@Suite("link inventory")
struct LinkInventoryTests {
    /// What the inventory leaves out (external links, raw HTML without an attribute value, the inline
    /// nodes of paragraphs without `[` or `<`), and that a link anywhere in a paragraph's lines, a
    /// container's or a lazy continuation's, is still found, in every variant.
    @Test(arguments: Variant.allCases)
    func skipsOnlyWhatCannotMatter(_ variant: Variant) throws {
        let text = """
        ---
        title: [not a link](front.md)
        ---
        # Title

        Plain paragraph
        over two lines.

        First line, then
        a link on the last line: [b](b.md#x)

        > quoted paragraph
        lazy continuation with ![image](img/p.png)

        - item one
          item text <a href="c.md">c</a> and <span>no attribute</span>

        See [external](https://example.com/a.md) and [mail](mailto:a@b.c), [host](//h/x.md).
        Reference [d][] and <https://auto.link>.

        [d]: d.md#y

        <!-- a comment -->
        <div id="kept"></div>

        """
        try Self.check(variant.apply(Array(text.utf8)))
        // Lone CR line endings too: cmark and the line table both end a line there.
        try Self.check(Array(text.utf8).map { $0 == 10 ? 13 : $0 })
    }

    static func check(_ bytes: [UInt8]) throws {
        let outline = try Outline(parsing: bytes, [.links])
        let inventory = try #require(outline.links)
        #expect(inventory.links.map(\.destination) == ["b.md#x", "img/p.png", "d.md#y"])
        #expect(inventory.links.map(\.line) == [10, 13, 19])
        #expect(inventory.html.map(\.literal).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == ["<a href=\"c.md\">", "<div id=\"kept\"></div>"])
        #expect(inventory.headings.count == 1)
        let local = LinkCheck.localLinks(of: inventory).map(\.link.destination)
        #expect(local == ["b.md#x", "img/p.png", "c.md", "d.md#y"])
    }
}

@Suite("link suggestions")
struct LinkSuggestionTests {
    /// Each fragment's suggestion is searched once per file, within a budget of comparisons: past it a
    /// finding has no hint (a hostile document of 100,000 broken links into 100,000 headings stays
    /// fast), before it every hint is there.
    @Test func searchedOncePerFragmentWithinABudget() throws {
        var text = ""
        for i in 0..<10 { text += "# Heading \(i)\n\n" }
        text += "[a](#heading-1x)\n[b](#heading-1x)\n[c](#heading-2x)\n[d](#heading-3x)\n"
        let outline = try Outline(parsing: Array(text.utf8), [.links])
        func hints(budget: Int) -> [Bool] {
            LinkCheck.brokenLinks(outline, path: "a.md", profile: .github, root: ".", suggestionBudget: budget, lookup: { _ in .missing })
                .map { $0.message.contains("did you mean 'heading-") }
        }
        // 10 targets: two searches fit in 25 comparisons; the repeated fragment costs nothing.
        #expect(hints(budget: 25) == [true, true, true, false])
        #expect(hints(budget: 1_000) == [true, true, true, true])
        #expect(hints(budget: 0) == [false, false, false, false])
    }

    /// The nearest name, as the search on characters finds it (`reference`: that search, as it was):
    /// names and typed words of ASCII, of other scripts, with a combining accent, a CR LF, a Kelvin
    /// sign (equal to `K` as a character), some typed words that begin a name; lists short and long
    /// (from 64 names, the neighbours in byte order are looked at first, and answers kept).
    @Test(arguments: [7, 8, 2026] as [UInt64])
    func nearestOnBytesAsOnCharacters(_ seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let pieces = ["a", "b", "c", "-", "/", "in", "stall", "guide", "é", "e\u{301}", "\r\n", "K", "\u{212A}", "k", "日本", "x"]
        func word() -> String { (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        func reference(_ typed: String, among names: [String]) -> String? {
            guard !typed.isEmpty else { return nil }
            let limit = max(1, typed.count / 3)
            var best: (name: String, distance: Int)? = nil
            for name in names {
                guard abs(name.utf8.count - typed.utf8.count) <= limit * 4, abs(name.count - typed.count) <= limit else { continue }
                let d = Suggestion.distance(typed, name, limit: min(limit, (best?.distance ?? .max) - 1))
                if d <= limit, d < (best?.distance ?? .max) { best = (name, d) }
            }
            if let best { return best.name }
            let begun = names.filter { $0.hasPrefix(typed) }
            return begun.count == 1 ? begun[0] : nil
        }
        var near = 0
        for round in 0..<120 {
            let names = (0..<(round % 3 == 0 ? 90 : Int.random(in: 0...12, using: &rng))).map { _ in word() }
            let candidates = Suggestion.Candidates(names)
            for _ in 0..<6 {
                // A name changed a little, a name's beginning, or any word.
                var typed = word()
                if let name = names.randomElement(using: &rng), Bool.random(using: &rng) {
                    typed = Bool.random(using: &rng) ? String(name.dropLast(Int.random(in: 0...2, using: &rng))) : name + pieces.randomElement(using: &rng)!
                }
                let want = reference(typed, among: names)
                if want != nil { near += 1 }
                #expect(candidates.nearest(typed) == want, "\(typed.debugDescription) among \(names)")
                #expect(candidates.nearest(typed) == want, "asked again: \(typed.debugDescription)")
                #expect(Suggestion.nearest(typed, among: names) == want)
            }
        }
        #expect(near > 120)
    }

    /// Fragments and paths are percent-encoded byte by byte: the same as encoding each character
    /// (controls, space, DEL and `<>()"`\\%#` everywhere, `?` in paths), letters of any script kept.
    @Test(arguments: [41, 42] as [UInt64])
    func percentEncodingByBytesAsByCharacters(_ seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let pieces = ["a", "Z", " ", "\t", "\u{7F}", "\u{1}", "<", ">", "(", ")", "\"", "`", "\\", "%", "#", "?", "-", "é", "日本", "\u{1F600}", "\u{301}"]
        func reference(_ s: String, fragment: Bool) -> String {
            var out = ""
            for scalar in s.unicodeScalars {
                let v = scalar.value
                if v <= 32 || v == 127 || "<>()\"`\\%#".unicodeScalars.contains(scalar) || (!fragment && scalar == "?") {
                    out += "%" + String(v >> 4, radix: 16, uppercase: true) + String(v & 15, radix: 16, uppercase: true)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        for _ in 0..<2_000 {
            let s = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect(LinkRepair.encodeFragment(s) == reference(s, fragment: true), "\(s.debugDescription)")
            #expect(LinkRepair.encodePath(s) == reference(s, fragment: false), "\(s.debugDescription)")
        }
        #expect(LinkRepair.encodePath("a b?c#d") == "a%20b%3Fc%23d" && LinkRepair.encodeFragment("x?y") == "x?y")
    }

    /// A target that differs from a fragment only in case is found without lowercasing every ASCII
    /// target: the same answer as lowercasing both, for ASCII names of every length and for names
    /// with other characters (a Kelvin sign lowercases to `k`, `İ` to two characters).
    @Test(arguments: [31, 32] as [UInt64])
    func sameLettersAsLowercasing(_ seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let pieces = ["a", "A", "k", "K", "\u{212A}", "z", "Z", "-", "_", "1", "é", "É", "İ", "i", "@", "[", "`", "{"]
        func word() -> String { (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        for _ in 0..<4_000 {
            let name = word(), lower = word().lowercased()
            let bytes = Array(lower.utf8)
            guard bytes.allSatisfy({ $0 < 0x80 }) else { continue }
            #expect(LinkTargets.lowercases(name, toASCII: bytes, lower) == (name.lowercased() == lower), "\(name.debugDescription) \(lower.debugDescription)")
        }
        #expect(LinkTargets.lowercases("\u{212A}ey", toASCII: Array("key".utf8), "key"))
        #expect(!LinkTargets.lowercases("keys", toASCII: Array("key".utf8), "key"))
    }
}
