/// `outline lsp` (format.md §15): a Language Server Protocol 3.17 server. Pure: the caller hands it
/// each message body it read and writes out the bodies it returns, in order; the server itself reads
/// and writes nothing but the `Workspace` it is given.
///
/// JSON-RPC 2.0 as the protocol says, not as one library does it: a body that is not JSON gets -32700
/// with a null id, a message that is neither request, notification nor response -32600, an unknown
/// request -32601; an unknown notification is ignored. Requests before `initialize` get -32002, after
/// `shutdown` -32600. `exit` sets `exitCode` (0 after `shutdown`, 1 without). No request may crash the
/// server: a handler that throws answers -32603 with the reason.
public final class LanguageServer {
    public static let version = "0.1.0"

    /// Errors a handler answers with.
    struct Failure: Error {
        let code: Int
        let message: String
        static func invalidParams(_ m: String) -> Failure { Failure(code: -32602, message: m) }
        static func failed(_ m: String) -> Failure { Failure(code: -32803, message: m) }
    }

    private let makeWorkspace: ([String]) -> Workspace
    var workspace: Workspace
    var encoding: PositionEncoding = .utf16
    private var initialized = false
    private var shutdownRequested = false
    /// Set by `exit`: the status the process ends with.
    public private(set) var exitCode: Int32? = nil
    /// The client announced `window/workDoneProgress`-free pull diagnostics? We always push.
    private var published: Set<String> = []
    /// What was last published for each open buffer, and its diagnostics array serialized: an edit
    /// that leaves every diagnostic where the client shows it reuses the bytes.
    private var lastPublished: [String: (items: [ClientDiagnostic], json: [UInt8])] = [:]
    private var cancelled: Set<String> = []
    /// The request being answered (its id, compact), while its handler runs.
    private var current: String? = nil
    /// Set by the caller: reads what arrived meanwhile without waiting and hands it to
    /// `noteCancellations`, so that a workspace-wide operation hears of its own cancellation while it
    /// runs. (The server stays single-threaded: it asks, between files.)
    public var pollCancellations: (() -> Void)? = nil

    /// `makeWorkspace` gets the folders the client names at `initialize` (absolute paths).
    public init(makeWorkspace: @escaping ([String]) -> Workspace) {
        self.makeWorkspace = makeWorkspace
        self.workspace = makeWorkspace([])
    }

    /// Bodies of several messages that arrived together: a `$/cancelRequest` among them cancels a
    /// request before it (answered "cancelled" when its turn comes), or the one being answered, which
    /// stops at its next file (`checkCancelled`).
    public func handle(batch bodies: [[UInt8]]) -> [[UInt8]] {
        noteCancellations(bodies)
        var out: [[UInt8]] = []
        for body in bodies { out += handle(body) }
        return out
    }

    /// Messages read but not yet handled: the requests their `$/cancelRequest`s name are answered
    /// "cancelled" when their turn comes, without the work.
    public func noteCancellations(_ bodies: [[UInt8]]) {
        for body in bodies where body.count < 200 {
            if let message = try? JSONReader.parse(body), message["method"]?.stringValue == "$/cancelRequest",
               let id = message["params"]?["id"] {
                cancelled.insert(id.compact())
            }
        }
    }

    /// One message body in, the bodies to send back out (responses and notifications), in order.
    public func handle(_ body: [UInt8]) -> [[UInt8]] {
        let message: JSONValue
        do {
            message = try JSONReader.parse(body)
        } catch {
            return [LanguageServer.error(id: .null, code: -32700, "Parse error: \(error.message) (line \(error.line))")]
        }
        guard case .object = message, message["jsonrpc"]?.stringValue == "2.0" else {
            return [LanguageServer.error(id: validID(message["id"]) ?? .null, code: -32600, "Invalid Request: not a JSON-RPC 2.0 message object")]
        }
        let id = message["id"]
        guard let methodValue = message["method"] else {
            // A response to a request of ours (we send none that need one), or nothing at all.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [LanguageServer.error(id: validID(id) ?? .null, code: -32600, "Invalid Request: no method")]
        }
        guard let method = methodValue.stringValue else {
            return [LanguageServer.error(id: validID(id) ?? .null, code: -32600, "Invalid Request: method is not a string")]
        }
        if let id, validID(id) == nil {
            return [LanguageServer.error(id: .null, code: -32600, "Invalid Request: id must be a number or a string")]
        }
        let params = message["params"] ?? .null
        if let id {
            return request(id: id, method: method, params: params)
        }
        return notification(method, params)
    }

    private func validID(_ id: JSONValue?) -> JSONValue? {
        switch id {
        case .int?, .string?: return id
        case .double(let d)? where d == d.rounded(): return id
        default: return nil
        }
    }

    /// Between the files of a workspace-wide operation (workspace symbols, references, rename, file
    /// renames, path completion): stops with -32800 when the client cancelled the request meanwhile.
    func checkCancelled() throws {
        guard let current, let poll = pollCancellations else { return }
        poll()
        if cancelled.remove(current) != nil { throw Failure(code: -32800, message: "Request cancelled") }
    }

    /// Work left for when the answers are out (freeing replaced documents): the caller calls it after
    /// writing what `handle` returned.
    public func idle() { workspace.releaseRetired() }

    /// A log line for the client (`window/logMessage`), e.g. for a malformed header the caller skipped.
    public func log(_ text: String, type: Int = 1) -> [UInt8] {
        LanguageServer.notification("window/logMessage", .object([("type", .int(type)), ("message", .string("outline: " + text))]))
    }

    // MARK: requests

    private func request(id: JSONValue, method: String, params: JSONValue) -> [[UInt8]] {
        if cancelled.remove(id.compact()) != nil {
            return [LanguageServer.error(id: id, code: -32800, "Request cancelled")]
        }
        if method == "initialize" {
            guard !initialized else { return [LanguageServer.error(id: id, code: -32600, "initialize was already received")] }
            return [LanguageServer.response(id: id, initialize(params))]
        }
        guard initialized else { return [LanguageServer.error(id: id, code: -32002, "Server not initialized")] }
        if shutdownRequested { return [LanguageServer.error(id: id, code: -32600, "Invalid Request: the server is shutting down")] }
        if method == "shutdown" {
            shutdownRequested = true
            return [LanguageServer.response(id: id, .null)]
        }
        guard let handler = requestHandlers[method] else {
            return [LanguageServer.error(id: id, code: -32601, "Method not found: \(method)")]
        }
        current = id.compact()
        defer { current = nil }
        do {
            return [LanguageServer.response(id: id, try handler(self)(params))]
        } catch let failure as Failure {
            return [LanguageServer.error(id: id, code: failure.code, failure.message)]
        } catch let d as Diagnostic {
            return [LanguageServer.error(id: id, code: -32803, d.message)]
        } catch {
            return [LanguageServer.error(id: id, code: -32603, "Internal error: \(error)")]
        }
    }

    private let requestHandlers: [String: (LanguageServer) -> (JSONValue) throws -> JSONValue] = [
        "textDocument/documentSymbol": { $0.documentSymbols },
        "workspace/symbol": { $0.workspaceSymbols },
        "textDocument/foldingRange": { $0.foldingRanges },
        "textDocument/definition": { $0.definition },
        "textDocument/references": { $0.references },
        "textDocument/hover": { $0.hover },
        "textDocument/completion": { $0.completion },
        "textDocument/prepareRename": { $0.prepareRename },
        "textDocument/rename": { $0.rename },
        "workspace/willRenameFiles": { $0.willRenameFiles },
        "textDocument/codeAction": { $0.codeActions },
    ]

    private func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        let capabilities = params["capabilities"]
        let offered = (capabilities?["general"]?["positionEncodings"]?.arrayValue ?? []).compactMap(\.stringValue)
        let legacy = (capabilities?["offsetEncoding"]?.arrayValue ?? []).compactMap(\.stringValue)
        encoding = offered.contains("utf-8") || (offered.isEmpty && legacy.contains("utf-8")) ? .utf8 : .utf16
        var folders: [String] = []
        for folder in params["workspaceFolders"]?.arrayValue ?? [] {
            if let uri = folder["uri"]?.stringValue, let path = URI.path(of: uri) { folders.append(path) }
        }
        if folders.isEmpty, let uri = params["rootUri"]?.stringValue, let path = URI.path(of: uri) { folders.append(path) }
        if folders.isEmpty, let path = params["rootPath"]?.stringValue, path.hasPrefix("/") { folders.append(path) }
        workspace = makeWorkspace(folders)
        let markdown: JSONValue = .array([
            .object([("pattern", .object([("glob", .string("**/*.{md,markdown,MD,Markdown}")), ("matches", .string("file"))]))]),
            .object([("pattern", .object([("glob", .string("**/*")), ("matches", .string("folder"))]))]),
        ])
        var result: [(String, JSONValue)] = [
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2)),
                                              ("save", .object([("includeText", .bool(false))]))])),
                ("documentSymbolProvider", .bool(true)),
                ("workspaceSymbolProvider", .bool(true)),
                ("foldingRangeProvider", .bool(true)),
                ("definitionProvider", .bool(true)),
                ("referencesProvider", .bool(true)),
                ("hoverProvider", .bool(true)),
                ("renameProvider", .object([("prepareProvider", .bool(true))])),
                ("completionProvider", .object([("triggerCharacters", .array([.string("("), .string("#"), .string("/")]))])),
                ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix"), .string("source"), .string("source.fixAll")]))])),
                ("workspace", .object([
                    ("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))])),
                    ("fileOperations", .object([("willRename", .object([("filters", markdown)]))])),
                ])),
            ])),
            ("serverInfo", .object([("name", .string("outline")), ("version", .string(LanguageServer.version))])),
        ]
        // Neovim 0.7 and clangd's older extension: the answer names the encoding chosen.
        if !legacy.isEmpty { result.append(("offsetEncoding", .string(encoding.rawValue))) }
        return .object(result)
    }

    // MARK: notifications

    private func notification(_ method: String, _ params: JSONValue) -> [[UInt8]] {
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return []
        }
        guard initialized, !shutdownRequested else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let doc = params["textDocument"], let uri = doc["uri"]?.stringValue, let text = doc["text"]?.stringValue else { return [] }
            let path = URI.key(uri)
            workspace.open(path, text: Array(text.utf8), version: doc["version"]?.intValue ?? 0)
            return publish(path)
        case "textDocument/didChange":
            guard let doc = params["textDocument"], let uri = doc["uri"]?.stringValue else { return [] }
            let path = URI.key(uri)
            guard var bytes = workspace.text(of: path) else { return [] }
            for change in params["contentChanges"]?.arrayValue ?? [] {
                guard let text = change["text"]?.stringValue else { continue }
                if let range = change["range"], let from = Position(range["start"]), let to = Position(range["end"]) {
                    let source = Source(bytes)
                    let a = source.offset(of: from, encoding), b = max(a, source.offset(of: to, encoding))
                    bytes.replaceSubrange(a..<b, with: Array(text.utf8))
                } else {
                    bytes = Array(text.utf8)
                }
            }
            workspace.change(path, text: bytes, version: doc["version"]?.intValue ?? 0)
            return publish(path)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { return [] }
            let path = URI.key(uri)
            workspace.close(path)
            // A file outside the workspace leaves with its buffer: clear what was said about it.
            if !workspace.files().contains(path) || workspace.document(path) == nil { return publish(path, clear: true) }
            return []
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { return [] }
            workspace.fileChanged(URI.key(uri))
            return publishWorkspace()
        case "workspace/didChangeWatchedFiles":
            for change in params["changes"]?.arrayValue ?? [] {
                if let uri = change["uri"]?.stringValue {
                    let type = change["type"]?.intValue ?? 2
                    workspace.fileChanged(URI.key(uri), createdOrDeleted: type != 2)
                }
            }
            return publishWorkspace()
        case "workspace/didChangeWorkspaceFolders":
            var folders = workspace.folders
            for removed in params["event"]?["removed"]?.arrayValue ?? [] {
                if let uri = removed["uri"]?.stringValue, let path = URI.path(of: uri) { folders.removeAll { $0 == Workspace.trimmed(path) } }
            }
            for added in params["event"]?["added"]?.arrayValue ?? [] {
                if let uri = added["uri"]?.stringValue, let path = URI.path(of: uri) { folders.append(path) }
            }
            workspace.setFolders(folders)
            return publishWorkspace()
        default:
            return []
        }
    }

    /// `textDocument/publishDiagnostics` for one document: everything `check` reports about it.
    func publish(_ path: String, clear: Bool = false) -> [[UInt8]] {
        var items: [ClientDiagnostic] = []
        if !clear, let outline = workspace.document(path)?.outline {
            items = workspace.diagnostics(for: path).map { diagnostic($0, in: outline) }
        } else if !clear, let failure = workspace.parseFailure(path) {
            let start = Position(line: 0, character: 0)
            items = [ClientDiagnostic(start: start, end: start, severity: 1, code: failure.kind.rawValue, message: failure.message)]
        }
        if items.isEmpty && !published.contains(path) && !workspace.isOpen(path) { return [] }
        if items.isEmpty { published.remove(path) } else { published.insert(path) }
        let array: [UInt8]
        if let last = lastPublished[path], last.items == items {
            array = last.json
        } else {
            var writer = JSONWriter()
            writer.value(.array(items.map(\.json)), indent: false, level: 0)
            array = writer.bytes
            lastPublished[path] = workspace.isOpen(path) && !items.isEmpty ? (items, array) : nil
        }
        var params: [(String, JSONValue)] = [("uri", .string(URI.uri(for: path)))]
        if let version = workspace.version(of: path) { params.append(("version", .int(version))) }
        params.append(("diagnostics", .array([])))
        // The array goes where the empty one was written, last in the message: `[]}}`.
        var message = LanguageServer.notification("textDocument/publishDiagnostics", .object(params))
        precondition(message.suffix(4).elementsEqual("[]}}".utf8), "a notification's params end with its last member")
        message.removeLast(4)
        message += array
        message += [UInt8(ascii: "}"), UInt8(ascii: "}")]
        return [message]
    }

    /// After a save or a change on disk: every workspace file and open buffer, said again (a file whose
    /// findings went away gets an empty list).
    func publishWorkspace() -> [[UInt8]] {
        var out: [[UInt8]] = []
        var done = Set<String>()
        for path in workspace.files() where done.insert(path).inserted { out += publish(path) }
        for path in published.sorted() where done.insert(path).inserted { out += publish(path) }
        return out
    }

    private func diagnostic(_ d: Diagnostic, in outline: Outline) -> ClientDiagnostic {
        let source = outline.source
        let line = max(0, (d.line ?? 1) - 1)
        var bytes = source.lineTextBytes(line)
        // A finding about bytes of its line (a broken link's destination): those bytes.
        if let range = d.range, range.upperBound <= source.bytes.count { bytes = range }
        // A translated section's status is information (format.md §17), as rust-analyzer's hints are.
        let severity = d.severity == .error ? 1 : d.kind == .translation ? 3 : 2
        return ClientDiagnostic(start: source.position(of: bytes.lowerBound, encoding), end: source.position(of: bytes.upperBound, encoding),
                                severity: severity, code: d.kind.rawValue, message: d.message)
    }

    // MARK: messages

    static func response(id: JSONValue, _ result: JSONValue) -> [UInt8] {
        Array(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).compact().utf8)
    }

    static func error(id: JSONValue, code: Int, _ message: String) -> [UInt8] {
        Array(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id),
                                ("error", .object([("code", .int(code)), ("message", .string(message))]))]).compact().utf8)
    }

    static func notification(_ method: String, _ params: JSONValue) -> [UInt8] {
        Array(JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).compact().utf8)
    }
}

/// A diagnostic as the client sees it: what decides whether a publication changed.
struct ClientDiagnostic: Equatable {
    var start: Position
    var end: Position
    var severity: Int
    var code: String
    var message: String

    var json: JSONValue {
        .object([("range", .object([("start", start.json), ("end", end.json)])), ("severity", .int(severity)), ("code", .string(code)),
                 ("source", .string("outline")), ("message", .string(message))])
    }
}
