/// The object a JavaScript or TypeScript configuration file exports (`docusaurus.config.js`, `.ts`,
/// `.mjs`), read as literals, never executed: strings (quoted, and template literals without
/// `${…}`), numbers, booleans, `null`, arrays, objects (identifier, string and number keys,
/// shorthand names), comments and trailing commas. The object may be `module.exports = {…}`,
/// `export default {…}`, a top-level `const config = {…}` exported by name, or what a function
/// exported so returns (`export default async function () { return {…} }`). A name standing for a
/// value is read when a top-level `const` gives it a literal. Anything else (a call, an operator,
/// a spread, a function) is an expression: its place holds `JSLiterals.unread` (no string, list or
/// mapping), so that the caller can say what it could not read.
///
/// Bounded (format.md §11): objects, arrays and template literals' `${…}` nested deeper than
/// `Nesting.limit` stop the reading; `tooDeep` says where, and the caller reads nothing of the file.
public struct JSLiterals: Sendable {
    /// The tag of a value that is not a literal.
    public static let expression = "!js-expression"
    /// What stands for a value that is not a literal.
    public static let unread = ConfigValue.tagged(expression, .null)

    /// The exported configuration; nil when no export of an object was found.
    public let exported: ConfigValue?
    /// The 1-based line where the file nests deeper than `Nesting.limit`; nil when it does not.
    public let tooDeep: Int?

    public init(_ bytes: [UInt8]) {
        var reader = JSReader(bytes)
        exported = reader.exportedObject()
        tooDeep = reader.tooDeep.map { at in bytes[..<at].reduce(1) { $1 == 10 ? $0 + 1 : $0 } }
    }
}

/// A small JavaScript reader: enough to find top-level declarations and exports and to read literals.
struct JSReader {
    private let b: [UInt8]
    private var i = 0
    /// Top-level `const`/`let`/`var` declarations read so far, by name.
    private var constants: [String: ConfigValue] = [:]
    private var depth = Depth()
    /// Where the file first nests deeper than the limit: the reading stops there (every loop ends
    /// at the end of the input, where the position then stands).
    private(set) var tooDeep: Int? = nil

    /// One level deeper (an object, an array, a template literal's substitution); false, the
    /// position moved to the end of the input, past the limit. The caller leaves with `depth.leave()`.
    private mutating func deeper() -> Bool {
        if depth.enter() { return true }
        if tooDeep == nil { tooDeep = i }
        i = b.count
        return false
    }

    init(_ bytes: [UInt8]) { b = bytes }

    private func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? b[i + k] : nil }
    private static func isNameStart(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 || c == 95 || c == 36 || c >= 0x80 }
    private static func isName(_ c: UInt8) -> Bool { isNameStart(c) || ASCII.isDigit(c) }

    /// Blanks, line endings and comments.
    private mutating func skipTrivia() {
        while let c = peek() {
            if c == 32 || c == 9 || c == 10 || c == 13 || c == 0xEF || c == 0xBB || c == 0xBF { i += 1; continue }
            if c == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") { while let d = peek(), d != 10 { i += 1 }; continue }
            if c == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                i += 2
                while i < b.count && !(b[i] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { i += 1 }
                i = min(b.count, i + 2)
                continue
            }
            break
        }
    }

    private mutating func name() -> String? {
        guard let c = peek(), JSReader.isNameStart(c) else { return nil }
        let start = i
        while let d = peek(), JSReader.isName(d) { i += 1 }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    private mutating func word(_ w: String) -> Bool {
        let saved = i
        skipTrivia()
        if name() == w { return true }
        i = saved
        return false
    }

    private mutating func punct(_ p: UInt8) -> Bool {
        skipTrivia()
        if peek() == p { i += 1; return true }
        return false
    }

    // MARK: the exported object

    mutating func exportedObject() -> ConfigValue? {
        var exported: ConfigValue? = nil
        i = 0
        while i < b.count {
            skipTrivia()
            guard i < b.count else { break }
            let start = i
            if let w = name() {
                switch w {
                case "const", "let", "var":
                    skipTrivia()
                    if let n = name() {
                        skipType()
                        if punct(UInt8(ascii: "=")) { constants[n] = value() }
                    }
                    continue
                case "module":
                    if punct(UInt8(ascii: ".")), word("exports"), punct(UInt8(ascii: "=")) { exported = exportedValue(); continue }
                case "export":
                    if word("default") { exported = exportedValue(); continue }
                    // `export const …`, `export function …`: read as the declaration.
                    continue
                case "function", "async":
                    // A declared function: its body is skipped, unless the export names it.
                    i = start
                    if let (n, body) = functionDeclaration(), let n { functions[n] = body }
                    continue
                default:
                    break
                }
                i = start
            }
            skipStatement()
        }
        if let name = exportedName, let body = functions[name] {
            return returnedObject(in: body) ?? exported
        }
        return exported
    }

    /// Declared functions' bodies (byte ranges), by name: a configuration exported as a function.
    private var functions: [String: Range<Int>] = [:]
    /// The name exported when it names no literal (a function declared before or after).
    private var exportedName: String? = nil

    /// What follows `export default` or `module.exports =`: an object, a name declared before, or a
    /// function returning an object.
    private mutating func exportedValue() -> ConfigValue? {
        skipTrivia()
        let start = i
        if word("async") || word("function") || peek() == UInt8(ascii: "(") {
            i = start
            if let (_, body) = functionDeclaration() { return returnedObject(in: body) ?? JSLiterals.unread }
            i = start
        }
        if let n = name() {
            // A name alone (`export default config;`, `satisfies T` after it allowed).
            let end = i
            while let c = peek(), c == 32 || c == 9 || c == 13 { i += 1 }
            if peek() == UInt8(ascii: ";") || peek() == nil || peek() == 10 || word("satisfies") || word("as") {
                i = end
                skipStatement()
                if let known = constants[n] { return known }
                exportedName = n
                return JSLiterals.unread
            }
        }
        i = start
        return value()
    }

    /// `async function name(…) { … }`, `function (…) { … }` or an arrow function `(…) => …`: its name
    /// and the range of its body (for an arrow with an expression body, the expression).
    private mutating func functionDeclaration() -> (String?, Range<Int>)? {
        _ = word("async")
        var n: String? = nil
        if word("function") {
            _ = punct(UInt8(ascii: "*"))
            skipTrivia()
            n = name()
        }
        skipTrivia()
        guard peek() == UInt8(ascii: "(") else { return nil }
        skipBalanced()
        skipType()
        skipTrivia()
        if peek() == UInt8(ascii: "=") && peek(1) == UInt8(ascii: ">") { i += 2; skipTrivia() }
        let bodyStart = i
        if peek() == UInt8(ascii: "{") {
            skipBalanced()
            return (n, (bodyStart + 1)..<max(bodyStart + 1, i - 1))
        }
        skipExpression()
        return (n, bodyStart..<i)
    }

    /// The object a function body returns at its top level (`return {…}`), or an arrow's `({…})`.
    private mutating func returnedObject(in body: Range<Int>) -> ConfigValue? {
        var inner = JSReader(Array(b[body]))
        inner.constants = constants
        defer { if let deep = inner.tooDeep, tooDeep == nil { tooDeep = body.lowerBound + deep } }
        inner.skipTrivia()
        if inner.peek() == UInt8(ascii: "(") {
            inner.i += 1
            inner.skipTrivia()
            if inner.peek() == UInt8(ascii: "{") { return inner.value() }
            inner.i = 0
        }
        while inner.i < inner.b.count {
            inner.skipTrivia()
            guard inner.i < inner.b.count else { break }
            let start = inner.i
            if let w = inner.name() {
                if w == "return" { return inner.value() }
                if w == "const" || w == "let" || w == "var" {
                    inner.skipTrivia()
                    if let n = inner.name() {
                        inner.skipType()
                        if inner.punct(UInt8(ascii: "=")) { inner.constants[n] = inner.value() }
                    }
                    continue
                }
                inner.i = start
            }
            inner.skipStatement()
        }
        return nil
    }

    /// A TypeScript annotation after a name (`: Config`): skipped.
    private mutating func skipType() {
        skipTrivia()
        guard peek() == UInt8(ascii: ":") else { return }
        i += 1
        var depth = 0
        while let c = peek() {
            if depth == 0 && (c == UInt8(ascii: "=") || c == UInt8(ascii: ",") || c == UInt8(ascii: ";") || c == UInt8(ascii: ")")) && peek(1) != UInt8(ascii: ">") { return }
            if c == UInt8(ascii: "<") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[") || c == UInt8(ascii: "(") { depth += 1 }
            if c == UInt8(ascii: ">") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == UInt8(ascii: ")") { depth -= 1; if depth < 0 { return } }
            i += 1
        }
    }

    // MARK: values

    /// A literal, or an expression (tagged) skipped to its end.
    mutating func value() -> ConfigValue {
        skipTrivia()
        let start = i
        guard let c = peek() else { return .null }
        var literal: ConfigValue? = nil
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") {
            if let s = string() { literal = .scalar(s, plain: false) }
        } else if c == UInt8(ascii: "{") {
            literal = object()
        } else if c == UInt8(ascii: "[") {
            literal = array()
        } else if ASCII.isDigit(c) || (c == UInt8(ascii: "-") && peek(1).map(ASCII.isDigit) == true) || (c == UInt8(ascii: ".") && peek(1).map(ASCII.isDigit) == true) {
            let s = i
            i += 1
            while let d = peek(), ASCII.isDigit(d) || d == UInt8(ascii: ".") || d == UInt8(ascii: "_") || JSReader.isName(d) { i += 1 }
            literal = .scalar(String(decoding: b[s..<i], as: UTF8.self).replacingAll("_", with: ""), plain: true)
        } else if let n = name() {
            switch n {
            case "true", "false": literal = .scalar(n, plain: true)
            case "null", "undefined": literal = .null
            default: literal = constants[n]
            }
        }
        // A literal must end the value (`as const` and `satisfies T` aside); else it is an expression.
        if let literal {
            let end = i
            skipTrivia()
            if word("as") || word("satisfies") { skipExpression(); return literal }
            if atValueEnd() { i = end; return literal }
        }
        i = start
        skipExpression()
        return JSLiterals.unread
    }

    private mutating func atValueEnd() -> Bool {
        skipTrivia()
        guard let c = peek() else { return true }
        return c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == UInt8(ascii: ")") || c == UInt8(ascii: ";")
    }

    private mutating func object() -> ConfigValue? {
        guard punct(UInt8(ascii: "{")) else { return nil }
        guard deeper() else { return nil }
        defer { depth.leave() }
        var pairs: [ConfigValue.Pair] = []
        while true {
            skipTrivia()
            guard let c = peek() else { return nil }
            if c == UInt8(ascii: "}") { i += 1; return .map(pairs) }
            if c == UInt8(ascii: ".") && peek(1) == UInt8(ascii: ".") && peek(2) == UInt8(ascii: ".") {
                // A spread: keys outline cannot know.
                i += 3
                skipExpression()
                pairs.append(.init(key: "...", value: JSLiterals.unread))
            } else {
                var key: String? = nil
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { key = string() }
                else if c == UInt8(ascii: "[") { skipBalanced(); key = "[computed]" }
                else if ASCII.isDigit(c) { let s = i; while let d = peek(), JSReader.isName(d) || d == UInt8(ascii: ".") { i += 1 }; key = String(decoding: b[s..<i], as: UTF8.self) }
                else { key = name() }
                guard let key else { return nil }
                skipTrivia()
                // `async name(…) {…}`, `get x() {…}`: a method, whose name is the key.
                var method = key
                if key == "async" || key == "get" || key == "set", let c = peek(), JSReader.isNameStart(c) || c == UInt8(ascii: "*") {
                    _ = punct(UInt8(ascii: "*"))
                    skipTrivia()
                    method = name() ?? key
                    skipTrivia()
                }
                if peek() == UInt8(ascii: ":") && method == key {
                    i += 1
                    pairs.append(.init(key: key, value: value()))
                } else if peek() == UInt8(ascii: "(") {
                    _ = functionDeclarationBody()
                    pairs.append(.init(key: method, value: JSLiterals.unread))
                } else {
                    // Shorthand: `{defaultLocale}` is `{defaultLocale: defaultLocale}`.
                    pairs.append(.init(key: key, value: constants[key] ?? JSLiterals.unread))
                }
            }
            skipTrivia()
            if peek() == UInt8(ascii: ",") { i += 1; continue }
            if peek() == UInt8(ascii: "}") { continue }
            return nil
        }
    }

    /// A method's parameters and body, skipped: its source text.
    private mutating func functionDeclarationBody() -> String {
        let s = i
        skipTrivia()
        if peek() == UInt8(ascii: "(") { skipBalanced() }
        skipType()
        skipTrivia()
        if peek() == UInt8(ascii: "{") { skipBalanced() }
        return String(decoding: b[s..<i], as: UTF8.self)
    }

    private mutating func array() -> ConfigValue? {
        guard punct(UInt8(ascii: "[")) else { return nil }
        guard deeper() else { return nil }
        defer { depth.leave() }
        var items: [ConfigValue] = []
        while true {
            skipTrivia()
            guard let c = peek() else { return nil }
            if c == UInt8(ascii: "]") { i += 1; return .list(items) }
            items.append(value())
            skipTrivia()
            if peek() == UInt8(ascii: ",") { i += 1; continue }
            if peek() == UInt8(ascii: "]") { continue }
            return nil
        }
    }

    /// A quoted string, or a template literal without `${…}`; nil for one with substitutions (the
    /// position is then after it).
    private mutating func string() -> String? {
        guard let quote = peek() else { return nil }
        i += 1
        var out: [UInt8] = []
        var literal = true
        while let c = peek() {
            i += 1
            if c == quote { return literal ? String(decoding: out, as: UTF8.self) : nil }
            if quote == UInt8(ascii: "`") && c == UInt8(ascii: "$") && peek() == UInt8(ascii: "{") {
                // A substitution may hold a template literal, which may hold a substitution…
                literal = false
                guard deeper() else { return nil }
                skipBalanced()
                depth.leave()
                continue
            }
            if c == UInt8(ascii: "\\"), let e = peek() {
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case 10: break
                case UInt8(ascii: "u"), UInt8(ascii: "x"):
                    var digits: [UInt8] = []
                    if e == UInt8(ascii: "u") && peek() == UInt8(ascii: "{") {
                        i += 1
                        while let d = peek(), d != UInt8(ascii: "}") { digits.append(d); i += 1 }
                        i += 1
                    } else {
                        for _ in 0..<(e == UInt8(ascii: "u") ? 4 : 2) { if let d = peek() { digits.append(d); i += 1 } }
                    }
                    if let v = UInt32(String(decoding: digits, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(v) {
                        out += Array(String(Character(scalar)).utf8)
                    }
                default: out.append(e)
                }
                continue
            }
            if c == 10 && quote != UInt8(ascii: "`") { return nil }
            out.append(c)
        }
        return nil
    }

    // MARK: skipping

    /// From `(`, `[` or `{` to after its match, over strings, templates, comments and regular
    /// expressions.
    private mutating func skipBalanced() {
        var depth = 0
        var previous = UInt8(ascii: "(")
        while let c = peek() {
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") { _ = string(); previous = UInt8(ascii: "a"); continue }
            if c == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")) { skipTrivia(); continue }
            if c == UInt8(ascii: "/") && JSReader.precedesRegex(previous) { skipRegex(); previous = UInt8(ascii: "a"); continue }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { depth -= 1 }
            if c != 32 && c != 9 && c != 10 && c != 13 { previous = c }
            i += 1
            if depth <= 0 { return }
        }
    }

    /// Whether a `/` after this character starts a regular expression literal (not a division).
    private static func precedesRegex(_ previous: UInt8) -> Bool { "(,=:[!&|?{};+-*%<>~^".utf8.contains(previous) }

    /// A regular expression literal, from its `/` to after its flags.
    private mutating func skipRegex() {
        i += 1
        var inClass = false
        while let d = peek(), d != 10 {
            i += 1
            if d == UInt8(ascii: "\\") { i += 1; continue }
            if d == UInt8(ascii: "[") { inClass = true } else if d == UInt8(ascii: "]") { inClass = false }
            else if d == UInt8(ascii: "/") && !inClass { break }
        }
        while let f = peek(), JSReader.isName(f) { i += 1 }
    }

    /// An expression, up to the `,`, `;` or closing bracket that ends it at its own depth (or a line
    /// ending at the top level after a complete expression, where JavaScript inserts a semicolon).
    private mutating func skipExpression() {
        var previous: UInt8 = UInt8(ascii: "(")
        while let c = peek() {
            if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") || c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { return }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") { _ = string(); previous = UInt8(ascii: "a"); continue }
            if c == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")) { skipTrivia(); continue }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { skipBalanced(); previous = UInt8(ascii: ")"); continue }
            if c == UInt8(ascii: "/") && JSReader.precedesRegex(previous) { skipRegex(); previous = UInt8(ascii: "a"); continue }
            if c != 32 && c != 9 && c != 10 && c != 13 { previous = c }
            i += 1
        }
    }

    /// A statement at the top level, to its `;` or the line ending after it (brackets balanced).
    private mutating func skipStatement() {
        while let c = peek() {
            if c == UInt8(ascii: ";") { i += 1; return }
            if c == 10 { i += 1; return }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") { _ = string(); continue }
            if c == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")) { skipTrivia(); continue }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { skipBalanced(); continue }
            i += 1
        }
    }
}
