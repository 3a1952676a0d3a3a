import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

@Suite("IDs")
struct IdentifierTests {
    @Test(arguments: [
        ("Install", "install"),
        ("Hello, World!", "hello-world"),
        ("  spaced   out  ", "spaced-out"),
        ("a - b -- c", "a-b-c"),
        ("snake_case_title", "snake_case_title"),
        ("Café au lait", "café-au-lait"),
        ("日本語の見出し", "日本語の見出し"),
        ("ÀÉÎ", "àéî"),
        ("Straße", "straße"),
        ("v1.2.0 release", "v120-release"),
        ("C++ & C#", "c-c"),
        ("-leading and trailing-", "leading-and-trailing"),
    ])
    func slug(_ title: String, _ expected: String) {
        #expect(Identifier.slug(title) == expected)
        #expect(Identifier.isValid(expected))
    }

    @Test func nothingLeft() {
        for title in ["", "!!!", "—", "🎉", "  ", "---", "(?)"] {
            #expect(Identifier.slug(title) == nil, "\(title)")
        }
    }

    @Test func lengthLimit() throws {
        let long = String(repeating: "word ", count: 40)
        let id = try #require(Identifier.slug(long))
        #expect(id.unicodeScalars.count <= 64 && Identifier.isValid(id) && !id.hasSuffix("-"))
        #expect(id.hasPrefix("word-word"))
        let oneWord = String(repeating: "x", count: 100)
        #expect(Identifier.slug(oneWord) == String(repeating: "x", count: 64))
        // A cut never separates a letter from its combining mark.
        let marked = String(repeating: "e\u{301}", count: 40)
        let cut = try #require(Identifier.slug(marked))
        #expect(cut.unicodeScalars.count <= 64 && cut.unicodeScalars.last == "\u{301}")
    }

    @Test func validity() {
        for good in ["a", "install", "a-b", "a_b", "日本", "x1", "café", "e\u{301}"] { #expect(Identifier.isValid(good), "\(good)") }
        for bad in ["", "A", "a--b", "-a", "a-", "a b", "a.b", "a:b", "a=b", String(repeating: "a", count: 65), "Ä"] {
            #expect(!Identifier.isValid(bad), "\(bad)")
        }
    }

    @Test func allocatorResolvesCollisions() {
        var allocator = IDAllocator()
        allocator.reserve("foo")
        allocator.reserve("foo-2")
        #expect(allocator.allocate("foo") == "foo-1")
        #expect(allocator.allocate("foo") == "foo-3")
        #expect(allocator.allocate("bar") == "bar")
        #expect(allocator.allocate("bar") == "bar-1")
        let long = String(repeating: "y", count: 64)
        #expect(allocator.allocate(long) == long)
        let suffixed = allocator.allocate(long)
        #expect(suffixed.count == 64 && suffixed.hasSuffix("-1"))
        // At the edge: a base of 62 bytes takes `-1` to `-9` whole, then is cut for `-10`; a
        // non-ASCII base is cut by scalars.
        let edge = String(repeating: "z", count: 62)
        #expect(allocator.allocate(edge) == edge)
        for k in 1...9 { #expect(allocator.allocate(edge) == edge + "-\(k)") }
        #expect(allocator.allocate(edge) == String(repeating: "z", count: 61) + "-10")
        let wide = String(repeating: "\u{E9}", count: 40)
        #expect(allocator.allocate(wide) == wide)
        #expect(allocator.allocate(wide) == wide + "-1")
        let wider = String(repeating: "\u{E9}", count: 63)
        #expect(allocator.allocate(wider) == wider)
        #expect(allocator.allocate(wider) == String(repeating: "\u{E9}", count: 62) + "-1")
    }

    @Test func hundredThousandIdenticalTitlesAreUniqueAndLinear() throws {
        var text = ""
        for _ in 0..<100_000 { text += "## Same\n" }
        let outline = Outline(try Document(bytes(text)))
        #expect(outline.sections.count == 100_000)
        #expect(Set(outline.sections.map(\.id)).count == 100_000)
        #expect(outline.sections[0].id == "same" && outline.sections[99_999].id == "same-99999")
    }

    /// The ID set against `Set<String>`: the same answer for every insertion, seeded runs over a small
    /// alphabet with a combining mark (so that canonically equivalent IDs, `é` and `e` + U+0301, meet)
    /// and the three scalars whose canonical form is ASCII (U+212A is `K`, U+037E `;`, U+1FEF `` ` ``:
    /// the set hashes ASCII on its bytes, and these as their ASCII), from a capacity too small for all
    /// of them (the table grows, the IDs stay found).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func idSetAgreesWithSetOfStrings(_ seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "b", "-", "e", "\u{E9}", "e\u{301}", "1", "K", "\u{212A}", ";", "\u{37E}", "`", "\u{1FEF}", "\u{212A}\u{301}"]
        var set = IDSet(capacity: 4)
        var oracle = Set<String>()
        for _ in 0..<5_000 {
            let length = Int.random(in: 1...4, using: &random)
            let id = (0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let inserted = set.insert(id), expected = oracle.insert(id).inserted
            #expect(inserted == expected, "\(id.unicodeScalars.map { $0.value })")
        }
        #expect(set.count == oracle.count)
        for id in oracle { #expect(set.contains(id)) }
        #expect(!set.contains("zz"))
    }

    /// Equal IDs hash alike, whichever way each is hashed (the bytes of ASCII, String's hash otherwise).
    @Test func equalIDsHashAlike() {
        for (a, b) in [("K", "\u{212A}"), ("a;b", "a\u{37E}b"), ("x`", "x\u{1FEF}"), ("caf\u{E9}", "cafe\u{301}"), ("\u{212A}\u{301}", "\u{1E30}"),
                       ("abcdefghK", "abcdefgh\u{212A}"), ("abcdefgK12345678", "abcdefg\u{212A}12345678"), ("K2345678abc", "\u{212A}2345678abc")] {
            #expect(a == b)
            #expect(IDSet.hash(a) == IDSet.hash(b), "\(a.unicodeScalars.map(\.value))")
        }
        #expect(IDSet.hash("install") != IDSet.hash("instalm"))
    }

    /// IDs a document makes collide in the fast hash (here: a test's hash, the same for all of them)
    /// switch the set to String's own hash once a probe runs past `IDSet.longProbe` slots, instead of
    /// making every insertion walk all the others; the answers stay those of `Set<String>`.
    @Test func collidingIDsSwitchTheSetToStringsHash() {
        let token = "collide-7c1e"
        IDSet.fastHashForTesting = { $0.hasPrefix(token) ? 42 : nil }
        defer { IDSet.fastHashForTesting = nil }
        var set = IDSet(capacity: 16)
        var oracle = Set<String>()
        for k in 0..<5_000 {
            let id = "\(token)-\(k % 4_000)"
            #expect(set.insert(id) == oracle.insert(id).inserted)
            if k == IDSet.longProbe { #expect(!set.robust, "a probe of \(k) slots is not yet long") }
        }
        #expect(set.robust)
        #expect(set.count == oracle.count)
        for id in oracle { #expect(set.contains(id)) }
    }

    @Test func canonicallyEquivalentIDsAreOne() {
        var allocator = IDAllocator()
        allocator.reserve("caf\u{E9}")
        let again = allocator.reserve("cafe\u{301}")
        #expect(!again)
        #expect(allocator.allocate("cafe\u{301}") == "cafe\u{301}-1")
    }
}
