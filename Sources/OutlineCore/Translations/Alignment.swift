/// Aligning a translation's sections to its source's (format.md §17, `translation adopt`): what two
/// languages share is structure (heading levels, order) and language-neutral content: code spans and
/// the lines of fenced code, link and image destinations (a language's own path segment left out),
/// URLs, numbers of two or more digits, `{#id}`s and shortcode arguments. Precision comes first: a
/// wrong ID silently ties a section to another's source, while an unaligned one is reported and can be
/// pinned by hand.
public enum SectionAlignment {
    /// One section as alignment sees it.
    public struct Item: Sendable, Equatable {
        public var level: Int
        /// The ID the section's own anchor gives it (nil: unanchored): an anchored translated section
        /// keeps its ID, and pairs only with the source section of that ID.
        public var id: String?
        public var tokens: Set<String>
        /// A translation's section: the explicit id its heading carries (`## トレーサー {#tracer}`).
        /// A source's section: every name a translator may copy into one, its ID, its explicit id
        /// and its heading's slug under the site's profile.
        public var names: Set<String> = []
        /// How many subsections and how many blocks of its own (runs of non-blank lines, a fenced code
        /// block one): the shape a translation keeps, which a pair placed by position alone must share.
        public var children: Int
        public var blocks: Int
        public init(level: Int, id: String?, tokens: Set<String>, children: Int = 0, blocks: Int = 0) {
            self.level = level
            self.id = id
            self.tokens = tokens
            self.children = children
            self.blocks = blocks
        }
    }

    public struct Pair: Sendable, Equatable {
        public var source: Int
        public var target: Int
        /// Why it was accepted: an ID both carry, shared tokens, or its place between aligned neighbours.
        public enum Evidence: Sendable, Equatable { case id, tokens, position }
        public var evidence: Evidence
    }

    /// Each section of `outline` with its level, own ID and neutral tokens; `language`: the path
    /// segment of the translation's language, left out of link destinations (`/ja/docs/x/`).
    /// `slugs`: for a source, its headings' slugs (`Outline.headingSlugs`), which are names too.
    public static func items(_ outline: Outline, language: String? = nil, slugs: [String?]? = nil) -> [Item] {
        let content = SectionContent(outline)
        return outline.sections.indices.map { k in
            let section = outline.sections[k]
            var tokens = Set<String>()
            NeutralTokens.collect(content.headingText(k)[...], into: &tokens, language: language)
            if let id = section.explicitID { tokens.insert("i:" + id) }
            var fences = SectionContent.fences
            var blocks = 0, inBlock = false
            for line in content.bodyLines(of: k) {
                let text = outline.source.content(line)
                let kind = fences.read(text)
                if kind == .code {
                    NeutralTokens.codeLine(text, into: &tokens)
                } else if kind == .closing {
                    continue
                } else if case .opening = kind {
                    blocks += 1
                    inBlock = false
                } else if text.allSatisfy(ASCII.isBlank) {
                    inBlock = false
                } else {
                    if !inBlock { blocks += 1 }
                    inBlock = true
                    NeutralTokens.collect(text, into: &tokens, language: language)
                }
            }
            let id = section.anchored && section.duplicateOf == nil ? section.id : nil
            var item = Item(level: section.heading.level, id: id, tokens: tokens, children: section.children.count, blocks: blocks)
            if let slugs {
                item.names = Set([id, section.explicitID, k < slugs.count ? slugs[k] : nil].compactMap { $0 })
            } else if let explicit = section.explicitID {
                item.names = [explicit]
            }
            return item
        }
    }

    /// The order-preserving alignment of `target`'s sections to `source`'s. A pair is kept only when
    /// it lies on every best alignment (the best is unique there), its levels are equal, and either
    /// both carry the same ID, or the translation's heading names the source section by its explicit
    /// id (a pair of any levels, and neither is paired with another), or the two share a token and each is the other's most similar section,
    /// or the two have the same tokens (typically none) and the same shape and are joined to a kept
    /// pair by a run of such pairs, one section further on each side at each step. Between two kept
    /// pairs with equal counts alone is not enough: a note added and a section dropped in one stretch
    /// keep the counts equal and shift everything between (measured: 7 wrong pairs in 6,000 seeds).
    public static func align(source: [Item], target: [Item]) -> [Pair] {
        let n = source.count, m = target.count
        guard n > 0, m > 0 else { return [] }
        let sourceIDs = Dictionary(source.enumerated().compactMap { k, item in item.id.map { ($0, k) } }, uniquingKeysWith: { a, _ in a })
        let targetIDs = Set(target.compactMap(\.id))
        // Similarity of each pair; nil: the pair may not be made.
        var similarity = [Int?](repeating: nil, count: n * m)
        // A translated heading's explicit id naming one source section, and named by no other
        // translated heading: the translator's own word, the strongest evidence there is.
        let named = explicitPairs(source: source, target: target)
        let namedSources = Set(named.values), namedTargets = Set(named.keys)
        for (j, i) in named { similarity[i * m + j] = fixed }
        for i in 0..<n where !namedSources.contains(i) {
            for j in 0..<m where source[i].level == target[j].level && !namedTargets.contains(j) {
                if let id = target[j].id {
                    if sourceIDs[id] == i { similarity[i * m + j] = fixed }
                    continue
                }
                if let id = source[i].id, targetIDs.contains(id) { continue }
                // As many body blocks: a point more, so that of two sections without tokens the one
                // of the same shape is the only best partner.
                similarity[i * m + j] = score(source[i].tokens, target[j].tokens).map { $0 + (source[i].blocks == target[j].blocks ? 1 : 0) }
            }
        }
        let best = BestAlignment(n: n, m: m, similarity: similarity)
        var evidence: [Int: (Int, Pair.Evidence)] = [:]
        var candidates: [(Int, Int)] = []
        for i in 0..<n {
            guard let j = best.onlyPartner(of: i) else { continue }
            let s = similarity[i * m + j]!
            if s == fixed {
                evidence[i] = (j, .id)
            } else if !source[i].tokens.isDisjoint(with: target[j].tokens), isMutualBest(i, j, similarity, n: n, m: m) {
                evidence[i] = (j, .tokens)
            } else {
                candidates.append((i, j))
            }
        }
        // Placed by position: next to a kept pair (the documents' ends count as kept) through a run of
        // such candidates.
        // Only a pair of the same shape places others: a merged section, paired by its tokens with one
        // of the sections it holds, would shift its neighbours by one.
        func clean(_ i: Int, _ j: Int) -> Bool { source[i].children == target[j].children && source[i].blocks == target[j].blocks }
        let anchors = [(-1, -1)] + evidence.keys.sorted().filter { evidence[$0]!.1 == .id || clean($0, evidence[$0]!.0) }.map { ($0, evidence[$0]!.0) } + [(n, m)]
        let kept = Set(anchors.map { $0.0 * (m + 2) + $0.1 })
        // A pair whose shape changed (a merge, a dropped subsection) marks an edit at that place: its
        // diagonal neighbours may have moved with it, so they are not placed by position.
        let reshaped = Set(evidence.filter { $0.value.1 == .tokens && source[$0.key].blocks != target[$0.value.0].blocks }.map { $0.key * (m + 2) + $0.value.0 })
        let placeable = Set(candidates.filter { i, j in
            source[i].tokens == target[j].tokens && clean(i, j)
                && !reshaped.contains((i - 1) * (m + 2) + j - 1) && !reshaped.contains((i + 1) * (m + 2) + j + 1)
        }.map { $0.0 * (m + 2) + $0.1 })
        func reaches(_ i: Int, _ j: Int, step: Int) -> Bool {
            var (a, b) = (i + step, j + step)
            while true {
                if kept.contains(a * (m + 2) + b) { return true }
                guard a >= 0, b >= 0, a < n, b < m, placeable.contains(a * (m + 2) + b) else { return false }
                a += step
                b += step
            }
        }
        var pairs = evidence.map { Pair(source: $0.key, target: $0.value.0, evidence: $0.value.1) }
        // A named pair off the best alignment (a glossary re-sorted in the translation's language, a
        // section moved) is kept all the same: the name is certain where the order is not. It places
        // no neighbour by position.
        for (j, i) in named where evidence[i]?.0 != j { pairs.append(Pair(source: i, target: j, evidence: .id)) }
        for (i, j) in candidates where placeable.contains(i * (m + 2) + j) && (reaches(i, j, step: -1) || reaches(i, j, step: 1)) {
            pairs.append(Pair(source: i, target: j, evidence: .position))
        }
        return pairs.sorted { $0.source < $1.source }
    }

    /// Target section → source section, for each unanchored translated section whose explicit id is a
    /// name of exactly one source section that no other translated section names, and that no
    /// anchored translated section holds by its ID.
    static func explicitPairs(source: [Item], target: [Item]) -> [Int: Int] {
        var byName: [String: [Int]] = [:]
        for (i, item) in source.enumerated() { for name in item.names { byName[name, default: []].append(i) } }
        let held = Set(target.compactMap(\.id))
        var claims: [Int: [Int]] = [:]
        for (j, item) in target.enumerated() where item.id == nil {
            let candidates = Set(item.names.flatMap { byName[$0] ?? [] })
            guard candidates.count == 1, let i = candidates.first, !(source[i].id.map(held.contains) ?? false) else { continue }
            claims[i, default: []].append(j)
        }
        var pairs: [Int: Int] = [:]
        for (i, js) in claims where js.count == 1 { pairs[js[0]] = i }
        return pairs
    }

    /// The similarity of a pair sharing an ID: more than any two sections' tokens can give.
    static let fixed = 1 << 40

    /// 1 for two sections of a level without tokens (so that more pairs beat fewer), 21 and their
    /// Jaccard index in hundredths when they share tokens, nil when they have tokens and share none:
    /// such a pair is never made, and letting it count would shift its neighbours (a translator's
    /// note taking the place of an untranslated section).
    static func score(_ a: Set<String>, _ b: Set<String>) -> Int? {
        let shared = a.intersection(b).count
        guard shared > 0 else { return a.isEmpty && b.isEmpty ? 1 : nil }
        return 21 + 100 * shared / (a.count + b.count - shared)
    }

    /// Whether `j` is strictly `i`'s most similar target and `i` strictly `j`'s most similar source.
    static func isMutualBest(_ i: Int, _ j: Int, _ similarity: [Int?], n: Int, m: Int) -> Bool {
        let s = similarity[i * m + j]!
        for k in 0..<m where k != j { if let t = similarity[i * m + k], t >= s { return false } }
        for k in 0..<n where k != i { if let t = similarity[k * m + j], t >= s { return false } }
        return true
    }
}

/// The best total similarity of order-preserving alignments, forward and backward, so that whether a
/// pair lies on every best alignment is known in time proportional to the pairs.
struct BestAlignment {
    let n: Int, m: Int
    let similarity: [Int?]
    /// forward[i * (m + 1) + j]: the best over the first i source and first j target sections;
    /// backward[...]: over source sections i... and target sections j....
    private var forward: [Int], backward: [Int]
    let total: Int

    init(n: Int, m: Int, similarity: [Int?]) {
        self.n = n
        self.m = m
        self.similarity = similarity
        let w = m + 1
        var f = [Int](repeating: 0, count: (n + 1) * w), b = f
        for i in 1...n {
            for j in 1...m {
                var v = max(f[(i - 1) * w + j], f[i * w + j - 1])
                if let s = similarity[(i - 1) * m + j - 1] { v = max(v, f[(i - 1) * w + j - 1] + s) }
                f[i * w + j] = v
            }
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                var v = max(b[(i + 1) * w + j], b[i * w + j + 1])
                if let s = similarity[i * m + j] { v = max(v, b[(i + 1) * w + j + 1] + s) }
                b[i * w + j] = v
            }
        }
        forward = f
        backward = b
        total = f[n * w + m]
    }

    /// The target section that every best alignment pairs source section `i` with; nil when some best
    /// alignment leaves `i` unpaired or pairs it otherwise.
    func onlyPartner(of i: Int) -> Int? {
        let w = m + 1
        var partner: Int? = nil
        for j in 0..<m {
            guard let s = similarity[i * m + j] else { continue }
            if forward[i * w + j] + s + backward[(i + 1) * w + j + 1] == total {
                if partner != nil { return nil }
                partner = j
            }
        }
        guard partner != nil else { return nil }
        // `i` left unpaired: the best of the first i source sections with target sections before j
        // and of the rest with target sections from j on.
        for j in 0...m where forward[i * w + j] + backward[(i + 1) * w + j] == total { return nil }
        return partner
    }
}
