/// TOML 1.0, outline's one TOML reader: Hugo's `hugo.toml` and a page's `+++` front matter read
/// into a `ConfigValue` (`read`, format.md §16), and `.outline.toml` read as its statements, which
/// `Config` holds to its strict subset (format.md §13). Tables, arrays of tables, dotted and quoted
/// keys, the four kinds of strings, arrays and inline tables. Numbers, booleans and dates stay
/// plain scalars (their text); strings are quoted scalars. A syntax outside TOML is an error at its
/// line, never a silent misreading.
///
/// Bounded (format.md §11): arrays and inline tables nest at most `Nesting.limit` deep, the
/// components of a table's name and of a dotted key counted as levels too (`[a.b]` then `c.d = [1]`
/// is four deep); deeper is an error at its line.
struct TOMLReader {
    /// A key as written: bare, or quoted (which `.outline.toml` does not take).
    struct Key: Equatable {
        let text: String
        let quoted: Bool
    }

    /// A value as written.
    indirect enum Value: Equatable {
        /// A basic or literal string; `multiline` for `"""…"""` and `'''…'''`.
        case string(String, multiline: Bool)
        /// A number, a boolean or a date, as written (what it reads as is the caller's).
        case bare(String)
        case array([Value])
        case inlineTable([Assignment])
    }

    struct Assignment: Equatable {
        let key: [Key]
        let value: Value
    }

    enum Statement: Equatable {
        /// `[a.b]`, or `[[a.b]]` (`array`).
        case table([Key], array: Bool)
        case assignment(Assignment)
    }

    /// A mistake at a 1-based line.
    struct Failure: Error, Equatable {
        let line: Int
        let message: String
    }

    private let bytes: [UInt8]
    private var at = 0
    private var line = 1
    private var depth = Depth()
    /// How many components the current table's name has: levels the values below it stand at.
    private var headerLevels = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    // MARK: reading

    /// Every statement with its 1-based line, and each line that could not be read: its mistake,
    /// the rest of that line skipped, so that one pass finds every mistake of a file.
    static func statements(_ bytes: [UInt8]) -> (statements: [(statement: Statement, line: Int)], failures: [Failure]) {
        var reader = TOMLReader(bytes)
        var statements: [(statement: Statement, line: Int)] = []
        var failures: [Failure] = []
        while reader.current != nil {
            let start = reader.line
            do {
                if let statement = try reader.statement() { statements.append((statement, start)) }
            } catch {
                failures.append(error)
                // A string or an array over several lines may have moved past the line of the mistake.
                if error.line >= reader.line { reader.skipLine() }
                while reader.depth.level > 0 { reader.depth.leave() }
            }
        }
        return (statements, failures)
    }

    /// Reads a document as a value (Hugo's reading): its first mistake is thrown, located.
    static func read(_ bytes: [UInt8]) throws -> ConfigValue {
        let (statements, failures) = TOMLReader.statements(bytes)
        do {
            if let first = failures.first { throw first }
            return try TOMLTree.build(statements)
        } catch let failure as Failure {
            throw Diagnostic.error(.site, line: failure.line, "cannot read TOML: \(failure.message)")
        }
    }

    private func fail(_ message: String) -> Failure { Failure(line: line, message: message) }

    private var current: UInt8? { at < bytes.count ? bytes[at] : nil }
    private func byte(_ offset: Int) -> UInt8? { at + offset < bytes.count ? bytes[at + offset] : nil }

    private mutating func skipBlanks() { while let c = current, c == 0x20 || c == 0x09 { at += 1 } }

    private mutating func skipLine() {
        while let c = current, c != 0x0A { at += 1 }
        if current == 0x0A { at += 1; line += 1 }
    }

    /// A comment from its `#` to the line's end (not the line ending).
    private mutating func comment() throws(Failure) {
        while let c = current, c != 0x0A {
            if c < 0x20 && c != 0x09 && !(c == 0x0D && byte(1) == 0x0A) || c == 0x7F { throw fail("control character in a comment") }
            at += 1
        }
    }

    /// Blanks, then a comment, then the end of the line (or of the file).
    private mutating func endOfLine() throws(Failure) {
        skipBlanks()
        if current == UInt8(ascii: "#") { try comment() }
        if current == 0x0D && byte(1) == 0x0A { at += 1 }
        guard let c = current else { return }
        guard c == 0x0A else { throw fail("unexpected '\(Character(Unicode.Scalar(c)))' (one key = value per line)") }
        at += 1
        line += 1
    }

    /// Blanks, line endings and comments (between an array's values).
    private mutating func skipSpace() throws(Failure) {
        while let c = current {
            if c == 0x20 || c == 0x09 { at += 1 }
            else if c == 0x0A { at += 1; line += 1 }
            else if c == 0x0D && byte(1) == 0x0A { at += 2; line += 1 }
            else if c == UInt8(ascii: "#") { try comment() }
            else { break }
        }
    }

    /// One line's statement: a table header, an assignment, or nil for a blank or comment line.
    private mutating func statement() throws(Failure) -> Statement? {
        skipBlanks()
        guard let c = current else { return nil }
        if c == 0x0A || c == 0x0D || c == UInt8(ascii: "#") { try endOfLine(); return nil }
        if c == UInt8(ascii: "[") {
            at += 1
            let array = current == UInt8(ascii: "[")
            if array { at += 1 }
            skipBlanks()
            let path = try keyPath()
            guard path.count <= Nesting.limit else { throw fail(Nesting.tooDeep) }
            guard current == UInt8(ascii: "]") else { throw fail("expected ']' after the table name") }
            at += 1
            if array {
                guard current == UInt8(ascii: "]") else { throw fail("an array of tables needs ']]'") }
                at += 1
            }
            headerLevels = path.count
            try endOfLine()
            return .table(path, array: array)
        }
        let assignment = try self.assignment(levels: headerLevels)
        try endOfLine()
        return .assignment(assignment)
    }

    /// `key = value`, its value standing `levels` deep (a table's name, an inline table's keys).
    private mutating func assignment(levels: Int) throws(Failure) -> Assignment {
        let key = try keyPath()
        guard current == UInt8(ascii: "=") else { throw fail("expected '=' after '\(TOMLReader.name(key))'") }
        at += 1
        skipBlanks()
        // The levels a dotted key and the table it stands in nest its value.
        let entered = levels + key.count - 1
        for _ in 0..<entered { try deeper() }
        defer { for _ in 0..<entered { depth.leave() } }
        return Assignment(key: key, value: try value())
    }

    static func name(_ key: [Key]) -> String { key.map(\.text).joined(separator: ".") }

    private mutating func deeper() throws(Failure) {
        guard depth.enter() else { throw fail(Nesting.tooDeep) }
    }

    /// A key, dotted or not, and the blanks after it.
    private mutating func keyPath() throws(Failure) -> [Key] {
        var path: [Key] = []
        while true {
            skipBlanks()
            guard let c = current else { throw fail("expected a key") }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard byte(1) != c || byte(2) != c else { throw fail("a key cannot be a multi-line string") }
                guard case .string(let s, _) = try string() else { throw fail("expected a key") }
                path.append(Key(text: s, quoted: true))
            } else {
                let start = at
                while let d = current, TOMLReader.isBare(d) { at += 1 }
                guard at > start else {
                    throw fail(c == 0x0A || c == 0x0D ? "expected a key" : "expected a key, not '\(Character(Unicode.Scalar(c)))'")
                }
                path.append(Key(text: String(decoding: bytes[start..<at], as: UTF8.self), quoted: false))
            }
            skipBlanks()
            guard current == UInt8(ascii: ".") else { return path }
            at += 1
        }
    }

    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
    }

    private mutating func value() throws(Failure) -> Value {
        guard let c = current, c != 0x0A, c != 0x0D, c != UInt8(ascii: "#") else { throw fail("a value is missing") }
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try string()
        case UInt8(ascii: "["):
            try deeper()
            defer { depth.leave() }
            at += 1
            var items: [Value] = []
            while true {
                try skipSpace()
                guard let d = current else { throw fail("unterminated array") }
                if d == UInt8(ascii: "]") { at += 1; return .array(items) }
                items.append(try value())
                try skipSpace()
                if current == UInt8(ascii: ",") { at += 1; continue }
                guard current == UInt8(ascii: "]") else { throw fail(current == nil ? "unterminated array" : "expected ',' or ']' in an array") }
            }
        case UInt8(ascii: "{"):
            try deeper()
            defer { depth.leave() }
            at += 1
            var entries: [Assignment] = []
            skipBlanks()
            if current == UInt8(ascii: "}") { at += 1; return .inlineTable(entries) }
            while true {
                entries.append(try assignment(levels: 0))
                skipBlanks()
                if current == UInt8(ascii: ",") { at += 1; continue }
                guard current == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in an inline table") }
                at += 1
                return .inlineTable(entries)
            }
        default:
            // A number, a boolean, a date (`1979-05-27 07:32:00Z` takes its space): its text.
            let start = at
            func token() { while let d = current, !TOMLReader.endsBare(d) { at += 1 } }
            token()
            if at - start == 10, bytes[start + 4] == UInt8(ascii: "-"), current == 0x20, let d = byte(1), ASCII.isDigit(d) {
                at += 1
                token()
            }
            guard at > start else { throw fail("expected a value (a string, a number, true, false or an array), not '\(Character(Unicode.Scalar(c)))'") }
            return .bare(String(decoding: bytes[start..<at], as: UTF8.self))
        }
    }

    private static func endsBare(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: "#")
    }

    private mutating func string() throws(Failure) -> Value {
        let quote = current!
        let literal = quote == UInt8(ascii: "'")
        let multiline = byte(1) == quote && byte(2) == quote
        at += multiline ? 3 : 1
        // A line ending right after the opening delimiter is not the string's.
        if multiline && current == 0x0A { at += 1; line += 1 } else if multiline && current == 0x0D && byte(1) == 0x0A { at += 2; line += 1 }
        var out: [UInt8] = []
        while true {
            guard let c = current else { throw fail("unterminated string") }
            if c == quote {
                if !multiline { at += 1; break }
                if byte(1) == quote && byte(2) == quote {
                    at += 3
                    // Up to two more quotes belong to the string (`""""` ends with one quote in it).
                    var extra = 0
                    while current == quote && extra < 2 { out.append(quote); at += 1; extra += 1 }
                    break
                }
            }
            if c == 0x0A || (c == 0x0D && byte(1) == 0x0A) {
                guard multiline else { throw fail("unterminated string") }
                if c == 0x0A { line += 1 }
                out.append(c)
                at += 1
                continue
            }
            if c < 0x20 && c != 0x09 || c == 0x7F { throw fail("control character in a string") }
            if c == UInt8(ascii: "\\") && !literal {
                at += 1
                guard let e = current else { throw fail("unterminated string") }
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
                case UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let count = e == UInt8(ascii: "u") ? 4 : 8
                    guard at + count < bytes.count, let code = UInt32(String(decoding: bytes[(at + 1)...(at + count)], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(code) else { throw fail("bad \\\(Character(Unicode.Scalar(e))) escape") }
                    out += Array(String(scalar).utf8)
                    at += count
                case 0x0A where multiline, 0x20 where multiline, 0x09 where multiline, 0x0D where multiline:
                    // A line-ending backslash: the line ending and the blanks after it are dropped.
                    while let d = current, d == 0x20 || d == 0x09 || d == 0x0A || d == 0x0D { if d == 0x0A { line += 1 }; at += 1 }
                    continue
                default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                }
                at += 1
                continue
            }
            out.append(c)
            at += 1
        }
        return .string(String(decoding: out, as: UTF8.self), multiline: multiline)
    }
}

/// A document's statements made into the tree they describe (TOML's tables, arrays of tables and
/// dotted keys), each bare value checked to be one TOML has.
private enum TOMLTree {
    /// A table under construction: keys in the order first written.
    final class Table {
        var keys: [String] = []
        var values: [String: Entry] = [:]
        enum Entry { case value(ConfigValue), table(Table), tables([Table]) }

        func value() -> ConfigValue {
            .map(keys.map { key in
                switch values[key]! {
                case .value(let v): return .init(key: key, value: v)
                case .table(let t): return .init(key: key, value: t.value())
                case .tables(let ts): return .init(key: key, value: .list(ts.map { $0.value() }))
                }
            })
        }
    }

    typealias Failure = TOMLReader.Failure

    static func build(_ statements: [(statement: TOMLReader.Statement, line: Int)]) throws(Failure) -> ConfigValue {
        let root = Table()
        var table = root
        var defined = Set<[String]>()
        for (statement, line) in statements {
            switch statement {
            case let .table(path, array):
                let names = path.map(\.text)
                var node = root
                for key in names.dropLast() { node = try descend(node, key, line) }
                let last = names.last!
                if array {
                    let fresh = Table()
                    if case .tables(var list)? = node.values[last] { list.append(fresh); node.values[last] = .tables(list) } else if node.values[last] == nil {
                        node.keys.append(last); node.values[last] = .tables([fresh])
                    } else { throw Failure(line: line, message: "'\(names.joined(separator: "."))' is not an array of tables") }
                    table = fresh
                } else {
                    guard defined.insert(names).inserted || node.values[last] == nil else { throw Failure(line: line, message: "table '\(names.joined(separator: "."))' defined twice") }
                    table = try descend(node, last, line)
                }
            case .assignment(let assignment):
                try assign(assignment, into: table, line)
            }
        }
        return root.value()
    }

    /// The table at `key` of `node` (made when missing; the last of an array of tables).
    static func descend(_ node: Table, _ key: String, _ line: Int) throws(Failure) -> Table {
        switch node.values[key] {
        case nil:
            let t = Table()
            node.keys.append(key); node.values[key] = .table(t)
            return t
        case .table(let t)?: return t
        case .tables(let ts)?: return ts.last!
        case .value?: throw Failure(line: line, message: "'\(key)' is a value, not a table")
        }
    }

    static func assign(_ assignment: TOMLReader.Assignment, into table: Table, _ line: Int) throws(Failure) {
        var node = table
        for key in assignment.key.dropLast() { node = try descend(node, key.text, line) }
        let last = assignment.key.last!.text
        guard node.values[last] == nil else { throw Failure(line: line, message: "the key '\(TOMLReader.name(assignment.key))' is defined twice") }
        node.keys.append(last)
        node.values[last] = .value(try value(assignment.value, line))
    }

    static func value(_ value: TOMLReader.Value, _ line: Int) throws(Failure) -> ConfigValue {
        switch value {
        case .string(let s, _): return .scalar(s, plain: false)
        case .bare(let text):
            guard isValue(text) else { throw Failure(line: line, message: "'\(text)' is no value: strings need quotes") }
            return .scalar(text, plain: true)
        case .array(let items):
            var out: [ConfigValue] = []
            for item in items { out.append(try self.value(item, line)) }
            return .list(out)
        case .inlineTable(let entries):
            let inline = Table()
            for entry in entries { try assign(entry, into: inline, line) }
            return inline.value()
        }
    }

    /// Whether a bare value is one TOML has: a boolean, a number (decimal, hexadecimal, octal,
    /// binary, a float, `inf`, `nan`) or a date and time.
    static func isValue(_ text: String) -> Bool {
        if text == "true" || text == "false" { return true }
        var body = Substring(text)
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        if body == "inf" || body == "nan" { return true }
        guard let first = body.first, first.isASCII, first.isNumber else { return false }
        return body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_+-.: ".contains($0)) }
    }
}

extension ConfigValue {
    /// Reads a TOML document (`TOMLReader`).
    public static func toml(_ bytes: [UInt8]) throws -> ConfigValue { try TOMLReader.read(bytes) }

    /// Reads a JSON document as a value: objects as mappings, strings quoted scalars, the rest plain.
    public static func json(_ bytes: [UInt8]) throws -> ConfigValue {
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch { throw Diagnostic.error(.site, line: error.line, "cannot read JSON: \(error.message)") }
        func convert(_ v: JSONValue) -> ConfigValue {
            switch v {
            case .string(let s): return .scalar(s, plain: false)
            case .array(let items): return .list(items.map(convert))
            case .object(let pairs): return .map(pairs.map { .init(key: $0.0, value: convert($0.1)) })
            case .null: return .null
            case .bool(let b): return .scalar(b ? "true" : "false", plain: true)
            case .int(let n): return .scalar(String(n), plain: true)
            case .double(let n): return .scalar(String(n), plain: true)
            }
        }
        return convert(value)
    }
}
