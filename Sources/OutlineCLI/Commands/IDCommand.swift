import OutlineCore

enum IDCommand {
    static let spec = CommandSpec(
        name: "id",
        summary: "Pin stable IDs: add an anchor line to every section heading that lacks one.",
        usage: "outline id [--linkable | --strip] [-w | --check | --diff | -o FILE] [FILE...]",
        overview: """
        Each section heading gets <!-- outline:ID --> on the line after it. Existing anchors are kept,
        whatever the heading is now called; a later copy of an ID gets a fresh one (with a warning);
        malformed anchors are repaired in place; orphan anchors are left where they are (with a warning).
        New IDs come from the title (GitHub-style slug) or a trailing {#custom-id}.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md and *.markdown. None, or '-': standard input.")],
        options: [
            OptionSpec("linkable", "Make every anchor a link target too: <!-- outline:ID --><a id=\"ID\"></a>, so #ID works wherever raw HTML is rendered (existing anchors are converted)."),
            OptionSpec("strip", "Remove every outline anchor instead (the ID and its <a id> elements; a line holding nothing else goes)."),
        ] + RewritingCommand.options,
        run: { invocation, console in
            let strip = invocation.has("strip"), linkable = invocation.has("linkable")
            if strip && linkable { throw UsageError(message: "--linkable and --strip cannot be combined") }
            return try RewritingCommand.run(invocation, console: console) { outline, config in
                strip ? try PinIDs.strip(outline)
                      : try PinIDs.apply(outline, linkable: linkable || config.linkable == true,
                                     afterBlankWithoutAnchors: config.anchorPlacement == .afterBlank)
            }
        }
    )
}
