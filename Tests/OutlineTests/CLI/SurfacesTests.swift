import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// Every finding, warnings included, on every surface `check` writes to (format.md §12): the text
/// format (warnings on standard error, as always), JSON with a `severity`, GitHub workflow commands
/// (`::warning` for a warning) and SARIF.
@Suite("check's surfaces")
struct SurfacesTests {
    /// A document with a finding before and after a `fragment-case` warning (line 6), and one with
    /// the warning alone.
    static let mixed = "# Foo\n<!-- outline:foo -->\n\n## Bar\n\nSee [it](#Foo) and [gone](#nowhere).\n\n## Baz\n"
    static let warningOnly = "# Foo\n<!-- outline:foo -->\n\nSee [it](#Foo).\n"

    @Test func warningsAreInEveryFormatWithTheirSeverity() throws {
        let doc = bytes(Self.mixed)
        // Text: as before, the warning on standard error only.
        let text = runInProcess(["check"], stdin: doc)
        #expect(text.status == 1)
        #expect(text.text == """
            <stdin>:4: heading 'Bar' has no anchor (run 'outline id -w')
            <stdin>:6: broken link '#nowhere': no heading 'nowhere' in this file
            <stdin>:8: heading 'Baz' has no anchor (run 'outline id -w')

            """, "\(text.text)")
        let warningLine = "outline: <stdin>:6: warning: link '#Foo': fragment 'Foo' matches 'foo' only ignoring case"
        #expect(text.stderr.hasPrefix(warningLine), "\(text.stderr)")

        // JSON: the warning among the findings, in line order, each with its severity.
        let json = runInProcess(["check", "--format", "json"], stdin: doc)
        #expect(json.status == 1 && json.stderr == text.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout)) as! [String: Any]
        let findings = object["findings"] as! [[String: Any]]
        #expect(findings.map { "\($0["line"]!) \($0["kind"]!) \($0["severity"]!)" } == [
            "4 missing-anchor finding", "6 fragment-case warning", "6 broken-link finding", "8 missing-anchor finding",
        ])
        // The severity stands after the kind, the subject's fields after it, then the message.
        #expect(json.text.contains("\"kind\": \"missing-anchor\", \"severity\": \"finding\", \"title\": \"Bar\", \"message\": \"heading 'Bar' has no anchor"))
        #expect(json.text.contains("\"kind\": \"broken-link\", \"severity\": \"finding\", \"destination\": \"#nowhere\", \"reason\": \"no-target\", \"message\""))

        // GitHub: `::warning` for the warning, `::error` for the findings.
        let github = runInProcess(["check", "--format", "github"], stdin: doc)
        #expect(github.status == 1)
        let commands = github.text.split(separator: "\n").map { String($0.prefix { $0 != " " }) + " " + String($0.split(separator: ",")[1]) }
        #expect(commands == ["::error line=4", "::warning line=6", "::error line=6", "::error line=8"], "\(github.text)")
        #expect(github.text.contains("::warning file=<stdin>,line=6,title=outline fragment-case::link '#Foo': fragment 'Foo' matches 'foo' only ignoring case"))
    }

    /// A warning alone leaves the exit status at 0 in every format, and is still reported.
    @Test func aWarningAloneLeavesTheExitStatusAlone() throws {
        let doc = bytes(Self.warningOnly)
        for format in ["text", "json", "github", "sarif"] {
            let result = runInProcess(["check", "--format", format], stdin: doc)
            #expect(result.status == 0, "\(format)")
            #expect(result.stderr.contains("<stdin>:4: warning: link '#Foo'"), "\(format): \(result.stderr)")
            #expect(format == "text" ? result.stdout.isEmpty : result.text.contains("fragment-case"), "\(format): \(result.text)")
        }
        let json = runInProcess(["check", "--format", "json"], stdin: doc)
        #expect(json.text.contains("\"kind\": \"fragment-case\", \"severity\": \"warning\""), "\(json.text)")
    }

    /// `fragment-case = "error"` makes it a finding everywhere: severity `finding`, `::error`.
    @Test func aWarningMadeAnErrorIsAFindingEverywhere() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.warningOnly.write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "fragment-case = \"error\"\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let json = try runBinary(["check", "--format", "json", "a.md"], directory: dir)
        #expect(json.status == 1 && json.text.contains("\"kind\": \"fragment-case\", \"severity\": \"finding\""), "\(json.text)")
        let github = try runBinary(["check", "--format", "github", "a.md"], directory: dir)
        #expect(github.status == 1 && github.text.hasPrefix("::error file=a.md,line=4,title=outline fragment-case::"), "\(github.text)")
        #expect(!github.stderr.contains("warning"))
    }
}

/// `check --format sarif`, its structure read back in Swift (the slow suite validates it against
/// the official schema with Python's jsonschema).
@Suite("check --format sarif")
struct SARIFTests {
    typealias Object = [String: Any]

    static func log(_ run: RunResult) throws -> (run: Object, rules: [Object], results: [Object]) {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? Object, "\(run.text) \(run.stderr)")
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        let runs = try #require(log["runs"] as? [Object])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? Object)?["driver"] as? Object)
        return (runs[0], try #require(driver["rules"] as? [Object]), try #require(runs[0]["results"] as? [Object]))
    }

    static func location(_ result: Object) -> (artifact: Object, region: Object?)? {
        guard let physical = ((result["locations"] as? [Object])?.first)?["physicalLocation"] as? Object,
              let artifact = physical["artifactLocation"] as? Object else { return nil }
        return (artifact, physical["region"] as? Object)
    }

    /// The rules are the kinds format.md §10 lists, in its order; the driver names this outline and
    /// the homepage the packages name.
    @Test func theDriverHasARulePerKindCheckReports() throws {
        let format = try String(contentsOf: Paths.root.appendingPathComponent("docs/format.md"), encoding: .utf8)
        let section = try #require(format.components(separatedBy: "## 10. ").dropFirst().first?.components(separatedBy: "\n## ").first)
        let listed = section.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { Diagnostic.Kind(rawValue: $0) != nil }
        var seen = Set<String>()
        let kinds = listed.filter { seen.insert($0).inserted }
        #expect(kinds.count == 20 && kinds.contains("fragment-case"), "\(kinds)")
        // Every kind the library declares among check's findings (before the commands' errors) is
        // listed, but the one never reported (link-skipped, counted for --verbose).
        let declared = Diagnostic.Kind.allCases.prefix { $0 != .binaryInput }.filter { $0 != .linkSkipped }.map(\.rawValue)
        #expect(Set(declared) == Set(kinds), "\(Set(declared).symmetricDifference(kinds))")
        let (run, rules, results) = try Self.log(runInProcess(["check", "--format", "sarif"], stdin: bytes("# T\n<!-- outline:t -->\n")))
        #expect(results.isEmpty)
        #expect(rules.map { $0["id"] as? String } == kinds)
        for rule in rules {
            #expect(((rule["shortDescription"] as? Object)?["text"] as? String)?.isEmpty == false)
            #expect(((rule["help"] as? Object)?["text"] as? String)?.contains("docs/format.md, section 10") == true)
            let warning = ["fragment-case", "shadowed-definition", "nesting"].contains(rule["id"] as? String ?? "")
            #expect((rule["defaultConfiguration"] as? Object)?["level"] as? String == (warning ? "warning" : "error"))
        }
        let driver = try #require((run["tool"] as? Object)?["driver"] as? Object)
        #expect(driver["name"] as? String == "outline" && driver["version"] as? String == OutlineCommandLine.version)
        let dist = try String(contentsOf: Paths.root.appendingPathComponent("tools/dist"), encoding: .utf8)
        #expect(dist.contains("Homepage: \(try #require(driver["informationUri"] as? String))\n"))
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
    }

    /// Results in the text format's order, warnings included at their place; levels; a URI relative
    /// to the repository's top level (run from a subdirectory), percent-encoded; the region the JSON
    /// format gives, columns included.
    @Test func resultsArePlacedRelativeToTheRepository() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let docs = dir.appendingPathComponent("docs/sub dir")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try SurfacesTests.mixed.write(to: docs.appendingPathComponent("é a.md"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main .", in: dir)
        let here = dir.appendingPathComponent("docs")
        let sarif = try runBinary(["check", "--format", "sarif", "."], directory: here)
        let json = try runBinary(["check", "--format", "json", "."], directory: here)
        #expect(sarif.status == 1 && sarif.stderr == json.stderr)
        let (run, rules, results) = try Self.log(sarif)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout)) as? Object)?["findings"] as? [Object])
        #expect(results.count == 4 && findings.count == 4)
        for (result, finding) in zip(results, findings) {
            #expect(result["ruleId"] as? String == finding["kind"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding["kind"] as? String)
            #expect(result["level"] as? String == (finding["severity"] as? String == "warning" ? "warning" : "error"))
            #expect((result["message"] as? Object)?["text"] as? String == finding["message"] as? String)
            let place = try #require(Self.location(result))
            #expect(place.artifact["uri"] as? String == "docs/sub%20dir/%C3%A9%20a.md")
            #expect(place.artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(place.region)
            #expect(region["startLine"] as? Int == finding["line"] as? Int)
            #expect(region["startColumn"] as? Int == finding["column"] as? Int)
            let end = finding["end"] as? Object
            #expect(region["endLine"] as? Int == end?["line"] as? Int && region["endColumn"] as? Int == end?["column"] as? Int)
        }
        #expect(results.map { $0["level"] as? String } == ["error", "warning", "error", "error"])
        // The broken link `#nowhere` stands at columns 27 to 35 of line 6 (exclusive end).
        let link = try #require(Self.location(results[2])?.region)
        #expect(link["startColumn"] as? Int == 27 && link["endColumn"] as? Int == 35)
        // The base the relative URIs resolve against: the top level, as a file URI.
        let root = try #require(((run["originalUriBaseIds"] as? Object)?["%SRCROOT%"] as? Object)?["uri"] as? String)
        #expect(root == "file://" + URL(fileURLWithPath: dir.path).resolvingSymlinksInPath().path + "/")
    }

    /// Standard input is `<stdin>` (percent-encoded) or its `--stdin-filename`; a file outside any
    /// repository is an absolute `file:` URI; a removed anchor of `--since REV` stands at its file.
    @Test func standardInputOutsideFilesAndOlderVersions() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let doc = bytes("# T\n\n## A b\n")
        let stdin = try Self.log(runInProcess(["check", "--format", "sarif"], stdin: doc)).results
        #expect(stdin.count == 2 && stdin.allSatisfy { Self.location($0)?.artifact["uri"] as? String == "%3Cstdin%3E" && Self.location($0)?.artifact["uriBaseId"] == nil })

        let outside = dir.appendingPathComponent("plain dir")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(doc).write(to: outside.appendingPathComponent("a#b.md"))
        let plain = try Self.log(runBinary(["check", "--format", "sarif", "a#b.md"], directory: outside))
        let absolute = URL(fileURLWithPath: outside.path).resolvingSymlinksInPath().path.replacingOccurrences(of: " ", with: "%20")
        #expect(Self.location(plain.results[0])?.artifact["uri"] as? String == "file://\(absolute)/a%23b.md")
        #expect(Self.location(plain.results[0])?.artifact["uriBaseId"] == nil && plain.run["originalUriBaseIds"] == nil)

        let repo = dir.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# Kept\n<!-- outline:kept -->\n\n## Gone\n<!-- outline:gone -->\n".write(to: repo.appendingPathComponent("docs/b.md"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A && git commit -q -m one && printf '# Kept\\n<!-- outline:kept -->\\n' > docs/b.md", in: repo)
        let named = try Self.log(runBinary(["check", "--format", "sarif", "--stdin-filename", "docs/new.md"], stdin: doc, directory: repo))
        #expect(Self.location(named.results[0])?.artifact["uri"] as? String == "docs/new.md")
        let since = try runBinary(["check", "--format", "sarif", "--since", "HEAD", "b.md"], directory: repo.appendingPathComponent("docs"))
        let removed = try Self.log(since).results
        #expect(removed.count == 1 && removed[0]["ruleId"] as? String == "removed-anchor", "\(since.text)")
        #expect(Self.location(removed[0])?.artifact["uri"] as? String == "docs/b.md")
        // At the nearest line of the new version (its last: the section was the file's last).
        #expect(Self.location(removed[0])?.region?["startLine"] as? Int == 2)
        #expect(((removed[0]["message"] as? Object)?["text"] as? String)?.contains("b.md") == true)
        // The text format names the work-tree file too, never HEAD:docs/b.md.
        #expect(try runBinary(["check", "--since", "HEAD", "b.md"], directory: repo.appendingPathComponent("docs")).text.hasPrefix("b.md:2: anchor 'gone'"))
    }

    /// Percent-encoding keeps RFC 3986's unreserved characters and `/`, and encodes the rest byte by
    /// byte: a name that is not UTF-8 keeps its own bytes.
    @Test func percentEncoding() {
        #expect(SARIF.percentEncoded("a b/é:c#d%e?.md") == "a%20b/%C3%A9%3Ac%23d%25e%3F.md")
        #expect(SARIF.percentEncoded(PathBytes.decode([0x63, 0x61, 0x66, 0xE9])) == "caf%E9")
        #expect(SARIF.percentEncoded("A-Z_a.z~0/9") == "A-Z_a.z~0/9")
        let places = SARIF.Places(workingDirectory: "/r/docs", root: "/r")
        #expect(SARIF.artifact("../x y.md", places: places) == ("x%20y.md", true))
        #expect(SARIF.artifact("/elsewhere/a.md", places: places) == ("file:///elsewhere/a.md", false))
        #expect(SARIF.artifact("<stdin>", places: places) == ("%3Cstdin%3E", false))
    }
}
