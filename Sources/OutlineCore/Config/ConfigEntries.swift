/// The part of TOML `.outline.toml` takes (format.md §13), over what `TOMLReader`, outline's one
/// TOML reader, reads: `[table]` headers, `key = value` with bare keys, and values that are basic or
/// literal strings, whole decimal numbers, booleans or arrays of strings (over several lines too).
/// Everything else TOML has is an error naming what is not supported, at its line; so is a file
/// nested deeper than `Nesting.limit` (format.md §11).
enum ConfigEntries {
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

    /// The entries, and the mistakes of the lines that could not be taken (each such line is
    /// skipped, so that one run reports every mistake).
    static func read(_ bytes: [UInt8], path: String) throws -> ([Entry], [Diagnostic]) {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw Diagnostic(.error, .config, path: path, "not valid UTF-8")
        }
        func fail(_ line: Int, _ message: String) -> Diagnostic { Diagnostic(.error, .config, path: path, line: line, message) }
        let (statements, failures) = TOMLReader.statements(bytes)
        var errors = failures.map { fail($0.line, $0.message) }
        var entries: [Entry] = []
        // The table the keys below stand in; nil at the top, `.some(nil)` under a table not taken.
        var table: String?? = .some(nil)
        var seen = Set<String>(), tablesSeen = Set<String>()
        for (statement, line) in statements {
            do throws(Diagnostic) {
                switch statement {
                case let .table(path, array):
                    table = nil
                    if array { throw fail(line, "arrays of tables ([[...]]) are not supported in .outline.toml") }
                    guard path.count == 1, !path[0].quoted else { throw fail(line, "dotted table names are not supported in .outline.toml") }
                    let name = path[0].text
                    guard Config.tables.contains(name) else { throw fail(line, "unknown table [\(name)]" + Suggestion.hint(name, among: Config.tables)) }
                    guard tablesSeen.insert(name).inserted else { throw fail(line, "table [\(name)] defined twice") }
                    table = .some(name)
                case .assignment(let assignment):
                    // Keys under a table that could not be taken are that table's mistake.
                    guard case .some(let current) = table else { continue }
                    if assignment.key.contains(where: \.quoted) { throw fail(line, "quoted keys are not supported in .outline.toml") }
                    if assignment.key.count > 1 { throw fail(line, "dotted keys are not supported in .outline.toml (use a [table])") }
                    let key = assignment.key[0].text
                    let value: Value
                    do { value = try ConfigEntries.value(assignment.value, key: key) } catch { throw fail(line, error.message) }
                    let name = current.map { "\($0).\(key)" } ?? key
                    guard seen.insert(name).inserted else { throw fail(line, "'\(name)' is set twice") }
                    entries.append(Entry(table: current, key: key, value: value, line: line))
                }
            } catch {
                errors.append(error)
            }
        }
        errors.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        return (entries, errors)
    }

    struct Mistake: Error { let message: String }

    /// A value as `.outline.toml` takes it.
    static func value(_ value: TOMLReader.Value, key: String) throws(Mistake) -> Value {
        switch value {
        case .string(let s, let multiline):
            if multiline { throw Mistake(message: "multi-line strings are not supported in .outline.toml") }
            return .string(s)
        case .inlineTable: throw Mistake(message: "inline tables are not supported in .outline.toml")
        case .array(let items):
            var strings: [String] = []
            for item in items {
                guard case .string(let s, let multiline) = item else { throw Mistake(message: "only arrays of strings are supported in .outline.toml") }
                if multiline { throw Mistake(message: "multi-line strings are not supported in .outline.toml") }
                strings.append(s)
            }
            return .strings(strings)
        case .bare(let text):
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            if let first = text.unicodeScalars.first, first.properties.isAlphabetic {
                // `slugs = github`: a bare word is what people write for a string.
                if key == "linkable" { throw Mistake(message: "'linkable' needs true, false, \"element\" or \"attribute\", not '\(text)'") }
                if ["allow-folds", "links"].contains(key) { throw Mistake(message: "'\(key)' needs true or false, not '\(text)'") }
                throw Mistake(message: "strings need quotes: \(key) = \"\(text)\"")
            }
            return .integer(try integer(text))
        }
    }

    /// A whole decimal number, `_` between digits allowed.
    static func integer(_ text: String) throws(Mistake) -> Int {
        var digits = ""
        var rest = Substring(text)
        if let sign = rest.first, sign == "+" || sign == "-" { digits.append(sign); rest = rest.dropFirst() }
        var last: Character? = nil
        while let c = rest.first, c.isASCII && c.isNumber || c == "_" {
            if c == "_" {
                guard let l = last, l.isNumber else { throw Mistake(message: "a '_' in a number must stand between digits") }
            } else {
                digits.append(c)
            }
            last = c
            rest = rest.dropFirst()
        }
        if last == "_" { throw Mistake(message: "a '_' in a number must stand between digits") }
        let unsigned = digits.hasPrefix("+") || digits.hasPrefix("-") ? String(digits.dropFirst()) : digits
        if let c = rest.first {
            guard unsigned.isEmpty else { throw Mistake(message: "only whole decimal numbers are supported in .outline.toml") }
            throw Mistake(message: "expected a value (a string, a number, true, false or an array), not '\(c)'")
        }
        guard !unsigned.isEmpty else { throw Mistake(message: "a value is missing") }
        if unsigned.count > 1 && unsigned.hasPrefix("0") { throw Mistake(message: "leading zeros are not allowed in a number") }
        guard let n = Int(digits) else { throw Mistake(message: "number out of range") }
        return n
    }
}
