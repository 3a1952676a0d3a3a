import Foundation
import Testing
import OutlineTestHelpers

/// `outline mcp` driven by the real client (format.md §19): the pytest suite in Tests/MCP, through the
/// Python SDK (PyPI `mcp` 2.x, whose `LATEST_PROTOCOL_VERSION` the server speaks), installed into
/// `.build/test-tools/mcp-venv` on first use.
@Suite("MCP server with the Python SDK's client", .serialized)
struct MCPClientTests {
    static func python() throws -> String {
        try ClientVenv.python("mcp-venv", packages: "'mcp>=2' pytest", imports: "mcp, pytest, anyio")
    }

    @Test func pythonSDKSuite() throws {
        let python = try Self.python()
        // The protocol revision the server names is the SDK's own latest.
        let latest = try shell("'\(python)' -c 'import mcp.types; print(mcp.types.LATEST_PROTOCOL_VERSION)'", in: Paths.root)
        #expect(latest.output.trimmingCharacters(in: .whitespacesAndNewlines) == "2026-07-28", "\(latest.output)")
        let run = try shell("'\(python)' -m pytest -q -p no:cacheprovider Tests/MCP", in: Paths.root, environment: ["OUTLINE": Paths.binary])
        #expect(run.status == 0, "\(run.output)")
        // Every test ran: none skipped, none deselected.
        #expect(run.output.contains("6 passed") && !run.output.contains("skipped"), "\(run.output)")
    }
}
