/// How link repair spells what it writes into a destination (format.md §8): percent-encoding only
/// where a Markdown destination needs it, and a fragment in the spelling the link had.
extension LinkRepair {
    /// Percent-encoding where a link destination needs it: spaces, controls and the characters that
    /// end or confuse a Markdown destination. Letters of any script stay as they are.
    static func encodeFragment(_ s: String) -> String { encode(s, fragment: true) }
    static func encodePath(_ s: String) -> String { encode(s, fragment: false) }

    /// `s` encoded in the spelling of `old` (a destination's fragment as written): a byte `old` wrote
    /// percent-encoded (`%2D`, `%c3`) is written the same way, so that a link rewritten and rewritten
    /// back (`number`, then `number --strip`) gets its exact bytes again.
    static func encodeFragment(_ s: String, like old: Substring) -> String {
        var spelled: [UInt8: [UInt8]] = [:]
        let b = Array(old.utf8)
        var i = 0
        while i + 2 < b.count {
            if b[i] == UInt8(ascii: "%"), let hi = hexValue(b[i + 1]), let lo = hexValue(b[i + 2]) {
                spelled[hi << 4 | lo] = Array(b[i...(i + 2)])
                i += 3
            } else {
                i += 1
            }
        }
        guard !spelled.isEmpty else { return encodeFragment(s) }
        var out: [UInt8] = []
        for byte in encodeFragment(s).utf8 { out.append(byte) }
        // Re-spell: decode what the plain encoding wrote, then encode byte by byte as `old` did.
        let plain = out
        out.removeAll()
        var k = 0
        while k < plain.count {
            var byte = plain[k], width = 1
            if plain[k] == UInt8(ascii: "%"), k + 2 < plain.count, let hi = hexValue(plain[k + 1]), let lo = hexValue(plain[k + 2]) {
                byte = hi << 4 | lo
                width = 3
            }
            if let spelling = spelled[byte] { out += spelling } else { out += plain[k..<(k + width)] }
            k += width
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - 55
        default: return nil
        }
    }

    /// `?` is encoded in paths only: there it would start a query, while a fragment may hold it as it
    /// is (RFC 3986, section 3.5).
    private static func encode(_ s: String, fragment: Bool) -> String {
        // Byte by byte: every special character is ASCII, and a UTF-8 byte of another character never is.
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for byte in s.utf8 {
            let special: Bool
            switch byte {
            case 0...32, 127, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""),
                 UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: "%"), UInt8(ascii: "#"): special = true
            case UInt8(ascii: "?"): special = !fragment
            default: special = false
            }
            if special {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
