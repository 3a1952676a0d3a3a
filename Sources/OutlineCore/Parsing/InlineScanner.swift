/// Where the links of one leaf block are written: CommonMark's inline pass (spec 0.30, "Phase 2: inline
/// structure", and cmark's `inlines.c`), reduced to what locating a link destination needs.
///
/// cmark's tree says *what* a block's links are (kind, destination, order); its inline source positions
/// do not say *where* reliably (cmark 0.30 misplaces every inline after a link that spans lines, after
/// lazy continuation lines and in a paragraph that opens with reference definitions). So the block's own
/// bytes are scanned the way cmark scans them, left to right: backslash escapes, code spans, autolinks
/// and raw HTML are consumed whole (nothing inside them is a link), `[` and `![` are pushed as openers,
/// and a `]` either closes an inline link `[text](dest "title")` or a reference link (full, collapsed or
/// shortcut, when its label is defined) with the nearest opener, or is text. A link deactivates the
/// `[` openers before it (links do not nest). The links found are then matched, in order, to cmark's
/// nodes by their destinations (`LinkLocator`): a disagreement is a refusal, never a guess.
///
/// Linear in the block's length: a code span's closing run is found through an index of the runs, and
/// a search for a raw HTML terminator that failed once is not repeated.
struct InlineScanner {
    struct Found: Equatable {
        enum Kind: Equatable {
            /// `[text](dest)`: the destination's bytes (without `<` `>`).
            case inline(destination: Range<Int>)
            /// `[text][label]`, `[label][]`, `[label]`: the label as written.
            case reference(label: Range<Int>)
            /// `<scheme:…>` or `<user@host>`: a link node in cmark's tree too, never a local one.
            case autolink
        }
        let kind: Kind
        let isImage: Bool
        /// Where the opener stands: nested links and images come in this order in cmark's tree.
        let opener: Int
        /// After the link's last byte (its `)`, its label's `]`, an autolink's `>`).
        let end: Int
        /// The `]` that ends the link's text (an autolink's opener).
        var closer: Int = 0
    }

    /// The links in opener order, and the raw HTML (tags, comments, …) in order.
    private(set) var links: [Found] = []
    private(set) var html: [Range<Int>] = []
    /// The code spans, backtick runs included, in order.
    private(set) var codeSpans: [Range<Int>] = []

    private let c: [UInt8]
    private let isDefined: (ArraySlice<UInt8>) -> Bool

    /// Scans `content` (a block's lines, container prefixes stripped, joined by LF) from `start`.
    /// `isDefined` says whether a link label (as written) has a reference definition.
    init(_ content: [UInt8], from start: Int = 0, isDefined: @escaping (ArraySlice<UInt8>) -> Bool) {
        self.c = content
        self.isDefined = isDefined
        scan(from: start)
        links.sort { $0.opener < $1.opener }
    }

    private struct Opener { let position: Int; let isImage: Bool }

    private mutating func scan(from start: Int) {
        let n = c.count
        var openers: [Opener] = []
        // `[` openers below this index are inactive: a link closed after them (cmark marks each one;
        // a watermark keeps a line of many nested brackets linear).
        var deadBelow = 0
        var backtickRuns: [Int: [Int]]? = nil   // run length → positions of runs, built on first need
        var runCursor: [Int: Int] = [:]
        var noCommentEnd = false, noPIEnd = false, noCDATAEnd = false, noDeclarationEnd = false
        var p = start
        while p < n {
            let ch = c[p]
            switch ch {
            case UInt8(ascii: "\\"):
                p += (p + 1 < n && InlineScanner.isPunct(c[p + 1])) ? 2 : 1
            case UInt8(ascii: "`"):
                let run = runLength(at: p)
                if backtickRuns == nil { backtickRuns = indexBacktickRuns() }
                // The first run of the same length after this one closes the span.
                var cursor = runCursor[run] ?? 0
                let runs = backtickRuns![run] ?? []
                while cursor < runs.count && runs[cursor] <= p { cursor += 1 }
                runCursor[run] = cursor
                if cursor < runs.count {
                    codeSpans.append(p..<(runs[cursor] + run))
                    p = runs[cursor] + run
                } else {
                    p += run
                }
            case UInt8(ascii: "<"):
                if let end = autolinkEnd(at: p) {
                    links.append(Found(kind: .autolink, isImage: false, opener: p, end: end, closer: p))
                    p = end
                    continue
                }
                if let end = htmlEnd(at: p, noCommentEnd: &noCommentEnd, noPIEnd: &noPIEnd, noCDATAEnd: &noCDATAEnd,
                                     noDeclarationEnd: &noDeclarationEnd) {
                    html.append(p..<end)
                    p = end
                    continue
                }
                p += 1
            case UInt8(ascii: "!"):
                if p + 1 < n && c[p + 1] == UInt8(ascii: "[") {
                    openers.append(Opener(position: p + 1, isImage: true))
                    p += 2
                } else {
                    p += 1
                }
            case UInt8(ascii: "["):
                openers.append(Opener(position: p, isImage: false))
                p += 1
            case UInt8(ascii: "]"):
                guard let opener = openers.popLast() else { p += 1; continue }
                let active = opener.isImage || openers.count >= deadBelow
                deadBelow = min(deadBelow, openers.count)
                guard active else { p += 1; continue }
                if let (kind, end) = linkAfter(closer: p, opener: opener.position) {
                    links.append(Found(kind: kind, isImage: opener.isImage, opener: opener.position - (opener.isImage ? 1 : 0), end: end, closer: p))
                    // Links do not nest: every `[` opener before this one is dead (images may hold links).
                    if !opener.isImage { deadBelow = openers.count }
                    p = end
                } else {
                    p += 1
                }
            default:
                p += 1
            }
        }
    }

    private func runLength(at p: Int) -> Int {
        var q = p
        while q < c.count && c[q] == UInt8(ascii: "`") { q += 1 }
        return q - p
    }

    /// Every maximal backtick run by length (a backslash does not escape a closing run: cmark matches
    /// runs whatever precedes them, and an opening run after `\\` is consumed with the escape).
    private func indexBacktickRuns() -> [Int: [Int]] {
        var runs: [Int: [Int]] = [:]
        var p = 0
        while p < c.count {
            if c[p] == UInt8(ascii: "`") {
                let length = runLength(at: p)
                runs[length, default: []].append(p)
                p += length
            } else {
                p += 1
            }
        }
        return runs
    }

    // MARK: links

    /// After a `]` at `closer` whose opener is at `opener`: an inline link (`(dest "title")`), or a
    /// reference link whose label is defined; the end of the link and its kind, or nil (the `]` is text).
    private func linkAfter(closer: Int, opener: Int) -> (Found.Kind, Int)? {
        let n = c.count
        var p = closer + 1
        if p < n && c[p] == UInt8(ascii: "(") {
            if let (destination, end) = inlineTail(from: p + 1) { return (.inline(destination: destination), end) }
        }
        // A full reference `[label]`, a collapsed `[]`, or a shortcut.
        p = closer + 1
        if p < n && c[p] == UInt8(ascii: "[") {
            if let labelEnd = labelEnd(from: p + 1) {
                let label = (p + 1)..<labelEnd
                if !label.isEmpty {
                    return isDefined(c[label]) ? (.reference(label: label), labelEnd + 1) : nil
                }
                // `[]`: the link text is the label.
                let text = (opener + 1)..<closer
                return isDefined(c[text]) ? (.reference(label: text), labelEnd + 1) : nil
            }
        }
        let text = (opener + 1)..<closer
        return isDefined(c[text]) ? (.reference(label: text), closer + 1) : nil
    }

    /// A link label's closing `]` from `p`: no unescaped `[` inside, at most 999 characters.
    private func labelEnd(from start: Int) -> Int? {
        var p = start
        while p < c.count && p - start <= 999 {
            switch c[p] {
            case UInt8(ascii: "\\"): p += (p + 1 < c.count && InlineScanner.isPunct(c[p + 1])) ? 2 : 1
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"): return p
            default: p += 1
            }
        }
        return nil
    }

    /// `dest "title")` after `(`: the destination's bytes and the end after `)`.
    private func inlineTail(from start: Int) -> (Range<Int>, Int)? {
        let n = c.count
        var p = skipSpaceAndOneNewline(start)
        var destination = p..<p
        if p < n && c[p] == UInt8(ascii: "<") {
            var q = p + 1
            while q < n {
                let ch = c[q]
                if ch == UInt8(ascii: ">") { break }
                if ch == UInt8(ascii: "\\") && q + 1 < n && InlineScanner.isPunct(c[q + 1]) { q += 2; continue }
                if ch == ASCII.lf || ch == UInt8(ascii: "<") { return nil }
                q += 1
            }
            guard q < n else { return nil }
            destination = (p + 1)..<q
            p = q + 1
        } else if p < n && c[p] != UInt8(ascii: ")") {
            var q = p, depth = 0
            while q < n {
                let ch = c[q]
                if ch == UInt8(ascii: "\\") && q + 1 < n && InlineScanner.isPunct(c[q + 1]) { q += 2; continue }
                if ch == UInt8(ascii: "(") { depth += 1; if depth > 32 { return nil } }
                else if ch == UInt8(ascii: ")") { if depth == 0 { break }; depth -= 1 }
                else if ch <= 0x20 || ch == 0x7F { break }
                q += 1
            }
            guard depth == 0, q > p else { return nil }
            destination = p..<q
            p = q
        }
        let beforeSpace = p
        p = skipSpaceAndOneNewline(p)
        if p < n && p > beforeSpace, let titleEnd = titleEnd(at: p) {
            p = skipSpaceAndOneNewline(titleEnd)
        }
        guard p < n && c[p] == UInt8(ascii: ")") else { return nil }
        return (destination, p + 1)
    }

    private func skipSpaceAndOneNewline(_ start: Int) -> Int {
        var p = start
        while p < c.count && (c[p] == ASCII.space || c[p] == ASCII.tab) { p += 1 }
        if p < c.count && c[p] == ASCII.lf {
            p += 1
            while p < c.count && (c[p] == ASCII.space || c[p] == ASCII.tab) { p += 1 }
        }
        return p
    }

    /// A link title (`"…"`, `'…'`, `(…)`) at `p`: the end after it, or nil.
    private func titleEnd(at start: Int) -> Int? {
        let open = c[start]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return nil
        }
        var p = start + 1
        while p < c.count {
            let ch = c[p]
            if ch == UInt8(ascii: "\\") && p + 1 < c.count && InlineScanner.isPunct(c[p + 1]) { p += 2; continue }
            if ch == close { return p + 1 }
            if open == UInt8(ascii: "(") && ch == open { return nil }
            p += 1
        }
        return nil
    }

    // MARK: autolinks and raw HTML

    /// `<scheme:…>` or `<user@host>`: the end after `>`, or nil.
    private func autolinkEnd(at start: Int) -> Int? {
        let n = c.count
        var p = start + 1
        // URI: a scheme of 2–32 characters, `:`, then no space, `<`, `>` or control.
        var q = p
        if q < n && InlineScanner.isLetter(c[q]) {
            q += 1
            while q < n && (InlineScanner.isLetter(c[q]) || ASCII.isDigit(c[q]) || c[q] == UInt8(ascii: "+") || c[q] == UInt8(ascii: ".") || c[q] == UInt8(ascii: "-")) { q += 1 }
            let scheme = q - p
            if scheme >= 2 && scheme <= 32 && q < n && c[q] == UInt8(ascii: ":") {
                q += 1
                while q < n && c[q] > 0x20 && c[q] != UInt8(ascii: "<") && c[q] != UInt8(ascii: ">") { q += 1 }
                if q < n && c[q] == UInt8(ascii: ">") { return q + 1 }
            }
        }
        // Email.
        q = p
        while q < n && (InlineScanner.isLetter(c[q]) || ASCII.isDigit(c[q]) || Array(".!#$%&'*+/=?^_`{|}~-".utf8).contains(c[q])) { q += 1 }
        guard q > p, q < n, c[q] == UInt8(ascii: "@") else { return nil }
        q += 1
        p = q
        var labelLength = 0
        while q < n {
            let ch = c[q]
            if InlineScanner.isLetter(ch) || ASCII.isDigit(ch) { labelLength += 1 }
            else if ch == UInt8(ascii: "-") && labelLength > 0 { labelLength += 1 }
            else if ch == UInt8(ascii: ".") && labelLength > 0 && c[q - 1] != UInt8(ascii: "-") { labelLength = 0 }
            else if ch == UInt8(ascii: ">") && labelLength > 0 && c[q - 1] != UInt8(ascii: "-") { return q + 1 }
            else { return nil }
            if labelLength > 63 { return nil }
            q += 1
        }
        return nil
    }

    /// Raw HTML at `start` (spec 0.30 §6.6: open tag, closing tag, comment, processing instruction,
    /// declaration, CDATA): the end after it, or nil. A terminator searched for in vain once is not
    /// searched for again (a block of many `<!--` without `-->` stays linear).
    private func htmlEnd(at start: Int, noCommentEnd: inout Bool, noPIEnd: inout Bool, noCDATAEnd: inout Bool,
                         noDeclarationEnd: inout Bool) -> Int? {
        let n = c.count
        var p = start + 1
        guard p < n else { return nil }
        if InlineScanner.isLetter(c[p]) { return openTagEnd(from: p) }
        if c[p] == UInt8(ascii: "/") {
            p += 1
            guard p < n, InlineScanner.isLetter(c[p]) else { return nil }
            while p < n && (InlineScanner.isLetter(c[p]) || ASCII.isDigit(c[p]) || c[p] == UInt8(ascii: "-")) { p += 1 }
            p = skipHTMLSpace(p)
            return p < n && c[p] == UInt8(ascii: ">") ? p + 1 : nil
        }
        if c.has(Array("!--".utf8), at: p, end: n) {
            // cmark 0.30: the text may not start with `>` or `->`, nor contain `--`, nor end with `-`.
            p += 3
            if p < n && c[p] == UInt8(ascii: ">") { return nil }
            if p + 1 < n && c[p] == UInt8(ascii: "-") && c[p + 1] == UInt8(ascii: ">") { return nil }
            if noCommentEnd { return nil }
            var q = p
            while q + 1 < n {
                if c[q] == UInt8(ascii: "-") && c[q + 1] == UInt8(ascii: "-") {
                    return q + 2 < n && c[q + 2] == UInt8(ascii: ">") ? q + 3 : nil
                }
                q += 1
            }
            noCommentEnd = true
            return nil
        }
        if c[p] == UInt8(ascii: "?") {
            if noPIEnd { return nil }
            var q = p + 1
            while q + 1 < n { if c[q] == UInt8(ascii: "?") && c[q + 1] == UInt8(ascii: ">") { return q + 2 }; q += 1 }
            noPIEnd = true
            return nil
        }
        if c.has(Array("![CDATA[".utf8), at: p, end: n) {
            if noCDATAEnd { return nil }
            var q = p + 8
            while q + 2 < n { if c[q] == UInt8(ascii: "]") && c[q + 1] == UInt8(ascii: "]") && c[q + 2] == UInt8(ascii: ">") { return q + 3 }; q += 1 }
            noCDATAEnd = true
            return nil
        }
        if c[p] == UInt8(ascii: "!"), p + 1 < n, InlineScanner.isLetter(c[p + 1]) {
            if noDeclarationEnd { return nil }
            var q = p + 1
            while q < n { if c[q] == UInt8(ascii: ">") { return q + 1 }; q += 1 }
            noDeclarationEnd = true
            return nil
        }
        return nil
    }

    /// An open tag from its name at `start`: attributes, optional `/`, `>`.
    private func openTagEnd(from start: Int) -> Int? {
        let n = c.count
        var p = start
        while p < n && (InlineScanner.isLetter(c[p]) || ASCII.isDigit(c[p]) || c[p] == UInt8(ascii: "-")) { p += 1 }
        while true {
            let beforeSpace = p
            p = skipHTMLSpace(p)
            guard p < n else { return nil }
            if c[p] == UInt8(ascii: ">") { return p + 1 }
            if c[p] == UInt8(ascii: "/") { return p + 1 < n && c[p + 1] == UInt8(ascii: ">") ? p + 2 : nil }
            // An attribute needs whitespace before it.
            guard p > beforeSpace, InlineScanner.isLetter(c[p]) || c[p] == UInt8(ascii: "_") || c[p] == UInt8(ascii: ":") else { return nil }
            while p < n && (InlineScanner.isLetter(c[p]) || ASCII.isDigit(c[p]) || Array("_.:-".utf8).contains(c[p])) { p += 1 }
            let afterName = p
            p = skipHTMLSpace(p)
            if p < n && c[p] == UInt8(ascii: "=") {
                p = skipHTMLSpace(p + 1)
                guard p < n else { return nil }
                if c[p] == UInt8(ascii: "\"") || c[p] == UInt8(ascii: "'") {
                    let quote = c[p]
                    p += 1
                    while p < n && c[p] != quote { p += 1 }
                    guard p < n else { return nil }
                    p += 1
                } else {
                    let valueStart = p
                    while p < n && c[p] > 0x20 && !Array("\"'=<>`".utf8).contains(c[p]) { p += 1 }
                    guard p > valueStart else { return nil }
                }
            } else {
                p = afterName
            }
        }
    }

    /// Spaces, tabs and up to one line ending where HTML allows whitespace (cmark allows any number of
    /// line endings inside a tag; so does this).
    private func skipHTMLSpace(_ start: Int) -> Int {
        var p = start
        while p < c.count && (c[p] == ASCII.space || c[p] == ASCII.tab || c[p] == ASCII.lf || c[p] == ASCII.cr || c[p] == 12) { p += 1 }
        return p
    }

    static func isPunct(_ ch: UInt8) -> Bool {
        (ch >= 0x21 && ch <= 0x2F) || (ch >= 0x3A && ch <= 0x40) || (ch >= 0x5B && ch <= 0x60) || (ch >= 0x7B && ch <= 0x7E)
    }

    static func isLetter(_ ch: UInt8) -> Bool { (ch | 0x20) >= 97 && (ch | 0x20) <= 122 }
}
