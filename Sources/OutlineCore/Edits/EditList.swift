/// One replacement of a byte range of the original input. The replacement may be a slice of another
/// buffer (unfold restores hidden text straight out of the original document, without copying it).
public struct Edit: Sendable, Equatable {
    public let range: Range<Int>
    public let replacement: ArraySlice<UInt8>
}

/// An edit as recorded: new bytes live in the list's arena (one buffer for all of them: `id` inserts a
/// line per heading, and a document may have a million), or in another buffer.
struct PendingEdit: Sendable {
    enum Bytes: Sendable {
        case arena(Range<Int>)
        case slice(ArraySlice<UInt8>)
    }
    let range: Range<Int>
    let bytes: Bytes
}

/// Every rewrite is a list of non-overlapping byte-range edits against the original buffer, applied in
/// one linear pass; bytes outside the edits are copied through untouched by construction.
public struct EditList: Sendable {
    private var pending: [PendingEdit] = []
    private var arena: [UInt8] = []

    public init() {}

    public var isEmpty: Bool { pending.isEmpty }

    public mutating func insert(_ bytes: [UInt8], at offset: Int) {
        replace(offset..<offset, with: bytes)
    }

    public mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        let start = arena.count
        arena.append(contentsOf: bytes)
        pending.append(PendingEdit(range: range, bytes: .arena(start..<arena.count)))
    }

    public mutating func replace(_ range: Range<Int>, with bytes: ArraySlice<UInt8>) {
        pending.append(PendingEdit(range: range, bytes: .slice(bytes)))
    }

    public mutating func delete(_ range: Range<Int>) {
        pending.append(PendingEdit(range: range, bytes: .arena(arena.count..<arena.count)))
    }

    /// Inserts `prefix + text + suffix + ending` at `offset`, straight into the arena.
    mutating func insert(at offset: Int, prefix: [UInt8], _ text: String, suffix: [UInt8], ending: ArraySlice<UInt8>, leading: [UInt8] = []) {
        let start = arena.count
        arena.append(contentsOf: leading)
        arena.append(contentsOf: prefix)
        arena.append(contentsOf: text.utf8)
        arena.append(contentsOf: suffix)
        arena.append(contentsOf: ending)
        pending.append(PendingEdit(range: offset..<offset, bytes: .arena(start..<arena.count)))
    }

    /// The edits, with their bytes.
    public var edits: [Edit] {
        pending.map { e in
            switch e.bytes {
            case .arena(let r): return Edit(range: e.range, replacement: arena[r])
            case .slice(let s): return Edit(range: e.range, replacement: s)
            }
        }
    }

    /// The edits sorted and checked against `original`. Insertions at one offset keep the order they
    /// were added in. Overlapping edits are a bug in the caller (a precondition), never a user's error.
    public func rewrite(_ original: [UInt8]) -> Rewrite {
        let sorted = sortedEdits()
        if let bad = EditList.firstOverlap(sorted, length: original.count) {
            preconditionFailure("overlapping or out-of-range edit at byte \(bad)")
        }
        return Rewrite(original: original, edits: sorted)
    }

    /// The edits in application order: by offset; at one offset pure insertions first, then in the order added.
    func sortedEdits() -> [Edit] {
        let edits = self.edits
        // Transforms add edits in document order almost always: then there is nothing to sort.
        let inOrder = zip(edits, edits.dropFirst()).allSatisfy { a, b in
            a.range.lowerBound < b.range.lowerBound || (a.range.lowerBound == b.range.lowerBound && a.range.isEmpty)
        }
        if inOrder { return edits }
        return edits.enumerated().sorted { a, b in
            let ka = a.element.range.lowerBound, kb = b.element.range.lowerBound
            if ka != kb { return ka < kb }
            let ea = a.element.range.isEmpty, eb = b.element.range.isEmpty
            if ea != eb { return ea }
            return a.offset < b.offset
        }.map { $0.element }
    }

    /// The offset of the first edit that overlaps the one before it or runs past `length`; nil when
    /// the sorted edits can be applied.
    static func firstOverlap(_ sorted: [Edit], length: Int) -> Int? {
        var position = 0
        for edit in sorted {
            guard edit.range.lowerBound >= position, edit.range.upperBound <= length else { return edit.range.lowerBound }
            position = edit.range.upperBound
        }
        return nil
    }

    /// The edited bytes.
    public func apply(to original: [UInt8]) -> [UInt8] { rewrite(original).output }
}

/// A checked rewrite of one input: its original bytes and sorted, non-overlapping edits. The result can
/// be built (`output`) or streamed (`write`) without ever holding a second copy of a large document.
public struct Rewrite: Sendable {
    public let original: [UInt8]
    let edits: [Edit]

    /// True when the result is the original, byte for byte.
    public var isIdentity: Bool {
        edits.allSatisfy { $0.replacement.elementsEqual(original[$0.range]) }
    }

    /// The edited bytes.
    public var output: [UInt8] {
        if edits.isEmpty { return original }
        var growth = 0
        for e in edits { growth += e.replacement.count - e.range.count }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, original.count + growth))
        _ = write { bytes.append(contentsOf: $0); return true }
        return bytes
    }

    /// Hands the result to `sink` piece by piece, in order; stops early (returning false) when `sink` does.
    public func write(_ sink: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        original.withUnsafeBufferPointer { input in
            var position = 0
            for edit in edits {
                guard sink(UnsafeBufferPointer(rebasing: input[position..<edit.range.lowerBound])) else { return false }
                let ok = edit.replacement.withUnsafeBufferPointer { sink($0) }
                guard ok else { return false }
                position = edit.range.upperBound
            }
            return sink(UnsafeBufferPointer(rebasing: input[position...]))
        }
    }
}
