import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// The language server over MDX files (format.md §15, §16): an `.mdx` buffer is read as MDX, its
/// `{/* outline:ID */}` anchors are anchors, and every edit it proposes writes outline's lines as MDX.
@Suite("Language server: MDX")
struct MDXLanguageServerTests {
    @Test func anchorsDiagnosticsAndCodeActionsAreMDX() {
        let helper = LanguageServerTests()
        let s = LanguageServerTests.Session(["/w/a.mdx": "# A\n"])
        let text = "import X from './x'\n\n# Guide\n{/* outline:guide */}\n\n## Install\n<X />\n\n## Copy\n{/* outline:guide */}\n"
        s.open("/w/d.mdx", text)
        // The copied ID is a duplicate; the anchored section has no missing-anchor finding.
        let codes = s.lastDiagnostics.compactMap { $0["code"]?.stringValue }
        #expect(codes.contains("duplicate-id") && codes.filter { $0 == "missing-anchor" }.count == 1, "\(s.lastDiagnostics)")
        let symbols = s.request("textDocument/documentSymbol", "{\"textDocument\": {\"uri\": \"file:///w/d.mdx\"}}")["result"]?.arrayValue ?? []
        #expect(symbols.first?["detail"]?.stringValue == "#guide")
        let actions = s.request("textDocument/codeAction", "{\"textDocument\": {\"uri\": \"file:///w/d.mdx\"}, \"range\": {\"start\": {\"line\": 0, \"character\": 0}, \"end\": {\"line\": 0, \"character\": 0}}, \"context\": {\"diagnostics\": []}}")["result"]?.arrayValue ?? []
        let pin = actions.first { $0["title"]?.stringValue?.hasPrefix("Pin section IDs") == true }
        let edits = pin?["edit"]?["changes"]?["file:///w/d.mdx"]?.arrayValue ?? []
        #expect(helper.apply(edits, to: text) == "import X from './x'\n\n# Guide\n{/* outline:guide */}\n\n## Install\n{/* outline:install */}\n<X />\n\n## Copy\n{/* outline:copy */}\n")
    }

    /// format.md §11, §16: a buffer whose code a heading's shell comment sits in is no heading; one
    /// nested past the limit is published with its `nesting` warning, and the session goes on.
    @Test func codeIsNoHeadingAndDeepNestingIsAWarning() {
        let s = LanguageServerTests.Session(["/w/a.mdx": "# A\n"])
        s.open("/w/code.mdx", "export const x = `\n# install the cli\n`\n\n# Guide\n{/* outline:guide */}\n")
        #expect(s.lastDiagnostics.isEmpty, "\(s.lastDiagnostics)")
        let deep = "# Deep\n{/* outline:deep */}\n\n{" + String(repeating: "`${", count: 20_000) + String(repeating: "}`", count: 20_000) + "}\n"
        s.open("/w/deep.mdx", deep)
        let warning = s.lastDiagnostics.first { $0["code"]?.stringValue == "nesting" }
        #expect(warning?["message"]?.stringValue == "nesting deeper than \(Nesting.limit) read as text", "\(s.lastDiagnostics)")
        #expect(warning?["severity"]?.intValue == 2 && warning?["range"]?["start"]?["line"]?.intValue == 3)
        // And it keeps serving.
        let symbols = s.request("textDocument/documentSymbol", "{\"textDocument\": {\"uri\": \"file:///w/deep.mdx\"}}")["result"]?.arrayValue ?? []
        #expect(symbols.first?["detail"]?.stringValue == "#deep")
    }
}
