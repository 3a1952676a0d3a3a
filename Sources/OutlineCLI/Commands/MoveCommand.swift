import OutlineCore

enum MoveCommand {
    static let spec = CommandSpec(
        .move,
        summary: "Move a section with its subsections, its links following.",
        operands: "PATH#ID DEST",
        overview: """
        Moves the section and its subsections within PATH or to the file DEST: at its end (at the
        section's own level), or --before, --after or --into a section of DEST, levels shifted there
        (refused past level 6). Its ID and anchor travel; its lines take DEST's line endings; every
        link to it in the tree (the work tree, or --root) follows, and its own relative links are
        re-based. An ID DEST has already is refused. Moving a section to another file and back gives
        every file its original bytes (but a blank line outline adds above a setext heading, which
        would otherwise join the paragraph before it, travels back with it). Without --write, prints the diff of every file it would change.
        """,
        arguments: [("PATH#ID", "The section to move."), ("DEST", "The file it goes to (PATH itself to move it within the file).")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.operands.count == 2 else { throw UsageError(message: "move takes PATH#ID and DEST") }
        let address = try SectionOutput.address(arguments.operands[0])
        let operation = Run.SectionOperation.move(address, destination: arguments.operands[1], placement: arguments.placement?.0, relativeTo: arguments.placement?.1)
        return try SectionOutput.run(operation, arguments: arguments, console: console)
    }
}
