/// A path as outline names files, in one place: its normal spelling (`.` and `..` folded), its
/// spelling relative to a directory, the one spelling a run's maps key files by, and whether it lies
/// inside a directory. Every "is this path inside that root" of the code is `contains` or `below`
/// (`StructureRulesTests` looks for the rest).
public enum FilePath {
    /// A path as outline names files, `.` and `..` folded lexically (`./docs/../a.md` → `a.md`).
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
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

    /// True when `normalize` would give `path` back: no empty or `.` component, and `..` only
    /// leading a relative path.
    private static func isNormal(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { b -> Bool in
            guard !b.isEmpty else { return false }
            if b.count == 1 && b[0] == UInt8(ascii: ".") { return true }
            let absolute = b[0] == UInt8(ascii: "/")
            var i = absolute ? 1 : 0
            var sawName = false
            while true {
                var j = i
                while j < b.count && b[j] != UInt8(ascii: "/") { j += 1 }
                let n = j - i
                if n == 0 { return false }
                let dots = b[i..<j].allSatisfy { $0 == UInt8(ascii: ".") }
                if dots && n == 1 { return false }
                if dots && n == 2 { if sawName || absolute { return false } } else { sawName = true }
                if j == b.count { return true }
                i = j + 1
            }
        }
    }

    /// `path` relative to `directory` (both as outline names them, or both root-relative): shared
    /// prefix dropped, one `..` per directory left.
    public static func relative(_ path: String, fromDirectory directory: String) -> String {
        var from = normalize(directory).split(separator: "/").map(String.init)
        if from == ["."] { from = [] }
        var to = normalize(path).split(separator: "/").map(String.init)
        while let a = from.first, let b = to.first, a == b { from.removeFirst(); to.removeFirst() }
        // A directory from itself or from below it (a site's content root seen from inside it) is
        // `.` or `..`, not `../name`.
        let parts = Array(repeating: "..", count: from.count) + to
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A path in the one spelling the run's maps use: `.` and `..` folded, and relative to the
    /// current directory where it lies under it, however it was written (`/abs/docs/a.md`,
    /// `../docs/a.md` seen from `docs/`, `./a.md`): operands and link targets name one file one way.
    /// `here`: the current directory, resolved; `resolve`: a path with its symbolic links resolved.
    public static func canonical(_ path: String, here: String, resolve: (String) -> String?) -> String {
        let normal = normalize(path)
        guard normal.hasPrefix("/") || normal.hasPrefix("..") else { return normal }
        guard here.hasPrefix("/") else { return normal }
        var absolute = normal.hasPrefix("/") ? normal : normalize(here + "/" + normal)
        if !absolute.hasPrefix(here + "/"), absolute.hasPrefix("/") {
            // A spelling through a symbolic link (`$PWD` where `realpath .` differs): its directory resolved.
            let slash = absolute.lastIndex(of: "/")!
            if let directory = resolve(slash == absolute.startIndex ? "/" : String(absolute[..<slash])) {
                absolute = directory + absolute[slash...]
            }
        }
        if absolute.hasPrefix(here + "/") { return String(absolute.dropFirst(here.count + 1)) }
        if absolute == here { return "." }
        return normal
    }

    /// Whether `path` lies inside the directory `root` or is it (both spelled alike: normalized,
    /// both absolute or both relative). `/` contains every absolute path; `.` every relative path
    /// that does not leave it, and so does `""` (a repository's top level as git names paths).
    public static func contains(_ root: String, _ path: String) -> Bool {
        below(root, path) != nil
    }

    /// `path` relative to the directory `root` it lies in (`""` for `root` itself), or nil when it
    /// lies elsewhere (both spelled alike).
    public static func below(_ root: String, _ path: String) -> String? {
        if path == root { return "" }
        if root == "." || root.isEmpty {
            return path.hasPrefix("/") || path == ".." || path.hasPrefix("../") ? nil : path
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
