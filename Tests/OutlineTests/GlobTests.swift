import Testing
@testable import OutlineCore

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
}
