/// FNV-1a, 32 bits: the hash a fold marker records of the bytes it hides. It tells whether the original
/// changed since folding; it is not a security measure.
public enum FNV1a {
    public static func hash(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { p in
            var h: UInt32 = 0x811C_9DC5
            for b in p {
                h ^= UInt32(b)
                h = h &* 0x0100_0193
            }
            return h
        }
    }

    /// Eight lowercase hex digits.
    public static func hex(_ h: UInt32) -> String {
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 8 - s.count) + s
    }
}
