import Foundation
import Testing
import CCmark
import OutlineTestHelpers
@testable import OutlineCore

/// Link repair and its verification agree (format.md §9): a rewrite of destinations that the locator
/// and the writer make is never refused, and one byte beside them that changes always is.
@Suite("link repair verified")
struct RepairVerificationTests {
    /// `## Usage` moves from guide.md to setup.md with its anchor and body (a move, format.md §8).
    static let then = [
        "guide.md": "# Guide\n<!-- outline:guide -->\n\n## Usage\n<!-- outline:usage -->\n\nUse it.\n",
        "setup.md": "# Setup\n<!-- outline:setup -->\n\nText.\n",
    ]
    static let now = [
        "guide.md": "# Guide\n<!-- outline:guide -->\n",
        "setup.md": "# Setup\n<!-- outline:setup -->\n\nText.\n\n## Usage\n<!-- outline:usage -->\n\nUse it.\n",
    ]

    /// `links --since HEAD` over `index.md` (its text at HEAD and now) and the two files.
    static func repair(_ index: String) throws -> Result<RewriteResult, Diagnostic>? {
        var then = Self.then, now = Self.now
        then["index.md"] = index
        now["index.md"] = index
        let history = MemoryHistory([MemoryRevision("HEAD", files: then)])
        var request = Run.LinksRequest(files: ["guide.md", "index.md", "setup.md"])
        request.since = "HEAD"
        guard case .repaired(let results) = try Run(store: MemoryStore(now), revisions: history, lifetime: .session()).links(request) else { return nil }
        return results.first { $0.path == "index.md" }?.result
    }

    /// Issue 42, item 6: raw HTML whose `href` is repaired, in a leaf block that does not start on its
    /// top-level block's first line (a later list item, a later paragraph of an item or a quote),
    /// beside an inline link or not, in either order. Verification exempted a top-level block whose
    /// first line a leaf with a repaired `href` started on, and no other: these were refused.
    @Test(arguments: [
        "- [u](guide.md#usage \"title\")\n- <a href=\"guide.md#usage\">u</a>\n",
        "- <a href=\"guide.md#usage\">u</a>\n- [u](guide.md#usage \"title\")\n",
        "- a\n- [u](guide.md#usage \"title\")\n  <a href=\"guide.md#usage\">u</a>\n",
        "- a\n- <a href=\"guide.md#usage\">u</a>\n  [u](guide.md#usage \"title\")\n",
        "1. a\n2. b <a href=\"guide.md#usage\">u</a>\n",
        "- a\n\n  b <a href=\"guide.md#usage\">u</a>\n",
        "> a\n>\n> b <a href=\"guide.md#usage\">u</a>\n",
        "> - a\n> - <a href=\"guide.md#usage\">u</a>\n",
    ])
    func rawHTMLAfterTheFirstLineOfAContainerIsRepaired(_ block: String) throws {
        let index = "# Index\n<!-- outline:index -->\n\n" + block
        let result = try #require(try Self.repair(index))
        let rewrite = try result.get()
        #expect(String(decoding: rewrite.output, as: UTF8.self) == index.replacingAll("guide.md#usage", with: "setup.md#usage"))
        #expect(rewrite.diagnostics.isEmpty, "\(rewrite.diagnostics)")
    }
}

/// Seeded blocks mixing every kind of link outline reads (inline links with and without titles,
/// reference links of the three forms with their definitions, images, raw HTML's `href` and `src`,
/// autolinks and external links) in every order, to one destination or several, in paragraphs, list
/// items and block quotes, repaired by `links --since HEAD` after a section moved to another file, a
/// heading was renamed and a file was renamed. Each must verify (no refusal), change exactly the
/// destinations that must change, and nothing else: the expected text is built with the blocks, and
/// cmark's HTML before and after differs only in destinations (`href`, an image's `src`), each
/// the planned one.
@Suite("link repair verified: generated blocks")
struct GeneratedRepairTests {
    static let then = [
        "guide.md": "# Guide\n<!-- outline:guide -->\n\n## Usage\n<!-- outline:usage -->\n\nUse it.\n\n## Install\n<!-- outline:install -->\n\nRun make.\n\n## Keep\n<!-- outline:keep -->\n\nKept.\n",
        "setup.md": "# Setup\n<!-- outline:setup -->\n\nText.\n",
        "old.md": "# Old\n\n## Notes\n\nSome.\n",
    ]
    static let now = [
        "guide.md": "# Guide\n<!-- outline:guide -->\n\n## Installing it\n<!-- outline:install -->\n\nRun make.\n\n## Keep\n<!-- outline:keep -->\n\nKept.\n",
        "setup.md": "# Setup\n<!-- outline:setup -->\n\nText.\n\n## Usage\n<!-- outline:usage -->\n\nUse it.\n",
        "new.md": "# Old\n\n## Notes\n\nSome.\n",
    ]
    /// Each local destination and what it must become: a section moved to another file, a heading
    /// renamed (its anchor kept), a file renamed (with and without a fragment), and two that resolve.
    static let repairs: [(String, String)] = [
        ("guide.md#usage", "setup.md#usage"), ("guide.md#install", "guide.md#installing-it"),
        ("old.md", "new.md"), ("old.md#notes", "new.md#notes"), ("guide.md#keep", "guide.md#keep"), ("#index", "#index"),
    ]

    /// A block's text with its local destinations as placeholders (`\u{1}k\u{2}`, `k` into `repairs`).
    struct Generator {
        var random: SeededRandom
        var labels = 0
        /// Definitions that go at the end of the document.
        var trailing: [String] = []

        mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &random)] }
        mutating func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }

        /// One link or piece of raw HTML to `destination` (a placeholder); a reference link's
        /// definition goes into `definitions` (the caller places it).
        mutating func piece(_ destination: String, definitions: inout [String]) -> String {
            let d = destination
            switch Int.random(in: 0..<14, using: &random) {
            case 0: return "[u](\(d))"
            case 1: return "[u](\(d) \"title\")"
            case 2: return "[u *v*](<\(d)> 'title')"
            case 3: return "![alt](\(d))"
            case 4, 5, 6:
                labels += 1
                let label = "r\(labels)"
                definitions.append(pick(["[\(label)]: \(d)", "[\(label)]: \(d) \"title\"", "[\(label)]: <\(d)>", "[\(label)]:\n  \(d)\n  'title'"]))
                return pick(["[text][\(label)]", "[\(label)][]", "[\(label)]"])
            case 7: return "<a href=\"\(d)\">u</a>"
            case 8: return "<a title=\"t\" href='\(d)'>u</a>"
            case 9: return "<a href=\(d) class=\"x\">u</a>"
            // Text after the tag: a line of one complete tag would start an HTML block, its links text.
            case 10: return "<img src=\"pic.png\" alt=\"p\"> pic"
            case 11: return "<a href=\"\(d)\"><img src=\"pic.png\"></a>"
            case 12: return "<https://example.com/guide.md#usage>"
            default: return "[ext](https://example.com/old.md#install \"t\")"
            }
        }

        /// A paragraph's lines (1–3), each of 1–3 pieces, to destinations from `pool`.
        mutating func paragraph(_ pool: [Int], definitions: inout [String]) -> [String] {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    let d = "\u{1}\(pick(pool))\u{2}"
                    return piece(d, definitions: &definitions)
                }.joined(separator: pick([" ", " and ", ", "]))
            }
        }

        /// One container's paragraphs; each definition made goes where it is chosen to stand: its own
        /// paragraph in the container (before or after), the start of the next paragraph, or the end
        /// of the document.
        mutating func paragraphs(_ pool: [Int]) -> [[String]] {
            var out: [[String]] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                var definitions: [String] = []
                let lines = paragraph(pool, definitions: &definitions)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: out.append(lines); if !definitions.isEmpty { out.append(definitions.flatMap { $0.split(separator: "\n").map(String.init) }) }
                case 1: if !definitions.isEmpty { out.append(definitions.flatMap { $0.split(separator: "\n").map(String.init) }) }; out.append(lines)
                case 2: out.append(definitions.flatMap { $0.split(separator: "\n").map(String.init) } + lines)
                default: out.append(lines); trailing += definitions
                }
            }
            return out
        }

        /// A top-level block: a paragraph, a bullet or ordered list (tight or loose), a block quote,
        /// or a list in a block quote.
        mutating func block(_ pool: [Int]) -> String {
            func indent(_ paragraphs: [[String]], first: String, rest: String, blank: String) -> [String] {
                var lines: [String] = []
                for (p, paragraph) in paragraphs.enumerated() {
                    if p > 0 { lines.append(blank) }
                    for (l, line) in paragraph.enumerated() { lines.append((p == 0 && l == 0 ? first : rest) + line) }
                }
                return lines
            }
            func list(_ quote: String) -> [String] {
                let ordered = chance(2), loose = chance(3)
                var lines: [String] = []
                for item in 0..<Int.random(in: 1...3, using: &random) {
                    if item > 0 && loose { lines.append(quote.trimmingSuffix()) }
                    let marker = ordered ? "\(item + 1). " : "- "
                    let items = paragraphs(pool)
                    lines += indent(items, first: quote + marker, rest: quote + String(repeating: " ", count: marker.count), blank: quote.trimmingSuffix())
                }
                return lines
            }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return indent(paragraphs(pool), first: "", rest: "", blank: "").joined(separator: "\n")
            case 1: return list("").joined(separator: "\n")
            case 2: return indent(paragraphs(pool), first: "> ", rest: "> ", blank: ">").joined(separator: "\n")
            default: return list("> ").joined(separator: "\n")
            }
        }
    }

    /// `text` with each placeholder replaced by its destination before (`after: false`) or after.
    static func fill(_ text: String, after: Bool) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\u{1}") {
            out += rest[..<open]
            let close = rest[open...].firstIndex(of: "\u{2}")!
            let k = Int(rest[rest.index(after: open)..<close])!
            out += after ? repairs[k].1 : repairs[k].0
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// cmark's HTML (raw HTML kept, as `cmark --unsafe`).
    static func html(_ markdown: String) -> String {
        var text = markdown
        return text.withUTF8 { b in
            b.withMemoryRebound(to: CChar.self) { chars in
                guard let rendered = cmark_markdown_to_html(chars.baseAddress, chars.count, CMARK_OPT_UNSAFE) else { return "" }
                defer { free(rendered) }
                return String(cString: rendered)
            }
        }
    }

    /// `html` with every `href` and `src` value taken out (an image's destination is its `src`), and
    /// the values in order.
    static func destinations(_ html: String) -> (masked: String, values: [String]) {
        var masked = "", values: [String] = []
        var rest = Substring(html)
        while let at = [rest.range(of: " href="), rest.range(of: " src=")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            masked += rest[..<at.upperBound]
            rest = rest[at.upperBound...]
            guard let quote = rest.first else { break }
            if quote == "\"" || quote == "'" {
                let end = rest.dropFirst().firstIndex(of: quote) ?? rest.endIndex
                values.append(String(rest[rest.index(after: rest.startIndex)..<end]))
                masked += "\(quote)\(quote)"
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            } else {
                let end = rest.firstIndex(where: { $0 == " " || $0 == ">" }) ?? rest.endIndex
                values.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return (masked + rest, values)
    }

    @Test func generatedBlocksAreRepairedExactlyAndVerify() throws {
        var generator = Generator(random: SeededRandom(seed: 0x42_0006))
        let planned = Dictionary(Self.repairs, uniquingKeysWith: { a, _ in a })
        var changed = 0
        for n in 0..<400 {
            generator.trailing = []
            // One destination for the whole document, or several.
            let pool = generator.chance(3) ? [Int.random(in: 0..<Self.repairs.count, using: &generator.random)] : Array(Self.repairs.indices)
            let blocks = (0..<Int.random(in: 1...3, using: &generator.random)).map { _ in generator.block(pool) }
            var text = "# Index\n\n" + blocks.joined(separator: "\n\n") + "\n"
            if !generator.trailing.isEmpty { text += "\n" + generator.trailing.joined(separator: "\n") + "\n" }
            let before = Self.fill(text, after: false), want = Self.fill(text, after: true)

            var then = Self.then, now = Self.now
            then["index.md"] = before
            now["index.md"] = before
            let history = MemoryHistory([MemoryRevision("HEAD", files: then, renames: ["new.md": "old.md"])])
            var request = Run.LinksRequest(files: ["guide.md", "index.md", "new.md", "setup.md"])
            request.since = "HEAD"
            guard case .repaired(let results) = try Run(store: MemoryStore(now), revisions: history, lifetime: .session()).links(request),
                  let result = results.first(where: { $0.path == "index.md" })?.result else {
                Issue.record("document \(n) was not repaired:\n\(before)")
                continue
            }
            let repaired: RewriteResult
            do { repaired = try result.get() } catch {
                Issue.record("document \(n) refused: \(error)\n\(before)")
                continue
            }
            let got = String(decoding: repaired.rewrite.output, as: UTF8.self)
            #expect(got == want, "document \(n):\n\(before)\n---\n\(lineDifference(Array(got.utf8), Array(want.utf8)))")
            #expect(repaired.diagnostics.isEmpty, "document \(n): \(repaired.diagnostics)\n\(before)")
            // cmark's reading: the same HTML but for destinations, each the planned one.
            let old = Self.destinations(Self.html(before)), new = Self.destinations(Self.html(got))
            #expect(old.masked == new.masked, "document \(n):\n\(before)")
            #expect(new.values == old.values.map { planned[$0] ?? $0 }, "document \(n):\n\(before)")
            if got != before { changed += 1 }
        }
        // The generator exercises the repair: most documents have a link that must change.
        #expect(changed > 250, "\(changed) of 400 documents changed")
    }
}

private extension String {
    /// Without trailing spaces (a quote's blank line is `>`).
    func trimmingSuffix() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
