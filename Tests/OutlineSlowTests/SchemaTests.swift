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
        #expect(findings.filter { $0["kind"] as? String == "missing-anchor" }.allSatisfy { $0["column"] == nil })
    }

}
