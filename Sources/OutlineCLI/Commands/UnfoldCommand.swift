import OutlineCore

enum UnfoldCommand {
    static let spec = CommandSpec(
        .unfold,
        summary: "Expand fold markers with the lines they hid, taken from the original document.",
        operands: "[FOLDED]",
        overview: """
        Each fold marker is replaced by the hidden lines of the section with its ID in ORIGINAL, wherever
        the marker now stands: headings renamed, sections reordered, deleted or added in the folded view
        keep their edits, and every body goes back under its own heading. A marker whose ID is not in
        ORIGINAL, or appears twice, is an error (exit 2, nothing written); one whose hash no longer
        matches ORIGINAL is restored from ORIGINAL with a warning.
        """,
        arguments: [("FOLDED", "The folded view; none, or '-': standard input.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard let from = arguments.from else {
            throw UsageError(message: "unfold needs --from ORIGINAL: the document the folded view was made from")
        }
        // Every command reads the configuration the same way: a broken one is an error here too.
        let dialect = try Settings(arguments, console: console).config(forFile: from).dialect(for: from)
        if from == "-" && (arguments.operands.first ?? "-") == "-" {
            throw UsageError(message: "--from - and FOLDED cannot both be standard input")
        }
        let work = LocalFiles.run(console: console)
        let path = try arguments.singleOperand(what: "FOLDED")
        let bytes = try work.read(path)
        let folded = try work.outline(bytes, path: path, dialect: dialect)
        // The result, about the original's size, is parsed next to verify it: the original's parser
        // pages stay for that parse instead of being given back and faulted in again.
        let original = try work.outline(try work.read(from), path: from, [.rewriting], dialect: dialect)
        let only = arguments.ids
        let result = try Run.about(path) {
            try Unfold.apply(folded, original: original, only: only.isEmpty ? nil : Set(only), strict: arguments.strictMarkers)
        }
        console.report(result.diagnostics, about: path)
        try RewritingCommand.emitOne(result.rewrite, arguments: arguments, console: console)
        return 0
    }
}
