/// outline's own lines read back: anchor records and fold markers, both one-line comments (HTML, or in
/// MDX `{/* … */}`), as `CommentFormat` spells them.
public struct CommentToken: Sendable, Equatable {
    /// Byte range of the token in the source.
    public let range: Range<Int>
    public let text: String
    /// `key=value` (an attribute), as opposed to an ID: settled once, when the token is made (asked
    /// for each token of each anchor line, a search of the text each time cost a tenth of a parse).
    let isAttribute: Bool

    init(range: Range<Int>, text: String) {
        self.range = range
        self.text = text
        isAttribute = text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "=")) } ?? text.utf8.contains(UInt8(ascii: "="))
    }

    init(range: Range<Int>, text: String, isAttribute: Bool) {
        self.range = range
        self.text = text
        self.isAttribute = isAttribute
    }
}

/// A line that starts `<!-- outline:` (after up to three spaces; `{/* outline:` in MDX), as found at the
/// start of a top-level HTML block. (A class, immutable: a section without one pays a pointer, not the
/// whole record.)
public final class RecordLine: Sendable {
    public enum Problem: Sendable, Equatable {
        /// The comment is not one well-formed line (`-->` missing or followed by text).
        case unclosed
        /// The line holds invalid UTF-8: cmark does not see its `-->` and the comment goes on.
        case invalidUTF8
        /// Nothing after `outline:`.
        case empty
        /// Not a valid ID followed by `key=value` attributes: an ID outline cannot use (`Install`,
        /// `bad--id`) or words where an ID or an attribute belongs (`<!-- outline: Install Guide -->`).
        /// The words, joined by spaces.
        case invalidID(String)
    }
    /// 0-based source line.
    public let line: Int
    /// The tokens after `outline:`; the first is the ID unless it contains `=`.
    public let tokens: [CommentToken]
    /// Offset right after `outline:`, where an ID is inserted into a record that has none.
    public let bodyStart: Int
    /// Offset right after the last token, where attributes are appended.
    public let bodyEnd: Int
    /// The comment, from `<!--` to the end of the line's content: what `id` rewrites when it repairs
    /// a malformed anchor.
    public let commentRange: Range<Int>
    /// Offset right after the comment's `-->`: where a linkable anchor's elements go.
    public let closeEnd: Int
    /// The `<a id="…"></a>` elements after the comment (a linkable anchor, and aliases), each with
    /// the byte range of the whole element.
    public let elements: [CommentToken]
    public let problem: Problem?
    /// How the line is spelled: an MDX file may still hold HTML-form lines, which `id` rewrites.
    public let syntax: CommentSyntax

    init(line: Int, tokens: [CommentToken], bodyStart: Int, bodyEnd: Int, commentRange: Range<Int>, closeEnd: Int,
         elements: [CommentToken] = [], problem: Problem?, syntax: CommentSyntax = .html) {
        self.line = line
        self.tokens = tokens
        self.bodyStart = bodyStart
        self.bodyEnd = bodyEnd
        self.commentRange = commentRange
        self.closeEnd = closeEnd
        self.elements = elements
        self.problem = problem
        self.syntax = syntax
    }

    /// True when the line carries its own ID as a linkable element (`<a id="ID"></a>`).
    public var isLinkable: Bool { id.map { id in elements.contains { $0.text == id } } ?? false }

    /// True when the line says outline wrote the ID into the heading as ` {#ID}` (`permalink=heading`).
    public var permalinkInHeading: Bool { attribute(CommentFormat.permalinkKey)?.value == CommentFormat.permalinkInHeading }

    /// What a translated section's `source=` says (format.md §17); nil when the record has none.
    public var source: SourceStamp? {
        guard let (value, _) = attribute(CommentFormat.sourceKey) else { return nil }
        if value == CommentFormat.sourceNone { return .local }
        guard let hash = value.utf8.withContiguousStorageIfAvailable({ CommentFormat.hex32($0) }) ?? nil,
              value == value.lowercased() else { return .malformed(value) }
        return .hash(hash)
    }

    /// False for a record that must never be rewritten: unclosed or invalid UTF-8 (cmark's HTML block
    /// does not end on such a line, so changing it would change which headings exist).
    public var canHoldAnID: Bool {
        problem != .unclosed && problem != .invalidUTF8
    }

    /// True for a malformed record `id` replaces with a valid anchor: closed, valid UTF-8, but empty or
    /// without a usable ID.
    public var isRepairable: Bool {
        switch problem {
        case .empty?, .invalidID?: return true
        default: return false
        }
    }

    /// The valid ID this record carries, if any.
    public var id: String? {
        guard problem == nil, let first = tokens.first, !first.isAttribute else { return nil }
        return first.text
    }
    /// The token that holds (or should hold) the ID: the first token unless it is an attribute.
    public var idToken: CommentToken? {
        guard let first = tokens.first, !first.isAttribute else { return nil }
        return first
    }
    /// `key=value` tokens (and bare words) after the ID.
    public var attributeTokens: ArraySlice<CommentToken> {
        idToken == nil ? tokens[...] : tokens.dropFirst()
    }
    /// An anchor line `fold` added to a folded view (`fold=added` its only attribute): the original
    /// has no such line.
    public var isAddedByFold: Bool {
        id != nil && attributeTokens.count == 1 && attributeTokens.first!.text == CommentFormat.foldAdded
    }
    /// The value of attribute `key`, with its token.
    public func attribute(_ key: String) -> (value: String, token: CommentToken)? {
        // Most records are an ID alone: asked about for every heading on every keystroke in an editor.
        if tokens.count == 1, let first = tokens.first, !first.isAttribute { return nil }
        let prefix = key + "="
        for token in attributeTokens where token.text.utf8.starts(with: prefix.utf8) {
            return (String(token.text.dropFirst(prefix.count)), token)
        }
        return nil
    }
}

/// A translated section's `source=` (format.md §17).
public enum SourceStamp: Sendable, Equatable {
    /// The XXH32 of the source section's content it was translated from.
    case hash(UInt32)
    /// `source=none`: a section only the translation has.
    case local
    /// Anything else (not eight lowercase hexadecimal digits), as written.
    case malformed(String)
}

/// `<!-- outline-fold:ID lines=A-B hash=HHHHHHHH hidden=ID:LEVEL,… -->`, standing for hidden lines.
public final class FoldMarker: Sendable {
    /// 0-based line of the marker itself.
    public let line: Int
    /// ID of the section whose following lines the marker hides.
    public let id: String
    /// 1-based source lines the marker hides, as recorded when folding.
    public let hiddenLines: ClosedRange<Int>
    /// XXH32 hash (seed 0) of the hidden bytes, when recorded.
    public let hash: UInt32?
    /// Sections hidden inside the marker, in document order, with their heading levels.
    public let hiddenSections: [(id: String, level: Int)]
    /// How the line is spelled (an MDX file may hold HTML-form lines, which `id` rewrites).
    public let syntax: CommentSyntax

    init(line: Int, id: String, hiddenLines: ClosedRange<Int>, hash: UInt32?, hiddenSections: [(id: String, level: Int)], syntax: CommentSyntax = .html) {
        self.line = line
        self.id = id
        self.hiddenLines = hiddenLines
        self.hash = hash
        self.hiddenSections = hiddenSections
        self.syntax = syntax
    }
}

/// `<!-- outline:toc depth=2 -->` opens a table of contents, `<!-- outline:toc end -->` closes it
/// (format.md §5). The ID `toc` is reserved for it: no section gets that ID.
public struct TOCMarker: Sendable {
    /// 0-based line of the marker.
    public let line: Int
    public let isEnd: Bool
    /// `key=value` attributes of an opening marker (`depth=2`), in order.
    public let attributes: [(key: String, value: String)]
    /// Why the line is not a usable marker (words where only `end` or attributes may stand, a comment
    /// that does not end on the line); nil for a good one.
    public let problem: String?
    /// How the line is spelled (an MDX file may hold HTML-form lines, which `id` rewrites).
    public var syntax: CommentSyntax = .html

    public func attribute(_ key: String) -> String? { attributes.first { $0.key == key }?.value }
}

/// A fold marker that cannot be read, with the reason.
public struct MalformedMarker: Sendable {
    public let line: Int
    public let reason: String
}

enum OutlineCommentParser {
    enum Parsed {
        case record(RecordLine)
        case marker(FoldMarker)
        case malformedMarker(MalformedMarker)
        case toc(TOCMarker)
        case page(PageRecord)
    }

    /// Reads line `line` of `source` as one of outline's comments; nil when it is none. In an MDX
    /// file (`syntax` `.mdx`) a line in the HTML form is read too: `id` rewrites it.
    static func parse(_ source: Source, line: Int, syntax: CommentSyntax = .html) -> Parsed? {
        if syntax == .mdx, let mdx = general(source, line: line, syntax: .mdx) { return mdx }
        let range = source.contentRange(line)
        let start = source.bytes.skippingIndent(from: range.lowerBound, to: range.upperBound)
        if let record = canonicalRecord(source.bytes, line: line, start: start, end: range.upperBound) { return .record(record) }
        return general(source, line: line)
    }

    /// The reading of any line (`parse` tries the common one first).
    static func general(_ source: Source, line: Int, syntax: CommentSyntax = .html) -> Parsed? {
        let range = source.contentRange(line)
        let bytes = source.bytes
        let end = range.upperBound
        var p = bytes.skippingIndent(from: range.lowerBound, to: end)
        let open = syntax.open, close = syntax.close
        guard bytes.has(open, at: p, end: end) else { return nil }
        let commentStart = p
        p = bytes.skippingBlanks(from: p + open.count, to: end)
        let isMarker: Bool, isPage: Bool
        if bytes.has(CommentFormat.recordKeyword, at: p, end: end) {
            isMarker = false; isPage = false; p += CommentFormat.recordKeyword.count
        } else if bytes.has(CommentFormat.markerKeyword, at: p, end: end) {
            isMarker = true; isPage = false; p += CommentFormat.markerKeyword.count
        } else if bytes.has(CommentFormat.pageKeyword, at: p, end: end) {
            isMarker = true; isPage = true; p += CommentFormat.pageKeyword.count
        } else {
            return nil
        }
        let bodyStart = p
        // The comment ends at the first `-->` (`*/}`); only spaces and tabs may follow it.
        // (Compared byte by byte: every anchor line of a document is read on every parse.)
        var closeAt: Int? = nil
        var q = p
        while q + 3 <= end {
            if bytes[q] == close[0] && bytes[q + 1] == close[1] && bytes[q + 2] == close[2] { closeAt = q; break }
            q += 1
        }
        var wellFormed = false
        var elements: [CommentToken] = []
        if let c = closeAt {
            let tail = (c + close.count)..<end
            if bytes[tail].allSatisfy(ASCII.isBlank) {
                wellFormed = true
            } else if !isMarker, let found = CommentFormat.linkableElements(bytes, tail) {
                // A linkable anchor: `<a id="ID"></a>` elements after the comment (format.md §2).
                wellFormed = true
                elements = found
            }
        }
        let bodyLimit = closeAt ?? end
        var tokens: [CommentToken] = []
        var t = bodyStart
        while t < bodyLimit {
            if ASCII.isBlank(bytes[t]) { t += 1; continue }
            let s = t
            while t < bodyLimit && !ASCII.isBlank(bytes[t]) { t += 1 }
            tokens.append(CommentToken(range: s..<t, text: String(decoding: bytes[s..<t], as: UTF8.self)))
        }
        let bodyEnd = tokens.last?.range.upperBound ?? bodyStart
        // cmark's scanners do not match across invalid UTF-8, so such a comment does not end here.
        let validUTF8 = bytes[range].allSatisfy { $0 < 0x80 } || String(validating: bytes[range], as: UTF8.self) != nil

        if !isMarker, let first = tokens.first, first.text == CommentFormat.tocKeyword {
            return .toc(CommentFormat.tocMarker(line: line, tokens: tokens.dropFirst(), wellFormed: wellFormed && elements.isEmpty && validUTF8, syntax: syntax))
        }
        if isPage {
            let problem: PageRecord.Problem? = !validUTF8 ? .invalidUTF8 : !wellFormed ? .unclosed
                : tokens.first(where: { !$0.isAttribute }).map { .notAnAttribute($0.text) }
            return .page(PageRecord(line: line, tokens: tokens, bodyStart: bodyStart, commentRange: commentStart..<end, problem: problem, syntax: syntax))
        }
        if isMarker {
            if !validUTF8 { return .malformedMarker(MalformedMarker(line: line, reason: "the line is not valid UTF-8")) }
            return .marker(from: tokens, line: line, wellFormed: wellFormed, syntax: syntax)
        }
        var problem: RecordLine.Problem? = nil
        if !validUTF8 {
            problem = .invalidUTF8
        } else if !wellFormed {
            problem = .unclosed
        } else if tokens.isEmpty {
            problem = .empty
        } else {
            // At most one ID, first; after it only `key=value` attributes.
            let words = tokens.lazy.filter { !$0.isAttribute }
            let firstIsID = tokens.first.map { !$0.isAttribute && IDSyntax.isValid($0.text) } ?? false
            if !(firstIsID && tokens.dropFirst().allSatisfy(\.isAttribute)) && !words.isEmpty {
                problem = .invalidID(words.map(\.text).joined(separator: " "))
            }
        }
        return .record(RecordLine(line: line, tokens: tokens, bodyStart: bodyStart, bodyEnd: bodyEnd,
                                  commentRange: commentStart..<end, closeEnd: closeAt.map { $0 + close.count } ?? end,
                                  elements: elements, problem: problem, syntax: syntax))
    }
}

extension OutlineCommentParser {
    /// `<!-- outline:ID -->` exactly, as `id` writes it, with an ASCII ID the syntax allows and nothing
    /// after it on the line: read on its bytes, with what the general reading below would give (one
    /// token, no elements, no problem). Any other line, `toc` included, is left to that reading; a
    /// seeded test holds the two equal. Every anchor line of a document is read on every parse, and a
    /// verification parse reads every anchor `id` has just written: the general reading tokenizes
    /// and allocates for each of them.
    static func canonicalRecord(_ bytes: [UInt8], line: Int, start: Int, end: Int) -> RecordLine? {
        bytes.withUnsafeBufferPointer { b -> RecordLine? in
            let prefix = 13   // `<!-- outline:`
            guard end - start >= prefix + 5, b[start] == UInt8(ascii: "<"), b[start + 1] == UInt8(ascii: "!"),
                  b[start + 2] == UInt8(ascii: "-"), b[start + 3] == UInt8(ascii: "-"), b[start + 4] == ASCII.space,
                  b[start + 5] == UInt8(ascii: "o"), b[start + 6] == UInt8(ascii: "u"), b[start + 7] == UInt8(ascii: "t"),
                  b[start + 8] == UInt8(ascii: "l"), b[start + 9] == UInt8(ascii: "i"), b[start + 10] == UInt8(ascii: "n"),
                  b[start + 11] == UInt8(ascii: "e"), b[start + 12] == UInt8(ascii: ":") else { return nil }
            let idStart = start + prefix
            let idEnd = end - 4   // ` -->`
            guard idEnd > idStart, b[idEnd] == ASCII.space, b[idEnd + 1] == UInt8(ascii: "-"),
                  b[idEnd + 2] == UInt8(ascii: "-"), b[idEnd + 3] == UInt8(ascii: ">") else { return nil }
            // A valid ASCII ID, and not `toc` (a table-of-contents marker).
            guard IDSyntax.asciiVerdict(UnsafeBufferPointer(rebasing: b[idStart..<idEnd])) == true,
                  !(idEnd - idStart == 3 && b[idStart] == UInt8(ascii: "t") && b[idStart + 1] == UInt8(ascii: "o")
                    && b[idStart + 2] == UInt8(ascii: "c")) else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[idStart..<idEnd]), as: UTF8.self)
            return RecordLine(line: line, tokens: [CommentToken(range: idStart..<idEnd, text: text, isAttribute: false)],
                              bodyStart: idStart, bodyEnd: idEnd, commentRange: start..<end, closeEnd: end, problem: nil)
        }
    }
}

private extension OutlineCommentParser.Parsed {
    static func marker(from tokens: [CommentToken], line: Int, wellFormed: Bool, syntax: CommentSyntax) -> Self {
        func bad(_ reason: String) -> Self { .malformedMarker(MalformedMarker(line: line, reason: reason)) }
        guard wellFormed else { return bad("the comment does not end with '\(syntax.closeText)' on the same line") }
        guard let first = tokens.first, IDSyntax.isValid(first.text) else {
            return bad("'\(tokens.first?.text ?? "")' is not a valid section ID")
        }
        var lines: ClosedRange<Int>? = nil
        var hash: UInt32? = nil
        var hidden: [(id: String, level: Int)] = []
        for token in tokens.dropFirst() {
            // `lines=A-B` and `hash=XXXXXXXX` as fold writes them are read on their bytes (a folded
            // document has a marker per folded section, and Swift's split and integer parsing allocate
            // for each); anything else takes the general reading below.
            let read = token.text.utf8.withContiguousStorageIfAvailable { b -> Bool in
                guard let eq = b.firstIndex(of: UInt8(ascii: "=")) else { return true }
                let key = UnsafeBufferPointer(rebasing: b[..<eq]), value = UnsafeBufferPointer(rebasing: b[(eq + 1)...])
                if key.elementsEqual("lines".utf8), let (first, last) = CommentFormat.digitPair(value) {
                    if first >= 1, first <= last, last < 1_000_000_000 { lines = first...last }
                    return true
                }
                if key.elementsEqual("hash".utf8), let h = CommentFormat.hex32(value) {
                    hash = h
                    return true
                }
                return false
            } ?? false
            if read { continue }
            let parts = token.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let value = parts[1]
            switch parts[0] {
            case "lines":
                let bounds = value.split(separator: "-", omittingEmptySubsequences: false)
                // Range-checked: line numbers feed arithmetic (no file has a billion lines).
                if bounds.count == 2, let a = Int(bounds[0]), let b = Int(bounds[1]), a >= 1, a <= b, b < 1_000_000_000 { lines = a...b }
            case "hash":
                if value.utf8.count == 8, let h = UInt32(value, radix: 16) { hash = h } else { return bad("bad hash '\(value)'") }
            case "hidden":
                // `id:level,id:level,…`, read as bytes: a depth-1 fold of a large document lists
                // tens of thousands of sections here.
                let utf8 = Array(value.utf8)
                hidden.reserveCapacity(utf8.count / 8)
                var start = 0
                while start < utf8.count {
                    var end = start
                    while end < utf8.count && utf8[end] != UInt8(ascii: ",") { end += 1 }
                    let item = utf8[start..<end]
                    guard item.count >= 3, let colon = item.lastIndex(of: UInt8(ascii: ":")), colon == end - 2,
                          (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(utf8[end - 1]) else {
                        return bad("bad hidden section '\(String(decoding: item, as: UTF8.self))'")
                    }
                    let id = String(decoding: utf8[start..<colon], as: UTF8.self)
                    guard IDSyntax.isValid(id) else { return bad("bad hidden section '\(String(decoding: item, as: UTF8.self))'") }
                    hidden.append((id, Int(utf8[end - 1] - UInt8(ascii: "0"))))
                    start = end + 1
                }
            default:
                continue
            }
        }
        guard let range = lines else { return bad("missing or bad 'lines=A-B'") }
        return .marker(FoldMarker(line: line, id: first.text, hiddenLines: range, hash: hash, hiddenSections: hidden, syntax: syntax))
    }
}
