import Foundation
import Testing
import OutlineTestHelpers

/// Everything that names the version a user installs names outline's own (`outline --version`): the
/// pre-commit hooks' pyproject.toml (its version and its one dependency, the wheel `outline-md`), the
/// GitHub Action's default version, and the README's and docs/integration.md's `rev:` and `uses:`.
/// tools/release checks the same against the release tag.
@Suite("release version")
struct ReleaseVersionTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: Paths.root.appendingPathComponent(path), encoding: .utf8)
    }

    static var version: String {
        let words = runInProcess(["--version"]).text.split(separator: " ")
        return words.count > 1 ? String(words[1]) : ""
    }

    @Test func pyprojectPinsTheWheelOfThisVersion() throws {
        let version = Self.version
        #expect(version.split(separator: ".").count == 3, "outline --version: '\(version)'")
        let lines = try Self.read("pyproject.toml").split(separator: "\n").map(String.init)
        #expect(lines.contains("version = \"\(version)\""), "pyproject.toml's version is not \(version)")
        // Its only dependency: the wheel, at exactly this version.
        #expect(lines.filter { $0.hasPrefix("dependencies = ") } == ["dependencies = [\"outline-md==\(version)\"]"], "\(lines)")
    }

    @Test func theActionInstallsThisVersion() throws {
        let lines = try Self.read("action.yml").split(separator: "\n").map(String.init)
        let input = try #require(lines.firstIndex(of: "  version:"))
        let defaultLine = try #require(lines[input...].first { $0.hasPrefix("    default:") })
        #expect(defaultLine == "    default: '\(Self.version)'")
    }

    /// The README's, docs/integration.md's and examples/ci.yml's snippets name the release of this
    /// version (the hooks by `rev: vX.Y.Z`, the action by `outline-md/outline@vX.Y.Z`).
    @Test(arguments: [("README.md", ["rev: v", "outline-md/outline@v"]), ("docs/integration.md", ["rev: v", "outline-md/outline@v"]),
                      ("examples/ci.yml", ["outline-md/outline@v"])])
    func theSnippetsNameThisRelease(_ path: String, _ prefixes: [String]) throws {
        let text = try Self.read(path)
        for prefix in prefixes {
            let values = text.components(separatedBy: prefix).dropFirst().map { $0.prefix { $0.isNumber || $0 == "." } }
            #expect(!values.isEmpty, "\(path) has no '\(prefix)…'")
            for value in values { #expect(value == Self.version, "\(path): \(prefix)\(value)") }
        }
    }
}
