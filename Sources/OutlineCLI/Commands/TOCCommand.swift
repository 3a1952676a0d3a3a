import OutlineCore

enum TOCCommand {
    static let spec = CommandSpec(
        .toc,
        summary: "Fill tables of contents between <!-- outline:toc --> and <!-- outline:toc end -->.",
        operands: "[FILE...]",
        overview: """
        The lines between the markers become a nested bullet list of [Title](#target) links: the section
        tree without a document title (the first heading, when it is the only level-1 heading), N list
        levels deep (default 3; depth=N on the opening marker wins for its block). Titles are plain text
        with Markdown's punctuation escaped, numbers as written; a target is the section's linkable
        anchor, else its heading's slug under the slug profile. A section whose anchor carries toc=no is
        left out with its subsections. The bullet, nesting and line endings follow the document; every
        byte outside the markers is kept; markers inside code are not markers. --insert adds the markers
        after the title heading and its anchor (else at the top, after front matter) where there are none.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md, *.markdown and *.mdx. None, or '-': standard input.")],
        run: { arguments, console in
            let insert = arguments.insert
            return try RewritingCommand.run(arguments, console: console, links: { _ in true }) { outline, config in
                try TableOfContents.apply(outline, options: .init(profile: config.profile,
                                                                  depth: config.tocDepth, insert: insert))
            }
        }
    )
}
