import OutlineCore

enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Compare section IDs, titles, structure and fold state of two documents or sidecars.",
        usage: "outline diff [--json] A B",
        overview: """
        A and B are Markdown documents (folded views or not) or sidecar files (JSON, detected by content).
        One line per difference, by section ID: removed, added, renamed, moved (another parent, or out of
        order among shared siblings), level changes, and folded/unfolded when both sides carry fold state.
        Sections hidden in a fold marker count as present. Exit 0 when there is no difference, 1 when
        there is, 2 on error, as diff(1). Typical: outline diff <(git show HEAD:a.md) a.md.
        """,
        arguments: [("A B", "Markdown documents or sidecars; one of them may be '-' (standard input).")],
        options: [OptionSpec("json", "Print {\"version\": 1, \"changes\": [...]} instead.")],
        run: { invocation, console in
            guard invocation.operands.count == 2 else {
                throw UsageError(message: "diff needs two operands, A and B (got \(invocation.operands.count))")
            }
            if invocation.operands == ["-", "-"] { throw UsageError(message: "A and B cannot both be standard input") }
            let sides = try invocation.operands.map { path -> Structure in
                let bytes = try Inputs.read(path, console: console)
                if Sidecar.looksLikeSidecar(bytes) {
                    return Structure(try SidecarFile(path: Inputs.displayName(path), bytes: bytes).sidecar)
                }
                let outline = try Inputs.outline(bytes, path: path, last: true)
                return try Inputs.about(path) { try Structure(outline) }
            }
            let changes = StructureDiff.compare(sides[0], sides[1])
            if invocation.has("json") {
                console.out(JSONValue.object([("version", .int(1)), ("changes", .array(changes.map(\.json)))]).pretty())
            } else {
                console.out(changes.map { $0.line + "\n" }.joined())
            }
            return changes.isEmpty ? 0 : 1
        }
    )
}
