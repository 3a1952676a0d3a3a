/// A link destination that points inside the repository (format.md §8): no URI scheme, not `//host`.
public struct LocalLink: Sendable, Equatable {
    /// The destination as written (for messages).
    public let destination: String
    /// The path, percent-decoded; empty for a same-file link (`#install`).
    public let path: String
    /// The fragment, percent-decoded; nil when there is no `#`.
    public let fragment: String?
    /// Written in the text of a GFM footnote definition, which cmark reads as a link reference
    /// definition (`LinkCheck.footnoteLinks`): checked, never rewritten.
    public internal(set) var inFootnoteText = false
    /// Written in raw HTML (`href`, `src`): a site's generator leaves it as written, and the browser
    /// resolves it against the page's URL (format.md §16).
    public internal(set) var inHTML = false
    /// A MyST role that names a target (`ref`, `doc`): checked, never rewritten.
    public internal(set) var role: String? = nil

    /// A Hugo `ref` or `relref` shortcode (lowercased): its argument names a page by its content
    /// path; checked, and repaired in that form (format.md §16).
    public internal(set) var shortcode: String? = nil
    /// Where a link cmark does not see (a shortcode) stands in the document: what its finding spans.
    public internal(set) var written: Range<Int>? = nil

    /// A Hugo `ref`/`relref` shortcode as a link: the shortcode as written, its argument's path and
    /// fragment (never percent-decoded: Hugo reads a content path, not a URL).
    init(shortcode: RefShortcode) {
        destination = shortcode.text
        let argument = shortcode.argument
        if let hash = argument.firstIndex(of: "#") {
            path = String(argument[..<hash])
            fragment = String(argument[argument.index(after: hash)...])
        } else {
            path = argument
            fragment = nil
        }
        self.shortcode = shortcode.name.lowercased()
        written = shortcode.whole
    }

    /// A MyST role's target (`` {ref}`title <label>` ``: `label`), as a link to check.
    init(role: String, target: String) {
        destination = "{\(role)}`\(target)`"
        path = target
        fragment = nil
        self.role = role
    }

    /// nil for an external destination (`https:`, `mailto:`, `//host/x`) or an empty one.
    public init?(_ destination: String) {
        guard !destination.isEmpty, !destination.hasPrefix("//"), !LocalLink.hasScheme(destination) else { return nil }
        self.destination = destination
        // Split by scalars, not Characters: `#` followed by U+FE0F is one Character (a keycap), and
        // `#️-next-steps` (what a `## ➡️ Next Steps` heading's slug starts with) is still a fragment.
        // `#`, `?` and `%` are ASCII, never part of a longer scalar's bytes: they are found in the
        // UTF-8 (a document's every link is read again on every keystroke in an editor).
        var copy = destination
        let (hash, query, percent) = copy.withUTF8 { bytes -> (Int?, Int?, Bool) in
            let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
            return (hash, bytes[..<(hash ?? bytes.count)].firstIndex(of: UInt8(ascii: "?")), bytes.contains(UInt8(ascii: "%")))
        }
        let utf8 = destination.utf8, scalars = destination.unicodeScalars
        func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var pathPart = Substring(destination)
        var fragmentPart: Substring? = nil
        if let hash {
            pathPart = Substring(scalars[..<at(hash)])
            fragmentPart = Substring(scalars[at(hash + 1)...])
        }
        if let query {
            // After `?plain=1` a fragment is GitHub's line anchor (`#L3`) into the source view, not a
            // heading: only the path is checked and repaired.
            let after = Substring(scalars[at(query + 1)..<pathPart.endIndex])
            if after.split(separator: "&").contains("plain=1") { fragmentPart = nil }
            pathPart = Substring(scalars[..<at(query)])
        }
        self.path = percent ? LocalLink.percentDecoded(pathPart) : String(pathPart)
        self.fragment = fragmentPart.map { percent ? LocalLink.percentDecoded($0) : String($0) }
    }

    /// `scheme:` as RFC 3986 writes it: a letter, then letters, digits, `+`, `-`, `.`.
    static func hasScheme(_ s: String) -> Bool {
        var first = true
        for b in s.utf8 {
            if b == UInt8(ascii: ":") { return !first }
            let letter = (b | 0x20) >= 97 && (b | 0x20) <= 122
            if first { guard letter else { return false } } else {
                guard letter || ASCII.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") else { return false }
            }
            first = false
        }
        return false
    }

    /// `%XX` decoded as UTF-8 bytes; a malformed escape is kept as written.
    static func percentDecoded<S: StringProtocol>(_ s: S) -> String {
        // (In the contiguous bytes where it can: the generic search costs more than the rest.)
        guard s.utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: "%")) }) ?? s.utf8.contains(UInt8(ascii: "%")) else { return String(s) }
        let b = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        while i < b.count {
            if b[i] == UInt8(ascii: "%"), i + 2 < b.count, let h = hex(b[i + 1]), let l = hex(b[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        // A byte that is not UTF-8 stays the byte it is: it may name a file so named (PathBytes).
        return PathBytes.decode(out)
    }

    /// `path` resolved against the directory of `file` (both as outline names files), `.` and `..`
    /// folded lexically; a path starting with `/` is taken from `root` (the repository's top level).
    /// Byte by byte, one string made: a docs tree resolves every local link once.
    public static func resolve(_ path: String, from file: String, root: String) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let fromRoot = path.utf8.first == slash
        let base = fromRoot ? root : file
        let absolute = base.utf8.first == slash
        // Components are written into one buffer on the stack (`/` first when absolute), where each
        // begins kept beside it; no array per component (every link of a tree is resolved, twice).
        let capacity = base.utf8.count + path.utf8.count + 2
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out -> String in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity / 2 + 2) { starts -> String in
                let origin = absolute ? 1 : 0
                if absolute { out[0] = slash }
                var length = origin, depth = 0
                func push(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
                    if depth > 0 { out[length] = slash; length += 1 }
                    starts[depth] = length
                    depth += 1
                    for k in from..<to { out[length] = b[k]; length += 1 }
                }
                func pop() {
                    depth -= 1
                    let start = starts[depth]
                    length = start == origin ? origin : start - 1
                }
                func lastIsDotDot() -> Bool {
                    guard depth > 0 else { return false }
                    let start = starts[depth - 1]
                    return length - start == 2 && out[start] == dot && out[start + 1] == dot
                }
                // Each non-empty component between slashes, but `.`.
                func components(_ text: String, _ body: (UnsafeBufferPointer<UInt8>, Int, Int) -> Void) {
                    var copy = text
                    copy.withUTF8 { b in
                        var i = 0
                        while i < b.count {
                            var j = i
                            while j < b.count && b[j] != slash { j += 1 }
                            if j > i && !(j - i == 1 && b[i] == dot) { body(b, i, j) }
                            i = j + 1
                        }
                    }
                }
                // The base's components as written (only `.` dropped), less the file's own name.
                components(base) { b, i, j in push(b, i, j) }
                if !fromRoot, depth > 0, file.utf8.last != slash { pop() }
                components(path) { b, i, j in
                    if j - i == 2 && b[i] == dot && b[i + 1] == dot {
                        if depth > 0 && !lastIsDotDot() { pop(); return }
                        if absolute { return }   // above `/` is `/`
                    }
                    push(b, i, j)
                }
                if length == 0 { return "." }
                return String(decoding: UnsafeBufferPointer(rebasing: out[0..<length]), as: UTF8.self)
            }
        }
    }

    /// True for a Markdown file name (`.md`, `.markdown`, `.mdx`, any case).
    public static func isMarkdown(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown") || lower.hasSuffix(".mdx")
    }

    /// An MDX file by its name (`.mdx`): read as MDX unless its site says otherwise (format.md §16).
    public static func isMDX(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".mdx")
    }

}
