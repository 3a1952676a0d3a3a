/// `check --since REV --prune-allow-removed` (format.md §10): the `allow-removed` entries of a
/// `.outline.toml` that accepted no removal between REV and HEAD, listed, and with `-w` taken out of
/// the file as byte-range edits that keep every other byte (comments, order, spacing, the other
/// entries), the result read back and refused unless its `allow-removed` is the old list less those.
public enum AllowRemovedEdit {
    /// One string of the `allow-removed` array: its value, its 1-based line, and the bytes that go
    /// with it when it is taken out (its separator, or its whole line when it stands alone there).
    struct Element {
        let value: String
        let line: Int
        let literal: Range<Int>
        var removal: Range<Int>
    }

    /// The elements of the file's top-level `allow-removed` array (nil when it has none, or holds it
    /// as a single string, which is rewritten whole).
    static func elements(_ bytes: [UInt8]) -> (elements: [Element], whole: Range<Int>)? {
        var p = 0, line = 1
        let n = bytes.count
        func at(_ q: Int) -> UInt8 { q < n ? bytes[q] : 0 }
        // The key at the start of a line, before any `[table]`.
        while p < n {
            var q = p
            while at(q) == ASCII.space || at(q) == ASCII.tab { q += 1 }
            if at(q) == UInt8(ascii: "[") { return nil }
            if bytes[q...].starts(with: Array("allow-removed".utf8)) {
                var r = q + "allow-removed".utf8.count
                while at(r) == ASCII.space || at(r) == ASCII.tab { r += 1 }
                if at(r) == UInt8(ascii: "=") { p = r + 1; break }
            }
            while q < n, bytes[q] != ASCII.lf { q += 1 }
            p = q + 1
            line += 1
        }
        guard p < n else { return nil }
        while at(p) == ASCII.space || at(p) == ASCII.tab { p += 1 }
        guard at(p) == UInt8(ascii: "[") else { return nil }
        let open = p
        p += 1
        var found: [Element] = []
        var lineStart = bytes[..<open].lastIndex(of: ASCII.lf).map { $0 + 1 } ?? 0
        while p < n {
            let c = bytes[p]
            if c == ASCII.lf { line += 1; p += 1; lineStart = p; continue }
            if c == UInt8(ascii: "#") { while p < n, bytes[p] != ASCII.lf { p += 1 }; continue }
            if c == UInt8(ascii: "]") { return (found, open..<(p + 1)) }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                var q = p + 1
                while q < n, bytes[q] != c, bytes[q] != ASCII.lf { q += (c == UInt8(ascii: "\"") && bytes[q] == UInt8(ascii: "\\")) ? 2 : 1 }
                guard q < n, bytes[q] == c else { return nil }
                let literal = p..<(q + 1)
                guard let value = try? ConfigEntries.read(Array("v = ".utf8) + bytes[literal], path: "").0.first?.value, case .string(let s) = value else { return nil }
                // What goes with it: the comma and blanks after it, a comment to the line's end, and
                // the whole line when nothing but blanks stands before it.
                var end = q + 1
                while at(end) == ASCII.space || at(end) == ASCII.tab { end += 1 }
                if at(end) == UInt8(ascii: ",") { end += 1 }
                while at(end) == ASCII.space || at(end) == ASCII.tab { end += 1 }
                var start = p
                if bytes[lineStart..<p].allSatisfy({ $0 == ASCII.space || $0 == ASCII.tab }) {
                    if at(end) == UInt8(ascii: "#") { while end < n, bytes[end] != ASCII.lf { end += 1 } }
                    if at(end) == ASCII.lf || at(end) == ASCII.cr { start = lineStart; end += at(end) == ASCII.cr ? 2 : 1 }
                }
                found.append(Element(value: s, line: line, literal: literal, removal: start..<end))
                p = q + 1
                continue
            }
            p += 1
        }
        return nil
    }

    /// The lines of the entries among `values` (the file's `allow-removed` as read), in file order;
    /// an entry not found as an array element at its key's line.
    public static func lines(of values: [String], in bytes: [UInt8]) -> [(value: String, line: Int)] {
        guard let (elements, _) = elements(bytes) else { return [] }
        return elements.filter { values.contains($0.value) }.map { ($0.value, $0.line) }
    }

    /// The file without the `allow-removed` entries `values`; throws a refusal (format.md §9) when
    /// the result does not read back as the same configuration less those entries.
    public static func removing(_ values: [String], from bytes: [UInt8], path: String) throws -> [UInt8] {
        let old = try Config.parse(bytes, path: path)
        let expected = old.allowRemoved.filter { !values.contains($0) }
        var edits: [(Range<Int>, [UInt8])] = []
        if let (elements, whole) = elements(bytes) {
            let removed = elements.filter { values.contains($0.value) }
            if removed.count == elements.count {
                edits = [(whole, Array("[]".utf8))]
            } else {
                // Removed elements after the last one kept, on its line, go with the separator
                // before them (`["a", "b"]` less "b" is `["a"]`, not `["a", ]`); on lines of their
                // own, their lines go and the kept element's comma stays (TOML allows it).
                edits = removed.map { ($0.removal, []) }
                if let last = elements.lastIndex(where: { !values.contains($0.value) }), last + 1 < elements.count,
                   elements[(last + 1)...].allSatisfy({ $0.line == elements[last].line }) {
                    let tail = elements[last].literal.upperBound..<elements[elements.count - 1].removal.upperBound
                    var end = tail.upperBound
                    while end > tail.lowerBound, bytes[end - 1] == ASCII.space || bytes[end - 1] == ASCII.tab { end -= 1 }
                    edits = removed.filter { $0.line != elements[last].line || $0.literal.lowerBound < tail.lowerBound }.map { ($0.removal, []) }
                        + [(tail.lowerBound..<end, [])]
                }
            }
        } else if old.allowRemoved.count == 1, values.contains(old.allowRemoved[0]) {
            throw Diagnostic(.error, .refused, path: path, "refusing to write: 'allow-removed' is not an array outline can edit; remove it by hand")
        }
        var out: [UInt8] = []
        var at = 0
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) where range.lowerBound >= at {
            out += bytes[at..<range.lowerBound] + replacement
            at = range.upperBound
        }
        out += bytes[at...]
        let now = try? Config.parse(out, path: path)
        guard let now, now.allowRemoved == expected else {
            throw Diagnostic(.error, .refused, path: path, "refusing to write: the file would not read back with allow-removed = \(expected)")
        }
        return out
    }
}
