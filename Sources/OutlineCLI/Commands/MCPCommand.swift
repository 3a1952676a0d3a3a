#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// `outline mcp`: the Model Context Protocol server on standard input and output (format.md §19).
/// This file only moves bytes: lines in, each to `MCPServer`, its answers out, one line each.
enum MCPCommand {
    static let spec = CommandSpec(
        .mcp,
        summary: "Run the MCP server for coding agents (sections by ID, over standard input and output).",
        operands: "[DIR]",
        overview: """
        A Model Context Protocol server (protocol 2026-07-28, and the initialize handshake of the
        earlier revisions) named outline-md, over standard input and output: newline-delimited JSON-RPC
        2.0. Its tools: tree, show_section, replace_section (guarded by the hash show_section gives),
        insert_section, move_section, rename_section, links_to_section and check. Every write is
        verified, and the links it affects are repaired; a result says what was written and the new
        hash. Paths are confined to DIR (default: the current directory): no '..', no symbolic link
        leading out. Started by the agent, not by hand: see docs/agents.md. Exit status 0 when the
        input ends.
        """,
        arguments: [("DIR", "The directory served (default: the current directory).")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.operands.count <= 1 else { throw UsageError(message: "mcp serves one DIR") }
        if let dir = arguments.operands.first { try FileSystem.enter(dir) }
        guard let root = FileSystem.resolvedPath(".") else { throw Diagnostic.file(".", "cannot be served") }
        _ = try Settings(arguments, console: console)   // a broken configuration is said at once
        let server = MCPServer(root: root, run: {
            let settings = try? Settings(arguments, console: console)
            let files = LocalFiles(console: console, settings: settings)
            return Run(store: files, revisions: files, lifetime: .session())
        }, write: { files in try FileSystem.writeEvery(files) })
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func answer(_ line: [UInt8]) -> Bool {
            var out: [UInt8] = []
            for body in server.handle(line) { out += body + [10] }
            return out.isEmpty || writeAll(out, to: 1)
        }
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            pending += buffer[0..<n]
            while let end = pending.firstIndex(of: 10) {
                let line = Array(pending[..<end])
                pending.removeSubrange(...end)
                guard answer(line) else { return 1 }
            }
        }
        return pending.isEmpty || answer(pending) ? 0 : 1
    }
}
