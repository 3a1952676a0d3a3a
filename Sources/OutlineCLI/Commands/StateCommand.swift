import OutlineCore

enum StateCommand {
    static let spec = CommandSpec(
        .state,
        summary: "Print the sidecar JSON of a document: its sections and which are folded.",
        operands: "[FILE]",
        overview: """
        The sidecar is deterministic (keys in a fixed order, two-space indent, no line numbers, no
        timestamps, no paths), so it changes only when the structure or the fold state does:
        {"version": 1, "folded": [...], "sections": [{"id", "title", "level", "parent"}...]}.
        For a folded view, sections hidden in markers are listed with a null title.
        """,
        arguments: [("FILE", "A Markdown file (a folded view or not); none, or '-': standard input.")],
        run: { arguments, console in
            let path = try arguments.singleOperand()
            let work = LocalFiles.run(console: console)
            let bytes = try work.read(path)
            // Every command reads the configuration the same way: a broken one is an error here too.
            let dialect = try Settings(arguments, console: console).config(forFile: path).dialect(for: path)
            let outline = try work.outline(bytes, path: path, single: true, dialect: dialect)
            let sidecar = try Run.about(path) { try Structure(outline).sidecar(folding: arguments.folded) }
            console.out(sidecar.text())
            return 0
        }
    )
}
