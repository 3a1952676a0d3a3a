/// The one reading of fenced code over a text's lines (format.md §16): every walk over a page's
/// lines that must not look inside code (attr_list ids, footnotes, MyST labels and roles, hooks'
/// comments, definition terms, duplicate reference definitions, MDX code) goes through `forEach`,
/// and the container scanner (`ContainerScan`) reads its fences and their closings from
/// `FenceTable`. A fence is three or more backticks or tildes (a colon fence is a MyST container,
/// never code) up to three spaces in; it runs to the first line of the same character, at least as
/// long, with nothing after it, or to the end. One pass, a line read once.
enum LineScanner {
    /// What a line is to the fences.
    enum Kind: Equatable {
        /// Outside fenced code.
        case text
        /// The line that opens fenced code.
        case opening(Fence)
        /// Inside fenced code.
        case code
        /// The line that closes fenced code.
        case closing
    }

    /// Calls `body` with each line of `source` in order: its number (0-based), its content and what
    /// it is to the fences.
    static func forEach(in source: Source, _ body: (_ line: Int, _ text: ArraySlice<UInt8>, _ kind: Kind) -> Void) {
        forEach(lines: source.lineCount, text: source.content, body)
    }

    /// The same over `lines` lines whose content `text` gives (a view's lines, some left out).
    static func forEach(lines: Int, text: (Int) -> ArraySlice<UInt8>, _ body: (_ line: Int, _ text: ArraySlice<UInt8>, _ kind: Kind) -> Void) {
        var fences = Fences()
        for line in 0..<lines {
            let text = text(line)
            body(line, text, fences.read(text))
        }
    }

    /// The fence state of a walk that reads lines one after another (`forEach`, and the MDX
    /// reader, which reads lines only outside JavaScript). `containers`: a fence may stand after any
    /// indentation and block-quote markers (a translation's sections read so, format.md §17, where
    /// a section's own lines may sit in a list or a quote).
    struct Fences {
        private(set) var open: Fence? = nil
        var containers = false

        /// What the next line is, given what the lines before it were.
        mutating func read(_ text: ArraySlice<UInt8>) -> Kind {
            if let f = open {
                if let closing = Fence(text, containers: containers), f.isClosed(by: closing) {
                    open = nil
                    return .closing
                }
                return .code
            }
            if let f = Fence(text, containers: containers), f.character != UInt8(ascii: ":") {
                open = f
                return .opening(f)
            }
            return .text
        }
    }

    /// Whether a line is a fence (three or more backticks, tildes or colons, up to three spaces in):
    /// a block's start to a reader that asks about one line.
    static func isFenceLine(_ line: ArraySlice<UInt8>) -> Bool { Fence(line) != nil }

    /// Whether each line of `source` is fenced code (its fences included).
    static func codeLines(in source: Source) -> [Bool] {
        var code = [Bool](repeating: false, count: source.lineCount)
        forEach(in: source) { line, _, kind in code[line] = kind != .text }
        return code
    }
}

/// A fence line: three or more backticks, tildes or colons, up to three spaces in, and what follows.
struct Fence: Equatable {
    let character: UInt8
    let length: Int
    /// What follows the fence, trimmed.
    let info: ArraySlice<UInt8>
    /// Where the directive's argument starts in the line's text (after `{name}` and spaces).
    let argumentStart: Int?

    /// `containers`: after any blanks and `>`s (a line of a list item or a quote), and never a
    /// colon fence.
    init?(_ line: ArraySlice<UInt8>, containers: Bool = false) {
        var p = line.startIndex
        var spaces = 0
        if containers {
            while p < line.endIndex, ASCII.isBlank(line[p]) || line[p] == UInt8(ascii: ">") { p += 1 }
        } else {
            while p < line.endIndex, line[p] == ASCII.space, spaces < 3 { p += 1; spaces += 1 }
        }
        guard p < line.endIndex else { return nil }
        let c = line[p]
        guard c == UInt8(ascii: "`") || c == UInt8(ascii: "~") || (c == UInt8(ascii: ":") && !containers) else { return nil }
        var q = p
        while q < line.endIndex, line[q] == c { q += 1 }
        guard q - p >= 3 else { return nil }
        character = c
        length = q - p
        let rest = line[q...]
        // A backtick fence's info string holds no backtick.
        if c == UInt8(ascii: "`") && rest.contains(UInt8(ascii: "`")) { return nil }
        let start = rest.drop(while: ASCII.isBlank)
        var end = start.endIndex
        while end > start.startIndex, ASCII.isBlank(line[end - 1]) { end -= 1 }
        info = line[start.startIndex..<end]
        if info.first == UInt8(ascii: "{"), let close = info.firstIndex(of: UInt8(ascii: "}")) {
            let after = line[(close + 1)...].drop(while: ASCII.isBlank)
            argumentStart = after.isEmpty ? nil : after.startIndex - line.startIndex
        } else {
            argumentStart = nil
        }
    }

    /// Nothing after the fence (a closing fence).
    var isBare: Bool { info.isEmpty }

    /// Whether `other` closes this fence: the same character, at least as long, nothing after it.
    func isClosed(by other: Fence) -> Bool { other.character == character && other.length >= length && other.isBare }

    /// `{name}` opening the info string: a MyST directive's name.
    var directive: String? {
        guard info.first == UInt8(ascii: "{"), let close = info.firstIndex(of: UInt8(ascii: "}")), close > info.startIndex + 1 else { return nil }
        return String(decoding: info[(info.startIndex + 1)..<close], as: UTF8.self)
    }
}

/// The fences of a document as the container scanner meets them: each line's fence, read after the
/// line's own indentation levels (four columns each: the containers it stands in), and the line
/// that closes it, found for every fence at once (a fence left open costs no search to the end).
struct FenceTable {
    /// Each line's fence, read `4 × level` columns in; nil when it is none.
    private(set) var fences: [Fence?]
    /// Each fence's closing line: the first later line of the same level holding a bare fence of
    /// its character, at least as long; -1 when none.
    private(set) var closing: [Int32]

    /// `text(line, columns)`: the line's content with `columns` columns of indentation taken off;
    /// `levels`: each line's level (nil for a blank line).
    init(lineCount: Int, levels: [Int32], text: (Int, Int) -> ArraySlice<UInt8>) {
        fences = [Fence?](repeating: nil, count: lineCount)
        closing = [Int32](repeating: -1, count: lineCount)
        for line in 0..<lineCount where levels[line] >= 0 {
            let t = text(line, 4 * Int(levels[line]))
            if let c = t.first(where: { $0 != ASCII.space }), c == UInt8(ascii: "`") || c == UInt8(ascii: "~") || c == UInt8(ascii: ":") {
                fences[line] = Fence(t)
            }
        }
        // From the end: for each character and level, the bare fences still ahead, nearest last,
        // each longer than every one nearer (a nearer one at least as long hides it).
        var group: [Int: Int] = [:]
        var ahead: [[(line: Int32, length: Int)]] = []
        var line = lineCount - 1
        while line >= 0 {
            defer { line -= 1 }
            guard let fence = fences[line] else { continue }
            let key = Int(levels[line]) << 8 | Int(fence.character)
            let g: Int
            if let known = group[key] { g = known } else { g = ahead.count; group[key] = g; ahead.append([]) }
            // The nearest entry at least as long: lengths grow towards the start of the array.
            var lo = 0, hi = ahead[g].count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ahead[g][mid].length >= fence.length { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { closing[line] = ahead[g][lo - 1].line }
            if fence.isBare {
                while let last = ahead[g].last, last.length <= fence.length { ahead[g].removeLast() }
                ahead[g].append((Int32(line), fence.length))
            }
        }
    }
}
