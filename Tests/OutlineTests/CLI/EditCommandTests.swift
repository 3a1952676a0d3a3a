import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// `outline edit` (format.md §13) with scripted editors: what reaches FILE, and that the temporary skeleton
/// never outlives outline.
@Suite("edit", .serialized)
struct EditCommandTests {
    static let document = "# Guide\n\nIntro.\n\n## Install\n\nSteps.\n\n### Linux\n\napt-get install.\n\n## Usage\n\nRun it.\n"

    /// A directory with `a.md`, an empty `tmp/` for TMPDIR, and the environment to run outline with.
    func setUp() throws -> (dir: URL, env: [String: String]) {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try Self.document.write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = dir.appendingPathComponent("tmp").path
        env["VISUAL"] = nil
        return (dir, env)
    }

    func contents(_ dir: URL, _ name: String = "a.md") throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    func temporaryFiles(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("tmp").path)
    }

    @Test("a skeleton edit (rename, delete a section with its hidden subsection) is unfolded into FILE; the editor's words are split as git does")
    func edits() throws {
        var (dir, env) = try setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        env["EDITOR"] = "sed -i -e s/Usage/Running/ -e /^##.Install/,/outline-fold:install/d"
        let result = try runBinary(["edit", "a.md"], directory: dir, environment: env)
        #expect(result.status == 0 && result.stderr == "outline: 1 file changed\n", "\(result.stderr)")
        #expect(try contents(dir) == "# Guide\n\nIntro.\n\n## Running\n\nRun it.\n")
        #expect(try temporaryFiles(dir).isEmpty)
        // VISUAL wins over EDITOR; --depth 1 hides the level-2 headings.
        env["VISUAL"] = "sed -i s/Guide/Handbook/"
        env["EDITOR"] = "false"
        #expect(try runBinary(["edit", "--depth", "1", "a.md"], directory: dir, environment: env).status == 0)
        #expect(try contents(dir).hasPrefix("# Handbook\n\nIntro.\n\n## Running\n"))
    }

    @Test("an editor that fails, or is interrupted with Ctrl-C, leaves FILE untouched: exit 2, no temporary file")
    func failures() throws {
        var (dir, env) = try setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        env["EDITOR"] = "sed -i s/Usage/Running/ \"$1\"; exit 3; :"
        let failed = try runBinary(["edit", "a.md"], directory: dir, environment: env)
        #expect(failed.status == 2 && failed.stderr.contains("exited with status 3; nothing changed"), "\(failed.stderr)")
        #expect(try contents(dir) == Self.document && (try temporaryFiles(dir)).isEmpty)
        // Ctrl-C reaches the whole foreground process group: outline and the editor (setsid makes the
        // group theirs alone).
        env["EDITOR"] = "kill -INT 0; sleep 1; :"
        let interrupted = try runBinary(["--wait", Paths.binary, "edit", "a.md"], directory: dir, environment: env, executable: "/usr/bin/setsid")
        #expect(interrupted.status == 2, "\(interrupted.stderr)")
        #expect(try contents(dir) == Self.document && (try temporaryFiles(dir)).isEmpty)
        // SIGTERM to outline itself while the editor runs: the temporary file goes with it.
        env["EDITOR"] = "kill -TERM 0; sleep 1; :"
        _ = try runBinary(["--wait", Paths.binary, "edit", "a.md"], directory: dir, environment: env, executable: "/usr/bin/setsid")
        #expect(try contents(dir) == Self.document && (try temporaryFiles(dir)).isEmpty)
    }

    @Test("an unchanged skeleton leaves FILE untouched (its mtime too); errors for no FILE, two FILEs, standard input, a folded view")
    func unchangedAndUsage() throws {
        var (dir, env) = try setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: dir.appendingPathComponent("a.md").path)
        env["EDITOR"] = "true"
        let same = try runBinary(["edit", "a.md"], directory: dir, environment: env)
        #expect(same.status == 0 && same.stderr.isEmpty)
        let mtime = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("a.md").path)[.modificationDate] as? Date
        #expect(try mtime == past && temporaryFiles(dir).isEmpty)
        for arguments in [["edit"], ["edit", "a.md", "b.md"], ["edit", "-"]] {
            #expect(try runBinary(arguments, directory: dir, environment: env).status == 2, "\(arguments)")
        }
        let view = try runBinary(["fold", "--depth", "1", "a.md"], directory: dir).stdout
        try Data(view).write(to: dir.appendingPathComponent("view.md"))
        #expect(try runBinary(["edit", "view.md"], directory: dir, environment: env).stderr.contains("is a folded view already"))
    }
}
