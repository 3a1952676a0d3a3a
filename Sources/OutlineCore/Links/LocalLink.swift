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
        let slash = UInt8(ascii: "/")
        let fromRoot = path.utf8.first == slash
        let base = fromRoot ? root : file
        let absolute = base.utf8.first == slash
        var out: [UInt8] = []
        var starts: [Int] = []   // where each component begins in `out`
        out.reserveCapacity(base.utf8.count + path.utf8.count)
        func isDots(_ c: UnsafeBufferPointer<UInt8>.SubSequence, _ n: Int) -> Bool {
            c.count == n && c.allSatisfy { $0 == UInt8(ascii: ".") }
        }
        func lastIsDotDot() -> Bool {
            guard let start = starts.last else { return false }
            return out.count - start == 2 && out[start] == UInt8(ascii: ".") && out[start + 1] == UInt8(ascii: ".")
        }
        func push(_ c: UnsafeBufferPointer<UInt8>.SubSequence) {
            if !starts.isEmpty { out.append(slash) }
            starts.append(out.count)
            out.append(contentsOf: c)
        }
        func pop() {
            let start = starts.removeLast()
            out.removeSubrange((start == 0 ? 0 : start - 1)...)
        }
        // The base's components as written (only `.` dropped), less the file's own name.
        var baseCopy = base
        baseCopy.withUTF8 { b in
            for c in b.split(separator: slash) where !isDots(c, 1) { push(c) }
        }
        if !fromRoot, !starts.isEmpty, file.utf8.last != slash { pop() }
        var pathCopy = path
        pathCopy.withUTF8 { b in
            for c in b.split(separator: slash) where !isDots(c, 1) {
                if isDots(c, 2) {
                    if !starts.isEmpty && !lastIsDotDot() { pop(); continue }
                    if absolute { continue }   // above `/` is `/`
                }
                push(c)
            }
        }
        if absolute { return "/" + String(decoding: out, as: UTF8.self) }
        return out.isEmpty ? "." : String(decoding: out, as: UTF8.self)
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
