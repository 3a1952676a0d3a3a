/// The tools of `outline mcp` (format.md §19): each takes JSON arguments, runs one library operation
/// over a fresh `Run`, and answers a tool result: text for the model, `structuredContent` for
/// programs, `isError` with the fix when it could not do what was asked. Every path is confined to
/// the served directory: relative (or absolute inside it), no `..`, no symbolic link leading out.
struct MCPTools {
    let root: String
    let run: () -> Run
    let write: ([(path: String, bytes: [UInt8])]) throws -> Void

    static let names = ["tree", "show_section", "replace_section", "insert_section", "move_section", "rename_section",
                        "links_to_section", "check"]

    /// A tool's failure, said to the model (`isError`).
    struct Refusal: Error { let text: String }

    func call(_ name: String, _ arguments: JSONValue) -> JSONValue {
        do {
            let run = self.run()
            switch name {
            case "tree": return try tree(arguments, run)
            case "show_section": return try show(arguments, run)
            case "links_to_section": return try linksTo(arguments, run)
            case "check": return try check(arguments, run)
            default: return try change(name, arguments, run)
            }
        } catch let refusal as Refusal {
            return MCPTools.result(refusal.text, nil, isError: true)
        } catch let diagnostic as Diagnostic {
            return MCPTools.result(MCPTools.line(diagnostic), nil, isError: true)
        } catch let diagnostics as Diagnostics {
            return MCPTools.result(diagnostics.all.map(MCPTools.line).joined(separator: "\n"), nil, isError: true)
        } catch {
            return MCPTools.result("\(error)", nil, isError: true)
        }
    }

    static func result(_ text: String, _ structured: JSONValue?, isError: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [("content", .array([.object([("type", .string("text")), ("text", .string(text))])]))]
        if let structured { members.append(("structuredContent", structured)) }
        members.append(("isError", .bool(isError)))
        return .object(members)
    }

    /// `PATH:LINE: message`, as the command line says it.
    static func line(_ d: Diagnostic) -> String {
        (d.path.map { $0 + ":" } ?? "") + (d.line.map { "\($0):" } ?? "") + (d.path != nil || d.line != nil ? " " : "")
            + (d.severity == .warning ? "warning: " : "") + d.message
    }

    // MARK: arguments

    func string(_ arguments: JSONValue, _ key: String) throws -> String {
        guard let value = arguments[key]?.stringValue, !value.isEmpty else { throw Refusal(text: "missing argument '\(key)' (a string)") }
        return value
    }

    /// A path argument, confined to the served directory, as the run names it.
    func path(_ arguments: JSONValue, _ key: String = "path", run: Run, default fallback: String? = nil) throws -> String {
        var path = arguments[key]?.stringValue ?? fallback ?? ""
        guard !path.isEmpty else { throw Refusal(text: "missing argument '\(key)' (a path relative to \(root))") }
        if path.hasPrefix("/"), let inside = FilePath.below(root, FilePath.normalize(path)) { path = inside.isEmpty ? "." : inside }
        let parts = path.split(separator: "/")
        guard !path.hasPrefix("/"), !parts.contains(".."), !path.utf8.contains(0) else {
            throw Refusal(text: "refusing '\(path)': give a path inside \(root), relative to it, without '..'")
        }
        try inside(path, run: run)
        return parts.isEmpty ? "." : FilePath.normalize(path)
    }

    /// Refuses a path that a symbolic link leads out of the served directory.
    func inside(_ path: String, run: Run) throws {
        guard let resolved = run.store.resolvedPath(path) else { return }
        guard FilePath.contains(root, resolved) else {
            throw Refusal(text: "refusing '\(path)': a symbolic link leads it out of \(root), which is all this server serves")
        }
    }

    func address(_ arguments: JSONValue, run: Run) throws -> SectionAddress {
        SectionAddress(path: try path(arguments, run: run), fragment: try string(arguments, "id"))
    }

    func placement(_ arguments: JSONValue) throws -> (SectionPlacement, String)? {
        guard let position = arguments["position"]?.stringValue else { return nil }
        guard let placement = SectionPlacement(rawValue: position) else {
            throw Refusal(text: "'position' is one of after, before, into (not '\(position)')")
        }
        return (placement, try string(arguments, "relative_to"))
    }

    // MARK: reading

    func show(_ arguments: JSONValue, _ run: Run) throws -> JSONValue {
        let (sections, warnings) = try run.show([try address(arguments, run: run)], shallow: arguments["shallow"] == .bool(true), root: ".")
        let s = sections[0]
        var text = "\(s.path)#\(s.id) lines \(s.line)-\(s.endLine), hash \(s.hash)\n"
        for w in warnings { text += MCPTools.line(w) + "\n" }
        text += String(decoding: s.bytes, as: UTF8.self)
        // The section's text once, for the model: the structured answer carries the rest (a second
        // copy would double what an agent reads).
        guard case .object(let members) = s.json else { return MCPTools.result(text, nil) }
        return MCPTools.result(text, .object(members.filter { $0.0 != "text" }))
    }

    func linksTo(_ arguments: JSONValue, _ run: Run) throws -> JSONValue {
        let (links, warnings) = try run.links(to: try address(arguments, run: run), root: ".")
        var text = warnings.map { MCPTools.line($0) + "\n" }.joined()
        text += links.isEmpty ? "No link under \(root) points at this section or its subsections.\n" : links.map { "\($0.path):\($0.line): \($0.destination) (section '\($0.id)')\n" }.joined()
        let items = links.map { JSONValue.object([("path", .string($0.path)), ("line", .int($0.line)), ("destination", .string($0.destination)), ("id", .string($0.id))]) }
        return MCPTools.result(text, .object([("links", .array(items))]))
    }

    func tree(_ arguments: JSONValue, _ run: Run) throws -> JSONValue {
        let path = try self.path(arguments, run: run, default: ".")
        let depth = arguments["depth"]?.intValue
        var files: [String] = []
        if case .directory = run.store.kind(of: path) {
            files = markdownFiles(under: path, run: run)
        } else {
            files = [path]
        }
        var text = "", items: [JSONValue] = []
        for file in files {
            let outline = try Run.about(file) { try Outline(parsing: try run.read(file), dialect: run.store.configuration(for: Workspace.directory(of: file)).dialect(for: file)) }
            text += file + "\n"
            var sections: [JSONValue] = []
            for (k, s) in outline.sections.enumerated() where depth.map({ s.depth <= $0 }) ?? true {
                let t = SectionText(outline, section: k, path: file)
                text += String(repeating: "  ", count: s.depth) + "\(s.id)  \(String(repeating: "#", count: s.heading.level)) \(s.title)  (lines \(t.line)-\(t.endLine)\(s.anchored ? "" : ", no anchor yet"))\n"
                sections.append(.object([("id", .string(s.id)), ("anchored", .bool(s.anchored)), ("title", .string(s.title)), ("level", .int(s.heading.level)),
                                         ("depth", .int(s.depth)), ("line", .int(t.line)), ("end_line", .int(t.endLine)), ("hash", .string(t.hash))]))
            }
            items.append(.object([("path", .string(file)), ("sections", .array(sections))]))
        }
        return MCPTools.result(text.isEmpty ? "No Markdown file under \(path).\n" : text, .object([("files", .array(items))]))
    }

    /// The Markdown files under the directory `path`, as the run names them (relative to the served
    /// directory), walked as `check DIR` walks one.
    func markdownFiles(under path: String, run: Run) -> [String] {
        let base = run.store.resolvedPath(".") ?? root
        return run.store.markdownFiles(in: run.store.resolvedPath(path) ?? path).map { FilePath.below(base, $0) ?? $0 }
    }

    func check(_ arguments: JSONValue, _ run: Run) throws -> JSONValue {
        let path = try self.path(arguments, run: run, default: ".")
        var files = [path]
        if case .directory = run.store.kind(of: path) {
            files = markdownFiles(under: path, run: run)
        }
        let configs = files.map { run.store.configuration(for: Workspace.directory(of: $0)) }
        var request = Run.CheckRequest(files: files, configs: configs)
        request.profile = configs.first?.profile ?? request.profile
        request.root = "."
        let report = try run.check(request)
        if !report.errors.isEmpty { throw Diagnostics(report.errors) }
        let text = report.reported.isEmpty ? "\(files.count) file\(files.count == 1 ? "" : "s") checked: no findings.\n" : report.reported.map { MCPTools.line($0) + "\n" }.joined()
        let items = report.reported.map { d in
            JSONValue.object([("path", .string(d.path ?? "")), ("line", .int(d.line ?? 0)), ("kind", .string(d.kind.rawValue)),
                              ("severity", .string(d.severity.rawValue)), ("message", .string(d.message))])
        }
        return MCPTools.result(text, .object([("files", .int(files.count)), ("findings", .array(items))]))
    }
}
