/// One difference between two structures.
public struct StructureChange: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case removed, added, renamed, moved, level, folded, unfolded
    }
    public let kind: Kind
    public let id: String
    public let from: String?
    public let to: String?
}

public enum StructureDiff {
    /// Differences from `a` to `b` by section ID: removed and added sections, renames, moves (another
    /// parent, or out of order among the siblings both sides share; new siblings alone do not make a
    /// move), level changes, and fold-state changes when both sides carry fold state.
    public static func compare(_ a: Structure, _ b: Structure) -> [StructureChange] {
        var changes: [StructureChange] = []
        switch (a.nodes, b.nodes) {
        case let (nodesA?, nodesB?):
            changes += compareNodes(nodesA, nodesB)
        case let (nil, nodesB?):
            let present = Set(nodesB.map(\.id))
            for id in a.folded ?? [] where !present.contains(id) {
                changes.append(StructureChange(kind: .removed, id: id, from: nil, to: nil))
            }
        case let (nodesA?, nil):
            let present = Set(nodesA.map(\.id))
            for id in b.folded ?? [] where !present.contains(id) {
                changes.append(StructureChange(kind: .added, id: id, from: nil, to: nil))
            }
        case (nil, nil):
            break
        }
        if let foldedA = a.folded, let foldedB = b.folded {
            let setA = Set(foldedA), setB = Set(foldedB)
            let idsA = a.nodes?.map(\.id) ?? foldedA, idsB = b.nodes?.map(\.id) ?? foldedB
            let inA = Set(idsA), inB = Set(idsB)
            // Sections present on both sides, in B's order (each once).
            var done = Set<String>()
            for id in idsB where inA.contains(id) && inB.contains(id) && done.insert(id).inserted {
                if setB.contains(id) && !setA.contains(id) { changes.append(StructureChange(kind: .folded, id: id, from: nil, to: nil)) }
                if setA.contains(id) && !setB.contains(id) { changes.append(StructureChange(kind: .unfolded, id: id, from: nil, to: nil)) }
            }
        }
        return changes
    }

    private static func compareNodes(_ a: [Structure.Node], _ b: [Structure.Node]) -> [StructureChange] {
        var changes: [StructureChange] = []
        var nodeA: [String: Structure.Node] = [:]
        for n in a where nodeA[n.id] == nil { nodeA[n.id] = n }
        var nodeB: [String: Structure.Node] = [:]
        for n in b where nodeB[n.id] == nil { nodeB[n.id] = n }
        for n in a where nodeB[n.id] == nil {
            changes.append(StructureChange(kind: .removed, id: n.id, from: n.title, to: nil))
        }
        // Siblings shared by both sides under the same parent, in each side's order.
        var orderA: [String: [String]] = [:], orderB: [String: [String]] = [:]
        for n in a { if let m = nodeB[n.id], m.parent == n.parent { orderA[n.parent ?? "", default: []].append(n.id) } }
        for n in b { if let m = nodeA[n.id], m.parent == n.parent { orderB[n.parent ?? "", default: []].append(n.id) } }
        // Among reordered siblings, a longest common subsequence of the old order stays put: the
        // fewest sections that explain the new order are the moved ones.
        var outOfOrder = Set<String>()
        for (parent, idsA) in orderA {
            let position = Dictionary((orderB[parent] ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let sequence = idsA.compactMap { position[$0] }
            let keep = longestIncreasingSubsequence(sequence)
            for (k, id) in idsA.enumerated() where !keep.contains(k) { outOfOrder.insert(id) }
        }
        var childrenB: [String: [String]] = [:]
        for n in b { childrenB[n.parent ?? "", default: []].append(n.id) }
        for n in b {
            guard let old = nodeA[n.id] else {
                changes.append(StructureChange(kind: .added, id: n.id, from: nil, to: n.title))
                continue
            }
            if let t1 = old.title, let t2 = n.title, t1 != t2, linkText(t1) != linkText(t2) {
                changes.append(StructureChange(kind: .renamed, id: n.id, from: t1, to: t2))
            }
            if old.parent != n.parent {
                changes.append(StructureChange(kind: .moved, id: n.id, from: place(old.parent), to: place(n.parent)))
            } else if outOfOrder.contains(n.id) {
                // Where it now stands: after its preceding sibling on B's side, or first.
                let siblings = childrenB[n.parent ?? ""] ?? []
                let k = siblings.firstIndex(of: n.id) ?? 0
                let position = k == 0 ? "now first" : "now after \(siblings[k - 1])"
                changes.append(StructureChange(kind: .moved, id: n.id, from: place(old.parent), to: position + " " + place(n.parent)))
            }
            if old.level != n.level {
                changes.append(StructureChange(kind: .level, id: n.id, from: String(old.level), to: String(n.level)))
            }
        }
        return changes
    }

    /// A title with reference-link syntax reduced to its text: `[Install][r]`, `[Install][]`,
    /// `[Install]` and `![Install][r]` all read `Install`. A folded view may hide the definition a
    /// visible heading's link uses; cmark then shows the brackets, the original the link text, and
    /// the two must not look like a rename (format.md §4: titles as the original renders them).
    static func linkText(_ title: String) -> String {
        var out: [UInt8] = []
        let b = Array(title.utf8)
        var i = 0
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "]"):
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "[") {      // skip the label of `][label]`
                    while i < b.count, b[i] != UInt8(ascii: "]") { i += 1 }
                    i += 1
                }
            case UInt8(ascii: "!") where i + 1 < b.count && b[i + 1] == UInt8(ascii: "["):
                i += 2
            case UInt8(ascii: "["):
                i += 1
            default:
                out.append(b[i]); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func place(_ parent: String?) -> String { parent.map { "under \($0)" } ?? "top level" }

    /// Indices (into `values`) of one longest strictly increasing subsequence; O(n log n).
    static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []          // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var result = Set<Int>()
        var k = tails.last ?? -1
        while k >= 0 { result.insert(k); k = previous[k] }
        return result
    }
}
