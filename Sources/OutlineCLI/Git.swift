import Foundation

/// The few git operations `check --since` needs, run through git itself: the work tree's root, renames
/// since a revision, and file contents at that revision (one `git cat-file --batch` for all files).
final class Git {
    let root: String
    private let directory: String

    init(directory: String) throws {
        self.directory = directory
        guard let top = try Git.run(["rev-parse", "--show-toplevel"], in: directory), !top.isEmpty else {
            throw FileError(path: directory, message: "not in a git work tree (check --since needs one)")
        }
        let path = String(decoding: top, as: UTF8.self).trimmingCharacters(in: .newlines)
        root = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Throws when `revision` does not name a commit.
    func verify(_ revision: String) throws {
        guard (try Git.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: directory)) != nil else {
            throw UsageError(message: "--since: '\(revision)' is not a git revision here")
        }
    }

    /// Root-relative path of a file of the work tree, nil when it lies outside.
    func relativePath(of file: String) -> String? {
        let absolute = file.hasPrefix("/") ? file : directory + "/" + file
        let url = URL(fileURLWithPath: absolute)
        let parent = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        let full = (parent == "/" ? "" : parent) + "/" + url.lastPathComponent
        guard full.hasPrefix(root + "/") else { return nil }
        return String(full.dropFirst(root.count + 1))
    }

    /// Files git sees as renamed between `revision` and the work tree: new path → old path.
    func renames(since revision: String) throws -> [String: String] {
        guard let out = try Git.run(["diff", "--name-status", "-M", "--diff-filter=R", "-z", revision, "--"], in: root) else {
            return [:]
        }
        let fields = out.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var map: [String: String] = [:]
        var i = 0
        while i + 2 < fields.count {
            if fields[i].hasPrefix("R") { map[fields[i + 2]] = fields[i + 1] }
            i += 3
        }
        return map
    }

    /// Contents of root-relative `paths` at `revision` (nil for a path that did not exist there).
    func contents(at revision: String, of paths: [String]) throws -> [[UInt8]?] {
        guard !paths.isEmpty else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "cat-file", "--batch"]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw FileError(path: "git", message: "cannot run git") }
        let requests = Data(paths.map { "\(revision):\($0)\n" }.joined().utf8)
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: requests)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        var results: [[UInt8]?] = []
        var p = 0
        for _ in paths {
            guard let newline = data[p...].firstIndex(of: 10) else { break }
            let header = String(decoding: data[p..<newline], as: UTF8.self)
            p = newline + 1
            let parts = header.split(separator: " ")
            if parts.count == 3, parts[1] == "blob", let size = Int(parts[2]), p + size <= data.count {
                results.append(Array(data[p..<(p + size)]))
                p += size + 1
            } else if parts.count == 3, let size = Int(parts[2]) {
                results.append(nil)   // a tree or another object: not a file at that revision
                p += size + 1
            } else {
                results.append(nil)   // "<name> missing"
            }
        }
        while results.count < paths.count { results.append(nil) }
        return results
    }

    /// Runs git; its standard output, or nil when it fails.
    static func run(_ arguments: [String], in directory: String) throws -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw FileError(path: "git", message: "cannot run git") }
        let data = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }
}
