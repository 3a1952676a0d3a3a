/// File names are bytes (format.md §11; docs/format.md, "Reading only what is safe"): a name that is not
/// valid UTF-8 (`caf\xE9.md`, written by a Latin-1 system) must be read, walked and reported like
/// any other. Paths travel through outline as Swift strings, so each byte of a name that is not part
/// of valid UTF-8 is carried as one code point of Unicode's last private-use plane, U+10FF80 +
/// (byte − 0x80), and turned back into that byte wherever a path meets the system (open, stat, git).
/// The mapping is reversible for every byte sequence; a name that really contains one of those 128
/// code points (none in practice) would be read as the byte it stands for.
public enum PathBytes {
    static let base: UInt32 = 0x10FF80

    /// A name from the system (readdir, argv, git's output) as a path string.
    public static func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        return decodeSlow(Array(bytes))
    }

    /// The slow path: byte by byte, each invalid byte carried as its private-use code point.
    private static func decodeSlow(_ bytes: [UInt8]) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0
            if length > 0, i + length <= bytes.count {
                var decoded: Unicode.Scalar? = nil
                var it = bytes[i..<(i + length)].makeIterator()
                var parser = Unicode.UTF8.ForwardParser()
                if case .valid(let encoded) = parser.parseScalar(from: &it), encoded.count == length {
                    decoded = Unicode.UTF8.decode(encoded)
                }
                if let decoded {
                    out.append(decoded)
                    i += length
                    continue
                }
            }
            out.append(b < 0x80 ? Unicode.Scalar(b) : Unicode.Scalar(base + UInt32(b - 0x80))!)
            i += 1
        }
        return String(out)
    }

    /// A path string as the bytes the system knows it by.
    public static func encode(_ path: String) -> [UInt8] {
        guard hasRawBytes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        for scalar in path.unicodeScalars {
            if scalar.value >= base { out.append(UInt8(scalar.value - base + 0x80)) } else { out.append(contentsOf: String(scalar).utf8) }
        }
        return out
    }

    /// Whether `path` carries bytes that are not UTF-8.
    public static func hasRawBytes(_ path: String) -> Bool {
        // The carried bytes encode as F4 8F BE/BF xx: a scan of the bytes rules most paths out.
        path.utf8.contains(0xF4) && path.unicodeScalars.contains { $0.value >= base }
    }

    /// The byte a scalar stands for, if it is one of the carried bytes.
    public static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= base ? UInt8(scalar.value - base + 0x80) : nil
    }

    /// `path` for people: each byte that is not UTF-8 written `\xE9`.
    public static func display(_ path: String) -> String {
        guard hasRawBytes(path) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if let byte = rawByte(scalar) {
                out += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
