import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// `.outline.toml` (format.md §13) through the commands: discovery, precedence, each key reaching its command.
@Suite("config on the command line")
struct ConfigCommandTests {
    func read(_ dir: URL, _ name: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    func parse(_ text: String) throws -> Config { try Config.parse(bytes(text), path: ".outline.toml") }

    /// The diagnostic a bad config gives, as `PATH:LINE: message`.
    func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch let d as Diagnostic {
            return "\(d.path ?? ""):\(d.line.map(String.init) ?? "-"): \(d.message)"
        } catch {
            return "\(error)"
        }
    }

    @Test("every mistake of the file at once, in line order; a bare word is a string that needs quotes")
    func allErrorsAtOnce() throws {
        #expect(failure("slugs = github") == ".outline.toml:1: strings need quotes: slugs = \"github\"")
        do {
            _ = try parse("slugs = github\nlinks = maybe\n[toc]\ndepth = 9\nfoo = 1\n[number]\nlevels = \"1-3\"\n")
            Issue.record("no error")
        } catch let errors as Diagnostics {
            #expect(errors.all.map { "\($0.line ?? 0): \($0.message)" } == [
                "1: strings need quotes: slugs = \"github\"", "2: 'links' needs true or false, not 'maybe'",
                "4: 'depth' must be from 1 to 6, not 9", "5: unknown key 'foo' in [toc]",
            ])
        }
        // Through the binary: every error on its own line, exit 2, for every command that reads files.
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "slugs = github\nfoo = 1\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        try "# A\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        for command in [["check", "a.md"], ["tree", "a.md"], ["state", "a.md"], ["unfold", "--from", "a.md", "a.md"], ["diff", "a.md", "a.md"], ["id", "a.md"]] {
            let result = try runBinary(command, directory: dir)
            #expect(result.status == 2 && result.stderr == "outline: .outline.toml:1: strings need quotes: slugs = \"github\"\noutline: .outline.toml:2: unknown key 'foo'\n", "\(command): \(result.stderr)")
        }
    }

    @Test("allow-removed in the config accepts removals as --allow-removed does")
    func allowRemovedKey() throws {
        #expect(try parse("allow-removed = [\"old-*\", \"gone\"]").allowRemoved == ["old-*", "gone"])
        #expect(failure("allow-removed = 3") == ".outline.toml:1: 'allow-removed' needs an array of IDs or globs, not an integer")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# A\n<!-- outline:a -->\n\n## Old\n<!-- outline:old-x -->\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try shell("git init -q . && git add -A && git commit -qm one", in: dir)
        try "# A\n<!-- outline:a -->\n".write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["check", "--since", "HEAD", "a.md"], directory: dir).status == 1)
        try "allow-removed = [\"old-*\"]\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let allowed = try runBinary(["check", "--since", "HEAD", "a.md"], directory: dir)
        #expect(allowed.status == 0, "\(allowed.text)\(allowed.stderr)")
    }

    @Test("unknown keys, wrong types, bad values and unsupported TOML are errors at their line")
    func errors() {
        let cases: [(String, String)] = [
            ("linkabel = true", ".outline.toml:1: unknown key 'linkabel' (did you mean 'linkable'?)"),
            ("\n\nlinkable = \"yes\"", ".outline.toml:3: 'linkable' needs true, false, \"element\" or \"attribute\", not 'yes'"),
            ("slugs = \"githb\"", ".outline.toml:1: 'slugs' must be github, gitlab, pandoc, mkdocs, hugo, docusaurus, kramdown, mkdocs-material, myst or hugo-0.111, not 'githb' (did you mean 'github'?)"),
            ("anchor-placement = \"above\"", ".outline.toml:1: 'anchor-placement' must be below or after-blank, not 'above'"),
            ("exclude = \"vendor\"", ".outline.toml:1: 'exclude' needs an array of strings, not a string"),
            ("slugs = []", ".outline.toml:1: 'slugs' needs a profile name or an array of them, not an array"),
            ("slugs = 3", ".outline.toml:1: 'slugs' needs a profile name or an array of them, not an integer"),
            ("hidden = \"yes\"", ".outline.toml:1: 'hidden' needs true or false, not a string"),
            ("fragment-case = \"ignore\"", ".outline.toml:1: 'fragment-case' must be warning or error, not 'ignore'"),
            ("base-revision = \"main:x\"", ".outline.toml:1: 'base-revision' needs a git revision (HEAD, main, v1.2), not 'main:x'"),
            ("exclude = [1]", ".outline.toml:1: only arrays of strings are supported in .outline.toml"),
            ("exclude = [\"[a\"]", ".outline.toml:1: 'exclude' has a bad glob '[a'"),
            ("[number]\nlevels = \"0-9\"", ".outline.toml:2: 'levels' needs a level A or a range A-B with 1 ≤ A ≤ B ≤ 6, not '0-9'"),
            ("[toc]\ndepth = 7", ".outline.toml:2: 'depth' must be from 1 to 6, not 7"),
            ("[toc]\ndepth = \"3\"", ".outline.toml:2: 'depth' needs a whole number, not a string"),
            ("[toc]\ndeep = 3", ".outline.toml:2: unknown key 'deep' in [toc]"),
            ("[tocs]", ".outline.toml:1: unknown table [tocs] (did you mean 'toc'?)"),
            ("[toc]\n[toc]", ".outline.toml:2: table [toc] defined twice"),
            ("links = true\nlinks = false", ".outline.toml:2: 'links' is set twice"),
            ("x = 1.5", ".outline.toml:1: only whole decimal numbers are supported in .outline.toml"),
            ("d = 1979-05-27", ".outline.toml:1: only whole decimal numbers are supported in .outline.toml"),
            ("t = {a = 1}", ".outline.toml:1: inline tables are not supported in .outline.toml"),
            ("a.b = 1", ".outline.toml:1: dotted keys are not supported in .outline.toml (use a [table])"),
            ("\"slugs\" = \"github\"", ".outline.toml:1: quoted keys are not supported in .outline.toml"),
            ("s = \"\"\"x\"\"\"", ".outline.toml:1: multi-line strings are not supported in .outline.toml"),
            ("[[toc]]", ".outline.toml:1: arrays of tables ([[...]]) are not supported in .outline.toml"),
            ("slugs = \"github", ".outline.toml:1: unterminated string"),
            ("slugs = \"a\\qb\"", ".outline.toml:1: unknown escape '\\q' in a string"),
            ("links = true false", ".outline.toml:1: unexpected 'f' (one key = value per line)"),
            ("links =", ".outline.toml:1: a value is missing"),
            ("links = yes", ".outline.toml:1: 'links' needs true or false, not 'yes'"),
            ("exclude = [\"a\"\n\"b\"]", ".outline.toml:2: expected ',' or ']' in an array"),
            ("[toc]\ndepth = 0_3", ".outline.toml:2: leading zeros are not allowed in a number"),
            ("[toc]\ndepth = 1__0", ".outline.toml:2: a '_' in a number must stand between digits"),
        ]
        for (text, expected) in cases {
            #expect(failure(text) == expected, "\(text.debugDescription)")
        }
        // Not UTF-8.
        #expect(throws: Diagnostic.self) { try Config.parse([0x6C, 0xFF, 0x3D], path: ".outline.toml") }
    }

    /// A repository with configs at two levels and one above its root.
    func repository() throws -> URL {
        let outer = try temporaryDirectory()
        let dir = outer.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs/api"), withIntermediateDirectories: true)
        try "linkable = true\n".write(to: outer.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        try shell("git init -q .", in: dir)
        return dir
    }

    @Test("discovery: the nearest config in the file's directory or above, never above the repository root; --config, --no-config")
    func discovery() throws {
        let dir = try repository()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let doc = "# Title\n\n## Part\n\ntext\n"
        try doc.write(to: dir.appendingPathComponent("top.md"), atomically: true, encoding: .utf8)
        try doc.write(to: dir.appendingPathComponent("docs/api/deep.md"), atomically: true, encoding: .utf8)
        // Above the repository root: not read.
        #expect(try runBinary(["id", "top.md"], directory: dir).text == "# Title\n<!-- outline:title -->\n\n## Part\n<!-- outline:part -->\n\ntext\n")
        try "anchor-placement = \"after-blank\"\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        try "linkable = true\n".write(to: dir.appendingPathComponent("docs/.outline.toml"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["id", "top.md"], directory: dir).text == "# Title\n\n<!-- outline:title -->\n## Part\n\n<!-- outline:part -->\ntext\n")
        // The nearest one wins (docs/, not the root's): linkable, placement below.
        #expect(try runBinary(["id", "docs/api/deep.md"], directory: dir).text.hasPrefix("# Title\n<!-- outline:title --><a id=\"title\"></a>\n"))
        // The same from inside the directory.
        #expect(try runBinary(["id", "deep.md"], directory: dir.appendingPathComponent("docs/api")).text.contains("<a id=\"title\">"))
        // --config names one for every file; --no-config ignores them all.
        try "[toc]\ndepth = 1\n".write(to: dir.appendingPathComponent("other.toml"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["id", "--config", "other.toml", "docs/api/deep.md"], directory: dir).text.hasPrefix("# Title\n<!-- outline:title -->\n"))
        #expect(try runBinary(["id", "--no-config", "top.md"], directory: dir).text.hasPrefix("# Title\n<!-- outline:title -->\n"))
        #expect(try runBinary(["id", "--no-config", "--config", "other.toml", "top.md"], directory: dir).status == 2)
        // A broken config: exit 2, located, relative to the current directory, nothing written.
        try "linkable = 1\n".write(to: dir.appendingPathComponent("docs/.outline.toml"), atomically: true, encoding: .utf8)
        let broken = try runBinary(["id", "-w", "deep.md"], directory: dir.appendingPathComponent("docs/api"))
        #expect(broken.status == 2 && broken.stderr == "outline: ../.outline.toml:1: 'linkable' needs true, false, \"element\" or \"attribute\", not an integer\n", "\(broken.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("docs/api/deep.md"), encoding: .utf8) == doc)
    }

    @Test("each key reaches its command, and the command line wins")
    func keysAndPrecedence() throws {
        let dir = try repository()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        try """
            slugs = "gitlab"
            allow-folds = true
            links = false
            [number]
            levels = "2"
            [toc]
            depth = 1
            """.write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        let doc = "# T\n<!-- outline:toc -->\n<!-- outline:toc end -->\n## A_b\n### C\n[x](#nowhere)\n"
        try doc.write(to: dir.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        // toc: depth 1 from the config; gitlab keeps the underscore.
        #expect(try runBinary(["toc", "a.md"], directory: dir).text.contains("\n- [A\\_b](#a_b)\n\n"))
        #expect(try runBinary(["toc", "--depth", "2", "a.md"], directory: dir).text.contains("  - [C](#c)"))
        #expect(try runBinary(["toc", "--slugs", "github", "a.md"], directory: dir).text.contains("(#a_b)"))
        // number: levels 2 only.
        #expect(try runBinary(["number", "a.md"], directory: dir).text.contains("## 1 A_b\n<!-- outline:number=1 -->\n### C\n"))
        #expect(try runBinary(["number", "--levels", "2-3", "a.md"], directory: dir).text.contains("### 1.1 C"))
        // check: links off, folds allowed; --no-folds wins over the config.
        _ = try runBinary(["toc", "-w", "a.md"], directory: dir)
        _ = try runBinary(["id", "-w", "a.md"], directory: dir)
        let folded = try runBinary(["fold", "--depth", "1", "a.md"], directory: dir).stdout
        try Data(folded).write(to: dir.appendingPathComponent("view.md"))
        #expect(try runBinary(["check", "a.md"], directory: dir).status == 0)
        #expect(try runBinary(["check", "view.md"], directory: dir).status == 0)
        #expect(try runBinary(["check", "--no-folds", "view.md"], directory: dir).text.contains("fold marker"))
        #expect(try runBinary(["check", "--no-config", "a.md"], directory: dir).text.contains("broken link '#nowhere'"))
        // number keeps the TOC up to date at the config's depth: check stays clean.
        #expect(try runBinary(["number", "-w", "a.md"], directory: dir).status == 0)
        #expect(try runBinary(["check", "a.md"], directory: dir).status == 0)
        #expect(try read(dir, "a.md").contains("\n- [1 A\\_b](#1-a_b)\n\n"))
    }

    @Test("directory walks: git decides what is ignored, --exclude and the config's exclude drop more, README.MD counts, named files always count")
    func walks() throws {
        let dir = try repository()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        for (path, text) in [("docs/a.md", "# A\n"), ("docs/README.MD", "# R\n"), ("node_modules/pkg/README.md", "# N\n"),
                             ("build/out.md", "# B\n"), (".github/x.md", "# X\n"), ("docs/api/gen.md", "# G\n"),
                             ("notes.markdown", "# M\n"), ("vendor/v.md", "# V\n")] {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try "node_modules/\n".write(to: dir.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        try "build\n".write(to: dir.appendingPathComponent(".git/info/exclude"), atomically: true, encoding: .utf8)
        try shell("git add docs/a.md && git commit -qm one", in: dir)
        #expect(try runBinary(["id", "--check", "."], directory: dir).text == "docs/README.MD\ndocs/a.md\ndocs/api/gen.md\nnotes.markdown\nvendor/v.md\n")
        #expect(try runBinary(["id", "--check", "--exclude", "api", "--exclude", "*.markdown", "."], directory: dir).text == "docs/README.MD\ndocs/a.md\nvendor/v.md\n")
        #expect(try runBinary(["tree", "--exclude", "docs/*.md", "--exclude", "vendor", "docs"], directory: dir).text.contains("G"))
        try "exclude = [\"vendor\", \"docs/api/**\"]\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["check", "--no-links", "."], directory: dir).text == "docs/README.MD:1: heading 'R' has no anchor (run 'outline id -w')\ndocs/a.md:1: heading 'A' has no anchor (run 'outline id -w')\nnotes.markdown:1: heading 'M' has no anchor (run 'outline id -w')\n")
        // A directory git ignores as a whole is walked when it is named.
        #expect(try runBinary(["id", "--check", "node_modules"], directory: dir).text == "node_modules/pkg/README.md\n")
        #expect(try runBinary(["id", "--check", "build"], directory: dir).text == "build/out.md\n")
        // Named files are processed whatever ignores or excludes them.
        #expect(try runBinary(["id", "--check", "node_modules/pkg/README.md", "vendor/v.md"], directory: dir).text == "node_modules/pkg/README.md\nvendor/v.md\n")
        // A file deleted from the work tree but still in the index is not listed.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("docs/a.md"))
        #expect(try runBinary(["id", "--check", "docs"], directory: dir).text == "docs/README.MD\n")
        // Outside a git work tree: the file system walk, hidden directories skipped.
        let plain = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: plain) }
        try FileManager.default.createDirectory(at: plain.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        try "# H\n".write(to: plain.appendingPathComponent(".hidden/h.md"), atomically: true, encoding: .utf8)
        try "# P\n".write(to: plain.appendingPathComponent("P.Md"), atomically: true, encoding: .utf8)
        #expect(try runBinary(["id", "--check", "."], directory: plain).text == "P.Md\n")
        // Entry types as readdir gives them: a link to a file counts, a link to a directory is not
        // followed (nor read, even named like Markdown), other files are left out; names sorted.
        let fm = FileManager.default
        try fm.createDirectory(at: plain.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "# B\n".write(to: plain.appendingPathComponent("sub/b.md"), atomically: true, encoding: .utf8)
        try "text\n".write(to: plain.appendingPathComponent("sub/z.txt"), atomically: true, encoding: .utf8)
        try "# S\n".write(to: plain.appendingPathComponent("a b.markdown"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: plain.appendingPathComponent("l.md").path, withDestinationPath: "P.Md")
        try fm.createSymbolicLink(atPath: plain.appendingPathComponent("d.md").path, withDestinationPath: "sub")
        try fm.createSymbolicLink(atPath: plain.appendingPathComponent("linkdir").path, withDestinationPath: "sub")
        #expect(try runBinary(["id", "--check", "."], directory: plain).text == "P.Md\na b.markdown\nl.md\nsub/b.md\n")
        #expect(try runBinary(["id", "--check", plain.path + "/"], directory: plain).text
                == ["P.Md", "a b.markdown", "l.md", "sub/b.md"].map { plain.path + "/" + $0 + "\n" }.joined())
    }

    @Test("check --since: a deleted file that --exclude or the config leaves out, or in a hidden directory, is not a finding")
    func excludedDeletions() throws {
        let dir = try repository()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        for path in ["vendor/v.md", ".notes/n.md", "docs/d.md"] {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "# V\n<!-- outline:v -->\n".write(to: url, atomically: true, encoding: .utf8)
        }
        try shell("git add -A && git commit -qm one && rm vendor/v.md .notes/n.md docs/d.md", in: dir)
        let all = try runBinary(["check", "--no-links", "--since", "HEAD", "."], directory: dir)
        #expect(all.status == 1 && all.text.contains("vendor/v.md") && all.text.contains("docs/d.md") && !all.text.contains(".notes"), "\(all.text)")
        let excluded = try runBinary(["check", "--no-links", "--since", "HEAD", "--exclude", "vendor", "."], directory: dir)
        #expect(!excluded.text.contains("vendor/v.md") && excluded.text.contains("docs/d.md"), "\(excluded.text)")
        try "exclude = [\"docs\"]\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        #expect(!(try runBinary(["check", "--no-links", "--since", "HEAD", "."], directory: dir).text.contains("docs/d.md")))
    }
}
