import OutlineCore

enum SiteCommand {
    static let spec = CommandSpec(
        .site,
        summary: "Say which site generators publish the Markdown files under PATH, and how outline reads them.",
        operands: "[PATH...]",
        overview: """
        For each file, outline looks from its directory up to the repository root for a site's
        configuration (mkdocs.yml or mkdocs.yaml; a Sphinx conf.py that loads myst_parser); the
        nearest wins, and the file belongs to that site when it lies inside its content root
        (docs_dir, the Sphinx source directory). Prints one line per site with its file count and
        what it implies (slug profile, extensions read), then what was not read; or 'no site:
        CommonMark'. --format json: {"version": 1, "sites": [{"config", "generator", "content_root",
        "files", "slugs", "features", "unread"}]}. Exit status: 0, or 2 on an error.
        """,
        arguments: [("PATH", "Files or directories (default: the current directory).")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        let settings = try Settings(arguments, console: console)
        let operands = arguments.operands.isEmpty ? ["."] : arguments.operands
        let files = try settings.expand(operands).filter { $0 != "-" }
        let (sites, plain) = SiteReport.sites(try files.map { ($0, try settings.config(forFile: $0).site) })
        let describe = { (path: String) in PathBytes.display(settings.display(path)) }
        if arguments.siteFormat == .json {
            console.out(SiteReport.json(sites, describe: describe).compact() + "\n")
            return 0
        }
        if sites.isEmpty { console.out("no site: CommonMark\n") }
        for entry in sites {
            console.out("\(describe(entry.site.config)): \(entry.files) file\(entry.files == 1 ? "" : "s"), \(entry.site.summary(relativeTo: describe))\n")
            for note in entry.site.unread { console.out("  not read: \(note)\n") }
            for note in entry.site.notes { console.out("  not followed: \(note)\n") }
        }
        if !sites.isEmpty && plain > 0 { console.out("CommonMark: \(plain) file\(plain == 1 ? "" : "s") outside every site\n") }
        return 0
    }
}
