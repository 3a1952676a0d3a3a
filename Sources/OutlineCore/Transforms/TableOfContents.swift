#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `outline toc` (format.md §5): the lines between `<!-- outline:toc -->` and `<!-- outline:toc end -->`
/// become a nested bullet list of links to the document's sections, built from the section tree.
///
/// Only the lines between the markers are outline's; every other byte is kept. Markers are HTML blocks
/// cmark finds at the top level, so a marker inside code or a block quote is not one. The list follows
/// the document: the bullet and nesting of the block's current list (else of the document's first
/// bullet list), and the opening marker's line ending. Entries are `[Title](#target)`: the title as
/// plain text with Markdown's punctuation escaped, the number as written, and the target a link to the
/// section resolves to under the slug profile (its linkable anchor when it has one).
public enum TableOfContents {
    /// How many list levels deep a TOC goes unless `--depth` or the marker says otherwise.
    public static let defaultDepth = 3

    public struct Options: Sendable {
        public var profile: SlugProfile
        /// `--depth N` (or the config); the marker's `depth=` wins over it for its block.
        public var depth: Int?
        /// `--insert`: add markers (and the list) when the document has none.
        public var insert: Bool

        public init(profile: SlugProfile = .github, depth: Int? = nil, insert: Bool = false) {
            self.profile = profile
            self.depth = depth
            self.insert = insert
        }
    }

    /// One opening marker with its end marker: the lines strictly between them are the list.
    struct Block {
        let open: TOCMarker
        let end: TOCMarker
    }

    /// Fills every TOC block of `outline` (parsed with `links: true`); with `insert`, adds one where
    /// there is none. Throws for a folded view and for markers that do not pair up.
    public static func apply(_ outline: Outline, options: Options) throws -> RewriteResult {
        guard !outline.isFoldedView else {
            throw Diagnostic.error(.foldedView, "cannot build a table of contents of a folded view (its hidden sections belong in it); unfold it first")
        }
        let blocks = try self.blocks(outline).get()
        let source = outline.source
        var edits = EditList()
        let targets = LinkTargets(outline, profile: options.profile)
        for block in blocks {
            let depth = try self.depth(block.open, options: options).get()
            let lines = listLines(outline, targets: targets, depth: depth, style: style(outline, block: block, profile: options.profile))
            let ending = ending(of: block.open.line, in: source)
            let range = source.lineStarts[block.open.line + 1]..<source.lineStarts[block.end.line]
            edits.replace(range, with: render(lines, ending: ending))
        }
        if blocks.isEmpty && options.insert {
            insertBlock(outline, targets: targets, options: options, into: &edits)
        }
        // Said, not silently dropped: a heading with no text and no target is left out.
        var warnings: [Diagnostic] = []
        if !edits.isEmpty {
            var slugAt: [Int: String] = [:]
            for heading in targets.headings where slugAt[heading.line] == nil { slugAt[heading.line] = heading.id }
            for section in outline.sections where section.title.isEmpty && section.number == nil && section.record?.isLinkable != true
                && (slugAt[section.heading.blockStartLine + 1] ?? "").isEmpty {
                warnings.append(.warning(.staleTOC, line: section.heading.firstLine + 1,
                                         "the heading has no text to list (only an HTML comment?); left out of the table of contents"))
            }
        }
        // The sections and every block outside the markers stay as they are.
        return try Verification.verified(outline, RewriteResult(edits, on: source.bytes, diagnostics: warnings), sections: Verification.unchanged(outline))
    }

    /// `check`'s findings: markers that do not pair up or cannot be read, and blocks whose list is not
    /// what `toc` would write now.
    public static func staleTOCs(_ outline: Outline, options: Options) -> [Diagnostic] {
        let profile = options.profile
        guard !outline.tocMarkers.isEmpty, !outline.isFoldedView else { return [] }
        let blocks: [Block]
        switch self.blocks(outline) {
        case .failure(let problem): return [Diagnostic(.finding, .malformedTOC, line: problem.line, problem.message).about(.toc(0))]
        case .success(let b): blocks = b
        }
        let source = outline.source
        let targets = LinkTargets(outline, profile: profile)
        var found: [Diagnostic] = []
        for (ordinal, block) in blocks.enumerated() {
            switch depth(block.open, options: options) {
            case .failure(let problem):
                found.append(Diagnostic(.finding, .malformedTOC, line: problem.line, problem.message).about(.toc(ordinal)))
            case .success(let depth):
                let lines = listLines(outline, targets: targets, depth: depth, style: style(outline, block: block, profile: profile))
                let want = render(lines, ending: ending(of: block.open.line, in: source))
                let have = source.bytes[source.lineStarts[block.open.line + 1]..<source.lineStarts[block.end.line]]
                if !have.elementsEqual(want) {
                    found.append(.finding(.staleTOC, line: block.open.line + 1, "stale table of contents (run 'outline toc -w')").about(.toc(ordinal)))
                }
            }
        }
        return found
    }

    /// For `number`: each block that is up to date now, with the bytes it must hold once the headings
    /// carry `numbers` and their slugs are `after`'s, so that numbering keeps a fresh TOC fresh. A
    /// stale block is left as it is (`check` reports it): refreshing it would make `number --strip`
    /// of `number` differ from the original. Each comes with the byte range between the markers and
    /// its 1-based lines.
    static func refreshed(_ outline: Outline, profile: SlugProfile, depth: Int?, numbers: [String?],
                          before: LinkTargets, after: LinkTargets) -> [(range: Range<Int>, lines: Range<Int>, bytes: [UInt8])] {
        guard !outline.tocMarkers.isEmpty, !outline.isFoldedView, case .success(let blocks) = self.blocks(outline) else { return [] }
        let source = outline.source
        let options = Options(profile: profile, depth: depth)
        var result: [(range: Range<Int>, lines: Range<Int>, bytes: [UInt8])] = []
        for block in blocks {
            guard case .success(let depth) = self.depth(block.open, options: options) else { continue }
            let style = self.style(outline, block: block, profile: profile)
            let ending = self.ending(of: block.open.line, in: source)
            let range = source.lineStarts[block.open.line + 1]..<source.lineStarts[block.end.line]
            let now = render(listLines(outline, targets: before, depth: depth, style: style), ending: ending)
            guard source.bytes[range].elementsEqual(now) else { continue }
            result.append((range, (block.open.line + 2)..<(block.end.line + 1),
                           render(listLines(outline, targets: after, depth: depth, style: style, numbers: numbers), ending: ending)))
        }
        return result
    }

    /// True when `bytes` may hold a TOC marker, so that a command that otherwise needs no slugs
    /// (`check --no-links`) parses for them.
    public static func mayHaveMarkers(_ bytes: [UInt8]) -> Bool {
        let needle = Array("outline:toc".utf8)
        return bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, b.count >= needle.count else { return false }
            // Each ':' (memchr finds them fast) is checked for "outline" before and "toc" after.
            var p = base + 7
            let end = base + b.count
            while p < end, let found = memchr(p, Int32(UInt8(ascii: ":")), end - p) {
                let colon = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                let at = colon - base - 7
                if at + needle.count <= b.count && needle.indices.allSatisfy({ b[at + $0] == needle[$0] }) { return true }
                p = colon + 1
            }
            return false
        }
    }

    /// The blocks, each opening marker paired with the next end marker; a marker that cannot be read,
    /// an end without an opening, an opening inside a block or without an end is a located error.
    static func blocks(_ outline: Outline) -> Result<[Block], Diagnostic> {
        var blocks: [Block] = []
        var open: TOCMarker? = nil
        for marker in outline.tocMarkers {
            if let problem = marker.problem {
                return .failure(.error(.malformedTOC, line: marker.line + 1, "malformed table-of-contents marker: \(problem)"))
            }
            let syntax = outline.dialect.commentSyntax
            if marker.isEnd {
                guard let start = open else {
                    return .failure(.error(.malformedTOC, line: marker.line + 1, "'\(CommentFormat.tocEndLine(syntax))' without an opening '\(CommentFormat.tocOpenLine(syntax))' before it"))
                }
                if let foreign = foreignContent(outline, from: start.line + 1, to: marker.line) {
                    return .failure(.error(.malformedTOC, line: start.line + 1, "the table of contents opened at line \(start.line + 1) holds \(foreign): is its end marker misplaced? (outline rewrites only a list of links between the markers)"))
                }
                blocks.append(Block(open: start, end: marker))
                open = nil
            } else {
                if let start = open {
                    return .failure(.error(.malformedTOC, line: marker.line + 1, "a table of contents opened inside the one opened at line \(start.line + 1) (close that one first with '\(CommentFormat.tocEndLine(syntax))')"))
                }
                open = marker
            }
        }
        if let start = open {
            return .failure(.error(.malformedTOC, line: start.line + 1, "table of contents without its end marker '\(CommentFormat.tocEndLine(outline.dialect.commentSyntax))'"))
        }
        return .success(blocks)
    }

    /// What, on the 0-based lines `first..<end` between a block's markers, is not a list of links or a
    /// blank line: a heading (named), or the first other line. `toc` would replace it (format.md §9).
    static func foreignContent(_ outline: Outline, from first: Int, to end: Int) -> String? {
        guard first < end else { return nil }
        if let section = outline.sections.first(where: { $0.heading.firstLine >= first && $0.heading.firstLine < end }) {
            return "the heading '\(section.title)' (line \(section.heading.firstLine + 1))"
        }
        let source = outline.source
        let bytes = source.bytes
        for line in first..<end {
            let range = source.contentRange(line)
            var p = bytes.skippingBlanks(from: range.lowerBound, to: range.upperBound)
            if p == range.upperBound { continue }
            // A bullet or ordered item marker, a space, then `[` … `)`.
            var marker = false
            if bytes[p] == UInt8(ascii: "-") || bytes[p] == UInt8(ascii: "*") || bytes[p] == UInt8(ascii: "+") {
                p += 1
                marker = true
            } else {
                let digits = p
                while p < range.upperBound && ASCII.isDigit(bytes[p]) { p += 1 }
                if p > digits, p < range.upperBound, bytes[p] == UInt8(ascii: ".") || bytes[p] == UInt8(ascii: ")") { p += 1; marker = true }
            }
            let text = bytes.trimmingBlanks(range)
            var end = text.upperBound
            while end > p && ASCII.isBlank(bytes[end - 1]) { end -= 1 }
            let afterMarker = bytes.skippingBlanks(from: p, to: range.upperBound)
            if marker, afterMarker > p, afterMarker < end, bytes[afterMarker] == UInt8(ascii: "["), bytes[end - 1] == UInt8(ascii: ")") { continue }
            var shown = String(decoding: bytes[text], as: UTF8.self)
            if shown.count > 40 { shown = String(shown.prefix(40)) + "…" }
            return "'\(shown)' (line \(line + 1))"
        }
        return nil
    }

    /// The depth of a block: its marker's `depth=`, else the options', else 3.
    static func depth(_ open: TOCMarker, options: Options) -> Result<Int, Diagnostic> {
        guard let raw = open.attribute("depth") else { return .success(options.depth ?? defaultDepth) }
        guard let n = Int(raw), n >= 1, n <= 6 else {
            return .failure(.error(.malformedTOC, line: open.line + 1, "bad depth '\(raw)' on the table-of-contents marker (a whole number from 1 to 6)"))
        }
        return .success(n)
    }

    /// One entry of the list: its nesting level (0 for the outermost), its text and its target.
    struct Entry: Equatable {
        let level: Int
        let text: String
        let target: String
    }

    /// The sections a TOC lists, to `depth` list levels: the section tree without a document title
    /// (the title rule of `number`), without sections whose anchor says `toc=no` and their subsections.
    /// `numbers`: the numbers the headings will carry (`number` refreshing a TOC), instead of theirs.
    static func entries(_ outline: Outline, targets: LinkTargets, depth: Int, numbers: [String?]? = nil) -> [Entry] {
        let sections = outline.sections
        let title = NumberHeadings.titleIndex(outline)
        var slugAt: [Int: String] = [:]
        for heading in targets.headings where slugAt[heading.line] == nil { slugAt[heading.line] = heading.id }
        let shadowed = targets.shadowedAnchors(of: outline)
        var entries: [Entry] = []
        var skipped = [Bool](repeating: false, count: sections.count)
        for (index, section) in sections.enumerated() {
            if let parent = section.parent, skipped[parent] { skipped[index] = true; continue }
            if section.record?.attribute(CommentFormat.tocKey)?.value == CommentFormat.tocExcluded { skipped[index] = true; continue }
            if index == title { continue }
            let level = section.depth - (title == nil ? 1 : 2)
            guard level < depth else { continue }
            let target = section.record?.isLinkable == true && shadowed[section.id] == nil ? section.id : slugAt[section.heading.blockStartLine + 1] ?? section.id
            var text = (numbers.map { $0[index] } ?? section.number).map { section.title.isEmpty ? $0 : $0 + " " } ?? ""
            text += section.title
            // A heading with nothing to show and no target (only an HTML comment) has no entry: `[](#)`
            // would be a link with no text to nowhere. Its subsections are listed.
            if text.isEmpty && target.isEmpty { continue }
            if text.isEmpty { text = target }
            entries.append(Entry(level: level, text: text, target: target))
        }
        return entries
    }

    /// How the list is written: bullet and nesting indentation.
    struct Style: Equatable {
        let bullet: UInt8
        let indent: Int
    }

    /// The block's own list style when it has a list; else the document's first bullet list's; else
    /// `-` with two spaces (four for MkDocs, whose Python-Markdown nests only at four).
    static func style(_ outline: Outline, block: Block, profile: SlugProfile) -> Style {
        let fallbackIndent = profile == .mkdocs || profile == .mkdocsMaterial ? 4 : 2
        let source = outline.source
        var bullet: UInt8? = nil
        var firstIndent = 0
        var nested: Int? = nil
        for line in (block.open.line + 1)..<block.end.line {
            let content = source.contentRange(line)
            let start = source.bytes.skippingBlanks(from: content.lowerBound, to: content.upperBound)
            guard start + 1 < content.upperBound, isBullet(source.bytes[start]), ASCII.isBlank(source.bytes[start + 1]) else { continue }
            let indent = start - content.lowerBound
            if bullet == nil {
                bullet = source.bytes[start]
                firstIndent = indent
            } else if indent > firstIndent {
                nested = indent - firstIndent
                break
            }
        }
        let documentStyle = outline.listStyle
        let indent = nested ?? documentStyle?.indent ?? fallbackIndent
        return Style(bullet: bullet ?? documentStyle?.bullet ?? UInt8(ascii: "-"),
                     indent: (2...5).contains(indent) ? indent : fallbackIndent)
    }

    private static func isBullet(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "-") || b == UInt8(ascii: "*") || b == UInt8(ascii: "+")
    }

    /// The list lines, without line endings.
    static func listLines(_ outline: Outline, targets: LinkTargets, depth: Int, style: Style, numbers: [String?]? = nil) -> [String] {
        entries(outline, targets: targets, depth: depth, numbers: numbers).map { entry in
            String(repeating: " ", count: entry.level * style.indent) + String(UnicodeScalar(style.bullet)) + " ["
                + escape(entry.text, mdx: outline.dialect.mdx) + "](#" + LinkRepair.encodeFragment(entry.target) + ")"
        }
    }

    /// What stands between the markers: a blank line, the list, a blank line (as mdformat and
    /// markdownlint's MD032 want a list); nothing when there is no section to list.
    static func render(_ lines: [String], ending: [UInt8]) -> [UInt8] {
        guard !lines.isEmpty else { return [] }
        var out: [UInt8] = ending
        for line in lines {
            out.append(contentsOf: line.utf8)
            out.append(contentsOf: ending)
        }
        out.append(contentsOf: ending)
        return out
    }

    /// Plain text made safe as link text: every character that Markdown could read as markup gets a
    /// backslash (CommonMark lets any ASCII punctuation be escaped). In MDX `{` and `}` too, which
    /// open and close an expression there (`<`, which opens JSX, is escaped everywhere).
    static func escape(_ text: String, mdx: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if "\\`*_[]<>&~|!#".unicodeScalars.contains(scalar) || (mdx && (scalar == "{" || scalar == "}")) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// The line ending a TOC takes: its opening marker's, else the document's first.
    static func ending(of line: Int, in source: Source) -> [UInt8] {
        let own = source.lineEnding(line)
        return own.isEmpty ? source.firstLineEnding : Array(own)
    }

    /// `--insert`: markers and list after the title heading and its anchor, else at the top (after
    /// front matter).
    static func insertBlock(_ outline: Outline, targets: LinkTargets, options: Options, into edits: inout EditList) {
        let source = outline.source
        let depth = options.depth ?? defaultDepth
        let after: Int?   // the line the block follows
        if let title = NumberHeadings.titleIndex(outline) {
            let section = outline.sections[title]
            after = section.record?.line ?? section.heading.lastLine
        } else {
            after = outline.frontMatterLineCount > 0 ? outline.frontMatterLineCount - 1 : nil
        }
        let ending = source.firstLineEnding
        let fallback = Style(bullet: outline.listStyle?.bullet ?? UInt8(ascii: "-"),
                             indent: outline.listStyle?.indent.flatMap { (2...5).contains($0) ? $0 : nil } ?? (options.profile == .mkdocs || options.profile == .mkdocsMaterial ? 4 : 2))
        let lines = listLines(outline, targets: targets, depth: depth, style: fallback)
        var block: [UInt8] = []
        let offset: Int
        if let after {
            offset = source.lineStarts[after + 1]
            if source.lineEnding(after).isEmpty { block += ending }  // the file ended on that line
            if after != outline.frontMatterLineCount - 1 { block += ending } // a blank line under the title
        } else {
            offset = source.bomLength
        }
        block += Array(CommentFormat.tocOpenLine(outline.dialect.commentSyntax).utf8) + ending
        block += render(lines, ending: ending)
        block += Array(CommentFormat.tocEndLine(outline.dialect.commentSyntax).utf8)
        let next = after.map { $0 + 1 } ?? 0
        if next < source.lineCount {
            block += ending
            if !source.isBlank(next) { block += ending }
        } else if after.map({ !source.lineEnding($0).isEmpty }) ?? true {
            block += ending   // the file ended with a line ending: so does the result
        }
        edits.insert(block, at: offset)
    }
}
