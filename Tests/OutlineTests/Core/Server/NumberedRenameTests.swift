import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Issue 42, item 8: renaming a numbered heading through the editor. `prepareRename` offers the title
/// without outline's number (format.md §3); a new name the user types with that same number in front
/// means the number and the title, not a title that starts with the number.
@Suite("Language server: renaming a numbered heading")
struct NumberedRenameTests {
    typealias Session = LanguageServerTests.Session

    static let guide = """
    # Guide
    <!-- outline:guide -->

    ## 1 Basics
    <!-- outline:basics number=1 -->

    ### 1.1 Tabs for navigation
    <!-- outline:tabs number=1.1 -->

    See [tabs](#11-tabs-for-navigation).

    """
    static let other = "# Other\n\n[tabs](guide.md#11-tabs-for-navigation)\n"

    func rename(_ s: Session, to name: String) -> JSONValue? {
        s.request("textDocument/rename", "{\"textDocument\": {\"uri\": \"file:///w/guide.md\"}, \"position\": {\"line\": 6, \"character\": 10}, \"newName\": \(JSONValue.string(name).compact())}")
    }

    func applied(_ answer: JSONValue?, _ uri: String, to text: String) -> String {
        LanguageServerTests().apply(answer?["result"]?["changes"]?[uri]?.arrayValue ?? [], to: text)
    }

    @Test(arguments: ["1.1 Navigation tabs", "1.1  Navigation tabs", "Navigation tabs"])
    func theSectionsOwnNumberIsNotPartOfTheNewTitle(_ name: String) {
        let s = Session(["/w/guide.md": Self.guide, "/w/other.md": Self.other])
        #expect(s.request("textDocument/prepareRename", s.at("/w/guide.md", 6, 10))["result"]?["placeholder"]?.stringValue == "Tabs for navigation")
        let answer = rename(s, to: name)
        let guide = applied(answer, "file:///w/guide.md", to: Self.guide)
        #expect(guide.contains("### 1.1 Navigation tabs\n<!-- outline:tabs number=1.1 -->"), "\(guide)")
        #expect(guide.contains("See [tabs](#11-navigation-tabs)."), "\(guide)")
        #expect(applied(answer, "file:///w/other.md", to: Self.other) == "# Other\n\n[tabs](guide.md#11-navigation-tabs)\n")
    }

    /// Another number, or the number without a space after it, is the title's own text (format.md §3:
    /// a title's own digits are never outline's).
    @Test func anotherLeadingNumberIsText() {
        let s = Session(["/w/guide.md": Self.guide, "/w/other.md": Self.other])
        let guide = applied(rename(s, to: "2.4 Tabs"), "file:///w/guide.md", to: Self.guide)
        #expect(guide.contains("### 1.1 2.4 Tabs\n") && guide.contains("(#11-24-tabs)"), "\(guide)")
        let glued = applied(rename(s, to: "1.1.2 Tabs"), "file:///w/guide.md", to: Self.guide)
        #expect(glued.contains("### 1.1 1.1.2 Tabs\n"), "\(glued)")
        // The number alone leaves no title: refused, as an empty name is.
        #expect(rename(s, to: "1.1")?["error"] != nil)
    }
}
