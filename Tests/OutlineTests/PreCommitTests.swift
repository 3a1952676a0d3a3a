import Foundation
import Testing

/// The pre-commit framework, for real: this repository's `.pre-commit-hooks.yaml` in a throwaway git
/// repository. pre-commit comes from PATH, or is installed from PyPI into `.build/test-tools/venv`.
enum PreCommit {
    static let venv = Paths.root.appendingPathComponent(".build/test-tools/venv")

    static var available: Bool {
        (try? shell("command -v pre-commit || python3 -m pip --version", in: Paths.root).status) == 0
    }

    /// Suites run in parallel: the venv is made (and filled) by one of them at a time.
    private static let lock = NSLock()

    /// The test venv with pre-commit, jsonschema and mdformat in it, made on first use.
    static func prepareVenv() throws {
        lock.lock()
        defer { lock.unlock() }
        let ready = venv.appendingPathComponent("bin/pre-commit").path
        let python = venv.appendingPathComponent("bin/python").path
        if FileManager.default.fileExists(atPath: ready),
           (try? shell("'\(python)' -c 'import jsonschema, mdformat'", in: Paths.root).status) == 0 {
            return
        }
        let setup = try shell("python3 -m venv '\(venv.path)' && '\(venv.path)/bin/pip' install -q pre-commit jsonschema mdformat", in: Paths.root)
        guard setup.status == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: ["output": setup.output]) }
    }

    /// The pre-commit executable: from PATH, or the test venv's.
    static func executable() throws -> String {
        if let found = try? shell("command -v pre-commit", in: Paths.root), found.status == 0 {
            return found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try prepareVenv()
        return venv.appendingPathComponent("bin/pre-commit").path
    }
}

@Suite("pre-commit framework", .serialized)
struct PreCommitTests {
    @Test(.enabled(if: PreCommit.available, "neither pre-commit nor pip is available: the pre-commit hooks cannot be exercised"))
    func hooksFixThenPass() throws {
        let preCommit = try PreCommit.executable()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // This repository's hook definitions, used verbatim as a local repo's hooks.
        let hooks = try String(contentsOf: Paths.root.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let wanted = hooks.components(separatedBy: "\n- id: ").dropFirst()
            .filter { $0.hasPrefix("outline-id\n") || $0.hasPrefix("outline-check\n") }
        #expect(wanted.count == 2)
        let body = wanted.map { "- id: " + $0 }.joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        try "repos:\n  - repo: local\n    hooks:\n\(body)\n".write(to: dir.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        try "# Notes\n\n## Todo\n\nText.\n".write(to: dir.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        try "not markdown\n".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let env = ["PRE_COMMIT_HOME": dir.appendingPathComponent(".cache").path]
        try shell("git init -q -b main . && git add -A", in: dir)

        let first = try shell("'\(preCommit)' run --all-files", in: dir, environment: env)
        #expect(first.status == 1, "\(first.output)")
        #expect(first.output.contains("files were modified by this hook"), "\(first.output)")
        let notes = try String(contentsOf: dir.appendingPathComponent("notes.md"), encoding: .utf8)
        #expect(notes == "# Notes\n<!-- outline:notes -->\n\n## Todo\n<!-- outline:todo -->\n\nText.\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("notes.txt"), encoding: .utf8) == "not markdown\n")

        let second = try shell("git add -A && '\(preCommit)' run --all-files", in: dir, environment: env)
        #expect(second.status == 0, "\(second.output)")
    }
}
