import Foundation
import Testing
import OutlineTestHelpers

/// `translation stamp` and `diff` as a team uses them (format.md §17): several files at once, units
/// named with `--id` (page units as `@preamble`, `@title`), the old `stamp FILE ID...` still working,
/// and `--source` naming the source's directory or a single source file.
@Suite("translation stamp", .serialized)
struct TranslationStampTests {
    func repository() throws -> URL {
        let dir = try TranslationTests.repository()
        for name in ["a", "b"] {
            try "---\ntitle: Page \(name)\n---\n\nIntro \(name).\n\n## Install\n<!-- outline:install -->\n\nRun `make`.\n"
                .write(to: dir.appendingPathComponent("docs/en/\(name).md"), atomically: true, encoding: .utf8)
            try "---\ntitle: Page \(name) (fr)\n---\n\nIntro \(name) (fr).\n\n## Installation\n<!-- outline:install -->\n\nLancez `make`.\n"
                .write(to: dir.appendingPathComponent("docs/fr/\(name).md"), atomically: true, encoding: .utf8)
        }
        try shell("git add -A && git -c user.name=t -c user.email=t@t commit -q -m pages", in: dir)
        return dir
    }

    func status(_ dir: URL, _ extra: [String] = []) throws -> [String: String] {
        let result = try runBinary(["translation", "status", "--format", "json"] + extra, directory: dir)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], "\(result.stderr)")
        var out: [String: String] = [:]
        for file in json["files"] as! [[String: Any]] {
            let name = ((file["path"] as! String) as NSString).lastPathComponent
            for unit in (file["sections"] as! [[String: Any]]) + (file["page"] as! [[String: Any]]) {
                out[name + "#" + ((unit["name"] ?? unit["id"]) as! String)] = unit["status"] as? String
            }
        }
        return out
    }

    @Test func severalFilesAndUnitsByID() throws {
        let dir = try repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Nothing recorded yet: every unit of a and b is untracked.
        #expect(try status(dir)["a.md#@title"] == "untracked" && status(dir)["b.md#install"] == "untracked")
        // Several files at once (once: "has no section 'docs/fr/b.md'").
        let both = try runBinary(["translation", "stamp", "-w", "--all", "docs/fr/a.md", "docs/fr/b.md"], directory: dir)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stderr.contains("outline: 2 files changed"), "\(both.stderr)")
        var now = try status(dir)
        #expect(["a.md#@title", "a.md#@preamble", "a.md#install", "b.md#@title", "b.md#@preamble", "b.md#install"].allSatisfy { now[$0] == "fresh" }, "\(now)")
        let written = try String(contentsOf: dir.appendingPathComponent("docs/fr/a.md"), encoding: .utf8)
        #expect(written.hasPrefix("---\ntitle: Page a (fr)\n---\n\nIntro a (fr).\n\n## Installation\n<!-- outline:install source="), "\(written)")
        #expect(written.range(of: "Lancez `make`.\n\n<!-- outline-page:title=[0-9a-f]{8} preamble=[0-9a-f]{8} -->\n$", options: .regularExpression) != nil, "\(written)")
        try shell("git -c user.name=t -c user.email=t@t commit -q -am stamped", in: dir)
        // The source's title and preamble change: page units named with --id, in both files.
        for name in ["a", "b"] {
            let url = dir.appendingPathComponent("docs/en/\(name).md")
            try (try String(contentsOf: url, encoding: .utf8)).replacingAll("title: Page", with: "title: The page").replacingAll("Intro", with: "An intro")
                .write(to: url, atomically: true, encoding: .utf8)
        }
        now = try status(dir)
        #expect(now["a.md#@title"] == "stale" && now["a.md#@preamble"] == "stale" && now["b.md#@title"] == "stale")
        let diff = try runBinary(["translation", "diff", "docs/fr/a.md", "@preamble"], directory: dir)
        #expect(diff.status == 1 && diff.text.contains("-Intro a.\n+An intro a.\n"), "\(diff.text)")
        let titles = try runBinary(["translation", "stamp", "-w", "--id", "@title", "docs/fr/a.md", "docs/fr/b.md"], directory: dir)
        #expect(titles.status == 0, "\(titles.stderr)")
        now = try status(dir)
        #expect(now["a.md#@title"] == "fresh" && now["b.md#@title"] == "fresh" && now["a.md#@preamble"] == "stale")
        // The old form still works, with a warning naming the new one.
        let old = try runBinary(["translation", "stamp", "-w", "docs/fr/a.md", "@preamble"], directory: dir)
        #expect(old.status == 0 && old.stderr.contains("'translation stamp FILE ID...' is deprecated: name the sections with --id"), "\(old.stderr)")
        #expect(try status(dir)["a.md#@preamble"] == "fresh")
        // A unit the file does not have, or a file and a missing path, are errors.
        #expect(try runBinary(["translation", "stamp", "--id", "@weight", "docs/fr/b.md"], directory: dir).status == 2)
        #expect(try runBinary(["translation", "stamp", "docs/fr/b.md", "docs/fr/nope.md", "docs/fr/a.md"], directory: dir).status == 2)
        #expect(try runBinary(["translation", "stamp", "docs/fr/a.md", "docs/fr/b.md"], directory: dir).status == 2)   // two files need -w
    }

    /// `--source` names the source's directory, or a single source file whose translation may have
    /// any name; `diff` and `stamp` take it like `status` and `adopt`.
    @Test func sourceNamesADirectoryOrAFile() throws {
        let dir = try repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.moveItem(at: dir.appendingPathComponent("docs/fr/a.md"), to: dir.appendingPathComponent("docs/fr/a-fr.md"))
        let pair = ["--no-config", "--source", "docs/en/a.md", "docs/fr/a-fr.md"]
        let stamped = try runBinary(["translation", "stamp", "-w", "--all"] + pair, directory: dir)
        #expect(stamped.status == 0, "\(stamped.stderr)")
        let fresh = try runBinary(["translation", "status"] + pair, directory: dir)
        #expect(fresh.status == 0 && fresh.text.contains("docs/fr/a-fr.md: 1 section: 1 fresh; page: 2 fresh"), "\(fresh.text)\(fresh.stderr)")
        try "---\ntitle: Page a\n---\n\nIntro a.\n\n## Install\n<!-- outline:install -->\n\nRun `make` twice.\n".write(to: dir.appendingPathComponent("docs/en/a.md"), atomically: true, encoding: .utf8)
        let diff = try runBinary(["translation", "diff"] + pair, directory: dir)
        #expect(diff.status == 1 && diff.text.contains("docs/fr/a-fr.md:7: 'install' is stale"), "\(diff.text)\(diff.stderr)")
        // A file of a language's directory: its tree is found under the source directory given.
        let inTree = try runBinary(["translation", "status", "--no-config", "--source", "docs/en", "docs/fr/b.md"], directory: dir)
        #expect(inTree.status == 1 && inTree.text.contains("docs/fr/b.md: 1 section: 1 untracked; page: 2 untracked"), "\(inTree.text)\(inTree.stderr)")
        #expect(try runBinary(["translation", "stamp", "--source", "docs/en", "docs/fr/a-fr.md"], directory: dir).status == 2)
    }
}
