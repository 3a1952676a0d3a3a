import OutlineCore

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Report anchor, numbering, fold, TOC and link problems: the gate for hooks and CI.",
        usage: "outline check [--allow-folds] [--no-links] [--slugs NAME] [--root DIR] [--levels A-B] [--state FILE] [--against OLD | --since REV] [--allow-removed PATTERN]... [--format FORMAT] [--stdin-filename PATH] [FILE...]",
        overview: """
        Prints one 'path:line: message' line per finding: headings without anchors, duplicate IDs,
        malformed or orphan anchors, stale numbering (in a numbered document), fold markers (a folded
        view committed in place of its document has lost its hidden lines), malformed or orphan fold
        markers, stale or malformed tables of contents (see 'outline toc'), and broken local links: a
        path that does not exist, or a fragment that is not a heading (by the slug profile's rules) or
        an HTML id of the file it points into. --against and --since check that every anchored ID of the older version still exists,
        so that links and fold state keyed on IDs keep working; with --since, a Markdown file deleted
        under a given directory has lost its anchors, a file git sees renamed is compared with its old
        path, and an ID that left one checked file for exactly one other has moved, not gone.
        Exit status: 0 clean, 1 findings, 2 error.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md and *.markdown. None, or '-': standard input.")],
        options: [
            OptionSpec("allow-folds", "Accept fold markers (a repository that keeps folded views on purpose); by default each is a finding."),
            OptionSpec("no-folds", "Report every fold marker (the default; kept for older hooks)."),
            OptionSpec("state", value: "FILE", "Also report folded IDs of this sidecar that no longer exist."),
            OptionSpec("against", value: "OLD", "Every anchored ID in OLD (a file, or '-') must still exist; one FILE only."),
            OptionSpec("stdin-filename", value: "PATH", "Read standard input as the file PATH: its .outline.toml, its links resolved from PATH, PATH in messages (as editors and formatters pipe a buffer)."),
            OptionSpec("since", value: "REV", "For every FILE, the same check against its version at git revision REV (renames, moves and deleted files followed)."),
            OptionSpec("allow-removed", value: "PATTERN", repeatable: true, "With --against or --since, accept the removal of IDs matching PATTERN (an ID or a glob: 'legacy-*'; '*' for all)."),
            OptionSpec("levels", value: "A-B", "The --levels the documents are numbered with: stale numbering is what 'outline number --levels A-B' would change."),
            OptionSpec("format", value: "FORMAT", choices: ["text", "json", "github"], "text (the default: path:line: message), json ({\"version\":1,\"findings\":[...]}) or github (workflow commands)."),
            OptionSpec("no-links", "Do not check local links."),
            OptionSpec("slugs", value: "NAME", choices: SlugProfile.allCases.map(\.rawValue), "How headings become link targets: github (the default), gitlab, pandoc or mkdocs."),
            OptionSpec("root", value: "DIR", "What a link path starting with '/' is relative to (default: the git work tree's top level, else the current directory)."),
        ] + Settings.options,
        run: run
    )

    static func run(_ invocation: Invocation, console: Console) throws -> Int32 {
        let against = invocation.value("against"), since = invocation.value("since")
        let numberLevels = try NumberCommand.parseLevels(invocation.value("levels"))
        let format = try parseFormat(invocation.value("format"))
        var allowed = try invocation.all("allow-removed").map { pattern in
            guard let glob = Glob(pattern) else {
                throw UsageError(message: "--allow-removed needs an ID or a glob, not '\(pattern)'")
            }
            return glob
        }
        if against != nil && since != nil { throw UsageError(message: "--against and --since cannot be combined") }
        // No FILE: the current directory when standard input is a terminal (as ruff and rumdl do),
        // else standard input, which must then hold something: a CI step without an operand must not
        // pass by checking nothing.
        var operands = invocation.operands.isEmpty ? [console.inputIsTerminal ? "." : "-"] : invocation.operands
        if invocation.operands.isEmpty && !console.inputIsTerminal {
            let input = try Inputs.read("-", console: console)
            if input.isEmpty { throw Diagnostic.file(FileSystem.stdinName, "nothing to check: no FILE given and standard input is empty (give a FILE or a directory, e.g. 'outline check .')") }
            operands = ["-"]
        }
        if let name = invocation.value("stdin-filename") {
            guard operands == ["-"] else { throw UsageError(message: "--stdin-filename names standard input: give no FILE, or '-'") }
            guard !name.isEmpty, name != "-" else { throw UsageError(message: "--stdin-filename needs a path") }
            console.substitutes[name] = try Inputs.read("-", console: console)
            operands = [name]
        }
        let settings = try Settings(invocation, console: console)
        let files = try settings.expand(operands, invocation: invocation)
        let configs = try files.map { try settings.config(forFile: $0) }
        let run = try settings.runConfig(operands)
        // The config's allow-removed adds to the command line's (its globs were checked when read).
        allowed += run.allowRemoved.compactMap { Glob($0) }
        if against != nil && files.count != 1 { throw UsageError(message: "--against takes exactly one FILE") }
        if against == "-" && files == ["-"] { throw UsageError(message: "--against - and FILE cannot both be standard input") }
        let state = try invocation.value("state").map { try SidecarInput.read($0, console: console) }
        // Links span files: one slug profile for the run (--slugs, else the run's config).
        let checkLinks = !invocation.has("no-links") && run.links != false
        let slugs = try parseSlugs(invocation.value("slugs"))
        let profile = slugs ?? run.slugs ?? .github
        let cliFolds: Bool? = invocation.has("no-folds") ? false : invocation.has("allow-folds") ? true : nil

        // Every file read, parsed and checked on its own, in parallel (standard input read first, here);
        // results in the order of `files`.
        // A small document's tree is in its thread's arena, gone at once after the parse; a large
        // one's is freed too unless it is the only one (then it is left to process exit).
        let single = files.count == 1
        typealias Checked = (outline: Outline, findings: [Diagnostic], links: [(line: Int, link: LocalLink)], targets: LinkedDocument?)
        let perFile = try Inputs.each(files, console: console) { k, path, bytes -> Checked in
            let name = Inputs.displayName(path)
            let config = configs[k]
            let outline = try Inputs.outline(bytes, path: path, last: single, links: checkLinks || TableOfContents.mayHaveMarkers(bytes))
            var found = Check.findings(outline, path: name, allowFolds: cliFolds ?? config.allowFolds ?? false,
                                       numberLevels: numberLevels ?? config.numberLevels, profile: slugs ?? config.slugs ?? .github,
                                       tocDepth: config.tocDepth)
            if let state { found += Check.missingFolded(state, in: outline, name: name) }
            // Its local links, found in the same pass.
            let links = checkLinks ? outline.links.map(LinkCheck.localLinks(of:)) ?? [] : []
            // A file with same-file links is a link target: its targets made here, with its parse, not
            // in a round of their own.
            let targets = path != "-" && links.contains { $0.link.path.isEmpty }
                ? LinkedDocument(path: LocalLink.normalize(path), outline: outline, profile: profile) : nil
            return (outline, found, links, targets)
        }
        var findings: [Diagnostic] = []
        var failed = false
        var current: [String: Outline] = [:]
        var targets: [LinkedDocument] = []
        var localLinks: [[(line: Int, link: LocalLink)]] = []
        var ownFindings: [[Diagnostic]] = []
        for (k, result) in perFile.enumerated() {
            switch result {
            case .success(let checked):
                current[files[k]] = checked.outline
                if let document = checked.targets { targets.append(document) }
                findings += checked.findings
                ownFindings.append(checked.findings)
                localLinks.append(checked.links)
            case .failure(let error):
                console.report(error)
                failed = true
                localLinks.append([])
                ownFindings.append([])
            }
        }
        console.keep(perFile)
        if failed { return 2 }
        // The revision of --since, read once for the links and the removals alike.
        var revision: Revision? = nil
        if checkLinks {
            let links = LinkLookup(files: files, current: current, profile: profile, console: console, root: invocation.value("root"))
            console.keep(links)
            if let since {
                revision = try Revision(since, console: console)
                links.git = revision?.git
            }
            links.add(targets)
            // Every file links point into (the linking file itself for a same-file link) read and given
            // its targets once, in parallel.
            let parsedFiles = current, fileLinks = localLinks, fileFindings = ownFindings
            // Asking git for the repository's root costs a process: only when a link needs it.
            let root = localLinks.contains { $0.contains { $0.link.path.hasPrefix("/") } } ? links.root : "."
            let wanted = Parallel.map(files.count) { k -> [String] in
                let own = files[k] != "-" && fileLinks[k].contains { $0.link.path.isEmpty } ? [files[k]] : []
                return (own + LinkCheck.paths(of: fileLinks[k], path: Inputs.displayName(files[k]), root: root)).map(LocalLink.normalize)
            }
            links.prepare(Array(wanted.joined()))
            // Each file's link findings; and, when all the file's findings are about it (the usual case),
            // all of them in line order, sorted here in parallel (a stable sort: the order within a line kept).
            var linkFindings = Parallel.map(files.count) { k -> (links: [Diagnostic], byLine: [Diagnostic]?) in
                guard let outline = parsedFiles[files[k]] else { return ([], nil) }
                let name = Inputs.displayName(files[k])
                var own: LinkTargets? = nil
                if files[k] != "-", case .markdown(let targets) = links.prepared(files[k]) { own = targets }
                let found = LinkCheck.aliasCollisions(outline, path: name, profile: profile)
                    + LinkCheck.findings(outline, path: name, profile: profile, root: root, links: fileLinks[k], own: own, lookup: links.prepared)
                let all = fileFindings[k] + found
                guard all.allSatisfy({ $0.path == name }) else { return (found, nil) }
                return (found, all.enumerated().sorted { a, b in
                    let x = a.element.line ?? 0, y = b.element.line ?? 0
                    return x != y ? x < y : a.offset < b.offset
                }.map(\.element))
            }
            // A broken link that link repair can fix names its fix: the files that have one are checked
            // again with the repair's answers (the same findings in the same order, reasons replaced).
            // (Without --since, made only when a link is broken: finding the root may cost a git process.)
            let broken = linkFindings.contains { $0.links.contains { $0.kind == .brokenLink } }
            let context = try revision.map { try LinksCommand.history($0, files: files, lookup: links) } ?? (broken ? links.context() : nil)
            for k in files.indices where files[k] != "-" && linkFindings[k].links.contains(where: { $0.kind == .brokenLink }) {
                guard let context else { break }
                guard let outline = parsedFiles[files[k]], let document = links.document(files[k]) else { continue }
                let old = linkFindings[k].links.filter { $0.kind == .brokenLink }
                let hinted = LinkCheck.findings(outline, path: Inputs.displayName(files[k]), profile: profile, root: root, links: fileLinks[k],
                                                repair: { LinkRepair.fix(for: $0, in: document, context: context, since: since) },
                                                lookup: links.lookup).filter { $0.kind == .brokenLink }
                guard hinted.count == old.count else { continue }
                var replacement: [String: Diagnostic] = [:]
                func key(_ d: Diagnostic) -> String { "\(d.line ?? 0)\u{0}\(d.message)" }
                for (a, b) in zip(old, hinted) { replacement[key(a)] = b }
                func patch(_ d: Diagnostic) -> Diagnostic { d.kind == .brokenLink ? replacement[key(d)] ?? d : d }
                linkFindings[k] = (linkFindings[k].links.map(patch), linkFindings[k].byLine?.map(patch))
            }
            if since == nil, Set(files.map(Inputs.displayName)).count == files.count, linkFindings.allSatisfy({ $0.byLine != nil }) {
                // What the sort below gives, file by file: no two files print the same name, and no
                // finding is about another file.
                findings = Array(linkFindings.lazy.map { $0.byLine! }.joined())
            } else {
                findings += linkFindings.lazy.map(\.links).joined()
                // --since: links that still resolve, but to a section that took over their slug.
                if let since {
                    for path in files where path != "-" {
                        guard let document = links.document(path) else { continue }
                        guard let context else { break }
                        findings += LinkRepair.takeovers(document, context: context, revision: since).map { $0.located(in: Inputs.displayName(path)) }
                    }
                }
                // Each file's findings together, by line (a stable sort keeps the order within a line);
                // the keys computed once, not at every comparison.
                let order = Dictionary(files.enumerated().map { (Inputs.displayName($0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
                let keyed = findings.enumerated().map { (file: order[$0.element.path ?? ""] ?? Int.max, line: $0.element.line ?? 0, offset: $0.offset) }
                findings = keyed.sorted { a, b in
                    a.file != b.file ? a.file < b.file : a.line != b.line ? a.line < b.line : a.offset < b.offset
                }.map { findings[$0.offset] }
            }
        }

        // Older versions to keep anchors from: --against OLD, or each file at git revision REV.
        if let against {
            let name = Inputs.displayName(against)
            let old = try Inputs.outline(try Inputs.read(against, console: console), path: against)
            findings += Removals.findings([.init(oldName: name, old: old, newName: Inputs.displayName(files[0]), new: current[files[0]])], allowed: allowed)
        } else if let since {
            let pairs = try olderVersions(try revision ?? Revision(since, console: console), files: files, operands: operands, current: current,
                                          excludes: try settings.excludes(operands, invocation: invocation))
            findings += Removals.findings(pairs, allowed: allowed, revision: since)
        }
        // Warnings (a fragment that differs only in case, under the github profile) go to standard
        // error and leave the exit status alone.
        let warnings = findings.filter { $0.severity == .warning }
        if !warnings.isEmpty { findings.removeAll { $0.severity == .warning } }
        for warning in warnings { console.report(warning) }
        console.out(Report.findings(findings, format: format))
        console.keep((current, findings))
        return findings.isEmpty ? 0 : 1
    }

    /// `--slugs NAME`; nil when not given (the config's, else github).
    static func parseSlugs(_ raw: String?) throws -> SlugProfile? {
        guard let raw else { return nil }
        guard let profile = SlugProfile(rawValue: raw) else {
            throw UsageError(message: "--slugs must be github, gitlab, pandoc or mkdocs, not '\(raw)'" + Suggestion.hint(raw, among: SlugProfile.allCases.map(\.rawValue)))
        }
        return profile
    }

    static func parseFormat(_ raw: String?) throws -> Report.Format {
        guard let raw else { return .text }
        guard let format = Report.Format(rawValue: raw) else {
            throw UsageError(message: "--format must be text, json or github, not '\(raw)'")
        }
        return format
    }

    /// Each checked file with its version at `since` (followed through renames), plus the Markdown
    /// files that existed at `since` under a directory operand and are gone now.
    static func olderVersions(_ revision: Revision, files: [String], operands: [String], current: [String: Outline], excludes: Excludes = Excludes([])) throws -> [Removals.FilePair] {
        // The first commit of a repository (a pre-commit hook running `--since HEAD`): nothing existed
        // before it, so nothing can have been removed.
        guard revision.exists else { return [] }
        let git = revision.git, since = revision.name
        var checked: [(file: String, relative: String)] = []
        for file in files where file != "-" {
            guard let relative = git.relativePath(of: file) else {
                throw Diagnostic.file(file, "not in the git work tree of \(git.root)")
            }
            checked.append((file, relative))
        }
        let display = git.displayPath
        // What each checked file was called at `since`.
        var oldPaths = checked.map { revision.renames[$0.relative] ?? $0.relative }
        let accounted = Set(oldPaths).union(checked.map(\.relative))
        // Markdown files under a directory operand that existed at `since` and are not checked now:
        // deleted, or renamed to a path outside the checked set (then that file is their new version).
        let gone = git.vanishedMarkdown(revision.listing, accounted: accounted, under: operands, renames: revision.renames, excludes: excludes)
        oldPaths += gone.map(\.old)
        try revision.preload(oldPaths: oldPaths)
        let contents = try oldPaths.map { try revision.contents(ofOldPath: $0) }

        var pairs: [Removals.FilePair] = []
        for (k, entry) in checked.enumerated() {
            let old = try (revision.parsed[oldPaths[k]] ?? nil) ?? contents[k].map { try Inputs.outline($0, path: "\(since):\(oldPaths[k])") }
            pairs.append(.init(oldName: "\(since):\(oldPaths[k])", old: old, newName: Inputs.displayName(entry.file), new: current[entry.file]))
        }
        for (k, entry) in gone.enumerated() {
            guard let bytes = contents[checked.count + k] else { continue }
            let old = try Inputs.outline(bytes, path: "\(since):\(entry.old)")
            var new: Outline? = nil
            var newName = display(entry.old)
            if let renamed = entry.renamedTo, let now = try? FileSystem.read(git.root + "/" + renamed) {
                newName = display(renamed)
                new = try Inputs.outline(now, path: newName)
            }
            pairs.append(.init(oldName: "\(since):\(entry.old)", old: old, newName: newName, new: new))
        }
        return pairs
    }
}
