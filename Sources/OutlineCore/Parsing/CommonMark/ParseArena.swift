#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCmark

/// The memory of cmark's tree (cmark's `cmark_mem`): chunks mapped with mmap(2), handed out by
/// bumping a pointer. cmark frees as it goes (nodes and buffers while it parses inlines: several
/// times the document's size), so freed blocks are handed out again: one under `carved` bytes
/// from a free list of its size (or a word or two larger), a larger one cut into small blocks. The
/// block allocated last may also grow in place or go back to the chunk; a block of `mappedAlone` bytes
/// or more has a mapping of its own. `reset` makes the whole arena free again. cmark's allocator
/// functions get no context, so each thread has its own arena, found through a C thread-local (and
/// unmapped when the thread ends).
final class ParseArena {
    private var chunks: [(base: UnsafeMutableRawPointer, size: Int)] = []
    /// The chunk being filled; the ones after it are free (kept from earlier parses).
    private var index = -1
    private var cursor: UnsafeMutableRawPointer? = nil
    private var limit: UnsafeMutableRawPointer? = nil
    /// Where the chunk's pages asked for ahead end (see `populate`).
    private var populated = UnsafeMutableRawPointer(bitPattern: UInt.max)!
    /// The block handed out last from the chunk: it may grow in place, or go back to the chunk.
    private var last: UnsafeMutableRawPointer? = nil
    /// `freeBlocks[n]` heads the list of free blocks of `8 * n` bytes, linked through their first word.
    private let freeBlocks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// Freed blocks of `carved` bytes and more (cmark's paragraph buffers, given back once their inlines
    /// are parsed), linked through their first word: smaller blocks are cut from them.
    private var spare: UnsafeMutableRawPointer? = nil
    /// The part of a spare block not yet cut (empty when both are the same sentinel).
    private var carveCursor = UnsafeMutableRawPointer(bitPattern: 8)!
    private var carveLimit = UnsafeMutableRawPointer(bitPattern: 8)!
    private static let carved = 256
    private static let listed = carved - 8
    /// Blocks of this size and more get a mapping of their own, unmapped when freed: a buffer cmark
    /// grows to megabytes (a long paragraph or code block) would otherwise leave every smaller copy of
    /// itself behind in the chunks.
    private static let mappedAlone = 1 << 18
    private var alone: [(base: UnsafeMutableRawPointer, size: Int)] = []
    private static let firstChunk = 1 << 18
    /// How much a thread keeps mapped between parses: pages touched once are not faulted in again
    /// for the next document (a fresh tree per file would fault its pages in again, file after file).
    private static let kept = 1 << 25

    /// Each block is preceded by an 8-byte header holding its size (a multiple of 8), which `realloc`
    /// and `free` read. Blocks are 8-byte aligned: cmark's structures hold pointers and integers, nothing
    /// wider (16-byte alignment, as malloc gives, would add 8 bytes to each of cmark's 112-byte nodes).
    private static let header = 8

    /// cmark's nodes, without headers (see `NodeSlab`), which keeps as much as the chunks do.
    private let nodes = NodeSlab(blockSize: 112, kept: ParseArena.kept)

    init() {
        freeBlocks = .allocate(capacity: ParseArena.listed / 8 + 1)
        freeBlocks.initialize(repeating: nil, count: ParseArena.listed / 8 + 1)
    }

    /// Moves on to a free chunk of at least `bytes`: a kept one, else a new mapping.
    private func newChunk(atLeast bytes: Int) {
        var k = index + 1
        while k < chunks.count && chunks[k].size < bytes { k += 1 }
        if k == chunks.count {
            let grown = chunks.last.map { min($0.size * 2, 1 << 24) } ?? ParseArena.firstChunk
            let size = max(grown, (bytes + 4095) & ~4095)
            let mapped = chunks.reduce(0) { $0 + $1.size }
            guard let base = ParseArena.map(size, huge: mapped + size <= ParseArena.kept) else {
                cursor = nil
                limit = nil
                return
            }
            chunks.append((base, size))
        }
        index += 1
        chunks.swapAt(index, k)
        cursor = chunks[index].base
        limit = chunks[index].base + chunks[index].size
        populated = chunks[index].size >= 1 << 21 ? cursor! : limit!   // a small chunk faults in as used
    }

    /// `size` bytes of fresh memory. With `huge`, a chunk of 2 MB or more is aligned to 2 MB and
    /// offered to the kernel as transparent huge pages: one fault per 2 MB instead of 512. Only the
    /// chunks a thread keeps between parses are: beyond them (a large document's tree), the kernel's
    /// compaction for huge pages makes the run's time erratic.
    private static func map(_ size: Int, huge wanted: Bool) -> UnsafeMutableRawPointer? {
        let huge = 1 << 21
        guard wanted, size >= huge, size % huge == 0 else {
            guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else { return nil }
            return base
        }
        guard let raw = mmap(nil, size + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else { return nil }
        let address = UInt(bitPattern: raw)
        let aligned = (address + UInt(huge) - 1) & ~UInt(huge - 1)
        let head = Int(aligned - address)
        if head > 0 { munmap(raw, head) }
        let base = raw + head
        if huge - head > 0 { munmap(base + size, huge - head) }
        #if os(Linux)
        madvise(base, size, MADV_HUGEPAGE)
        #endif
        return base
    }

    @inline(__always)
    private static func rounded(_ size: Int) -> Int { max(8, (size + 7) & ~7) }

    /// The common cases inline: a node, or a free block of the exact size; the rest in `allocateOther`.
    @inline(__always)
    func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let rounded = ParseArena.rounded(size)
        if rounded == nodes.blockSize, let block = nodes.allocate() { return block }
        if rounded < ParseArena.carved, let block = freeBlocks[rounded >> 3] {
            freeBlocks[rounded >> 3] = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        return allocateOther(rounded)
    }

    /// A block of `rounded` bytes (a multiple of 8) that is not a node from the slab.
    @inline(never)
    private func allocateOther(_ rounded: Int) -> UnsafeMutableRawPointer? {
        let total = rounded + ParseArena.header
        if rounded >= ParseArena.mappedAlone { return allocateAlone(rounded) }
        if rounded < ParseArena.carved {
            // A free block of this size, or one or two words larger (a literal takes the place of a
            // paragraph's buffer).
            let top = min(rounded >> 3 + 2, ParseArena.listed >> 3)
            for list in (rounded >> 3)...top {
                if let block = freeBlocks[list] {
                    freeBlocks[list] = block.load(as: UnsafeMutableRawPointer?.self)
                    return block
                }
            }
            if let block = carve(total) {
                block.storeBytes(of: rounded, as: Int.self)
                return block + ParseArena.header
            }
        }
        if cursor == nil || limit! - cursor! < total {
            newChunk(atLeast: total)
            guard cursor != nil else { return nil }
        }
        let block = cursor!
        cursor = block + total
        while cursor! > populated { populate() }
        block.storeBytes(of: rounded, as: Int.self)
        last = block + ParseArena.header
        return last
    }

    /// A large chunk's pages are asked for 256 KB ahead of the cursor, in one call, instead of one page
    /// fault per 4 KB page (further ahead is no faster, and asks for memory before it is used).
    private func populate() {
        let end = min(limit!, populated + ParseArena.ahead)
        ParseArena.askForPages(populated, end)
        populated = end
    }

    /// How far ahead of use pages are asked for (the chunks' and the node slab's).
    static let ahead = 1 << 18

    /// Asks the kernel for the pages of `start..<end` now, in one call.
    static func askForPages(_ start: UnsafeMutableRawPointer, _ end: UnsafeMutableRawPointer) {
        #if os(Linux)
        _ = madvise(start, end - start, MADV_POPULATE_WRITE)   // before Linux 5.14: EINVAL, pages fault in as used
        #endif
    }

    private func allocateAlone(_ rounded: Int) -> UnsafeMutableRawPointer? {
        let size = (rounded + ParseArena.header + 4095) & ~4095
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else { return nil }
        alone.append((base, size))
        base.storeBytes(of: rounded, as: Int.self)
        return base + ParseArena.header
    }

    /// `total` bytes (header included) cut from the freed large blocks, or nil when they are used up.
    private func carve(_ total: Int) -> UnsafeMutableRawPointer? {
        while carveLimit - carveCursor < total {
            guard let next = spare else { return nil }
            spare = next.load(as: UnsafeMutableRawPointer?.self)
            // What is left of the block being cut becomes a free block of its size.
            let left = carveLimit - carveCursor
            if left >= 2 * ParseArena.header {
                carveCursor.storeBytes(of: left - ParseArena.header, as: Int.self)
                let block = carveCursor + ParseArena.header
                block.storeBytes(of: freeBlocks[(left - ParseArena.header) >> 3], as: UnsafeMutableRawPointer?.self)
                freeBlocks[(left - ParseArena.header) >> 3] = block
            }
            carveCursor = next - ParseArena.header
            carveLimit = next + carveCursor.load(as: Int.self)
        }
        let block = carveCursor
        carveCursor += total
        return block
    }

    func allocateZeroed(_ size: Int) -> UnsafeMutableRawPointer? {
        guard let p = allocate(size) else { return nil }
        memset(p, 0, size)
        return p
    }

    func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size) }
        if nodes.contains(pointer) {
            if size <= nodes.blockSize { return pointer }
            guard let fresh = allocate(size) else { return nil }
            memcpy(fresh, pointer, nodes.blockSize)
            nodes.free(pointer)
            return fresh
        }
        let block = pointer - ParseArena.header
        let old = block.load(as: Int.self)
        let rounded = ParseArena.rounded(size)
        if rounded <= old { return pointer }
        #if os(Linux)
        if old >= ParseArena.mappedAlone, let k = alone.lastIndex(where: { $0.base == block }) {
            let size = (rounded + ParseArena.header + 4095) & ~4095
            guard let moved = outline_mremap(block, alone[k].size, size) else { return nil }
            alone[k] = (moved, size)
            moved.storeBytes(of: rounded, as: Int.self)
            return moved + ParseArena.header
        }
        #endif
        if pointer == last && rounded < ParseArena.mappedAlone && limit! - pointer >= rounded {
            cursor = pointer + rounded
            block.storeBytes(of: rounded, as: Int.self)
            return pointer
        }
        guard let fresh = allocate(size) else { return nil }
        memcpy(fresh, pointer, old)
        free(pointer)
        return fresh
    }

    func free(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        if nodes.contains(pointer) {
            nodes.free(pointer)
            return
        }
        if pointer == last {
            cursor = pointer - ParseArena.header
            last = nil
            return
        }
        let size = (pointer - ParseArena.header).load(as: Int.self)
        if size >= ParseArena.mappedAlone {
            let base = pointer - ParseArena.header
            if let k = alone.lastIndex(where: { $0.base == base }) {
                munmap(base, alone[k].size)
                alone.remove(at: k)
            }
        } else if size < ParseArena.carved {
            pointer.storeBytes(of: freeBlocks[size >> 3], as: UnsafeMutableRawPointer?.self)
            freeBlocks[size >> 3] = pointer
        } else {
            pointer.storeBytes(of: spare, as: UnsafeMutableRawPointer?.self)
            spare = pointer
        }
    }

    /// Everything free again. `keeping`: chunks up to `kept` bytes stay mapped for the next parse;
    /// else every chunk is unmapped.
    /// `everything`: every chunk and node page stays (a parse about as large follows at once).
    func reset(keeping: Bool, everything: Bool = false) {
        var total = 0
        var keep: [(base: UnsafeMutableRawPointer, size: Int)] = []
        for chunk in chunks {
            if keeping && (everything || total + chunk.size <= ParseArena.kept) {
                total += chunk.size
                keep.append(chunk)
            } else {
                munmap(chunk.base, chunk.size)
            }
        }
        chunks = keep
        nodes.reset(keeping: keeping, everything: everything)
        for block in alone { munmap(block.base, block.size) }
        alone = []
        index = -1
        cursor = nil
        limit = nil
        last = nil
        freeBlocks.update(repeating: nil, count: ParseArena.listed / 8 + 1)
        spare = nil
        carveCursor = UnsafeMutableRawPointer(bitPattern: 8)!
        carveLimit = carveCursor
    }

    deinit {
        for chunk in chunks + alone { munmap(chunk.base, chunk.size) }
        nodes.release()
        freeBlocks.deallocate()
    }

    /// Releases a thread's arena when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            if let raw { Unmanaged<ParseArena>.fromOpaque(raw).release() }
        }
        return key
    }()

    /// This thread's arena (made on first use). Never inlined: the thread-local that finds the arena
    /// lives in a `static inline` C function (Sources/CCmark/shim.h), and an optimized build emits one
    /// copy of it, with its own thread-local, into each file's object that calls it; every call must
    /// stay in this file, or the parser and the allocator callbacks would see two arenas (one never
    /// reset: a leak as large as every document parsed).
    @inline(never)
    static var ofThisThread: ParseArena {
        if let raw = outline_parse_arena_get() { return Unmanaged<ParseArena>.fromOpaque(raw).takeUnretainedValue() }
        let arena = ParseArena()
        let raw = Unmanaged.passRetained(arena).toOpaque()
        pthread_setspecific(key, raw)
        outline_parse_arena_set(raw)
        return arena
    }

    /// `body` on this thread's arena, without touching its reference count (the thread owns it).
    @inline(__always)
    private static func withCurrent<T>(_ body: (ParseArena) -> T) -> T {
        guard let raw = outline_parse_arena_get() else { return body(ofThisThread) }
        return Unmanaged<ParseArena>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }

    /// The allocator cmark is given: it forwards to the current thread's arena.
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let pointer = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        pointer.initialize(to: cmark_mem(
            calloc: { count, size in ParseArena.withCurrent { $0.allocateZeroed(count * size) } },
            realloc: { pointer, size in ParseArena.withCurrent { $0.reallocate(pointer, size) } },
            free: { pointer in ParseArena.withCurrent { $0.free(pointer) } }))
        return pointer
    }()
}
