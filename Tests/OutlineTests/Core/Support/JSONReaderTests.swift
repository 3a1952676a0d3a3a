import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// The JSON reader outline uses instead of Foundation (for the sidecar), against RFC 8259's rules:
/// what it must accept, what it must refuse (with the line), the depth limit, invalid UTF-8.
@Suite("JSON reader")
struct JSONReaderTests {
    func parse(_ text: String) throws(JSONReader.Failure) -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

    @Test func acceptsWhatRFC8259Allows() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" \t\r\n true \n") == .bool(true))
        #expect(try parse("-0") == .int(0))
        // A whole number written with an exponent reads as the integer it is.
        #expect(try parse("[1, -2, 3.5, 1e3, 2E-2]") == .array([.int(1), .int(-2), .double(3.5), .int(1000), .double(0.02)]))
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u20AC\ud83d\ude00""#) == .string("é€😀"))
        #expect(try parse("{\"a\": 1, \"b\": [], \"c\": {}}") == .object([("a", .int(1)), ("b", .array([])), ("c", .object([]))]))
        // A repeated key keeps its last value; members stay in document order.
        #expect(try parse("{\"k\": 1, \"k\": 2}")["k"] == .int(2))
        // A UTF-8 byte order mark before the text is allowed.
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
    }

    @Test func refusesWhatItMustWithTheLine() {
        let bad: [(String, Int, String)] = [
            ("", 1, ""), ("[1,]", 1, ""), ("{\"a\" 1}", 1, ""), ("[01]", 1, ""), ("[1.]", 1, ""), ("[.5]", 1, ""),
            ("[+1]", 1, ""), ("'a'", 1, ""), ("[\"a\tb\"]", 1, "control character"), ("\"\\x\"", 1, "invalid escape"),
            ("\"\\ud800\"", 1, "unpaired surrogate"), ("\"\\udc00\"", 1, "unpaired surrogate"), ("\"abc", 1, "unterminated"),
            ("[true false]", 1, ""), ("{\"a\": nul}", 1, ""), ("[1]\n[2]", 2, "after the JSON value"), ("{\n\"a\":\n}", 3, ""),
            ("NaN", 1, ""), ("[Infinity]", 1, ""),
        ]
        for (text, line, words) in bad {
            do {
                _ = try parse(text)
                Issue.record("accepted \(text.debugDescription)")
            } catch {
                #expect(error.line == line, "\(text.debugDescription): line \(error.line), \(error.message)")
                #expect(words.isEmpty || error.message.contains(words), "\(text.debugDescription): \(error.message)")
            }
        }
    }

    @Test func invalidUTF8InAStringIsRefused() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
            #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(bytes) }
        }
    }

    @Test func nestingHasALimitNotACrash() throws {
        // The one limit of every reader (format.md §11): 256 levels read, the 257th refused.
        let deep = Nesting.limit
        #expect(deep >= 256)
        #expect(try parse(String(repeating: "[", count: deep) + String(repeating: "]", count: deep)) != .null)
        #expect(try parse(String(repeating: "{\"a\":", count: deep) + "1" + String(repeating: "}", count: deep)) != .null)
        for count in [deep + 1, 100_000] {
            do {
                _ = try parse(String(repeating: "[", count: count) + String(repeating: "]", count: count))
                Issue.record("a nesting of \(count) was accepted")
            } catch {
                #expect(error.message == "nesting deeper than \(deep)" && error.line == 1)
            }
        }
    }

    /// What outline writes, it reads back (the sidecar's round trip).
    @Test func readsWhatTheWriterWrites() throws {
        let value = JSONValue.object([("s", .string("tab\t \"q\" é \u{1}")), ("n", .int(-42)), ("a", .array([.bool(false), .null]))])
        #expect(try parse(value.pretty()) == value)
        #expect(try parse(value.compact()) == value)
    }
}
