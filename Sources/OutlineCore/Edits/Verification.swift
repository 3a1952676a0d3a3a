/// Every rewrite is parsed again and checked before anyone sees it (format.md §9; the man page's TRUSTED
/// REWRITES): the safety net black and gofmt users trust ("the result must parse to the same thing"),
/// which turns any locator bug left into a refusal instead of a corruption.
///
/// What is checked, whatever the command:
/// - **Sections**: the result's sections are exactly the planned ones (ID, title, level, number and
///   anchoring where the plan says; order and levels give the parents).
/// - **Structure outside the edits**: every top-level block that starts on a line no edit touched
///   starts, in the result, on that line (shifted by the lines edits added or removed) with the same
///   kind, and no other block starts on such a line. A body that now runs into the next heading, an
///   HTML block that swallows the lines after it, a list that continues: all change this.
/// And, for rewrites that edit inside blocks (`links`, and `number`'s link edits):
/// - **Touched blocks**: every top-level block an edit falls in has, in the result's parse, the same
///   leaf blocks, node types and literals as in the input's (link destinations and the values of raw
///   HTML's `href`s left out: the next check holds them to the plan), except headings the plan
///   renumbers, outline's own lines and TOC blocks: a code span or a comment that changed shows here.
/// - **Links**: every link destination is as it was, or is what the plan rewrites that destination
///   to; every link the plan rewrites has its new destination; raw HTML keeps its attributes, and
///   their values but for planned `href`s.
///
/// A mismatch throws `refusing to write: …` at the line it is about: the caller writes nothing (exit 2).
public enum Verification {
    /// What one section of the result must be; nil fields are not checked.
    public struct Expected: Sendable, Equatable {
        public var id: String?
        public var title: String?
        public var level: Int
        /// `.some(nil)`: must have no number.
        public var number: String??
        public var anchored: Bool?
        /// The heading's trailing `{#id}` (`.some(nil)`: none).
        public var explicitID: String?? = nil

        public init(id: String?, title: String?, level: Int, number: String?? = nil, anchored: Bool? = nil) {
            self.id = id
            self.title = title
            self.level = level
            self.number = number
            self.anchored = anchored
        }
    }

    /// The sections of `outline` as they are: what a rewrite that keeps them must give.
    public static func unchanged(_ outline: Outline) -> [Expected] {
        outline.sections.map { Expected(id: $0.anchored ? $0.id : nil, title: $0.title, level: $0.heading.level,
                                        number: .some($0.number), anchored: $0.anchored) }
    }

    /// Link destinations a rewrite may change, and how.
    public struct LinkPlan: Sendable {
        /// Original destination → new destination (decisions depend on the destination alone).
        public var rewrites: [String: String] = [:]
        /// Indices into the original's `links.links` that must change.
        public var mustChange: Set<Int> = []
        /// Link → its new destination where it differs from `rewrites` (moved text: the same
        /// destination means another place there).
        public var perNode: [Int: String] = [:]
        /// Original `href` → other destinations it may become (moved text).
        public var alsoAllowed: [String: Set<String>] = [:]
        /// Reference definitions the link view leaves out (a label defined again later), by 0-based
        /// line, with the destination each must read: verified on their own lines.
        public var shadowedDefinitions: [Int: String] = [:]
        /// Hugo `ref` shortcodes whose argument is rewritten, by the argument's offset, with the
        /// argument each must read: Hugo reads shortcodes before the Markdown, so they are verified
        /// as shortcodes (`checkShortcodes`), not as the paragraph text cmark sees.
        public var shortcodeArguments: [Int: ShortcodeArgument] = [:]
        /// Headings may change their text (numbering).
        public var headingsChange = false
        /// 0-based line ranges of the original whose leaves are not compared (a TOC being rewritten).
        public var skipLines: [Range<Int>] = []
        /// The 0-based line ranges of the result whose links are not compared (the TOC rewritten
        /// there); the transform that rewrites it says where they are.
        public var resultSkipLines: (@Sendable (Outline) -> [Range<Int>])? = nil

        public init() {}
    }

    /// `result`, the rewrite of `original`, once it verified against the plan; throws a located refusal.
    /// `pageRecord`: the attributes the result's page record must have, in order (format.md §17); nil:
    /// the rewrite does not write it.
    public static func verified(_ original: Outline, _ result: RewriteResult, sections: [Expected], links: LinkPlan? = nil,
                                pageRecord: [(key: String, value: String)]? = nil) throws -> RewriteResult {
        var result = result
        if let (range, bytes) = injections.edit(for: original) {
            var edits = EditList()
            for e in result.rewrite.edits { edits.replace(e.range, with: e.replacement) }
            edits.replace(range, with: bytes)
            result = RewriteResult(edits, on: original.source.bytes, diagnostics: result.diagnostics, foldState: result.foldState)
        }
        try verify(original, result, sections: sections, links: links, pageRecord: pageRecord)
        return result
    }

    static func verify(_ original: Outline, _ result: RewriteResult, sections: [Expected], links: LinkPlan?,
                       pageRecord: [(key: String, value: String)]? = nil) throws {
        let rewrite = result.rewrite
        if rewrite.isIdentity { return }
        // MDX's JavaScript is opaque (format.md §16): an edit leaves each ESM block and expression
        // alone or takes it whole (a fold hiding its section), never writes into one, which is
        // what a heading read inside a template literal would make `id` do.
        if original.dialect.mdx, let inside = MDXCode.editInside(original.source, hiddenLines: original.frontMatterLineCount, edits: rewrite.edits.map(\.range)) {
            throw refuse(original.source.line(containing: inside), "an edit falls inside MDX code (an ESM block or an expression), which is never edited")
        }
        let output = Source(rewrite.output)
        let withLinks = links != nil && original.links != nil
        // Links are compared on the text that holds them: with a site's containers, the view of each
        // side (format.md §9, §16: a body the generator reads as Markdown is judged on its own parse).
        // A definition the view leaves out is checked on its own line (`checkShadowed`), a `ref`'s
        // argument as a shortcode (`checkShortcodes`).
        let exempt = links.map { plan in { (edit: Edit) in
            plan.shortcodeArguments[edit.range.lowerBound] != nil || plan.shadowedDefinitions[original.source.line(containing: edit.range.lowerBound)] != nil
        } } ?? { _ in false }
        var linkEdits = rewrite.edits.filter { !exempt($0) }
        var linkOutput = output
        if withLinks, let view = original.linkView {
            linkEdits = try linkEdits.map { edit in
                guard let start = view.viewOffset(edit.range.lowerBound), let end = view.viewOffset(edit.range.upperBound),
                      end - start == edit.range.count else {
                    throw refuse(original.source.line(containing: edit.range.lowerBound), "an edit falls on text the site's containers leave out")
                }
                return Edit(range: start..<end, replacement: edit.replacement)
            }
            var edits = EditList()
            for e in linkEdits { edits.replace(e.range, with: e.replacement) }
            linkOutput = Source(RewriteResult(edits, on: view.source.bytes).output)
        }
        // The blocks a rewrite edits inside are known before the result is parsed: that parse hashes
        // them, and only them.
        let touched = withLinks ? touchedBlocks(original, linkEdits, linkOutput, plan: links!) : []
        // The result's inventory need hold only destinations and raw HTML (a lean walk).
        let parsed = Outline(try Document(source: output, parserMemory: original.verificationMemory, links: withLinks, fingerprints: !touched.isEmpty,
                                          fingerprintLines: touched.map(\.resultLines), lean: true, dialect: original.dialect))
        if withLinks && (parsed.linkView == nil) != (original.linkView == nil) {
            throw refuse(nil, "the rewrite would change which text the site reads as Markdown")
        }
        if original.verificationMemory == .lastDocument { original.keeper?.keep(parsed) }
        try checkSections(parsed, sections)
        try checkStructure(original, parsed, rewrite)
        if let pageRecord {
            // The page record is read only as the last non-blank line: a file that ends inside a
            // fence or an HTML block would take it in as text.
            let found = parsed.pageRecord.map { $0.problem == nil ? $0.tokens.map(\.text) : [] }
            if found != pageRecord.map({ $0.key + "=" + $0.value }) {
                throw refuse(parsed.source.lineCount - 1, "the page record would not be read as written (does the file end inside a code block or HTML?)")
            }
        }
        if let links, !links.shadowedDefinitions.isEmpty { try checkShadowed(original, parsed, links.shadowedDefinitions) }
        if let links, !links.shortcodeArguments.isEmpty { try checkShortcodes(original, parsed, links.shortcodeArguments) }
        if let links, let before = original.links, let after = parsed.links {
            try checkTouchedBlocks(original, parsed, touched)
            // A table of contents being rewritten may gain or lose entries (a heading numbered out of
            // emptiness): its links are left out on both sides, as its lines are from the leaf checks.
            let tocLines = links.skipLines.isEmpty ? [] : links.resultSkipLines?(parsed) ?? []
            try checkLinks(before, after, plan: links, afterSkip: tocLines)
            try checkHTML(before, after, plan: links)
        }
    }

    static func refuse(_ line: Int?, _ what: String) -> Diagnostic {
        .error(.refused, line: line.map { $0 + 1 }, "refusing to write: \(what)")
    }

    private static func checkSections(_ result: Outline, _ expected: [Expected]) throws {
        // Fields are read in place: a copy of a section or of an expectation retains and releases each
        // of their strings, for every section of the result.
        let sections = result.sections
        for k in expected.indices {
            guard k < sections.count else {
                throw refuse(sections.last?.heading.firstLine,
                             "the result would have \(sections.count) sections where \(expected.count) are planned (section '\(expected[k].title ?? expected[k].id ?? "?")' would be lost)")
            }
            let line = sections[k].heading.firstLine
            if sections[k].heading.level != expected[k].level {
                throw refuse(line, "section '\(sections[k].title)' would be a level-\(sections[k].heading.level) heading, not level \(expected[k].level)")
            }
            if let title = expected[k].title, sections[k].title != title {
                throw refuse(line, "the heading planned as '\(title)' would read '\(sections[k].title)'")
            }
            if let id = expected[k].id, sections[k].id != id {
                throw refuse(line, "section '\(sections[k].title)' would have the ID '\(sections[k].id)', not '\(id)'")
            }
            if let anchored = expected[k].anchored, sections[k].anchored != anchored {
                throw refuse(line, "section '\(sections[k].title)' would \(sections[k].anchored ? "have" : "lack") an anchor")
            }
            if let explicit = expected[k].explicitID, sections[k].explicitID != explicit {
                throw refuse(line, "the heading of section '\(sections[k].title)' would end in \(sections[k].explicitID.map { "{#\($0)}" } ?? "no {#id}"), not \(explicit.map { "{#\($0)}" } ?? "none")")
            }
            if let number = expected[k].number, sections[k].number != number {
                throw refuse(line, "section '\(sections[k].title)' would be numbered '\(sections[k].number ?? "none")', not '\(number ?? "none")'")
            }
        }
        if sections.count > expected.count {
            let extra = sections[expected.count]
            throw refuse(extra.heading.firstLine, "the result would have a section '\(extra.title)' that is not planned")
        }
    }

    /// Top-level blocks on lines no edit touched are where they were (see the type's comment).
    private static func checkStructure(_ original: Outline, _ result: Outline, _ rewrite: Rewrite) throws {
        let source = original.source
        let lineCount = source.lineCount
        // For each original line: its line in the result, or -1 when an edit touches it.
        var mapped = [Int32](repeating: 0, count: lineCount + 1)
        var delta = 0
        var line = 0
        // The edits are sorted: the line holding an offset (`Source.line(containing:)`) is found by
        // walking on from the last one.
        var at = 0
        func lineOf(_ offset: Int) -> Int {
            while at < lineCount && source.lineStarts[at + 1] <= offset { at += 1 }
            return at
        }
        for edit in rewrite.edits {
            let first = lineOf(edit.range.lowerBound)
            while line < first && line < lineCount { mapped[line] = Int32(line + delta); line += 1 }
            let touchedEnd: Int   // exclusive
            if edit.range.isEmpty {
                touchedEnd = source.lineStarts[first] == edit.range.lowerBound ? first : first + 1
            } else {
                touchedEnd = lineOf(edit.range.upperBound - 1) + 1
            }
            while line < touchedEnd && line < lineCount { mapped[line] = -1; line += 1 }
            delta += lineBreaks(edit.replacement) - lineBreaks(source.bytes[edit.range])
        }
        while line < lineCount { mapped[line] = Int32(line + delta); line += 1 }
        // Both lists are in document order, and the mapping keeps order: one merge, no hashing (a
        // large document has a top-level block every few lines).
        let resultLines = result.source.lineCount + 1
        var untouched = [Bool](repeating: false, count: resultLines)
        for l in 0..<lineCount where mapped[l] >= 0 && Int(mapped[l]) < resultLines { untouched[Int(mapped[l])] = true }
        var expectedStart = [Bool](repeating: false, count: resultLines)
        var r = 0
        let after = result.blockStarts
        for block in original.blockStarts {
            let at = Int(block >> 8)
            guard at < lineCount, mapped[at] >= 0 else { continue }
            let want = Int(mapped[at]), type = UInt8(block & 0xFF)
            if want < resultLines { expectedStart[want] = true }
            while r < after.count && Int(after[r] >> 8) < want { r += 1 }
            let found = r < after.count && Int(after[r] >> 8) == want ? UInt8(after[r] & 0xFF) : nil
            if found != type {
                throw refuse(want, "the \(kindName(type)) at line \(at + 1) of the input would \(found.map { "become a \(kindName($0))" } ?? "run into the block before it")")
            }
        }
        // No block may start on an untouched line where none started.
        for block in after {
            let at = Int(block >> 8)
            if at < resultLines, untouched[at], !expectedStart[at] {
                throw refuse(at, "a new \(kindName(UInt8(block & 0xFF))) would start at line \(at + 1) of the result, in text no edit touched")
            }
        }
    }

    /// Line endings (LF, CRLF or a lone CR) in `bytes`, found as `Source` finds its lines (an
    /// unfolded section's body is all replacement).
    static func lineBreaks(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var count = 0
            Source.lineEnds(in: b, { _ in count += 1 }, nul: {})
            return count
        }
    }

    private static func kindName(_ type: UInt8) -> String {
        switch type {
        case 2: return "block quote"
        case 3: return "list"
        case 5: return "code block"
        case 6: return "HTML block"
        case 8: return "paragraph"
        case 9: return "heading"
        case 10: return "thematic break"
        default: return "block"
        }
    }

    /// Top-level blocks of the original that an edit falls in, with where they stand in the result.
    struct TouchedBlocks {
        /// Indices into the original's `blockStarts`.
        var blocks: ClosedRange<Int>
        /// The 0-based lines of the original those blocks start on, up to the next block.
        var lines: Range<Int>
        /// The 0-based lines of the result that blocks standing for them start on.
        var resultLines: Range<Int>
    }

    /// Every run of top-level blocks an edit falls in (but runs made only of headings the plan
    /// renumbers, outline's own lines and TOC blocks, which their own rules check), in document
    /// order. A block whose raw HTML has an `href` rewritten is compared like any other: its
    /// fingerprint leaves `href` values out, as it leaves link destinations out.
    static func touchedBlocks(_ original: Outline, _ edits: [Edit], _ output: Source, plan: LinkPlan) -> [TouchedBlocks] {
        let source = original.linkSource
        guard !edits.isEmpty else { return [] }
        let starts = original.linkBlockStarts.map { Int($0 >> 8) }
        let types = original.linkBlockStarts.map { UInt8($0 & 0xFF) }
        var recordLines = Set<Int>()
        for record in original.records { recordLines.insert(record.line) }
        // Result offset of an original offset that no edit straddles: where a block starts, after what
        // is inserted there (it belongs before the block); where it ends, before it.
        var cumulative: [Int] = []
        var delta = 0
        for e in edits { delta += e.replacement.count - e.range.count; cumulative.append(delta) }
        func mapped(_ offset: Int, asEnd: Bool) -> Int {
            var lo = 0, hi = edits.count
            while lo < hi { let mid = (lo + hi) / 2; if edits[mid].range.upperBound <= offset { lo = mid + 1 } else { hi = mid } }
            if asEnd { while lo > 0 && edits[lo - 1].range.isEmpty && edits[lo - 1].range.lowerBound == offset { lo -= 1 } }
            return offset + (lo == 0 ? 0 : cumulative[lo - 1])
        }
        func blockIndex(ofLine line: Int) -> Int? {
            var lo = 0, hi = starts.count
            while lo < hi { let mid = (lo + hi) / 2; if starts[mid] <= line { lo = mid + 1 } else { hi = mid } }
            return lo == 0 ? nil : lo - 1
        }
        var runs: [TouchedBlocks] = []
        var k = 0
        while k < edits.count {
            let line = source.line(containing: edits[k].range.lowerBound)
            // A table of contents being rewritten whole is checked by `toc`'s own rules.
            if plan.skipLines.contains(where: { $0.contains(line) }) { k += 1; continue }
            guard let b = blockIndex(ofLine: line) else { k += 1; continue }
            // Whole lines put before a block (a record under a heading) are not in it: the structure
            // check holds the block to its line, and the sections check the lines.
            if edits[k].range.isEmpty && edits[k].range.lowerBound == source.lineStarts[starts[b]],
               let lastByte = edits[k].replacement.last, lastByte == ASCII.lf || lastByte == ASCII.cr {
                k += 1
                continue
            }
            // The block, grown over the next ones while an edit runs past its end.
            var last = b
            var end = last + 1 < starts.count ? source.lineStarts[starts[last + 1]] : source.bytes.count
            // An insertion at the very end of the input belongs to the last block.
            if edits[k].range.lowerBound >= end { end = edits[k].range.lowerBound + 1 }
            while k < edits.count && edits[k].range.lowerBound < end {
                while edits[k].range.upperBound > end && last + 1 < starts.count {
                    last += 1
                    end = last + 1 < starts.count ? source.lineStarts[starts[last + 1]] : source.bytes.count
                }
                k += 1
            }
            // A deletion of a record may run from the heading line's end into the record's block.
            func ownRules(_ i: Int) -> Bool {
                types[i] == 9 && plan.headingsChange || recordLines.contains(starts[i])
                    || plan.skipLines.contains(where: { $0.contains(starts[i]) })
            }
            if (b...last).allSatisfy(ownRules) { continue }
            end = min(end, source.bytes.count)
            let start = source.lineStarts[starts[b]]
            // The result's blocks that stand for these: those starting on a line that holds a byte of
            // the mapped range (text inserted before or after it, a record line, is not theirs).
            let from = mapped(start, asEnd: false), to = max(from, mapped(end, asEnd: true))
            let resultLines = from < to ? output.line(containing: from)..<(output.line(containing: to - 1) + 1) : output.line(containing: from)..<output.line(containing: from)
            let run = TouchedBlocks(blocks: b...last, lines: starts[b]..<(last + 1 < starts.count ? starts[last + 1] : source.lineCount + 1),
                                    resultLines: resultLines)
            // An insertion at the very end of the input comes after the edits of the last block: one run.
            if let previous = runs.last, b <= previous.blocks.upperBound {
                runs[runs.count - 1] = TouchedBlocks(
                    blocks: previous.blocks.lowerBound...max(previous.blocks.upperBound, last),
                    lines: previous.lines.lowerBound..<max(previous.lines.upperBound, run.lines.upperBound),
                    resultLines: previous.resultLines.lowerBound..<max(previous.resultLines.upperBound, run.resultLines.upperBound))
            } else {
                runs.append(run)
            }
        }
        return runs
    }

    /// Every run of touched blocks has the same leaf blocks, node types and literals before and after,
    /// link destinations aside (the type's comment). Both sides are hashed by the whole document's
    /// parse: the original's when it was parsed with fingerprints (the rewriting commands ask for them;
    /// it hashes the blocks that can hold a destination), else, or when a run holds a block it left
    /// out, one more parse of the original that hashes these blocks; the result's by the verification
    /// parse. (Each run parsed on its own, before and after, was two parses per paragraph
    /// a link was repaired in: a quarter of a renumbering's time, and a document's definitions unseen.)
    private static func checkTouchedBlocks(_ original: Outline, _ result: Outline, _ runs: [TouchedBlocks]) throws {
        guard !runs.isEmpty else { return }
        func blocks(_ run: TouchedBlocks) -> Range<Int> { run.blocks.lowerBound..<(run.blocks.upperBound + 1) }
        var before = original.links ?? LinkInventory()
        if before.leafStarts.count != original.linkBlockStarts.count || runs.contains(where: { before.leafPrints(ofBlocks: blocks($0)) == nil }) {
            // (A view is parsed as it is: its containers are already its text. MDX's comment lines
            // are shown to cmark as the first parse showed them.)
            var asParsed = Dialect.commonMark
            asParsed.mdx = original.dialect.mdx
            before = try Document(source: original.linkSource, parserMemory: .keepForNextDocument, fingerprints: true,
                                  fingerprintLines: runs.map(\.lines), lean: true, dialect: asParsed).links ?? LinkInventory()
        }
        guard let after = result.links, after.leafStarts.count == result.linkBlockStarts.count else {
            throw refuse(nil, "the result's blocks could not be compared with the input's")
        }
        let resultStarts = result.linkBlockStarts
        func firstBlock(atOrAfter line: Int) -> Int {
            var lo = 0, hi = resultStarts.count
            while lo < hi { let mid = (lo + hi) / 2; if Int(resultStarts[mid] >> 8) < line { lo = mid + 1 } else { hi = mid } }
            return lo
        }
        for run in runs {
            // The result's blocks starting on the run's lines (all hashed: the parse was asked for them).
            let resultBlocks = firstBlock(atOrAfter: run.resultLines.lowerBound)..<firstBlock(atOrAfter: run.resultLines.upperBound)
            guard let was = before.leafPrints(ofBlocks: blocks(run)), let now = after.leafPrints(ofBlocks: resultBlocks), was == now else {
                let first = run.lines.lowerBound
                throw refuse(first, "the block at line \(first + 1) of the input would change beyond its link destinations")
            }
        }
    }

    /// Each rewritten definition the view leaves out reads its planned destination on its line of
    /// the result, with the same label, and is still one the result's view leaves out (no line
    /// moves: a destination holds no line ending).
    private static func checkShadowed(_ original: Outline, _ result: Outline, _ planned: [Int: String]) throws {
        let stillShadowed = Set((result.linkView?.shadowed ?? []).map(\.line))
        for (line, destination) in planned {
            guard let was = ShadowedDefinition(original.source, line: line + 1), let now = ShadowedDefinition(result.source, line: line + 1),
                  now.label == was.label, now.destination == destination, stillShadowed.contains(line + 1) else {
                throw refuse(line, "the reference definition at line \(line + 1) would not read '\(destination)'")
            }
        }
    }

    /// A `ref`'s new argument: the bytes written where the old one stood (quoted where the old was
    /// not and must now be), and the argument Hugo must read from them.
    public struct ShortcodeArgument: Sendable, Equatable {
        public var written: String
        public var argument: String
    }

    /// The result holds the same `ref` shortcodes in the same order, each as it was but for the
    /// bytes of its planned argument, from which it reads the planned argument, whole.
    private static func checkShortcodes(_ original: Outline, _ result: Outline, _ planned: [Int: ShortcodeArgument]) throws {
        let before = RefShortcode.scan(original.source, hiddenLines: original.frontMatterLineCount)
        let after = RefShortcode.scan(result.source, hiddenLines: result.frontMatterLineCount)
        guard before.count == after.count else {
            throw refuse(nil, "the result would hold \(after.count) ref shortcodes where the input holds \(before.count)")
        }
        for (was, now) in zip(before, after) {
            let old = Array(was.text.utf8)
            let start = was.range.lowerBound - was.whole.lowerBound, end = was.range.upperBound - was.whole.lowerBound
            let plan = planned[was.range.lowerBound]
            let expected = plan.map { String(decoding: old[..<start] + Array($0.written.utf8) + old[end...], as: UTF8.self) } ?? was.text
            guard now.name == was.name, now.text == expected, now.argument == (plan?.argument ?? was.argument) else {
                throw refuse(was.line - 1, "the shortcode '\(was.text)' would read '\(now.text)', not its planned argument '\(plan?.argument ?? was.argument)'")
            }
        }
    }

    /// Raw HTML keeps its attributes: the same names, and the same values but for planned `href`s.
    private static func checkHTML(_ beforeAll: LinkInventory, _ afterAll: LinkInventory, plan: LinkPlan) throws {
        // outline's own lines (records, with their linkable elements and aliases) are its bytes.
        let before = (html: beforeAll.html.filter { !MDXComments.isOwnLine($0.literal) }, 0), after = (html: afterAll.html.filter { !MDXComments.isOwnLine($0.literal) }, 0)
        guard before.html.count == after.html.count else {
            throw refuse(nil, "the result would have \(after.html.count) pieces of raw HTML with attributes where the input has \(before.html.count)")
        }
        for (was, now) in zip(before.html, after.html) where was.literal != now.literal {
            let a = HTMLAttributes.scan(was.literal), b = HTMLAttributes.scan(now.literal)
            guard a.count == b.count, zip(a, b).allSatisfy({ x, y in
                x.name == y.name && x.tag == y.tag && (x.value == y.value || (x.name == "href" && (plan.rewrites[x.value] == y.value || plan.alsoAllowed[x.value]?.contains(y.value) == true)))
            }) else {
                throw refuse(now.line - 1, "raw HTML at line \(was.line) would change beyond its href")
            }
        }
    }

    private static func checkLinks(_ before: LinkInventory, _ after: LinkInventory, plan: LinkPlan, afterSkip: [Range<Int>] = []) throws {
        let kept = before.links.indices.filter { k in !plan.skipLines.contains { $0.contains(before.links[k].line - 1) } }
        let keptAfter = after.links.indices.filter { k in !afterSkip.contains { $0.contains(after.links[k].line - 1) } }
        guard kept.count == keptAfter.count else {
            throw refuse(nil, "the result would have \(keptAfter.count) local links where the input has \(kept.count)")
        }
        for (k, j) in zip(kept, keptAfter) {
            let was = before.links[k].destination, now = after.links[j].destination
            let planned = plan.perNode[k] ?? plan.rewrites[was]
            if plan.mustChange.contains(k), let want = planned, now != want {
                throw refuse(before.links[k].line - 1, "link '\(was)' would read '\(now)', not '\(want)'")
            }
            if now != was && planned != now {
                throw refuse(before.links[k].line - 1, "link '\(was)' would change to '\(now)', which is not planned")
            }
        }
    }
}
