import Testing
import OutlineTestHelpers
import OutlineTestSupport
@testable import OutlineCore

/// The property of format.md §18: moving a section to another file and back gives every file its
/// original bytes, and no link of the tree is broken in between. Over generated trees (seeded), with
/// every line-ending and BOM variant: front matter, preambles, setext and ATX headings, anchors under
/// the heading or after a blank line, links across files, same-file links and relative images.
@Suite("sections: move and back (property)")
struct SectionRoundTripTests {
    static let files = ["a.md", "b.md", "docs/c.md"]

    struct Tree {
        var random: SeededRandom
        var titles: [String: [String]] = [:]
        var next = 0

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        mutating func chance(_ n: UInt64) -> Bool { random.next() % n == 0 }

        /// Section titles first (links need them all), then each file.
        mutating func make() -> [String: String] {
            for file in SectionRoundTripTests.files {
                titles[file] = (0..<(3 + Int(random.next() % 5))).map { _ in next += 1; return "Part \(next) \(pick(["setup", "usage", "notes", "faq", "api"]))" }
            }
            var out: [String: String] = [:]
            for file in SectionRoundTripTests.files { out[file] = document(file) }
            return out
        }

        mutating func link(from file: String) -> String {
            let to = pick(SectionRoundTripTests.files)
            let fragment = chance(5) ? "" : "#" + Identifier.slug(pick(titles[to]!))!
            let path = to == file && !fragment.isEmpty ? "" : LinkRepair.relativePath(to: to, fromDirectoryOf: file)
            return "[\(pick(["see", "more", "there"]))](\(path + fragment))"
        }

        mutating func document(_ file: String) -> String {
            var text = chance(3) ? "---\ntitle: \(file)\n---\n\n" : ""
            if chance(2) { text += "Intro with \(link(from: file)).\n\n" }
            let afterBlank = chance(3)
            var level = 2
            for (n, title) in titles[file]!.enumerated() {
                level = n == 0 ? 2 : max(2, min(4, level + Int(random.next() % 3) - 1))
                let id = Identifier.slug(title)!
                text += level == 2 && chance(4) ? "\(title)\n\(String(repeating: "-", count: title.count))\n" : String(repeating: "#", count: level) + " \(title)\n"
                text += (afterBlank ? "\n" : "") + "<!-- outline:\(id) -->\n\n"
                switch random.next() % 4 {
                case 0: text += "Text \(link(from: file)) and ![img](img/p.png).\n"
                case 1: text += "- item \(link(from: file))\n- item two\n"
                case 2: text += "```\n## not a heading\n```\n"
                default: text += "Plain words, \(link(from: file)).\n"
                }
                text += n == titles[file]!.count - 1 ? String(repeating: "\n", count: Int(random.next() % 2)) : "\n"
            }
            return text
        }
    }

    /// Where a section stands among its siblings, as a move puts it back there.
    static func placeOf(_ k: Int, in outline: Outline) -> (SectionPlacement, String)? {
        let sections = outline.sections
        let siblings = sections[k].parent.map { sections[$0].children } ?? outline.roots
        let at = siblings.firstIndex(of: k)!
        if at + 1 < siblings.count { return (.before, sections[siblings[at + 1]].id) }
        if at > 0 { return (.after, sections[siblings[at - 1]].id) }
        return sections[k].parent.map { (.into, sections[$0].id) }
    }

    static func brokenLinks(_ store: MemoryStore) throws -> [String] {
        let report = try Run(store: store, lifetime: .session()).check(Run.CheckRequest(files: files, configs: files.map { _ in Config() }))
        return report.findings.filter { $0.kind == .brokenLink }.map { "\($0.path ?? ""):\($0.line ?? 0) \($0.message)" }
    }

    @Test(arguments: Variant.allCases)
    func movingToAnotherFileAndBackGivesTheOriginalBytes(variant: Variant) throws {
        var tree = Tree(random: SeededRandom(seed: 0x5EC7_1018))
        var random = SeededRandom(seed: 0x5EC7_2018)
        var moved = 0
        for round in 0..<12 {
            let original = tree.make().mapValues { String(decoding: variant.apply(Array($0.utf8)), as: UTF8.self) }
            let store = MemoryStore(original.merging(["img/p.png": "", "docs/img/p.png": ""]) { a, _ in a })
            let broken = try Self.brokenLinks(store)
            #expect(broken.isEmpty, "round \(round): the generated tree has broken links: \(broken)")
            for _ in 0..<6 {
                let from = Self.files[Int(random.next() % 3)], to = Self.files[Int(random.next() % 3)]
                guard from != to, let source = try? Outline(parsing: Array(original[from]!.utf8)),
                      let target = try? Outline(parsing: Array(original[to]!.utf8)) else { continue }
                let k = Int(random.next() % UInt64(source.sections.count))
                guard let back = Self.placeOf(k, in: source) else { continue }
                let j = Int(random.next() % UInt64(target.sections.count))
                let placement: SectionPlacement? = [nil, .after, .before, .into][Int(random.next() % 4)]
                let id = source.sections[k].id
                // A setext heading taken past level 2 becomes an ATX heading, which the way back keeps.
                let shift = (placement == nil ? source.sections[k].heading.level : target.sections[j].heading.level + (placement == .into ? 1 : 0)) - source.sections[k].heading.level
                if SectionEdit.subtree(k, in: source).contains(where: { source.sections[$0].heading.style == .setext && source.sections[$0].heading.level + shift > 2 }) { continue }
                let forward: Run.SectionChange
                do {
                    forward = try SectionMoveTests.run(store, .move(SectionAddress(path: from, fragment: id), destination: to,
                                                                    placement: placement, relativeTo: placement.map { _ in target.sections[j].id }))
                } catch let refusal as Diagnostic where refusal.kind == .refused {
                    continue   // a level past 6, or a setext heading past level 2
                }
                SectionMoveTests.apply(forward, to: store)
                #expect(try Self.brokenLinks(store).isEmpty, "round \(round): moving \(from)#\(id) to \(to) broke links")
                let change = try SectionMoveTests.run(store, .move(SectionAddress(path: to, fragment: id), destination: from, placement: back.0, relativeTo: back.1))
                SectionMoveTests.apply(change, to: store)
                for file in Self.files {
                    let now = Array((store.contents(of: file) ?? []))
                    #expect(now == Array(original[file]!.utf8) ? true : false, "round \(round), \(variant): \(from)#\(id) to \(to) (\(placement?.rawValue ?? "end")) and back, \(file):\n\(lineDifference(now, Array(original[file]!.utf8)))")
                }
                for file in Self.files { store.set(file, original[file]) }
                moved += 1
            }
        }
        #expect(moved > 30, "only \(moved) moves were tried")
    }
}
