import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

@Suite("Reference definitions before a setext heading")
struct ReferenceDefinitionTests {
    /// Generated paragraphs of definition-like lines followed by a title and an underline. cmark itself
    /// is the judge: the heading text cmark reports must be exactly the lines outline says the heading
    /// starts at, joined by spaces.
    @Test func firstTextLineAgreesWithCmark() throws {
        let pieces = ["[a]: /u", "[b]: /u \"t\"", "[c]:", "/dest", "'title'", "\"open", "close\"", "[d]: /u 'x' junk",
                      "[e]: (x)", "(paren title)", "[]: /u", "[f] : /u", "[g]: /u", "  [h]: /u", "text line", "[i]: /a(b)c",
                      "[j]:/nospace", "\"t\" trailing", "[k]: /u \"a\\\"b\""]
        var generator = SeededRandom(seed: 31)
        var checked = 0
        for _ in 0..<600 {
            let count = Int.random(in: 1...5, using: &generator)
            var lines = (0..<count).map { _ in pieces.randomElement(using: &generator)! }
            lines.append("Title here")
            let text = lines.joined(separator: "\n") + "\n===\n"
            let document = try Document(bytes(text))
            guard let heading = document.headings.first else { continue }
            let source = document.source
            let joined = (heading.firstLine..<heading.lastLine).map { line in
                String(decoding: source.content(line), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }.joined(separator: " ")
            let cmarkText = heading.text
            // Literal text except: `\"` unescapes to `"`, and `[x]` may become a link to an earlier
            // definition (printed without brackets), so brackets are left out of the comparison.
            let normalize = { (s: String) in s.replacingOccurrences(of: "\\\"", with: "\"").filter { $0 != "[" && $0 != "]" } }
            #expect(normalize(joined) == normalize(cmarkText), "\(text.debugDescription)")
            checked += 1
        }
        #expect(checked > 500)
    }
}
