import Foundation
import Testing
@testable import OutlineCore
import OutlineTestHelpers

/// Tables against the renderers themselves (format.md §9): seeded tables whose cells hold code spans
/// left open, pipes inside code spans, escaped pipes, links and raw HTML ids, rendered by Debian's
/// `cmark-gfm -e table` (GFM's rule) and by Python-Markdown with `tables` (MkDocs' rule). The local
/// destinations and the ids each renderer's HTML has, in order, are those outline reads.
@Suite("tables against cmark-gfm and Python-Markdown", .serialized)
struct TableRendererTests {
    /// cmark-gfm from Debian (`make test-deps` installs it; so does this, as root).
    static func cmarkGFM() throws -> String {
        if (try shell("command -v cmark-gfm", in: Paths.root)).status != 0 {
            _ = try shell("apt-get install -y -qq cmark-gfm >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq cmark-gfm)", in: Paths.root)
        }
        let found = try shell("command -v cmark-gfm", in: Paths.root)
        try #require(found.status == 0, "cmark-gfm is not installed (apt-get install cmark-gfm)")
        return found.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Cell pieces both renderers read alike outside tables (so that what differs is the table):
    /// no unmatched run of two backticks (Python-Markdown reads one backtick of it as an opener) and
    /// no two reference links side by side (`[a] [b]` is one link to it).
    static let pieces = [
        "`a", "b`", "`c | d`", "``e`` f", "[l](#x%d)", "<a id=\"i%d\"></a>", "plain", "g \\| h", "`[k](#code%d)`",
        "[m | n](#across%d)", "r [r1] s", "\\`", "<span id=\"s%d\">q</span>",
    ]

    /// Header cells: no pipe and no backtick, so that both renderers see the table the generator meant.
    static let headerPieces = ["plain", "[l](#x%d)", "<a id=\"i%d\"></a>", "r [r1] s"]

    /// Seeded documents: each a table (under GFM sometimes under a paragraph line, which GFM's table
    /// interrupts and Python-Markdown's does not) and a paragraph after it.
    static func documents(count: Int, seed: UInt64, lead: Bool) -> [String] {
        var random = SeededRandom(seed: seed)
        var n = 0
        func cell(_ from: [String] = pieces) -> String {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
                n += 1
                return from.randomElement(using: &random)!.replacingOccurrences(of: "%d", with: "\(n)")
            }.joined(separator: " ")
        }
        return (0..<count).map { _ in
            let columns = Int.random(in: 1...3, using: &random)
            var lines: [String] = []
            if lead, Int.random(in: 0..<4, using: &random) == 0 { lines.append("Above `it \(cell())") }
            lines.append("| " + (0..<columns).map { _ in cell(headerPieces) }.joined(separator: " | ") + " |")
            lines.append("|" + String(repeating: "---|", count: columns))
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let cells = Int.random(in: max(1, columns - 1)...(columns + 1), using: &random)
                lines.append("| " + (0..<cells).map { _ in cell() }.joined(separator: " | ") + " |")
            }
            lines.append("")
            lines.append("After [z](#after) `.")
            return lines.joined(separator: "\n")
        }
    }

    static let separator = "\n\n* * *\n\n"
    static let definitions = "\n\n[r1]: #ref\n"

    /// Local destinations and ids of each document's HTML (in its tags, not in escaped text), split
    /// at the thematic breaks.
    static func rendered(_ html: String) -> [[String]] {
        let tags = try! NSRegularExpression(pattern: "<[a-z][^<>]*>")
        let attributes = try! NSRegularExpression(pattern: "\\s(href|id)=\"([^\"]*)\"")
        return html.components(separatedBy: "<hr />").map { part in
            tags.matches(in: part, range: NSRange(part.startIndex..., in: part)).flatMap { tag in
                let text = String(part[Range(tag.range, in: part)!])
                return attributes.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { m -> String? in
                    let kind = String(text[Range(m.range(at: 1), in: text)!]), value = String(text[Range(m.range(at: 2), in: text)!])
                    if kind == "href" { return value.hasPrefix("#") ? "href " + value : nil }
                    return "id " + value
                }
            }
        }
    }

    /// What outline reads of each document: its local destinations and HTML ids, in document order.
    static func ours(_ documents: [String], _ dialect: Dialect) throws -> [[String]] {
        let whole = documents.joined(separator: separator) + definitions
        let outline = try Outline(parsing: Array(whole.utf8), [.links], dialect: dialect)
        let breaks = whole.components(separatedBy: "\n").enumerated().filter { $0.element == "* * *" }.map { $0.offset + 1 }
        func part(_ line: Int) -> Int { breaks.filter { $0 < line }.count }
        var found: [[(line: Int, text: String)]] = Array(repeating: [], count: documents.count)
        for link in LinkCheck.localLinks(of: outline) { found[part(link.line)].append((link.line, "href " + link.link.destination)) }
        for id in LinkTargets(outline, profile: .github).htmlIDs { found[part(id.line)].append((id.line, "id " + id.id)) }
        return found.map { $0.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text) }
    }

    func compare(_ documents: [String], theirs: [[String]], dialect: Dialect, renderer: String) throws {
        let mine = try Self.ours(documents, dialect)
        #expect(theirs.count == documents.count, "\(renderer) rendered \(theirs.count) parts")
        var mismatches: [String] = []
        for (k, document) in documents.enumerated() where k < theirs.count {
            // Within a line, the order of ids and links is the HTML's; outline's is by line.
            if mine[k].sorted() != theirs[k].sorted() {
                mismatches.append("\(document)\n  \(renderer): \(theirs[k])\n  outline: \(mine[k])")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(documents.count) differ:\n\(mismatches.prefix(5).joined(separator: "\n\n"))")
        // The documents do exercise the tables: most cells hold something outline must locate.
        #expect(theirs.joined().count > documents.count)
    }

    @Test func gfmTablesAsCmarkGFMRendersThem() throws {
        let documents = Self.documents(count: 400, seed: 0x54_01, lead: true)
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("tables.md")
        try (documents.joined(separator: Self.separator) + Self.definitions).write(to: input, atomically: true, encoding: .utf8)
        let html = try shell("'\(try Self.cmarkGFM())' -e table --unsafe '\(input.path)'", in: dir)
        try #require(html.status == 0, "\(html.output)")
        try compare(documents, theirs: Self.rendered(html.output), dialect: .commonMark, renderer: "cmark-gfm")
    }

    @Test func mkdocsTablesAsPythonMarkdownRendersThem() throws {
        try PreCommit.prepareVenv()
        let documents = Self.documents(count: 400, seed: 0x54_02, lead: false)
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("tables.md")
        try (documents.joined(separator: Self.separator) + Self.definitions).write(to: input, atomically: true, encoding: .utf8)
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let html = try shell("'\(python)' -c 'import markdown,sys; sys.stdout.write(markdown.markdown(open(sys.argv[1]).read(), extensions=[\"tables\"]))' '\(input.path)'", in: dir)
        try #require(html.status == 0, "\(html.output)")
        var dialect = Dialect()
        dialect.tables = .pythonMarkdown
        try compare(documents, theirs: Self.rendered(html.output), dialect: dialect, renderer: "Python-Markdown")
    }
}
