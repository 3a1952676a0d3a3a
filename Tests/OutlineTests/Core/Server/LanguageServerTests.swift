import Testing
import OutlineTestHelpers
@testable import OutlineCore
import OutlineTestSupport

/// `outline lsp` in process (format.md §15): framing, positions in UTF-16 and UTF-8, the JSON-RPC error
/// cases, and each capability over an in-memory store. The end-to-end suite with a real client
/// library is `LanguageServerClientTests` (Tests/LSP).
@Suite("Language server")
struct LanguageServerTests {
    final class MemoryStore: DocumentStore, @unchecked Sendable {
        var files: [String: String]
        init(_ files: [String: String]) { self.files = files }
        func markdownFiles(in folder: String) -> [String] { files.keys.filter { $0.hasPrefix(folder + "/") && LocalLink.isMarkdown($0) }.sorted() }
        func contents(of path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }
        func kind(of path: String) -> StoredKind {
            if files[path] != nil { return .file }
            return files.keys.contains { $0.hasPrefix(path + "/") } ? .directory : .missing
        }
        var config = Config()
        func configuration(for folder: String) -> Config { config }
    }

    /// The files at one revision (`revision`); no file at any other.
    final class MemoryHistory: RevisionStore {
        var files: [String: String]
        let revision: String
        init(_ files: [String: String], at revision: String = "HEAD") {
            self.files = files
            self.revision = revision
        }
        func contents(of path: String, at revision: String) -> [UInt8]? {
            revision == self.revision ? files[path].map { Array($0.utf8) } : nil
        }
    }

    /// A server over `files` under /w, initialized (with `capabilities`), and a way to talk to it.
    final class Session {
        let server: LanguageServer
        var nextID = 1
        var notifications: [JSONValue] = []

        init(_ files: [String: String], history: [String: String] = [:], at revision: String = "HEAD",
             config: Config = Config(), capabilities: String = "{}", revisions given: RevisionStore? = nil) {
            let store = MemoryStore(files)
            store.config = config
            let revisions = given ?? MemoryHistory(history, at: revision)
            server = LanguageServer { Workspace(store: store, revisions: revisions, folders: $0) }
            _ = request("initialize", "{\"rootUri\": \"file:///w\", \"capabilities\": \(capabilities)}")
            notify("initialized", "{}")
        }

        func send(_ text: String) -> [JSONValue] {
            server.handle(Array(text.utf8)).map { try! JSONReader.parse($0) }
        }

        func request(_ method: String, _ params: String) -> JSONValue {
            let id = nextID
            nextID += 1
            var answer: JSONValue = .null
            for message in send("{\"jsonrpc\": \"2.0\", \"id\": \(id), \"method\": \"\(method)\", \"params\": \(params)}") {
                if message["id"] == .int(id) { answer = message } else { notifications.append(message) }
            }
            return answer
        }

        func notify(_ method: String, _ params: String) {
            notifications += send("{\"jsonrpc\": \"2.0\", \"method\": \"\(method)\", \"params\": \(params)}")
        }

        func open(_ path: String, _ text: String, version: Int = 1) {
            notify("textDocument/didOpen", "{\"textDocument\": {\"uri\": \"file://\(path)\", \"languageId\": \"markdown\", \"version\": \(version), \"text\": \(JSONValue.string(text).compact())}}")
        }

        func at(_ path: String, _ line: Int, _ character: Int) -> String {
            "{\"textDocument\": {\"uri\": \"file://\(path)\"}, \"position\": {\"line\": \(line), \"character\": \(character)}}"
        }

        var lastDiagnostics: [JSONValue] {
            notifications.last { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]?.arrayValue ?? []
        }
    }

    static let readme = """
    # Guide
    <!-- outline:guide -->

    See [install](docs/setup.md#install) and [x](#guide).

    ## Usage 😀 here
    <!-- outline:usage -->

    text

    """
    static let setup = """
    # Setup
    <!-- outline:setup -->

    ## Install
    <!-- outline:install -->

    Run it. [back](../README.md#usage--here)

    """
    static let files = ["/w/README.md": readme, "/w/docs/setup.md": setup]

    // MARK: framing and protocol

    @Test func framingSplitsJoinsAndResynchronises() {
        var framer = MessageFramer()
        let one = MessageFramer.frame(Array("{\"a\":1}".utf8))
        // Byte by byte: nothing until the last byte.
        var events: [MessageFramer.Event] = []
        for b in one { events += framer.feed([b]) }
        #expect(events == [.message(Array("{\"a\":1}".utf8))])
        // A header without Content-Length, then a good message: one complaint, then the message.
        let bad = Array("Content-Type: x\r\n\r\n".utf8)
        #expect(framer.feed(bad + one) == [.malformedHeader("a header without Content-Length"), .message(Array("{\"a\":1}".utf8))])
        // A length that is not a number; case-insensitive header names; other headers ignored.
        let events2 = framer.feed(Array("Content-Length: x1\r\n\r\ncontent-length: 2\r\nContent-Type: y\r\n\r\n{}".utf8))
        #expect(events2.count == 2 && events2.last == .message(Array("{}".utf8)))
        #expect(!framer.hasPartialMessage)
        #expect(framer.feed(Array("Content-Length: 10\r\n\r\n{}".utf8)) == [])
        #expect(framer.hasPartialMessage)
    }

    @Test func jsonRPCErrorsAreTheSpecificationsOnes() {
        let s = Session(Self.files)
        #expect(s.send("{not json")[0]["error"]?["code"] == .int(-32700))
        #expect(s.send("{not json")[0]["id"] == .null)
        #expect(s.send("[1, 2]")[0]["error"]?["code"] == .int(-32600))
        #expect(s.send("{\"jsonrpc\": \"2.0\", \"id\": 7}")[0]["error"]?["code"] == .int(-32600))
        #expect(s.send("{\"jsonrpc\": \"2.0\", \"id\": 7}")[0]["id"] == .int(7))
        #expect(s.send("{\"jsonrpc\": \"1.0\", \"id\": 7, \"method\": \"shutdown\"}")[0]["error"]?["code"] == .int(-32600))
        #expect(s.request("no/such", "{}")["error"]?["code"] == .int(-32601))
        // An unknown notification is ignored, as the protocol says.
        #expect(s.send("{\"jsonrpc\": \"2.0\", \"method\": \"no/such\"}").isEmpty)
        // A document that is neither open nor on disk: an error response, not a crash.
        #expect(s.request("textDocument/documentSymbol", "{\"textDocument\": {\"uri\": \"file:///w/none.md\"}}")["error"]?["code"] == .int(-32803))
        #expect(s.request("textDocument/hover", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}}")["error"]?["code"] == .int(-32602))
    }

    @Test func lifecycle() {
        let store = MemoryStore([:])
        let server = LanguageServer { Workspace(store: store, folders: $0) }
        func send(_ text: String) -> [JSONValue] { server.handle(Array(text.utf8)).map { try! JSONReader.parse($0) } }
        #expect(send("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"workspace/symbol\", \"params\": {\"query\": \"\"}}")[0]["error"]?["code"] == .int(-32002))
        _ = send("{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"initialize\", \"params\": {\"capabilities\": {}}}")
        #expect(send("{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"shutdown\"}")[0]["result"] == .null)
        #expect(send("{\"jsonrpc\": \"2.0\", \"id\": 4, \"method\": \"workspace/symbol\", \"params\": {\"query\": \"\"}}")[0]["error"]?["code"] == .int(-32600))
        #expect(server.exitCode == nil)
        _ = send("{\"jsonrpc\": \"2.0\", \"method\": \"exit\"}")
        #expect(server.exitCode == 0)
        let other = LanguageServer { Workspace(store: store, folders: $0) }
        _ = other.handle(Array("{\"jsonrpc\": \"2.0\", \"method\": \"exit\"}".utf8))
        #expect(other.exitCode == 1)
    }

    @Test func cancelledWaitingRequestsAnswerRequestCancelled() {
        let s = Session(Self.files)
        let bodies = ["{\"jsonrpc\": \"2.0\", \"id\": 50, \"method\": \"workspace/symbol\", \"params\": {\"query\": \"\"}}",
                      "{\"jsonrpc\": \"2.0\", \"method\": \"$/cancelRequest\", \"params\": {\"id\": 50}}"].map { Array($0.utf8) }
        let out = s.server.handle(batch: bodies).map { try! JSONReader.parse($0) }
        #expect(out.count == 1 && out[0]["error"]?["code"] == .int(-32800))
    }

    /// A workspace-wide request hears of its cancellation while it runs: the server asks between files
    /// (`pollCancellations`, which `outline lsp` answers by reading what arrived without waiting), and
    /// stops with -32800. A request nothing cancels is answered in full.
    @Test func aRunningWorkspaceRequestStopsWhenCancelled() {
        let s = Session(Self.files)
        var polls = 0
        s.server.pollCancellations = {
            polls += 1
            if polls == 2 { s.server.noteCancellations([Array("{\"jsonrpc\": \"2.0\", \"method\": \"$/cancelRequest\", \"params\": {\"id\": 60}}".utf8)]) }
        }
        for method in ["workspace/symbol", "textDocument/references"] {
            polls = 0
            let params = method == "workspace/symbol" ? "{\"query\": \"\"}"
                : "{\"textDocument\": {\"uri\": \"file:///w/docs/setup.md\"}, \"position\": {\"line\": 3, \"character\": 4}, \"context\": {\"includeDeclaration\": true}}"
            let out = s.server.handle(Array("{\"jsonrpc\": \"2.0\", \"id\": 60, \"method\": \"\(method)\", \"params\": \(params)}".utf8)).map { try! JSONReader.parse($0) }
            #expect(out.count == 1 && out[0]["error"]?["code"] == .int(-32800), "\(method): \(out.map { $0.compact() })")
            #expect(polls == 2, "\(method) asked \(polls) times")
        }
        s.server.pollCancellations = { polls += 1 }
        polls = 0
        let whole = s.request("workspace/symbol", "{\"query\": \"\"}")
        #expect(whole["result"]?.arrayValue?.isEmpty == false && polls == Self.files.count)
    }

    // MARK: positions

    @Test func positionsCountUTF16UnitsOrUTF8Bytes() {
        let source = Source(Array("a😀é\u{FFFD}b\r\nx\ny".utf8) + [0xFF] + Array("z".utf8))
        // 😀 is two UTF-16 units and four bytes; é one unit and two bytes.
        #expect(source.position(of: 5, .utf16) == Position(line: 0, character: 3))
        #expect(source.position(of: 5, .utf8) == Position(line: 0, character: 5))
        #expect(source.offset(of: Position(line: 0, character: 3), .utf16) == 5)
        // Inside the surrogate pair: before the character. Past the line's end: its end, not the next line.
        #expect(source.offset(of: Position(line: 0, character: 2), .utf16) == 1)
        #expect(source.offset(of: Position(line: 0, character: 99), .utf16) == 11)
        #expect(source.offset(of: Position(line: 1, character: 0), .utf16) == 13)
        // An invalid byte is one unit.
        #expect(source.position(of: source.bytes.count, .utf16) == Position(line: 2, character: 3))
        #expect(source.offset(of: Position(line: 2, character: 2), .utf16) == source.bytes.count - 1)
        // After a final line ending: the empty line below it.
        #expect(Source(Array("a\n".utf8)).position(of: 2, .utf16) == Position(line: 1, character: 0))
    }

    @Test func utf8IsUsedWhenTheClientOffersIt() {
        for (capabilities, expected) in [("{\"general\": {\"positionEncodings\": [\"utf-8\", \"utf-16\"]}}", "utf-8"), ("{}", "utf-16"),
                                         ("{\"offsetEncoding\": [\"utf-8\"]}", "utf-8")] {
            let store = MemoryStore(Self.files)
            let server = LanguageServer { Workspace(store: store, folders: $0) }
            let answer = try! JSONReader.parse(server.handle(Array("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"initialize\", \"params\": {\"capabilities\": \(capabilities)}}".utf8))[0])
            #expect(answer["result"]?["capabilities"]?["positionEncoding"]?.stringValue == expected)
        }
        let s = Session(Self.files, capabilities: "{\"general\": {\"positionEncodings\": [\"utf-8\"]}}")
        let symbols = s.request("textDocument/documentSymbol", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}}")
        let usage = symbols["result"]?.arrayValue?[0]["children"]?.arrayValue?[0]
        // "## Usage 😀 here": the text ends at byte 18 (UTF-8); at unit 16 in UTF-16.
        #expect(usage?["selectionRange"]?["end"]?["character"] == .int(18))
    }

    // MARK: capabilities

    @Test func diagnosticsAreChecksFindingsWithTheirKind() {
        let s = Session(Self.files)
        s.open("/w/a.md", "# A\n\nSee [b](README.md#nope) and [c](missing.md).\n")
        let found = s.lastDiagnostics
        let codes = found.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["missing-anchor", "broken-link", "broken-link"])
        // The broken link's range is its destination: `README.md#nope` on line 2.
        #expect(found[1]["range"]?["start"] == .object([("line", .int(2)), ("character", .int(8))]))
        #expect(found[1]["range"]?["end"]?["character"] == .int(22))
        // Fixed in the buffer: the findings go, and the notification carries the buffer's version.
        s.notify("textDocument/didChange", "{\"textDocument\": {\"uri\": \"file:///w/a.md\", \"version\": 2}, \"contentChanges\": [{\"range\": {\"start\": {\"line\": 2, \"character\": 18}, \"end\": {\"line\": 2, \"character\": 22}}, \"text\": \"guide\"}]}")
        #expect(s.lastDiagnostics.compactMap { $0["code"]?.stringValue } == ["missing-anchor", "broken-link"])
        let last = s.notifications.last { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        #expect(last?["params"]?["version"] == .int(2))
    }

    /// Every version is published, its array reused only when every diagnostic is where it was: an
    /// edit of as many bytes that changes the UTF-16 columns before a finding moves it.
    @Test func republishedDiagnosticsFollowTheirPositions() {
        let s = Session(Self.files)
        s.open("/w/a.md", "# A\n\nSee [c](missing.md).\n")
        func change(_ version: Int, line: Int, from: Int, to: Int, _ text: String) {
            s.notify("textDocument/didChange", "{\"textDocument\": {\"uri\": \"file:///w/a.md\", \"version\": \(version)}, \"contentChanges\": [{\"range\": {\"start\": {\"line\": \(line), \"character\": \(from)}, \"end\": {\"line\": \(line), \"character\": \(to)}}, \"text\": \"\(text)\"}]}")
        }
        func published() -> (version: JSONValue?, starts: [JSONValue?]) {
            let last = s.notifications.last { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
            return (last?["params"]?["version"], s.lastDiagnostics.map { $0["range"]?["start"] })
        }
        func at(_ line: Int, _ character: Int) -> JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }
        #expect(published().starts == [at(0, 0), at(2, 8)])
        change(2, line: 0, from: 2, to: 3, "B")  // same place, same width
        #expect(published().version == .int(2) && published().starts == [at(0, 0), at(2, 8)])
        change(3, line: 2, from: 0, to: 3, "éx")  // as many bytes, one UTF-16 unit fewer
        #expect(published().version == .int(3) && published().starts == [at(0, 0), at(2, 7)])
        change(4, line: 0, from: 0, to: 0, "\\n")  // a line above: both move down
        #expect(published().version == .int(4) && published().starts == [at(1, 0), at(3, 7)])
    }

    @Test func symbolsCarryNumbersAndIDs() {
        let s = Session(Self.files)
        let symbols = s.request("textDocument/documentSymbol", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}}")["result"]?.arrayValue ?? []
        #expect(symbols.count == 1)
        #expect(symbols[0]["name"]?.stringValue == "Guide" && symbols[0]["detail"]?.stringValue == "#guide")
        let child = symbols[0]["children"]?.arrayValue?[0]
        #expect(child?["name"]?.stringValue == "Usage 😀 here" && child?["detail"]?.stringValue == "#usage")
        // UTF-16: "## Usage " is 9 units, the emoji 2, " here" 5.
        #expect(child?["selectionRange"]?["end"]?["character"] == .int(16))
        let found = s.request("workspace/symbol", "{\"query\": \"INSTALL\"}")["result"]?.arrayValue ?? []
        #expect(found.count == 1 && found[0]["location"]?["uri"]?.stringValue == "file:///w/docs/setup.md")
        #expect(found[0]["location"]?["range"]?["start"]?["line"] == .int(3))
    }

    @Test func foldingRangesPerSection() {
        let s = Session(Self.files)
        let ranges = s.request("textDocument/foldingRange", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}}")["result"]?.arrayValue ?? []
        #expect(ranges.map { [$0["startLine"]!, $0["endLine"]!] } == [[.int(0), .int(8)], [.int(5), .int(8)]])
        #expect(ranges[1]["collapsedText"]?.stringValue == "Usage 😀 here (3 lines)")
    }

    @Test func definitionReferencesAndHover() {
        let s = Session(Self.files)
        // On the destination, and on the link text.
        for character in [20, 6] {
            let d = s.request("textDocument/definition", s.at("/w/README.md", 3, character))["result"]
            #expect(d?["uri"]?.stringValue == "file:///w/docs/setup.md")
            #expect(d?["range"]?["start"]?["line"] == .int(3))
        }
        // Outside any link: nothing.
        #expect(s.request("textDocument/definition", s.at("/w/README.md", 3, 0))["result"] == .null)
        let refs = s.request("textDocument/references", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}, \"position\": {\"line\": 5, \"character\": 4}, \"context\": {\"includeDeclaration\": false}}")["result"]?.arrayValue ?? []
        #expect(refs.count == 1 && refs[0]["uri"]?.stringValue == "file:///w/docs/setup.md")
        #expect(refs[0]["range"]?["start"] == .object([("line", .int(6)), ("character", .int(15))]))
        let hover = s.request("textDocument/hover", s.at("/w/README.md", 3, 20))["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(hover.contains("**Install**") && hover.contains("`#install`") && hover.contains("docs/setup.md:4"))
    }

    @Test func definitionFollowsAnIDOrAnOldSlug() {
        let renamed = Self.setup.replacingAll("## Install", with: "## Installing")
        let s = Session(["/w/README.md": Self.readme, "/w/docs/setup.md": renamed],
                        history: ["/w/docs/setup.md": Self.setup.replacingAll("## Install\n<!-- outline:install -->", with: "## Install\n<!-- outline:inst -->")])
        // `#install` no longer is a slug, but it is the section's ID.
        let d = s.request("textDocument/definition", s.at("/w/README.md", 3, 20))["result"]
        #expect(d?["range"]?["start"]?["line"] == .int(3))
        // An old slug whose ID differs: found through the base revision.
        s.open("/w/b.md", "# B\n\n[old](docs/setup.md#installing-x)\n")
        #expect(s.request("textDocument/definition", s.at("/w/b.md", 2, 8))["result"] == .null)
    }

    /// "Old slugs" come from HEAD unless the configuration's `base-revision` names another revision.
    @Test func oldSlugsComeFromTheConfiguredBaseRevision() throws {
        let now = "# Setup\n<!-- outline:setup -->\n\n## Installing\n<!-- outline:inst -->\n\nText.\n"
        let then = now.replacingAll("## Installing", with: "## Install")
        let link = "# B\n\n[old](docs/setup.md#install)\n"
        var config = try Config.parse(Array("base-revision = \"main\"\n".utf8), path: ".outline.toml")
        #expect(config.baseRevision == "main")
        // History at `main` only: with the key, the old slug `install` leads to the section (by its ID).
        let configured = Session(["/w/docs/setup.md": now], history: ["/w/docs/setup.md": then], at: "main", config: config)
        configured.open("/w/b.md", link)
        #expect(configured.request("textDocument/definition", configured.at("/w/b.md", 2, 8))["result"]?["range"]?["start"]?["line"] == .int(3))
        // Without it, HEAD is asked, which has no such file here: no answer.
        config.baseRevision = nil
        let plain = Session(["/w/docs/setup.md": now], history: ["/w/docs/setup.md": then], at: "main", config: config)
        plain.open("/w/b.md", link)
        #expect(plain.request("textDocument/definition", plain.at("/w/b.md", 2, 8))["result"] == .null)
    }

    @Test func renameKeepsTheIDAndMovesTheLinks() throws {
        let s = Session(Self.files)
        #expect(s.request("textDocument/prepareRename", s.at("/w/README.md", 5, 4))["result"]?["placeholder"]?.stringValue == "Usage 😀 here")
        #expect(s.request("textDocument/prepareRename", s.at("/w/README.md", 8, 1))["error"] != nil)
        let edit = s.request("textDocument/rename", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}, \"position\": {\"line\": 5, \"character\": 4}, \"newName\": \"How to use\"}")["result"]
        let changes = edit?["changes"]
        #expect(changes?["file:///w/README.md"]?.arrayValue?.first?["newText"]?.stringValue == "How to use")
        let setupEdits = changes?["file:///w/docs/setup.md"]?.arrayValue ?? []
        #expect(setupEdits.count == 1 && setupEdits[0]["newText"]?.stringValue == "how-to-use")
        // Applied, the workspace has no broken link and the anchor is unchanged.
        let applied = apply(setupEdits, to: Self.setup)
        #expect(applied.contains("[back](../README.md#how-to-use)"))
        // A new name that would change the structure is refused.
        let bad = s.request("textDocument/rename", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}, \"position\": {\"line\": 5, \"character\": 4}, \"newName\": \"x\\n# y\"}")
        #expect(bad["error"] != nil)
    }

    @Test func renameOfALinkableSectionPointsLinksAtTheID() {
        let readme = Self.readme.replacingAll("<!-- outline:usage -->", with: "<!-- outline:usage --><a id=\"usage\"></a>")
        let s = Session(["/w/README.md": readme, "/w/docs/setup.md": Self.setup])
        let edit = s.request("textDocument/rename", "{\"textDocument\": {\"uri\": \"file:///w/README.md\"}, \"position\": {\"line\": 5, \"character\": 4}, \"newName\": \"How to use\"}")["result"]
        #expect(edit?["changes"]?["file:///w/docs/setup.md"]?.arrayValue?.first?["newText"]?.stringValue == "usage")
    }

    @Test func fileRenamesKeepLinkPaths() {
        let s = Session(Self.files)
        let edit = s.request("workspace/willRenameFiles", "{\"files\": [{\"oldUri\": \"file:///w/docs/setup.md\", \"newUri\": \"file:///w/setup.md\"}]}")["result"]
        let readme = edit?["changes"]?["file:///w/README.md"]?.arrayValue ?? []
        let newReadme = apply(readme, to: Self.readme)
        #expect(newReadme.contains("[install](setup.md#install)"))
        // The moved file's own relative links are rewritten for its new directory.
        let own = edit?["changes"]?["file:///w/docs/setup.md"]?.arrayValue ?? []
        let newSetup = apply(own, to: Self.setup)
        #expect(newSetup.contains("[back](README.md#usage--here)"))
    }

    @Test func completionOfPathsAndFragments() {
        let s = Session(Self.files)
        s.open("/w/c.md", "# C\n\n[a](docs/setup.md#in\n[b](\n")
        let fragments = s.request("textDocument/completion", s.at("/w/c.md", 2, 22))["result"]?["items"]?.arrayValue ?? []
        #expect(fragments.compactMap { $0["label"]?.stringValue } == ["setup", "install"])
        #expect(fragments[1]["textEdit"]?["range"]?["start"]?["character"] == .int(18))
        let paths = s.request("textDocument/completion", s.at("/w/c.md", 3, 4))["result"]?["items"]?.arrayValue ?? []
        #expect(Set(paths.compactMap { $0["label"]?.stringValue }) == ["README.md", "docs/setup.md"])
        // Not in a destination: nothing.
        #expect(s.request("textDocument/completion", s.at("/w/c.md", 0, 2))["result"]?["items"]?.arrayValue?.isEmpty == true)
    }

    @Test func codeActionsAreTheCommandsVerified() {
        let s = Session(Self.files)
        s.open("/w/d.md", "# D\n\n## E\n")
        let actions = s.request("textDocument/codeAction", "{\"textDocument\": {\"uri\": \"file:///w/d.md\"}, \"range\": {\"start\": {\"line\": 0, \"character\": 0}, \"end\": {\"line\": 0, \"character\": 0}}, \"context\": {\"diagnostics\": []}}")["result"]?.arrayValue ?? []
        let pin = actions.first { $0["title"]?.stringValue?.hasPrefix("Pin section IDs") == true }
        let edits = pin?["edit"]?["changes"]?["file:///w/d.md"]?.arrayValue ?? []
        #expect(apply(edits, to: "# D\n\n## E\n") == "# D\n<!-- outline:d -->\n\n## E\n<!-- outline:e -->\n")
        // A broken link that link repair can fix: the fragment is the section's ID, not its slug.
        s.open("/w/f.md", "# F\n<!-- outline:f -->\n\n[i](README.md#usage)\n")
        let diagnostics = s.lastDiagnostics
        #expect(diagnostics.first?["message"]?.stringValue?.contains("is now 'README.md#usage--here'") == true)
        let repair = s.request("textDocument/codeAction", "{\"textDocument\": {\"uri\": \"file:///w/f.md\"}, \"range\": {\"start\": {\"line\": 3, \"character\": 0}, \"end\": {\"line\": 3, \"character\": 0}}, \"context\": {\"diagnostics\": \(JSONValue.array(diagnostics).compact())}}")["result"]?.arrayValue ?? []
        let fix = repair.first { $0["title"]?.stringValue == "Repair this link (outline links)" }
        let fixed = apply(fix?["edit"]?["changes"]?["file:///w/f.md"]?.arrayValue ?? [], to: "# F\n<!-- outline:f -->\n\n[i](README.md#usage)\n")
        #expect(fixed.contains("[i](README.md#usage--here)"))
    }

    /// A file on disk with a byte order mark, front matter, CRLF and no final newline: positions count
    /// as an editor that opened it does (the BOM is no character), and a rename changes only the
    /// heading's text and the link's fragment, every other byte kept.
    @Test func renameKeepsEveryOtherByteOfACRLFFileWithABOM() {
        let text = "\u{FEFF}---\r\ntitle: x\r\n---\r\n# A\r\n<!-- outline:a -->\r\n\r\n[x](#a) [y](b.md#a)"
        let s = Session(["/w/a.md": text, "/w/b.md": "# Z\n<!-- outline:z -->\n\n[to a](a.md#a)"])
        // Line 0 is "---": three characters, not four.
        let symbols = s.request("textDocument/documentSymbol", "{\"textDocument\": {\"uri\": \"file:///w/a.md\"}}")["result"]?.arrayValue ?? []
        #expect(symbols.first?["selectionRange"]?["start"] == .object([("line", .int(3)), ("character", .int(2))]))
        #expect(Source(Array(text.utf8)).position(of: 6, .utf16) == Position(line: 0, character: 3))
        let edit = s.request("textDocument/rename", "{\"textDocument\": {\"uri\": \"file:///w/a.md\"}, \"position\": {\"line\": 3, \"character\": 2}, \"newName\": \"Alpha\"}")["result"]
        let own = edit?["changes"]?["file:///w/a.md"]?.arrayValue ?? []
        let other = edit?["changes"]?["file:///w/b.md"]?.arrayValue ?? []
        #expect(apply(own, to: text) == "\u{FEFF}---\r\ntitle: x\r\n---\r\n# Alpha\r\n<!-- outline:a -->\r\n\r\n[x](#alpha) [y](b.md#a)")
        #expect(apply(other, to: "# Z\n<!-- outline:z -->\n\n[to a](a.md#a)") == "# Z\n<!-- outline:z -->\n\n[to a](a.md#alpha)")
    }

    /// Seeded random requests and notifications (wrong types, positions past the end, edits that break
    /// the text, unknown documents): every request gets exactly one answer, nothing crashes.
    @Test func randomMessagesNeverCrashAndEveryRequestIsAnswered() {
        var random = SeededRandom(seed: 31)
        let s = Session(Self.files)
        let methods = ["textDocument/documentSymbol", "workspace/symbol", "textDocument/foldingRange", "textDocument/definition",
                       "textDocument/references", "textDocument/hover", "textDocument/completion", "textDocument/prepareRename",
                       "textDocument/rename", "workspace/willRenameFiles", "textDocument/codeAction", "textDocument/didOpen",
                       "textDocument/didChange", "textDocument/didClose", "textDocument/didSave"]
        let uris = ["file:///w/README.md", "file:///w/docs/setup.md", "file:///w/none.md", "untitled:1", "file:///w/docs"]
        let texts = ["# A\n[x](#a)\n", "", "😀😀\r\n## b\r[c](", Self.readme, "> [a]: x\n\n# [h](#h)\n"]
        func value(_ depth: Int = 0) -> String {
            switch Int.random(in: 0..<(depth < 2 ? 8 : 5), using: &random) {
            case 0: return "null"
            case 1: return "\(Int.random(in: -3...40, using: &random))"
            case 2: return "\"x😀\\n#\""
            case 3: return "1.5"
            case 4: return "true"
            case 5: return "[\(value(depth + 1)), \(value(depth + 1))]"
            default: return "{\"line\": \(value(depth + 1)), \"uri\": \(value(depth + 1))}"
            }
        }
        var answered = 0, requests = 0
        for n in 0..<600 {
            let uri = uris.randomElement(using: &random)!
            let text = JSONValue.string(texts.randomElement(using: &random)!).compact()
            let line = Int.random(in: -1...12, using: &random), character = Int.random(in: -1...40, using: &random)
            var params = "{\"textDocument\": {\"uri\": \"\(uri)\", \"version\": \(n), \"text\": \(text)}, \"position\": {\"line\": \(line), \"character\": \(character)}, \"newName\": \"N😀\", \"query\": \"a\", \"contentChanges\": [{\"range\": {\"start\": {\"line\": \(line), \"character\": 0}, \"end\": {\"line\": \(max(0, line - 1)), \"character\": \(character)}}, \"text\": \"](#\\n# h\"}], \"files\": [{\"oldUri\": \"\(uri)\", \"newUri\": \"file:///w/x/y.md\"}], \"context\": {\"diagnostics\": [], \"includeDeclaration\": true}, \"range\": {\"start\": {\"line\": 0, \"character\": 0}, \"end\": {\"line\": 3, \"character\": 0}}}"
            if Int.random(in: 0..<4, using: &random) == 0 { params = value() }
            let method = methods.randomElement(using: &random)!
            if Bool.random(using: &random) {
                requests += 1
                let out = s.send("{\"jsonrpc\": \"2.0\", \"id\": \(1000 + n), \"method\": \"\(method)\", \"params\": \(params)}")
                answered += out.filter { $0["id"] == .int(1000 + n) }.count
            } else {
                #expect(s.send("{\"jsonrpc\": \"2.0\", \"method\": \"\(method)\", \"params\": \(params)}").allSatisfy { $0["id"] == nil })
            }
        }
        #expect(answered == requests)
    }

    /// `edits` (UTF-16 positions) applied to `text`, last first.
    func apply(_ edits: [JSONValue], to text: String) -> String {
        var bytes = Array(text.utf8)
        let sorted = edits.sorted { Position($0["range"]?["start"])! > Position($1["range"]?["start"])! }
        for edit in sorted {
            let source = Source(bytes)
            let a = source.offset(of: Position(edit["range"]?["start"])!, .utf16), b = source.offset(of: Position(edit["range"]?["end"])!, .utf16)
            bytes.replaceSubrange(a..<b, with: Array(edit["newText"]!.stringValue!.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
