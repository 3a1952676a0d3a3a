/// One replacement of a byte range of the original input. The replacement may be a slice of another
/// buffer (unfold restores hidden text straight out of the original document, without copying it).
public struct Edit: Sendable, Equatable {
    public let range: Range<Int>
    public let replacement: ArraySlice<UInt8>
}

/// An edit as recorded (32 bytes: `id` records one per heading, and a document may have a million): the
/// range it replaces, and where its new bytes are. `bytes` is a range of the list's arena; a negative
/// lower bound `~k` names the list's `k`th slice of another buffer instead.
struct PendingEdit: Sendable {
    let range: Range<Int>
    let bytes: Range<Int>
}

/// Every rewrite is a list of non-overlapping byte-range edits against the original buffer, applied in
/// one linear pass; bytes outside the edits are copied through untouched by construction.
public struct EditList: Sendable {
    private var pending: [PendingEdit] = []
    /// New bytes, all in one buffer.
    private var arena: [UInt8] = []
    /// Replacements that are slices of other buffers (unfold restores hidden text straight out of the
    /// original document, without copying it).
    private var slices: [ArraySlice<UInt8>] = []

    public init() {}

    public var isEmpty: Bool { pending.isEmpty }

    /// Room for `edits` more edits with `bytes` more new bytes: a transform that knows how much it will
    /// add (`id` adds a line per heading) asks once, instead of the buffers growing by doubling.
    mutating func reserve(edits: Int, bytes: Int) {
        pending.reserveCapacity(pending.count + edits)
        arena.reserveCapacity(arena.count + bytes)
    }

    public mutating func insert(_ bytes: [UInt8], at offset: Int) {
        replace(offset..<offset, with: bytes)
    }

    public mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        let start = arena.count
        arena.append(contentsOf: bytes)
        pending.append(PendingEdit(range: range, bytes: start..<arena.count))
    }

    public mutating func replace(_ range: Range<Int>, with bytes: ArraySlice<UInt8>) {
        pending.append(PendingEdit(range: range, bytes: ~slices.count..<0))
        slices.append(bytes)
    }

    public mutating func delete(_ range: Range<Int>) {
        pending.append(PendingEdit(range: range, bytes: arena.count..<arena.count))
    }

    /// Inserts `prefix + text + suffix + ending` at `offset`, straight into the arena.
    mutating func insert(at offset: Int, prefix: [UInt8], _ text: String, suffix: [UInt8], ending: ArraySlice<UInt8>, leading: [UInt8] = []) {
        let start = arena.count
        arena.append(contentsOf: leading)
        arena.append(contentsOf: prefix)
        arena.append(contentsOf: text.utf8)
        arena.append(contentsOf: suffix)
        arena.append(contentsOf: ending)
        pending.append(PendingEdit(range: offset..<offset, bytes: start..<arena.count))
    }

    /// Every edit of `other`, added to this list.
    public mutating func append(_ other: EditList) {
        for e in other.edits { replace(e.range, with: Array(e.replacement)) }
    }

    /// The edits, with their bytes.
    public var edits: [Edit] { pending.map(edit) }

    private func edit(_ e: PendingEdit) -> Edit { Edit(range: e.range, replacement: EditList.bytes(of: e, arena: arena, slices: slices)) }

    static func bytes(of edit: PendingEdit, arena: [UInt8], slices: [ArraySlice<UInt8>]) -> ArraySlice<UInt8> {
        edit.bytes.lowerBound < 0 ? slices[~edit.bytes.lowerBound] : arena[edit.bytes]
    }

    /// The edits sorted and checked against `original`. Insertions at one offset keep the order they
    /// were added in. Overlapping edits are a bug in the caller (a precondition), never a user's error.
    public func rewrite(_ original: [UInt8]) -> Rewrite {
        let sorted = sortedEdits()
        if let bad = EditList.firstOverlap(sorted, length: original.count) {
            preconditionFailure("overlapping or out-of-range edit at byte \(bad)")
        }
        return Rewrite(original: original, pending: sorted, arena: arena, slices: slices)
    }

    /// The edits in application order: by offset; at one offset pure insertions first, then in the order added.
    func sortedEdits() -> [PendingEdit] {
        // Transforms add edits in document order almost always: then there is nothing to sort.
        let inOrder = zip(pending, pending.dropFirst()).allSatisfy { a, b in
            a.range.lowerBound < b.range.lowerBound || (a.range.lowerBound == b.range.lowerBound && a.range.isEmpty)
        }
        if inOrder { return pending }
        return pending.enumerated().sorted { a, b in
            let ka = a.element.range.lowerBound, kb = b.element.range.lowerBound
            if ka != kb { return ka < kb }
            let ea = a.element.range.isEmpty, eb = b.element.range.isEmpty
            if ea != eb { return ea }
            return a.offset < b.offset
        }.map { $0.element }
    }

    /// The offset of the first edit that overlaps the one before it or runs past `length`; nil when
    /// the sorted edits can be applied.
    static func firstOverlap(_ sorted: [PendingEdit], length: Int) -> Int? {
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
    /// The edits in application order, their new bytes in `arena` or `slices` (see `PendingEdit`).
    private let pending: [PendingEdit]
    private let arena: [UInt8]
    private let slices: [ArraySlice<UInt8>]

    init(original: [UInt8], pending: [PendingEdit], arena: [UInt8], slices: [ArraySlice<UInt8>]) {
        self.original = original
        self.pending = pending
        self.arena = arena
        self.slices = slices
    }

    /// The edits, sorted, with their bytes.
    var edits: [Edit] {
        pending.map { Edit(range: $0.range, replacement: EditList.bytes(of: $0, arena: arena, slices: slices)) }
    }

    /// True when the result is the original, byte for byte.
    public var isIdentity: Bool {
        pending.allSatisfy { EditList.bytes(of: $0, arena: arena, slices: slices).elementsEqual(original[$0.range]) }
    }

    /// The edited bytes.
    public var output: [UInt8] {
        if pending.isEmpty { return original }
        var growth = 0
        for e in pending { growth += EditList.bytes(of: e, arena: arena, slices: slices).count - e.range.count }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, original.count + growth))
        _ = write { bytes.append(contentsOf: $0); return true }
        return bytes
    }

    /// Hands the result to `sink` piece by piece, in order; stops early (returning false) when `sink` does.
    public func write(_ sink: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        original.withUnsafeBufferPointer { input in
            arena.withUnsafeBufferPointer { added in
                var position = 0
                for edit in pending {
                    guard sink(UnsafeBufferPointer(rebasing: input[position..<edit.range.lowerBound])) else { return false }
                    let ok = edit.bytes.lowerBound < 0
                        ? slices[~edit.bytes.lowerBound].withUnsafeBufferPointer { sink($0) }
                        : sink(UnsafeBufferPointer(rebasing: added[edit.bytes]))
                    guard ok else { return false }
                    position = edit.range.upperBound
                }
                return sink(UnsafeBufferPointer(rebasing: input[position...]))
            }
        }
    }
}
