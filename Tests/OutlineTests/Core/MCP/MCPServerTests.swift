import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `outline mcp` through the library (format.md §19): JSON-RPC lines in, lines out, over an in-memory
/// tree; writes go to the store, all or none.
@Suite("mcp server (library)")
struct MCPServerTests {
    let store = MemoryStore([
        "a.md": "# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n\nRun it.\n\n## Usage\n<!-- outline:usage -->\n\nSee [install](#install).\n",
        "docs/b.md": "# B\n\n[i](../a.md#install)\n",
    ])
    var writes: [[String]] { log.value }
    let log = Box()
    final class Box: @unchecked Sendable { var value: [[String]] = [] }

    func server(failing: Bool = false) -> MCPServer {
        let store = self.store, log = self.log
        return MCPServer(root: "/w", run: { Run(store: store, lifetime: .session()) }, write: { files in
            if failing { throw Diagnostic.file(files[0].path, "cannot write: permission denied") }
            log.value.append(files.map(\.path))
            for (path, bytes) in files { store.set(path, String(decoding: bytes, as: UTF8.self)) }
        })
    }

    func ask(_ server: MCPServer, _ id: Int, _ method: String, _ params: String, modern: Bool = false) throws -> JSONValue {
        let meta = modern ? "\"_meta\": {\"io.modelcontextprotocol/protocolVersion\": \"2026-07-28\", \"io.modelcontextprotocol/clientCapabilities\": {}}" : ""
        let body = params.isEmpty ? "{\(meta)}" : meta.isEmpty ? params : "{" + meta + ", " + params.dropFirst()
        let out = server.handle(Array("{\"jsonrpc\": \"2.0\", \"id\": \(id), \"method\": \"\(method)\", \"params\": \(body)}".utf8))
        #expect(out.count == 1 && !out[0].contains(10))
        return try JSONReader.parse(out[0])
    }

    func call(_ server: MCPServer, _ tool: String, _ arguments: String) throws -> JSONValue {
        try #require(try ask(server, 9, "tools/call", "{\"name\": \"\(tool)\", \"arguments\": \(arguments)}")["result"])
    }

    @Test func handshakeAndDiscovery() throws {
        let server = server()
        let initialize = try ask(server, 1, "initialize", "{\"protocolVersion\": \"2025-06-18\", \"capabilities\": {}, \"clientInfo\": {\"name\": \"t\", \"version\": \"1\"}}")
        #expect(initialize["result"]?["protocolVersion"] == .string("2025-06-18"))
        #expect(initialize["result"]?["serverInfo"]?["name"] == .string("outline-md"))
        #expect(try ask(server, 2, "initialize", "{\"protocolVersion\": \"1999-01-01\"}")["result"]?["protocolVersion"] == .string("2025-11-25"))
        let discover = try ask(server, 3, "server/discover", "", modern: true)
        #expect(discover["result"]?["supportedVersions"] == .array([.string("2026-07-28")]))
        #expect(discover["result"]?["resultType"] == .string("complete"))
        #expect(discover["result"]?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == .string("outline-md"))
        let tools = try ask(server, 4, "tools/list", "", modern: true)
        #expect(tools["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == MCPTools.names)
        // The envelope's version is one this server speaks, or the request is refused.
        let old = server.handle(Array("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2030-01-01\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}".utf8))
        #expect(try JSONReader.parse(old[0])["error"]?["code"] == .int(-32022))
        #expect(server.handle(Array("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}".utf8)).isEmpty)
        #expect(try JSONReader.parse(server.handle(Array("not json".utf8))[0])["error"]?["code"] == .int(-32700))
        #expect(try ask(server, 6, "resources/list", "")["error"]?["code"] == .int(-32601))
        #expect(try ask(server, 7, "tools/call", "{\"name\": \"nope\"}")["error"]?["code"] == .int(-32602))
    }

    @Test func showThenReplaceWithTheHash() throws {
        let server = server()
        let shown = try call(server, "show_section", "{\"path\": \"a.md\", \"id\": \"install\"}")
        #expect(shown["isError"] == .bool(false))
        let hash = try #require(shown["structuredContent"]?["hash"]?.stringValue)
        #expect(shown["content"]?.arrayValue?.first?["text"] == .string("a.md#install lines 4-8, hash \(hash)\n## Install\n<!-- outline:install -->\n\nRun it.\n\n"))
        #expect(shown["structuredContent"]?["text"] == nil && shown["structuredContent"]?["line"] == .int(4))
        let replaced = try call(server, "replace_section", "{\"path\": \"a.md\", \"id\": \"install\", \"if_hash\": \"\(hash)\", \"text\": \"## Setup\\n\\nRun it twice.\\n\"}")
        #expect(replaced["isError"] == .bool(false))
        #expect(replaced["structuredContent"]?["written"] == .array([.string("a.md"), .string("docs/b.md")]))
        #expect(writes == [["a.md", "docs/b.md"]])
        #expect(store.contents(of: "docs/b.md").map { String(decoding: $0, as: UTF8.self) } == "# B\n\n[i](../a.md#setup)\n")
        let newHash = try #require(replaced["structuredContent"]?["section"]?["hash"]?.stringValue)
        let reread = try call(server, "show_section", "{\"path\": \"a.md\", \"id\": \"install\"}")
        #expect(newHash != hash && newHash == reread["structuredContent"]?["hash"]?.stringValue)
        // The old hash is refused now, naming the fix; nothing written.
        let stale = try call(server, "replace_section", "{\"path\": \"a.md\", \"id\": \"install\", \"if_hash\": \"\(hash)\", \"text\": \"## X\\n\"}")
        #expect(stale["isError"] == .bool(true) && writes.count == 1)
        #expect(stale["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("show") == true)
        let unguarded = try call(server, "replace_section", "{\"path\": \"a.md\", \"id\": \"install\", \"text\": \"## X\\n\"}")
        #expect(unguarded["isError"] == .bool(true) && writes.count == 1)
    }

    @Test func pathsStayInTheServedDirectory() throws {
        let server = server()
        for path in ["../a.md", "/etc/passwd", "docs/../../x.md"] {
            let refused = try call(server, "show_section", "{\"path\": \"\(path)\", \"id\": \"x\"}")
            #expect(refused["isError"] == .bool(true), "\(path)")
        }
        // An absolute path inside it is read as the relative one.
        #expect(try call(server, "show_section", "{\"path\": \"/w/a.md\", \"id\": \"usage\"}")["isError"] == .bool(false))
    }

    @Test func moveDryRunTreeLinksAndCheck() throws {
        let server = server()
        let dry = try call(server, "move_section", "{\"path\": \"a.md\", \"id\": \"install\", \"destination\": \"docs/b.md\", \"dry_run\": true}")
        #expect(dry["isError"] == .bool(false) && writes.isEmpty)
        #expect(dry["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("+++ b/docs/b.md") == true)
        let links = try call(server, "links_to_section", "{\"path\": \"a.md\", \"id\": \"install\"}")
        #expect(links["structuredContent"]?["links"]?.arrayValue?.map { "\($0["path"]!.stringValue!):\($0["line"]!.intValue!)" } == ["a.md:12", "docs/b.md:3"])
        let tree = try call(server, "tree", "{}")
        #expect(tree["structuredContent"]?["files"]?.arrayValue?.map { $0["path"]?.stringValue } == ["a.md", "docs/b.md"])
        #expect(tree["structuredContent"]?["files"]?.arrayValue?.first?["sections"]?.arrayValue?.map { $0["id"]?.stringValue } == ["guide", "install", "usage"])
        let check = try call(server, "check", "{\"path\": \"docs\"}")
        #expect(check["structuredContent"]?["findings"]?.arrayValue?.map { $0["kind"]?.stringValue } == ["missing-anchor"])
        // A write that fails writes nothing and says why.
        let failing = self.server(failing: true)
        let failed = try call(failing, "rename_section", "{\"path\": \"a.md\", \"id\": \"install\", \"title\": \"Setup\"}")
        #expect(failed["isError"] == .bool(true) && failed["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("permission denied") == true)
    }
}
