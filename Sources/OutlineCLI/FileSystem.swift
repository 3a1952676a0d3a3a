#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

/// Reading, finding and atomically rewriting files, through POSIX calls so that errors say exactly what
/// went wrong (no such file, permission denied, is a directory).
enum FileSystem {
    /// The current directory, symbolic links resolved.
    static let here: String = resolvedPath(".") ?? "."

    /// A path as the run's maps spell it (`LocalLink.canonical`): one file, one name.
    static func canonical(_ path: String) -> String {
        LocalLink.canonical(path, here: here, resolve: resolvedPath)
    }

    /// All bytes of `path` ("-" for standard input).
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try readAll(fd: 0, path: Workspace.standardInput) }
        let fd = withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw Diagnostic.file(path, describe(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic.file(path, "is a directory")
        }
        return try readAll(fd: fd, path: path)
    }

    /// Reads `fd` to its end. A regular file is read straight into an array of its size (one copy, no
    /// zero-filled scratch buffer: touching an unused megabyte costs a small file's whole start-up);
    /// a pipe, or a file that grew meanwhile, continues in 64 KB chunks.
    static func readAll(fd: Int32, path: String) throws -> [UInt8] {
        var info = stat()
        let known = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        var failure: Int32 = 0
        var atEnd = false
        var result = [UInt8](unsafeUninitializedCapacity: known) { buffer, initialized in
            initialized = 0
            while initialized < known {
                let n = systemRead(fd, buffer.baseAddress! + initialized, known - initialized)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { atEnd = true; return }
                initialized += n
            }
        }
        if failure != 0 { throw Diagnostic.file(path, describe(failure)) }
        guard !atEnd else { return result }
        // After a whole regular file, this is one small read that finds the end.
        var chunk = [UInt8](repeating: 0, count: known > 0 ? 4096 : 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Diagnostic.file(path, describe(errno))
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// A Markdown file name: `.md` or `.markdown`, in any case (`README.MD`).
    static func isMarkdownName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isMarkdownName($0) }
    }

    /// `.md` or `.markdown` at the end of `name`, in any case.
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
        return endsWith(".md") || endsWith(".markdown")
    }

    /// A regular file (symbolic links followed).
    /// Why `path` must not be read, or nil when it may be (format.md §11): not a regular file (a FIFO blocks,
    /// a device never ends), or a symbolic link that resolves outside `roots` (absolute, resolved
    /// directories) or into the kernel's `/proc`, `/sys`, `/dev`, where a "regular" file of size 0
    /// can block (`/proc/kmsg`). A path that cannot be examined is left to the read to report.
    static func readProblem(_ path: String, roots: [String]) -> String? {
        var info = stat()
        guard withSystemPath(path, { lstat($0, &info) }) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = resolvedPath(path) else { return nil }
            if ["/proc", "/sys", "/dev"].contains(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }) {
                return "a symbolic link into \(resolved.split(separator: "/").first.map { "/" + $0 } ?? resolved)"
            }
            if !roots.isEmpty, !roots.contains(where: { $0 == "/" || resolved == $0 || resolved.hasPrefix($0 + "/") }) {
                return "a symbolic link to \(resolved), outside the work tree"
            }
            guard withSystemPath(path, { stat($0, &info) }) == 0 else { return nil }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }

    /// `path` with every symbolic link resolved, absolute; nil when it cannot be.
    static func resolvedPath(_ path: String) -> String? {
        guard let raw = withSystemPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(raw) }
        return systemPath(raw)
    }

    /// Where a symbolic link found under `directory` may lead: the directory itself and the git work
    /// tree holding it (the directory that has `.git`), resolved.
    static func safeRoots(for directory: String) -> [String] {
        guard let resolved = resolvedPath(directory) else { return [] }
        var roots = [resolved]
        var dir = resolved
        while true {
            if exists((dir == "/" ? "" : dir) + "/.git") { roots.append(dir); break }
            guard dir != "/", let slash = dir.lastIndex(of: "/") else { break }
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
        return roots
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return withSystemPath(path) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return withSystemPath(path) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    enum Kind { case missing, directory, file, failed(String) }

    /// What is at `path`, symbolic links followed: nothing, a directory, a file, or an error (a
    /// symbolic link loop, a permission problem) with its description.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard withSystemPath(path, { stat($0, &info) }) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .failed(describe(errno))
        }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// The size of the file at `path` in bytes (symbolic links followed), 0 when it cannot be told.
    static func size(of path: String) -> Int {
        var info = stat()
        return withSystemPath(path) { stat($0, &info) } == 0 ? Int(info.st_size) : 0
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return withSystemPath(path) { stat($0, &info) } == 0
    }

    /// FILE operands of a multi-file command: directories become the Markdown files in them (by name,
    /// in any case: `.md`, `.markdown`), found recursively, hidden directories skipped, symbolic links
    /// to directories not followed, in sorted order. Inside a git work tree git decides what is
    /// ignored (`.gitignore`, `.git/info/exclude`, the global excludes file), unless the directory
    /// named is itself ignored; `excludes` drop more. Files named explicitly are always kept.
    ///
    /// Walks read only regular files (format.md §11): a FIFO, socket or device named like Markdown is
    /// skipped with a warning (reading a FIFO blocks forever), and so is a symbolic link that resolves
    /// outside the walked directory and the work tree, or into `/proc`, `/sys` or `/dev`.
    static func expand(_ operands: [String], excludes: Excludes = Excludes([]), warn: (Diagnostic) -> Void = { _ in }) throws -> [String] {
        var files: [String] = []
        for operand in operands {
            if operand != "-" && isDirectory(operand) {
                var found: [(path: String, regular: Bool)] = []
                // A directory git ignores as a whole (a build output, `node_modules` named on purpose)
                // is walked as it is: naming it is asking for it.
                if let listed = gitListing(operand), !(listed.isEmpty && gitIgnores(operand)) {
                    found = listed
                } else {
                    found = try walk(operand).map { ($0, false) }
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
    static func gitListing(_ directory: String) -> [(path: String, regular: Bool)]? {
        // Outside any work tree (no `.git` in the directory or above it, and no GIT_DIR), git would
        // only say so: not worth a process.
        guard getenv("GIT_DIR") != nil || hasGitAbove(directory) else { return nil }
        guard let out = (try? Git.run(["ls-files", "--cached", "--others", "--exclude-standard", "-z"], in: directory)) ?? nil else {
            return nil
        }
        let base = directory == "." || directory == "./" ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        var candidates: [ArraySlice<UInt8>] = []
        for raw in out.split(separator: 0) {
            // Markdown names only; none in a hidden directory.
            guard raw.withUnsafeBufferPointer({ isMarkdownName($0) }) else { continue }
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
        // Present in the work tree (deleted files are still in the index), and what it is, in
        // parallel: a regular file needs no further look (`readProblem` is for the others).
        let entries = unique
        let found = Parallel.map(entries.count) { k -> (path: String, regular: Bool)? in
            let path = base + PathBytes.decode(entries[k])
            var info = stat()
            guard withSystemPath(path, { lstat($0, &info) }) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return nil
            case S_IFLNK: return isDirectory(path) ? nil : (path, false)
            case S_IFREG: return (path, true)
            default: return (path, false)
            }
        }
        return found.compactMap { $0 }
    }

    /// The Markdown files under `directory`, directory by directory, names sorted (hidden
    /// directories skipped). The first levels are listed here until there are enough directories to
    /// share out; those are walked in parallel, each on its own, and their files put back in place.
    static func walk(_ directory: String) throws -> [String] {
        var items: [WalkEntry] = [.directory(directory)]
        var pending = 1
        while pending > 0 && pending < 8 * Parallel.cores {
            var next: [WalkEntry] = []
            for item in items {
                guard case .directory(let path) = item else { next.append(item); continue }
                guard let listed = try? entries(of: path) else {
                    // The error a walk in order meets first (there may be more than one).
                    var files: [String] = []
                    try collectMarkdown(in: directory, into: &files)
                    return files
                }
                next += listed
            }
            items = next
            pending = items.reduce(0) { count, item in if case .directory = item { count + 1 } else { count } }
        }
        let directories = items.compactMap { item -> String? in if case .directory(let path) = item { path } else { nil } }
        let walked = Parallel.map(directories.count) { k -> Result<[String], Diagnostic> in
            var files: [String] = []
            do { try collectMarkdown(in: directories[k], into: &files) } catch let error as Diagnostic {
                return .failure(error)
            } catch {
                return .failure(.file(directories[k], "\(error)"))
            }
            return .success(files)
        }
        var files: [String] = []
        var next = 0
        for item in items {
            switch item {
            case .file(let path): files.append(path)
            case .directory:
                files += try walked[next].get()
                next += 1
            }
        }
        return files
    }

    /// A directory's entry as the walk sees it: a Markdown file, or a directory still to walk.
    private enum WalkEntry { case file(String), directory(String) }

    private static func collectMarkdown(in directory: String, into files: inout [String]) throws {
        for entry in try entries(of: directory) {
            switch entry {
            case .file(let path): files.append(path)
            case .directory(let path): try collectMarkdown(in: path, into: &files)
            }
        }
    }

    /// `directory`'s Markdown files and the directories to walk, in the walk's order (names sorted).
    private static func entries(of directory: String) throws -> [WalkEntry] {
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
                default: type = UInt8(DT_REG)
                }
            }
            if Int(type) == DT_DIR {
                if !name.hasPrefix(".") { found.append(.directory(path)) }
            } else if isMarkdownName(name) {
                // A symbolic link to a directory named like Markdown is not a file to read. Anything
                // but a regular file is reported by `expand` (`readProblem`), not read.
                if Int(type) == DT_LNK && isDirectory(path) { continue }
                found.append(.file(path))
            }
        }
        return found
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file in the same directory, then
    /// rename(2). A symbolic link is followed: its target is rewritten and the link stays. The file's
    /// permission bits are kept. On failure the original is untouched and no temporary file remains.
    static func writeAtomically(_ bytes: [UInt8], to path: String, createIfMissing: Bool = false) throws {
        var target = path
        if let resolved = withSystemPath(path, { realpath($0, nil) }) {
            target = systemPath(resolved)
            free(resolved)
        } else {
            target = danglingTarget(path) ?? path
        }
        var info = stat()
        var isNew = false
        // rename(2) would replace a file the user may not write: refuse, as writing it in place would.
        if withSystemPath(target, { access($0, F_OK) }) == 0 && withSystemPath(target, { access($0, W_OK) }) != 0 {
            throw Diagnostic.file(path, "cannot write: \(describe(errno))")
        }
        let exists = withSystemPath(target) { stat($0, &info) } == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            // Not a file to replace: a directory is an error; a device, a FIFO or a terminal
            // (`-o /dev/stdout`, `--save-state /dev/null`) is written to as it is, never renamed over.
            if (info.st_mode & S_IFMT) == S_IFDIR { throw Diagnostic.file(path, "cannot write: is a directory") }
            try writeInPlace(bytes, to: target, name: path)
            return
        }
        if !exists {
            guard errno == ENOENT, createIfMissing else { throw Diagnostic.file(path, describe(errno)) }
            // A new file: the permissions open(2) would give it (0666 less the umask).
            isNew = true
            let mask = umask(0)
            umask(mask)
            info.st_mode = 0o666 & ~mask
            info.st_uid = getuid()
            info.st_gid = getgid()
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = PathBytes.encode("\(directory.isEmpty ? "/" : directory)/.\(name).outline-XXXXXX").map { CChar(bitPattern: $0) } + [0]
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Diagnostic.file(path, "cannot write: \(describe(errno))") }
        let temporary = PathBytes.decode(template.dropLast().map { UInt8(bitPattern: $0) })
        var ok = false
        defer { if !ok { _ = withSystemPath(temporary) { unlink($0) } } }
        guard writeAll(bytes, to: fd) else {
            let e = errno; close(fd)
            throw Diagnostic.file(path, "cannot write: \(describe(e))")
        }
        // Owner first, then the mode: chown(2) clears the setuid and setgid bits.
        if !isNew { _ = fchown(fd, info.st_uid, info.st_gid) }
        _ = fchmod(fd, info.st_mode & 0o7777)
        guard fsync(fd) == 0 || errno == EINVAL else {
            let e = errno; close(fd)
            throw Diagnostic.file(path, "cannot write: \(describe(e))")
        }
        close(fd)
        guard withSystemPath(temporary, { from in withSystemPath(target) { rename(from, $0) } }) == 0 else { throw Diagnostic.file(path, "cannot write: \(describe(errno))") }
        ok = true
    }

    /// Where a dangling symbolic link points (its chain followed, each step relative to the link's
    /// own directory): writing through it creates that file, as `-w` writes through a link, instead
    /// of replacing the link with a file. nil when `path` is no symbolic link.
    static func danglingTarget(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard withSystemPath(current, { lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current == path ? nil : current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = withSystemPath(current) { readlink($0, &buffer, buffer.count - 1) }
            guard n > 0 else { return nil }
            let link = PathBytes.decode(buffer[..<n].map { UInt8(bitPattern: $0) })
            if link.hasPrefix("/") {
                current = link
            } else {
                let slash = current.lastIndex(of: "/")
                current = slash.map { String(current[...$0]) + link } ?? link
            }
        }
        return nil
    }

    /// Writes `bytes` into what is at `target` (a device, a FIFO): opened for writing, no temporary file.
    private static func writeInPlace(_ bytes: [UInt8], to target: String, name: String) throws {
        let fd = withSystemPath(target) { open($0, O_WRONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw Diagnostic.file(name, "cannot write: \(describe(errno))") }
        defer { close(fd) }
        guard writeAll(bytes, to: fd) else { throw Diagnostic.file(name, "cannot write: \(describe(errno))") }
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        case ENOTDIR: return "not a directory"
        default: return String(cString: strerror(code))
        }
    }
}
