#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// Document discovery: which files a directory operand stands for (git's view of what is ignored,
/// hidden directories, excludes), found by a parallel walk.
extension FileSystem {
    /// `.md`, `.markdown` or `.mdx` at the end of `name`, in any case: `LocalLink.isMarkdown` on a
    /// directory entry's bytes, which a walk of a large tree must not turn into Strings first.
    static func isMarkdownName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        func endsWith(_ suffix: StaticString) -> Bool {
            let n = suffix.utf8CodeUnitCount
            guard name.count >= n else { return false }
            let start = name.count - n
            for k in 0..<n {
                let b: UInt8 = name[start + k]
                let lower: UInt8 = b >= 65 && b <= 90 ? b + 32 : b   // ASCII letters in any case
                if lower != suffix.utf8Start[k] { return false }
            }
            return true
        }
        return endsWith(".md") || endsWith(".markdown") || endsWith(".mdx")
    }

    /// FILE operands of a multi-file command: directories become the Markdown files in them (by name,
    /// in any case: `.md`, `.markdown`, `.mdx`), found recursively, hidden directories skipped, symbolic links
    /// to directories not followed, in sorted order. Inside a git work tree git decides what is
    /// ignored (`.gitignore`, `.git/info/exclude`, the global excludes file), unless the directory
    /// named is itself ignored; `excludes` drop more. Files named explicitly are always kept.
    ///
    /// Walks read only regular files (format.md §11): a FIFO, socket or device named like Markdown is
    /// skipped with a warning (reading a FIFO blocks forever), and so is a symbolic link that resolves
    /// outside the walked directory and the work tree, or into `/proc`, `/sys` or `/dev`. `hidden`
    /// (`--hidden`, the config's `hidden`) walks hidden directories too, `.git` never.
    static func expand(_ operands: [String], excludes: Excludes = Excludes([]), hidden: Bool = false,
                       warn: (Diagnostic) -> Void = { _ in }) throws -> [String] {
        var files: [String] = []
        for operand in operands {
            if operand != "-" && isDirectory(operand) {
                var found: [(path: String, regular: Bool)] = []
                // A directory git ignores as a whole (a build output, `node_modules` named on purpose)
                // is walked as it is: naming it is asking for it.
                if let listed = gitListing(operand, hidden: hidden), !(listed.isEmpty && gitIgnores(operand)) {
                    found = listed
                } else {
                    found = try walk(operand, hidden: hidden)
                }
                let roots = safeRoots(for: operand)
                found = found.filter { path, regular in
                    guard !regular, let problem = readProblem(path, roots: roots) else { return true }
                    if !excludes.excludes(path) { warn(Diagnostic(.warning, .file, path: path, "skipped: \(problem) (outline reads only regular files)")) }
                    return false
                }
                files += found.lazy.map(\.path).filter { !excludes.excludes($0) }
            } else {
                files.append(operand)
            }
        }
        return files
    }

    /// True when `directory` or one of its ancestors holds a `.git` (a directory, or a file for a
    /// linked work tree or submodule).
    static func hasGitAbove(_ directory: String) -> Bool {
        guard var dir = Git.resolve(directory) else { return true }
        while true {
            if exists((dir == "/" ? "" : dir) + "/.git") { return true }
            guard dir != "/", let slash = dir.lastIndex(of: "/") else { return false }
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
    }

    /// True when git ignores `directory` itself.
    static func gitIgnores(_ directory: String) -> Bool {
        ((try? Git.run(["check-ignore", "-q", "."], in: directory)) ?? nil) != nil
    }

    /// The Markdown files under `directory` that git does not ignore (tracked or not), when it lies in
    /// a git work tree; nil otherwise (or when git cannot be run). Files deleted from the work tree but
    /// still in the index are left out.
    static func gitListing(_ directory: String, hidden walkHidden: Bool = false) -> [(path: String, regular: Bool)]? {
        // Outside any work tree (no `.git` in the directory or above it, and no GIT_DIR), git would
        // only say so: not worth a process.
        guard getenv("GIT_DIR") != nil || hasGitAbove(directory) else { return nil }
        guard let out = (try? Git.run(["ls-files", "--cached", "--others", "--exclude-standard", "-z"], in: directory)) ?? nil else {
            return nil
        }
        let base = directory == "." || directory == "./" ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        var candidates: [ArraySlice<UInt8>] = []
        for raw in out.split(separator: 0) {
            // Markdown names only; none in a hidden directory unless asked for.
            guard raw.withUnsafeBufferPointer({ isMarkdownName($0) }) else { continue }
            if walkHidden { candidates.append(raw); continue }
            var hidden = false, start = raw.startIndex
            for i in raw.indices where raw[i] == UInt8(ascii: "/") {
                if raw[start] == UInt8(ascii: ".") { hidden = true; break }
                start = i + 1
            }
            if !hidden { candidates.append(raw) }
        }
        // The walk's order (directory by directory, names sorted by their bytes): a path's bytes with
        // `/` below every other byte. git lists a file once per stage of a conflict: once here.
        func key(_ raw: ArraySlice<UInt8>) -> [UInt8] { raw.map { $0 == UInt8(ascii: "/") ? 1 : $0 } }
        let keyed = candidates.map { (key($0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
        var unique: [ArraySlice<UInt8>] = []
        for (k, entry) in keyed.enumerated() where k == 0 || keyed[k - 1].0 != entry.0 { unique.append(entry.1) }
        // Present in the work tree (deleted files are still in the index), and what it is: read from
        // each directory's entries (readdir's type), one directory at a time in parallel, not by one
        // lstat(2) per file (a system call per file would be much of a large repository's walk). An
        // entry whose type the file system does not give, or a directory that cannot be listed, is
        // looked at with lstat as before; a regular file needs no further look (`readProblem` is for
        // the others).
        let entries = unique
        let slash = UInt8(ascii: "/")
        // Each entry's directory, hashed only where it differs from the entry before's (a directory's
        // files stand together in the walk's order).
        var directoryOf = [Int](repeating: 0, count: entries.count)
        var directories: [ArraySlice<UInt8>] = []
        var numbered: [ArraySlice<UInt8>: Int] = [:]
        for (k, raw) in entries.enumerated() {
            let directory = raw[raw.startIndex..<(raw.lastIndex(of: slash) ?? raw.startIndex)]
            if k > 0, directories[directoryOf[k - 1]].elementsEqual(directory) { directoryOf[k] = directoryOf[k - 1]; continue }
            if let d = numbered[directory] { directoryOf[k] = d; continue }
            numbered[directory] = directories.count
            directoryOf[k] = directories.count
            directories.append(directory)
        }
        let inDirectory = directoryOf, named = directories
        let listings = Parallel.map(named.count) { d in
            markdownEntryTypes(in: base + (named[d].isEmpty ? "." : PathBytes.decode(named[d])))
        }
        // Then the entries, a thousand at a time (one by one, handing out the indexes would cost more
        // than the work).
        let chunk = 1024
        let found = Parallel.map((entries.count + chunk - 1) / chunk) { c -> [(path: String, regular: Bool)] in
            var out: [(path: String, regular: Bool)] = []
            for k in c * chunk..<min(entries.count, (c + 1) * chunk) {
                let path = base + PathBytes.decode(entries[k])
                var type = UInt8(DT_UNKNOWN)
                if let names = listings[inDirectory[k]] {
                    // (Searched in the UTF-8 view: a search by Character costs more than the lookup.)
                    let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
                    // Not among its directory's entries: deleted from the work tree.
                    guard let listed = names[name] else { continue }
                    type = listed
                }
                switch Int(type) {
                case DT_REG: out.append((path, true)); continue
                case DT_DIR: continue
                case DT_LNK: if !isDirectory(path) { out.append((path, false)) }; continue
                case DT_UNKNOWN: break
                default: out.append((path, false)); continue
                }
                var info = stat()
                guard withSystemPath(path, { lstat($0, &info) }) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: continue
                case S_IFLNK: if !isDirectory(path) { out.append((path, false)) }
                case S_IFREG: out.append((path, true))
                default: out.append((path, false))
                }
            }
            return out
        }
        return Array(found.joined())
    }

    /// The entries of `directory` named like Markdown, each with its type as readdir(3) gives it
    /// (DT_UNKNOWN where the file system does not say); nil when it cannot be listed.
    static func markdownEntryTypes(in directory: String) -> [String: UInt8]? {
        guard let dir = withSystemPath(directory, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var types: [String: UInt8] = [:]
        while let entry = readdir(dir) {
            let type = entry.pointee.d_type
            withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { raw in
                    let bytes = UnsafeBufferPointer(start: raw, count: strlen(UnsafeRawPointer(raw).assumingMemoryBound(to: CChar.self)))
                    if isMarkdownName(bytes) { types[PathBytes.decode(bytes)] = type }
                }
            }
        }
        return types
    }

    /// The Markdown files under `directory`, directory by directory, names sorted (hidden
    /// directories skipped). The first levels are listed here until there are enough directories to
    /// share out; those are walked in parallel, each on its own, and their files put back in place.
    static func walk(_ directory: String, hidden: Bool = false) throws -> [(path: String, regular: Bool)] {
        var items: [WalkEntry] = [.directory(directory)]
        var pending = 1
        while pending > 0 && pending < 8 * Parallel.cores {
            var next: [WalkEntry] = []
            for item in items {
                guard case .directory(let path) = item else { next.append(item); continue }
                guard let listed = try? entries(of: path, hidden: hidden) else {
                    // The error a walk in order meets first (there may be more than one).
                    var files: [(path: String, regular: Bool)] = []
                    try collectMarkdown(in: directory, hidden: hidden, into: &files)
                    return files
                }
                next += listed
            }
            items = next
            pending = items.reduce(0) { count, item in if case .directory = item { count + 1 } else { count } }
        }
        let directories = items.compactMap { item -> String? in if case .directory(let path) = item { path } else { nil } }
        let walked = Parallel.map(directories.count) { k -> Result<[(path: String, regular: Bool)], Diagnostic> in
            var files: [(path: String, regular: Bool)] = []
            do { try collectMarkdown(in: directories[k], hidden: hidden, into: &files) } catch let error as Diagnostic {
                return .failure(error)
            } catch {
                return .failure(.file(directories[k], "\(error)"))
            }
            return .success(files)
        }
        var files: [(path: String, regular: Bool)] = []
        var next = 0
        for item in items {
            switch item {
            case .file(let path, let regular): files.append((path, regular))
            case .directory:
                files += try walked[next].get()
                next += 1
            }
        }
        return files
    }

    /// A directory's entry as the walk sees it: a Markdown file (a regular one, by its directory
    /// entry's type, needs no lstat), or a directory still to walk.
    private enum WalkEntry { case file(String, regular: Bool), directory(String) }

    private static func collectMarkdown(in directory: String, hidden: Bool, into files: inout [(path: String, regular: Bool)]) throws {
        for entry in try entries(of: directory, hidden: hidden) {
            switch entry {
            case .file(let path, let regular): files.append((path, regular))
            case .directory(let path): try collectMarkdown(in: path, hidden: hidden, into: &files)
            }
        }
    }

    /// `directory`'s Markdown files and the directories to walk, in the walk's order (names sorted).
    private static func entries(of directory: String, hidden: Bool) throws -> [WalkEntry] {
        guard let dir = withSystemPath(directory, { opendir($0) }) else { throw Diagnostic.file(directory, describe(errno)) }
        // The entry's type from readdir(3) where the file system gives it: no lstat(2) per entry, and
        // no string for a name that is neither a directory nor Markdown (most of a docs tree).
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(dir) {
            let type = entry.pointee.d_type
            let name: String? = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { raw -> String? in
                    let count = strlen(UnsafeRawPointer(raw).assumingMemoryBound(to: CChar.self))
                    let bytes = UnsafeBufferPointer(start: raw, count: count)
                    if bytes.first == UInt8(ascii: ".") && (count == 1 || (count == 2 && bytes[1] == UInt8(ascii: "."))) { return nil }
                    guard Int(type) == DT_DIR || Int(type) == DT_UNKNOWN || isMarkdownName(bytes) else { return nil }
                    return PathBytes.decode(bytes)
                }
            }
            if let name { entries.append((name, type)) }
        }
        closedir(dir)
        // Paths print as the user would write them: `docs/a.md` for `.`, never `./docs/a.md`.
        let base = directory == "." || directory == "./" ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        var found: [WalkEntry] = []
        for (name, known) in entries.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            let path = base + name
            var type = known
            if Int(type) == DT_UNKNOWN {
                var info = stat()
                guard withSystemPath(path, { lstat($0, &info) }) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: type = UInt8(DT_DIR)
                case S_IFLNK: type = UInt8(DT_LNK)
                case S_IFREG: type = UInt8(DT_REG)
                default: break   // a FIFO, socket or device: `expand` says what it is
                }
            }
            if Int(type) == DT_DIR {
                if hidden ? name != ".git" : !name.hasPrefix(".") { found.append(.directory(path)) }
            } else if name.utf8.withContiguousStorageIfAvailable({ isMarkdownName($0) }) ?? LocalLink.isMarkdown(name) {
                // A symbolic link to a directory named like Markdown is not a file to read. Anything
                // but a regular file is reported by `expand` (`readProblem`), not read.
                if Int(type) == DT_LNK && isDirectory(path) { continue }
                found.append(.file(path, regular: Int(type) == DT_REG))
            }
        }
        return found
    }
}
