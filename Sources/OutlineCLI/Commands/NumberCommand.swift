import OutlineCore

enum NumberCommand {
    static let spec = CommandSpec(
        .number,
        summary: "Number headings hierarchically (## 1.2 Install); idempotent and reversible.",
        operands: "[FILE...]",
        overview: """
        Numbers follow the section tree, one component per numbered ancestor, so a level jump never
        gives 1.0.1. By default every section heading is numbered, except a document title (the first
        heading, when it is the only level-1 heading). Each numbered heading's record line says which
        number outline wrote (<!-- outline:ID number=1.2 --> or <!-- outline:number=1.2 -->), so running
        number again renumbers exactly those, and --strip removes exactly those: titles that begin with
        numbers of their own (## 2024 Roadmap) are never touched. Same-file links to the renumbered
        headings (#install -> #1-install) follow them in the same pass, and an up-to-date table of
        contents stays up to date. A folded view cannot be numbered.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md, *.markdown and *.mdx. None, or '-': standard input.")],
        run: { arguments, console in
            let strip = arguments.strip
            return try RewritingCommand.run(arguments, console: console, links: LinkInventory.mayHaveSameFileLinks) { outline, config in
                strip ? try NumberHeadings.strip(outline, links: config.profile, tocDepth: config.tocDepth)
                      : try NumberHeadings.apply(outline, levels: config.numberLevels, links: config.profile, tocDepth: config.tocDepth)
            }
        }
    )
}
