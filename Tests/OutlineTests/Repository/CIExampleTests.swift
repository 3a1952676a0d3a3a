import Foundation
import Testing
import OutlineTestHelpers

/// The steps of `examples/ci.yml` that turn outline's output into CI surfaces, run as the runner runs
/// them (`bash -eo pipefail`) in a pull request's repository, with the built outline on PATH: the
/// SARIF file for code scanning, and the pull-request comment posted once and then edited, through a
/// stand-in `gh` that records its calls. (tools/dist-test runs the install and check steps.)
@Suite("examples/ci.yml", .serialized)
struct CIExampleTests {
    /// A step's `run: |` lines, unindented, as tools/dist-test reads them.
    static func step(_ name: String) throws -> String {
        let lines = try String(contentsOf: Paths.root.appendingPathComponent("examples/ci.yml"), encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasSuffix("- name: \(name)") }, "no step '\(name)'")
        let run = try #require(lines[start...].firstIndex { $0.hasSuffix("run: |") })
        var script: [String] = []
        for line in lines[(run + 1)...] {
            if !line.isEmpty && !line.hasPrefix(String(repeating: " ", count: 10)) { break }
            script.append(String(line.dropFirst(min(10, line.count))))
        }
        return script.joined(separator: "\n").replacingOccurrences(of: "${{ github.base_ref }}", with: "main")
    }

    /// A repository at a pull request's head: `origin/main` the base, a section renamed since.
    static func pullRequest() throws -> URL {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n\nSee [it](#Guide).\n".write(to: dir.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A && git commit -q -m base && git update-ref refs/remotes/origin/main HEAD && sed -i 's/^## Install$/## Installing/' docs/guide.md", in: dir)
        return dir
    }

    static func run(_ script: String, in dir: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try script.write(to: dir.appendingPathComponent("step.sh"), atomically: true, encoding: .utf8)
        return try shell("bash -eo pipefail step.sh", in: dir, environment: environment)
    }

    /// The SARIF step writes the log, warnings included, and passes on findings (exit 1) but not on
    /// an error (exit 2).
    @Test func theSARIFStepWritesTheLog() throws {
        let dir = try Self.pullRequest()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try Self.step("Findings as SARIF")
        try "## Loose\n".write(to: dir.appendingPathComponent("docs/loose.md"), atomically: true, encoding: .utf8)
        let result = try Self.run(script, in: dir)
        #expect(result.status == 0, "\(result.output)")
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("outline.sarif"))) as? [String: Any]
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(Set(results.compactMap { $0["level"] as? String }) == ["error", "warning"], "\(results)")
        #expect(try Self.run(script.replacingOccurrences(of: "origin/main", with: "origin/nowhere"), in: dir).status != 0)
    }

    /// The comment step posts the summary once, finds it by its marker on the next push and edits
    /// it; outline's exit 1 (differences) is no failure.
    @Test func theCommentIsPostedOnceThenEdited() throws {
        let dir = try Self.pullRequest()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // The stand-in: records each call with the body it sends, and lists the comments found so
        // far (as `--jq` would give their ids).
        let gh = """
            #!/bin/sh
            printf '%s\\n' "$*" >> "$GH_LOG"
            for a in "$@"; do case "$a" in body=@*) cat "${a#body=@}" >> "$GH_LOG" ;; esac; done
            case "$*" in *--paginate*) cat "$GH_COMMENTS" 2>/dev/null ;; esac
            exit 0
            """
        try gh.write(to: bin.appendingPathComponent("gh"), atomically: true, encoding: .utf8)
        try shell("chmod +x fake-bin/gh", in: dir)
        let log = dir.appendingPathComponent("gh.log"), comments = dir.appendingPathComponent("comments")
        let environment = ["PATH": bin.path + ":" + URL(fileURLWithPath: Paths.binary).deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                           "GH_LOG": log.path, "GH_COMMENTS": comments.path, "GH_TOKEN": "t", "PR": "7", "GITHUB_REPOSITORY": "o/r"]
        let script = try Self.step("Post the summary on the pull request")
        let first = try Self.run(script, in: dir, environment: environment)
        #expect(first.status == 0, "\(first.output)")
        let summary = try runBinary(["diff", "--since", "origin/main", "--format", "markdown", "docs/"], directory: dir)
        #expect(summary.status == 1 && summary.text.hasPrefix("<!-- outline-diff -->\n") && summary.text.contains("| `install` | `docs/guide.md` | Install | Installing |"))
        var calls = try String(contentsOf: log, encoding: .utf8)
        #expect(calls.contains("api --paginate repos/o/r/issues/7/comments --jq"), "\(calls)")
        #expect(calls.contains("api --method POST repos/o/r/issues/7/comments -F body=@outline-summary.md\n" + summary.text), "\(calls)")
        #expect(!calls.contains("PATCH"))
        // The next push: the comment is there (id 42), and is edited, not repeated.
        try "42\n".write(to: comments, atomically: true, encoding: .utf8)
        try "".write(to: log, atomically: true, encoding: .utf8)
        #expect(try Self.run(script, in: dir, environment: environment).status == 0)
        calls = try String(contentsOf: log, encoding: .utf8)
        #expect(calls.contains("api --method PATCH repos/o/r/issues/comments/42 -F body=@outline-summary.md\n" + summary.text), "\(calls)")
        #expect(!calls.contains("POST"))
        // An error of outline (exit 2) fails the step, and nothing is posted.
        try "".write(to: log, atomically: true, encoding: .utf8)
        #expect(try Self.run(script.replacingOccurrences(of: "origin/main", with: "origin/nowhere"), in: dir, environment: environment).status != 0)
        #expect(try String(contentsOf: log, encoding: .utf8).isEmpty)
    }
}
