import Testing
@testable import OutlineCore

/// `check` and the language server report a document through the same functions
/// (`StructureFindings.of`, `LinkCheck.linkFindings`, `StructureFindings.merged`) and one findings
/// policy (`FindingsPolicy`: every surface, promotions, skips): the same findings, on the same places,
/// with the same severities and messages, whichever asks.
@Suite("check and the server agree")
struct SameFindingsTests {
    @Test func aDocumentsFindingsAreTheSameForCheckAndTheServer() throws {
        let store = LanguageServerTests.MemoryStore([
            "/w/a.md": "# A\n<!-- outline:a -->\n\n[x](b.md#nope) [y](#a) [z](#A)\n\n## Unpinned\n\n[w](gone.md)\n\n<a href=\"#missing\">h</a>\n\n## A\n<!-- outline:a -->\n",
            "/w/b.md": "# B\n<!-- outline:b -->\n\nText.\n",
        ])
        let workspace = Workspace(store: store, folders: ["/w"])
        let server = workspace.diagnostics(for: "/w/a.md")
        var request = Run.CheckRequest(files: ["/w/a.md", "/w/b.md"], configs: [Config(), Config()])
        request.root = "/w"
        let report = try Run(store: store, lifetime: .session()).check(request)
        let check = (report.findings + report.warnings).filter { $0.path == "/w/a.md" }
        struct Key: Equatable { let kind: Diagnostic.Kind; let line: Int?; let column: Int?; let subject: Diagnostic.Subject? }
        func keys(_ found: [Diagnostic]) -> [Key] {
            found.map { Key(kind: $0.kind, line: $0.line, column: $0.column, subject: $0.subject) }
                .sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        }
        #expect(server.count >= 5)
        #expect(keys(server) == keys(check))
        // The server names the other file as people read it: relative to the folder.
        #expect(server.contains { $0.subject == .link("b.md#nope") && $0.message.contains("b.md has no heading") && !$0.message.contains("/w/") })
    }

    /// Several configurations: surfaces (`slugs = ["github", "hugo"]`, where a link breaks on one
    /// only), `fragment-case = "error"`, and an MkDocs site. The gate and the editor publish the same.
    @Test func checkAndTheServerAgreeUnderEveryConfiguration() throws {
        let files = [
            "/w/docs/a.md": "# A\n<!-- outline:a -->\n\n## İstanbul & Co\n<!-- outline:istanbul -->\n\n[i](#istanbul--co) [j](#i̇stanbul--co) [k](#İstanbul--co) [x](b.md#nope) [c](#A)\n",
            "/w/docs/b.md": "# B\n<!-- outline:b -->\n\n## Head {#custom}\n\n[b](a.md#custom) [d](a.md)\n",
            "/w/mkdocs.yml": "site_name: s\nmarkdown_extensions:\n  - attr_list\n",
        ]
        var surfaces = try Config.parse(Array("slugs = [\"github\", \"hugo\"]\n".utf8), path: ".outline.toml")
        surfaces.directory = "/w"
        var strictCase = try Config.parse(Array("fragment-case = \"error\"\n".utf8), path: ".outline.toml")
        strictCase.directory = "/w"
        var site = Config()
        site.site = try Site.read("/w/mkdocs.yml", bytes: Array(files["/w/mkdocs.yml"]!.utf8), read: { _ in nil })
        for (name, config) in [("surfaces", surfaces), ("fragment-case", strictCase), ("mkdocs", site), ("default", Config())] {
            let store = LanguageServerTests.MemoryStore(files)
            store.config = config
            let workspace = Workspace(store: store, folders: ["/w/docs"])
            let paths = ["/w/docs/a.md", "/w/docs/b.md"]
            let server = paths.flatMap { workspace.diagnostics(for: $0) }
            var request = Run.CheckRequest(files: paths, configs: [config, config])
            request.root = "/w/docs"
            let profiles = config.surfaces ?? [.github]
            request.profile = profiles[0]
            request.moreProfiles = Array(profiles.dropFirst())
            request.fragmentCaseIsError = config.fragmentCaseIsError == true
            let report = try Run(store: store, lifetime: .session()).check(request)
            struct Key: Equatable { let path: String?; let kind: Diagnostic.Kind; let severity: Diagnostic.Severity; let line: Int?; let subject: Diagnostic.Subject?; let under: [String]? }
            func keys(_ found: [Diagnostic]) -> [Key] {
                found.map { Key(path: $0.path, kind: $0.kind, severity: $0.severity, line: $0.line, subject: $0.subject, under: $0.brokenUnder) }
                    .sorted { ($0.path ?? "", $0.line ?? 0, "\($0.subject.map { "\($0)" } ?? "")", $0.kind.rawValue) < ($1.path ?? "", $1.line ?? 0, "\($1.subject.map { "\($0)" } ?? "")", $1.kind.rawValue) }
            }
            #expect(keys(server) == keys(report.findings + report.warnings), "\(name): the server \(server) against check \(report.findings + report.warnings)")
            if name == "surfaces" { #expect(server.contains { $0.brokenUnder != nil }, "a link broken on one surface only") }
            if name == "fragment-case" { #expect(server.contains { $0.kind == .fragmentCase && $0.severity == .finding }) }
        }
    }
}
