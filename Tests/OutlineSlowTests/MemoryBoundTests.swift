import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore
#if canImport(Glibc)
import Glibc
#endif

/// format.md §11: the inputs of issue 52's table, through the built binary's `check`: each exits
/// 0, 1 or 2 (never a signal: each crashed before, SIGSEGV) and its peak memory stays a few times
/// its input's size above the process's own (an INHERIT merge of aliases took 14 GB and did not
/// finish in two minutes).
@Suite("Hardening: bounded memory", .serialized)
struct MemoryBoundTests {
    /// Runs `outline arguments`; its exit status (or 128 + the signal) and peak
    /// resident memory in bytes (`wait4`'s `ru_maxrss`: this child's alone).
    static func run(_ arguments: [String]) -> (status: Int32, peak: Int) {
        // prlimit execs the binary itself (its peak is the binary's), a minute of CPU at most: a
        // regression fails (SIGXCPU) instead of stalling the suite.
        let argv = (["/usr/bin/prlimit", "--cpu=60", "--", Paths.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        guard posix_spawn(&pid, "/usr/bin/prlimit", &actions, nil, argv, environ) == 0 else { return (-1, 0) }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, usage.ru_maxrss * 1024)
    }

    static func write(_ files: [String: [UInt8]]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, bytes) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return dir
    }

    static func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }

    static let page = "# Title\n<!-- outline:title -->\n\nSee [x](#title).\n"
    static let laughs: String = {
        var lines = ["a0: &a0 {k0: x}"]
        for i in 1..<10 { lines.append("a\(i): &a\(i) {" + (0..<10).map { "k\($0): *a\(i - 1)" }.joined(separator: ", ") + "}") }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The table: each site and the path `check` is given.
    static let table: [(name: String, files: [String: String], operand: String)] = [
        ("mkdocs.yml 20,000 deep", ["mkdocs.yml": "nav: " + repeated("[", 20_000) + repeated("]", 20_000) + "\n", "docs/index.md": page], "docs"),
        ("hugo.toml 20,000 deep", ["hugo.toml": "x = " + repeated("[", 20_000) + repeated("]", 20_000) + "\n", "content/index.md": page], "content"),
        ("docusaurus.config.js 200,000 deep", ["docusaurus.config.js": "module.exports = {x: " + repeated("{a: ", 200_000) + "1" + repeated("}", 200_000) + "};\n", "docs/index.md": page], "docs"),
        ("conf.py 200,000 deep", ["conf.py": "extensions = ['myst_parser']\nx = " + repeated("{'a': ", 200_000) + "1" + repeated("}", 200_000) + "\n", "index.md": page], "index.md"),
        ("front matter, 100 kB nested", ["hugo.toml": "baseURL = 'https://x.org/'\n", "content/page.md": "---\ntitle: " + repeated("[", 50_000) + repeated("]", 50_000) + "\n---\n" + page], "content"),
        ("MyST, 10,000 unclosed openers", ["conf.py": "extensions = ['myst_parser']\nmyst_enable_extensions = ['colon_fence']\n", "a.md": page + repeated("```{note}\n", 10_000), "b.md": page + repeated(":::{note}\n", 10_000)], "."),
        ("md_in_html, 20,000 unclosed", ["mkdocs.yml": "markdown_extensions:\n  - md_in_html\n", "docs/a.md": page + repeated("<div markdown=\"1\">\n\n", 20_000)], "docs"),
        ("md_in_html, 10,000 nested", ["mkdocs.yml": "markdown_extensions:\n  - md_in_html\n", "docs/a.md": page + repeated("<div markdown=\"1\">\n\n", 10_000) + repeated("</div>\n\n", 10_000)], "docs"),
        ("INHERIT and a billion laughs", ["base.yml": laughs, "mkdocs.yml": "INHERIT: base.yml\n" + laughs, "docs/index.md": page], "docs"),
    ]

    @Test(arguments: 0..<table.count)
    func theTable(_ k: Int) throws {
        let (name, files, operand) = Self.table[k]
        let dir = try Self.write(files.mapValues { Array($0.utf8) })
        defer { try? FileManager.default.removeItem(at: dir) }
        // The process's own: the same check of a page alone.
        let baseline = try Self.write(["a.md": Array(Self.page.utf8)])
        defer { try? FileManager.default.removeItem(at: baseline) }
        let floor = Self.run(["check", baseline.appendingPathComponent("a.md").path]).peak
        let size = files.values.map(\.utf8.count).reduce(0, +)
        let (status, peak) = Self.run(["check", dir.appendingPathComponent(operand).path])
        #expect([0, 1, 2].contains(status), "\(name): exit \(status)")
        #expect(peak <= floor + 20 * size + (32 << 20), "\(name): \(peak >> 20) MB peak for \(size >> 10) kB (the process alone: \(floor >> 20) MB)")
    }
}
