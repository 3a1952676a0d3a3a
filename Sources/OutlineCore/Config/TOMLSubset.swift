/// The part of TOML `.outline.toml` needs: comments, `[table]` headers, `key = value` with bare keys,
/// and values that are basic or literal strings, integers, booleans or arrays of strings (over several
/// lines too). Everything else is an error naming what is not supported.
enum TOMLSubset {
    enum Value: Equatable {
        case string(String), integer(Int), bool(Bool), strings([String])

        var typeName: String {
            switch self {
            case .string: return "a string"
            case .integer: return "an integer"
            case .bool: return "a boolean"
            case .strings: return "an array"
            }
        }
    }

    struct Entry: Equatable {
        let table: String?
        let key: String
        let value: Value
        let line: Int
        var name: String { table.map { "\($0).\(key)" } ?? key }
    }

    /// The entries, and the syntax errors of the lines that could not be read (each such line is
    /// skipped, so that one run reports every mistake).
    static func parse(_ bytes: [UInt8], path: String) throws -> ([Entry], [Diagnostic]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic(.error, .config, path: path, "not valid UTF-8")
        }
        var reader = Reader(Array(text.unicodeScalars), path: path)
        let entries = reader.document()
        return (entries, reader.errors)
    }

    struct Reader {
        let s: [Unicode.Scalar]
        let path: String
        var i = 0
        var line = 1
        var errors: [Diagnostic] = []

        init(_ s: [Unicode.Scalar], path: String) {
            self.s = s
            self.path = path
            if s.first == "\u{FEFF}" { i = 1 }
        }

        func fail(_ message: String, at line: Int? = nil) -> Diagnostic {
            Diagnostic(.error, .config, path: path, line: line ?? self.line, message)
        }

        var atEnd: Bool { i >= s.count }
        var current: Unicode.Scalar? { i < s.count ? s[i] : nil }

        mutating func skipBlanks() {
            while let c = current, c == " " || c == "\t" { i += 1 }
        }

        /// Blanks, then a comment, then the end of the line (or of the file).
        mutating func endOfLine() throws {
            skipBlanks()
            if current == "#" {
                while let c = current, c != "\n" {
                    if c.value < 0x20 && c != "\t" && c != "\r" { throw fail("control character in a comment") }
                    i += 1
                }
            }
            if current == "\r" && i + 1 < s.count && s[i + 1] == "\n" { i += 1 }
            guard let c = current else { return }
            guard c == "\n" else { throw fail("unexpected '\(c)' (one key = value per line)") }
            i += 1
            line += 1
        }

        /// Skips the rest of a line that could not be read.
        mutating func skipLine() {
            while let c = current, c != "\n" { i += 1 }
            if current == "\n" { i += 1; line += 1 }
        }

        mutating func document() -> [Entry] {
            var entries: [Entry] = []
            var table: String? = nil
            var seen = Set<String>()
            var tablesSeen = Set<String>()
            while !atEnd {
              do {
                skipBlanks()
                guard let c = current else { break }
                if c == "\n" || c == "\r" || c == "#" { try endOfLine(); continue }
                if c == "[" {
                    let at = line
                    i += 1
                    if current == "[" { throw fail("arrays of tables ([[...]]) are not supported in .outline.toml") }
                    skipBlanks()
                    let name = try bareKey()
                    skipBlanks()
                    guard current == "]" else { throw fail(current == "." ? "dotted table names are not supported in .outline.toml" : "expected ']' after the table name") }
                    i += 1
                    guard Config.tables.contains(name) else {
                        throw fail("unknown table [\(name)]" + Suggestion.hint(name, among: Config.tables), at: at)
                    }
                    guard tablesSeen.insert(name).inserted else { throw fail("table [\(name)] defined twice", at: at) }
                    table = name
                    try endOfLine()
                    continue
                }
                let at = line
                let key = try bareKey()
                skipBlanks()
                if current == "." { throw fail("dotted keys are not supported in .outline.toml (use a [table])") }
                guard current == "=" else { throw fail("expected '=' after '\(key)'") }
                i += 1
                skipBlanks()
                let value = try self.value(for: key)
                let name = table.map { "\($0).\(key)" } ?? key
                guard seen.insert(name).inserted else { throw fail("'\(name)' is set twice", at: at) }
                entries.append(Entry(table: table, key: key, value: value, line: at))
                try endOfLine()
              } catch let error as Diagnostic {
                // A string over several lines may have moved past the line the error is on.
                errors.append(error)
                if (error.line ?? line) >= line { skipLine() }
              } catch {
                skipLine()
              }
            }
            return entries
        }

        mutating func bareKey() throws -> String {
            var key = String.UnicodeScalarView()
            while let c = current, ("0"..."9").contains(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "-" || c == "_" {
                key.append(c)
                i += 1
            }
            if key.isEmpty {
                if current == "\"" || current == "'" { throw fail("quoted keys are not supported in .outline.toml") }
                throw fail(current.map { "expected a key, not '\($0)'" } ?? "expected a key")
            }
            return String(key)
        }

        mutating func value(for key: String = "key") throws -> Value {
            guard let c = current else { throw fail("a value is missing") }
            if c.properties.isAlphabetic && !matches("true") && !matches("false") {
                // `slugs = github`: a bare word is what people write for a string.
                var word = ""
                var k = i
                while k < s.count, s[k] != " ", s[k] != "\t", s[k] != "#", s[k] != "\n", s[k] != "\r" { word.unicodeScalars.append(s[k]); k += 1 }
                if key == "linkable" { throw fail("'linkable' needs true, false, \"element\" or \"attribute\", not '\(word)'") }
                if ["allow-folds", "links"].contains(key) { throw fail("'\(key)' needs true or false, not '\(word)'") }
                throw fail("strings need quotes: \(key) = \"\(word)\"")
            }
            switch c {
            case "\"", "'": return .string(try string())
            case "[": return .strings(try array())
            case "{": throw fail("inline tables are not supported in .outline.toml")
            case "t", "f":
                for (word, value) in [("true", true), ("false", false)] where matches(word) {
                    i += word.unicodeScalars.count
                    return .bool(value)
                }
                throw fail("expected true or false")
            default:
                return .integer(try integer())
            }
        }

        func matches(_ word: String) -> Bool {
            let w = Array(word.unicodeScalars)
            guard i + w.count <= s.count, Array(s[i..<(i + w.count)]) == w else { return false }
            if i + w.count < s.count {
                let next = s[i + w.count]
                if ("a"..."z").contains(next) || ("A"..."Z").contains(next) || ("0"..."9").contains(next) || next == "_" || next == "-" { return false }
            }
            return true
        }

        mutating func integer() throws -> Int {
            var digits = ""
            if current == "+" || current == "-" { digits.unicodeScalars.append(current!); i += 1 }
            var last: Unicode.Scalar? = nil
            while let c = current, ("0"..."9").contains(c) || c == "_" {
                if c == "_" {
                    guard let l = last, ("0"..."9").contains(l) else { throw fail("a '_' in a number must stand between digits") }
                } else {
                    digits.unicodeScalars.append(c)
                }
                last = c
                i += 1
            }
            if last == "_" { throw fail("a '_' in a number must stand between digits") }
            if let c = current, c == "." || c == "e" || c == "E" || c == ":" || c == "-" || c == "x" || c == "o" || c == "b" {
                throw fail("only whole decimal numbers are supported in .outline.toml")
            }
            let unsigned = digits.hasPrefix("+") || digits.hasPrefix("-") ? String(digits.dropFirst()) : digits
            guard !unsigned.isEmpty else {
                throw fail(current.map { "expected a value (a string, a number, true, false or an array), not '\($0)'" } ?? "a value is missing")
            }
            if unsigned.count > 1 && unsigned.hasPrefix("0") { throw fail("leading zeros are not allowed in a number") }
            guard let n = Int(digits) else { throw fail("number out of range") }
            return n
        }

        mutating func string() throws -> String {
            let quote = current!
            if i + 2 < s.count && s[i + 1] == quote && s[i + 2] == quote {
                throw fail("multi-line strings are not supported in .outline.toml")
            }
            i += 1
            var out = String.UnicodeScalarView()
            while true {
                guard let c = current, c != "\n", c != "\r" else { throw fail("unterminated string") }
                i += 1
                if c == quote { break }
                if c.value < 0x20 && c != "\t" || c.value == 0x7F { throw fail("control character in a string") }
                if c == "\\" && quote == "\"" {
                    guard let e = current else { throw fail("unterminated string") }
                    i += 1
                    switch e {
                    case "\"": out.append("\"")
                    case "\\": out.append("\\")
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "b": out.append("\u{8}")
                    case "f": out.append("\u{C}")
                    case "u", "U":
                        let count = e == "u" ? 4 : 8
                        guard i + count <= s.count else { throw fail("bad \\\(e) escape") }
                        let hex = String(String.UnicodeScalarView(s[i..<(i + count)]))
                        guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else { throw fail("bad \\\(e) escape") }
                        out.append(scalar)
                        i += count
                    default: throw fail("unknown escape '\\\(e)' in a string")
                    }
                } else {
                    out.append(c)
                }
            }
            return String(out)
        }

        /// `[ "a", 'b', ]`, over several lines, with comments between the items.
        mutating func array() throws -> [String] {
            i += 1
            var items: [String] = []
            func skipSpace() throws {
                while let c = current {
                    if c == " " || c == "\t" { i += 1 }
                    else if c == "\n" { i += 1; line += 1 }
                    else if c == "\r", i + 1 < s.count, s[i + 1] == "\n" { i += 2; line += 1 }
                    else if c == "#" { while let d = current, d != "\n" { i += 1 } }
                    else { break }
                }
            }
            try skipSpace()
            while current != "]" {
                guard let c = current else { throw fail("unterminated array") }
                guard c == "\"" || c == "'" else { throw fail("only arrays of strings are supported in .outline.toml") }
                items.append(try string())
                try skipSpace()
                if current == "," { i += 1; try skipSpace() } else if current != "]" { throw fail("expected ',' or ']' in an array") }
            }
            i += 1
            return items
        }
    }
}
