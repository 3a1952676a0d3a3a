import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore
import OutlineTestSupport

/// Trusted rewrites (format.md §9): every edit located within the block cmark
/// says holds it, every result verified before it is written, a refusal instead of a corruption.
@Suite("trusted rewrites", .serialized)
struct TrustedRewriteTests {
    @Test(arguments: Variant.allCases)
    func linksEditOnlyTheRealLinks(_ variant: Variant) {
        for (piece, _) in DecoyLinks.pieces {
            let input = variant.apply(bytes(DecoyLinks.head + piece))
            let want = variant.apply(bytes(DecoyLinks.head + DecoyLinks.repaired(piece)))
            let run = runInProcess(["links"], stdin: input)
            #expect(run.status == 0, "\(variant) \(piece.debugDescription): \(run.stderr)")
            expectBytes(run.stdout, want, "\(variant) \(piece.debugDescription)")
            // Idempotent: a second run changes nothing.
            #expect(runInProcess(["links"], stdin: run.stdout).stdout == run.stdout)
        }
    }

    /// Verification fires: a wrong edit injected through the test-only seam is refused (exit 2) and
    /// nothing is written, with `-w` over several files neither.
    @Test func aWrongEditIsRefusedAndNothingIsWritten() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let token = "verification-seam-7f3a2c"
        let a = "# A\n\nText \(token).\n\n## B\n\nMore.\n", b = "# Other\n\nFine.\n"
        try a.write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try b.write(to: dir.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let injection = Verification.injectForTesting { outline in
            // Only this test's document: the "## B" heading loses its space.
            guard String(decoding: outline.source.bytes, as: UTF8.self).contains(token),
                  let b = outline.sections.first(where: { $0.title == "B" }) else { return nil }
            let at = outline.source.lineStarts[b.heading.firstLine] + 2
            return (at..<(at + 1), [])
        }
        defer { Verification.stopInjecting(injection) }
        let run = runInProcess(["id", "-w", dir.appendingPathComponent("b.md").path, dir.appendingPathComponent("a.md").path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("a.md:") && run.stderr.contains("refusing to write:"), "\(run.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("a.md"), encoding: .utf8) == a)
        #expect(try String(contentsOf: dir.appendingPathComponent("b.md"), encoding: .utf8) == b)
    }

    /// The verifier on its own: a wrong edit in a code span beside a planned link is refused.
    @Test func verifierRefusesAnEditBesideThePlannedOne() throws {
        let input = bytes("# Installing it\n<!-- outline:install -->\n\nSee `[x](#install)` and [y](#install).\n")
        let outline = try Outline(parsing: input, [.links, .fingerprints])
        let text = String(decoding: input, as: UTF8.self)
        let span = text.range(of: "`[x](")!.upperBound.utf16Offset(in: text)   // `#install` inside the code span
        var edits = EditList()
        edits.replace(span..<(span + 8), with: bytes("#installing-it"))
        var plan = Verification.LinkPlan()
        plan.rewrites["#install"] = "#installing-it"
        plan.mustChange = [0]
        #expect(throws: Diagnostic.self) {
            _ = try Verification.verified(outline, RewriteResult(edits, on: input), sections: Verification.unchanged(outline), links: plan)
        }
    }

    /// Text put before the first byte of a block a link is repaired in belongs to that block's result:
    /// the result's blocks are those starting on its lines, not after what was inserted there. Both
    /// ways of hashing the input are held to it: the input's own parse with fingerprints (what the
    /// rewriting commands ask for), and verification's parse of it when the caller did not ask.
    @Test(arguments: [true, false])
    func verifierRefusesTextBeforeATouchedBlock(fingerprints: Bool) throws {
        let input = bytes("# Installing it\n<!-- outline:install -->\n\nSee [y](#install), [r].\n\n[r]: #install\n")
        let outline = try Outline(parsing: input, fingerprints ? [.links, .fingerprints] : [.links])
        let text = String(decoding: input, as: UTF8.self)
        let see = text.range(of: "See")!.lowerBound.utf16Offset(in: text)
        let destination = text.range(of: "(#install)")!.lowerBound.utf16Offset(in: text) + 1
        var plan = Verification.LinkPlan()
        plan.rewrites["#install"] = "#installing-it"
        plan.mustChange = [0]
        var planned = EditList()
        planned.replace(destination..<(destination + 8), with: bytes("#installing-it"))
        // The planned edit alone verifies (the reference link, resolved through a definition in
        // another block, is the same link on both sides)...
        let good = try Verification.verified(outline, RewriteResult(planned, on: input), sections: Verification.unchanged(outline), links: plan)
        #expect(String(decoding: good.rewrite.output, as: UTF8.self).contains("See [y](#installing-it), [r]."))
        // ...and with a word put before the block, it does not.
        var wrong = EditList()
        wrong.insert(bytes("X"), at: see)
        wrong.replace(destination..<(destination + 8), with: bytes("#installing-it"))
        #expect(throws: Diagnostic.self) {
            _ = try Verification.verified(outline, RewriteResult(wrong, on: input), sections: Verification.unchanged(outline), links: plan)
        }
    }

    /// A destination at the very end of a file without a final newline gains a fragment: the insertion
    /// at the end belongs to the last block, with the other edits in it (one run, not two that would
    /// each claim the block), and the rewrite verifies (spec example 531, no final newline).
    @Test(arguments: [true, false])
    func anInsertionAtTheEndOfTheInputVerifies(fingerprints: Bool) throws {
        let input = bytes("[![moon](moon.jpg)][ref]\n\n[ref]: /uri")
        let outline = try Outline(parsing: input, fingerprints ? [.links, .fingerprints] : [.links])
        let (result, unlocated) = try LinkRepair.rewriteAll(outline) { $0 + "#z" }
        #expect(unlocated.isEmpty)
        #expect(String(decoding: result.rewrite.output, as: UTF8.self) == "[![moon](moon.jpg#z)][ref]\n\n[ref]: /uri#z")
    }

    /// Verification counts the line endings of every replacement (an unfolded body is all of one),
    /// eight bytes at a time: held to a byte-by-byte count on seeded random bytes full of CR, LF and
    /// their neighbours, cut at random offsets so that a CRLF straddles word and slice ends.
    @Test func lineBreaksAgreeWithAByteCount() {
        var random = SeededRandom(seed: 1203)
        let alphabet: [UInt8] = [ASCII.lf, ASCII.cr, 0x0C, 0x0D, 0x0E, 0x0B, 0x00, 0x8D, 0x8A, UInt8(ascii: "a"), UInt8(ascii: " ")]
        func naive(_ bytes: ArraySlice<UInt8>) -> Int {
            var count = 0
            var i = bytes.startIndex
            while i < bytes.endIndex {
                if bytes[i] == ASCII.lf { count += 1 }
                else if bytes[i] == ASCII.cr && (i + 1 == bytes.endIndex || bytes[i + 1] != ASCII.lf) { count += 1 }
                i += 1
            }
            return count
        }
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                Int.random(in: 0..<4, using: &random) == 0 ? alphabet[Int.random(in: 0..<alphabet.count, using: &random)] : UInt8(ascii: "x")
            }
            let from = Int.random(in: 0...bytes.count, using: &random)
            let to = Int.random(in: from...bytes.count, using: &random)
            #expect(Verification.lineBreaks(bytes[from..<to]) == naive(bytes[from..<to]), "\(bytes) \(from)..<\(to)")
        }
    }

    /// Issue 42, item 6 (the other side of `RepairVerificationTests`): a block holding a repaired
    /// `href` is compared like any other (its raw HTML with the `href` values left out), so a change
    /// beside the repair is refused, in the first list item as in a later one. (It was let through in
    /// the first: the whole list went unhashed.) The seam is global: this suite runs serialized.
    @Test(arguments: [
        "- [u](a.md \"title\") <a href=\"a.md\">u</a>\n- b\n",
        "- b\n- [u](a.md \"title\") <a href=\"a.md\">u</a>\n",
        "<div><a href=\"a.md\" title=\"title\">u</a></div>\n",
    ])
    func aChangeBesideARepairedHrefIsRefused(_ block: String) throws {
        let input = Array("# A\n\n\(block)".utf8)
        let outline = try Outline(parsing: input, [.links, .fingerprints])
        // Every destination rewritten through the locator, as `links` does...
        let (good, unlocated) = try LinkRepair.rewriteAll(outline) { $0 == "a.md" ? "b.md" : $0 }
        #expect(unlocated.isEmpty)
        #expect(String(decoding: good.rewrite.output, as: UTF8.self) == "# A\n\n" + block.replacingAll("a.md", with: "b.md"))
        // ...and with the title beside them changed as well, refused.
        let title = input.firstRange(of: Array("title".utf8))!
        let injection = Verification.injectForTesting { o in o.source.bytes == input ? (title.lowerBound + 4..<title.lowerBound + 5, Array("x".utf8)) : nil }
        defer { Verification.stopInjecting(injection) }
        #expect(throws: Diagnostic.self) { _ = try LinkRepair.rewriteAll(outline) { $0 == "a.md" ? "b.md" : $0 } }
    }
}
