import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// What `outline state` writes conforms to the shipped JSON Schema (checked with Python's jsonschema,
/// installed from PyPI into the test venv like pre-commit).
@Suite("JSON schemas")
struct SchemaTests {
    @Test(.enabled(if: PreCommit.available, "pip is not available: the JSON Schema cannot be checked"))
    func stateConformsToTheSchema() throws {
        try PreCommit.prepareVenv()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var documents: [[UInt8]] = []
        for name in ["guide.md", "CHANGELOG.md", "windows.md"] {
            let doc = try [UInt8](Data(contentsOf: Paths.root.appendingPathComponent("examples/\(name)")))
            documents.append(try runBinary(["state"], stdin: doc).stdout)
            documents.append(try runBinary(["state"], stdin: try runBinary(["fold", "--depth", "1"], stdin: doc).stdout).stdout)
        }
        documents.append(bytes("{\"version\": 1, \"folded\": [\"install\"]}"))
        for (k, doc) in documents.enumerated() { try Data(doc).write(to: dir.appendingPathComponent("s\(k).json")) }
        let schema = Paths.root.appendingPathComponent("schema/outline-sidecar.schema.json").path
        let script = "import json,sys,glob,jsonschema; s=json.load(open('\(schema)')); jsonschema.Draft202012Validator.check_schema(s); [jsonschema.validate(json.load(open(f)), s) for f in sorted(glob.glob('\(dir.path)/*.json'))]; print('ok')"
        let result = try shell("'\(python)' -c \"\(script)\"", in: dir)
        #expect(result.status == 0 && result.output.hasSuffix("ok\n"), "\(result.output)")
        // And a sidecar that breaks it is caught (the check is not vacuous).
        try Data(bytes("{\"version\": 1, \"folded\": [\"Bad--ID\"]}")).write(to: dir.appendingPathComponent("zbad.json"))
        #expect(try shell("'\(python)' -c \"\(script)\"", in: dir).status != 0)
    }

    /// `check --format json` conforms to `schema/outline-check.schema.json`, whose `kind` list is
    /// exactly the library's.
    @Test(.enabled(if: PreCommit.available, "pip is not available: the JSON Schema cannot be checked"))
    func checkJSONConformsToTheSchema() throws {
        try PreCommit.prepareVenv()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let schemaURL = Paths.root.appendingPathComponent("schema/outline-check.schema.json")
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as! [String: Any]
        let item = ((schema["properties"] as! [String: Any])["findings"] as! [String: Any])["items"] as! [String: Any]
        let kinds = ((item["properties"] as! [String: Any])["kind"] as! [String: Any])["enum"] as! [String]
        #expect(Set(kinds) == Set(Diagnostic.Kind.allCases.map(\.rawValue)))

        let messy = bytes("# T\n<!-- outline:t -->\n\n## A\n\n## A\n<!-- outline:t -->\n<!-- outline: Bad Id -->\n<!-- outline-fold:x lines=1-2 -->\n\nSee [é](#nowhere).\n")
        let reports = [runInProcess(["check", "--format", "json"], stdin: messy),
                       runInProcess(["check", "--format", "json"], stdin: bytes("# T\n<!-- outline:t -->\n")),
                       runInProcess(["check", "--format", "json"], stdin: bytes("# T\n<!-- outline:t -->\n\nSee [it](#T).\n"))]
        #expect(reports[0].status == 1 && reports[1].status == 0 && reports[2].status == 0)
        #expect(reports[2].text.contains("\"severity\": \"warning\""), "\(reports[2].text)")
        #expect(reports[1].text == "{\"version\": 1, \"findings\": []}\n")
        for (k, report) in reports.enumerated() { try Data(report.stdout).write(to: dir.appendingPathComponent("c\(k).json")) }
        // Removals since a revision: in a renamed file (`old_path`) and in a deleted one (`deleted`).
        let repo = dir.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try shell("git init -q -b main . && printf '# A\\n<!-- outline:a -->\\n\\n## X\\n<!-- outline:x -->\\n\\nText one.\\nText two.\\n' > a.md && printf '# G\\n<!-- outline:g -->\\n' > g.md && git add -A && git commit -qm one && git mv a.md b.md && printf '# A\\n<!-- outline:a -->\\n\\nText one.\\nText two.\\n' > b.md && git rm -q g.md", in: repo)
        let since = try runBinary(["check", "--format", "json", "--since", "HEAD", "."], directory: repo)
        #expect(since.text.contains("\"old_path\": \"a.md\"") && since.text.contains("\"deleted\": true"), "\(since.text)")
        try Data(since.stdout).write(to: dir.appendingPathComponent("c9.json"))
        let script = "import json,glob,jsonschema; s=json.load(open('\(schemaURL.path)')); jsonschema.Draft202012Validator.check_schema(s); [jsonschema.validate(json.load(open(f)), s) for f in sorted(glob.glob('\(dir.path)/*.json'))]; print('ok')"
        let result = try shell("'\(python)' -c \"\(script)\"", in: dir)
        #expect(result.status == 0 && result.output.hasSuffix("ok\n"), "\(result.output)")
        // A severity the schema does not know is caught.
        try Data(bytes(reports[2].text.replacingOccurrences(of: "\"warning\"", with: "\"notice\""))).write(to: dir.appendingPathComponent("zbad.json"))
        #expect(try shell("'\(python)' -c \"\(script)\"", in: dir).status != 0)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("zbad.json"))
        // Each finding of the text format is one JSON finding, with the same place and message.
        let text = runInProcess(["check"], stdin: messy).text.split(separator: "\n").map(String.init)
        let json = try JSONSerialization.jsonObject(with: Data(reports[0].stdout)) as! [String: Any]
        let findings = json["findings"] as! [[String: Any]]
        #expect(findings.map { "\($0["path"]!):\($0["line"]!): \($0["message"]!)" } == text)
        // A broken link's finding says where its destination stands: `é` is one column.
        let link = try #require(findings.first { $0["kind"] as? String == "broken-link" })
        #expect(link["column"] as? Int == 9)
        let end = try #require(link["end"] as? [String: Any])
        #expect(end["line"] as? Int == link["line"] as? Int && end["column"] as? Int == 17)
        // A heading's finding spans its line, from column 1, and names the heading it is about.
        #expect(findings.filter { $0["kind"] as? String == "missing-anchor" }.allSatisfy { $0["column"] as? Int == 1 && $0["title"] is String })
        #expect(link["destination"] is String && link["reason"] is String)
    }

    /// `translation status --format json` conforms to `schema/outline-translation-status.schema.json`,
    /// every kind of unit and every optional field in it: stale with the revision it was translated
    /// from, missing, orphaned, untracked, unaligned, local, page units, an untranslated page, a
    /// heading-less one.
    @Test(.enabled(if: PreCommit.available, "pip is not available: the JSON Schema cannot be checked"))
    func translationStatusConformsToTheSchema() throws {
        try PreCommit.prepareVenv()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        for sub in ["en", "fr", "out"] { try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true) }
        func write(_ path: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        try write(".outline.toml", "[translation]\nsource = \"en\"\ntargets = [\"fr\"]\n")
        try write("en/a.md", "---\ntitle: A\ndescription: About A\n---\n\nIntro.\n\n# A\n<!-- outline:a -->\n\nRun `a`.\n\n## B\n<!-- outline:b -->\n\nBee.\n")
        try write("en/index.md", "---\ntitle: Home\n---\n\nMore than 40 vendors.\n")
        try write("en/later.md", "# Later\n<!-- outline:later -->\n\nLater.\n")
        try write("fr/a.md", "---\ntitle: A (fr)\n---\n\nIntro (fr).\n\n# A\n<!-- outline:a -->\n\nLancez `a`.\n\n## Gone\n<!-- outline:gone -->\n\nParti.\n\n## Note\n<!-- outline:note source=none -->\n\nMerci.\n\n## Sans ancre\n\nTexte.\n")
        try write("fr/index.md", "---\ntitle: Accueil\n---\n\nPlus de 40 fournisseurs.\n")
        #expect(try shell("git init -q -b main . && git add -A && git -c user.name=t -c user.email=t@t commit -q -m base", in: dir).status == 0)
        #expect(try runBinary(["translation", "stamp", "-w", "--id", "a", "--id", "@preamble", "fr/a.md"], directory: dir).status == 0)
        #expect(try runBinary(["translation", "stamp", "-w", "--all", "fr/index.md"], directory: dir).status == 0)
        #expect(try shell("git -c user.name=t -c user.email=t@t commit -q -am stamped && sed -i 's/Run `a`./Run `a` twice./; s/Intro./Intro, changed./' en/a.md && sed -i 's/40/90/' en/index.md", in: dir).status == 0)
        let result = try runBinary(["translation", "status", "--format", "json"], directory: dir)
        #expect(result.status == 1, "\(result.stderr)")
        for token in ["\"stale\"", "\"missing\"", "\"orphaned\"", "\"untracked\"", "\"unaligned\"", "\"local\"", "\"translated_from\"", "\"changed_lines\"",
                      "\"unit\": \"preamble\"", "\"unit\": \"front-matter\"", "\"source_has_headings\": false", "\"exists\": false", "\"languages\""] {
            #expect(result.text.contains(token), "\(token) in \(result.text)")
        }
        try Data(result.stdout).write(to: dir.appendingPathComponent("out/status.json"))
        let schema = Paths.root.appendingPathComponent("schema/outline-translation-status.schema.json").path
        let script = "import json,glob,jsonschema; s=json.load(open('\(schema)')); jsonschema.Draft202012Validator.check_schema(s); [jsonschema.validate(json.load(open(f)), s) for f in sorted(glob.glob('\(dir.path)/out/*.json'))]; print('ok')"
        let checked = try shell("'\(python)' -c \"\(script)\"", in: dir)
        #expect(checked.status == 0 && checked.output.hasSuffix("ok\n"), "\(checked.output)")
        // A status the schema does not know is caught (the check is not vacuous).
        try Data(result.text.replacingOccurrences(of: "\"stale\"", with: "\"old\"").utf8).write(to: dir.appendingPathComponent("out/zbad.json"))
        #expect(try shell("'\(python)' -c \"\(script)\"", in: dir).status != 0)
    }

    /// `check --format sarif` conforms to the official SARIF 2.1.0 schema (OASIS, committed under
    /// `Tests/Fixtures/sarif` with its notice), URI formats included: paths with spaces, Unicode and
    /// bytes that are not UTF-8 relative to the repository's top level, a removed anchor of
    /// `--since`, standard input named and unnamed, a file outside any repository, no findings.
    @Test(.enabled(if: PreCommit.available, "pip is not available: the SARIF schema cannot be checked"))
    func checkSARIFConformsToTheSARIFSchema() throws {
        try PreCommit.prepareURIValidator()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repo = dir.appendingPathComponent("repo"), outside = dir.appendingPathComponent("outside"), logs = dir.appendingPathComponent("logs")
        for d in [repo.appendingPathComponent("docs/sub dir"), outside, logs] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let messy = "# Foo\n<!-- outline:foo -->\n\nSee [it](#Foo), [gone](#nowhere) and [é](other.md#x).\n\n## Bar\n"
        try messy.write(to: repo.appendingPathComponent("docs/sub dir/é a.md"), atomically: true, encoding: .utf8)
        try "# Kept\n<!-- outline:kept -->\n\n## Gone\n<!-- outline:gone -->\n".write(to: repo.appendingPathComponent("docs/b.md"), atomically: true, encoding: .utf8)
        try "# Old\n<!-- outline:old -->\n".write(to: repo.appendingPathComponent("docs/old.md"), atomically: true, encoding: .utf8)
        try shell("git init -q -b main . && git add -A && git commit -q -m one && git rm -q docs/old.md && printf '# Kept\\n<!-- outline:kept -->\\n' > docs/b.md && printf '# T\\n' > \"docs/$(printf 'caf\\351'):x.md\"", in: repo)
        try messy.write(to: outside.appendingPathComponent("o.md"), atomically: true, encoding: .utf8)
        let docs = repo.appendingPathComponent("docs")
        let runs: [(String, RunResult)] = [
            ("tree", try runBinary(["check", "--format", "sarif", "."], directory: docs)),
            ("since", try runBinary(["check", "--format", "sarif", "--since", "HEAD", "."], directory: docs)),
            ("stdin", try runBinary(["check", "--format", "sarif"], stdin: bytes(messy), directory: outside)),
            ("named", try runBinary(["check", "--format", "sarif", "--stdin-filename", "sub dir/é a.md"], stdin: bytes(messy), directory: docs)),
            ("outside", try runBinary(["check", "--format", "sarif", outside.appendingPathComponent("o.md").path], directory: docs)),
            ("clean", try runBinary(["check", "--format", "sarif", "b.md"], directory: docs)),
        ]
        for (name, run) in runs {
            #expect(run.status == (name == "clean" ? 0 : 1), "\(name): \(run.status) \(run.stderr)")
            try Data(run.stdout).write(to: logs.appendingPathComponent("\(name).sarif"))
            // A deleted file's finding is the run's notification, not a result on a file.
            if name == "since" { #expect(run.text.contains("toolExecutionNotifications") && run.text.contains("old.md was deleted"), "\(run.text)") }
        }
        // What the runs must show, so that the schema sees each case.
        let all = runs.map { $0.1.text }.joined()
        for piece in ["\"uri\": \"docs/sub%20dir/%C3%A9%20a.md\"", "\"uri\": \"docs/caf%E9%3Ax.md\"", "\"uri\": \"docs/b.md\"",
                      "\"uri\": \"%3Cstdin%3E\"", "\"uri\": \"file://\(outside.path)/o.md\"", "\"level\": \"warning\"", "\"startColumn\""] {
            #expect(all.contains(piece), "no \(piece) in the logs")
        }
        let schema = Paths.fixtures.appendingPathComponent("sarif/sarif-schema-2.1.0.json").path
        let script = """
            import json,glob,jsonschema
            s=json.load(open('\(schema)'))
            jsonschema.Draft4Validator.check_schema(s)
            f=jsonschema.FormatChecker()
            assert 'uri' in f.checkers and 'uri-reference' in f.checkers, 'no URI format checker'
            v=jsonschema.Draft4Validator(s, format_checker=f)
            for p in sorted(glob.glob('\(logs.path)/*.sarif')):
                errors=[e.message for e in v.iter_errors(json.load(open(p)))]
                assert not errors, (p, errors[:3])
            print('ok')
            """
        try script.write(to: dir.appendingPathComponent("validate.py"), atomically: true, encoding: .utf8)
        let result = try shell("'\(python)' validate.py", in: dir)
        #expect(result.status == 0 && result.output.hasSuffix("ok\n"), "\(result.output)")
        // And logs that break it are caught (the check is not vacuous): a level SARIF does not know,
        // and a path written as it is, space and all, where a URI reference is wanted.
        let tree = runs[0].1.text
        try Data(bytes(tree.replacingOccurrences(of: "\"level\": \"warning\"", with: "\"level\": \"fatal\""))).write(to: logs.appendingPathComponent("zbad-level.sarif"))
        #expect(try shell("'\(python)' validate.py", in: dir).status != 0)
        try FileManager.default.removeItem(at: logs.appendingPathComponent("zbad-level.sarif"))
        try Data(bytes(tree.replacingOccurrences(of: "docs/sub%20dir/%C3%A9%20a.md", with: "docs/sub dir/é a.md"))).write(to: logs.appendingPathComponent("zbad-uri.sarif"))
        #expect(try shell("'\(python)' validate.py", in: dir).status != 0)
    }
}
