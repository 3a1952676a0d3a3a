/// The tools of `outline mcp` that change files (format.md §19), and every tool's description and
/// input schema (`tools/list`).
extension MCPTools {
    func change(_ name: String, _ arguments: JSONValue, _ run: Run) throws -> JSONValue {
        let operation: Run.SectionOperation
        switch name {
        case "replace_section":
            guard arguments["if_hash"]?.stringValue != nil else {
                throw Refusal(text: "replace_section needs 'if_hash': the hash show_section gave for the section when you read it (a section that changed since is refused, not overwritten)")
            }
            let allowed = arguments["allow_removed"]?.arrayValue?.compactMap(\.stringValue).compactMap { RemovalPattern($0, origin: .commandLine) } ?? []
            operation = .replace(try address(arguments, run: run), text: Array(try string(arguments, "text").utf8), allowRemoved: allowed)
        case "insert_section":
            guard let (placement, relativeTo) = try placement(arguments) else {
                throw Refusal(text: "insert_section needs 'position' (after, before or into) and 'relative_to' (a section ID of the file)")
            }
            operation = .insert(path: try path(arguments, run: run), placement: placement, relativeTo: relativeTo, text: Array(try string(arguments, "text").utf8))
        case "move_section":
            let placed = try placement(arguments)
            operation = .move(try address(arguments, run: run), destination: try path(arguments, "destination", run: run),
                              placement: placed?.0, relativeTo: placed?.1)
        default:
            operation = .rename(try address(arguments, run: run), title: try string(arguments, "title"))
        }
        var request = Run.SectionRequest(operation)
        request.ifHash = arguments["if_hash"]?.stringValue
        request.root = "."
        let change = try run.sections(request)
        let changed = change.files.filter { !$0.rewrite.isIdentity }
        for file in changed { try inside(file.path, run: run) }
        let dryRun = arguments["dry_run"] == .bool(true)
        if !dryRun { try write(changed.map { ($0.path, $0.rewrite.output) }) }
        let names = changed.map(\.path)
        var text = names.isEmpty ? "Nothing to change.\n"
            : (dryRun ? "Would change (dry run, nothing written): " : "Wrote ") + names.joined(separator: ", ") + " (\(names.count) file\(names.count == 1 ? "" : "s")).\n"
        if let s = change.section { text += "Section '\(s.id)' is now \(s.path) lines \(s.line)-\(s.endLine), hash \(s.hash).\n" }
        if !change.removed.isEmpty { text += "Removed sections: \(change.removed.joined(separator: ", ")).\n" }
        for d in change.diagnostics { text += MCPTools.line(d) + "\n" }
        if dryRun { for file in changed { text += String(decoding: UnifiedDiff.render(file.rewrite, path: file.path), as: UTF8.self) } }
        var structured: [(String, JSONValue)] = [(dryRun ? "would_write" : "written", .array(names.map { .string($0) })), ("dry_run", .bool(dryRun))]
        if let s = change.section {
            structured.append(("section", .object([("id", .string(s.id)), ("path", .string(s.path)), ("line", .int(s.line)),
                                                   ("end_line", .int(s.endLine)), ("hash", .string(s.hash))])))
        }
        structured.append(("removed", .array(change.removed.map { .string($0) })))
        structured.append(("warnings", .array(change.diagnostics.map { .string(MCPTools.line($0)) })))
        return MCPTools.result(text, .object(structured))
    }

    static func schema(_ properties: [(String, String, String)], required: [String]) -> JSONValue {
        .object([("type", .string("object")),
                 ("properties", .object(properties.map { name, type, text in
                     (name, type == "array" ? .object([("type", .string("array")), ("items", .object([("type", .string("string"))])), ("description", .string(text))])
                                            : .object([("type", .string(type)), ("description", .string(text))]))
                 })),
                 ("required", .array(required.map { .string($0) }))])
    }

    static func tool(_ name: String, _ description: String, _ properties: [(String, String, String)], required: [String]) -> JSONValue {
        .object([("name", .string(name)), ("description", .string(description)), ("inputSchema", schema(properties, required: required))])
    }

    static let path = ("path", "string", "A Markdown file, relative to the served directory.")
    static let id = ("id", "string", "The section's stable ID (as tree lists it); a heading slug also works.")
    static let ifHash = ("if_hash", "string", "The hash show_section gave: refused if the section changed since.")
    static let dryRun = ("dry_run", "boolean", "Write nothing; answer with the unified diff of every file that would change.")
    static let position = ("position", "string", "after, before or into (as the last subsection of) the section relative_to.")
    static let relativeTo = ("relative_to", "string", "The ID of the section the position is relative to, in the destination file.")

    static let list: [JSONValue] = [
        tool("tree", "The sections of a Markdown file, or of every Markdown file under a directory: IDs, titles, levels, line ranges and hashes. Read this first to find a section's ID.",
             [("path", "string", "A file or directory, relative to the served directory (default: all of it)."),
              ("depth", "integer", "Only sections this deep in the tree (1: top-level).")], required: []),
        tool("show_section", "One section's exact text (heading through its last subsection), its lines and its hash: much less to read than the whole file.",
             [path, id, ("shallow", "boolean", "Up to its first subsection only.")], required: ["path", "id"]),
        tool("replace_section", "Replace a section with new Markdown. Starting the text with a heading renames the section (its ID stays); text without a heading is its new body. Keep the anchor lines of subsections you keep; new headings get IDs. Links to a renamed heading follow it.",
             [path, id, ("text", "string", "The new section."), ("if_hash", "string", "Required: the hash show_section gave; refused if the section changed since."),
              ("allow_removed", "array", "IDs of subsections other files link to that the new text may leave out."), dryRun], required: ["path", "id", "text", "if_hash"]),
        tool("insert_section", "Insert a new section (Markdown starting with its heading) before, after or into a section; its level is adjusted there and its headings get stable IDs.",
             [path, position, relativeTo, ("text", "string", "The new section, starting with its heading."), dryRun],
             required: ["path", "position", "relative_to", "text"]),
        tool("move_section", "Move a section with its subsections within a file or to another file: levels adjusted, its ID travels, and every link to it under the served directory follows (its own relative links too).",
             [path, id, ("destination", "string", "The file to move it to (may be the same file)."), position, relativeTo, ifHash, dryRun],
             required: ["path", "id", "destination"]),
        tool("rename_section", "Change a section's heading text; its ID stays and links written with the old heading slug follow.",
             [path, id, ("title", "string", "The new heading text (one line of Markdown)."), ifHash, dryRun], required: ["path", "id", "title"]),
        tool("links_to_section", "Every link under the served directory that points at a section or its subsections.",
             [path, id], required: ["path", "id"]),
        tool("check", "outline's check of a file or directory: missing or duplicate anchors, broken links, stale numbering or tables of contents.",
             [("path", "string", "A file or directory, relative to the served directory (default: all of it).")], required: []),
    ]
}
