/// A JSON value written deterministically: keys in the order given, never sorted or hashed.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number read with a fraction or exponent, or too large for `Int` (the reader's; never written).
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// One line, a space after `:` and `,` (the form of `tree --json`).
    public func compact() -> String {
        var writer = JSONWriter()
        writer.value(self, indent: false, level: 0)
        return writer.text
    }

    /// Two-space indentation, one trailing newline (the form of the sidecar).
    public func pretty() -> String {
        var writer = JSONWriter()
        writer.value(self, indent: true, level: 0)
        writer.raw(ASCII.lf)
        return writer.text
    }

    public static func quote(_ s: String, into out: inout String) {
        var writer = JSONWriter()
        writer.string(s)
        out += writer.text
    }
}

/// Writes JSON into bytes: strings are escaped byte by byte with a fast path for runs that need none.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func raw(_ b: UInt8) { bytes.append(b) }
    public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func int(_ i: Int) { bytes.append(contentsOf: String(i).utf8) }
    public mutating func bool(_ b: Bool) { raw(b ? "true" : "false") }
    public mutating func null() { raw("null") }

    /// A JSON string: `"`, `\`, control characters, U+2028 and U+2029 escaped.
    public mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var runStart = 0
            var i = 0
            let n = utf8.count
            while i < n {
                let b = utf8[i]
                var escape: StaticString? = nil
                var width = 1
                switch b {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 10: escape = "\\n"
                case 13: escape = "\\r"
                case 9: escape = "\\t"
                case 0..<32, 127: escape = nil; width = 0
                case 0xE2 where i + 2 < n && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                    escape = utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"; width = 3
                default: i += 1; continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                if let escape {
                    raw(escape)
                } else {
                    let hex = Array(String(b, radix: 16).utf8)
                    raw("\\u00")
                    if hex.count == 1 { bytes.append(UInt8(ascii: "0")) }
                    bytes.append(contentsOf: hex)
                    width = 1
                }
                i += width
                runStart = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<n]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func newline(_ indent: Bool, _ level: Int) {
        guard indent else { return }
        bytes.append(ASCII.lf)
        for _ in 0..<level { raw("  ") }
    }

    mutating func value(_ v: JSONValue, indent: Bool, level: Int) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .int(let i): int(i)
        case .double(let d): bytes.append(contentsOf: (d.isFinite ? "\(d)" : "null").utf8)
        case .string(let s): string(s)
        case .array(let items):
            if items.isEmpty { raw("[]"); return }
            raw(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { raw(indent ? "," : ", ") }
                newline(indent, level + 1)
                value(item, indent: indent, level: level + 1)
            }
            newline(indent, level)
            raw(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { raw("{}"); return }
            raw(UInt8(ascii: "{"))
            for (k, (key, item)) in members.enumerated() {
                if k > 0 { raw(indent ? "," : ", ") }
                newline(indent, level + 1)
                string(key)
                raw(": ")
                value(item, indent: indent, level: level + 1)
            }
            newline(indent, level)
            raw(UInt8(ascii: "}"))
        }
    }
}
