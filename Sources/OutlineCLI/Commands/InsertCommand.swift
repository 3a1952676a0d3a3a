import OutlineCore

enum InsertCommand {
    static let spec = CommandSpec(
        .insert,
        summary: "Insert the section on standard input before, after or into a section.",
        operands: "PATH",
        overview: """
        Reads a new section on standard input (its heading first) and puts it --before a section,
        --after it (and its subsections) or --into it as its last subsection, its headings shifted to
        that level. Every heading gets the ID 'outline id' would give it; an anchor line in the input
        is refused. Links whose slug the new section takes over keep pointing at their own section.
        Without --write, prints the diff of every file it would change.
        """,
        arguments: [("PATH", "The Markdown file.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.operands.count == 1 else { throw UsageError(message: "insert takes one PATH (the new section comes on standard input)") }
        guard let (placement, id) = arguments.placement else { throw UsageError(message: "say where: --after ID, --before ID or --into ID") }
        let text = try SectionOutput.input(console)
        return try SectionOutput.run(.insert(path: arguments.operands[0], placement: placement, relativeTo: id, text: text), arguments: arguments, console: console)
    }
}
