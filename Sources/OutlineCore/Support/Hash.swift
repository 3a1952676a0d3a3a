/// XXH32 (seed 0): the hash a fold marker records of the bytes it hides. It tells whether the original
/// changed since folding; it is not a security measure. It reads four bytes per multiply, where
/// simpler hashes read one: on a large unfold the hash would otherwise show.
public enum ContentHash {
    private static let p1: UInt32 = 2_654_435_761, p2: UInt32 = 2_246_822_519, p3: UInt32 = 3_266_489_917
    private static let p4: UInt32 = 668_265_263, p5: UInt32 = 374_761_393

    @inline(__always) private static func rotl(_ x: UInt32, _ r: UInt32) -> UInt32 { (x << r) | (x >> (32 - r)) }
    @inline(__always) private static func round(_ acc: UInt32, _ input: UInt32) -> UInt32 {
        rotl(acc &+ input &* p2, 13) &* p1
    }

    public static func hash(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { raw -> UInt32 in
            let n = raw.count
            var i = 0
            @inline(__always) func word(_ at: Int) -> UInt32 { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
            var h: UInt32
            if n >= 16 {
                var v1 = p1 &+ p2, v2 = p2, v3: UInt32 = 0, v4 = 0 &- p1
                while i + 16 <= n {
                    v1 = round(v1, word(i)); v2 = round(v2, word(i + 4))
                    v3 = round(v3, word(i + 8)); v4 = round(v4, word(i + 12))
                    i += 16
                }
                h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            } else {
                h = p5
            }
            h = h &+ UInt32(truncatingIfNeeded: n)
            while i + 4 <= n {
                h = rotl(h &+ word(i) &* p3, 17) &* p4
                i += 4
            }
            while i < n {
                h = rotl(h &+ UInt32(raw[i]) &* p5, 11) &* p1
                i += 1
            }
            h ^= h >> 15; h = h &* p2
            h ^= h >> 13; h = h &* p3
            h ^= h >> 16
            return h
        }
    }

    /// Eight lowercase hex digits.
    public static func hex(_ h: UInt32) -> String {
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 8 - s.count) + s
    }
}
