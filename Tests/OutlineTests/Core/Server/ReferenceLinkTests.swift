import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Issue 42, item 7: definition, references and hover on reference-style links (`[text][label]`,
/// `[label][]`, `[label]`) where they are used, not only on their definition's line: a position in
/// such a link leads where its definition's destination leads, as a position in an inline link does.
@Suite("Language server: reference links")
struct ReferenceLinkTests {
    typealias Session = LanguageServerTests.Session

    static let readme = """
    # Guide
    <!-- outline:guide -->

    See [the install][inst], [setup][] and [Usage].
    Also ![a picture][pic] and [two
    lines][inst] and [inline](#usage).

    ## Usage
    <!-- outline:usage -->

    > - quoted [again][INST]

    [inst]: docs/setup.md#install
    [setup]: docs/setup.md
    [usage]: #usage
    [pic]: docs/setup.md#install "title"

    """
    static let files = ["/w/README.md": readme, "/w/docs/setup.md": LanguageServerTests.setup]

    func definition(_ s: Session, _ line: Int, _ character: Int) -> (uri: String?, line: JSONValue?) {
        let d = s.request("textDocument/definition", s.at("/w/README.md", line, character))["result"]
        return (d?["uri"]?.stringValue, d?["range"]?["start"]?["line"])
    }

    @Test func definitionOnAReferenceLinkLeadsWhereItsDefinitionLeads() {
        let s = Session(Self.files)
        let install = ("file:///w/docs/setup.md", JSONValue.int(3))
        // `[the install][inst]`: on its text, its label, its brackets.
        for character in [4, 5, 9, 17, 19, 22, 23] {
            let d = definition(s, 3, character)
            #expect(d.uri == install.0 && d.line == install.1, "character \(character): \(d)")
        }
        // `[setup][]`: the file, at its start; `[Usage]`: this file's section (case folded, as labels are).
        #expect(definition(s, 3, 28).uri == "file:///w/docs/setup.md" && definition(s, 3, 28).line == .int(0))
        #expect(definition(s, 3, 42).uri == "file:///w/README.md" && definition(s, 3, 42).line == .int(7))
        // An image by reference, a link over two lines (on either), one in a list in a quote.
        #expect(definition(s, 4, 10).line == install.1)
        #expect(definition(s, 4, 30).line == install.1 && definition(s, 5, 3).line == install.1)
        #expect(definition(s, 10, 14).uri == install.0 && definition(s, 10, 14).line == install.1)
        // Between links, and on the plain text: nothing, as before.
        #expect(s.request("textDocument/definition", s.at("/w/README.md", 3, 1))["result"] == .null)
        #expect(s.request("textDocument/definition", s.at("/w/README.md", 3, 24))["result"] == .null)
        // The definition line and the inline link answer as before.
        #expect(definition(s, 12, 12).line == install.1)
        #expect(definition(s, 5, 20).line == .int(7))
    }

    @Test func hoverOnAReferenceLinkDescribesItsSectionOverTheLink() {
        let s = Session(Self.files)
        let hover = s.request("textDocument/hover", s.at("/w/README.md", 3, 8))["result"]
        let text = hover?["contents"]?["value"]?.stringValue ?? ""
        #expect(text.contains("**Install**") && text.contains("`#install`") && text.contains("docs/setup.md:4"), "\(text)")
        // The range is the link where it is used (`[the install][inst]`), not its definition's line.
        #expect(hover?["range"] == .object([("start", .object([("line", .int(3)), ("character", .int(4))])),
                                            ("end", .object([("line", .int(3)), ("character", .int(23))]))]))
    }

    @Test func referencesFromAReferenceLinkListWhereItIsUsed() {
        let s = Session(Self.files)
        let refs = s.request("textDocument/references", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}, \"position\": {\"line\": 3, \"character\": 8}, \"context\": {\"includeDeclaration\": false}}")["result"]?.arrayValue ?? []
        // Every use of a definition into the section (three of `inst`, one of `pic`), and each
        // definition once.
        let places = refs.map { "\($0["uri"]?.stringValue ?? ""):\($0["range"]?["start"]?["line"]?.intValue ?? -1):\($0["range"]?["start"]?["character"]?.intValue ?? -1)" }
        #expect(places == ["file:///w/README.md:3:4", "file:///w/README.md:4:5", "file:///w/README.md:4:27", "file:///w/README.md:10:11",
                           "file:///w/README.md:12:8", "file:///w/README.md:15:7"], "\(places)")
    }
}
