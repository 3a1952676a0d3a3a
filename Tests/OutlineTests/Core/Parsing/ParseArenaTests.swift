import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore
import OutlineTestSupport

/// The parse arena is cmark's allocator: a block handed out twice, or a byte lost in `realloc`, would
/// corrupt a tree silently. These runs drive it the way cmark does (many small blocks, buffers that grow,
/// frees in any order, a few buffers of megabytes) and check every live block after every step.
@Suite("parse arena")
struct ParseArenaTests {
    /// A live block: where it is, how many bytes it was asked for, and the byte it is filled with.
    struct Live {
        var pointer: UnsafeMutableRawPointer
        var size: Int
        var fill: UInt8
    }

    static func fill(_ block: Live) {
        block.pointer.initializeMemory(as: UInt8.self, repeating: block.fill, count: block.size)
    }

    /// Whether the `count` bytes at `pointer` are all `byte`: the first is, and each equals the next
    /// (`memcmp` of the block with itself one byte on). A byte-by-byte closure over megabytes per
    /// check was 12 s of the fast suite in a debug build; this asks the same question.
    static func allBytes(_ pointer: UnsafeRawPointer, _ count: Int, equal byte: UInt8) -> Bool {
        guard count > 0 else { return true }
        return pointer.load(as: UInt8.self) == byte && memcmp(pointer, pointer + 1, count - 1) == 0
    }

    /// Every live block still holds its bytes, is 8-byte aligned, and overlaps no other.
    static func verify(_ live: [Live]) -> String? {
        for block in live {
            if UInt(bitPattern: block.pointer) % 8 != 0 { return "block at \(block.pointer) is not 8-byte aligned" }
            if !allBytes(block.pointer, block.size, equal: block.fill) {
                let bytes = UnsafeRawBufferPointer(start: block.pointer, count: block.size)
                return "block of \(block.size) bytes lost its byte \(bytes.firstIndex(where: { $0 != block.fill }) ?? -1)"
            }
        }
        let sorted = live.sorted { $0.pointer < $1.pointer }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.pointer + a.size > b.pointer {
            return "blocks of \(a.size) and \(b.size) bytes overlap"
        }
        return nil
    }

    /// A size as cmark asks for them: mostly nodes (112 bytes, from the node slab) and short literals,
    /// sometimes a paragraph's buffer, rarely a buffer of megabytes (which gets a mapping of its own).
    static func size(_ random: inout SeededRandom) -> Int {
        switch Int.random(in: 0..<200, using: &random) {
        case 0..<50: return 112
        case 50..<100: return Int.random(in: 1...120, using: &random)
        case 100..<180: return Int.random(in: 121...600, using: &random)
        case 180..<199: return Int.random(in: 601...20_000, using: &random)
        default: return Int.random(in: 200_000...600_000, using: &random)
        }
    }

    @Test("seeded runs of allocate, grow, shrink and free keep every live block's bytes, apart", arguments: [1, 2, 3, 4] as [UInt64])
    func randomRuns(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let arena = ParseArena()
        var live: [Live] = []
        var nextFill: UInt8 = 1
        for round in 0..<2 {
            for step in 0..<3_000 {
                let action = Int.random(in: 0..<10, using: &random)
                if action < 5 || live.isEmpty {
                    let size = ParseArenaTests.size(&random)
                    let zeroed = Bool.random(using: &random)
                    let pointer = try #require(zeroed ? arena.allocateZeroed(size) : arena.allocate(size))
                    if zeroed {
                        #expect(ParseArenaTests.allBytes(pointer, size, equal: 0))
                    }
                    live.append(Live(pointer: pointer, size: size, fill: nextFill))
                    ParseArenaTests.fill(live[live.count - 1])
                } else if action < 7 {
                    // Grow or shrink a block: its first bytes must come along.
                    let k = Int.random(in: 0..<live.count, using: &random)
                    let size = Bool.random(using: &random) ? live[k].size + ParseArenaTests.size(&random) : max(1, live[k].size / 2)
                    let pointer = try #require(arena.reallocate(live[k].pointer, size))
                    let kept = min(size, live[k].size)
                    #expect(ParseArenaTests.allBytes(pointer, kept, equal: live[k].fill), "realloc to \(size) lost bytes (round \(round), step \(step))")
                    live[k].pointer = pointer
                    live[k].size = size
                    live[k].fill = nextFill
                    ParseArenaTests.fill(live[k])
                } else {
                    // Free a block: the last one handed out half the time (cmark's usual case).
                    let k = Bool.random(using: &random) ? live.count - 1 : Int.random(in: 0..<live.count, using: &random)
                    arena.free(live[k].pointer)
                    live.remove(at: k)
                }
                nextFill = nextFill == 255 ? 1 : nextFill + 1
                if step % 100 == 0, let problem = ParseArenaTests.verify(live) {
                    Issue.record("seed \(seed), round \(round), step \(step): \(problem)")
                    return
                }
            }
            if let problem = ParseArenaTests.verify(live) {
                Issue.record("seed \(seed), end of round \(round): \(problem)")
                return
            }
            // Everything free again, some chunks kept: the next round reuses them.
            arena.reset(keeping: round == 0)
            live = []
        }
    }

    @Test("a freed block is handed out again: same size, a word larger, or cut from a freed buffer")
    func reuse() throws {
        let arena = ParseArena()
        let a = try #require(arena.allocate(112))
        let b = try #require(arena.allocate(40))
        _ = try #require(arena.allocate(8))
        arena.free(a)
        #expect(arena.allocate(112) == a)
        arena.free(b)
        #expect(arena.allocate(24) == b, "a 40-byte block serves a 24-byte request")
        let buffer = try #require(arena.allocate(600))
        _ = try #require(arena.allocate(8))
        arena.free(buffer)
        let cut = try #require(arena.allocate(104))
        #expect(cut >= buffer - 8 && cut < buffer + 600, "a small block is cut from the freed buffer")
        // The last block handed out from the chunk grows in place, and goes back to the chunk.
        let grown = try #require(arena.allocate(300))
        #expect(arena.reallocate(grown, 2_000) == grown)
        arena.free(grown)
        #expect(arena.allocate(1_000) == grown)
    }

    @Test("cmark's nodes come from the slab: no header between them, handed out again once freed, moved out when grown")
    func nodeSlab() throws {
        let arena = ParseArena()
        let a = try #require(arena.allocate(112))
        let b = try #require(arena.allocateZeroed(112))
        #expect(b - a == 112, "nodes stand side by side, without a size header")
        #expect(UnsafeRawBufferPointer(start: b, count: 112).allSatisfy { $0 == 0 })
        let other = try #require(arena.allocate(120))
        #expect(other < a || other >= b + 112, "another size comes from elsewhere")
        arena.free(a)
        #expect(arena.allocate(112) == a, "a freed node is the next node")
        // A node's block that grows moves out of the slab with its bytes; one that shrinks stays.
        a.initializeMemory(as: UInt8.self, repeating: 7, count: 112)
        #expect(arena.reallocate(b, 100) == b)
        let grown = try #require(arena.reallocate(a, 300))
        #expect(grown != a && UnsafeRawBufferPointer(start: grown, count: 112).allSatisfy { $0 == 7 })
        #expect(arena.allocate(112) == a, "the grown node's old place is free again")
        // After a reset that keeps the slab's pages, nodes start again from its first block.
        _ = try #require(arena.allocate(112))
        arena.reset(keeping: true)
        #expect(arena.allocate(112) == a)
        arena.reset(keeping: false)
        #expect(arena.allocate(112) != nil, "a new range is reserved after everything was given back")
    }

    @Test("parsing with the arena gives cmark's tree: a document of every kind of block, many times over")
    func parses() throws {
        var text = ""
        for k in 0..<400 {
            text += "# Heading *\(k)* with `code` and [a link](#x\(k))\n\nA paragraph with **strong**, _emphasis_,\n"
            text += "<span id=\"s\(k)\">html</span> and ![image](i.png \"t\").\n\n- item\n  - nested [ref][]\n\n"
            text += "```\ncode \(String(repeating: "x", count: k * 7))\n```\n\n> quote\n\n[ref]: /r\n\n"
        }
        let bytes = Array(text.utf8)
        let document = try Document(bytes, links: true)
        #expect(document.headings.count == 400)
        #expect(document.headings[399].text == "Heading 399 with code and a link")
        let links = try #require(document.links)
        #expect(links.links.count == 400 * 3)
        #expect(links.html.count == 400)
        // Parsing again on the same thread (its arena reset in between) gives the same model.
        let again = try Document(bytes, links: true)
        #expect(again.headings.map(\.text) == document.headings.map(\.text))
    }
}
