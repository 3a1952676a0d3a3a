/// A link destination that points inside the repository (SPEC §7.2): no URI scheme, not `//host`.
public struct LocalLink: Sendable, Equatable {
    /// The destination as written (for messages).
    public let destination: String
    /// The path, percent-decoded; empty for a same-file link (`#install`).
    public let path: String
    /// The fragment, percent-decoded; nil when there is no `#`.
    public let fragment: String?

    /// nil for an external destination (`https:`, `mailto:`, `//host/x`) or an empty one.
    public init?(_ destination: String) {
        guard !destination.isEmpty, !destination.hasPrefix("//"), !LocalLink.hasScheme(destination) else { return nil }
        self.destination = destination
        var pathPart = Substring(destination)
        var fragmentPart: Substring? = nil
        if let hash = destination.firstIndex(of: "#") {
            pathPart = destination[..<hash]
            fragmentPart = destination[destination.index(after: hash)...]
        }
        if let query = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<query] }
        self.path = LocalLink.percentDecoded(pathPart)
        self.fragment = fragmentPart.map(LocalLink.percentDecoded)
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
        guard s.utf8.contains(UInt8(ascii: "%")) else { return String(s) }
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
        return String(decoding: out, as: UTF8.self)
    }

    /// `path` resolved against the directory of `file` (both as outline names files), `.` and `..`
    /// folded lexically; a path starting with `/` is taken from `root` (the repository's top level).
    public static func resolve(_ path: String, from file: String, root: String) -> String {
        let base = path.hasPrefix("/") ? root : file
        let absolute = base.hasPrefix("/")
        var stack = base.split(separator: "/").filter { $0 != "." }
        if !path.hasPrefix("/"), !stack.isEmpty, !file.hasSuffix("/") { stack.removeLast() }   // the file's name
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = stack.last, last != ".." {
                stack.removeLast()
            } else if part == "..", absolute {
                continue   // above `/` is `/`
            } else {
                stack.append(part)
            }
        }
        let joined = stack.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// A path as outline names files, `.` and `..` folded lexically (`./docs/../a.md` → `a.md`).
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var stack: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = stack.last, last != ".." { stack.removeLast() }
            else if part == "..", absolute { continue }
            else { stack.append(part) }
        }
        let joined = stack.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` relative to `directory` (both as outline names them, or both root-relative): shared
    /// prefix dropped, one `..` per directory left.
    public static func relative(_ path: String, fromDirectory directory: String) -> String {
        var from = normalize(directory).split(separator: "/").map(String.init)
        if from == ["."] { from = [] }
        var to = normalize(path).split(separator: "/").map(String.init)
        while let a = from.first, let b = to.first, a == b, to.count > 1 { from.removeFirst(); to.removeFirst() }
        return (Array(repeating: "..", count: from.count) + to).joined(separator: "/")
    }

    /// True for a Markdown file name (`.md`, `.markdown`, any case).
    public static func isMarkdown(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }
}
