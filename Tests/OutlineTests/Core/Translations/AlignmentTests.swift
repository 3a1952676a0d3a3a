import Testing
import OutlineTestHelpers
import OutlineTestSupport
@testable import OutlineCore

/// `translation adopt`'s alignment (format.md §17) against generated translations with known truth: a
/// source document, a translation made by a fixed transformation that keeps code, links, numbers and
/// structure, then seeded translator's changes: subtrees left untranslated (dropped), notes of the
/// translation's own added, neighbouring sections merged, neighbours reordered. No pair may be wrong;
/// at least 95% of what an order-preserving alignment can reach must be aligned.
@Suite("translations: alignment")
struct AlignmentTests {
    struct Section {
        var level: Int
        var title: String
        var body: [String]
        /// The source section it translates (nil: the translation's own).
        var origin: Int?
        /// The source sections of the sections merged into this one, which it translates too (any of
        /// their IDs is right for it).
        var merged: [Int] = []
    }

    static let words = ["alpha", "beta", "gamma", "delta", "river", "stone", "cloud", "paper", "light", "north", "quiet", "green"]

    static func source(_ random: inout SeededRandom) -> [Section] {
        let count = Int.random(in: 8...30, using: &random)
        var sections: [Section] = [Section(level: 1, title: "Title", body: ["Intro [home](index.md) and `tool`."], origin: 0)]
        for k in 1..<count {
            let previous = sections[k - 1].level
            let level = Int.random(in: 2...min(4, previous + 1), using: &random)
            let title = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            var body: [String] = []
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: break  // a heading over its subsections: no body at all
            case 2, 3: body = [prose(&random)]  // prose only: no neutral token
            default:
                var line = prose(&random)
                if Bool.random(using: &random) { line += " Run `cmd-\(k)`." }
                if Bool.random(using: &random) { line += " See [it](page-\(k).md#part)." }
                if Int.random(in: 0..<3, using: &random) == 0 { line += " Version \(Int.random(in: 10...99, using: &random))." }
                if Int.random(in: 0..<4, using: &random) == 0 { line += " Also [home](index.md)." }  // shared by many sections
                body = [line]
                if Int.random(in: 0..<3, using: &random) == 0 { body += ["", "```sh", "make target-\(k) --flag", "```"] }
            }
            if !body.isEmpty, Bool.random(using: &random) { body += ["", prose(&random)] }
            sections.append(Section(level: level, title: title, body: body, origin: k))
        }
        // Only a heading over subsections goes without a body: a leaf always has text.
        for k in sections.indices where sections[k].body.isEmpty && subtreeEnd(sections, k) == k + 1 { sections[k].body = [prose(&random)] }
        return sections
    }

    static func prose(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 3...9, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ") + "."
    }

    /// Every word of prose reversed; code, destinations and numbers kept.
    static func translated(_ text: String) -> String {
        var out = "", code = false, inDestination = false
        var word = ""
        func flush() { out += code || inDestination ? word : String(word.reversed()); word = "" }
        for c in text {
            if c == "`" { flush(); code.toggle(); out.append(c); continue }
            if c == "(" && out.last == "]" { flush(); inDestination = true; out.append(c); continue }
            if c == ")" && inDestination { flush(); inDestination = false; out.append(c); continue }
            if c.isLetter { word.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    /// The end of the subtree that starts at `k`.
    static func subtreeEnd(_ sections: [Section], _ k: Int) -> Int {
        var end = k + 1
        while end < sections.count, sections[end].level > sections[k].level { end += 1 }
        return end
    }

    static func translation(of source: [Section], _ random: inout SeededRandom) -> [Section] {
        var target = source.map { Section(level: $0.level, title: translated($0.title), body: $0.body.map { $0.hasPrefix("```") || $0.hasPrefix("make") ? $0 : translated($0) }, origin: $0.origin) }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard target.count > 2 else { break }
            let k = Int.random(in: 1..<target.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:  // a subtree left untranslated
                target.removeSubrange(k..<subtreeEnd(target, k))
            case 1:  // a note of the translation's own, a leaf, linking to the translators' guide
                let level = max(2, target[k - 1].level)
                target.insert(Section(level: level, title: "note", body: ["etoN " + prose(&random) + " [guide](https://example.org/guide-\(k))"], origin: nil),
                              at: subtreeEnd(target, k - 1))
            case 2:  // a leaf merged into its preceding leaf sibling
                guard k + 1 < target.count, target[k].level == target[k + 1].level, subtreeEnd(target, k + 1) == k + 2 else { continue }
                target[k].body += [""] + ["**" + target[k + 1].title + "**", ""] + target[k + 1].body
                target[k].merged += target[k + 1].origin.map { [$0] + target[k + 1].merged } ?? target[k + 1].merged
                target.remove(at: k + 1)
            default:  // two leaf siblings swapped, one with a token (two alike in all but prose cannot be told apart)
                guard k + 1 < target.count, target[k].level == target[k + 1].level, subtreeEnd(target, k) == k + 1, subtreeEnd(target, k + 1) == k + 2,
                      hasToken(target[k]) || hasToken(target[k + 1]) else { continue }
                target.swapAt(k, k + 1)
            }
        }
        return target
    }

    static func hasToken(_ section: Section) -> Bool {
        section.body.contains { $0.contains("`") || $0.contains("](") || $0.contains("Version") }
    }

    static func render(_ sections: [Section]) -> String {
        sections.map { s in String(repeating: "#", count: s.level) + " " + s.title + "\n\n" + s.body.map { $0 + "\n" }.joined() }.joined(separator: "\n")
    }

    /// The most pairs an order-preserving alignment can get right: the longest run of origins that
    /// increases (levels are kept by the transformation).
    static func reachable(_ origins: [Int]) -> Int {
        var tails: [Int] = []
        for o in origins {
            var lo = 0, hi = tails.count
            while lo < hi { let mid = (lo + hi) / 2; if tails[mid] < o { lo = mid + 1 } else { hi = mid } }
            if lo == tails.count { tails.append(o) } else { tails[lo] = o }
        }
        return tails.count
    }

    @Test func generatedTranslationsAlignWithoutAWrongPair() throws {
        var aligned = 0, reachable = 0, wrong: [String] = []
        for seed in UInt64(1)...2000 {
            var random = SeededRandom(seed: seed)
            let source = Self.source(&random)
            let target = Self.translation(of: source, &random)
            let a = try Outline(parsing: bytes(Self.render(source))), b = try Outline(parsing: bytes(Self.render(target)))
            try #require(a.sections.count == source.count && b.sections.count == target.count)
            let pairs = SectionAlignment.align(source: SectionAlignment.items(a), target: SectionAlignment.items(b))
            for pair in pairs where target[pair.target].origin != pair.source && !target[pair.target].merged.contains(pair.source) {
                wrong.append("seed \(seed): target \(pair.target) '\(target[pair.target].title)' aligned to source \(pair.source) by \(pair.evidence)")
            }
            aligned += pairs.count
            reachable += Self.reachable(target.compactMap(\.origin))
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong pairs: \(wrong.prefix(5))")
        // Measured: 33,493 of 35,114 (95.4%) over these seeds, 0 wrong; seeds 2001-8000: 95.6%, 0 wrong.
        // Beyond (8001-20000) 12 wrong pairs in 203,000 come from one case position cannot see: a
        // section without tokens swapped with a neighbour that has some (format.md §17, the known limit).
        #expect(aligned * 1000 >= reachable * 950, "aligned \(aligned) of \(reachable) reachable")
        #expect(aligned <= reachable)
    }

    @Test func anchoredTranslatedSectionsPairOnlyByTheirID() throws {
        let source = try Outline(parsing: bytes("# A\n<!-- outline:a -->\n\n## B\n<!-- outline:b -->\n\nRun `x`.\n\n## C\n<!-- outline:c -->\n\nRun `y`.\n"))
        // The translation pins C's ID on the section that reads like B: the ID wins, B stays unaligned.
        let target = try Outline(parsing: bytes("# a\n\n## b\n<!-- outline:c -->\n\nnuR `x`.\n\n## c\n\nnuR `z`.\n"))
        let pairs = SectionAlignment.align(source: SectionAlignment.items(source), target: SectionAlignment.items(target))
        #expect(pairs.map { [$0.source, $0.target] } == [[0, 0], [2, 1]])
        #expect(pairs.first { $0.source == 2 }?.evidence == .id)
    }

    /// A translator's note where a section went untranslated: the note pairs with nothing, so it
    /// cannot push the prose section after it onto the untranslated one (once made wrongly).
    @Test func aNoteDoesNotTakeAnUntranslatedSectionsPlace() throws {
        let source = try Outline(parsing: bytes("# A\n\nRun `a`.\n\n## P\n\none.\n\n## Q\n\ntwo.\n\n## R\n\nthree.\n\nfour.\n\n## S\n\nRun `s`.\n"))
        let target = try Outline(parsing: bytes("# a\n\nnuR `a`.\n\n## note\n\nees [g](https://g.example).\n\n## p\n\neno.\n\n## r\n\neerht.\n\nruof.\n\n## s\n\nnuR `s`.\n"))
        let pairs = SectionAlignment.align(source: SectionAlignment.items(source), target: SectionAlignment.items(target))
        // p is P or Q (Q untranslated, or P): nothing tells, so no ID; r is R by its shape.
        #expect(pairs.map { [$0.source, $0.target] } == [[0, 0], [3, 3], [4, 4]])
    }

    /// A merged section (its shape changed) marks an edit: the sections beside it are not placed by
    /// position, as the section moved past it may be any of them (once made wrongly).
    @Test func sectionsBesideAMergeAreNotPlacedByPosition() throws {
        let source = try Outline(parsing: bytes("# A\n\nRun `a`.\n\n## P\n\none.\n\n## Q\n\nRun `q`.\n\n## R\n\ntwo.\n"))
        // Q and R merged, P moved after them.
        let target = try Outline(parsing: bytes("# a\n\nnuR `a`.\n\n## q\n\nnuR `q`.\n\n**r**\n\nowt.\n\n## p\n\neno.\n"))
        let pairs = SectionAlignment.align(source: SectionAlignment.items(source), target: SectionAlignment.items(target))
        #expect(pairs.map { [$0.source, $0.target] } == [[0, 0], [2, 1]])
    }

    @Test func aPairOffTheUniqueBestAlignmentIsNotMade() throws {
        // Two source sections alike in everything: which one the translated section is, nothing tells.
        let source = try Outline(parsing: bytes("# A\n\n## B\n\nRun `x`.\n\n## B\n\nRun `x`.\n"))
        let target = try Outline(parsing: bytes("# a\n\n## b\n\nnuR `x`.\n"))
        let pairs = SectionAlignment.align(source: SectionAlignment.items(source), target: SectionAlignment.items(target))
        #expect(pairs.isEmpty)
    }

    @Test func neutralTokensAreWhatTranslatorsKeep() throws {
        let outline = try Outline(parsing: bytes("# T {#top}\n\nSee [x](/ja/docs/page/#frag), <https://k8s.io/a>, `kubectl`, 1.28 and 7.\n{{< glossary_tooltip text=\"ポッド\" term_id=\"pod\" >}}\n\n```\nkubectl get pods\n}\n```\n"))
        let tokens = SectionAlignment.items(outline, language: "ja")[0].tokens
        #expect(tokens == ["i:top", "l:/docs/page/", "l:https://k8s.io/a", "c:kubectl", "n:1.28", "s:term_id=pod", "k:kubectl get pods"])
    }

    /// The translator's own `{#id}` naming a source section (its ID, explicit id or slug) is the
    /// strongest evidence: shared code that points elsewhere does not outweigh it, and nothing is
    /// paired against it (on opentelemetry.io, 2 of 3 wrong pairs came from code shared with the
    /// section after the one the `{#id}` named).
    @Test func theTranslatorsIDIsTheStrongestEvidence() throws {
        let source = try Outline(parsing: bytes("# A\n<!-- outline:a -->\n\n## Tracer\n<!-- outline:tracer -->\n\nSee below.\n\n## Provider {#tracer-provider}\n<!-- outline:provider -->\n\nCall `getTracer()` and `shutdown()`.\n\n## Exporters\n<!-- outline:exporters -->\n\nUse `OTLP`.\n"), [.links])
        // トレーサー names `tracer` (a slug and the ID) and quotes the provider's code; 作成 names the
        // provider by its explicit id; エクスポーター names the exporters' slug.
        let target = try Outline(parsing: bytes("# a\n\n## トレーサー {#tracer}\n\n`getTracer()` と `shutdown()` を呼ぶ。\n\n## 作成 {#tracer-provider}\n\n以下。\n\n## エクスポーター {#exporters}\n\n`OTLP` を使う。\n"))
        let slugs = source.headingSlugs(.hugo)
        let pairs = SectionAlignment.align(source: SectionAlignment.items(source, slugs: slugs), target: SectionAlignment.items(target, language: "ja"))
        #expect(pairs.map { [$0.source, $0.target] } == [[0, 0], [1, 1], [2, 2], [3, 3]], "\(pairs)")
        #expect(pairs.filter { $0.source > 0 }.allSatisfy { $0.evidence == .id })
        // Without the source's names (the previous rule), the shared code wins and pairs wrongly.
        func nameless(_ items: [SectionAlignment.Item]) -> [SectionAlignment.Item] { items.map { var item = $0; item.names = []; return item } }
        let before = SectionAlignment.align(source: nameless(SectionAlignment.items(source)), target: nameless(SectionAlignment.items(target, language: "ja")))
        #expect(before.contains { $0.source == 2 && $0.target == 1 })
        // A name two source sections answer to, or two translated headings claim, is no evidence.
        let twice = try Outline(parsing: bytes("# a\n\n## x {#tracer}\n\nx.\n\n## y {#tracer}\n\ny.\n"))
        #expect(SectionAlignment.align(source: SectionAlignment.items(source, slugs: slugs), target: SectionAlignment.items(twice)).allSatisfy { $0.source == 0 || $0.evidence != .id })
    }

    /// A glossary sorted in the translation's language keeps its terms' `{#id}`s: each term pairs
    /// by its id whatever the order (opentelemetry.io's Spanish glossary).
    @Test func aResortedGlossaryPairsByItsIDs() throws {
        let terms = ["aggregation", "api", "baggage", "cardinality", "collector", "span"]
        let source = try Outline(parsing: bytes("# Glossary\n\n" + terms.map { "## \($0.capitalized)\n\nAbout \($0).\n\n" }.joined()), [.links])
        let spanish = ["span": "Tramo", "cardinality": "Cardinalidad", "aggregation": "Agregación", "api": "API", "baggage": "Equipaje", "collector": "Colector"]
        let sorted = terms.sorted { spanish[$0]! < spanish[$1]! }
        let target = try Outline(parsing: bytes("# Glosario\n\n" + sorted.map { "## \(spanish[$0]!) {#\($0)}\n\nSobre.\n\n" }.joined()))
        let pairs = SectionAlignment.align(source: SectionAlignment.items(source, slugs: source.headingSlugs(.github)), target: SectionAlignment.items(target))
        for (j, term) in sorted.enumerated() {
            #expect(pairs.contains { $0.target == j + 1 && $0.source == terms.firstIndex(of: term)! + 1 }, "\(term)")
        }
        #expect(pairs.count == terms.count + 1)
    }
}
