import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// `outline translation` through the real binary, in git repositories (format.md §17).
@Suite("translation", .serialized)
struct TranslationTests {
    static let english = """
    # Guide
    <!-- outline:guide -->

    Intro.

    ## Install
    <!-- outline:install -->

    Run `make install`.

    ## Usage
    <!-- outline:usage -->

    Use it.

    ```sh
    outline use
    ```

    ## Old
    <!-- outline:old -->

    Gone soon.

    """

    static let french = """
    # Guide (fr)
    <!-- outline:guide -->

    Intro (fr).

    ## Installation
    <!-- outline:install -->

    Lancez `make install`.

    ## Utilisation
    <!-- outline:usage -->

    Utilisez-le.

    ```sh
    outline use
    ```

    ## Note du traducteur
    <!-- outline:note source=none -->

    Merci.

    """

    /// A repository with `docs/en/guide.md` and its French translation in `docs/fr/`, every section
    /// stamped, committed.
    static func repository(_ extra: String = "") throws -> URL {
        let dir = try temporaryDirectory()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("docs/en"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("docs/fr"), withIntermediateDirectories: true)
        try english.write(to: dir.appendingPathComponent("docs/en/guide.md"), atomically: true, encoding: .utf8)
        try french.write(to: dir.appendingPathComponent("docs/fr/guide.md"), atomically: true, encoding: .utf8)
        try "[translation]\nsource = \"docs/en\"\ntargets = [\"docs/fr\"]\n\(extra)".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A && git -c user.name=t -c user.email=t@t commit -q -m base", in: dir)
        let stamped = try runBinary(["translation", "stamp", "--all", "-w", "docs/fr/guide.md"], directory: dir)
        #expect(stamped.status == 0, "\(stamped.stderr)")
        try shell("git -c user.name=t -c user.email=t@t commit -q -am stamped", in: dir)
        return dir
    }

    func edit(_ dir: URL, _ path: String, _ change: (String) -> String) throws {
        let url = dir.appendingPathComponent(path)
        try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    func commit(_ dir: URL, _ message: String) throws {
        try shell("git add -A && git -c user.name=t -c user.email=t@t commit -q -m '\(message)'", in: dir)
    }

    func status(_ dir: URL, _ extra: [String] = []) throws -> [String: String] {
        let result = try runBinary(["translation", "status", "--format", "json"] + extra, directory: dir)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as! [String: Any]
        var out: [String: String] = [:]
        for file in json["files"] as! [[String: Any]] {
            for section in file["sections"] as! [[String: Any]] {
                out[(section["id"] as? String) ?? (section["title"] as! String)] = section["status"] as? String
            }
        }
        return out
    }

    @Test func everySectionIsClassified() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try status(dir) == ["guide": "fresh", "install": "fresh", "usage": "fresh", "old": "missing", "note": "local"])
        // The source changes one section, drops one and gains one; the translation gains an
        // unanchored section and one without source=.
        try edit(dir, "docs/en/guide.md") {
            $0.replacingAll("Run `make install`.", with: "Run `make install` as root.")
                .replacingAll("## Old\n<!-- outline:old -->\n\nGone soon.\n", with: "## New\n<!-- outline:new -->\n\nNew.\n")
        }
        try edit(dir, "docs/fr/guide.md") { $0 + "\n## Sans ancre\n\nTexte.\n\n## Vieux\n<!-- outline:old -->\n\nBientôt parti.\n" }
        let now = try status(dir)
        #expect(now == ["guide": "fresh", "install": "stale", "usage": "fresh", "new": "missing", "note": "local",
                        "Sans ancre": "unaligned", "old": "orphaned"])
        let text = try runBinary(["translation", "status"], directory: dir)
        #expect(text.status == 1)
        #expect(text.text.contains("docs/fr/guide.md:6: stale 'install': translated from "), "\(text.text)")
        #expect(text.text.contains("2 lines changed since"))
        #expect(text.text.hasSuffix("total: 1 file, 7 sections: 2 fresh, 1 stale, 1 missing, 1 orphaned, 1 unaligned, 1 local\n"
                                    + "fr: 1 of 1 page translated; sections: 2 fresh, 1 stale, 1 missing, 1 orphaned, 1 unaligned, 1 local; page units: none; 4 lines of source to review\n"), "\(text.text)")
        // --fail-on decides the exit status.
        #expect(try runBinary(["translation", "status", "--fail-on", "none"], directory: dir).status == 0)
        #expect(try runBinary(["translation", "status", "--fail-on", "untracked"], directory: dir).status == 0)
        #expect(try runBinary(["translation", "status", "--fail-on", "stale"], directory: dir).status == 1)
        #expect(try runBinary(["translation", "status", "--fail-on", "stal"], directory: dir).status == 2)
        // The summary counts every status, and the markdown table carries the same.
        let json = try runBinary(["translation", "status", "--format", "json"], directory: dir)
        let summary = (try JSONSerialization.jsonObject(with: Data(json.stdout)) as! [String: Any])["summary"] as! [String: Int]
        #expect(summary == ["fresh": 2, "stale": 1, "missing": 1, "orphaned": 1, "untracked": 0, "unaligned": 1, "local": 1])
        let table = try runBinary(["translation", "status", "--format", "markdown"], directory: dir)
        #expect(table.text.contains("| `docs/fr/guide.md` | 2 | 1 | 1 | 1 | 0 | 1 | 1 |"), "\(table.text)")
        #expect(table.text.contains("### `fr`\n\n**1 of 1** page translated (0 untranslated, 0 source lines). **4** lines of source to review.\n"), "\(table.text)")
        #expect(table.text.contains("| sections | 2 | 1 | 1 | 1 | 0 | 1 | 1 |\n| page units | 0 | 0 | 0 | 0 | 0 | 0 | 0 |\n"), "\(table.text)")
        let github = try runBinary(["translation", "status", "--format", "github"], directory: dir)
        #expect(github.text.contains("::error file=docs/fr/guide.md,line=6,title=outline translation::stale 'install'"), "\(github.text)")
        #expect(github.text.contains("::warning file=docs/fr/guide.md,line=20,title=outline translation::local 'note'"))
    }

    /// Whitespace, renumbering, pinning and line endings in the source are no change.
    @Test func reformattingTheSourceIsNotStale() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try runBinary(["number", "-w", "docs/en/guide.md"], directory: dir).status == 0)
        try edit(dir, "docs/en/guide.md") { $0.replacingAll("Use it.", with: "Use it.   \n\n").replacingAll("\n", with: "\r\n") }
        #expect(try status(dir)["install"] == "fresh")
        #expect(try status(dir)["usage"] == "fresh")
        #expect(try runBinary(["translation", "status", "--fail-on", "stale"], directory: dir).status == 0)
    }

    @Test func diffShowsTheSourceChangeSinceTheTranslation() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try runBinary(["translation", "diff", "docs/fr/guide.md"], directory: dir).status == 0)
        try edit(dir, "docs/en/guide.md") { $0.replacingAll("Run `make install`.", with: "Run `make install` as root.") }
        try commit(dir, "one")
        try edit(dir, "docs/en/guide.md") { $0.replacingAll("Use it.", with: "Use it.\nThen stop.") }
        try commit(dir, "two")
        let diff = try runBinary(["translation", "diff", "docs/fr/guide.md"], directory: dir)
        #expect(diff.status == 1)
        let lines = diff.text.components(separatedBy: "\n")
        #expect(lines.contains("-Run `make install`.") && lines.contains("+Run `make install` as root."), "\(diff.text)")
        #expect(lines.contains("+Then stop."))
        #expect(lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count == 1)
        // Only the sections asked for.
        let one = try runBinary(["translation", "diff", "docs/fr/guide.md", "usage"], directory: dir)
        #expect(one.text.contains("+Then stop.") && !one.text.contains("as root"))
        // History too short to tell: said, and the source section shown.
        let short = try runBinary(["translation", "diff", "--history", "1", "docs/fr/guide.md", "install"], directory: dir)
        #expect(short.text.contains("older than the last 1 commits"), "\(short.text)")
        #expect(short.text.contains("    Run `make install` as root."))
        #expect(try runBinary(["translation", "diff", "docs/fr/guide.md", "nope"], directory: dir).status == 2)
    }

    @Test func stampRecordsWhatTheTranslatorUpdated() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        try edit(dir, "docs/en/guide.md") { $0.replacingAll("Run `make install`.", with: "Run `make install` as root.").replacingAll("Use it.", with: "Use it well.") }
        try commit(dir, "source")
        // The translator updates `install` only: a plain stamp stamps it, and says `usage` is left.
        try edit(dir, "docs/fr/guide.md") { $0.replacingAll("Lancez `make install`.", with: "Lancez `make install` en root.") }
        let stamp = try runBinary(["translation", "stamp", "-w", "docs/fr/guide.md"], directory: dir)
        #expect(stamp.status == 0)
        #expect(stamp.stderr.contains("'usage' is stale and its translation did not change since HEAD: not stamped"), "\(stamp.stderr)")
        #expect(try status(dir)["install"] == "fresh")
        #expect(try status(dir)["usage"] == "stale")
        // Named, it is stamped whatever changed; --check says a file would change.
        #expect(try runBinary(["translation", "stamp", "--check", "docs/fr/guide.md", "usage"], directory: dir).status == 1)
        #expect(try runBinary(["translation", "stamp", "-w", "docs/fr/guide.md", "usage"], directory: dir).status == 0)
        #expect(try status(dir)["usage"] == "fresh")
        #expect(try runBinary(["translation", "stamp", "--check", "docs/fr/guide.md"], directory: dir).status == 0)
        // A section only the translation has cannot be stamped.
        #expect(try runBinary(["translation", "stamp", "docs/fr/guide.md", "note"], directory: dir).status == 2)
    }

    /// The lockstep bump: `source=` changed, the translated text did not.
    @Test func checkSinceFindsStampsWithoutTranslation() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        try edit(dir, "docs/en/guide.md") { $0.replacingAll("Run `make install`.", with: "Run `make install` as root.") }
        try commit(dir, "source")
        #expect(try runBinary(["translation", "stamp", "-w", "--all", "docs/fr/guide.md"], directory: dir).status == 0)
        let check = try runBinary(["check", "--since", "HEAD", "docs"], directory: dir)
        #expect(check.status == 1)
        #expect(check.text.contains("docs/fr/guide.md:7: 'install': source= changed since HEAD"), "\(check.text)")
        let json = try runBinary(["check", "--since", "HEAD", "--format", "json", "docs"], directory: dir)
        #expect(json.text.contains("\"kind\": \"stamped-unchanged\""), "\(json.text)")
        #expect(try runBinary(["check", "--since", "HEAD", "--allow-stamp", "inst*", "docs"], directory: dir).status == 0)
        // Translating the section too makes the stamp honest.
        try edit(dir, "docs/fr/guide.md") { $0.replacingAll("Lancez `make install`.", with: "Lancez `make install` en root.") }
        #expect(try runBinary(["check", "--since", "HEAD", "docs"], directory: dir).status == 0)
        // The configuration's allow-stamp.
        let configured = try Self.repository("allow-stamp = [\"install\"]\n")
        defer { try? FileManager.default.removeItem(at: configured) }
        try edit(configured, "docs/en/guide.md") { $0.replacingAll("Run `make install`.", with: "Run it.") }
        try commit(configured, "source")
        #expect(try runBinary(["translation", "stamp", "-w", "--all", "docs/fr/guide.md"], directory: configured).status == 0)
        #expect(try runBinary(["check", "--since", "HEAD", "docs"], directory: configured).status == 0)
    }

    /// In a translation, `id` pins nothing and names `translation adopt`; in the source it pins.
    @Test func idInATranslationMakesNoIDs() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        try edit(dir, "docs/fr/guide.md") { $0 + "\n## Nouveau\n\nTexte.\n" }
        let before = try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8)
        let id = try runBinary(["id", "-w", "docs/fr/guide.md"], directory: dir)
        #expect(id.status == 0)
        #expect(id.stderr.contains("\"Nouveau\" has no anchor") && id.stderr.contains("outline translation adopt"), "\(id.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8) == before)
        try edit(dir, "docs/en/guide.md") { $0 + "\n## Added\n\nText.\n" }
        #expect(try runBinary(["id", "-w", "docs/en/guide.md"], directory: dir).status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("docs/en/guide.md"), encoding: .utf8).contains("<!-- outline:added -->"))
    }

    /// A section moved in the source and in its translation alike: each language's move is found in
    /// its own tree, never ambiguous between languages.
    @Test func movesAreMatchedWithinOneLanguage() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        func move(_ path: String, _ moved: String, _ heading: String, to other: String) throws {
            try edit(dir, path) { $0.replacingAll(moved, with: "") }
            try (heading + "\n" + moved).write(to: dir.appendingPathComponent(other), atomically: true, encoding: .utf8)
        }
        try move("docs/en/guide.md", "## Usage\n<!-- outline:usage -->\n\nUse it.\n\n```sh\noutline use\n```\n\n", "# Use\n<!-- outline:use -->\n", to: "docs/en/use.md")
        let frenchUsage = try String(contentsOf: dir.appendingPathComponent("docs/fr/guide.md"), encoding: .utf8)
            .components(separatedBy: "## Utilisation")[1].components(separatedBy: "## Note")[0]
        try move("docs/fr/guide.md", "## Utilisation" + frenchUsage, "# Emploi\n<!-- outline:use -->\n", to: "docs/fr/use.md")
        try edit(dir, "docs/fr/guide.md") { $0 + "\nVoir [l'usage](guide.md#utilisation).\n" }
        let check = try runBinary(["check", "--since", "HEAD", "--no-links", "docs"], directory: dir)
        #expect(!check.text.contains("which one is it"), "\(check.text)")
        #expect(!check.text.contains("no longer exists"), "\(check.text)")
        // links --since follows the French section into the French file.
        let links = try runBinary(["links", "--since", "HEAD", "--diff", "docs/fr/guide.md", "docs/fr/use.md", "docs/en"], directory: dir)
        #expect(links.text.contains("+Voir [l'usage](use.md#utilisation)."), "\(links.text)\(links.stderr)")
    }

    /// A link into another language's file is checked against that file's own targets, and repaired
    /// to the section that carries the ID, at its translated slug.
    @Test func linksAcrossLanguagesFollowTheID() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        try edit(dir, "docs/en/guide.md") { $0 + "\nIn French: [install](../fr/guide.md#install), [ok](../fr/guide.md#installation).\n" }
        let check = try runBinary(["check", "docs/en/guide.md"], directory: dir)
        #expect(check.status == 1)
        #expect(check.text.contains("broken link '../fr/guide.md#install': section 'install' is now '../fr/guide.md#installation'"), "\(check.text)")
        #expect(!check.text.contains("#installation'\n") || check.text.components(separatedBy: "\n").filter { $0.contains("broken") }.count == 1)
        let links = try runBinary(["links", "--diff", "docs/en/guide.md"], directory: dir)
        #expect(links.text.contains("+In French: [install](../fr/guide.md#installation), [ok](../fr/guide.md#installation)."), "\(links.text)")
    }

    @Test func suffixLayoutsPairBySuffix() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let docs = dir.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Self.english.write(to: docs.appendingPathComponent("guide.md"), atomically: true, encoding: .utf8)
        try Self.french.write(to: docs.appendingPathComponent("guide.fr.md"), atomically: true, encoding: .utf8)
        try Self.english.write(to: docs.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        try "[translation]\nsource = \"docs\"\nlayout = \"suffix\"\nlanguages = [\"fr\", \"de\"]\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let result = try runBinary(["translation", "status", "--format", "json"], directory: dir)
        let files = (try JSONSerialization.jsonObject(with: Data(result.stdout)) as! [String: Any])["files"] as! [[String: Any]]
        #expect(files.map { $0["path"] as! String }.sorted() == ["docs/guide.de.md", "docs/guide.fr.md", "docs/other.de.md", "docs/other.fr.md"], "\(result.text)")
        let fr = files.first { $0["path"] as! String == "docs/guide.fr.md" }!
        #expect(fr["source"] as? String == "docs/guide.md")
        #expect((fr["sections"] as! [[String: Any]]).contains { $0["id"] as? String == "install" && $0["status"] as? String == "untracked" })
    }

    /// mkdocs-static-i18n's layouts, read from mkdocs.yml (1.x `languages` list, 0.x mapping).
    @Test func mkdocsI18nLayoutsAreFoundFromTheSite() throws {
        for (structure, files, expected) in [
            ("folder", ["docs/en/index.md", "docs/fr/index.md", "docs/de/index.md"], ["docs/de/index.md", "docs/fr/index.md"]),
            ("suffix", ["docs/index.md", "docs/index.fr.md", "docs/a/b.md"], ["docs/a/b.de.md", "docs/a/b.fr.md", "docs/index.de.md", "docs/index.fr.md"]),
        ] {
            for languages in ["  languages:\n    - locale: fr\n    - locale: en\n      default: true\n    - locale: de\n",
                              "  default_language: en\n  languages:\n    fr: français\n    en: english\n    de: deutsch\n"] {
                let dir = try temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: dir) }
                for file in files {
                    let url = dir.appendingPathComponent(file)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Self.english.write(to: url, atomically: true, encoding: .utf8)
                }
                let yaml = "site_name: t\nplugins:\n  - search\n  - i18n:\n      docs_structure: \(structure)\n" + languages.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
                try yaml.write(to: dir.appendingPathComponent("mkdocs.yml"), atomically: true, encoding: .utf8)
                let result = try runBinary(["translation", "status", "--format", "json", "--fail-on", "none"], directory: dir)
                #expect(result.status == 0, "\(result.stderr)")
                let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
                let paths = (json?["files"] as? [[String: Any]] ?? []).map { $0["path"] as! String }.sorted()
                #expect(paths == expected, "\(structure): \(result.text)\(result.stderr)")
            }
        }
    }

    /// Docusaurus' i18n: `i18n/LOCALE/docusaurus-plugin-content-docs/current/` pairs with `docs/`.
    @Test func docusaurusLayoutIsFoundFromTheSite() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for file in ["docs/intro.md", "docs/a/b.mdx", "i18n/fr/docusaurus-plugin-content-docs/current/intro.md", "i18n/fr/docusaurus-plugin-content-blog/post.md"] {
            let url = dir.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "# Intro\n".write(to: url, atomically: true, encoding: .utf8)
        }
        try "module.exports = { baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'ja'] }, presets: [['classic', {}]] };\n"
            .write(to: dir.appendingPathComponent("docusaurus.config.js"), atomically: true, encoding: .utf8)
        let result = try runBinary(["translation", "status", "--format", "json", "--fail-on", "none"], directory: dir)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        let pairs = (json?["files"] as? [[String: Any]] ?? []).map { "\($0["path"] as! String) <- \($0["source"] as! String)" }.sorted()
        #expect(pairs == ["i18n/fr/docusaurus-plugin-content-docs/current/a/b.mdx <- docs/a/b.mdx",
                          "i18n/fr/docusaurus-plugin-content-docs/current/intro.md <- docs/intro.md",
                          "i18n/ja/docusaurus-plugin-content-docs/current/a/b.mdx <- docs/a/b.mdx",
                          "i18n/ja/docusaurus-plugin-content-docs/current/intro.md <- docs/intro.md"], "\(result.text)\(result.stderr)")
    }

    @Test func mistakesAreUsageErrors() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        for args in [["translation"], ["translation", "stats"], ["translation", "diff"], ["translation", "status", "--all"],
                     ["translation", "status", "--history", "x"], ["translation", "stamp", "docs/en/guide.md"]] {
            #expect(try runBinary(args, directory: dir).status == 2, "\(args)")
        }
        let bare = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: bare) }
        let none = try runBinary(["translation", "status"], directory: bare)
        #expect(none.status == 2 && none.stderr.contains("[translation]"), "\(none.stderr)")
        // --source DIR TARGET... needs no configuration.
        let given = try runBinary(["translation", "status", "--source", "docs/en", "docs/fr", "--no-config"], directory: dir)
        #expect(given.status == 1 && given.text.contains("missing 'old'"), "\(given.text)\(given.stderr)")
    }
}
