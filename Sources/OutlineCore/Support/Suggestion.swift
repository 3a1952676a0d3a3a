#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "did you mean": the nearest known name to a mistyped one, as git and cargo suggest them.
public enum Suggestion {
    /// ` (did you mean 'PREFIX+NAME'?)` for the nearest of `names`, or "" when none is near: at most a
    /// third of the typed length in edits (at least one), or a name the typed word is a prefix of.
    public static func hint(_ typed: String, among names: [String], prefix: String = "") -> String {
        guard let best = nearest(typed, among: names) else { return "" }
        return " (did you mean '\(prefix)\(best)'?)"
    }

    /// The nearest of `names` to `typed` (see `hint`); among names equally near, the first.
    public static func nearest(_ typed: String, among names: [String]) -> String? {
        Candidates(names).nearest(typed)
    }

    /// Names prepared once for any number of "did you mean" questions (a site's URLs, a page's
    /// targets): each name's bytes, length and letters, so that a question costs a few instructions
    /// for each name its length or letters put out of reach, and an edit distance on bytes, without
    /// allocating, for the rest. A broken link is asked about for every finding of a first run: the
    /// search over every URL of a site, on characters, was 95% of a run with a few hundred of them.
    public struct Candidates: Sendable {
        public let names: [String]
        /// Each name's UTF-8, one after another.
        private let bytes: [UInt8]
        /// Each name: where its bytes are, which bytes it holds (ASCII: bit b of word b / 64), and
        /// whether it is read on its bytes: ASCII without a carriage return (whose characters are its
        /// bytes: `\r\n` is one character, and a Kelvin sign equals `K`).
        private struct Name { var start: Int32; var end: Int32; var letters: (UInt64, UInt64); var plain: Bool }
        private let info: [Name]
        /// The names' indices in byte order (for many names): a typed name's neighbours there share
        /// its longest beginnings, and are looked at first.
        private let sorted: [Int32]

        public init(_ names: [String]) {
            self.names = names
            var bytes: [UInt8] = []
            var info: [Name] = []
            info.reserveCapacity(names.count)
            for name in names {
                var mask: (UInt64, UInt64) = (0, 0)
                var ascii = true
                let start = Int32(bytes.count)
                for b in name.utf8 {
                    bytes.append(b)
                    if b >= 0x80 || b == ASCII.cr { ascii = false }
                    if b < 64 { mask.0 |= 1 << UInt64(b) } else if b < 128 { mask.1 |= 1 << UInt64(b - 64) }
                }
                info.append(Name(start: start, end: Int32(bytes.count), letters: mask, plain: ascii))
            }
            self.bytes = bytes
            self.info = info
            let many = names.count >= Candidates.seeded
            sorted = !many ? [] : bytes.withUnsafeBufferPointer { all in
                func name(_ k: Int32) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[Int(info[Int(k)].start)..<Int(info[Int(k)].end)]) }
                return (0..<Int32(names.count)).sorted { name($0).lexicographicallyPrecedes(name($1)) }
            }
            answers = many ? Answers() : nil
        }

        /// From how many names a question first looks at the typed name's neighbours in byte order,
        /// and its answers are kept.
        static let seeded = 64

        /// The answers given, by typed name: a site's broken links name the same missing page from
        /// many pages (and each is resolved more than once). Asked from any thread.
        private let answers: Answers?
        private final class Answers: @unchecked Sendable {
            var known: [String: String?] = [:]
            var lock = pthread_mutex_t()
            init() { pthread_mutex_init(&lock, nil) }
            func get(_ typed: String) -> String?? {
                pthread_mutex_lock(&lock)
                defer { pthread_mutex_unlock(&lock) }
                return known[typed]
            }
            func set(_ typed: String, _ answer: String?) {
                pthread_mutex_lock(&lock)
                defer { pthread_mutex_unlock(&lock) }
                known[typed] = .some(answer)
            }
        }

        /// The nearest name to `typed`: at most a third of its length in edits (at least one), the
        /// first among equally near ones; else the one name `typed` begins, if only one.
        public func nearest(_ typed: String) -> String? {
            guard !typed.isEmpty else { return nil }
            guard let answers else { return search(typed) }
            if let known = answers.get(typed) { return known }
            let answer = search(typed)
            answers.set(typed, answer)
            return answer
        }

        private func search(_ typed: String) -> String? {
            let typedBytes = Array(typed.utf8)
            var typedMask: (UInt64, UInt64) = (0, 0)
            var typedPlain = true
            for b in typedBytes {
                if b >= 0x80 || b == ASCII.cr { typedPlain = false }
                if b < 64 { typedMask.0 |= 1 << UInt64(b) } else if b < 128 { typedMask.1 |= 1 << UInt64(b - 64) }
            }
            let length = typedPlain ? typedBytes.count : typed.count
            let limit = max(1, length / 3)
            var best: (index: Int, distance: Int)? = nil
            bytes.withUnsafeBufferPointer { all in
                typedBytes.withUnsafeBufferPointer { t in
                    func name(_ k: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[Int(info[k].start)..<Int(info[k].end)]) }
                    // A bound first, from the names next to the typed one in byte order (the nearest
                    // is often among them): the scan below then needs only the names within it, and
                    // its narrow band. The scan still decides, in the names' order, which is first.
                    var bound = limit
                    if typedPlain && !sorted.isEmpty {
                        var lo = 0, hi = sorted.count
                        while lo < hi { let mid = (lo + hi) / 2; if name(Int(sorted[mid])).lexicographicallyPrecedes(t) { lo = mid + 1 } else { hi = mid } }
                        for k in max(0, lo - 8)..<min(sorted.count, lo + 8) {
                            let index = Int(sorted[k])
                            guard info[index].plain else { continue }
                            let d = Suggestion.byteDistance(t, name(index), limit: bound)
                            if d <= bound { bound = d }
                        }
                    }
                    for k in names.indices {
                        let count = Int(info[k].end - info[k].start)
                        // Names whose length alone puts them too far are skipped (a link target list can be long).
                        guard abs(count - typedBytes.count) <= limit * 4 else { continue }
                        // Within the bound until a name is found (the first found that near), then
                        // nearer than the best.
                        let within = min(bound, (best?.distance ?? .max) - 1)
                        guard within >= 0 else { break }
                        let d: Int
                        if typedPlain && info[k].plain {
                            // On bytes: each byte one of the other lacks needs an edit of its own.
                            let m = info[k].letters
                            let missing = max((typedMask.0 & ~m.0).nonzeroBitCount + (typedMask.1 & ~m.1).nonzeroBitCount,
                                              (m.0 & ~typedMask.0).nonzeroBitCount + (m.1 & ~typedMask.1).nonzeroBitCount)
                            guard abs(count - length) <= within, missing <= within else { continue }
                            d = Suggestion.byteDistance(t, name(k), limit: within)
                        } else {
                            guard abs(names[k].count - length) <= limit else { continue }
                            d = Suggestion.distance(typed, names[k], limit: within)
                        }
                        if d <= within { best = (k, d) }
                    }
                }
            }
            if let best { return names[best.index] }
            // The one name the typed word begins, if only one.
            var only: String? = nil
            for k in names.indices {
                let start = Int(info[k].start), count = Int(info[k].end) - start
                let begins: Bool
                if typedPlain && info[k].plain {
                    begins = count >= typedBytes.count && bytes[start..<(start + typedBytes.count)].elementsEqual(typedBytes)
                } else {
                    begins = names[k].hasPrefix(typed)
                }
                guard begins else { continue }
                if only != nil { return nil }
                only = names[k]
            }
            return only
        }
    }

    /// Levenshtein distance with adjacent transpositions (optimal string alignment), on characters;
    /// stops early (returning more than `limit`) once every alignment costs more than `limit`.
    static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            if current.min()! > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }

    /// `distance` on bytes (each byte a character), within `limit`: the exact distance when it is at
    /// most `limit`, else more. Only the cells within `limit` of the diagonal are computed (no
    /// alignment of cost `limit` or less leaves that band), in three rows on the stack.
    static func byteDistance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let m = x.count, n = y.count
        if m == 0 || n == 0 { return max(m, n) }
        guard abs(m - n) <= limit else { return limit + 1 }
        let far = Int32(limit + 1)
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * (n + 1)) { rows -> Int in
            var previous2 = rows.baseAddress!, previous = previous2 + (n + 1), current = previous + (n + 1)
            for j in 0...n { previous[j] = min(Int32(j), far); previous2[j] = far; current[j] = far }
            for i in 1...m {
                let lo = max(1, i - limit), hi = min(n, i + limit)
                current[lo - 1] = lo == 1 ? min(Int32(i), far) : far
                var rowMin = current[lo - 1]
                let a = x[i - 1]
                for j in lo...hi {
                    var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a == y[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a == y[j - 2], x[i - 2] == y[j - 1] { v = min(v, previous2[j - 2] + 1) }
                    v = min(v, far)
                    current[j] = v
                    rowMin = min(rowMin, v)
                }
                if hi < n { current[hi + 1] = far }
                if rowMin > Int32(limit) { return limit + 1 }
                (previous2, previous, current) = (previous, current, previous2)
            }
            return Int(previous[n])
        }
    }
}
