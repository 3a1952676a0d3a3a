import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// Work over every core must give the results a sequential run gives, in the same order.
@Suite("parallel")
struct ParallelTests {
    @Test func resultsInIndexOrder() {
        let squares = Parallel.map(10_000) { $0 * $0 }
        #expect(squares == (0..<10_000).map { $0 * $0 })
        #expect(Parallel.map(0) { $0 }.isEmpty && Parallel.map(1) { $0 + 1 } == [1])
    }

    /// `check` over a tree of many files prints exactly what checking each file alone prints, in
    /// file order, and exits as the sequential run would.
    @Test func checkOverATreeEqualsFileByFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededRandom(seed: 11)
        for k in 0..<60 {
            var text = "# Doc \(k)\n"
            for s in 0..<Int.random(in: 1...6, using: &rng) {
                text += "\n## Part \(s)\n\nSee [next](doc-\(String(format: "%02d", (k + 1) % 60)).md#part-\(s)) and [self](#part-\(s + 1)).\n"
            }
            try text.write(to: dir.appendingPathComponent(String(format: "doc-%02d.md", k)), atomically: true, encoding: .utf8)
        }
        // In process, the tree named by its absolute path: each file is named alike both ways (the
        // binary's streams and exit codes are the CLI suites'; this is about the parallel pass).
        let whole = runInProcess(["check", dir.path])
        var oneByOne = ""
        for k in 0..<60 { oneByOne += runInProcess(["check", dir.appendingPathComponent(String(format: "doc-%02d.md", k)).path]).text }
        #expect(whole.status == 1 && whole.text == oneByOne)
        #expect(whole.text.contains("broken link"))
    }

    /// A directory tree is walked in parallel below its first levels: the files come back in the order
    /// of a walk directory by directory, names sorted (so, component by component), with hidden
    /// directories and files of other kinds left out, at every depth.
    @Test(arguments: [21, 22] as [UInt64])
    func walkingATreeInParallelKeepsItsOrder(_ seed: UInt64) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededRandom(seed: seed)
        var expected: [[String]] = []
        var directories: [[String]] = [[]]
        for k in 0..<150 {
            let parent = directories.randomElement(using: &rng)!
            let name = ["a", "B", "z", "é", "m-\(k)", "0"].randomElement(using: &rng)! + "\(k)"
            let path = (parent + [name]).joined(separator: "/")
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1:
                try FileManager.default.createDirectory(at: dir.appendingPathComponent(path), withIntermediateDirectories: true)
                directories.append(parent + [name])
            case 2:
                let hidden = (parent + ["." + name]).joined(separator: "/")
                try FileManager.default.createDirectory(at: dir.appendingPathComponent(hidden), withIntermediateDirectories: true)
                try Data("# hidden\n".utf8).write(to: dir.appendingPathComponent(hidden + "/x.md"))
            case 3:
                try Data("text\n".utf8).write(to: dir.appendingPathComponent(path + ".txt"))
            default:
                let file = name + (k % 2 == 0 ? ".md" : ".markdown")
                try Data("# \(k)\n".utf8).write(to: dir.appendingPathComponent((parent + [file]).joined(separator: "/")))
                expected.append(parent + [file])
            }
        }
        expected.sort { a, b in
            for (x, y) in zip(a, b) where x != y { return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) }
            return a.count < b.count
        }
        let walked = try FileSystem.walk(dir.path)
        #expect(walked.map(\.path) == expected.map { dir.path + "/" + $0.joined(separator: "/") })
        #expect(walked.count > 40)
        // Every one a regular file, as its directory entry says (no lstat needed before reading).
        #expect(walked.allSatisfy { $0.regular })
    }

    /// The rewriting commands read and transform a tree's files in parallel: their output, warnings
    /// and exit status are what each file alone gives, in file order.
    @Test func rewritingOverATreeEqualsFileByFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededRandom(seed: 12)
        var names: [String] = []
        for k in 0..<40 {
            var text = "# Doc \(k)\n"
            if k % 3 == 0 { text += "<!-- outline:doc -->\n" }
            for s in 0..<Int.random(in: 1...5, using: &rng) {
                text += "\n## Part \(s)\n" + (k % 4 == 0 ? "<!-- outline:dup -->\n" : "") + "\nSee [self](#part-\(s)).\n"
            }
            if k % 5 == 0 { text += "\n<!-- outline:toc -->\n<!-- outline:toc end -->\n" }
            let name = String(format: "doc-%02d.md", k)
            names.append(name)
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        for command in [["id", "--check"], ["id", "--diff"], ["number", "--check"], ["number", "--diff"], ["toc", "--diff"]] {
            let whole = runInProcess(command + [dir.path])
            var out = "", err = ""
            var status: Int32 = 0
            for name in names {
                let one = runInProcess(command + [dir.appendingPathComponent(name).path])
                out += one.text; err += one.stderr
                status = max(status, one.status)
            }
            #expect(whole.text == out && whole.stderr == err && whole.status == status, "\(command)")
            #expect(whole.status == 1, "\(command)")
        }
    }
}
