import Foundation
import Testing
import OutlineTestHelpers

/// Every script in examples/ runs, with the built outline, and shows what it says it shows.
@Suite("examples", .serialized)
struct ExampleTests {
    static let expectations: [String: [String]] = [
        "number.sh": ["1 Getting started", "1 Prerequisites", "stale number '1' (expected '2'", "identical to guide.md"],
        "fold.sh": ["14 ▸   Getting started", "identical"],
        "skeleton.sh": ["removed 2024-roadmap \"2024 Roadmap\"", "renamed faq: \"FAQ\" -> \"Questions and answers\"",
                        "added changelog \"Changelog\"", "<!-- outline:why-does-the-server-not-start -->"],
        "diff-sidecar.sh": ["renamed faq: \"FAQ\" -> \"Questions\"", "2 fold markers"],
        "hook.sh": ["stopped (exit 1)", "committed", "anchor 'todo' no longer exists", "refused (exit 1)"],
        "demo.sh": ["outline tree guide.md", "<!-- outline:widget-server-guide -->", "identical to guide.md"],
    ]

    @Test("every example script is tested")
    func allCovered() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Paths.root.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".sh") }
        #expect(Set(scripts) == Set(ExampleTests.expectations.keys))
    }

    @Test("runs and shows what it says", arguments: ExampleTests.expectations.keys.sorted())
    func script(_ name: String) throws {
        let path = Paths.root.appendingPathComponent("examples/\(name)").path
        let arguments = name == "demo.sh" ? "'\(Paths.binary)'" : ""
        let result = try shell("bash '\(path)' \(arguments)", in: Paths.root, environment: ["OUTLINE": Paths.binary])
        #expect(result.status == 0, "\(name): \(result.output)")
        for expected in ExampleTests.expectations[name]! {
            #expect(result.output.contains(expected), "\(name) does not show \(expected.debugDescription):\n\(result.output)")
        }
    }

    @Test func examplesAreUntouched() throws {
        let before = try ["guide.md", "CHANGELOG.md", "windows.md"].map { try Data(contentsOf: Paths.root.appendingPathComponent("examples/\($0)")) }
        for name in ExampleTests.expectations.keys where name != "demo.sh" {
            _ = try shell("bash 'examples/\(name)'", in: Paths.root, environment: ["OUTLINE": Paths.binary])
        }
        let after = try ["guide.md", "CHANGELOG.md", "windows.md"].map { try Data(contentsOf: Paths.root.appendingPathComponent("examples/\($0)")) }
        #expect(before == after)
    }
}
