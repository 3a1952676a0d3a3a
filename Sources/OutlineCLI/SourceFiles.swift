#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// The other sources a site reads beside its Markdown (format.md §16: MyST-NB's notebooks and
/// text notebooks), found as `check DIR` finds Markdown: git's view of what is ignored inside a work
/// tree, else a walk without hidden directories. Regular files only.
extension FileSystem {
    static func files(under directory: String, named suffixes: [String]) -> [String] {
        guard !suffixes.isEmpty, directory != "/", isDirectory(directory) else { return [] }
        let lower = suffixes.map { $0.lowercased() }
        func wanted(_ name: String) -> Bool {
            let l = name.lowercased()
            return lower.contains { l.hasSuffix($0) }
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        if hasGitAbove(directory), let out = (try? Git.run(["ls-files", "--cached", "--others", "--exclude-standard", "-z"], in: directory)) ?? nil {
            return out.split(separator: 0).map { PathBytes.decode(Array($0)) }
                .filter { wanted($0) && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
                .map { base + $0 }.filter(isRegularFile).sorted()
        }
        var found: [String] = []
        var pending = [directory]
        while let dir = pending.popLast() {
            guard let handle = withSystemPath(dir, { opendir($0) }) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { raw in
                        PathBytes.decode(Array(UnsafeBufferPointer(start: raw, count: strlen(UnsafeRawPointer(raw).assumingMemoryBound(to: CChar.self)))))
                    }
                }
                guard !name.hasPrefix(".") else { continue }
                let path = (dir.hasSuffix("/") ? dir : dir + "/") + name
                if isDirectory(path) { pending.append(path) } else if wanted(name), isRegularFile(path) { found.append(path) }
            }
        }
        return found.sorted()
    }
}
