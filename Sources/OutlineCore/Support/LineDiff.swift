/// The shortest edit script between two line sequences (Myers' O(ND) algorithm), for the diffs that
/// compare two versions of a text outline did not rewrite itself (`translation diff`: a source
/// section then and now). A rewrite's own `--diff` needs none: its edits are known.
public enum LineDiff {
    public enum Operation: Sendable, Equatable {
        /// The same line: index in `a`, index in `b`.
        case same(Int, Int)
        case deleted(Int)
        case inserted(Int)
    }

    /// The operations turning `a` into `b`, in order (deletions before insertions at one place).
    public static func operations<T: Equatable>(_ a: [T], _ b: [T]) -> [Operation] {
        let n = a.count, m = b.count
        let max = n + m
        guard max > 0 else { return [] }
        let offset = max + 1
        var v = [Int](repeating: 0, count: 2 * max + 3)
        var trace: [[Int]] = []
        var found = false
        for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; break }
            }
            if found { break }
        }
        // Walk back through the saved frontiers.
        var ops: [Operation] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY { x -= 1; y -= 1; ops.append(.same(x, y)) }
            if d > 0 {
                if x == previousX { y -= 1; ops.append(.inserted(y)) } else { x -= 1; ops.append(.deleted(x)) }
            }
        }
        return ops.reversed()
    }

    /// How many lines the script changes: deleted plus inserted.
    public static func changedLines(_ ops: [Operation]) -> Int {
        ops.lazy.filter { if case .same = $0 { return false } else { return true } }.count
    }

    /// A unified diff's hunks (`@@ -A,B +C,D @@` then ` `/`-`/`+` lines), `context` lines around each
    /// change; line numbers from `aLines`/`bLines` (the lines' numbers in their files, 1-based).
    public static func unified(_ a: [[UInt8]], _ b: [[UInt8]], aLines: [Int], bLines: [Int], context: Int = 3) -> [UInt8] {
        let ops = operations(a, b)
        var out: [UInt8] = []
        var k = 0
        while k < ops.count {
            guard let change = ops[k...].firstIndex(where: { if case .same = $0 { return false } else { return true } }) else { break }
            var start = Swift.max(k, change - context)
            // The hunk ends where `2 × context` unchanged lines follow a change.
            var end = change
            var quiet = 0
            var p = change
            while p < ops.count {
                if case .same = ops[p] { quiet += 1; if quiet > 2 * context { break } } else { quiet = 0; end = p }
                p += 1
            }
            let stop = Swift.min(ops.count, end + context + 1)
            if start < k { start = k }
            var aStart: Int? = nil, bStart: Int? = nil, aCount = 0, bCount = 0
            var body: [UInt8] = []
            for op in ops[start..<stop] {
                switch op {
                case .same(let i, let j):
                    aStart = aStart ?? aLines[i]; bStart = bStart ?? bLines[j]; aCount += 1; bCount += 1
                    body.append(ASCII.space); body += a[i]
                case .deleted(let i):
                    aStart = aStart ?? aLines[i]; aCount += 1
                    body.append(UInt8(ascii: "-")); body += a[i]
                case .inserted(let j):
                    bStart = bStart ?? bLines[j]; bCount += 1
                    body.append(UInt8(ascii: "+")); body += b[j]
                }
                body.append(ASCII.lf)
            }
            let aFrom = aStart ?? (aLines.first.map { $0 - 1 } ?? 0), bFrom = bStart ?? (bLines.first.map { $0 - 1 } ?? 0)
            out += Array("@@ -\(aFrom),\(aCount) +\(bFrom),\(bCount) @@\n".utf8) + body
            k = stop
        }
        return out
    }
}
