#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// `outline lsp`: the language server on standard input and output (format.md §15). This file only
/// moves bytes: frames in through `MessageFramer`, each body to `LanguageServer`, its answers out.
enum LSPCommand {
    static let spec = CommandSpec(
        .lsp,
        summary: "Run the language server (LSP 3.17 over standard input and output).",
        operands: "",
        overview: """
        Serves the workspace folders the editor names: diagnostics (what check reports), document and
        workspace symbols with stable IDs, folding ranges per section, definition, references and hover
        on links, rename of a heading (its links follow, its ID stays), link paths kept when files are
        renamed, completion of paths and fragments, and code actions (pin IDs, make anchors linkable,
        refresh the table of contents, renumber, repair links). Open buffers win over files on disk.
        Started by the editor, not by hand: see docs/editors.md. Exit status: 0 after shutdown and
        exit, 1 when the stream ends or exit comes without shutdown.
        """,
        arguments: [],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.operands.isEmpty else { throw UsageError(message: "lsp takes no FILE: the editor names the workspace folders") }
        let settings = try Settings(arguments, console: console)
        let files = LocalFiles(console: console, settings: settings, arguments: arguments)
        let server = LanguageServer { folders in Workspace(store: files, revisions: files, folders: folders) }
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var queue: [[UInt8]] = []
        var ended = false
        func send(_ bodies: [[UInt8]]) -> Bool {
            var out: [UInt8] = []
            for body in bodies { out += MessageFramer.frame(body) }
            return out.isEmpty || writeAll(out, to: 1)
        }
        /// Reads what is there (waiting only when nothing is queued): messages join the queue, their
        /// cancellations are noted at once, a malformed header is logged.
        func fill(wait: Bool) -> Bool {
            if !wait {
                var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 0) > 0 else { return true }
            }
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { return true }
            if n <= 0 { ended = true; return true }
            var fresh: [[UInt8]] = []
            for event in framer.feed(Array(buffer[0..<n])) {
                switch event {
                case .message(let body):
                    fresh.append(body)
                case .malformedHeader(let why):
                    _ = writeAll(Array("outline lsp: skipped a malformed header: \(why)\n".utf8), to: 2)
                    guard send([server.log("skipped a malformed header: \(why)")]) else { return false }
                }
            }
            server.noteCancellations(fresh)
            queue += fresh
            return true
        }
        // A long workspace operation asks between files: what arrived meanwhile joins the queue, and
        // its cancellation stops the operation.
        server.pollCancellations = { _ = fill(wait: false) }
        while true {
            if queue.isEmpty {
                if ended { break }
                guard fill(wait: true) else { return 1 }
                continue
            }
            // Messages that arrived meanwhile may cancel what waits in the queue.
            if !ended { guard fill(wait: false) else { return 1 } }
            let body = queue.removeFirst()
            guard send(server.handle(body)) else { return 1 }
            if let code = server.exitCode { return code }
            if queue.isEmpty { server.idle() }
        }
        if framer.hasPartialMessage { _ = writeAll(Array("outline lsp: the input ended inside a message\n".utf8), to: 2) }
        return server.exitCode ?? 1
    }
}
