import Testing
@testable import OutlineCore

/// `check` and the language server report a document through the same functions (`Check.findings`,
/// `LinkCheck.documentFindings`, `Check.merged`): the same findings, in the same order, on the same
/// places, whichever asks.
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
}
