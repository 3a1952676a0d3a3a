import Foundation
import Testing
import OutlineTestHelpers

/// docs/integration.md against what it documents (issue 42, item 11): every hook of
/// `.pre-commit-hooks.yaml` is named, and its configuration of the `-pypi` hooks is the README's,
/// which the pre-commit suite runs (`PreCommitTests.pypiHooksInstallTheWheel`, and the local one
/// `localConfigurationWorks`).
@Suite("docs/integration.md")
struct IntegrationDocTests {
    static func read(_ path: String) -> String {
        (try? String(contentsOf: Paths.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    @Test func everyHookIsNamed() {
        let hooks = Self.read(".pre-commit-hooks.yaml").split(separator: "\n").compactMap { line in
            line.hasPrefix("- id: ") ? String(line.dropFirst(6)) : nil
        }
        #expect(hooks.count >= 10)
        let doc = Self.read("docs/integration.md")
        for hook in hooks { #expect(doc.contains("`\(hook)`"), "docs/integration.md does not name the hook \(hook)") }
    }

    @Test func thePyPIConfigurationIsTheReadmes() throws {
        let repo = "https://github.com/outline-md/outline"
        let readme = try #require(PreCommit.configuration(repo: repo, in: Self.read("README.md")))
        let integration = try #require(PreCommit.configuration(repo: repo, in: Self.read("docs/integration.md")))
        #expect(integration == readme, "docs/integration.md:\n\(integration)\nREADME.md:\n\(readme)")
        // Its hooks are the ones that install the wheel, outline-number among them (commented out).
        let ids = readme.split(separator: "\n").compactMap { line -> String? in
            guard let id = line.range(of: "- id: ") else { return nil }
            return String(line[id.upperBound...].prefix { !$0.isWhitespace })
        }
        #expect(Set(ids) == ["outline-id-pypi", "outline-number-pypi", "outline-toc-pypi", "outline-links-pypi", "outline-check-pypi"], "\(ids)")
        #expect(PreCommit.configuration(repo: "local", in: Self.read("docs/integration.md")) != nil, "docs/integration.md has no `repo: local` configuration")
    }
}
