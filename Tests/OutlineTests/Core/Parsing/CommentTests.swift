import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

@Suite("Outline's own lines")
struct CommentTests {
    func parse(_ line: String) -> OutlineCommentParser.Parsed? {
        OutlineCommentParser.parse(Source(bytes(line)), line: 0)
    }

    /// The ASCII path of the ID rule agrees with the rule on scalars, over generated words (seeded).
    @Test func asciiIDsAgreeWithTheScalarRule() {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        let alphabet = Array("ab-z09_-A. éÉ\u{301}".unicodeScalars)
        for _ in 0..<20_000 {
            let length = Int(next() % 70)
            let word = String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }))
            #expect(IDSyntax.isValid(word) == IDSyntax.isValidByScalars(word), "\(word)")
        }
        for word in ["", "-", "a-", "-a", "a--b", "a-b", String(repeating: "a", count: 64), String(repeating: "a", count: 65), "é-a", "a_b9",
                     "A-é", "-é", "é--a", "aé-", String(repeating: "é", count: 40), "a.é"] {
            #expect(IDSyntax.isValid(word) == IDSyntax.isValidByScalars(word), "\(word)")
        }
    }

    @Test func records() throws {
        guard case .record(let r)? = parse("<!-- outline:install number=1.2 toc=no -->") else { Issue.record("not a record"); return }
        #expect(r.id == "install" && r.problem == nil)
        #expect(r.attribute("number")?.value == "1.2")
        #expect(r.attributeTokens.map(\.text) == ["number=1.2", "toc=no"])
        // After the ID only key=value attributes: words are a malformed anchor, named by its words.
        guard case .record(let words)? = parse("<!-- outline:install number=1.2 x -->") else { Issue.record("not a record"); return }
        #expect(words.problem == .invalidID("install x") && words.id == nil && words.isRepairable)
        guard case .record(let title)? = parse("<!-- outline: Install Guide -->") else { Issue.record("not a record"); return }
        #expect(title.problem == .invalidID("Install Guide"))
        guard case .record(let tight)? = parse("<!-- outline:-->") else { Issue.record("not a record"); return }
        #expect(tight.problem == .empty && tight.isRepairable && tight.canHoldAnID)
        guard case .record(let idless)? = parse("   <!--outline:number=3-->  ") else { Issue.record("not a record"); return }
        #expect(idless.id == nil && idless.idToken == nil && idless.problem == nil)
        #expect(idless.attribute("number")?.value == "3")
        guard case .record(let bad)? = parse("<!-- outline:Bad -->") else { Issue.record("not a record"); return }
        #expect(bad.problem == .invalidID("Bad"))
        guard case .record(let open)? = parse("<!-- outline:x") else { Issue.record("not a record"); return }
        #expect(open.problem == .unclosed)
        guard case .record(let trailing)? = parse("<!-- outline:x --> text") else { Issue.record("not a record"); return }
        #expect(trailing.problem == .unclosed)
        guard case .record(let empty)? = parse("<!-- outline: -->") else { Issue.record("not a record"); return }
        #expect(empty.problem == .empty)
        #expect(parse("    <!-- outline:x -->") == nil, "four spaces of indent is code")
        #expect(parse("<!-- outlines:x -->") == nil)
        #expect(parse("<!-- other -->") == nil)
    }

    @Test func markers() {
        guard case .marker(let m)? = parse("<!-- outline-fold:install lines=3-9 hash=0badf00d hidden=a:3,b:4 -->") else {
            Issue.record("not a marker"); return
        }
        #expect(m.id == "install" && m.hiddenLines == 3...9 && m.hash == 0x0badf00d)
        #expect(m.hiddenSections.map(\.id) == ["a", "b"] && m.hiddenSections.map(\.level) == [3, 4])
        for bad in ["<!-- outline-fold:Bad lines=1-2 -->", "<!-- outline-fold:x -->", "<!-- outline-fold:x lines=5-2 -->",
                    "<!-- outline-fold:x lines=1-2 hash=zz -->", "<!-- outline-fold:x lines=1-2 hidden=a:9 -->"] {
            guard case .malformedMarker? = parse(bad) else { Issue.record("\(bad) accepted"); continue }
        }
    }

    /// A marker's `lines=` and `hash=` are read on their bytes when they look as `fold` writes them,
    /// else the general way: either way they mean what Swift's `Int` and `UInt32(_:radix: 16)` read
    /// (the marker of format.md §4), over seeded values with signs, leading zeros, uppercase, too many
    /// digits and stray characters.
    @Test func markerValuesMeanWhatTheGeneralReadingSays() {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int((state >> 33) % UInt64(n)) }
        let pieces = ["0", "1", "7", "9", "12", "007", "999999999", "1000000000", "+3", "-", "+", "a", "F", "f", "00000000", "0badf00d", "DEADBEEF"]
        func word() -> String { (0..<next(4)).map { _ in pieces[next(pieces.count)] }.joined() }
        let hexDigits = Array("0123456789abcdefABCDEF")
        func check(lines: String, hash: String) {
            let line = "<!-- outline-fold:x lines=\(lines) hash=\(hash) -->"
            // The general reading.
            let bounds = lines.split(separator: "-", omittingEmptySubsequences: false)
            var range: ClosedRange<Int>? = nil
            if bounds.count == 2, let a = Int(bounds[0]), let b = Int(bounds[1]), a >= 1, a <= b, b < 1_000_000_000 { range = a...b }
            let h: UInt32? = hash.utf8.count == 8 ? UInt32(hash, radix: 16) : nil
            switch parse(line) {
            case .marker(let m)?:
                #expect(range == m.hiddenLines && h == m.hash, "\(line)")
            case .malformedMarker?:
                #expect(range == nil || h == nil, "\(line)")
            default:
                Issue.record("\(line): not a marker")
            }
        }
        for _ in 0..<4_000 {
            // Each value varied beside a valid other, so that the marker stands or falls by it.
            check(lines: next(3) == 0 ? word() : word() + "-" + word(), hash: "0badf00d")
            let hash = next(2) == 0 ? word() : String((0..<8).map { _ in hexDigits[next(hexDigits.count)] })
            check(lines: "3-9", hash: hash)
        }
    }

    /// An anchor line as `id` writes it is read on its bytes (`canonicalRecord`); every line, read
    /// that way or not, means what the general reading says: the same record, field by field, or the
    /// same other answer. Seeded lines near the canonical one: IDs with dashes, uppercase, `toc`,
    /// 64 and 65 characters, missing or doubled spaces, trailing blanks, indentation, non-ASCII.
    @Test func anchorLinesMeanWhatTheGeneralReadingSays() {
        var state: UInt64 = 0xD1B54A32D192ED03
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int((state >> 33) % UInt64(n)) }
        let idPieces = ["a", "b9", "-", "--", "_", "toc", "Z", "é", ">", "x", String(repeating: "a", count: 60), " ", "=1"]
        let opens = ["<!-- outline:", "<!--outline:", "<!--  outline:", "  <!-- outline:", "<!-- outline-fold:", "<!-- outline-page:", "<!- outline:"]
        let closes = [" -->", "-->", " --> ", " -->\t", "  -->", " --", " --> x", " --><a id=\"x\"></a>"]
        func describe(_ parsed: OutlineCommentParser.Parsed?) -> String {
            switch parsed {
            case .record(let r)?:
                return "record \(r.line) \(r.tokens) \(r.bodyStart) \(r.bodyEnd) \(r.commentRange) \(r.closeEnd) \(r.elements) \(String(describing: r.problem))"
            case .marker(let m)?: return "marker \(m)"
            case .malformedMarker(let m)?: return "malformed \(m)"
            case .toc(let m)?: return "toc \(m)"
            case .page(let r)?: return "page \(r.tokens) \(String(describing: r.problem))"
            case nil: return "none"
            }
        }
        var fast = 0
        for _ in 0..<20_000 {
            let id = (0..<next(4)).map { _ in idPieces[next(idPieces.count)] }.joined()
            let canonical = next(2) == 0
            let line = canonical ? "<!-- outline:\(id) -->" : opens[next(opens.count)] + id + closes[next(closes.count)]
            for ending in ["", "\n", "\r\n"] {
                let source = Source(bytes("# T\n" + line + ending + (ending.isEmpty ? "" : "after\n")))
                let content = source.contentRange(1)
                let start = source.bytes.skippingIndent(from: content.lowerBound, to: content.upperBound)
                if OutlineCommentParser.canonicalRecord(source.bytes, line: 1, start: start, end: content.upperBound) != nil { fast += 1 }
                #expect(describe(OutlineCommentParser.parse(source, line: 1)) == describe(OutlineCommentParser.general(source, line: 1)), "\(line)")
            }
        }
        #expect(fast > 3_000, "the generated lines reach the fast reading")
    }
}
