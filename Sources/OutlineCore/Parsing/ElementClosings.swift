/// Where each md_in_html element closes, found for every line at once: the element opened on a
/// line closes on the first later line where its tag's openings (`<div`) less its closings
/// (`</div`), counted from the line after it, fall below zero. Each tag's balance is kept only on
/// the lines that change it, and the first later line below each one's is found from the end with
/// a stack (the next smaller value), so that no element's search runs to the end of the document.
struct ElementClosings {
    /// Per tag name as written: the lines that change its balance, the balance after each, and the
    /// index of the next such line with a smaller balance (-1 for none).
    private var events: [[UInt8]: (lines: [Int32], balance: [Int32], nextSmaller: [Int32], firstNegative: Int32)] = [:]

    init(_ document: Source) {
        var lines: [[UInt8]: [Int32]] = [:], balance: [[UInt8]: [Int32]] = [:]
        for line in 0..<document.lineCount {
            let t = document.content(line)
            guard t.contains(UInt8(ascii: "<")) else { continue }
            var delta: [[UInt8]: Int32] = [:]
            var p = t.startIndex
            while p < t.endIndex {
                guard t[p] == UInt8(ascii: "<") else { p += 1; continue }
                var q = p + 1
                let closing = q < t.endIndex && t[q] == UInt8(ascii: "/")
                if closing { q += 1 }
                let start = q
                while q < t.endIndex, ASCII.isWordByte(t[q]) || t[q] == UInt8(ascii: "-") { q += 1 }
                if q > start { delta[Array(t[start..<q]), default: 0] += closing ? -1 : 1 }
                p = max(q, p + 1)
            }
            for (name, d) in delta where d != 0 {
                let last = balance[name]?.last ?? 0
                lines[name, default: []].append(Int32(line))
                balance[name, default: []].append(last + d)
            }
        }
        for (name, ls) in lines {
            let b = balance[name]!
            var next = [Int32](repeating: -1, count: b.count)
            var ahead: [Int32] = []
            var k = b.count - 1
            while k >= 0 {
                while let top = ahead.last, b[Int(top)] >= b[k] { ahead.removeLast() }
                if let top = ahead.last { next[k] = top }
                ahead.append(Int32(k))
                k -= 1
            }
            events[name] = (ls, b, next, Int32(b.firstIndex(where: { $0 < 0 }) ?? -1))
        }
    }

    /// The line that closes an element of `tag` opened on `line`; nil when none does.
    func closing(of line: Int, tag: [UInt8]) -> Int? {
        guard let e = events[tag] else { return nil }
        // The last line at or before `line` that changed the balance.
        var lo = 0, hi = e.lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(e.lines[mid]) <= line { lo = mid + 1 } else { hi = mid }
        }
        // Before any such line the balance is 0: the first line below zero closes it.
        let next = lo == 0 ? Int(e.firstNegative) : Int(e.nextSmaller[lo - 1])
        return next >= 0 ? Int(e.lines[next]) : nil
    }
}
