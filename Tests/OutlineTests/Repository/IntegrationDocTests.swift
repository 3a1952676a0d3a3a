import Foundation
import Testing
import OutlineTestHelpers

/// docs/integration.md against what it documents (issue 42, item 11): every hook of
/// `.pre-commit-hooks.yaml` is named, and its local configuration is the README's, which the
/// pre-commit suite runs verbatim (`PreCommitTests.readmeConfigurationWorks`).
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

    /// The `repo: local` block of a Markdown text, without the indentation of the list item it is in.
    static func localConfiguration(_ text: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.firstIndex(where: { $0.hasSuffix("```yaml") }),
              open + 2 < lines.count, lines[open + 2].contains("- repo: local") else { return nil }
        let indent = lines[open].prefix { $0 == " " }.count
        guard let close = lines[(open + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" }) else { return nil }
        return lines[(open + 1)..<close].map { String($0.dropFirst(indent)) }
    }

    @Test func theLocalConfigurationIsTheReadmes() throws {
        let readme = try #require(Self.localConfiguration(Self.read("README.md")))
        let integration = try #require(Self.localConfiguration(Self.read("docs/integration.md")))
        #expect(integration == readme, "docs/integration.md:\n\(integration.joined(separator: "\n"))\nREADME.md:\n\(readme.joined(separator: "\n"))")
    }
}
