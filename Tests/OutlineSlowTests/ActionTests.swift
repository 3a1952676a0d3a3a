import Foundation
import Testing
import OutlineTestHelpers

/// The GitHub Action (action.yml and its scripts in action/) run as the runner runs a composite
/// action (Tests/Action/composite.py), against the packages `make dist` built: a release directory
/// served through a file:// URL, a pull request's shallow checkout of a repository whose base commit
/// it lacks, a fake GITHUB_* environment and event, and a stand-in `gh` that records its calls. No
/// outline is on PATH but the one the action installs.
@Suite("GitHub Action", .serialized)
struct ActionTests {
    struct Run {
        let status: Int32
        let output: String
        let report: [String: Any]
        let gh: String
        let work: URL
        var uses: [[String: Any]] { report["uses"] as? [[String: Any]] ?? [] }
        var path: [String] { report["path"] as? [String] ?? [] }
        func outputs(_ step: String) -> [String: String] { (report["step_outputs"] as? [String: [String: String]])?[step] ?? [:] }
    }

    /// A temporary world: `origin` (main: the base; pr: the change, one commit on top), the release
    /// directory `release/vVERSION/` with the tarball and SHA256SUMS of dist/, `fake-bin/gh`.
    struct World {
        let dir: URL
        let base: String
        let version: String

        init(change: String) throws {
            dir = try temporaryDirectory()
            version = try Dist.version()
            let origin = dir.appendingPathComponent("origin")
            try FileManager.default.createDirectory(at: origin.appendingPathComponent("docs"), withIntermediateDirectories: true)
            try "# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n\nSteps.\n\n## Usage\n<!-- outline:usage -->\n\nSee [install](#install).\n"
                .write(to: origin.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
            try shell("git init -q -b main . && git add -A && git commit -qm base && git checkout -q -b pr", in: origin)
            try change.write(to: origin.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
            try shell("git commit -qam change", in: origin)
            base = try shell("git rev-parse main", in: origin).output.trimmingCharacters(in: .whitespacesAndNewlines)
            let release = dir.appendingPathComponent("release/v\(version)")
            try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
            let tarball = try Dist.tarball()
            try FileManager.default.copyItem(at: tarball, to: release.appendingPathComponent(tarball.lastPathComponent))
            try FileManager.default.copyItem(at: Dist.sums, to: release.appendingPathComponent("SHA256SUMS"))
            let bin = dir.appendingPathComponent("fake-bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            // Records each call, one argument a line, with the body it sends; lists the comments found
            // so far (as `--jq` would give their ids).
            try """
                #!/bin/sh
                printf '%s\\n' "$@" >> "$GH_LOG"
                for a in "$@"; do case "$a" in body=@*) cat "${a#body=@}" >> "$GH_LOG" ;; esac; done
                case "$*" in *--paginate*) cat "$GH_COMMENTS" 2>/dev/null ;; esac
                exit 0
                """.write(to: bin.appendingPathComponent("gh"), atomically: true, encoding: .utf8)
            try shell("chmod +x fake-bin/gh", in: dir)
        }

        var release: URL { dir.appendingPathComponent("release/v\(version)") }

        /// The pull request's event, as GitHub sends it (the fields the action reads, and a few more).
        func pullRequest(from headRepository: String = "o/r") -> [String: Any] {
            ["action": "synchronize", "number": 7,
             "pull_request": ["number": 7, "base": ["sha": base, "ref": "main"], "head": ["ref": "pr", "repo": ["full_name": headRepository]]]]
        }

        /// Checks out the pull request as actions/checkout does by default (one commit), then runs
        /// the action in it.
        func run(inputs: [String: String] = [:], event: [String: Any]? = nil, eventName: String = "pull_request", comments: String = "") throws -> Run {
            let work = dir.appendingPathComponent("work-\(UUID().uuidString)")
            let temp = dir.appendingPathComponent("temp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
            try shell("git clone -q --depth 1 --branch pr 'file://\(dir.path)/origin' '\(work.path)'", in: dir)
            #expect(try shell("git cat-file -e \(base)", in: work).status != 0, "the checkout already has the base commit")
            var allInputs = ["release-url": "file://\(dir.path)/release", "paths": "docs/"]
            for (k, v) in inputs { allInputs[k] = v }
            let config: [String: Any] = ["inputs": allInputs, "temp": temp.path,
                                         "github": ["event_name": eventName, "repository": "o/r", "token": "ghs_fake", "event": event ?? pullRequest()]]
            try JSONSerialization.data(withJSONObject: config).write(to: temp.appendingPathComponent("config.json"))
            try comments.write(to: dir.appendingPathComponent("comments"), atomically: true, encoding: .utf8)
            let log = dir.appendingPathComponent("gh.log")
            try? FileManager.default.removeItem(at: log)
            // PATH: the stand-in gh, then the system's, without any directory that holds an outline.
            let system = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                .filter { !FileManager.default.fileExists(atPath: "\($0)/outline") }
            try PreCommit.prepareVenv()
            let python = PreCommit.venv.appendingPathComponent("bin/python").path
            let script = Paths.root.appendingPathComponent("Tests/Action/composite.py").path
            let action = Paths.root.appendingPathComponent("action.yml").path
            let result = try shell("'\(python)' '\(script)' '\(action)' '\(temp.path)/config.json' '\(temp.path)/report.json' 2>&1", in: work, environment: [
                "PATH": ([dir.appendingPathComponent("fake-bin").path] + system.map(String.init)).joined(separator: ":"),
                "GH_LOG": log.path, "GH_COMMENTS": dir.appendingPathComponent("comments").path])
            let report = (try? JSONSerialization.jsonObject(with: Data(contentsOf: temp.appendingPathComponent("report.json")))) as? [String: Any] ?? [:]
            return Run(status: result.status, output: result.output, report: report,
                       gh: (try? String(contentsOf: log, encoding: .utf8)) ?? "", work: work)
        }
    }

    /// A change that renames a section, deletes another, breaks a link and adds one that works on
    /// GitHub only by case folding (a warning).
    static let breaking = "# Guide\n<!-- outline:guide -->\n\n## Installing\n<!-- outline:install -->\n\nSteps. See [gone](#nowhere) and [it](#Guide).\n"

    /// The whole path on a pull request: installed from the release (checksum checked), the base
    /// fetched, the findings annotated and fail the job, the SARIF handed to upload-sarif, the comment
    /// posted once and edited on the next push.
    @Test func aPullRequestThatBreaksThings() throws {
        let world = try World(change: Self.breaking)
        defer { try? FileManager.default.removeItem(at: world.dir) }
        let run = try world.run()
        #expect(run.status == 1, "\(run.output)")
        let steps = (run.report["steps"] as? [[String: Any]] ?? []).map { "\($0["name"]!)=\($0["status"]!)" }
        #expect(steps == ["Install outline=0", "Find the base revision=0", "Check anchors and links=0", "Upload the findings to code scanning=recorded",
                          "Comment on the pull request=0", "Fail on findings=1"], "\(run.output)")
        // The installed outline is the tarball's.
        #expect(run.path.count == 1 && run.path[0].hasSuffix("/bin"), "\(run.path)")
        let installed = try runBinary(["--version"], executable: run.path[0] + "/outline")
        #expect(installed.text.hasPrefix("outline \(world.version) "), "\(installed.text)")
        #expect(!run.path[0].hasPrefix(Paths.root.path))
        // The base commit was fetched, and named.
        let base = run.outputs("base")["base"] ?? ""
        #expect(!base.isEmpty && world.base.hasPrefix(base), "\(run.report)")
        #expect(try shell("git cat-file -e \(world.base)", in: run.work).status == 0)
        // Annotations: the broken link and the removed section.
        #expect(run.output.contains("::error file=docs/guide.md,line=7,title=outline broken-link::"), "\(run.output)")
        #expect(run.output.contains("anchor 'usage' no longer exists"), "\(run.output)")
        #expect(run.report["outputs"] as? [String: String] == ["status": "1"])
        // SARIF: the findings, for upload-sarif.
        #expect(run.uses.count == 1)
        let upload = try #require(run.uses.first)
        #expect((upload["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true)
        let with = upload["with"] as? [String: String] ?? [:]
        #expect(with["category"] == "outline")
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: with["sarif_file"] ?? "/nonexistent"))) as? [String: Any]
        let results = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(Set(results.compactMap { $0["level"] as? String }) == ["error", "warning"], "\(String(describing: sarif))")
        // The comment: outline diff's summary, posted.
        let summary = try runBinary(["diff", "--since", base, "--format", "markdown", "docs/"], directory: run.work)
        #expect(summary.status == 1 && summary.text.hasPrefix("<!-- outline-diff -->\n") && summary.text.contains("| `usage` |"), "\(summary.text)")
        #expect(run.gh.contains("api\n--method\nPOST\nrepos/o/r/issues/7/comments\n-F\nbody=@"), "\(run.gh)")
        #expect(run.gh.hasSuffix(summary.text), "\(run.gh)")
        #expect(!run.gh.contains("PATCH"))

        // The next push: the comment is there (id 42): it is edited, not repeated.
        let next = try world.run(comments: "42\n")
        #expect(next.status == 1)
        #expect(next.gh.contains("api\n--method\nPATCH\nrepos/o/r/issues/comments/42\n-F\nbody=@"), "\(next.gh)")
        #expect(!next.gh.contains("POST"))
    }

    /// A clean change passes (a renamed section is no finding), and still says what it did.
    @Test func aPullRequestThatRenamesASection() throws {
        let world = try World(change: "# Guide\n<!-- outline:guide -->\n\n## Installing\n<!-- outline:install -->\n\nSteps.\n\n## Usage\n<!-- outline:usage -->\n\nSee [install](#installing).\n")
        defer { try? FileManager.default.removeItem(at: world.dir) }
        let run = try world.run()
        #expect(run.status == 0, "\(run.output)")
        #expect(run.report["outputs"] as? [String: String] == ["status": "0"])
        #expect(!run.output.contains("::error"), "\(run.output)")
        #expect(run.gh.contains("POST") && run.gh.contains("| `install` | `docs/guide.md` | Install | Installing |"), "\(run.gh)")
    }

    /// From a fork the token is read-only: the annotations and the failure stay; the SARIF upload and
    /// the comment are skipped, and the log says so. The inputs turn either off on any pull request.
    @Test func forksAndTheSwitches() throws {
        let world = try World(change: Self.breaking)
        defer { try? FileManager.default.removeItem(at: world.dir) }
        let fork = try world.run(event: world.pullRequest(from: "someone/fork"))
        #expect(fork.status == 1 && fork.output.contains("title=outline broken-link::"), "\(fork.output)")
        #expect(fork.uses.isEmpty && fork.gh.isEmpty, "\(fork.report) \(fork.gh)")
        #expect(fork.output.components(separatedBy: "::notice::outline: a pull request from the fork someone/fork").count == 3, "\(fork.output)")

        let off = try world.run(inputs: ["sarif": "false", "comment": "false"])
        #expect(off.status == 1 && off.uses.isEmpty && off.gh.isEmpty, "\(off.output)")
    }

    /// On a push: the commit before it is the base, and there is no comment; a push that creates a
    /// branch (no commit before it) is checked against nothing.
    @Test func pushes() throws {
        let world = try World(change: Self.breaking)
        defer { try? FileManager.default.removeItem(at: world.dir) }
        let push = try world.run(event: ["before": world.base, "after": "0"], eventName: "push")
        #expect(push.status == 1 && push.output.contains("anchor 'usage' no longer exists"), "\(push.output)")
        #expect(push.gh.isEmpty && push.output.contains("not a pull request"), "\(push.output)")
        let created = try world.run(event: ["before": String(repeating: "0", count: 40)], eventName: "push")
        #expect(created.output.contains("no base revision"), "\(created.output)")
        #expect(created.outputs("base")["base"] == "" && !created.output.contains("no longer exists"), "\(created.output)")
        #expect(created.status == 1 && created.output.contains("broken-link"), "the check still runs: \(created.output)")
    }

    /// An error stops the action where it happens, with nothing uploaded nor posted: a base that
    /// cannot be fetched, a path that does not exist (outline's exit 2).
    @Test func errorsStopTheAction() throws {
        let world = try World(change: Self.breaking)
        defer { try? FileManager.default.removeItem(at: world.dir) }
        let unknown = try world.run(inputs: ["base": String(repeating: "1", count: 40)])
        #expect(unknown.status != 0 && unknown.output.contains("cannot fetch the base revision"), "\(unknown.output)")
        let missing = try world.run(inputs: ["paths": "docs/ nowhere/"])
        #expect(missing.status == 2, "\(missing.output)")
        for run in [unknown, missing] {
            #expect(run.uses.isEmpty && run.gh.isEmpty, "\(run.report) \(run.gh)")
            #expect((run.report["steps"] as? [[String: Any]])?.last?["name"] as? String != "Fail on findings")
        }
    }

    /// A tarball that does not match the release's SHA256SUMS, or one SHA256SUMS does not list, is
    /// never unpacked nor put on PATH, and nothing after the install runs.
    @Test func aTarballThatFailsItsChecksumIsRefused() throws {
        let world = try World(change: Self.breaking)
        defer { try? FileManager.default.removeItem(at: world.dir) }
        let sums = world.release.appendingPathComponent("SHA256SUMS")
        let original = try String(contentsOf: sums, encoding: .utf8)
        let tarball = try Dist.tarball().lastPathComponent
        let line = try #require(original.split(separator: "\n").first { $0.hasSuffix("  \(tarball)") })
        let wrongDigest = String(repeating: "0", count: 64) + "  " + tarball
        for (sumsText, message) in [(original.replacingOccurrences(of: String(line), with: wrongDigest), "does not match its SHA-256"),
                                    (original.replacingOccurrences(of: String(line) + "\n", with: ""), "does not list \(tarball)")] {
            try sumsText.write(to: sums, atomically: true, encoding: .utf8)
            let run = try world.run()
            #expect(run.status != 0 && run.output.contains(message), "\(run.output)")
            #expect(run.path.isEmpty && run.uses.isEmpty && run.gh.isEmpty)
            let steps = (run.report["steps"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(steps == ["Install outline"], "\(steps)")
        }
    }
}
