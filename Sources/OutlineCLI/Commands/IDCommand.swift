import OutlineCore

enum IDCommand {
    static let spec = CommandSpec(
        .id,
        summary: "Pin stable IDs: add an anchor line to every section heading that lacks one.",
        operands: "[FILE...]",
        overview: """
        Each section heading gets <!-- outline:ID --> on the line after it. Existing anchors are kept,
        whatever the heading is now called; a later copy of an ID gets a fresh one (with a warning);
        malformed anchors are repaired in place; orphan anchors are left where they are (with a warning).
        New IDs come from the title (GitHub-style slug) or a trailing {#custom-id}.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md, *.markdown and *.mdx. None, or '-': standard input.")],
        run: { arguments, console in
            let strip = arguments.strip, linkable = arguments.linkable
            let forced = arguments.linkableForm, surfaces = arguments.slugs
            // Surfaces named here are checked before any file is read: a conflict is a usage error.
            if linkable, let surfaces {
                do { _ = try LinkableForm.chosen(for: surfaces, forced: forced) } catch let d as Diagnostic { throw UsageError(message: d.message) }
            }
            return try RewritingCommand.run(arguments, console: console) { outline, config, path in
                if strip { return try PinIDs.strip(outline) }
                // A translation's IDs are its source's (format.md §17): none made from its titles.
                if let layout = config.translations, path != "-", layout.isTranslation(FileSystem.resolvedPath(path) ?? path) {
                    return TranslationPins.report(outline)
                }
                let published = config.surfaces ?? []
                let form = config.linkable == true ? try LinkableForm.chosen(for: published, forced: config.linkableForm) : nil
                return try PinIDs.apply(outline, linkable: form, surfaces: published, afterBlankWithoutAnchors: config.anchorPlacement == .afterBlank)
            }
        }
    )
}
