import Foundation
import Testing
import OutlineTestHelpers

/// `outline lsp` driven by real clients (format.md §15): the pytest-lsp suite in Tests/LSP (every
/// capability, UTF-16 and UTF-8 positions with non-BMP characters, the protocol's error cases), and
/// Neovim 0.7's built-in client opening a document, listing its symbols and renaming a heading.
/// pytest-lsp is installed from PyPI into `.build/test-tools/lsp-venv`; Neovim comes from Debian
/// (`make test-deps`).
@Suite("Language server with real clients", .serialized)
struct LanguageServerClientTests {
    static func python() throws -> String {
        try ClientVenv.python("lsp-venv", packages: "pytest-lsp pytest-asyncio", imports: "pytest_lsp, pytest_asyncio")
    }

    @Test func pytestLSPSuite() throws {
        let python = try Self.python()
        let run = try shell("'\(python)' -m pytest -q -p no:cacheprovider Tests/LSP", in: Paths.root, environment: ["OUTLINE": Paths.binary])
        #expect(run.status == 0, "\(run.output)")
        // Every test ran: none skipped, none deselected.
        #expect(run.output.contains(" passed") && !run.output.contains("skipped"), "\(run.output)")
    }

    @Test func neovimOpensListsSymbolsAndRenames() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let python = try Self.python()
        let ws = dir.appendingPathComponent("ws")
        let made = try shell("'\(python)' -c 'import sys, pathlib; sys.path.insert(0, \"Tests/LSP\"); import conftest; conftest.make_workspace(pathlib.Path(sys.argv[1]))' '\(ws.path)'", in: Paths.root)
        #expect(made.status == 0, "\(made.output)")
        let run = try shell("timeout 60 nvim --headless -u NONE -c 'luafile Tests/LSP/nvim-smoke.lua'", in: Paths.root,
                            environment: ["OUTLINE": Paths.binary, "WS": ws.path])
        #expect(run.output.contains("ok") && !run.output.contains("FAIL"), "\(run.output)")
    }
}
