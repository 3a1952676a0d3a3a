import OutlineCore

enum LinksCommand {
    static let spec = CommandSpec(
        name: "links",
        summary: "Repair local links that a rename, a move or numbering broke, through stable IDs.",
        usage: "outline links [-w | --check | --diff | -o FILE] [--since REV [--keep-aliases]] [--slugs NAME] [--root DIR] [FILE...]",
        overview: """
        Rewrites every local link that no longer resolves but whose section can be identified exactly
        one way. History first: with --since REV, the fragment named a section at git revision REV
        (its slug then, or an id on its anchor line) and that section is still in the file, or moved
        to exactly one other file given, its body with it (path rewritten too; the same ID in an
        unrelated section of another file is no move); where history has no answer, the
        fragment is a section's stable ID; or the path names a Markdown file git sees renamed since
        REV. #top and # are the top of the document, never broken. With --since, a link whose slug now belongs to
        another section than at REV follows its own section. Only destinations change. A link that
        cannot be identified, or could mean two sections, is left as it is and reported. Links resolve
        across all the files given. Typical: outline links -w --since HEAD .
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md and *.markdown. None, or '-': standard input.")],
        options: [
            OptionSpec("since", value: "REV", "Follow sections through their slugs at git revision REV, moves between files, and renamed files."),
            OptionSpec("keep-aliases", "With --since: a section with a linkable anchor whose slug changed keeps the old slug as an alias (<a id=\"old-slug\"></a> on its anchor line), so links from outside keep working."),
            OptionSpec("slugs", value: "NAME", choices: SlugProfile.allCases.map(\.rawValue), "How headings become link targets: github (the default), gitlab, pandoc or mkdocs."),
            OptionSpec("root", value: "DIR", "What a link path starting with '/' is relative to (default: the git work tree's top level)."),
        ] + RewritingCommand.options,
        run: run
    )

    static func run(_ invocation: Invocation, console: Console) throws -> Int32 {
        let settings = try Settings(invocation, console: console)
        let files = try RewritingCommand.inputs(invocation, settings: settings)
        // Links span files: one slug profile for the run (--slugs, else the run's config).
        let profile = try CheckCommand.parseSlugs(invocation.value("slugs")) ?? settings.runConfig(invocation.operands).slugs ?? .github
        // Every file read and parsed once, in parallel.
        let single = files.count == 1
        let parsed = try Inputs.each(files, console: console) { _, path, bytes in
            try Inputs.outline(bytes, path: path, last: single, links: true)
        }
        var current: [String: Outline] = [:]
        var failed = false
        for (k, result) in parsed.enumerated() {
            switch result {
            case .success(let outline): current[files[k]] = outline
            case .failure(let error): console.report(error); failed = true
            }
        }
        if failed { return 2 }
        let lookup = LinkLookup(files: files, current: current, profile: profile, console: console, root: invocation.value("root"))
        var context: LinkRepair.Context
        if let since = invocation.value("since") {
            context = try history(try Revision(since, console: console), files: files, lookup: lookup)
            context.keepAliases = invocation.has("keep-aliases")
        } else if invocation.has("keep-aliases") {
            throw UsageError(message: "--keep-aliases needs --since REV (the revision whose slugs to keep)")
        } else {
            context = lookup.context()
        }
        // Without --since, a link that cannot be repaired is checked against HEAD's history (read only
        // then, once): when history would repair it, the warning says to try --since HEAD.
        var asked = false, known: (revision: String, context: LinkRepair.Context)? = nil
        let hint: (() -> (revision: String, context: LinkRepair.Context)?)? = invocation.value("since") != nil ? nil : {
            if !asked {
                asked = true
                if let revision = try? Revision("HEAD", console: console), revision.exists,
                   let context = try? history(revision, files: files, lookup: lookup) {
                    known = ("HEAD", context)
                }
            }
            return known
        }
        var results: [(path: String, rewrite: Rewrite)] = []
        var unrepaired = false
        for path in files {
            let name = Inputs.displayName(path)
            guard let outline = current[path] else { continue }
            let document = path == "-" ? LinkedDocument(path: ".", outline: outline, profile: profile)
                                       : lookup.document(path) ?? LinkedDocument(path: LinkLookup.canonical(path), outline: outline, profile: profile)
            let result: RewriteResult
            do {
                result = try Inputs.about(path) { try LinkRepair.apply(document, context: context, history: hint) }
            } catch {
                // A result that did not verify: nothing is written, for any file (format.md §12).
                console.report(error as? Diagnostic ?? .file(name, "\(error)"))
                failed = true
                continue
            }
            Inputs.warn(console, path: name, result.diagnostics)
            unrepaired = unrepaired || !result.diagnostics.isEmpty
            results.append((path, result.rewrite))
        }
        if failed { return 2 }
        let status = RewritingCommand.emit(results, invocation: invocation, console: console)
        // --check: a link that cannot be repaired is a failure too.
        return invocation.has("check") && unrepaired && status == 0 ? 1 : status
    }

    /// The context of `--since REV`: each file's version at REV (renames followed), files git sees
    /// renamed, and the sections that moved between the given files since REV. The old versions of
    /// the given files and of every file their links point into are fetched in one git process.
    static func history(_ revision: Revision, files: [String], lookup: LinkLookup) throws -> LinkRepair.Context {
        lookup.git = revision.git
        guard revision.exists else {
            var context = lookup.context()
            context.old = { _ in nil }
            return context
        }
        let git = revision.git, renames = revision.renames
        var renamed: [String: String] = [:]              // old → new, as outline names files
        for (new, old) in renames { renamed[LinkLookup.canonical(git.displayPath(old))] = LinkLookup.canonical(git.displayPath(new)) }
        let given = files.filter { $0 != "-" }
        let documents = given.map { lookup.document($0) }
        // Every path whose old version link repair may ask for: the given files and their links' targets.
        var wanted = given
        let root = lookup.root
        for document in documents {
            guard let document, let inventory = document.outline.links else { continue }
            wanted += LinkCheck.paths(of: LinkCheck.localLinks(of: inventory), path: document.path, root: root)
        }
        try revision.preload(oldPaths: wanted.compactMap { revision.oldPath(of: LinkLookup.canonical($0)) })
        try revision.parse(oldPaths: given.compactMap { revision.oldPath(of: LinkLookup.canonical($0)) })
        final class Versions {
            var cache: [String: LinkedDocument?] = [:]
        }
        let versions = Versions()
        let profile = lookup.profile
        let old: (String) -> LinkedDocument? = { path in
            let key = LinkLookup.canonical(path)
            if let known = versions.cache[key] { return known }
            var document: LinkedDocument? = nil
            if let then = revision.oldPath(of: key) {
                if revision.parsed[then] == nil { try? revision.parse(oldPaths: [then]) }
                if let outline = revision.parsed[then] ?? nil {
                    document = LinkedDocument(path: key, outline: outline, profile: profile)
                }
            }
            versions.cache[key] = document
            return document
        }
        // Which sections moved between the given files: one rule (Movement) for links, check and diff.
        let movement = Movement.find(zip(given, documents).map { Movement.Version(old: old($0.0)?.outline, new: $0.1?.outline) })
        func name(_ k: Int) -> String { documents[k]?.path ?? LinkLookup.canonical(given[k]) }
        var moves: [LinkRepair.MoveKey: (to: [String], unrelated: [String])] = [:]
        for key in Set(movement.destinations.keys).union(movement.unrelated.keys) {
            moves[LinkRepair.MoveKey(path: name(key.file), id: key.id)] =
                ((movement.destinations[key] ?? []).map(name), (movement.unrelated[key] ?? []).map(name))
        }
        var context = lookup.context()
        context.old = old
        context.renamed = renamed
        context.moves = moves
        context.existedThen = { [revision] in revision.existed($0) }
        return context
    }
}
