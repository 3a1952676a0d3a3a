#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// The few git operations `check --since` needs, run through git itself: the work tree's root, renames
/// since a revision, and file contents at that revision. Paths travel NUL-separated (`-z`) and blobs are
/// requested by object id, so no file name (a newline in it included) can split a request.
final class Git {
    let root: String
    private let directory: String
    private var resolvedDirectories: [String: String] = [:]
    /// The current directory relative to `root` ("" at the root), nil when it lies outside.
    private lazy var here: String? = relativeDirectory(of: ".")

    init(directory: String) throws {
        self.directory = directory
        guard let top = try Git.run(["rev-parse", "--show-toplevel"], in: directory), !top.isEmpty else {
            throw Diagnostic.file(directory, "not in a git work tree (--since needs one)")
        }
        var path = top
        while let last = path.last, last == 10 || last == 13 { path.removeLast() }   // LF, CR
        let text = PathBytes.decode(path)
        root = Git.resolve(text) ?? text
    }

    /// False in a repository whose HEAD is unborn (no commit yet).
    func hasCommits() -> Bool {
        ((try? Git.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], in: directory)) ?? nil) != nil
    }

    /// Throws when `revision` does not name a commit.
    func verify(_ revision: String) throws {
        guard (try Git.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: directory)) != nil else {
            throw UsageError(message: "--since: '\(revision)' is not a git revision here")
        }
    }

    /// A root-relative path as outline prints paths: relative to the current directory (`../x.md` when
    /// it lies outside it).
    func displayPath(_ relative: String) -> String {
        guard let here else { return root + "/" + relative }
        return here.isEmpty ? relative : FilePath.relative(relative, fromDirectory: here)
    }

    /// Markdown files of `listing` (a revision's files) under the directories among `operands` that
    /// are not in `accounted`: deleted since, or renamed to a path outside the given set (with the
    /// new path, from `renames`: new → old). Root-relative, sorted. What a directory walk would leave
    /// out is left out here too: files in hidden directories and those `excludes` matches.
    func vanishedMarkdown(_ listing: [String: String], accounted: Set<String>, under operands: [String],
                          renames: [String: String], excludes: Excludes = Excludes([]), hidden: Bool = false) -> [(old: String, renamedTo: String?)] {
        let directories = operands.filter { $0 != "-" && FileSystem.isDirectory($0) }.compactMap { relativeDirectory(of: $0) }
        let renamedFrom = Dictionary(renames.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        return listing.keys.sorted().filter { path in
            guard !accounted.contains(path), LocalLink.isMarkdown(path),
                  let inside = directories.lazy.compactMap({ FilePath.below($0, path) }).first else { return false }
            return (hidden || !inside.split(separator: "/").dropLast().contains { $0.hasPrefix(".") }) && !excludes.excludes(displayPath(path))
        }.map { ($0, renamedFrom[$0]) }
    }

    /// Root-relative path of a file of the work tree, nil when it lies outside.
    func relativePath(of file: String) -> String? {
        // A run asks for each file's several times (its old version, its links' targets, the baseline).
        if let known = relativePaths[file] { return known }
        let found = resolveRelativePath(of: file)
        relativePaths[file] = .some(found)
        return found
    }
    private var relativePaths: [String: String?] = [:]

    private func resolveRelativePath(of file: String) -> String? {
        let absolute = file.hasPrefix("/") ? file : directory + "/" + file
        let slash = absolute.lastIndex(of: "/")!
        let name = String(absolute[absolute.index(after: slash)...])
        let parentPath = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        // A thousand files share a few directories: each resolved once (realpath reads every link).
        let parent: String
        if let known = resolvedDirectories[parentPath] { parent = known } else {
            parent = Git.resolve(parentPath) ?? parentPath
            resolvedDirectories[parentPath] = parent
        }
        let full = (parent == "/" ? "" : parent) + "/" + name
        guard let inside = FilePath.below(root, full), !inside.isEmpty else { return nil }
        return inside
    }

    /// Files git sees as renamed between `revision` and the work tree: new path → old path.
    func renames(since revision: String) throws -> [String: String] {
        guard let out = try Git.run(["diff", "--name-status", "-M", "--diff-filter=R", "-z", revision, "--"], in: root) else {
            return [:]
        }
        let fields = out.split(separator: 0, omittingEmptySubsequences: false).map { PathBytes.decode($0) }
        var map: [String: String] = [:]
        var i = 0
        while i + 2 < fields.count {
            if fields[i].hasPrefix("R") { map[fields[i + 2]] = fields[i + 1] }
            i += 3
        }
        return map
    }

    /// Root-relative path of a directory of the work tree ("" for the root), nil when it lies outside.
    func relativeDirectory(of directory: String) -> String? {
        let absolute = directory.hasPrefix("/") ? directory : self.directory + "/" + directory
        guard let resolved = Git.resolve(absolute) else { return nil }
        return FilePath.below(root, resolved)
    }

    /// The files of `revision`: root-relative path → blob object id (one `git ls-tree -r -z`).
    /// The messages of the commits `revision..HEAD` (one `git log`): each commit's id and its raw
    /// message, NUL-separated.
    func messages(since revision: String) throws -> [(commit: String, message: String)] {
        guard let out = try Git.run(["log", "-z", "--format=%H%n%B", "\(revision)..HEAD", "--"], in: root) else {
            throw Diagnostic.file("git", "cannot read the commits since '\(revision)'")
        }
        return out.split(separator: 0).map { record in
            let text = String(decoding: record, as: UTF8.self)
            let newline = text.firstIndex(of: "\n") ?? text.endIndex
            return (String(text[..<newline]), newline < text.endIndex ? String(text[text.index(after: newline)...]) : "")
        }
    }

    func files(at revision: String) throws -> [String: String] {
        guard let listing = try Git.run(["ls-tree", "-r", "-z", "--full-tree", revision], in: root) else {
            throw Diagnostic.file("git", "cannot list the files of '\(revision)'")
        }
        // Each entry: "<mode> SP <type> SP <object> TAB <path>" NUL.
        var objects: [String: String] = [:]
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: 9) else { continue }
            let fields = entry[..<tab].split(separator: 32)
            guard fields.count == 3, fields[1].elementsEqual("blob".utf8) else { continue }
            objects[PathBytes.decode(entry[(tab + 1)...])] = String(decoding: fields[2], as: UTF8.self)
        }
        return objects
    }

    /// Contents of root-relative `paths` at `revision` (nil for a path that was no file there), from
    /// the listing `files(at:)` made: one `git cat-file --batch` fed the object ids.
    func contents(of paths: [String], in objects: [String: String]) throws -> [[UInt8]?] {
        guard !paths.isEmpty else { return [] }
        let wanted = paths.compactMap { objects[$0] }
        guard !wanted.isEmpty else { return paths.map { _ in nil } }
        let blobs = try self.blobs(wanted)
        return paths.map { objects[$0].flatMap { blobs[$0] } }
    }

    /// The bytes of each object id: one `git cat-file --batch`.
    func blobs(_ ids: [String]) throws -> [String: [UInt8]] {
        guard !ids.isEmpty else { return [:] }
        let result = try Subprocess.run(["git", "-C", root, "cat-file", "--batch"],
                                        input: Array(ids.map { $0 + "\n" }.joined().utf8))
        guard result.status == 0 else { throw Diagnostic.file("git", "git cat-file failed") }
        let data = result.output
        var blobs: [String: [UInt8]] = [:]
        var p = 0
        while p < data.count, let newline = data[p...].firstIndex(of: 10) {
            let parts = data[p..<newline].split(separator: 32)
            p = newline + 1
            guard parts.count == 3, let size = Int(String(decoding: parts[2], as: UTF8.self)), p + size <= data.count else { continue }
            blobs[String(decoding: parts[0], as: UTF8.self)] = Array(data[p..<(p + size)])
            p += size + 1
        }
        return blobs
    }

    /// Each object git names so (`REV^{commit}`, `REV:path`), in order: its id and bytes, nil when git
    /// finds none (missing or ambiguous): one `git cat-file --batch`.
    func objects(_ names: [String]) throws -> [(id: String, bytes: [UInt8])?] {
        guard !names.isEmpty else { return [] }
        let result = try Subprocess.run(["git", "-C", root, "cat-file", "--batch"], input: Array(names.map { $0 + "\n" }.joined().utf8))
        guard result.status == 0 else { throw Diagnostic.file("git", "git cat-file failed") }
        let data = result.output
        var found: [(id: String, bytes: [UInt8])?] = []
        var p = 0
        while found.count < names.count, p < data.count, let newline = data[p...].firstIndex(of: 10) {
            let parts = data[p..<newline].split(separator: 32)
            p = newline + 1
            // `ID TYPE SIZE` then the bytes and a newline; `NAME missing` (or `ambiguous`) alone.
            guard parts.count == 3, let size = Int(String(decoding: parts[2], as: UTF8.self)), p + size <= data.count else {
                found.append(nil)
                continue
            }
            found.append((String(decoding: parts[0], as: UTF8.self), Array(data[p..<(p + size)])))
            p += size + 1
        }
        while found.count < names.count { found.append(nil) }
        return found
    }

    /// The commits that changed files under the root-relative `directories`, newest first, at most
    /// `limit`: one `git log --raw -z` (renames detected), each change with its blobs.
    func fileLog(under directories: [String], limit: Int) throws -> FileLog {
        guard hasCommits() else { return FileLog(root: root, commits: [], limit: limit, truncated: false) }
        let specs = directories.map { $0.isEmpty ? ":(top)" : ":(top,literal)" + $0 }
        // `FileLog.unlimited`: the whole history (`adopt` reads as far back as its pages need).
        let count = limit >= FileLog.unlimited ? [] : ["-n", String(limit + 1)]
        guard let out = try Git.run(["log", "-z", "--raw", "--no-abbrev", "-M"] + count + ["--format=%x01%H %cs", "--"] + specs, in: root) else {
            throw Diagnostic.file("git", "git log failed")
        }
        var commits: [FileLog.Commit] = []
        let fields = out.split(separator: 0, omittingEmptySubsequences: false)
        var k = 0
        while k < fields.count {
            var field = fields[k]
            k += 1
            while field.first == 10 { field = field.dropFirst() }
            if field.first == 1 {
                let parts = field.dropFirst().split(separator: 32).map { String(decoding: $0, as: UTF8.self) }
                guard parts.count == 2 else { continue }
                // `--no-abbrev` (full blob ids) makes `%h` full too: the short name is cut here.
                commits.append(FileLog.Commit(name: RevisionName(commit: parts[0], short: String(parts[0].prefix(9)), date: parts[1]), changes: []))
            } else if field.first == UInt8(ascii: ":"), !commits.isEmpty {
                // `:mode mode old new STATUS`, then the path (two for a rename or copy).
                let parts = field.dropFirst().split(separator: 32)
                guard parts.count == 5, let status = parts[4].first, k < fields.count else { continue }
                let two = status == UInt8(ascii: "R") || status == UInt8(ascii: "C")
                let first = PathBytes.decode(fields[k])
                k += 1
                var change = FileLog.Change(status: status, oldBlob: String(decoding: parts[2], as: UTF8.self),
                                            newBlob: String(decoding: parts[3], as: UTF8.self), path: first)
                if two, k < fields.count {
                    change.oldPath = first
                    change.path = PathBytes.decode(fields[k])
                    k += 1
                }
                commits[commits.count - 1].changes.append(change)
            }
        }
        let truncated = commits.count > limit
        if truncated { commits.removeLast(commits.count - limit) }
        return FileLog(root: root, commits: commits, limit: limit, truncated: truncated)
    }

    /// Runs git in `directory`; its standard output, or nil when it fails.
    static func run(_ arguments: [String], in directory: String) throws -> [UInt8]? {
        let result = try Subprocess.run(["git", "-C", directory] + arguments)
        return result.status == 0 ? result.output : nil
    }

    /// The canonical absolute path (symbolic links resolved), nil when it does not exist.
    static func resolve(_ path: String) -> String? {
        guard let resolved = withSystemPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return systemPath(resolved)
    }
}
