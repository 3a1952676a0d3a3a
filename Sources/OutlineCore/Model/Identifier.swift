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
        while true {
            let suffix = "-" + String(counter.next)
            counter.next += 1
            let room = Identifier.maxLength - suffix.utf8.count
            // Cut the base only when it could be too long (UTF-8 bytes bound the scalar count).
            let head = base.utf8.count <= room || base.unicodeScalars.count <= room
                ? base : (Identifier.truncated(Array(base.unicodeScalars), to: room) ?? "section")
            let candidate = head + suffix
            if used.insert(candidate) { return candidate }
        }
    }
}

/// A set of IDs with String's equality (canonical equivalence: `é` precomposed or not is one ID), made
/// for one insertion per section. Each slot holds the upper half of the ID's hash beside its index, so
/// that a probe past other IDs compares two integers instead of reaching into their strings (a
/// `Set<String>` spends its time in cache misses on the strings it compares on the way).
struct IDSet {
    /// Every ID in the set, in the order inserted.
    private var ids: [String] = []
    /// Open addressing, linear probing; 0 is empty, else (hash's upper 32 bits) << 32 | (index + 1).
    private var slots: [UInt64]
    private var mask: Int

    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        ids.reserveCapacity(capacity)
    }

    var count: Int { ids.count }

    func contains(_ id: String) -> Bool { find(id, hash: id.hashValue).found }

    /// Adds `id`; false when the set already had it.
    mutating func insert(_ id: String) -> Bool {
        let hash = id.hashValue
        let (found, slot) = find(id, hash: hash)
        guard !found else { return false }
        ids.append(id)
        slots[slot] = IDSet.tag(hash) | UInt64(ids.count)
        if 2 * ids.count > slots.count { grow() }
        return true
    }

    private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000 }

    /// Whether `id` is in the set, and its slot, or the empty slot where it would go.
    private func find(_ id: String, hash: Int) -> (found: Bool, slot: Int) {
        let tag = IDSet.tag(hash)
        return slots.withUnsafeBufferPointer { slots in
            var slot = hash & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return (false, slot) }
                if entry & 0xFFFF_FFFF_0000_0000 == tag && ids[Int(entry & 0xFFFF_FFFF) - 1] == id { return (true, slot) }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func grow() {
        var size = slots.count * 2
        while size < 2 * ids.count { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for (index, id) in ids.enumerated() {
            let hash = id.hashValue
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = IDSet.tag(hash) | UInt64(index + 1)
        }
    }
}
