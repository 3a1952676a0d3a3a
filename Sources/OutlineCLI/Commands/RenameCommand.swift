import OutlineCore

enum RenameCommand {
    static let spec = CommandSpec(
        .rename,
        summary: "Rename a section's heading; its ID stays and its links follow.",
        operands: "PATH#ID TITLE",
        overview: """
        Replaces the heading's text (not outline's number, not a {#id} attribute) with TITLE, one line
        of Markdown. The section keeps its ID (a heading without an anchor is pinned first), and every
        link in the tree written with the old slug follows to the new one. Without --write, prints the
        diff of every file it would change.
        """,
        arguments: [("PATH#ID", "The section to rename."), ("TITLE", "Its new heading text.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.operands.count == 2 else { throw UsageError(message: "rename takes PATH#ID and TITLE") }
        let address = try SectionOutput.address(arguments.operands[0])
        return try SectionOutput.run(.rename(address, title: arguments.operands[1]), arguments: arguments, console: console)
    }
}
