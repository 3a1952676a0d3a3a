/// outline's comment format: how every line outline writes is spelled, and how outline describes a line
/// that is not what it should be. `OutlineComments.swift` beside it reads the same lines back; nothing
/// else in the library spells a prefix.
///
/// ```
/// <!-- outline:install -->                    an anchor: the section's stable ID
/// <!-- outline:install number=1.2 -->         an anchor with outline's attributes
/// <!-- outline:number=1.2 -->                 a record without ID (written by `number` on an unpinned heading)
/// <!-- outline:b fold=added -->               an anchor `fold` added; `unfold` and `id --strip` take it out
/// <!-- outline:install permalink=heading -->  an anchor whose ID outline also wrote as ` {#install}` ending the heading
/// <!-- outline:install source=1f3a9c2e -->    a translated section's anchor: the hash of the source section it translates
/// <!-- outline-fold:install lines=12-80 hash=1f3a9c2e hidden=linux:3,macos:3 -->   a fold marker
/// <!-- outline:toc depth=2 --> … <!-- outline:toc end -->   a table of contents (`toc` is no section's ID)
/// <!-- outline-page:preamble=1f3a9c2e title=0b9d2c41 -->       a translated page's record, its last line
/// ```
///
/// In an MDX file every one of these lines is a JavaScript comment in an expression instead, the text
/// inside the same (`{/* outline:install */}`, format.md §16): MDX rejects HTML comments. The
/// syntax is the file's (`Dialect.mdx`), handed to every function here that spells a delimiter.
enum CommentFormat {
    /// What every HTML-form outline comment starts and ends with (and every HTML comment raw HTML
    /// holds, which `HTMLAttributes` skips).
    static let open = Array("<!--".utf8)
    static let close = Array("-->".utf8)
    /// The keyword of anchors and records (after `<!--` and optional blanks).
    static let recordKeyword = Array("outline:".utf8)
    /// The keyword of fold markers: it differs from the anchor's, so the two cannot be confused
    /// whatever the ID (a section may well be titled "Fold").
    static let markerKeyword = Array("outline-fold:".utf8)

    /// The keyword of a translated page's record (`PageRecord`): like the marker's, it is no
    /// anchor's, so that no section ID can be read into it.
    static let pageKeyword = Array("outline-page:".utf8)
    /// The page record's attribute for the text before the first heading (a front-matter key of that
    /// name cannot be tracked: `[translation] front-matter` refuses it).
    static let preambleKey = "preamble"
    /// The page record's line, `attributes` in the order given.
    static func pageLine(_ attributes: [(key: String, stamp: UInt32?)], syntax: CommentSyntax) -> [UInt8] {
        syntax.open + Array(" outline-page:".utf8) + Array(attributes.map { "\($0.key)=\($0.stamp.map(ContentHash.hex) ?? sourceNone)" }.joined(separator: " ").utf8)
            + [ASCII.space] + syntax.close
    }

    /// A written record line is `recordPrefix + body + recordSuffix`.
    static func recordPrefix(_ syntax: CommentSyntax) -> [UInt8] { syntax.open + Array(" outline:".utf8) }
    static func recordSuffix(_ syntax: CommentSyntax) -> [UInt8] { [ASCII.space] + syntax.close }

    /// The attribute that records the number `outline number` wrote into the heading.
    static let numberKey = "number"
    static func numberAttribute(_ number: String) -> String { "\(numberKey)=\(number)" }

    /// The attribute `fold` writes on the anchor lines it adds, so that a folded view says exactly which
    /// of its lines the original lacks: `tree` maps the view's lines to the original's with it,
    /// `unfold` and `id --strip` take such lines out again.
    static let foldAdded = "fold=added"
    static func foldAddedSuffix(_ syntax: CommentSyntax) -> [UInt8] { Array(" \(foldAdded) ".utf8) + syntax.close }

    /// The marker line for a section whose following lines `lines` (0-based, inclusive) are hidden.
    static func markerLine(id: String, lines: ClosedRange<Int>, hash: UInt32, hidden: [(id: String, level: Int)], syntax: CommentSyntax) -> [UInt8] {
        var text = " outline-fold:\(id) lines=\(lines.lowerBound + 1)-\(lines.upperBound + 1) hash=\(ContentHash.hex(hash))"
        if !hidden.isEmpty { text += " hidden=" + hidden.map { "\($0.id):\($0.level)" }.joined(separator: ",") }
        return syntax.open + Array((text + " ").utf8) + syntax.close
    }

    /// The word after `outline:` that makes a line a TOC marker; `end` after it closes the block.
    static let tocKeyword = "toc"
    static let tocEndWord = "end"
    /// `toc=no` on an anchor leaves the section, with its subsections, out of tables of contents.
    static let tocKey = "toc"
    static let tocExcluded = "no"
    static func tocOpenLine(_ syntax: CommentSyntax) -> String { String(decoding: recordPrefix(syntax), as: UTF8.self) + "toc " + syntax.closeText }
    static func tocEndLine(_ syntax: CommentSyntax) -> String { String(decoding: recordPrefix(syntax), as: UTF8.self) + "toc end " + syntax.closeText }

    /// A TOC marker from the tokens after `toc`.
    static func tocMarker(line: Int, tokens: ArraySlice<CommentToken>, wellFormed: Bool, syntax: CommentSyntax) -> TOCMarker {
        guard wellFormed else {
            return TOCMarker(line: line, isEnd: false, attributes: [], problem: "the comment must end with '\(syntax.closeText)' on the same line, with nothing after it", syntax: syntax)
        }
        if tokens.count == 1, tokens.first!.text == tocEndWord {
            return TOCMarker(line: line, isEnd: true, attributes: [], problem: nil, syntax: syntax)
        }
        var attributes: [(key: String, value: String)] = []
        for token in tokens {
            guard token.isAttribute else {
                return TOCMarker(line: line, isEnd: false, attributes: [],
                                 problem: "'\(token.text)' (after 'toc' only 'end' or key=value attributes such as depth=2)", syntax: syntax)
            }
            let parts = token.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            attributes.append((String(parts[0]), String(parts[1])))
        }
        return TOCMarker(line: line, isEnd: false, attributes: attributes, problem: nil, syntax: syntax)
    }

    /// The attribute that says outline wrote ` {#ID}` at the end of the heading (`id --linkable` where a
    /// surface drops raw HTML, format.md §2): `id --strip` takes exactly those bytes out again.
    static let permalinkKey = "permalink"
    static let permalinkInHeading = "heading"
    static let permalinkAttribute = Array(" \(permalinkKey)=\(permalinkInHeading)".utf8)
    /// What outline writes at the end of a heading for that permalink.
    static func headingAttribute(_ id: String) -> [UInt8] { Array(" {#\(id)}".utf8) }

    /// The attribute a translated section's anchor carries: the XXH32 of the source section's content
    /// it was translated from (format.md §17), or `none` for a section only the translation has. It is
    /// about the ID: `id --strip` takes it out with the ID, and no ID-less record carries it.
    static let sourceKey = "source"
    static let sourceNone = "none"
    static func sourceAttribute(_ hash: UInt32?) -> String { "\(sourceKey)=\(hash.map(ContentHash.hex) ?? sourceNone)" }

    /// The element a linkable anchor (and each alias) carries after the comment: `<a id="ID"></a>`.
    static func linkableElement(_ id: String) -> [UInt8] { Array("<a id=\"\(id)\"></a>".utf8) }
    static let elementOpen = Array("<a id=\"".utf8)
    static let elementClose = Array("\"></a>".utf8)

    /// The `<a id="X"></a>` elements filling `range` (blanks between them allowed), as tokens whose
    /// text is X and whose range covers the element; nil when anything else stands there.
    static func linkableElements(_ bytes: [UInt8], _ range: Range<Int>) -> [CommentToken]? {
        var found: [CommentToken] = []
        var p = range.lowerBound
        while true {
            p = bytes.skippingBlanks(from: p, to: range.upperBound)
            if p == range.upperBound { return found.isEmpty ? nil : found }
            guard bytes.has(elementOpen, at: p, end: range.upperBound) else { return nil }
            let idStart = p + elementOpen.count
            var q = idStart
            while q < range.upperBound && bytes[q] != UInt8(ascii: "\"") { q += 1 }
            guard q > idStart, bytes.has(elementClose, at: q, end: range.upperBound) else { return nil }
            let id = String(decoding: bytes[idStart..<q], as: UTF8.self)
            found.append(CommentToken(range: p..<(q + elementClose.count), text: id))
            p = q + elementClose.count
        }
    }

    /// How outline names a record line that is not a valid anchor (or the anchor, when it is one).
    static func describe(_ record: RecordLine) -> String {
        switch record.problem {
        case .unclosed?:
            return record.closeEnd < record.commentRange.upperBound
                ? "malformed anchor (only outline's <a id=\"…\"></a> elements may follow '\(record.syntax.closeText)')"
                : "malformed anchor (the comment must end with '\(record.syntax.closeText)' on the same line)"
        case .invalidUTF8?: return "malformed anchor (invalid UTF-8: the comment does not end on this line)"
        case .empty?: return "malformed anchor (no ID after 'outline:')"
        case .invalidID(let raw)?: return "malformed anchor ID '\(raw)' (an ID is lowercase letters, digits, '-' and '_', then only key=value attributes)"
        case nil: return record.id.map { "anchor '\($0)'" } ?? "outline record"
        }
    }

    /// `A-B`, each of one to nine ASCII digits and nothing else (as `fold` writes `lines=`); nil for
    /// anything else, which the marker's general reading then judges.
    static func digitPair(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        var i = 0
        func number() -> Int? {
            var value = 0, digits = 0
            while i < b.count, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9"), digits < 9 {
                value = value * 10 + Int(b[i] - UInt8(ascii: "0"))
                digits += 1
                i += 1
            }
            return digits == 0 ? nil : value
        }
        guard let a = number(), i < b.count, b[i] == UInt8(ascii: "-") else { return nil }
        i += 1
        guard let z = number(), i == b.count else { return nil }
        return (a, z)
    }

    /// Exactly eight hexadecimal digits (as `fold` writes `hash=`); nil for anything else.
    static func hex32(_ b: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard b.count == 8 else { return nil }
        var value: UInt32 = 0
        for c in b {
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
