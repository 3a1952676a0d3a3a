/// `outline mcp` (format.md §19): a Model Context Protocol server, so that a coding agent reads and
/// edits a section by its stable ID instead of re-reading a whole file and replacing strings. Pure, as
/// the language server is: the caller hands it each line it read from standard input (the MCP stdio
/// transport: newline-delimited JSON-RPC 2.0, no headers) and writes out the lines it returns; files
/// are read through a `Run` and written only through the caller's `write`, all of them or none.
///
/// Protocol revisions: 2026-07-28, the current one (the Python SDK's `LATEST_PROTOCOL_VERSION` in
/// `mcp` 2.x): `server/discover`, and every request carrying its protocol version and the client's
/// capabilities in `params._meta`; and the earlier revisions' `initialize` handshake (2024-11-05 to
/// 2025-11-25), which most clients still open with. JSON-RPC errors as the language server answers
/// them (-32700, -32600, -32601, -32602); a tool's own failure is a result with `isError`, whose text
/// names the fix.
public final class MCPServer {
    public static let name = "outline-md"
    public static let version = "0.1.0"
    /// The revision of the per-request envelope.
    public static let protocolVersion = "2026-07-28"
    /// The revisions reachable through `initialize`, oldest first.
    public static let handshakeVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

    let tools: MCPTools
    /// The revision `initialize` agreed on, nil before it.
    public private(set) var negotiated: String? = nil

    /// `root`: the directory served (absolute, symbolic links resolved); every path a tool is given is
    /// confined to it. `run`: a run over the files as they are now (one per call: files change between
    /// calls). `write`: writes every file given, or none (and throws).
    public init(root: String, run: @escaping () -> Run, write: @escaping ([(path: String, bytes: [UInt8])]) throws -> Void) {
        tools = MCPTools(root: root, run: run, write: write)
    }

    /// One line of input (a JSON-RPC message) in, the lines to write back out (each one JSON text
    /// without a line break).
    public func handle(_ line: [UInt8]) -> [[UInt8]] {
        guard line.contains(where: { !ASCII.isBlank($0) && $0 != ASCII.cr }) else { return [] }
        let message: JSONValue
        do { message = try JSONReader.parse(line) } catch {
            return [LanguageServer.error(id: .null, code: -32700, "Parse error: \(error.message)")]
        }
        guard case .object = message, message["jsonrpc"]?.stringValue == "2.0" else {
            return [LanguageServer.error(id: MCPServer.validID(message["id"]) ?? .null, code: -32600, "Invalid Request: not a JSON-RPC 2.0 message object")]
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }   // a response: we ask nothing
            return [LanguageServer.error(id: MCPServer.validID(id) ?? .null, code: -32600, "Invalid Request: no method")]
        }
        guard let id else { return [] }   // notifications (`notifications/initialized`, cancellations) need no answer
        guard MCPServer.validID(id) != nil else {
            return [LanguageServer.error(id: .null, code: -32600, "Invalid Request: id must be a number or a string")]
        }
        let params = message["params"] ?? .null
        // The 2026-07-28 envelope: a request that carries a protocol version is answered in it.
        let meta = params["_meta"]
        let modern = meta?[MCPServer.versionKey] != nil
        if modern {
            guard let requested = meta?[MCPServer.versionKey]?.stringValue else {
                return [LanguageServer.error(id: id, code: -32602, "params._meta's \(MCPServer.versionKey) must be a string")]
            }
            guard requested == MCPServer.protocolVersion else {
                return [MCPServer.error(id: id, code: -32022, "Unsupported protocol version",
                                        data: .object([("supported", .array([.string(MCPServer.protocolVersion)])), ("requested", .string(requested))]))]
            }
            guard meta?[MCPServer.capabilitiesKey] != nil else {
                return [LanguageServer.error(id: id, code: -32602, "params._meta is missing the required envelope key(s): \(MCPServer.capabilitiesKey)")]
            }
        }
        do {
            var result = try answer(method, params)
            if modern, case .object(var members) = result {
                members.append(("resultType", .string("complete")))
                if method == "tools/list" { members += [("ttlMs", .int(0)), ("cacheScope", .string("private"))] }
                members.append(("_meta", .object([(MCPServer.serverInfoKey, MCPServer.serverInfo)])))
                result = .object(members)
            }
            return [LanguageServer.response(id: id, result)]
        } catch let failure as LanguageServer.Failure {
            return [LanguageServer.error(id: id, code: failure.code, failure.message)]
        } catch {
            return [LanguageServer.error(id: id, code: -32603, "Internal error: \(error)")]
        }
    }

    static var serverInfo: JSONValue { .object([("name", .string(name)), ("version", .string(version))]) }

    static let instructions = """
        Sections of Markdown files by their stable IDs (the <!-- outline:ID --> anchor under each heading). \
        Read one section with show_section instead of the whole file (tree lists the sections and their IDs); \
        edit it with replace_section, passing the hash show_section gave; move, insert and rename sections \
        with the tools of those names: the links to them anywhere under this directory follow, and every \
        write is verified before it is made. Paths are relative to the directory the server serves.
        """

    private func answer(_ method: String, _ params: JSONValue) throws -> JSONValue {
        switch method {
        case "initialize":
            let asked = params["protocolVersion"]?.stringValue ?? ""
            let version = MCPServer.handshakeVersions.contains(asked) ? asked : MCPServer.handshakeVersions.last!
            negotiated = version
            return .object([("protocolVersion", .string(version)), ("capabilities", MCPServer.capabilities),
                            ("serverInfo", MCPServer.serverInfo), ("instructions", .string(MCPServer.instructions))])
        case "server/discover":
            return .object([("supportedVersions", .array([.string(MCPServer.protocolVersion)])), ("capabilities", MCPServer.capabilities),
                            ("instructions", .string(MCPServer.instructions)), ("ttlMs", .int(0)), ("cacheScope", .string("private"))])
        case "ping":
            return .object([])
        case "tools/list":
            return .object([("tools", .array(MCPTools.list))])
        case "tools/call":
            guard let name = params["name"]?.stringValue else { throw LanguageServer.Failure.invalidParams("tools/call needs the tool's name") }
            guard MCPTools.names.contains(name) else {
                throw LanguageServer.Failure.invalidParams("Unknown tool: \(name) (the tools: \(MCPTools.names.joined(separator: ", ")))")
            }
            return tools.call(name, params["arguments"] ?? .object([]))
        default:
            throw LanguageServer.Failure(code: -32601, message: "Method not found: \(method)")
        }
    }

    static var capabilities: JSONValue { .object([("tools", .object([("listChanged", .bool(false))]))]) }

    static func validID(_ id: JSONValue?) -> JSONValue? {
        switch id {
        case .int?, .string?: return id
        default: return nil
        }
    }

    static func error(id: JSONValue, code: Int, _ message: String, data: JSONValue) -> [UInt8] {
        Array(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id),
                                ("error", .object([("code", .int(code)), ("message", .string(message)), ("data", data)]))]).compact().utf8)
    }
}
