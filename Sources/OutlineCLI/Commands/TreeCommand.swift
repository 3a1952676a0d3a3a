import OutlineCore

enum TreeCommand {
    static let spec = CommandSpec(
        .tree,
        summary: "Show the section tree.",
        operands: "[FILE...]",
        overview: """
        One line per section: the heading's source line, a fold indicator (▸ folded, ▾ open with
        children), indentation by depth, number, title and ID, and with --slugs the heading's slug. With
        --json, one JSON object per file: {"version": 1, "path": …, "sections": [{"id", "anchored",
        "level", "title", "slug", "number", "line", "end_line", "folded", "children"}]}; "slug" is the
        heading's slug under the slug profile, what a link by its text names (a linkable anchor is the
        section's ID, which toc links instead).
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md, *.markdown and *.mdx. None, or '-': standard input.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        let depth = arguments.depth
        let color: Bool
        switch arguments.color {
        case .auto: color = console.outputIsTerminal && (console.environment["NO_COLOR"] ?? "").isEmpty
        case .always: color = true
        case .never: color = false
        }
        let settings = try Settings(arguments, console: console)
        let files = try settings.expand(arguments.operands.isEmpty ? ["-"] : arguments.operands)
        let work = LocalFiles.run(console: console, settings: settings)
        // Every command reads the configuration the same way: a broken one is an error here too.
        for path in files { _ = try settings.config(forFile: path) }
        let json = arguments.json, showSlugs = json || arguments.slugs != nil
        for (k, path) in files.enumerated() {
            let outline = try work.outline(try work.read(path), path: path, single: files.count == 1, showSlugs ? [.links] : [], dialect: try settings.config(forFile: path).dialect(for: path))
            // The profile as every command resolves it: the option over the file's configuration.
            let slugs = showSlugs ? outline.headingSlugs(try settings.effective(forFile: path).profile) : nil
            if json {
                console.out(Report.treeJSON(outline, path: PathBytes.display(Run.displayName(path)), depth: depth, slugs: slugs) + [10])
            } else {
                let tree = Report.tree(outline, depth: depth, style: .init(color: color), slugs: slugs)
                if k > 0 { console.out("\n") }
                console.out(files.count > 1 ? "\(Run.displayName(path)):\n" + tree : tree)
            }
        }
        return 0
    }
}
