/// One replacement of a byte range of the original input.
public struct Edit: Sendable, Equatable {
    public let range: Range<Int>
    public let replacement: [UInt8]
}

/// Every rewrite is a list of non-overlapping byte-range edits against the original buffer, applied in
/// one linear pass; bytes outside the edits are copied through untouched by construction.
public struct EditList: Sendable {
    public private(set) var edits: [Edit] = []

    public init() {}

    public var isEmpty: Bool { edits.isEmpty }

    public mutating func insert(_ bytes: [UInt8], at offset: Int) {
        edits.append(Edit(range: offset..<offset, replacement: bytes))
    }

    public mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        edits.append(Edit(range: range, replacement: bytes))
    }

    public mutating func delete(_ range: Range<Int>) {
        edits.append(Edit(range: range, replacement: []))
    }

    /// Applies the edits to `original`. Insertions at the same offset keep the order they were added in.
    /// Overlapping edits are a bug in the caller and are refused rather than guessed at.
    public func apply(to original: [UInt8]) throws -> [UInt8] {
        if edits.isEmpty { return original }
        let sorted = edits.enumerated().sorted { a, b in
            let ka = a.element.range.lowerBound, kb = b.element.range.lowerBound
            if ka != kb { return ka < kb }
            // At one offset: pure insertions first, then in the order added.
            let ea = a.element.range.isEmpty, eb = b.element.range.isEmpty
            if ea != eb { return ea }
            return a.offset < b.offset
        }.map { $0.element }
        var growth = 0
        for e in sorted { growth += e.replacement.count - e.range.count }
        var output: [UInt8] = []
        output.reserveCapacity(max(0, original.count + growth))
        var position = 0
        try original.withUnsafeBufferPointer { input in
            for edit in sorted {
                guard edit.range.lowerBound >= position, edit.range.upperBound <= input.count else {
                    throw OutlineError.invalid("internal error: overlapping edits at byte \(edit.range.lowerBound)")
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<edit.range.lowerBound]))
                output.append(contentsOf: edit.replacement)
                position = edit.range.upperBound
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[position...]))
        }
        return output
    }
}
