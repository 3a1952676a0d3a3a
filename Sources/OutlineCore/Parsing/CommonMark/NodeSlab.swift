#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCmark

/// Blocks of one size, `blockSize` bytes (libcmark 0.30's node: 400,000 of the 600,000 blocks of a
/// tree of 100,000 sections), with no header: they come from one range of addresses reserved for them,
/// so a pointer's place says its size. That is 8 bytes less per node. The range is reserved without memory (`PROT_NONE`) and opened a few megabytes
/// at a time as nodes are made; its pages are asked for ahead, as a chunk's are. When the range cannot
/// be reserved, or is used up, the arena's other blocks serve nodes too (with headers).
final class NodeSlab {
    let blockSize: Int
    /// How much of the range keeps its pages between documents (offered as transparent huge pages).
    private let kept: Int
    private var mapping: UnsafeMutableRawPointer? = nil
    private var base: UnsafeMutableRawPointer? = nil
    private var reserved = 0
    private var end: UnsafeMutableRawPointer? = nil
    /// The next block never handed out.
    private var cursor: UnsafeMutableRawPointer? = nil
    /// The end of the part opened for reading and writing, and of the part whose pages were asked for.
    private var opened: UnsafeMutableRawPointer? = nil
    private var populated: UnsafeMutableRawPointer? = nil
    /// Freed blocks, linked through their first word.
    private var freed: UnsafeMutableRawPointer? = nil
    private var unavailable = false
    private static let opening = 1 << 22
    private static let hugePage = 1 << 21

    init(blockSize: Int, kept: Int) {
        self.blockSize = blockSize
        self.kept = kept
    }

    @inline(__always)
    func contains(_ pointer: UnsafeMutableRawPointer) -> Bool {
        guard let base, let end else { return false }
        return pointer >= base && pointer < end
    }

    /// A freed block, or the next one within the pages asked for already: a few instructions, inlined
    /// into the arena's `allocate` (cmark makes a node for every block and inline).
    @inline(__always)
    func allocate() -> UnsafeMutableRawPointer? {
        if let block = freed {
            freed = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        if let block = cursor, let populated, populated - block >= blockSize {
            cursor = block + blockSize
            return block
        }
        return allocateBeyond()
    }

    /// The next block when it lies beyond the pages asked for: the range reserved first, then opened
    /// and its pages asked for as needed.
    @inline(never)
    private func allocateBeyond() -> UnsafeMutableRawPointer? {
        if cursor == nil {
            guard !unavailable, reserve() else { return nil }
        }
        guard let block = cursor, end! - block >= blockSize else { return nil }
        let next = block + blockSize
        if next > opened! {
            let upto = min(end!, opened! + NodeSlab.opening)
            guard mprotect(opened!, upto - opened!, PROT_READ | PROT_WRITE) == 0 else { return nil }
            #if os(Linux)
            if opened! < base! + kept { _ = madvise(opened!, min(upto, base! + kept) - opened!, MADV_HUGEPAGE) }
            #endif
            opened = upto
        }
        if next > populated! {
            // 256 KB ahead once the slab is that big; before, as much as is used, from 64 KB (a small
            // document asks for little more than it needs).
            let ahead = min(ParseArena.ahead, max(1 << 16, block - base!))
            let upto = min(opened!, populated! + ahead)
            ParseArena.askForPages(populated!, upto)
            populated = upto
        }
        cursor = next
        return block
    }

    func free(_ block: UnsafeMutableRawPointer) {
        block.storeBytes(of: freed, as: UnsafeMutableRawPointer?.self)
        freed = block
    }

    /// Reserves the range: 16 GiB of addresses if the system lets it (a limit on address space may
    /// not), else less.
    private func reserve() -> Bool {
        for size in [1 << 34, 1 << 30, 1 << 27] {
            if let raw = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0), raw != MAP_FAILED {
                mapping = raw
                reserved = size
                // From a 2 MB boundary: the `kept` bytes are offered as transparent huge pages, as the
                // chunks a thread keeps are (nodes are most of a tree).
                let start = raw + (NodeSlab.hugePage - Int(bitPattern: UInt(bitPattern: raw)) % NodeSlab.hugePage) % NodeSlab.hugePage
                base = start
                end = raw + size
                cursor = start
                opened = start
                populated = start
                return true
            }
        }
        unavailable = true
        return false
    }

    /// Every block free again. `keeping`: the pages of the first `kept` bytes stay for the next
    /// document, the rest go back to the system; else all of them go, and the range.
    func reset(keeping: Bool, everything: Bool = false) {
        freed = nil
        guard let base, cursor != nil else { return }
        guard keeping else {
            release()
            return
        }
        if !everything && populated! > base + kept {
            #if os(Linux)
            _ = madvise(base + kept, populated! - (base + kept), MADV_DONTNEED)
            #endif
            populated = base + kept
        }
        cursor = base
    }

    func release() {
        if let mapping { munmap(mapping, reserved) }
        mapping = nil
        base = nil
        end = nil
        cursor = nil
        opened = nil
        populated = nil
        freed = nil
    }
}
