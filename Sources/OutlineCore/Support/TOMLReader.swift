/// TOML 1.0 read into a `ConfigValue` (Hugo's `hugo.toml`, format.md §16): tables, arrays of tables,
/// dotted and quoted keys, the four kinds of strings, arrays and inline tables. Numbers, booleans
/// and dates stay plain scalars (their text); strings are quoted scalars. A syntax outside TOML is
/// an error at its line, never a silent misreading.
struct TOMLReader {
    private let bytes: [UInt8]
    private var at = 0
    private var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A table under construction: keys in the order first written.
    private final class Table {
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

    static func read(_ bytes: [UInt8]) throws -> ConfigValue {
        var reader = TOMLReader(bytes)
        return try reader.document()
    }

    private func fail(_ message: String) -> Diagnostic { .error(.site, line: line, "cannot read TOML: \(message)") }

    private var current: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipSpace() { while let c = current, c == 0x20 || c == 0x09 { at += 1 } }

    /// Spaces, newlines and comments (inside arrays).
    private mutating func skipAll() {
        while let c = current {
            if c == 0x20 || c == 0x09 || c == 0x0D { at += 1 } else if c == 0x0A { at += 1; line += 1 } else if c == UInt8(ascii: "#") {
                while let d = current, d != 0x0A { at += 1 }
            } else { break }
        }
    }

    private mutating func endOfLine() throws {
        skipSpace()
        if current == UInt8(ascii: "#") { while let c = current, c != 0x0A { at += 1 } }
        if current == 0x0D { at += 1 }
        guard current == nil || current == 0x0A else { throw fail("unexpected text after a value") }
        if current == 0x0A { at += 1; line += 1 }
    }

    private mutating func document() throws -> ConfigValue {
        let root = Table()
        var table = root
        var defined = Set<String>()
        while current != nil {
            skipAll()
            guard let c = current else { break }
            if c == UInt8(ascii: "[") {
                at += 1
                let array = current == UInt8(ascii: "[")
                if array { at += 1 }
                skipSpace()
                let path = try keyPath()
                skipSpace()
                guard current == UInt8(ascii: "]") else { throw fail("a table header needs ']'") }
                at += 1
                if array { guard current == UInt8(ascii: "]") else { throw fail("an array of tables needs ']]'") }; at += 1 }
                try endOfLine()
                var node = root
                for key in path.dropLast() { node = try descend(node, key) }
                let last = path.last!
                if array {
                    let fresh = Table()
                    if case .tables(var list)? = node.values[last] { list.append(fresh); node.values[last] = .tables(list) } else if node.values[last] == nil {
                        node.keys.append(last); node.values[last] = .tables([fresh])
                    } else { throw fail("'\(path.joined(separator: "."))' is not an array of tables") }
                    table = fresh
                } else {
                    let name = path.joined(separator: "\u{0}")
                    guard defined.insert(name).inserted || node.values[last] == nil else { throw fail("table '\(path.joined(separator: "."))' defined twice") }
                    table = try descend(node, last)
                }
                continue
            }
            try assignment(into: table)
            try endOfLine()
        }
        return root.value()
    }

    /// The table at `key` of `node` (made when missing; the last of an array of tables).
    private func descend(_ node: Table, _ key: String) throws -> Table {
        switch node.values[key] {
        case nil:
            let t = Table()
            node.keys.append(key); node.values[key] = .table(t)
            return t
        case .table(let t)?: return t
        case .tables(let ts)?: return ts.last!
        case .value?: throw fail("'\(key)' is a value, not a table")
        }
    }

    private mutating func assignment(into table: Table) throws {
        let path = try keyPath()
        skipSpace()
        guard current == UInt8(ascii: "=") else { throw fail("expected '=' after the key '\(path.joined(separator: "."))'") }
        at += 1
        skipSpace()
        let v = try value()
        var node = table
        for key in path.dropLast() { node = try descend(node, key) }
        let last = path.last!
        guard node.values[last] == nil else { throw fail("the key '\(path.joined(separator: "."))' is defined twice") }
        node.keys.append(last)
        node.values[last] = .value(v)
    }

    private mutating func keyPath() throws -> [String] {
        var path: [String] = []
        while true {
            skipSpace()
            guard let c = current else { throw fail("a key is missing") }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard case .scalar(let s, _) = try string() else { throw fail("a key is missing") }
                path.append(s)
            } else {
                let start = at
                while let d = current, isBare(d) { at += 1 }
                guard at > start else { throw fail("a key is missing") }
                path.append(String(decoding: bytes[start..<at], as: UTF8.self))
            }
            skipSpace()
            guard current == UInt8(ascii: ".") else { return path }
            at += 1
        }
    }

    private func isBare(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
    }

    private mutating func value() throws -> ConfigValue {
        guard let c = current else { throw fail("a value is missing") }
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try string()
        case UInt8(ascii: "["):
            at += 1
            var items: [ConfigValue] = []
            while true {
                skipAll()
                if current == UInt8(ascii: "]") { at += 1; return .list(items) }
                items.append(try value())
                skipAll()
                if current == UInt8(ascii: ",") { at += 1; continue }
                guard current == UInt8(ascii: "]") else { throw fail("an array needs ',' or ']'") }
            }
        case UInt8(ascii: "{"):
            at += 1
            let table = Table()
            skipSpace()
            if current == UInt8(ascii: "}") { at += 1; return table.value() }
            while true {
                skipSpace()
                try assignment(into: table)
                skipSpace()
                if current == UInt8(ascii: ",") { at += 1; continue }
                guard current == UInt8(ascii: "}") else { throw fail("an inline table needs ',' or '}'") }
                at += 1
                return table.value()
            }
        default:
            // A number, a boolean, a date: its text, up to what ends a value.
            let start = at
            while let d = current, d != 0x0A, d != 0x0D, d != UInt8(ascii: ","), d != UInt8(ascii: "]"), d != UInt8(ascii: "}"), d != UInt8(ascii: "#") { at += 1 }
            var text = String(decoding: bytes[start..<at], as: UTF8.self)
            while text.last == " " || text.last == "\t" { text.removeLast() }
            guard !text.isEmpty else { throw fail("a value is missing") }
            return .scalar(text, plain: true)
        }
    }

    private mutating func string() throws -> ConfigValue {
        let quote = current!
        let literal = quote == UInt8(ascii: "'")
        let multiline = at + 2 < bytes.count && bytes[at + 1] == quote && bytes[at + 2] == quote
        at += multiline ? 3 : 1
        if multiline && current == 0x0A { at += 1; line += 1 } else if multiline && current == 0x0D && at + 1 < bytes.count && bytes[at + 1] == 0x0A { at += 2; line += 1 }
        var out: [UInt8] = []
        while true {
            guard let c = current else { throw fail("a string is not closed") }
            if c == quote {
                if !multiline { at += 1; break }
                if at + 2 < bytes.count && bytes[at + 1] == quote && bytes[at + 2] == quote {
                    at += 3
                    // Up to two more quotes belong to the string (`""""` ends with one quote in it).
                    var extra = 0
                    while current == quote && extra < 2 { out.append(quote); at += 1; extra += 1 }
                    break
                }
            }
            if c == 0x0A {
                guard multiline else { throw fail("a string is not closed on its line") }
                line += 1
            }
            if c == UInt8(ascii: "\\") && !literal {
                at += 1
                guard let e = current else { throw fail("a string is not closed") }
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
                          let scalar = Unicode.Scalar(code) else { throw fail("a bad \\u escape") }
                    out += Array(String(scalar).utf8)
                    at += count
                case 0x0A where multiline, 0x20 where multiline, 0x09 where multiline, 0x0D where multiline:
                    // A line-ending backslash: the newline and the blanks after it are dropped.
                    while let d = current, d == 0x20 || d == 0x09 || d == 0x0A || d == 0x0D { if d == 0x0A { line += 1 }; at += 1 }
                    continue
                default: throw fail("an unknown escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                at += 1
                continue
            }
            out.append(c)
            at += 1
        }
        return .scalar(String(decoding: out, as: UTF8.self), plain: false)
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
