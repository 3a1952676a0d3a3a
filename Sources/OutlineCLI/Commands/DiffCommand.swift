import OutlineCore

enum DiffCommand {
    static let spec = CommandSpec(
        .diff,
        summary: "Compare section IDs, titles, structure and fold state of two documents or sidecars.",
        operands: "A B | [PATH...]",
        overview: """
        A and B are Markdown documents (folded views or not) or sidecar files (JSON, detected by content).
        One line per difference, by section ID: removed, added, renamed, moved (another parent, or out of
        order among shared siblings), level changes, and folded/unfolded when both sides carry fold state.
        Sections hidden in a fold marker count as present. Exit 0 when there is no difference, 1 when
        there is, 2 on error, as diff(1). Typical: outline diff <(git show HEAD:a.md) a.md.
        With --since REV, every Markdown file under PATH (default: the current directory) is compared
        with its version at git revision REV: each file's changes (path: change), sections that moved
        between files (moved ID: A -> B) and files git sees renamed; --redirects prints instead a JSON
        object mapping every link target that vanished to where it went, for redirect plugins;
        --format markdown writes one pull-request comment instead: the sections added, removed,
        renamed and moved, the slugs that changed and whether a link to the old one still finds its
        section, and the link findings the change may have caused (exit 1 when it reports anything).
        """,
        arguments: [("A B", "Markdown documents or sidecars; one of them may be '-' (standard input).")],
        run: { arguments, console in
            if let since = arguments.since { return try tree(since: since, arguments: arguments, console: console) }
            if arguments.redirects != nil { throw UsageError(message: "--redirects needs --since REV") }
            let format = try DiffCommand.format(arguments)
            if format == .markdown { throw UsageError(message: "--format markdown needs --since REV") }
            guard arguments.operands.count == 2 else {
                throw UsageError(message: "diff needs two operands, A and B (got \(arguments.operands.count))")
            }
            // Every command reads the configuration the same way: a broken one is an error here too.
            let settings = try Settings(arguments, console: console)
            for path in arguments.operands where !FileSystem.isDirectory(path) { _ = try settings.config(forFile: path) }
            if arguments.operands == ["-", "-"] { throw UsageError(message: "A and B cannot both be standard input") }
            let work = LocalFiles.run(console: console, settings: settings)
            let sides = try arguments.operands.map { path -> Structure in
                let bytes = try work.read(path)
                if Sidecar.looksLikeSidecar(bytes) {
                    return Structure(try SidecarFile(path: Run.displayName(path), bytes: bytes).sidecar)
                }
                let outline = try work.outline(bytes, path: path, single: true, dialect: try settings.config(forFile: path).dialect(for: path))
                return try Run.about(path) { try Structure(outline) }
            }
            let changes = StructureDiff.compare(sides[0], sides[1])
            console.out(Report.structureDiff(changes, json: format == .json))
            return changes.isEmpty ? 0 : 1
        }
    )

    /// The format: `--format`, or `--json`, which is `--format json`.
    static func format(_ arguments: Arguments) throws -> Report.DiffFormat {
        guard arguments.json else { return arguments.diffFormat ?? .text }
        if let format = arguments.diffFormat, format != .json { throw UsageError(message: "--json is --format json: give one of them") }
        return .json
    }

    /// `diff --since REV [PATH...]`: the docs tree against its version at REV.
    static func tree(since: String, arguments: Arguments, console: Console) throws -> Int32 {
        if arguments.json && arguments.redirects != nil { throw UsageError(message: "--json and --redirects cannot be combined") }
        let format = try self.format(arguments)
        if format != .text && arguments.redirects != nil { throw UsageError(message: "--format \(format.rawValue) and --redirects cannot be combined") }
        let operands = arguments.operands.isEmpty ? ["."] : arguments.operands
        if operands.contains("-") { throw UsageError(message: "--since compares files of the work tree, not standard input") }
        let settings = try Settings(arguments, console: console)
        var request = Run.TreeRequest(files: try settings.expand(operands), operands: operands, since: since)
        let run = try settings.runConfig(operands)
        request.profile = run.profile
        request.excludes = try settings.excludes(operands)
        request.hidden = run.hidden == true
        let work = LocalFiles.run(console: console, settings: settings)
        if let redirects = arguments.redirects {
            // JSON maps paths; a generator's format, URLs and paths as its site serves them.
            guard let format = redirects else {
                let map = try work.redirects(request)
                console.out(Report.redirects(map))
                return map.isEmpty ? 0 : 1
            }
            let siteRoot = try arguments.siteRoot ?? settings.configuredSiteRoot(operands)
            let (site, root) = try work.siteRedirects(request, siteRoot: siteRoot)
            console.out(format.render(site, siteRoot: root))
            return site.pages.isEmpty && site.fragments.isEmpty && site.outside.isEmpty ? 0 : 1
        }
        if format == .markdown {
            // The same check as `check --since REV PATH...`, for the link findings of the change.
            let check = try CheckCommand.request(files: request.files, operands: operands, since: since, arguments: arguments, settings: settings, work: work)
            let review = try work.review(request, check: check)
            console.out(Report.review(review, revision: since))
            return review.isEmpty ? 0 : 1
        }
        let report = try work.treeDiff(request)
        console.out(Report.treeDiff(report, json: format == .json))
        return report.isEmpty ? 0 : 1
    }
}
