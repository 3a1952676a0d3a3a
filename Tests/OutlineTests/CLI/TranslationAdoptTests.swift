import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// `outline translation adopt` through the real binary (format.md §17): a translation written
/// before outline, without anchors, aligned to its pinned source.
@Suite("translation adopt", .serialized)
struct TranslationAdoptTests {
    static let english = """
    # Guide
    <!-- outline:guide -->

    Intro.

    ## Install
    <!-- outline:install -->

    Run `make install`.

    ## Usage
    <!-- outline:usage -->

    ```sh
    outline use --all
    ```

    ## Old
    <!-- outline:old -->

    See [the FAQ](faq.md).

    """

    /// The French translation as a translator wrote it: no anchors, its own headings, a note of its own.
    static let french = """
    # Guide (fr)

    Intro (fr).

    ## Installation

    Lancez `make install`.

    ## Utilisation

    ```sh
    outline use --all
    ```

    ## Note du traducteur

    Merci.

    """

    static func repository(commitTranslation: Bool = true) throws -> URL {
        let dir = try temporaryDirectory()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("docs/en"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("docs/fr"), withIntermediateDirectories: true)
        try english.write(to: dir.appendingPathComponent("docs/en/guide.md"), atomically: true, encoding: .utf8)
        try "[translation]\nsource = \"docs/en\"\ntargets = [\"docs/fr\"]\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        if commitTranslation { try french.write(to: dir.appendingPathComponent("docs/fr/guide.md"), atomically: true, encoding: .utf8) }
        try shell("git init -q -b main . && git add -A && git -c user.name=t -c user.email=t@t commit -q -m base", in: dir)
        if !commitTranslation { try french.write(to: dir.appendingPathComponent("docs/fr/guide.md"), atomically: true, encoding: .utf8) }
        return dir
    }

    func status(_ dir: URL) throws -> [String: String] { try TranslationTests().status(dir) }

    /// The source changed after the translation's last commit: adopt records the source as it was
    /// then, so the changed section is stale, not silently fresh.
    @Test func sourceIsRecordedAsOfTheTranslationsLastCommit() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("docs/en/guide.md")
        try Self.english.replacingAll("Run `make install`.", with: "Run `make install` as root.").write(to: url, atomically: true, encoding: .utf8)
        try shell("git -c user.name=t -c user.email=t@t commit -q -am 'install as root'", in: dir)

        let result = try runBinary(["translation", "adopt", "-w", "docs/fr/guide.md"], directory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("adopt: 3 sections aligned, 1 unaligned, in 1 translated file"), "\(result.stderr)")
        #expect(result.stderr.contains("'Note du traducteur' could not be aligned"), "\(result.stderr)")
        let written = try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8)
        // Only anchor lines were added: every line of the translator's text is where it was.
        #expect(written.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("<!-- outline:") }
                == Self.french.split(separator: "\n", omittingEmptySubsequences: false))
        #expect(written.contains("## Installation\n<!-- outline:install source="))
        #expect(!written.contains("Note du traducteur\n<!--"))
        #expect(try status(dir) == ["guide": "fresh", "install": "stale", "usage": "fresh", "old": "missing",
                                    "Note du traducteur": "unaligned"])
    }

    @Test func assumeFreshRecordsTheSourceAsItIsNow() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("docs/en/guide.md")
        try Self.english.replacingAll("Run `make install`.", with: "Run `make install` as root.").write(to: url, atomically: true, encoding: .utf8)
        try shell("git -c user.name=t -c user.email=t@t commit -q -am 'install as root'", in: dir)
        let result = try runBinary(["translation", "adopt", "--assume-fresh", "-w", "docs/fr/guide.md"], directory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try status(dir)["install"] == "fresh")
    }

    /// A translation never committed has no "then": its IDs are written, source= is not, and the
    /// warning names --assume-fresh.
    @Test func anUncommittedTranslationStaysUntracked() throws {
        let dir = try Self.repository(commitTranslation: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runBinary(["translation", "adopt", "-w", "docs/fr/guide.md"], directory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("source= not recorded") && result.stderr.contains("--assume-fresh"), "\(result.stderr)")
        let written = try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8)
        #expect(written.contains("## Installation\n<!-- outline:install -->\n"), "\(written)")
        #expect(try status(dir)["install"] == "untracked")
    }

    /// --check reports what would change (exit 1) and writes nothing; --diff shows the anchors.
    @Test func checkAndDiffWriteNothing() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try runBinary(["translation", "adopt", "--check", "docs/fr"], directory: dir)
        #expect(check.status == 1, "\(check.stderr)")
        let diff = try runBinary(["translation", "adopt", "--diff", "docs/fr/guide.md"], directory: dir)
        #expect(diff.text.contains("+<!-- outline:usage source="), "\(diff.text)")
        #expect(try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8) == Self.french)
        // Adopting twice changes nothing the second time.
        #expect(try runBinary(["translation", "adopt", "-w", "docs/fr"], directory: dir).status == 0)
        let again = try runBinary(["translation", "adopt", "--check", "docs/fr"], directory: dir)
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// Several translated files need a mode that says where each result goes.
    @Test func severalFilesNeedWrite() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.english.write(to: dir.appendingPathComponent("docs/en/other.md"), atomically: true, encoding: .utf8)
        try Self.french.write(to: dir.appendingPathComponent("docs/fr/other.md"), atomically: true, encoding: .utf8)
        try shell("git add -A && git -c user.name=t -c user.email=t@t commit -q -m other", in: dir)
        let result = try runBinary(["translation", "adopt", "docs/fr"], directory: dir)
        #expect(result.status == 2 && result.stderr.contains("--write"), "\(result.stderr)")
        // Operands naming no translated file are a mistake, not an empty success.
        for operands in [["docs/en"], ["docs/fr/none.md"], ["docs/nope"]] {
            let nothing = try runBinary(["translation", "adopt"] + operands, directory: dir)
            #expect(nothing.status == 2 && nothing.stderr.contains("no translated file to adopt"), "\(operands): \(nothing.stderr)")
        }
        let written = try runBinary(["translation", "adopt", "-w", "-q", "docs/fr"], directory: dir)
        #expect(written.status == 0 && !written.stderr.contains("adopt:"), "\(written.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("docs/fr/other.md"), encoding: .utf8).contains("<!-- outline:install source="))
    }

    /// A stamped translation whose anchors were stripped comes back to the same status: adopt
    /// undoes `id --strip` for every section it can align.
    @Test func strippedTranslationComesBack() throws {
        let dir = try TranslationTests.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8)
        #expect(try runBinary(["id", "--strip", "-w", "docs/fr/guide.md"], directory: dir).status == 0)
        try shell("git -c user.name=t -c user.email=t@t commit -q -am stripped", in: dir)
        let result = try runBinary(["translation", "adopt", "-w", "docs/fr/guide.md"], directory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let after = try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8)
        for id in ["guide", "install", "usage"] {
            let line = before.split(separator: "\n").first { $0.hasPrefix("<!-- outline:\(id) ") }
            #expect(line.map { after.contains($0) } == true, "\(id): \(after)")
        }
    }
}
