import Foundation
import Testing
import OutlineTestHelpers

/// The GitHub workflows (.github/workflows, and examples/ci.yml, which users copy) and the action
/// (action.yml) against GitHub's own schemas (check-jsonschema's vendored copies: no network) and
/// zizmor's audits (offline), with no finding; every action they use pinned to a full commit SHA; and
/// each job given exactly the permissions its steps use. actionlint cannot be installed here; these
/// two come from PyPI into the test venv.
@Suite("GitHub workflows and action", .serialized)
struct WorkflowTests {
    static let workflows = [".github/workflows/ci.yml", ".github/workflows/release.yml", "examples/ci.yml"]

    static func bin(_ tool: String) throws -> String {
        try PreCommit.prepareWorkflowTools()
        return "'" + PreCommit.venv.appendingPathComponent("bin/\(tool)").path + "'"
    }

    /// Every workflow file under .github/workflows is one this suite knows.
    @Test func theWorkflowsAreAllListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Paths.root.appendingPathComponent(".github/workflows").path)
        #expect(Set(names.map { ".github/workflows/" + $0 }) == Set(Self.workflows.filter { $0.hasPrefix(".github/") }))
    }

    @Test func theSchemasAcceptEveryWorkflowAndTheAction() throws {
        let check = try Self.bin("check-jsonschema")
        for path in Self.workflows {
            let result = try shell("\(check) --builtin-schema vendor.github-workflows '\(path)'", in: Paths.root)
            #expect(result.status == 0, "\(path): \(result.output)")
        }
        let action = try shell("\(check) --builtin-schema vendor.github-actions action.yml", in: Paths.root)
        #expect(action.status == 0, "action.yml: \(action.output)")

        // The schemas do reject what GitHub would: a job without runs-on, a composite step without shell.
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ci = try String(contentsOf: Paths.root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        try ci.replacingOccurrences(of: "runs-on:", with: "runs_on:").write(to: dir.appendingPathComponent("ci.yml"), atomically: true, encoding: .utf8)
        #expect(try shell("\(check) --builtin-schema vendor.github-workflows ci.yml", in: dir).status != 0)
        let text = try String(contentsOf: Paths.root.appendingPathComponent("action.yml"), encoding: .utf8)
        try text.replacingOccurrences(of: "shell: bash", with: "").write(to: dir.appendingPathComponent("action.yml"), atomically: true, encoding: .utf8)
        #expect(try shell("\(check) --builtin-schema vendor.github-actions action.yml", in: dir).status != 0)
    }

    @Test func zizmorFindsNothing() throws {
        let zizmor = try Self.bin("zizmor")
        let inputs = (Self.workflows + ["action.yml"]).map { "'\($0)'" }.joined(separator: " ")
        let result = try shell("\(zizmor) --offline --config .github/zizmor.yml --no-progress \(inputs) 2>&1", in: Paths.root)
        #expect(result.status == 0 && result.output.contains("No findings to report"), "\(result.output)")

        // It does audit: a workflow that interpolates a pull request's title into a shell, keeps the
        // checkout's credentials and uses an action by tag has findings.
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            name: bad
            on: pull_request
            permissions: {}
            jobs:
              bad:
                name: bad
                runs-on: ubuntu-24.04
                steps:
                  - uses: actions/checkout@v4
                  - run: echo "${{ github.event.pull_request.title }}"

            """.write(to: dir.appendingPathComponent("bad.yml"), atomically: true, encoding: .utf8)
        let bad = try shell("\(zizmor) --offline --no-progress bad.yml 2>&1", in: dir)
        #expect(bad.status != 0, "\(bad.output)")
        for audit in ["template-injection", "artipacked", "unpinned-uses"] { #expect(bad.output.contains(audit), "\(bad.output)") }
    }

    /// Each `uses:` names a full commit SHA and, in a comment, the tag it is (what Dependabot and a
    /// reader go by); the one exception is outline's own action in examples/ci.yml, by its release tag
    /// (.github/zizmor.yml says why).
    @Test func everyActionIsPinnedToACommit() throws {
        var count = 0
        for path in Self.workflows + ["action.yml"] {
            let lines = try String(contentsOf: Paths.root.appendingPathComponent(path), encoding: .utf8).split(separator: "\n")
            for line in lines {
                guard let range = line.range(of: "uses: ") else { continue }
                let reference = line[range.upperBound...]
                count += 1
                if path == "examples/ci.yml" && reference.hasPrefix("outline-md/outline@v") { continue }
                let parts = reference.split(separator: " ", maxSplits: 2)
                let at = parts.first?.split(separator: "@") ?? []
                let pinned = at.count == 2 && at[1].count == 40 && at[1].allSatisfy(\.isHexDigit)
                #expect(pinned && parts.count == 3 && parts[1] == "#" && parts[2].hasPrefix("v"), "\(path): \(line)")
            }
        }
        #expect(count >= 8)
    }

    /// No workflow grants anything by default (`permissions: {}`); each job grants what its steps use.
    @Test func eachJobHasTheLeastPermissions() throws {
        try PreCommit.prepareVenv()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let expected: [String: [String: [String: String]]] = [
            ".github/workflows/ci.yml": ["test": ["contents": "read"]],
            ".github/workflows/release.yml": ["build": ["contents": "read"], "github-release": ["contents": "write"],
                                              "pypi": ["id-token": "write"]],
            "examples/ci.yml": ["outline": ["contents": "read", "security-events": "write", "pull-requests": "write", "actions": "read"]],
        ]
        for path in Self.workflows {
            let script = "import json,sys,yaml; w=yaml.safe_load(open(sys.argv[1])); print(json.dumps({'top': w.get('permissions'), 'jobs': {k: j.get('permissions') for k, j in w['jobs'].items()}}))"
            let result = try shell("'\(python)' -c \"\(script)\" '\(path)'", in: Paths.root)
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
            #expect((parsed["top"] as? [String: String]) == [:], "\(path): the workflow's default permissions must be {}")
            let jobs = parsed["jobs"] as? [String: Any] ?? [:]
            #expect(Set(jobs.keys) == Set(expected[path]!.keys), "\(path): jobs \(jobs.keys.sorted())")
            for (job, permissions) in jobs {
                #expect((permissions as? [String: String]) == expected[path]![job], "\(path): job \(job) has \(permissions)")
            }
        }
    }
}
