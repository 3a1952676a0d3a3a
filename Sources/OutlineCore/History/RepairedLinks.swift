/// The links a change repaired (`diff --since REV --format markdown`, format.md §8): in each file
/// that existed then and now, a link whose destination the change rewrote so that it still reaches
/// what it reached at the revision: the same anchored section (through a heading's new slug, or its
/// new file), or, without a fragment, the same file under its new path. What `links -w --since`
/// writes is exactly such a rewrite; a reviewer sees how many there were and which.
extension Review {
    public struct RepairedLink: Sendable, Equatable {
        /// The file and 1-based line of the link now.
        public let path: String
        public let line: Int
        public let from: String
        public let to: String
    }

    static func repairedLinks(_ pairs: [TreeHistory.FilePair]) -> [RepairedLink] {
        var oldDocuments: [String: LinkedDocument] = [:], newDocuments: [String: LinkedDocument] = [:]
        var renamedTo: [String: String] = [:]
        for pair in pairs {
            if let path = pair.oldPath, let old = pair.old { oldDocuments[path] = old }
            if let path = pair.newPath, let new = pair.new { newDocuments[path] = new }
            if let then = pair.oldPath, let now = pair.newPath { renamedTo[then] = now }
        }
        var repaired: [RepairedLink] = []
        for pair in pairs {
            guard let oldPath = pair.oldPath, let old = pair.old, let newPath = pair.newPath, let new = pair.new else { continue }
            let before = LinkCheck.localLinks(of: old.outline), after = LinkCheck.localLinks(of: new.outline)
            guard before.map(\.link.destination) != after.map(\.link.destination) else { continue }
            for (o, n) in changedPairs(before.map(\.link.destination), after.map(\.link.destination)) {
                let was = before[o].link, now = after[n].link
                let thenFile = was.path.isEmpty ? oldPath : LocalLink.resolve(was.path, from: oldPath, root: ".")
                let nowFile = now.path.isEmpty ? newPath : LocalLink.resolve(now.path, from: newPath, root: ".")
                let same: Bool
                if let f = was.fragment, let g = now.fragment {
                    let section = oldDocuments[thenFile]?.sectionByTarget[f]
                    same = section != nil && newDocuments[nowFile]?.sectionByTarget[g] == section
                } else {
                    same = was.fragment == nil && now.fragment == nil && renamedTo[thenFile] == nowFile && thenFile != nowFile
                }
                if same { repaired.append(RepairedLink(path: newPath, line: after[n].line, from: was.destination, to: now.destination)) }
            }
        }
        return repaired
    }

    /// The links of two versions that changed, paired: what a longest common subsequence of the
    /// destinations leaves between two kept links, paired in order where both sides left as many.
    static func changedPairs(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        // Lengths of the longest common subsequences of the suffixes (links per file are few).
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0, gapA: [Int] = [], gapB: [Int] = []
        func close() {
            if gapA.count == gapB.count { pairs += zip(gapA, gapB).map { ($0, $1) } }
            gapA = []; gapB = []
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] { close(); i += 1; j += 1 }
            else if j >= b.count || (i < a.count && table[i + 1][j] >= table[i][j + 1]) { gapA.append(i); i += 1 }
            else { gapB.append(j); j += 1 }
        }
        close()
        return pairs
    }
}
