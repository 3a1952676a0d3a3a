import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

@Suite("Front matter")
struct FrontMatterTests {
    @Test(arguments: [
        ("---\ntitle: x\n---\n# A\n", 3),
        ("---\n# comment\n...\n# A\n", 3),
        ("---\n- item\n---\n", 3),
        ("---\n---\n# A\n", 2),
        ("\u{FEFF}---\nkey:\n---\n", 3),
        ("+++\ntitle = 1\n+++\n", 3),
        ("---\n\ntext\n---\n", 0),
        ("---\nhttp://example.com\n---\n", 0),
        ("---\ntitle: never closed\n", 0),
        ("text\n---\ntitle: x\n---\n", 0),
        ("--- \r\ntitle: x\r\n---\r\n", 3),
    ])
    func detection(_ text: String, _ lines: Int) {
        #expect(FrontMatter.lineCount(in: Source(bytes(text))) == lines, "\(text.debugDescription)")
    }

    @Test func frontMatterIsNeverParsedAsMarkdown() throws {
        let document = try Document(bytes("---\ntitle: x\n---\n# Real\n"))
        #expect(document.frontMatterLineCount == 3)
        #expect(document.headings.map(\.firstLine) == [3])
    }
}
