/// The text operations of Python that slug profiles follow and Swift's standard library does not
/// have without Foundation: NFC (pymdownx.slugs normalizes a heading first, so `Cafe\u{301}` and
/// `Café` give one slug) and `str.lower()`'s final sigma (`ΟΔΗΓΟΣ` is `οδηγος`).
enum PythonText {
    /// `unicodedata.normalize("NFC", s)` for text already composed or decomposed canonically: each
    /// starter's marks ordered by their combining class, then joined by Unicode's canonical
    /// compositions (`Composition.swift`, generated) where no mark blocks them; Hangul by its rule.
    static func nfc(_ s: String) -> String {
        // Nothing to join in ASCII, nor where no scalar is a mark or a Hangul jamo.
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s }
        let scalars = Array(s.unicodeScalars)
        guard scalars.contains(where: { combiningClass($0.value) != 0 || (0x1100...0x11FF).contains($0.value) || composesAsSecond($0.value) }) else { return s }
        var out: [UInt32] = []
        var i = 0
        while i < scalars.count {
            var starter = scalars[i].value
            i += 1
            // The marks after it, in combining-class order (a stable sort).
            var marks: [UInt32] = []
            while i < scalars.count, combiningClass(scalars[i].value) != 0 { marks.append(scalars[i].value); i += 1 }
            marks = marks.enumerated().sorted { (combiningClass($0.element), $0.offset) < (combiningClass($1.element), $1.offset) }.map(\.element)
            var kept: [UInt32] = []
            var lastClass: UInt8 = 0
            for mark in marks {
                let c = combiningClass(mark)
                // Blocked when a kept mark before it has the same or a higher class.
                if (kept.isEmpty || lastClass < c), let composed = compose(starter, mark) {
                    starter = composed
                } else {
                    kept.append(mark)
                    lastClass = c
                }
            }
            // A starter followed directly by a starter it composes with (Hangul, some Indic vowels).
            while kept.isEmpty, i < scalars.count, combiningClass(scalars[i].value) == 0, let composed = compose(starter, scalars[i].value) {
                starter = composed
                i += 1
            }
            out.append(starter)
            out += kept
        }
        var result = String.UnicodeScalarView()
        for v in out { if let scalar = Unicode.Scalar(v) { result.append(scalar) } }
        return String(result)
    }

    /// Python's `str.lower()`: Swift's lowercasing, but a capital sigma at the end of a word (after
    /// a letter, not before one) is the final `ς`.
    static func lower(_ s: String) -> String {
        guard s.unicodeScalars.contains("Σ") else { return s.lowercased() }
        let scalars = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (k, scalar) in scalars.enumerated() {
            if scalar == "Σ" {
                let before = scalars[..<k].last { !isIgnorable($0) }
                let after = scalars[(k + 1)...].first { !isIgnorable($0) }
                let final = before.map(isCased) == true && after.map(isCased) != true
                out.append(final ? "ς" : "σ")
            } else {
                out.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(out)
    }

    private static func isCased(_ s: Unicode.Scalar) -> Bool { s.properties.isCased }
    private static func isIgnorable(_ s: Unicode.Scalar) -> Bool { s.properties.isCaseIgnorable }

    static func combiningClass(_ v: UInt32) -> UInt8 {
        guard v >= 0x300 else { return 0 }
        var lo = 0, hi = combiningClasses.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if combiningClasses[mid].1 < v { lo = mid + 1 } else { hi = mid }
        }
        return lo < combiningClasses.count && combiningClasses[lo].0 <= v ? combiningClasses[lo].2 : 0
    }

    private static let seconds: Set<UInt32> = Set(canonicalCompositions.map(\.1))
    private static func composesAsSecond(_ v: UInt32) -> Bool { seconds.contains(v) }

    static func compose(_ a: UInt32, _ b: UInt32) -> UInt32? {
        // Hangul: L + V, and LV + T (Unicode's algorithm).
        if (0x1100...0x1112).contains(a), (0x1161...0x1175).contains(b) { return 0xAC00 + ((a - 0x1100) * 21 + (b - 0x1161)) * 28 }
        if (0xAC00...0xD7A3).contains(a), (a - 0xAC00) % 28 == 0, (0x11A8...0x11C2).contains(b) { return a + (b - 0x11A7) }
        var lo = 0, hi = canonicalCompositions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let e = canonicalCompositions[mid]
            if e.0 < a || (e.0 == a && e.1 < b) { lo = mid + 1 } else { hi = mid }
        }
        guard lo < canonicalCompositions.count, canonicalCompositions[lo].0 == a, canonicalCompositions[lo].1 == b else { return nil }
        return canonicalCompositions[lo].2
    }
}
