import OutlineCore

enum SiteCommand {
    static let spec = CommandSpec(
        .site,
        summary: "Say which site generators publish the Markdown files under PATH, and how outline reads them.",
        operands: "[PATH...]",
        overview: """
        For each file, outline looks from its directory up to the repository root for a site's
        configuration, as each generator looks for its own; the nearest whose content root holds
        the file publishes it (one whose content root does not is passed over), and --site or the
        config's site names a file, a generator (\(Site.Generator.allCases.map(\.rawValue).joined(separator: ", ")):
        the nearest configuration it reads, read by it) or 'none'. What is read of each:
        \(SiteGenerators.all.map { wrapped("- \($0.id.rawValue): \($0.reads).") }.joined(separator: "\n"))
        Prints one line per site with its file count and what it implies (slug profile, extensions
        read), then what was not read; or 'no site: CommonMark'. Paths are relative to the current
        directory ('.' for the content root you are in). --format json: {"version": 1, "sites":
        [{"config", "generator", "content_root", "files", "slugs", "features", "unread"}]}. Exit
        status: 0, or 2 on an error.
        """,
        arguments: [("PATH", "Files or directories (default: the current directory).")],
        run: run
    )

    /// `text` in lines of at most 96 columns, each after the first indented two.
    static func wrapped(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > 96 { lines.append(line); line = "  " }
            line += (line.isEmpty || line == "  " ? "" : " ") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }

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
