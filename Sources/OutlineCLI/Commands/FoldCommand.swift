import OutlineCore

enum FoldCommand {
    static let spec = CommandSpec(
        .fold,
        summary: "Write the document with sections collapsed into fold markers.",
        operands: "[FILE]",
        overview: """
        --depth N shows the outline to depth N of the section tree (top-level sections are depth 1,
        whatever their heading level): deeper headings and all body text are hidden. --id and --state
        collapse whole sections. Each visible heading whose following lines are hidden gets one marker,
        <!-- outline-fold:ID lines=A-B hash=HHHHHHHH hidden=ID:LEVEL,... -->, and every visible heading
        an anchor, so that 'outline unfold --from FILE' restores the document byte for byte, also after
        the folded view was edited as a skeleton. Folding a folded view again with the same selection
        changes nothing.
        """,
        arguments: [("FILE", "A Markdown file; none, or '-': standard input.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        var selection = Fold.Selection(depth: arguments.depth, ids: arguments.ids)
        let work = LocalFiles.run(console: console)
        if let statePath = arguments.state { selection.state = try work.sidecar(statePath) }
        if selection.isEmpty { throw UsageError(message: "nothing to fold: give --depth N, --id ID or --state FILE") }
        let path = try arguments.singleOperand()
        let bytes = try work.read(path)
        let outline = try work.outline(bytes, path: path, single: true, dialect: try Settings(arguments, console: console).config(forFile: path).dialect(for: path))
        let save = arguments.saveState
        let result = try Run.about(path) {
            try Fold.apply(outline, selection: selection, describeState: save != nil, name: Run.displayName(path))
        }
        console.report(result.diagnostics, about: path)
        if let save, let state = result.foldState {
            try FileSystem.writeAtomically(Array(state.text().utf8), to: save, createIfMissing: true)
        }
        try RewritingCommand.emitOne(result.rewrite, arguments: arguments, console: console)
        return 0
    }
}
