/// The top-level assignments of a Python file whose values are literals (a Sphinx `conf.py`): read,
/// never executed. `name = literal`, `name += literal` and `name.append(literal)` /
/// `name.extend(literal)` at the file's top level are read; a top-level assignment whose value is
/// anything else (a call, a name, an f-string) leaves its name in `unread`, so that the caller can
/// say once what it could not know. Statements inside `if`, `def` and the like are not read.
///
/// Bounded (format.md §11): collections nested deeper than `Nesting.limit` stop the reading;
/// `tooDeep` says where, and the caller reads nothing of the file.
public struct PythonLiterals: Sendable {
    public private(set) var values: [String: ConfigValue] = [:]
    /// Names assigned at the top level with a value that is not a literal.
    public private(set) var unread: [String] = []
    /// The 1-based line where the file nests deeper than `Nesting.limit`; nil when it does not.
    public private(set) var tooDeep: Int? = nil

    public subscript(name: String) -> ConfigValue? { values[name] }

    public init(_ bytes: [UInt8]) {
        var reader = PythonReader(bytes)
        while let statement = reader.nextTopLevelStatement() {
            switch statement {
            case let .assign(name, op, value):
                guard let value else {
                    if !unread.contains(name) { unread.append(name) }
                    values[name] = nil
                    continue
                }
                unread.removeAll { $0 == name }
                if op == "=" { values[name] = value; continue }
                // `+=`, `.append`, `.extend` on a list read so far.
                guard case .list(var items)? = values[name] else {
                    if !unread.contains(name) { unread.append(name) }
                    continue
                }
                if op == "append" { items.append(value) } else if case .list(let more) = value { items += more } else {
                    if !unread.contains(name) { unread.append(name) }
                    continue
                }
                values[name] = .list(items)
            }
        }
        tooDeep = reader.tooDeep.map { at in bytes[..<at].reduce(1) { $1 == 10 ? $0 + 1 : $0 } }
    }
}

/// A tokenizer of the Python that configuration files write, enough to read literals.
struct PythonReader {
    enum Statement {
        /// `name op value`: `=`, `+=`, `append` or `extend`; value nil when it is no literal.
        case assign(String, String, ConfigValue?)
    }

    private let b: [UInt8]
    private var i = 0
    /// Brackets open around the current position: inside them a literal may go on over lines.
    private var depth = Depth()
    /// Where the file first nests deeper than the limit: the reading stops there.
    private(set) var tooDeep: Int? = nil

    init(_ bytes: [UInt8]) { b = bytes }

    private func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? b[i + k] : nil }
    private static func isNameStart(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 || c == 95 || c >= 0x80 }
    private static func isName(_ c: UInt8) -> Bool { isNameStart(c) || ASCII.isDigit(c) }

    /// Skips to the start of the next line, over strings and brackets (a statement may span lines).
    private mutating func skipStatement() {
        var depth = 0
        while let c = peek() {
            if c == UInt8(ascii: "#") { while let d = peek(), d != 10 { i += 1 }; continue }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { _ = string(); continue }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { depth = max(0, depth - 1) }
            if c == UInt8(ascii: "\\") && peek(1) == 10 { i += 2; continue }
            i += 1
            if c == 10 && depth == 0 { return }
        }
    }

    private mutating func skipSpaces(newlines: Bool) {
        while let c = peek() {
            if c == 32 || c == 9 || c == 13 || (newlines && c == 10) { i += 1; continue }
            if c == UInt8(ascii: "\\") && peek(1) == 10 { i += 2; continue }
            if newlines && c == UInt8(ascii: "#") { while let d = peek(), d != 10 { i += 1 }; continue }
            break
        }
    }

    mutating func nextTopLevelStatement() -> Statement? {
        while i < b.count {
            let start = i
            guard let c = peek(), PythonReader.isNameStart(c) else { skipStatement(); continue }
            while let d = peek(), PythonReader.isName(d) { i += 1 }
            let name = String(decoding: b[start..<i], as: UTF8.self)
            skipSpaces(newlines: false)
            var op: String? = nil
            if peek() == UInt8(ascii: "="), peek(1) != UInt8(ascii: "=") { i += 1; op = "=" }
            else if peek() == UInt8(ascii: "+"), peek(1) == UInt8(ascii: "=") { i += 2; op = "+=" }
            else if peek() == UInt8(ascii: ":") {
                // `name: type = value`
                while let d = peek(), d != UInt8(ascii: "="), d != 10 { i += 1 }
                if peek() == UInt8(ascii: "=") { i += 1; op = "=" }
            } else if peek() == UInt8(ascii: ".") {
                i += 1
                let m = i
                while let d = peek(), PythonReader.isName(d) { i += 1 }
                let method = String(decoding: b[m..<i], as: UTF8.self)
                skipSpaces(newlines: false)
                if (method == "append" || method == "extend"), peek() == UInt8(ascii: "(") {
                    i += 1
                    let value = expression()
                    skipSpaces(newlines: true)
                    let closed = peek() == UInt8(ascii: ")")
                    if closed { i += 1 }
                    let ok = closed && endOfStatement()
                    skipStatement()
                    return .assign(name, method, ok ? value : nil)
                }
            }
            guard let op else { skipStatement(); continue }
            skipSpaces(newlines: false)
            let value = expression()
            let ok = value != nil && endOfStatement()
            skipStatement()
            return .assign(name, op == "+=" ? "extend" : op, ok ? value : nil)
        }
        return nil
    }

    /// Nothing but spaces and a comment before the line's end.
    private mutating func endOfStatement() -> Bool {
        skipSpaces(newlines: false)
        if peek() == UInt8(ascii: "#") { while let d = peek(), d != 10 { i += 1 } }
        return peek() == nil || peek() == 10 || peek() == UInt8(ascii: ";")
    }

    /// A literal: a string (concatenated with the next one, as Python does), a number, `True`,
    /// `False`, `None`, or a list, tuple, set or dict of literals; nil for anything else.
    private mutating func expression() -> ConfigValue? {
        skipSpaces(newlines: false)
        guard let c = peek() else { return nil }
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "(") || c == UInt8(ascii: "{") { return collection() }
        if let s = stringLiterals() { return .scalar(s, plain: false) }
        if ASCII.isDigit(c) || c == UInt8(ascii: "-") {
            let start = i
            i += 1
            while let d = peek(), ASCII.isDigit(d) || d == UInt8(ascii: ".") || d == UInt8(ascii: "_") || (d | 0x20) == UInt8(ascii: "e") { i += 1 }
            return .scalar(String(decoding: b[start..<i], as: UTF8.self).replacingUnderscores(), plain: true)
        }
        if PythonReader.isNameStart(c) {
            let start = i
            while let d = peek(), PythonReader.isName(d) { i += 1 }
            switch String(decoding: b[start..<i], as: UTF8.self) {
            case "True": return .scalar("true", plain: true)
            case "False": return .scalar("false", plain: true)
            case "None": return .null
            default: return nil
            }
        }
        return nil
    }

    private mutating func collection() -> ConfigValue? {
        let open = b[i]
        guard depth.enter() else {
            if tooDeep == nil { tooDeep = i }
            i = b.count
            return nil
        }
        i += 1
        defer { depth.leave() }
        let close: UInt8 = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var items: [ConfigValue] = []
        var pairs: [ConfigValue.Pair] = []
        var isDict = false
        var commas = 0
        while true {
            skipSpaces(newlines: true)
            guard let c = peek() else { return nil }
            if c == close { i += 1; break }
            guard let first = expression() else { return nil }
            skipSpaces(newlines: true)
            if open == UInt8(ascii: "{"), peek() == UInt8(ascii: ":") {
                i += 1
                isDict = true
                skipSpaces(newlines: true)
                guard let value = expression() else { return nil }
                pairs.append(.init(key: first.string ?? "", value: value))
            } else {
                items.append(first)
            }
            skipSpaces(newlines: true)
            if peek() == UInt8(ascii: ",") { i += 1; commas += 1; continue }
            if peek() == close { i += 1; break }
            return nil
        }
        // `("a" "b")` is a parenthesized string, not a tuple: only a comma makes one.
        if open == UInt8(ascii: "("), commas == 0, items.count == 1 { return items[0] }
        return isDict || (open == UInt8(ascii: "{") && items.isEmpty) ? .map(pairs) : .list(items)
    }

    /// One or more adjacent string literals, concatenated; nil when none stands here (an f-string
    /// is no literal).
    private mutating func stringLiterals() -> String? {
        var out: String? = nil
        while true {
            let save = i
            skipSpaces(newlines: depth.level > 0)
            guard let s = string() else { i = save; return out }
            out = (out ?? "") + s
        }
    }

    /// A string literal with an optional `r`, `u` or `b` prefix; nil otherwise.
    private mutating func string() -> String? {
        var k = 0
        var raw = false
        while let c = peek(k), (c | 0x20) == UInt8(ascii: "r") || (c | 0x20) == UInt8(ascii: "u") || (c | 0x20) == UInt8(ascii: "b") {
            if (c | 0x20) == UInt8(ascii: "r") { raw = true }
            k += 1
            if k > 2 { return nil }
        }
        guard let q = peek(k), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") else { return nil }
        i += k
        let triple = peek(1) == q && peek(2) == q
        i += triple ? 3 : 1
        var out: [UInt8] = []
        while let c = peek() {
            if c == q && (!triple || (peek(1) == q && peek(2) == q)) { i += triple ? 3 : 1; return String(decoding: out, as: UTF8.self) }
            if c == 10 && !triple { return nil }
            if c == UInt8(ascii: "\\") && !raw, let e = peek(1) {
                i += 2
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case 10: break
                default: out.append(e)
                }
                continue
            }
            out.append(c)
            i += 1
        }
        return nil
    }
}

private extension String {
    func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
