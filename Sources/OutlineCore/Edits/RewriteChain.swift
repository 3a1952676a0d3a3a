/// Rewrites of one input made in steps (a section operation pins an anchor, then moves the section,
/// then repairs the links it broke; each step verified on its own input, format.md §9), told as one
/// rewrite of the original: what `--diff` shows and `-w` writes. Pure byte arithmetic: the bytes of
/// the original that survive every step are kept as they are, everything between them is one edit.
extension Rewrite {
    /// The rewrite of `original` whose output is `next`'s output, where `next` rewrites this
    /// rewrite's output. Throws a refusal when the chain does not give `next`'s bytes (a bug here
    /// must not reach a file).
    public func followed(by next: Rewrite) throws -> Rewrite {
        let middle = output
        guard next.original == middle else {
            throw Diagnostic.error(.refused, "refusing to write: the steps of the rewrite do not follow one another")
        }
        // The output of this rewrite as pieces: a run copied from the original (at `from`), or new bytes.
        struct Piece { var start: Int; var end: Int; var from: Int? }
        var pieces: [Piece] = []
        var at = 0, position = 0
        for edit in edits {
            if edit.range.lowerBound > position {
                let count = edit.range.lowerBound - position
                pieces.append(Piece(start: at, end: at + count, from: position))
                at += count
            }
            if !edit.replacement.isEmpty { pieces.append(Piece(start: at, end: at + edit.replacement.count, from: nil)) }
            at += edit.replacement.count
            position = edit.range.upperBound
        }
        if position < original.count { pieces.append(Piece(start: at, end: at + original.count - position, from: position)) }
        // The middle's bytes no edit of `next` replaces, in runs split where it inserts, each with
        // how far `next` shifts it.
        var untouched: [(range: Range<Int>, shift: Int)] = []
        var cursor = 0, shift = 0
        for edit in next.edits {
            if edit.range.lowerBound > cursor { untouched.append((cursor..<edit.range.lowerBound, shift)) }
            shift += edit.replacement.count - edit.range.count
            cursor = edit.range.upperBound
        }
        if cursor < middle.count { untouched.append((cursor..<middle.count, shift)) }
        // The original's bytes that survive both steps: copied runs of the middle that are untouched,
        // with their places in the original and in the final output.
        var kept: [(original: Range<Int>, final: Int)] = []
        var p = 0, u = 0
        while p < pieces.count && u < untouched.count {
            let piece = pieces[p], run = untouched[u]
            let lo = max(piece.start, run.range.lowerBound), hi = min(piece.end, run.range.upperBound)
            if lo < hi, let from = piece.from {
                kept.append((from + lo - piece.start..<from + hi - piece.start, lo + run.shift))
            }
            if piece.end <= run.range.upperBound { p += 1 } else { u += 1 }
        }
        let final = next.output
        var list = EditList()
        var originalAt = 0, finalAt = 0
        for (range, place) in kept {
            if range.lowerBound > originalAt || place > finalAt {
                list.replace(originalAt..<range.lowerBound, with: Array(final[finalAt..<place]))
            }
            originalAt = range.upperBound
            finalAt = place + range.count
        }
        if originalAt < original.count || finalAt < final.count {
            list.replace(originalAt..<original.count, with: Array(final[finalAt...]))
        }
        let chained = list.rewrite(original)
        guard chained.output == final else {
            throw Diagnostic.error(.refused, "refusing to write: the steps of the rewrite could not be joined")
        }
        return chained
    }
}
