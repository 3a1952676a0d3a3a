/// The four operations of `Run.sections` (format.md §18), each: the addressed file read and pinned,
/// the structural rewrites, then `finish` (the steps joined, the tree's links repaired).
extension Run {
    func replace(_ address: SectionAddress, text: [UInt8], allowRemoved: [RemovalPattern], ifHash: String?, tree: SectionTree) throws -> SectionChange {
        var change = SectionChange()
        let path = tree.key(address.path)
        let a = try addressed(address, ifHash: ifHash, tree: tree, change: &change)
        let input = try Run.about(Run.standardInput) { try SectionInput.replacing(a.index, of: a.pinned, with: text) }
        if !input.dropped.isEmpty {
            let kept = input.dropped.filter { id in !allowRemoved.contains { $0.matches(id: id, names: [path], topNames: []) } }
            let linked = try tree.inbound(to: Set(kept), in: tree.linked(path, a.pinned), skipping: SectionText.lines(of: a.index, in: a.pinned))
            if let first = linked.first {
                let ids = Array(Set(linked.map(\.id))).sorted()
                let places = linked.prefix(5).map { "\($0.path):\($0.line)" }.joined(separator: ", ") + (linked.count > 5 ? ", …" : "")
                throw Diagnostic.error(.refused, line: a.pinned.sections[a.index].heading.firstLine + 1,
                                       "refusing: the new text leaves out \(ids.map { "'\($0)'" }.joined(separator: ", ")), which \(linked.count) link\(linked.count == 1 ? "" : "s") point\(linked.count == 1 ? "s" : "") at (\(places)): keep its heading and anchor line, move it first ('outline move'), or accept the removal with --allow-removed \(path)#\(first.id)")
                    .about(.section(first.id)).located(in: path)
            }
        }
        change.removed = input.dropped
        let result = try Run.about(path) { try SectionEdit.replace(a.pinned, section: a.index, with: input) }
        try finish(&change, tree: tree, steps: [(path, a.pinned, [a.pins.rewrite, result.rewrite])], moves: [:],
                   section: (path, a.pinned.sections[a.index].id))
        return change
    }

    func insert(into file: String, placement: SectionPlacement, relativeTo: String, text: [UInt8], tree: SectionTree) throws -> SectionChange {
        var change = SectionChange()
        let path = tree.key(file)
        let original = try tree.outline(file)
        try refuseFolded(original, path)
        let (k, warnings) = try locate(SectionAddress(path: file, fragment: relativeTo), in: tree.linked(path, original), tree: tree)
        change.diagnostics += warnings
        let (position, level) = SectionEdit.position(placement, of: k, in: original)
        let input = try Run.about(Run.standardInput) { try SectionInput.inserting(text, level: level, into: original) }
        let lines = try Run.about(path) { try SectionLines(text: input.outline, gap: 1).shifted(by: input.shift, syntax: original.dialect.commentSyntax) }
        let planned = SectionEdit.planned(input.outline, input.outline.sections.indices, shift: input.shift)
        let result = try Run.about(path) { try SectionEdit.put(lines, into: original, at: position, planned: planned) }
        try finish(&change, tree: tree, steps: [(path, original, [result.rewrite])], moves: [:], section: (path, input.outline.sections[0].id))
        return change
    }

    func move(_ address: SectionAddress, to destination: String, placement: SectionPlacement?, relativeTo: String?, ifHash: String?,
              tree: SectionTree) throws -> SectionChange {
        var change = SectionChange()
        let from = tree.key(address.path), to = tree.key(destination)
        let same = from == to
        let other = same ? nil : try tree.outline(destination)
        if let other { try refuseFolded(other, to) }
        let theirs = Set((other?.sections.filter(\.anchored).map(\.id) ?? []) + (other?.records.compactMap(\.id) ?? []))
        // Sections that travel without an anchor are pinned first, with IDs both files leave free.
        let a = try addressed(address, ifHash: ifHash, tree: tree, change: &change) { outline, k in
            let moving = SectionEdit.subtree(k, in: outline)
            var allocator = IDAllocator()
            for id in theirs { allocator.reserve(id) }
            for r in outline.records { if let id = r.id { allocator.reserve(id) } }
            for (j, s) in outline.sections.enumerated() where s.anchored || !moving.contains(j) { allocator.reserve(s.id) }
            var wanted: [Int: String] = [:]
            for j in moving where !outline.sections[j].anchored { wanted[j] = allocator.allocate(outline.sections[j].id) }
            return wanted
        }
        let moving = SectionEdit.subtree(a.index, in: a.pinned)
        let section = a.pinned.sections[a.index]
        let ids = moving.map { a.pinned.sections[$0].id }
        if let clash = ids.first(where: theirs.contains) {
            throw Diagnostic.error(.refused, "refusing: \(to) has a section '\(clash)' already; IDs are unique in a file: rename one of them first ('outline id' gives a fresh ID to a copy)")
                .about(.section(clash)).located(in: to)
        }
        if same, let relativeTo, ids.contains(relativeTo) {
            throw Diagnostic.error(.refused, "refusing: '\(relativeTo)' is section '\(section.id)' or one of its subsections: a section cannot move \(placement?.rawValue ?? "into") itself").located(in: from)
        }
        let (cut, lines) = try Run.about(from) { try SectionEdit.cut(a.pinned, section: a.index) }
        let target = same ? try tree.outline(from, bytes: cut.output) : other!
        if !same { try refuseSplitDefinitions(a.pinned, remaining: try tree.outline(from, bytes: cut.output), moved: lines, line: section.heading.firstLine + 1, tree: tree, from: from, to: to) }
        var position = SectionEdit.Landing.end, level = section.heading.level
        if let placement, let relativeTo {
            let (j, warnings) = try locate(SectionAddress(path: destination, fragment: relativeTo), in: tree.linked(to, target), tree: tree)
            change.diagnostics += warnings
            (position, level) = SectionEdit.position(placement, of: j, in: target)
        }
        if target.dialect.mdx && !a.pinned.dialect.mdx, let line = lines.htmlComments.first {
            throw Diagnostic.error(.refused, line: section.heading.blockStartLine + line + 1,
                                   "refusing: an HTML comment in the section would go into \(to), which MDX reads and which rejects HTML comments: write it as {/* … */} first").located(in: from)
        }
        let shift = level - section.heading.level
        let shifted = try Run.about(from) { try lines.shifted(by: shift, syntax: target.dialect.commentSyntax) }
        let put = try Run.about(to) { try SectionEdit.put(shifted, into: target, at: position, planned: SectionEdit.planned(a.pinned, moving, shift: shift)) }
        if same {
            try finish(&change, tree: tree, steps: [(from, a.pinned, [a.pins.rewrite, cut.rewrite, put.rewrite])], moves: [:], section: (to, section.id))
        } else {
            var moves: [LinkRepair.MoveKey: (to: [String], unrelated: [String])] = [:]
            for id in ids { moves[LinkRepair.MoveKey(path: FilePath.normalize(from), id: id)] = ([to], []) }
            try finish(&change, tree: tree, steps: [(from, a.pinned, [a.pins.rewrite, cut.rewrite]), (to, other!, [put.rewrite])], moves: moves, section: (to, section.id))
        }
        return change
    }

    func rename(_ address: SectionAddress, to title: String, ifHash: String?, tree: SectionTree) throws -> SectionChange {
        var change = SectionChange()
        let path = tree.key(address.path)
        let a = try addressed(address, ifHash: ifHash, tree: tree, change: &change)
        let result = try Run.about(path) { try SectionEdit.rename(a.pinned, section: a.index, to: title) }
        try finish(&change, tree: tree, steps: [(path, a.pinned, [a.pins.rewrite, result.rewrite])], moves: [:], section: (path, a.pinned.sections[a.index].id))
        return change
    }

    /// A reference link and its definition must stay in one file: a definition (a document's last
    /// lines often hold them all) that leaves with the section would break the links that stay, and
    /// one that stays would break the section's links in their new file. Every local link of the
    /// file (the links outline keeps) is a link of what stays or of the section read alone, or the
    /// move is refused, naming them.
    func refuseSplitDefinitions(_ original: Outline, remaining: Outline, moved: SectionLines, line: Int, tree: SectionTree, from: String, to: String) throws {
        var bytes: [UInt8] = []
        for line in moved.lines { bytes += line + [ASCII.lf] }
        let alone = try tree.outline(from, bytes: bytes)
        var count: [String: Int] = [:]
        for link in original.links?.links ?? [] { count[link.destination, default: 0] += 1 }
        for link in (remaining.links?.links ?? []) + (alone.links?.links ?? []) { count[link.destination, default: 0] -= 1 }
        let split = count.filter { $0.value != 0 }.keys.sorted()
        guard let first = split.first else { return }
        let named = split.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (split.count > 3 ? ", …" : "")
        throw Diagnostic.error(.refused, line: line,
                               "refusing: reference links to \(named) would be parted from their definitions (the section would take them to \(to), or leave them in \(from)): put each definition in the part its links are in, then move")
            .about(.link(first)).located(in: from)
    }

    func refuseFolded(_ outline: Outline, _ path: String) throws {
        guard outline.isFoldedView else { return }
        throw Diagnostic.error(.foldedView, "\(path) is a folded view: unfold it first ('outline unfold --from ORIGINAL')").located(in: path)
    }
}
