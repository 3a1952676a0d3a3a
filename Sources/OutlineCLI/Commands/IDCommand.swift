import OutlineCore

enum IDCommand {
    static let spec = CommandSpec(
        name: "id",
        summary: "Pin stable IDs: add an anchor line to every section heading that lacks one.",
        usage: "outline id [--linkable[=FORM] [--slugs NAME[,NAME...]] | --strip] [-w | --check | --diff | -o FILE] [FILE...]",
        overview: """
        Each section heading gets <!-- outline:ID --> on the line after it. Existing anchors are kept,
        whatever the heading is now called; a later copy of an ID gets a fresh one (with a warning);
        malformed anchors are repaired in place; orphan anchors are left where they are (with a warning).
        New IDs come from the title (GitHub-style slug) or a trailing {#custom-id}.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md, *.markdown and *.mdx. None, or '-': standard input.")],
        options: [
            OptionSpec("linkable", optionalValue: "FORM", choices: LinkableForm.allCases.map(\.rawValue),
                       "Make every ID a permalink, in the form the --slugs surfaces keep: the element <!-- outline:ID --><a id=\"ID\"></a>, so #ID works wherever raw HTML is rendered; or, where one drops raw HTML (hugo) and all read attributes (hugo, kramdown, pandoc), ' {#ID}' ending the heading. =element or =attribute names the form. Existing anchors are converted."),
            Options.slugs("With --linkable: where the documents are published (\(Options.slugNames(.defaultInline)); several, comma-separated)."),
            Options.strip("Remove every outline anchor instead (the ID, its <a id> elements and the {#ID} outline wrote into its heading; a line holding nothing else goes)."),
        ] + RewritingCommand.options,
        run: { invocation, console in
            let strip = invocation.has("strip"), linkable = invocation.has("linkable")
            if strip && linkable { throw UsageError(message: "--linkable and --strip cannot be combined") }
            let forced = try invocation.linkableForm(), surfaces = try invocation.slugList()
            // Surfaces named here are checked before any file is read: a conflict is a usage error.
            if linkable, let surfaces {
                do { _ = try LinkableForm.chosen(for: surfaces, forced: forced) } catch let d as Diagnostic { throw UsageError(message: d.message) }
            }
            return try RewritingCommand.run(invocation, console: console) { outline, config, path in
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
