/// Section IDs: how new ones are derived from titles and how collisions are resolved. Their syntax
/// (format.md §2) is the comment format's, `IDSyntax`.
public enum Identifier {
    public static let maxLength = IDSyntax.maxLength

    /// True when `id` is a valid section ID.
    public static func isValid(_ id: String) -> Bool { IDSyntax.isValid(id) }

    static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool { IDSyntax.isIDCharacter(scalar) }

    /// The GitHub-style slug of `text` adjusted to the ID syntax; nil when nothing is left.
    ///
    /// Lowercase; letters, marks, digits, `_` and `-` kept; whitespace becomes `-`; everything else
    /// (punctuation, symbols) is removed; runs of `-` collapse; `-` trimmed at both ends; cut to 64
    /// characters without splitting a letter from its combining marks.
    public static func slug(_ text: String) -> String? {
        if let ascii = asciiSlug(text) { return ascii.isEmpty ? nil : ascii }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        var pendingDash = false
        for original in text.unicodeScalars {
            let isDash = original == "-" || original.properties.isWhitespace
            if isDash {
                if !scalars.isEmpty { pendingDash = true }
                continue
            }
            guard isIDCharacter(original) else { continue }
            if pendingDash { scalars.append("-"); pendingDash = false }
            if original.isASCII {
                let v = original.value
                scalars.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v + 32)! : original)
            } else if original.properties.changesWhenLowercased {
                for lowered in original.properties.lowercaseMapping.unicodeScalars where isIDCharacter(lowered) {
                    scalars.append(lowered)
                }
            } else {
                scalars.append(original)
            }
        }
        return truncated(scalars, to: maxLength)
    }

    /// The slug of an ASCII title, without Unicode tables (most titles); nil when `text` is not ASCII.
    private static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { utf8 -> String? in
            // The slug is never longer than the text: built in place, one allocation.
            var ascii = true
            var count = 0
            let slug = String(unsafeUninitializedCapacity: max(1, utf8.count)) { out in
                var pendingDash = false
                for b in utf8 {
                    if b >= 128 { ascii = false; return 0 }
                    switch b {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                        if pendingDash { out[count] = UInt8(ascii: "-"); count += 1; pendingDash = false }
                        out[count] = b; count += 1
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        if pendingDash { out[count] = UInt8(ascii: "-"); count += 1; pendingDash = false }
                        out[count] = b + 32; count += 1
                    case UInt8(ascii: "-"), 9...13, 32:
                        if count > 0 { pendingDash = true }
                    default:
                        continue
                    }
                }
                return count
            }
            guard ascii else { return nil }
            if count <= maxLength { return slug }
            return truncated(slug.unicodeScalars.map { $0 }, to: maxLength) ?? ""
        }
    }

    /// `scalars` cut to at most `limit` scalars at a character boundary, with trailing `-` removed.
    /// A cut inside a word goes back to the previous `-` when that keeps at least half the limit.
    static func truncated(_ scalars: [Unicode.Scalar], to limit: Int) -> String? {
        var cut = scalars
        if cut.count > limit {
            cut.removeSubrange(limit...)
            if scalars[limit] != "-", let dash = cut.lastIndex(of: "-"), dash >= limit / 2 {
                cut.removeSubrange(dash...)
            } else if isMark(scalars[limit]) {
                // Do not leave a letter without the combining marks that followed it.
                while let last = cut.last, isMark(last) { cut.removeLast() }
                if !cut.isEmpty { cut.removeLast() }
            }
        }
        while cut.last == "-" { cut.removeLast() }
        guard !cut.isEmpty else { return nil }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: cut)
        return String(result)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}

/// Hands out unique IDs in document order. IDs already present in the document are reserved first, so
/// a new section can never take (and so change) an existing one; a collision gets `-1`, `-2`, ….
/// Linear overall: the next suffix to try is remembered per base, so 100,000 identical titles cost
/// 100,000 set lookups, not 100,000².
public struct IDAllocator {
    /// The next suffix to try for a base, in a box so that bumping it needs no second hash lookup.
    private final class Counter { var next = 1 }
    private var used: IDSet
    /// Bases handed out so far (present: taken), with their counters.
    private var counters: [String: Counter] = [:]

    public init(capacity: Int = 0) {
        used = IDSet(capacity: capacity)
    }

    /// Marks `id` as taken; returns false when it already was.
    @discardableResult
    public mutating func reserve(_ id: String) -> Bool { used.insert(id) }


    /// A fresh ID from `base` (already valid), unique among everything reserved or allocated so far.
    public mutating func allocate(_ base: String) -> String {
        // The common case, a base nobody has: one hash, no counter (a base that has a counter is
        // taken, so the insertion fails for it).
        if used.insert(base) { return base }
        let counter: Counter
        if let existing = counters[base] {
            counter = existing
        } else {
            counter = Counter()
            counters[base] = counter
        }
        let baseBytes = base.utf8.count
        while true {
            let n = counter.next
            counter.next += 1
            var digits = 1, rest = n / 10
            while rest > 0 { digits += 1; rest /= 10 }
            let room = Identifier.maxLength - 1 - digits
            let candidate: String
            if baseBytes <= room {
                // The common case, built in one allocation (`base + "-" + String(n)` makes three
                // strings, for every ID when many headings share a title).
                candidate = String(unsafeUninitializedCapacity: baseBytes + 1 + digits) { buffer in
                    _ = buffer.initialize(fromContentsOf: base.utf8)
                    buffer[baseBytes] = UInt8(ascii: "-")
                    var v = n, k = baseBytes + digits
                    repeat { buffer[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; k -= 1 } while v > 0
                    return baseBytes + 1 + digits
                }
            } else {
                // Cut the base only when it could be too long (UTF-8 bytes bound the scalar count).
                let head = base.unicodeScalars.count <= room ? base : (Identifier.truncated(Array(base.unicodeScalars), to: room) ?? "section")
                candidate = head + "-" + String(n)
            }
            if used.insert(candidate) { return candidate }
        }
    }
}

/// A set of IDs with String's equality (canonical equivalence: `é` precomposed or not is one ID), made
/// for one insertion per section. Each slot holds the upper half of the ID's hash beside its index, so
/// that a probe past other IDs compares two integers instead of reaching into their strings (a
/// `Set<String>` spends its time in cache misses on the strings it compares on the way).
/// Each ID may carry a value (`claim`): the model's map from an anchor's ID to its first section.
/// IDs come from the documents, which a pull request writes: the hash is seeded per process, and a
/// probe that runs long (IDs made to collide) switches the set to String's own hash, so that no
/// document makes insertion quadratic.
struct IDSet {
    /// Every ID in the set, in the order inserted, and the value each was claimed with.
    private var ids: [String] = []
    private var values: [Int] = []
    /// Open addressing, linear probing; 0 is empty, else (hash's upper 32 bits) << 32 | (index + 1).
    private var slots: [UInt64]
    private var mask: Int
    /// Hashing with String's hash (SipHash, seeded by the runtime) since a probe ran long.
    private(set) var robust = false
    /// Probes longer than this switch the set to String's hash. At most half the slots are used: with
    /// a hash that spreads the IDs, a probe of 256 slots has a chance of about e^-49 (linear probing
    /// at load 1/2), and until the switch an insertion costs at most 256 comparisons of two integers.
    static let longProbe = 256
    /// A test's replacement for the fast hash of the IDs it answers for (to make them collide).
    nonisolated(unsafe) static var fastHashForTesting: ((String) -> Int?)? = nil
    private static let seed = UInt64.random(in: .min ... .max)

    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        ids.reserveCapacity(capacity)
    }

    var count: Int { ids.count }

    func contains(_ id: String) -> Bool { find(id, hash: hash(id)).index != nil }

    private func hash(_ id: String) -> Int {
        if robust { return id.hashValue }
        if let test = IDSet.fastHashForTesting, let hash = test(id) { return hash }
        return IDSet.hash(id)
    }

    /// Adds `id`; false when the set already had it.
    mutating func insert(_ id: String) -> Bool { claim(id, as: 0) == nil }

    /// Adds `id` with `value`; when the set already has it, the value it was first claimed with
    /// (and nothing changes).
    mutating func claim(_ id: String, as value: Int) -> Int? {
        var hash = self.hash(id)
        var (index, slot, probes) = find(id, hash: hash)
        if let index { return values[index] }
        if probes > IDSet.longProbe && !robust {
            robust = true
            rebuild()
            hash = self.hash(id)
            (index, slot, probes) = find(id, hash: hash)
        }
        ids.append(id)
        values.append(value)
        slots[slot] = IDSet.tag(hash) | UInt64(ids.count)
        if 2 * ids.count > slots.count { rebuild() }
        return nil
    }

    private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000 }

    /// An ID's fast hash. An ASCII ID (nearly all) is hashed on its bytes, eight at a time, each word
    /// xored into the state, multiplied and xor-shifted, from the process's seed; a last multiply and
    /// xor-shift make the low bits (the slot) and the high ones (the tag) depend on every byte.
    /// String's own hash normalises to the canonical form first, on every ID. Any other ID takes
    /// String's hash, except one whose non-ASCII scalars are all U+212A KELVIN SIGN, U+037E GREEK
    /// QUESTION MARK or U+1FEF GREEK VARIA: their canonical forms are `K`, `;` and `` ` `` (the only
    /// scalars outside ASCII whose canonical form is ASCII, by Python's unicodedata 14.0), so such a
    /// string equals an ASCII one and is hashed as that one is.
    static func hash(_ id: String) -> Int {
        let fast = id.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let base = bytes.baseAddress else { return 0 }
            let n = bytes.count
            // Eight bytes at a time while they are ASCII (no high bit); from a word with a high bit
            // on, byte by byte, packed into the same words. The length that goes into the hash is the
            // ASCII form's (a scalar read as ASCII is one byte).
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ IDSet.seed
            var i = 0
            while i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if word & 0x8080_8080_8080_8080 != 0 { break }
                h = (h ^ word) &* 0xbf58_476d_1ce4_e5b9
                h ^= h >> 31
                i += 8
            }
            guard i < n else { return IDSet.finish(h, length: n) }
            // An ASCII tail of fewer than eight bytes: one more word.
            var tail: UInt64 = 0, k = n - 1
            while k >= i, bytes[k] < 0x80 {
                tail = tail << 8 | UInt64(bytes[k])
                k -= 1
            }
            if k < i {
                h = (h ^ tail) &* 0xbf58_476d_1ce4_e5b9
                h ^= h >> 31
                return IDSet.finish(h, length: n)
            }
            // The rest: ASCII, or the three scalars read as their ASCII, packed into words as above.
            var word: UInt64 = 0, shift: UInt64 = 0
            var length = i
            func put(_ b: UInt8) {
                word |= UInt64(b) << shift
                shift += 8
                length += 1
                if shift == 64 {
                    h = (h ^ word) &* 0xbf58_476d_1ce4_e5b9
                    h ^= h >> 31
                    word = 0; shift = 0
                }
            }
            while i < n {
                let b = bytes[i]
                if b < 0x80 {
                    put(b); i += 1
                } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x84, bytes[i + 2] == 0xAA {
                    put(UInt8(ascii: "K")); i += 3
                } else if b == 0xCD, i + 1 < n, bytes[i + 1] == 0xBE {
                    put(UInt8(ascii: ";")); i += 2
                } else if b == 0xE1, i + 2 < n, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xAF {
                    put(UInt8(ascii: "`")); i += 3
                } else {
                    return nil
                }
            }
            if shift > 0 {
                h = (h ^ word) &* 0xbf58_476d_1ce4_e5b9
                h ^= h >> 31
            }
            return IDSet.finish(h, length: length)
        }
        return (fast ?? nil) ?? id.hashValue
    }

    private static func finish(_ value: UInt64, length: Int) -> Int {
        var h = (value ^ UInt64(length)) &* 0x94d0_49bb_1331_11eb
        h ^= h >> 32
        return Int(bitPattern: UInt(h))
    }

    /// The index of `id` in `ids` and its slot, or nil and the empty slot where it would go; and how
    /// many slots the probe passed.
    private func find(_ id: String, hash: Int) -> (index: Int?, slot: Int, probes: Int) {
        let tag = IDSet.tag(hash)
        return slots.withUnsafeBufferPointer { slots in
            var slot = hash & mask
            var probes = 0
            while true {
                let entry = slots[slot]
                if entry == 0 { return (nil, slot, probes) }
                if entry & 0xFFFF_FFFF_0000_0000 == tag && ids[Int(entry & 0xFFFF_FFFF) - 1] == id {
                    return (Int(entry & 0xFFFF_FFFF) - 1, slot, probes)
                }
                slot = (slot + 1) & mask
                probes += 1
            }
        }
    }

    /// The slots made again (twice as many once half are used; all rehashed after a switch of hash).
    private mutating func rebuild() {
        var size = slots.count
        while size < 2 * ids.count + 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for (index, id) in ids.enumerated() {
            let hash = self.hash(id)
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = IDSet.tag(hash) | UInt64(index + 1)
        }
    }
}
