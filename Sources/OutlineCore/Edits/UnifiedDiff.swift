/// A rewrite as a unified diff (`--diff`), in the form `diff -u`, `patch -p1` and `git apply` read.
///
/// Lines here are what those tools call lines: bytes up to and including LF. A CR before the LF is part
/// of the line's content; a lone CR does not end a line. A last line without LF is followed by
/// `\ No newline at end of file`. The changed lines come from the rewrite's own edits (outline knows
/// what it changed), so no general diff algorithm runs: each group of edits on neighbouring lines is
/// one change, trimmed of the lines that come out the same at either end.
public enum UnifiedDiff {
    /// Lines of context around each change, as `diff -u` prints them.
    public static let context = 3

    /// The diff of `rewrite` labelled `a/PATH` and `b/PATH`; empty when the rewrite changes nothing.
    public static func render(_ rewrite: Rewrite, path: String) -> [UInt8] {
        let changes = self.changes(rewrite)
        if changes.isEmpty { return [] }
        let old = Lines(rewrite.original)
        let new = Lines(rewrite.output)
        var out: [UInt8] = []
        out.append(contentsOf: "--- \(label("a/", path))\n+++ \(label("b/", path))\n".utf8)
        // Group changes into hunks: two changes share a hunk when their contexts would touch.
        var index = 0
        while index < changes.count {
            var last = index
            while last + 1 < changes.count,
                  changes[last + 1].oldStart - (changes[last].oldStart + changes[last].oldCount) <= 2 * context {
                last += 1
            }
            let first = changes[index], end = changes[last]
            let oldFrom = max(0, first.oldStart - context)
            let oldTo = min(old.count, end.oldStart + end.oldCount + context)
            let newFrom = oldFrom + (first.newStart - first.oldStart)
            let newTo = oldTo + (end.newStart + end.newCount) - (end.oldStart + end.oldCount)
            out.append(contentsOf: "@@ -\(range(oldFrom, oldTo - oldFrom)) +\(range(newFrom, newTo - newFrom)) @@\n".utf8)
            var oldLine = oldFrom
            for change in changes[index...last] {
                while oldLine < change.oldStart { emit(&out, " ", old, oldLine); oldLine += 1 }
                for l in change.oldStart..<(change.oldStart + change.oldCount) { emit(&out, "-", old, l) }
                for l in change.newStart..<(change.newStart + change.newCount) { emit(&out, "+", new, l) }
                oldLine = change.oldStart + change.oldCount
            }
            while oldLine < oldTo { emit(&out, " ", old, oldLine); oldLine += 1 }
            index = last + 1
        }
        return out
    }

    /// One changed run of lines: `oldCount` lines at `oldStart` (0-based) became `newCount` lines at
    /// `newStart`.
    struct Change: Equatable {
        var oldStart: Int, oldCount: Int, newStart: Int, newCount: Int
    }

    /// The changed line runs of `rewrite`, in order.
    static func changes(_ rewrite: Rewrite) -> [Change] {
        let original = rewrite.original
        let old = Lines(original)
        let edits = rewrite.edits.filter { !$0.replacement.elementsEqual(original[$0.range]) }
        var result: [Change] = []
        var delta = 0 // new line numbers minus old ones, after the changes so far
        var i = 0
        while i < edits.count {
            // The old lines a group of edits touches: [first, end), extended while the next edit
            // starts on a line already touched, and while the region's new bytes would not end a line
            // (an edit removed a line ending: the next line joins this one).
            let first = old.line(containing: edits[i].range.lowerBound)
            var end = old.lineEnd(of: edits[i].range)
            var j = i + 1
            var bytes: [UInt8] = []
            while true {
                while j < edits.count, old.line(containing: edits[j].range.lowerBound) < end {
                    end = max(end, old.lineEnd(of: edits[j].range))
                    j += 1
                }
                // The region's new bytes: its old bytes with the group's edits applied.
                let from = old.start(of: first), to = old.start(of: end)
                bytes.removeAll(keepingCapacity: true)
                var position = from
                for edit in edits[i..<j] {
                    bytes.append(contentsOf: original[position..<edit.range.lowerBound])
                    bytes.append(contentsOf: edit.replacement)
                    position = edit.range.upperBound
                }
                bytes.append(contentsOf: original[position..<max(position, to)])
                guard let last = bytes.last, last != ASCII.lf, end < old.count else { break }
                end += 1
            }
            let newLines = Lines(bytes)
            // Trim lines that are the same at both ends of the region.
            var oldA = first, oldB = end, newA = 0, newB = newLines.count
            while oldA < oldB, newA < newB, old.text(oldA).elementsEqual(newLines.text(newA)) { oldA += 1; newA += 1 }
            while oldB > oldA, newB > newA, old.text(oldB - 1).elementsEqual(newLines.text(newB - 1)) { oldB -= 1; newB -= 1 }
            if oldA < oldB || newA < newB {
                result.append(Change(oldStart: oldA, oldCount: oldB - oldA, newStart: first + delta + newA, newCount: newB - newA))
            }
            delta += newLines.count - (end - first)
            i = j
        }
        return result
    }

    /// A file name in a header, as git writes it: C-quoted when it holds a control character, a quote
    /// or a backslash; followed by a tab when it holds a space (GNU patch reads a name up to a tab).
    static func label(_ prefix: String, _ path: String) -> String {
        let name = prefix + path
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x7F || PathBytes.rawByte($0) != nil }) {
            var quoted = "\""
            for scalar in name.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case "\t": quoted += "\\t"
                case "\r": quoted += "\\r"
                default:
                    if let byte = PathBytes.rawByte(scalar) {
                        quoted += "\\" + String(byte, radix: 8)   // a byte of a name that is not UTF-8
                    } else if scalar.value < 0x20 || scalar.value == 0x7F {
                        let octal = String(scalar.value, radix: 8)
                        quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                    } else {
                        quoted.unicodeScalars.append(scalar)
                    }
                }
            }
            return quoted + "\""
        }
        return name.contains(" ") ? name + "\t" : name
    }

    /// `start,count` of a hunk header, 1-based; an empty range names the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    private static func emit(_ out: inout [UInt8], _ mark: Character, _ lines: Lines, _ index: Int) {
        out.append(mark.asciiValue!)
        let text = lines.text(index)
        out.append(contentsOf: text)
        if text.last != ASCII.lf { out.append(contentsOf: "\n\\ No newline at end of file\n".utf8) }
    }

    /// Bytes split after each LF.
    struct Lines {
        let bytes: [UInt8]
        /// Where each line starts; one more entry for the end.
        let starts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == ASCII.lf { starts.append(i + 1) }
            if starts.last != bytes.count { starts.append(bytes.count) }
            self.starts = starts
        }

        var count: Int { starts.count - 1 }
        func start(of line: Int) -> Int { starts[min(line, count)] }
        func text(_ line: Int) -> ArraySlice<UInt8> { bytes[starts[line]..<starts[line + 1]] }

        /// The line holding byte `offset`; `count` for the end of bytes that end with LF (or are empty).
        /// The end of a last line without LF is still in that line.
        func line(containing offset: Int) -> Int {
            if offset >= bytes.count { return bytes.last == ASCII.lf || bytes.isEmpty ? count : count - 1 }
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid + 1] <= offset { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// One past the last line an edit of `range` touches: an insertion touches the line it stands in.
        func lineEnd(of range: Range<Int>) -> Int {
            let last = range.isEmpty ? range.lowerBound : range.upperBound - 1
            return min(count, max(line(containing: last), line(containing: range.lowerBound)) + 1)
        }
    }
}
