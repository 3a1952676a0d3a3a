import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `translation adopt` on a history shaped like opentelemetry.io's (format.md §17): pages that record
/// the English commit they were translated from (`default_lang_commit`), headings that carry the
/// translator's own `{#id}`, preambles and translated front matter, a bot's commit on every
/// translation after the translators', a revision the clone does not have; then the source pinned,
/// and `stamp --set-base` bringing the project's own drift check into agreement.
@Suite("translation: base revisions", .serialized)
struct TranslationBaseTests {
    static let traces = """
    ---
    title: Traces
    description: The path of a request
    weight: 1
    ---

    **Traces** give us the big picture.

    ## Spans

    A span is a unit of work.

    ## Tracer

    Get one from the provider.

    ## Tracer provider

    Call `getTracer()` to make one, `shutdown()` at the end.

    """

    /// The Japanese translation: its own `{#id}`s, the tracer section quoting the provider's code.
    static let tracesJA = """
    ---
    title: トレース
    description: リクエストの経路
    weight: 1
    default_lang_commit: BASE
    ---

    **トレース** は全体像を教えてくれます。

    ## スパン {#spans}

    スパンは作業の単位です。

    ## トレーサー {#tracer}

    プロバイダーから `getTracer()` で得て、`shutdown()` で終える。

    ## トレーサープロバイダー {#tracer-provider}

    作り方。

    """

    func git(_ command: String, _ dir: URL) throws -> String {
        let result = try shell("git -c user.name=t -c user.email=t@t " + command, in: dir)
        #expect(result.status == 0, "git \(command): \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func write(_ dir: URL, _ path: String, _ text: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The §17 hash of a preamble's normalised text.
    func hash(_ text: String) -> String { ContentHash.hex(ContentHash.hash(Array(text.utf8)[...])) }

    func read(_ dir: URL, _ path: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8) }

    /// Each translated file's units by ID or page-unit name, as `status --format json` gives them.
    func statuses(_ dir: URL) throws -> [String: [String: String]] {
        let result = try runBinary(["translation", "status", "--format", "json"], directory: dir)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], "\(result.stderr)")
        var out: [String: [String: String]] = [:]
        for file in json["files"] as! [[String: Any]] where file["exists"] as! Bool {
            var units: [String: String] = [:]
            for section in file["sections"] as! [[String: Any]] { units[(section["id"] as? String) ?? (section["title"] as! String)] = section["status"] as? String }
            for unit in file["page"] as! [[String: Any]] { units[unit["name"] as! String] = unit["status"] as? String }
            out[(file["path"] as! String).replacingOccurrences(of: "content/ja/", with: "")] = units
        }
        return out
    }

    @Test func adoptHashesTheRevisionEachPageWasTranslatedFrom() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(dir, ".outline.toml", "[translation]\nsource = \"content/en\"\ntargets = [\"content/ja\"]\n")
        try write(dir, "content/en/traces.md", Self.traces)
        try write(dir, "content/en/_index.md", "---\ntitle: Docs\n---\n\nMore than 40 vendors support OpenTelemetry.\n")
        try write(dir, "content/en/logs.md", "---\ntitle: Logs\n---\n\n## Records\n\nLogs are records.\n")
        try write(dir, "content/en/metrics.md", "---\ntitle: Metrics\n---\n\n## Instruments\n\nCounters and gauges.\n")
        try write(dir, "content/en/resource.md", "---\ntitle: Resource\n---\n\n## Attributes\n\nWho produced the telemetry.\n")
        try write(dir, "content/en/untranslated.md", "## One\n\nOne.\n\n## Two\n\nTwo.\n")
        _ = try git("init -q -b main .", dir)
        _ = try git("add -A", dir)
        _ = try git("commit -q -m docs", dir)
        let base = try git("rev-parse HEAD", dir)
        // The translators' commit: every page but metrics records the English commit it was made
        // from; logs records one this clone does not have.
        try write(dir, "content/ja/traces.md", Self.tracesJA.replacingOccurrences(of: "BASE", with: base))
        try write(dir, "content/ja/_index.md", "---\ntitle: ドキュメント\ndefault_lang_commit: \(base)\n---\n\n40 以上のベンダーが OpenTelemetry をサポートしています。\n")
        try write(dir, "content/ja/logs.md", "---\ntitle: ログ\ndefault_lang_commit: 0123456789abcdef0123456789abcdef01234567 # patched\n---\n\n## 記録\n\nログは記録です。\n")
        try write(dir, "content/ja/metrics.md", "---\ntitle: メトリクス\n---\n\n## 計装\n\nカウンターとゲージ。\n")
        try write(dir, "content/ja/resource.md", "---\ntitle: リソース\ndefault_lang_commit: \(base)\n---\n\n## 属性 {#attributes}\n\n誰が生成したか。\n")
        _ = try git("add -A", dir)
        _ = try git("commit -q -m '[ja] translate'", dir)
        // The English changes: the tracer section, the description, the vendors, the instruments.
        try write(dir, "content/en/traces.md", Self.traces.replacingOccurrences(of: "Get one from the provider.", with: "Get one from the global provider.")
            .replacingOccurrences(of: "description: The path of a request", with: "description: The path of a request through an application"))
        try write(dir, "content/en/_index.md", "---\ntitle: Docs\n---\n\nMore than 90 vendors support OpenTelemetry.\n")
        try write(dir, "content/en/metrics.md", "---\ntitle: Metrics\n---\n\n## Instruments\n\nCounters, gauges and histograms.\n")
        _ = try git("commit -q -am 'update docs'", dir)
        // A bot marks every translation's drift after the change: each one's last commit.
        for page in ["traces", "_index", "logs", "metrics", "resource"] {
            let path = "content/ja/\(page).md"
            try write(dir, path, try read(dir, path).replacingOccurrences(of: "---\n\n", with: "drifted_from_default: true\n---\n\n"))
        }
        _ = try git("commit -q -am 'i18n: update drifted status'", dir)

        // Before adopting, check names adopt for the translated headings, never `id -w`.
        let check = try runBinary(["check", "content/ja/metrics.md", "content/en/metrics.md"], directory: dir)
        #expect(check.status == 1 && check.text.contains("content/ja/metrics.md:6: heading '計装' has no anchor (run 'outline translation adopt -w', or copy the source section's ID)"), "\(check.text)")
        #expect(check.text.contains("content/en/metrics.md:5: heading 'Instruments' has no anchor (run 'outline id -w')"), "\(check.text)")

        // The source pinned and committed, then the translations adopted against the unpinned history.
        #expect(try runBinary(["id", "-w", "content/en"], directory: dir).status == 0)
        _ = try git("commit -q -am 'pin content/en'", dir)
        let pin = try git("rev-parse HEAD", dir)
        let adopted = try runBinary(["translation", "adopt", "-w", "content/ja"], directory: dir)
        #expect(adopted.status == 0, "\(adopted.stderr)")
        #expect(adopted.stderr.contains("content/ja/logs.md:3: warning: default_lang_commit '0123456789abcdef0123456789abcdef01234567' is not a commit of this clone"), "\(adopted.stderr)")
        #expect(adopted.stderr.contains("adopt: 6 sections aligned, 0 unaligned, in 5 translated files"), "\(adopted.stderr)")
        let translated = try read(dir, "content/ja/traces.md")
        #expect(translated.contains("## トレーサー {#tracer}\n<!-- outline:tracer source="), "\(translated)")
        #expect(translated.contains("作り方。\n\n<!-- outline-page:title=") && translated.hasSuffix(" preamble=\(hash("**Traces** give us the big picture.\n")) -->\n"), "\(translated)")
        // Only outline's lines were added: the rest is the translators' and the bot's bytes.
        #expect(translated.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("<!-- outline") }.joined(separator: "\n")
                == Self.tracesJA.replacingOccurrences(of: "BASE", with: base).replacingOccurrences(of: "---\n\n", with: "drifted_from_default: true\n---\n\n") + "\n")

        // What changed since each page's own revision is stale; nothing else is; the missing revision
        // leaves its page untracked; metrics, without a base key, is hashed as of its last commit
        // (the bot's), so its change is not seen: the reason base keys exist.
        let now = try statuses(dir)
        #expect(now["traces.md"] == ["@title": "fresh", "@description": "stale", "@preamble": "fresh", "spans": "fresh", "tracer": "stale", "tracer-provider": "fresh"])
        #expect(now["_index.md"] == ["@title": "fresh", "@preamble": "stale"])
        #expect(now["logs.md"] == ["@title": "untracked", "records": "untracked"])
        #expect(now["metrics.md"] == ["@title": "fresh", "instruments": "fresh"])
        #expect(now["resource.md"] == ["@title": "fresh", "attributes": "fresh"])
        // With --base the page without a key is hashed as of the revision given.
        try shell("git checkout -q content/ja/metrics.md", in: dir)
        #expect(try runBinary(["translation", "adopt", "-w", "--base", base, "content/ja/metrics.md"], directory: dir).status == 0)
        #expect(try statuses(dir)["metrics.md"] == ["@title": "fresh", "instruments": "stale"])

        // The team's report: pages translated, a heading-less page said so, untranslated pages apart.
        let report = try runBinary(["translation", "status", "--format", "markdown"], directory: dir)
        #expect(report.status == 1)
        #expect(report.text.contains("**5 of 6** pages translated (1 untranslated, 4 source lines)"), "\(report.text)")
        #expect(report.text.contains("| sections | 3 | 2 | 0 | 0 | 1 | 0 | 0 |\n| page units | 5 | 2 | 0 | 0 | 1 | 0 | 0 |"), "\(report.text)")
        #expect(report.text.contains("| `content/ja/_index.md` (no headings) | 1 | 1 |"), "\(report.text)")

        // The pinning commit made the project's drift check (a diff of content/en since each page's
        // recorded revision) call every page drifted; --set-base moves the revision of the pages that
        // are all fresh to the pinning commit, and of no other.
        let set = try runBinary(["translation", "stamp", "--all", "--set-base", "HEAD", "-w"], directory: dir)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("set-base: default_lang_commit: \(pin) in 1 page whose units are all fresh; 4 kept their revision"), "\(set.stderr)")
        #expect(try read(dir, "content/ja/resource.md").contains("default_lang_commit: \(pin)\ndrifted_from_default: true\n"))
        #expect(try read(dir, "content/ja/traces.md").contains("default_lang_commit: \(base)\n"))
        #expect(try read(dir, "content/ja/logs.md").contains("default_lang_commit: 0123456789abcdef0123456789abcdef01234567 # patched\n"))
        #expect(try git("diff --stat \(pin)...HEAD -- content/en/resource.md", dir).isEmpty)
        #expect(try statuses(dir)["resource.md"] == ["@title": "fresh", "attributes": "fresh"])
    }
}
