import Foundation
import Testing
import OutlineTestHelpers

/// The removal gate through the binary and real git (format.md §10, §12): acceptances that travel
/// with a commit (trailers, the message being written, the environment), `--prune-allow-removed`,
/// and where the surfaces put a removed section's finding.
@Suite("removal gate")
struct RemovalGateTests {
    /// A repository whose `docs/a.md` loses `## Old` (linked from nowhere) and `docs/gone.md` is deleted.
    static func repository(config: String? = nil) throws -> URL {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# A\n<!-- outline:a -->\n\n## Old\n<!-- outline:old -->\n\nText.\n\n## Next\n<!-- outline:next -->\n".write(to: dir.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        try "# Gone\n<!-- outline:gone -->\n".write(to: dir.appendingPathComponent("docs/gone.md"), atomically: true, encoding: .utf8)
        if let config { try config.write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8) }
        try shell("git init -q -b main . && git add -A && git -c user.name=t -c user.email=t@t commit -qm base", in: dir)
        try "# A\n<!-- outline:a -->\n\n## Next\n<!-- outline:next -->\n".write(to: dir.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        try shell("git rm -q docs/gone.md", in: dir)
        return dir
    }

    @Test func trailersTheMessageAndTheEnvironmentAccept() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try runBinary(["check", "--since", "HEAD", "docs"], directory: dir).status == 1)
        // The environment, for a one-off commit.
        let env = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir, environment: ["OUTLINE_ALLOW_REMOVED": "docs/a.md#old, docs/gone.md#*"])
        #expect(env.status == 0, "\(env.text)\(env.stderr)")
        #expect(env.stderr.contains("outline: 2 removed sections accepted: docs/a.md#old (allow-removed docs/a.md#old), docs/gone.md#gone (allow-removed docs/gone.md#*)"), "\(env.stderr)")
        // The message being written (a commit-msg hook): its trailers, paths from the top.
        try "Remove old\n\nOutline-Allow-Removed: docs/a.md#old\nOutline-Allow-Removed: docs/gone.md#gone\n# Please enter the commit message\n".write(to: dir.appendingPathComponent("MSG"), atomically: true, encoding: .utf8)
        let message = try runBinary(["check", "--since", "HEAD", ".", "--commit-message", "../MSG"], directory: dir.appendingPathComponent("docs"))
        #expect(message.status == 0, "\(message.text)\(message.stderr)")
        // Committed with the trailer, CI's `check --since main~1` reads it from the commit.
        try shell("git -c user.name=t -c user.email=t@t commit -qam 'Remove old' -m 'Outline-Allow-Removed: docs/a.md#old'", in: dir)
        let ci = try runBinary(["check", "--since", "HEAD~1", "docs"], directory: dir)
        #expect(ci.status == 1 && !ci.text.contains("'old'") && ci.text.contains("anchor 'gone'"), "\(ci.text)")
    }

    /// JSON names the work-tree file and the nearest line; a deleted file's finding has no line and
    /// goes to the run's summary in the workflow commands and in SARIF.
    @Test func surfacesPlaceRemovalsOnTheWorkTree() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try runBinary(["check", "--since", "HEAD", "--format", "json", "docs"], directory: dir)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])?["findings"] as? [[String: Any]])
        let places = findings.map { "\($0["path"] as? String ?? "-"):\($0["line"] as? Int ?? 0):\($0["deleted"] as? Bool ?? false)" }
        #expect(places == ["docs/a.md:4:false", "docs/gone.md:0:true"], "\(json.text)")
        let github = try runBinary(["check", "--since", "HEAD", "--format", "github", "docs"], directory: dir).text
        #expect(github.contains("::error file=docs/a.md,line=4,title=outline removed-anchor::anchor 'old'"), "\(github)")
        #expect(github.contains("::error title=outline removed-anchor::anchor 'gone' no longer exists: docs/gone.md was deleted"), "\(github)")
        #expect(!github.contains("HEAD%3A"))
        let sarif = try runBinary(["check", "--since", "HEAD", "--format", "sarif", "docs"], directory: dir)
        let run = try #require(((try JSONSerialization.jsonObject(with: Data(sarif.stdout)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == 1)
        let notes = (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]
        #expect(notes?.count == 1 && ((notes?[0]["message"] as? [String: Any])?["text"] as? String)?.contains("docs/gone.md was deleted") == true, "\(sarif.text)")
    }

    /// `--prune-allow-removed` lists the entries that accept nothing since REV; `-w` removes them and
    /// keeps every other byte of `.outline.toml`.
    @Test func pruneListsAndRemovesDeadEntries() throws {
        let config = "# acceptances\nslugs = \"github\"\nallow-removed = [\n  \"docs/a.md#old\",  # still needed\n  \"docs/b.md#legacy\", # dead\n  'constraints',\n]\nlinks = true\n"
        let dir = try Self.repository(config: config)
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = try runBinary(["check", "--since", "HEAD", "--prune-allow-removed", "docs"], directory: dir)
        #expect(list.status == 1)
        #expect(list.text == ".outline.toml:5: allow-removed entry 'docs/b.md#legacy' accepts no removal since HEAD (-w removes it)\n.outline.toml:6: allow-removed entry 'constraints' accepts no removal since HEAD (-w removes it)\n", "\(list.text)")
        let write = try runBinary(["check", "--since", "HEAD", "--prune-allow-removed", "-w", "docs"], directory: dir)
        #expect(write.status == 0 && write.stderr == "outline: 2 allow-removed entries removed from .outline.toml\n", "\(write.stderr)")
        let pruned = try String(contentsOf: dir.appendingPathComponent(".outline.toml"), encoding: .utf8)
        #expect(pruned == "# acceptances\nslugs = \"github\"\nallow-removed = [\n  \"docs/a.md#old\",  # still needed\n]\nlinks = true\n")
        #expect(try runBinary(["check", "--since", "HEAD", "--prune-allow-removed", "docs"], directory: dir).status == 0)
        #expect(try runBinary(["check", "--prune-allow-removed", "docs"], directory: dir).status == 2)
    }

    /// `removed = "linked"` in the configuration: the unlinked removal passes and is listed.
    @Test func linkedPolicyFromTheConfiguration() throws {
        let dir = try Self.repository(config: "removed = \"linked\"\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(run.status == 0 && run.stderr.contains("docs/a.md#old (nothing links to it)"), "\(run.text)\(run.stderr)")
        try "# I\n<!-- outline:i -->\n\n[old](a.md#old)\n".write(to: dir.appendingPathComponent("docs/i.md"), atomically: true, encoding: .utf8)
        let linked = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(linked.status == 1 && linked.text.contains("linked from docs/i.md:4"), "\(linked.text)")
    }
}
