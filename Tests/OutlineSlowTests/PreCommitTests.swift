import Foundation
import Testing
import OutlineTestHelpers

@Suite("pre-commit framework", .serialized)
struct PreCommitTests {
    /// A hook repository made of this work tree's `.pre-commit-hooks.yaml` (committed into a throwaway
    /// repository, as pre-commit needs a revision), and a project whose config points at it.
    func project(hooks ids: [String], in dir: URL) throws -> [String: String] {
        let hooksRepo = dir.appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: hooksRepo, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.root.appendingPathComponent(".pre-commit-hooks.yaml"),
                                         to: hooksRepo.appendingPathComponent(".pre-commit-hooks.yaml"))
        try shell("git init -q -b main . && git add -A && git commit -qm hooks", in: hooksRepo)
        let rev = try shell("git rev-parse HEAD", in: hooksRepo).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let project = dir.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let config = "repos:\n  - repo: \(hooksRepo.path)\n    rev: \(rev)\n    hooks:\n" + ids.map { "      - id: \($0)\n" }.joined()
        try config.write(to: project.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        return ["PRE_COMMIT_HOME": dir.appendingPathComponent(".cache").path]
    }

    @Test(.enabled(if: PreCommit.available, "neither pre-commit nor pip is available: the pre-commit hooks cannot be exercised"))
    func hooksFixThenPass() throws {
        let preCommit = try PreCommit.executable()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try project(hooks: ["outline-id", "outline-check"], in: dir)
        let work = dir.appendingPathComponent("project")
        try "# Notes\n\n## Todo\n\nText.\n".write(to: work.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        try "not markdown\n".write(to: work.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A", in: work)

        let first = try shell("'\(preCommit)' run --all-files", in: work, environment: env)
        #expect(first.status == 1, "\(first.output)")
        #expect(first.output.contains("files were modified by this hook"), "\(first.output)")
        let notes = try String(contentsOf: work.appendingPathComponent("notes.md"), encoding: .utf8)
        #expect(notes == "# Notes\n<!-- outline:notes -->\n\n## Todo\n<!-- outline:todo -->\n\nText.\n")
        #expect(try String(contentsOf: work.appendingPathComponent("notes.txt"), encoding: .utf8) == "not markdown\n")

        let second = try shell("git add -A && '\(preCommit)' run --all-files", in: work, environment: env)
        #expect(second.status == 0, "\(second.output)")
    }

    /// The outline-check hook compares with HEAD: a commit that deletes anchored sections, deletes an
    /// anchored file, or replaces a document by its folded view is refused; one that moves a section
    /// to another file, or makes the first commit, passes.
    @Test(.enabled(if: PreCommit.available, "neither pre-commit nor pip is available: the pre-commit hooks cannot be exercised"))
    func checkHookRefusesCommitsThatLoseContent() throws {
        let preCommit = try PreCommit.executable()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try project(hooks: ["outline-check"], in: dir)
        let work = dir.appendingPathComponent("project")
        try shell("git init -q -b main . && mkdir docs && '\(preCommit)' install", in: work, environment: env)
        let guide = try runBinary(["id"], stdin: bytes("# Guide\n\n## Install\n\nSteps.\n\n## Usage\n\nRun it.\n\n## FAQ\n\nAsk.\n")).stdout
        let repl = try runBinary(["id"], stdin: bytes("# REPL\n\n## Commands\n\nType.\n")).stdout
        try Data(guide).write(to: work.appendingPathComponent("docs/guide.md"))
        try Data(repl).write(to: work.appendingPathComponent("docs/repl.md"))
        let initial = try shell("git add -A && git commit -qm initial", in: work, environment: env)
        #expect(initial.status == 0, "the first commit (no HEAD yet) must pass: \(initial.output)")

        func commit(_ message: String) throws -> (status: Int32, output: String) {
            let result = try shell("git add -A && git commit -qm '\(message)'", in: work, environment: env)
            if result.status != 0 { try shell("git reset -q --hard HEAD", in: work) }
            return result
        }
        let text = String(decoding: guide, as: UTF8.self)
        // A deleted anchored section.
        try text.replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n\nRun it.\n\n", with: "")
            .write(to: work.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        let section = try commit("drop usage")
        #expect(section.status != 0 && section.output.contains("docs/guide.md:9: anchor 'usage' no longer exists in docs/guide.md"), "\(section.output)")
        // A deleted anchored file.
        try shell("git rm -q docs/repl.md", in: work)
        let file = try commit("drop repl")
        #expect(file.status != 0 && file.output.contains("anchor 'commands' no longer exists: docs/repl.md was deleted"), "\(file.output)")
        // A document replaced by its folded view.
        let view = try runBinary(["fold", "--depth", "1", work.appendingPathComponent("docs/guide.md").path]).stdout
        try Data(view).write(to: work.appendingPathComponent("docs/guide.md"))
        let folded = try commit("fold")
        #expect(folded.status != 0 && folded.output.contains("fold marker for 'guide'"), "\(folded.output)")
        // A section moved to another file: not a removal.
        try text.replacingOccurrences(of: "## FAQ\n<!-- outline:faq -->\n\nAsk.\n", with: "")
            .write(to: work.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        try (String(decoding: repl, as: UTF8.self) + "\n## FAQ\n<!-- outline:faq -->\n\nAsk.\n")
            .write(to: work.appendingPathComponent("docs/repl.md"), atomically: true, encoding: .utf8)
        let moved = try commit("move faq")
        #expect(moved.status == 0, "\(moved.output)")
    }

    /// The outline-check-message hook runs at the commit-msg stage: a commit that deletes an anchored
    /// section passes when its message carries `Outline-Allow-Removed: PATH#ID`, and is refused
    /// without it (format.md §10).
    @Test(.enabled(if: PreCommit.available, "neither pre-commit nor pip is available: the pre-commit hooks cannot be exercised"))
    func messageHookAcceptsTheRemovalsItsTrailerNames() throws {
        let preCommit = try PreCommit.executable()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try project(hooks: ["outline-check-message"], in: dir)
        let work = dir.appendingPathComponent("project")
        try shell("git init -q -b main . && mkdir docs && '\(preCommit)' install --hook-type commit-msg", in: work, environment: env)
        let guide = try runBinary(["id"], stdin: bytes("# Guide\n\n## Install\n\nSteps.\n\n## Usage\n\nRun it.\n")).stdout
        try Data(guide).write(to: work.appendingPathComponent("docs/guide.md"))
        #expect(try shell("git add -A && git commit -qm initial", in: work, environment: env).status == 0)
        try String(decoding: guide, as: UTF8.self).replacingOccurrences(of: "## Usage\n<!-- outline:usage -->\n\nRun it.\n", with: "")
            .write(to: work.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        let refused = try shell("git add -A && git commit -qm 'drop usage'", in: work, environment: env)
        #expect(refused.status != 0 && refused.output.contains("anchor 'usage' no longer exists"), "\(refused.output)")
        let accepted = try shell("git commit -qm 'drop usage' -m 'Outline-Allow-Removed: docs/guide.md#usage'", in: work, environment: env)
        #expect(accepted.status == 0, "\(accepted.output)")
        // The trailer travels with the commit: CI's check --since reads it.
        #expect(try runBinary(["check", "--since", "HEAD~1", "docs"], directory: work).status == 0)
    }

    /// The local configuration docs/integration.md shows (outline on PATH) works as printed.
    @Test(.enabled(if: PreCommit.available, "neither pre-commit nor pip is available: the pre-commit hooks cannot be exercised"))
    func localConfigurationWorks() throws {
        let preCommit = try PreCommit.executable()
        let doc = try String(contentsOf: Paths.root.appendingPathComponent("docs/integration.md"), encoding: .utf8)
        let config = try #require(PreCommit.configuration(repo: "local", in: doc), "docs/integration.md has no 'repo: local' pre-commit configuration")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PRE_COMMIT_HOME": dir.appendingPathComponent(".cache").path]
        try config.write(to: dir.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        // The tree the configuration pins and gates is docs/; a root README.md with a broken link is left
        // alone, and so is a link that was broken before the hooks came.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# Readme\n\n[gone](nowhere.md)\n".write(to: dir.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "# Old\n<!-- outline:old -->\n\n[broken before](#nope)\n".write(to: dir.appendingPathComponent("docs/old.md"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A && git -c user.name=t -c user.email=t@t commit -qm before", in: dir, environment: env)
        try "# Notes\n\n## Todo\n".write(to: dir.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        try shell("'\(preCommit)' install", in: dir, environment: env)
        let first = try shell("git add -A && git commit -qm first", in: dir, environment: env)
        #expect(first.status != 0 && first.output.contains("files were modified by this hook"), "\(first.output)")
        let second = try shell("git add -A && git commit -qm first", in: dir, environment: env)
        #expect(second.status == 0, "\(second.output)")
        // A heading renamed: outline-links repairs the link to it (the commit stops, files modified);
        // the next commit passes.
        try "# Notes\n<!-- outline:notes -->\n\nSee [todo](#todo).\n\n## Todo\n<!-- outline:todo -->\n".write(to: dir.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        #expect(try shell("git add -A && git commit -qm link", in: dir, environment: env).status == 0)
        try "# Notes\n<!-- outline:notes -->\n\nSee [todo](#todo).\n\n## Things to do\n<!-- outline:todo -->\n".write(to: dir.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        let renamed = try shell("git add -A && git commit -qm rename", in: dir, environment: env)
        #expect(renamed.status != 0 && renamed.output.contains("files were modified by this hook"), "\(renamed.output)")
        #expect(try String(contentsOf: dir.appendingPathComponent("docs/notes.md"), encoding: .utf8).contains("See [todo](#things-to-do)."))
        #expect(try shell("git add -A && git commit -qm rename", in: dir, environment: env).status == 0)
        try "# Notes\n<!-- outline:notes -->\n".write(to: dir.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        let third = try shell("git add -A && git commit -qm drop", in: dir, environment: env)
        #expect(third.status != 0 && third.output.contains("anchor 'todo' no longer exists"), "\(third.output)")
    }

    /// The README's configuration, as printed but for `repo:`: the `-pypi` hooks, from a clone of this
    /// work tree tagged as the README's `rev:`, install the wheel `make dist` built (pip's only index
    /// holds it and the build backend pyproject.toml names) and run its outline, with no other
    /// outline on PATH.
    @Test(.enabled(if: PreCommit.available, "neither pre-commit nor pip is available: the pre-commit hooks cannot be exercised"))
    func pypiHooksInstallTheWheel() throws {
        let preCommit = try PreCommit.executable()
        let version = try Dist.version()
        let repo = "https://github.com/outline-md/outline"
        let readme = try String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let config = try #require(PreCommit.configuration(repo: repo, in: readme), "README has no configuration of \(repo)")
        #expect(config.contains("    rev: v\(version)\n"), "\(config)")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hooks = dir.appendingPathComponent("hooks"), index = dir.appendingPathComponent("index"), work = dir.appendingPathComponent("project")
        for d in [hooks, index, work] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let snapshot = try shell("git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t '\(hooks.path)'", in: Paths.root)
        #expect(snapshot.status == 0, "\(snapshot.output)")
        try shell("git init -q -b main . && git add -A && git commit -qm snapshot && git tag v\(version)", in: hooks)
        for wheel in try [Dist.wheel()] + FileManager.default.contentsOfDirectory(at: PreCommit.wheelhouse(), includingPropertiesForKeys: nil) {
            try FileManager.default.copyItem(at: wheel, to: index.appendingPathComponent(wheel.lastPathComponent))
        }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .filter { !FileManager.default.fileExists(atPath: "\($0)/outline") }.joined(separator: ":")
        let cache = dir.appendingPathComponent(".cache")
        let env = ["PRE_COMMIT_HOME": cache.path, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": index.path, "PIP_CONFIG_FILE": "/dev/null", "PATH": path]
        #expect(try shell("command -v outline", in: work, environment: env).status != 0, "an outline is on PATH")
        try config.replacingOccurrences(of: "- repo: \(repo)\n", with: "- repo: \(hooks.path)\n")
            .write(to: work.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)

        // Links broken before the hooks came do not stop a commit; what a commit breaks does.
        try FileManager.default.createDirectory(at: work.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# Readme\n\n[gone](nowhere.md)\n".write(to: work.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "# Old\n<!-- outline:old -->\n\n[broken before](#nope)\n".write(to: work.appendingPathComponent("docs/old.md"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A && git commit -qm before", in: work, environment: env)
        try "# Notes\n\n## Todo\n".write(to: work.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        let install = try shell("'\(preCommit)' install", in: work, environment: env)
        #expect(install.status == 0, "\(install.output)")
        let first = try shell("git add -A && git commit -qm first", in: work, environment: env)
        #expect(first.status != 0 && first.output.contains("files were modified by this hook"), "\(first.output)")
        #expect(try String(contentsOf: work.appendingPathComponent("docs/notes.md"), encoding: .utf8) == "# Notes\n<!-- outline:notes -->\n\n## Todo\n<!-- outline:todo -->\n")
        let second = try shell("git add -A && git commit -qm first", in: work, environment: env)
        #expect(second.status == 0, "\(second.output)")
        // The outline that ran is the wheel's, in pre-commit's environment for this repository.
        let installed = try shell("ls -d '\(cache.path)'/repo*/py_env-*/bin/outline", in: work).output.split(separator: "\n")
        #expect(installed.count == 1, "\(installed)")
        let reported = try runBinary(["--version"], executable: installed.first.map(String.init) ?? "/nonexistent")
        #expect(reported.text.hasPrefix("outline \(version) "), "\(reported.text)")
        let python = ((installed.first.map(String.init) ?? "") as NSString).deletingLastPathComponent + "/python"
        let distributions = try shell("'\(python)' -c 'import importlib.metadata as m; print(m.version(\"outline-md\"), m.version(\"outline-md-pre-commit\"))'", in: work)
        #expect(distributions.output == "\(version) \(version)\n", "\(distributions.output)")
        // A rename: outline-links-pypi repairs the link (the commit stops, files modified); a deleted
        // section: outline-check-pypi refuses the commit.
        try "# Notes\n<!-- outline:notes -->\n\nSee [todo](#todo).\n\n## Things to do\n<!-- outline:todo -->\n".write(to: work.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        #expect(try shell("git add -A && git commit -qm rename", in: work, environment: env).status != 0)
        #expect(try String(contentsOf: work.appendingPathComponent("docs/notes.md"), encoding: .utf8).contains("See [todo](#things-to-do)."))
        #expect(try shell("git add -A && git commit -qm rename", in: work, environment: env).status == 0)
        try "# Notes\n<!-- outline:notes -->\n".write(to: work.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        let dropped = try shell("git add -A && git commit -qm drop", in: work, environment: env)
        #expect(dropped.status != 0 && dropped.output.contains("anchor 'todo' no longer exists"), "\(dropped.output)")
        try shell("git checkout -q HEAD -- docs/notes.md", in: work)

        // outline-number-pypi, the README's commented-out line, numbers the headings.
        let numbered = config.replacingOccurrences(of: "- repo: \(repo)\n", with: "- repo: \(hooks.path)\n")
            .replacingOccurrences(of: "# - id: outline-number-pypi", with: "- id: outline-number-pypi")
        #expect(numbered.contains("  - id: outline-number-pypi    #"), "\(numbered)")
        try numbered.write(to: work.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        let number = try shell("git add -A && '\(preCommit)' run outline-number-pypi --all-files", in: work, environment: env)
        #expect(number.status == 1 && number.output.contains("files were modified by this hook"), "\(number.output)")
        #expect(try String(contentsOf: work.appendingPathComponent("docs/notes.md"), encoding: .utf8).contains("## 1 Things to do\n<!-- outline:todo number=1 -->"))
    }
}
