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
        FilePath.canonical(path, here: here, resolve: resolvedPath)
    }

    /// All bytes of `path` ("-" for standard input).
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try readAll(fd: 0, path: Run.standardInput) }
        let fd = withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw Diagnostic.file(path, describe(errno)) }
        defer { close(fd) }
        var info = stat()
        let known = fstat(fd, &info) == 0
        if known && (info.st_mode & S_IFMT) == S_IFDIR { throw Diagnostic.file(path, "is a directory") }
        return try readAll(fd: fd, path: path, info: known ? info : nil)
    }

    /// Reads `fd` to its end. A regular file is read straight into an array of its size (one copy, no
    /// zero-filled scratch buffer: touching an unused megabyte costs a small file's whole start-up),
    /// asking for one byte more than its size: a read that returns less has met the end, so a whole
    /// file costs one read, not a second one that finds the end (a docs tree is mostly small files,
    /// each paying every system call). A pipe, or a file that grew meanwhile, continues in 64 KB chunks.
    static func readAll(fd: Int32, path: String, info given: stat? = nil) throws -> [UInt8] {
        var info = given ?? stat()
        let regular = (given != nil || fstat(fd, &info) == 0) && (info.st_mode & S_IFMT) == S_IFREG
        let known = regular ? Int(info.st_size) : 0
        var failure: Int32 = 0
        var atEnd = false
        var result = [UInt8](unsafeUninitializedCapacity: known + 1) { buffer, initialized in
            initialized = 0
            guard regular else { return }
            while initialized <= known {
                let wanted = known + 1 - initialized
                let n = systemRead(fd, buffer.baseAddress! + initialized, wanted)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { atEnd = true; return }
                initialized += n
                // Exactly its size, and short of the byte more: the end (a short read before the
                // size is reached is read on; the file may have shrunk, then 0 says so).
                if initialized == known && n < wanted { atEnd = true; return }
            }
        }
        if failure != 0 { throw Diagnostic.file(path, describe(failure)) }
        guard !atEnd else { return result }
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
            if ["/proc", "/sys", "/dev"].contains(where: { FilePath.contains($0, resolved) }) {
                return "a symbolic link into \(resolved.split(separator: "/").first.map { "/" + $0 } ?? resolved)"
            }
            if !roots.isEmpty, !roots.contains(where: { FilePath.contains($0, resolved) }) {
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
