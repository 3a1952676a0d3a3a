import Foundation
import Testing
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
        let whole = try runBinary(["check", "."], directory: dir)
        var oneByOne = ""
        for k in 0..<60 { oneByOne += try runBinary(["check", String(format: "doc-%02d.md", k)], directory: dir).text }
        #expect(whole.status == 1 && whole.text == oneByOne)
        #expect(whole.text.contains("broken link"))
    }
}
