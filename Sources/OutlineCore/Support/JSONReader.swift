/// A strict JSON reader (RFC 8259) for the few JSON files outline reads (the sidecar), so that the
/// library needs nothing from Foundation. Objects keep their members in document order; a repeated key
/// keeps its last value, as most readers do. Nesting deeper than `Nesting.limit` is refused rather
/// than recursing without bound on hostile input (format.md §11).
public struct JSONReader {
    public struct Failure: Error, Equatable, Sendable {
        /// 1-based line of the offending byte.
        public let line: Int
        public let message: String
    }

    private let bytes: [UInt8]
    private var p = 0
    private var depth = Depth()

    /// Parses one JSON text (surrounding whitespace and a UTF-8 BOM allowed).
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.p = 3 }
        reader.skipWhitespace()
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.p == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ message: String) -> Failure {
        var line = 1
        for b in bytes[..<min(p, bytes.count)] where b == ASCII.lf { line += 1 }
        return Failure(line: line, message: message)
    }

    private mutating func skipWhitespace() {
        while p < bytes.count, ASCII.isBlank(bytes[p]) || bytes[p] == ASCII.lf || bytes[p] == ASCII.cr { p += 1 }
    }

    private mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let n = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { lit in
            p + n <= bytes.count && (0..<n).allSatisfy { bytes[p + $0] == lit[$0] }
        }
        guard matches else { throw failure("invalid literal") }
        p += n
        return value
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard p < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[p] {
        case UInt8(ascii: "{"):
            guard depth.enter() else { throw failure(Nesting.tooDeep) }
            defer { depth.leave() }
            p += 1
            var members: [(String, JSONValue)] = []
            var index: [String: Int] = [:]
            skipWhitespace()
            if p < bytes.count, bytes[p] == UInt8(ascii: "}") { p += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard p < bytes.count, bytes[p] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
                let key = try string()
                skipWhitespace()
                guard p < bytes.count, bytes[p] == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
                p += 1
                skipWhitespace()
                let item = try value()
                if let k = index[key] { members[k].1 = item } else { index[key] = members.count; members.append((key, item)) }
                skipWhitespace()
                guard p < bytes.count else { throw failure("unexpected end of input in an object") }
                if bytes[p] == UInt8(ascii: ",") { p += 1; continue }
                if bytes[p] == UInt8(ascii: "}") { p += 1; return .object(members) }
                throw failure("expected ',' or '}' in an object")
            }
        case UInt8(ascii: "["):
            guard depth.enter() else { throw failure(Nesting.tooDeep) }
            defer { depth.leave() }
            p += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if p < bytes.count, bytes[p] == UInt8(ascii: "]") { p += 1; return .array(items) }
            while true {
                skipWhitespace()
                items.append(try value())
                skipWhitespace()
                guard p < bytes.count else { throw failure("unexpected end of input in an array") }
                if bytes[p] == UInt8(ascii: ",") { p += 1; continue }
                if bytes[p] == UInt8(ascii: "]") { p += 1; return .array(items) }
                throw failure("expected ',' or ']' in an array")
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = p
        func digits() -> Int {
            let s = p
            while p < bytes.count, ASCII.isDigit(bytes[p]) { p += 1 }
            return p - s
        }
        if bytes[p] == UInt8(ascii: "-") { p += 1 }
        let intStart = p
        let intDigits = digits()
        guard intDigits > 0 else { throw failure("invalid number") }
        guard !(intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) else { throw failure("invalid number (leading zero)") }
        var integral = true
        if p < bytes.count, bytes[p] == UInt8(ascii: ".") {
            p += 1
            guard digits() > 0 else { throw failure("invalid number") }
            integral = false
        }
        if p < bytes.count, bytes[p] == UInt8(ascii: "e") || bytes[p] == UInt8(ascii: "E") {
            p += 1
            if p < bytes.count, bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "-") { p += 1 }
            guard digits() > 0 else { throw failure("invalid number") }
            integral = false
        }
        let text = String(decoding: bytes[start..<p], as: UTF8.self)
        if integral, let i = Int(text) { return .int(i) }
        guard let d = Double(text) else { throw failure("invalid number") }
        if d.rounded() == d, abs(d) < 1e15 { return .int(Int(d)) }
        return .double(d)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard p + 4 <= bytes.count else { throw failure("invalid \\u escape") }
        var v: UInt32 = 0
        for b in bytes[p..<(p + 4)] {
            let d: UInt8
            switch b {
            case 48...57: d = b - 48
            case 65...70: d = b - 55
            case 97...102: d = b - 87
            default: throw failure("invalid \\u escape")
            }
            v = v << 4 | UInt32(d)
        }
        p += 4
        return v
    }

    /// A string starting at the opening quote; its raw bytes must be valid UTF-8.
    private mutating func string() throws(Failure) -> String {
        p += 1
        var out: [UInt8] = []
        var runStart = p
        while true {
            guard p < bytes.count else { throw failure("unterminated string") }
            let b = bytes[p]
            if b == UInt8(ascii: "\"") { break }
            if b < 32 { throw failure("control character in a string") }
            if b != UInt8(ascii: "\\") { p += 1; continue }
            out.append(contentsOf: bytes[runStart..<p])
            p += 1
            guard p < bytes.count else { throw failure("unterminated string") }
            let e = bytes[p]
            p += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(ASCII.lf)
            case UInt8(ascii: "r"): out.append(ASCII.cr)
            case UInt8(ascii: "t"): out.append(ASCII.tab)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard p + 2 <= bytes.count, bytes[p] == UInt8(ascii: "\\"), bytes[p + 1] == UInt8(ascii: "u") else {
                        throw failure("unpaired surrogate in a \\u escape")
                    }
                    p += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw failure("unpaired surrogate in a \\u escape")
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default: throw failure("invalid escape in a string")
            }
            runStart = p
        }
        out.append(contentsOf: bytes[runStart..<p])
        p += 1
        guard let text = String(validating: out, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
        return text
    }
}

extension JSONValue {
    /// The value of member `key` of an object, nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var intValue: Int? {
        if case .int(let i) = self { return i }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
}
