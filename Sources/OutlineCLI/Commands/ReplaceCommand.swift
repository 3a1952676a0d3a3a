import OutlineCore

enum ReplaceCommand {
    static let spec = CommandSpec(
        .replace,
        summary: "Replace a section by its ID with the text on standard input.",
        operands: "PATH#ID",
        overview: """
        Reads the new section on standard input. A heading first renames the section and keeps its ID;
        text without a heading is its new body under the old heading. Levels keep the section's level.
        Anchor lines in the input must be the section's own IDs; new headings get the IDs 'outline id'
        would give them. Leaving out an anchored subsection that a link of the tree points at is
        refused unless --allow-removed names it. With --if-hash HASH (from 'outline show --json'), a
        section that changed since it was read is refused: exit 2, nothing written. Links that named a
        renamed heading follow it. Without --write, prints the diff of every file it would change.
        """,
        arguments: [("PATH#ID", "The section to replace.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.operands.count == 1 else { throw UsageError(message: "replace takes one PATH#ID (the new text comes on standard input)") }
        let address = try SectionOutput.address(arguments.operands[0])
        let text = try SectionOutput.input(console)
        return try SectionOutput.run(.replace(address, text: text, allowRemoved: arguments.allowRemoved), arguments: arguments, console: console)
    }
}
