import Foundation
import Testing
@testable import OutlineCore
import OutlineTestHelpers

/// Trusted rewrites over generated documents (format.md §9): ten thousand of them, seeded.
@Suite("trusted rewrites, generated", .serialized)
struct GeneratedRewriteTests {
    /// 8,000 generated documents (with the 2,000 reorders below, the 10⁴ of the issue): the pieces in
    /// random order and number, separated by blank lines; after
    /// `links`, exactly the real links changed, every one of them, and nothing was refused.
    @Test func generatedDocumentsChangeExactlyTheRealLinks() {
        var random = SeededRandom(seed: 25)
        for round in 0..<8_000 {
            var input = DecoyLinks.head, want = DecoyLinks.head
            let count = Int.random(in: 1...6, using: &random)
            for _ in 0..<count {
                // Definitions with the same label would be one link: each piece at most once.
                let (piece, _) = DecoyLinks.pieces[Int.random(in: 0..<DecoyLinks.pieces.count, using: &random)]
                if input.contains(piece) { continue }
                input += piece + "\n"
                want += DecoyLinks.repaired(piece) + "\n"
            }
            let variant = Variant.allCases[round % Variant.allCases.count]
            let run = runInProcess(["links"], stdin: variant.apply(bytes(input)))
            guard run.status == 0 else {
                Issue.record("round \(round): exit \(run.status): \(run.stderr)\n\(input)")
                return
            }
            if run.stdout != variant.apply(bytes(want)) {
                Issue.record("round \(round) (\(variant)):\n\(lineDifference(run.stdout, variant.apply(bytes(want))))")
                return
            }
        }
    }

    @Test func numberFollowsOnlyRealLinks() {
        let input = "# Doc\n\n## Two\n\nSee `[x](#two)` and [y](#two).\n\n    [z](#two)\n"
        let run = runInProcess(["number"], stdin: bytes(input))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("See `[x](#two)` and [y](#1-two)."), "\(run.text)")
        #expect(run.text.contains("    [z](#two)"), "\(run.text)")
    }

    /// `number --strip` of `number` gives back a same-file link's percent-encoded bytes exactly (two
    /// files of kubernetes/community wrote `#two%2Dwords` and `#communaut%c3%a9`).
    @Test(arguments: Variant.allCases)
    func percentEncodedFragmentsComeBackExactly(_ variant: Variant) {
        let input = variant.apply(bytes("# Doc\n\n## Two words\n\n[Two words](#two%2Dwords), [c](#communaut%c3%a9), [C](#COMMUNAUT%C3%A9X)\n\n## Communauté\n"))
        let numbered = runInProcess(["number"], stdin: input)
        #expect(numbered.status == 0 && numbered.text.contains("[Two words](#1%2Dtwo%2Dwords)") && numbered.text.contains("(#2-communaut%c3%a9)"), "\(numbered.text)")
        let stripped = runInProcess(["number", "--strip"], stdin: numbered.stdout)
        expectBytes(stripped.stdout, input, "\(variant)")
    }

    /// `number` puts a new record where `id` puts a new anchor: after the blank line under the
    /// heading when most anchors stand so. The two commute.
    @Test func idAndNumberCommuteWhenAnchorsStandAfterABlankLine() {
        let input = bytes("# Doc\n\n<!-- outline:doc -->\n## A\n\n<!-- outline:a -->\ntext\n\n## B\n\nb\n\n## C\ncc\n")
        let idThenNumber = runInProcess(["number"], stdin: runInProcess(["id"], stdin: input).stdout)
        let numberThenID = runInProcess(["id"], stdin: runInProcess(["number"], stdin: input).stdout)
        #expect(idThenNumber.status == 0 && numberThenID.status == 0)
        expectBytes(numberThenID.stdout, idThenNumber.stdout)
        #expect(idThenNumber.text.contains("## 2 B\n\n<!-- outline:b number=2 -->\nb"), "\(idThenNumber.text)")
    }

    @Test func tocRefusesABlockThatHoldsMoreThanAList() throws {
        let input = "# T\n\n<!-- outline:toc -->\n## Important\n\nText that must stay.\n\n<!-- outline:toc end -->\n\n## Z\n"
        let run = runInProcess(["toc"], stdin: bytes(input))
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run.text)")
        #expect(run.stderr.contains("<stdin>:3:") && run.stderr.contains("the heading 'Important' (line 4)"), "\(run.stderr)")
        let text = "# T\n\n<!-- outline:toc -->\nText that must stay.\n<!-- outline:toc end -->\n"
        let check = runInProcess(["check", "--no-links"], stdin: bytes(text))
        #expect(check.status == 1 && check.text.contains("<stdin>:3: the table of contents opened at line 3 holds 'Text that must stay.' (line 4)"), "\(check.text)")
        // A block of links and blank lines is still rewritten.
        let fine = runInProcess(["toc"], stdin: bytes("# T\n\n<!-- outline:toc -->\n- [Z](#old)\n\n<!-- outline:toc end -->\n\n## Z\n"))
        #expect(fine.status == 0 && fine.text.contains("- [Z](#z)"), "\(fine.text) \(fine.stderr)")
    }

    /// Skeleton reorders: bodies ending in a paragraph, an HTML block, a list, a lazy line, moved before
    /// setext and ATX headings; after `unfold` the sections stand in the skeleton's order with their
    /// own titles and bodies.
    @Test func reorderedSkeletonsKeepTheirSections() throws {
        let bodies = ["c", "<details>\nx\n</details>", "- item\n- list", "> quote\nlazy", "para\ncontinued"]
        var random = SeededRandom(seed: 3)
        for round in 0..<2_000 {
            let titles = ["Alpha", "Beta", "Gamma", "Delta"]
            var doc = "Title\n=====\n\n"
            var bodyOf: [String: String] = [:]
            for (k, title) in titles.enumerated() {
                let setext = Bool.random(using: &random)
                let body = bodies[Int.random(in: 0..<bodies.count, using: &random)]
                bodyOf[title] = body
                doc += setext ? "\(title)\n-----\n\n" : "## \(title)\n\n"
                doc += body + (k == titles.count - 1 ? "\n" : "\n\n")
            }
            let pinned = runInProcess(["id"], stdin: bytes(doc)).stdout
            let original = try Outline(parsing: pinned)
            let view = try Fold.apply(original, selection: .init(depth: 2)).output
            // Cut the view into the title part and one block per section, and shuffle the sections.
            let lines = String(decoding: view, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let folded = try Outline(parsing: view)
            let starts = folded.sections.dropFirst().map { $0.heading.firstLine }
            var parts: [[String]] = []
            for (k, start) in starts.enumerated() {
                let end = k + 1 < starts.count ? starts[k + 1] : lines.count
                parts.append(Array(lines[start..<end]))
            }
            parts.shuffle(using: &random)
            let skeleton = (Array(lines[0..<starts[0]]) + parts.flatMap { $0 }).joined(separator: "\n")
            let result = try Unfold.apply(try Outline(parsing: bytes(skeleton)), original: original).output
            let tree = try Outline(parsing: result)
            let order = parts.map { part in titles.first { part[0].hasPrefix($0) || part[0].hasSuffix($0) }! }
            #expect(tree.sections.map(\.title) == ["Title"] + order, "round \(round):\n\(String(decoding: result, as: UTF8.self))")
            for section in tree.sections.dropFirst() {
                let text = String(decoding: result, as: UTF8.self)
                #expect(text.contains(bodyOf[section.title]!), "round \(round): body of \(section.title)")
            }
        }
    }
}
