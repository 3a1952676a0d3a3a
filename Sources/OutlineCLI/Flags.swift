import OutlineCore

/// The one table of the command line's options. A command's `--help` lists its flags in this order,
/// so each command's own come first, then those several commands share, then the output and the
/// configuration options. An option that means something else to another command (`--depth` of
/// `toc`, `--strict` of `unfold`) is another flag of the same name.
enum Flags {
    static let help = Flag("help", short: "h", Command.allCases, "Show help information.") { $0.help = true }

    /// `outline --help` and `outline --version` (no command).
    static let global: [(long: String, short: Character?, help: String)] = [
        ("help", "h", "Show help information."),
        ("version", nil, "Show the version of outline and of the libcmark it uses."),
    ]

    /// The flags of `command`, in table order.
    static func of(_ command: Command) -> [Flag] {
        all.filter { $0.commands.contains(command) }
    }

    static let all: [Flag] = own + shared + output + configuration

    // MARK: one command's own

    static let own: [Flag] = [
        Flag("linkable", value: "FORM", optional: true, [.id], choices: LinkableForm.allCases.map(\.rawValue), group: "linkable-strip",
             "Make every ID a permalink, in the form the --slugs surfaces keep: the element <!-- outline:ID --><a id=\"ID\"></a>, so #ID works wherever raw HTML is rendered; or, where one drops raw HTML (hugo) and all read attributes (hugo, kramdown, pandoc), ' {#ID}' ending the heading. =element or =attribute names the form. Existing anchors are converted.") { a, raw in
            a.linkable = true
            if let raw { a.linkableForm = try Values.choice(raw, option: "linkable", as: LinkableForm.self) }
        },
        slugs([.id], "With --linkable: where the documents are published (\(Values.slugNames(.defaultInline)); several, comma-separated).", value: "NAME[,NAME...]"),
        Flag("strip", [.id], group: "linkable-strip", "Remove every outline anchor instead (the ID, its <a id> elements and the {#ID} outline wrote into its heading; a line holding nothing else goes).") { $0.strip = true },

        Flag("levels", value: "A-B", [.number], group: "levels-strip", "Number only headings of levels A to B (e.g. 2-3, or 2 alone); replaces the title rule.") { a, raw in a.levels = try Values.levels(raw!) },
        Flag("strip", [.number], group: "levels-strip", "Remove the numbers outline wrote instead.") { $0.strip = true },
        slugs([.number], "The slug rules of same-file links to follow: \(Values.slugNames())."),

        depth([.fold], "Show headings down to depth N of the tree; hide every body and everything deeper."),
        ids([.fold], "Collapse the section with this ID, body and subsections."),
        state([.fold], "Collapse the sections a sidecar lists as folded (IDs that no longer exist: a warning)."),
        Flag("save-state", value: "FILE", [.fold], completes: .files, "Also write the sidecar for what was folded to FILE.") { a, raw in a.saveState = raw },

        Flag("from", value: "ORIGINAL", [.unfold], completes: .files, required: true, "The document the folded view was made from (required).") { a, raw in a.from = raw },
        ids([.unfold], "Expand only the markers of this section."),
        Flag("strict", [.unfold], "A marker whose hash no longer matches ORIGINAL is an error, not a warning.") { $0.strictMarkers = true },

        Flag("format", value: "FORMAT", [.diff], choices: Report.DiffFormat.allCases.map(\.rawValue), "text (the default: one line per difference), json ({\"version\": 1, \"changes\": [...]}; with --since: {\"version\": 1, \"files\", \"moves\", \"renames\"}) or, with --since, markdown (one pull-request comment).") { a, raw in
            a.diffFormat = try Values.choice(raw!, option: "format", as: Report.DiffFormat.self)
        },
        Flag("json", [.diff], "The same as --format json.") { $0.json = true },
        since([.diff], "Compare every Markdown file under PATH with its version at git revision REV (renames and moves between files followed)."),
        Flag("redirects", value: "FORMAT", optional: true, [.diff], choices: ["json"] + RedirectFormat.all.map(\.name), "With --since: every link target that vanished and where it went, as JSON ({\"old.md#slug\": \"new.md#slug\", ...}) or, with =FORMAT, as \(RedirectFormat.all.map(\.name).joined(separator: ", ")) want it: the URLs the site served at REV and serves now, paths from its content root.") { a, raw in
            guard let raw, raw != "json" else { a.redirects = .some(nil); return }
            guard let format = RedirectFormat.all.first(where: { $0.name == raw }) else {
                let names = ["json"] + RedirectFormat.all.map(\.name)
                throw UsageError(message: "--redirects must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), not '\(raw)'" + Suggestion.hint(raw, among: names))
            }
            a.redirects = .some(format)
        },
        Flag("site-root", value: "DIR", [.diff], completes: .directories, "With --redirects=FORMAT: the directory the paths are made relative to (config: site-root); needed only where no site publishes the files (default: the site's content root, MkDocs' docs_dir, Sphinx's source directory).") { a, raw in a.siteRoot = raw },
        slugs([.diff], "With --redirects: how headings become link targets (\(Values.slugNames(.plain)))."),

        Flag("folded", value: "ID", [.state], repeatable: true, "Mark this section as folded in the sidecar.") { a, raw in a.folded.append(raw!) },

        Flag("json", [.tree], "Print JSON, one object per file per line.") { $0.json = true },
        depth([.tree], "Show sections down to depth N of the tree (top-level sections are depth 1)."),
        slugs([.tree], "Show each heading's slug under this profile (in --json always, under the configuration's profile by default): \(Values.slugNames())."),
        Flag("color", value: "WHEN", [.tree], choices: Arguments.Color.allCases.map(\.rawValue), "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.") { a, raw in
            a.color = try Values.choice(raw!, option: "color", as: Arguments.Color.self)
        },

        Flag("allow-folds", [.check], "Accept fold markers (a repository that keeps folded views on purpose); by default each is a finding.") { $0.allowFolds = $0.allowFolds ?? true },
        Flag("no-folds", [.check], "Report every fold marker (the default; kept for older hooks).") { $0.allowFolds = false },
        levels([.check], "The --levels the documents are numbered with: stale numbering is what 'outline number --levels A-B' would change."),
        state([.check], "Also report folded IDs of this sidecar that no longer exist."),
        Flag("against", value: "OLD", [.check], completes: .files, group: "against-since", "Every anchored ID in OLD (a file, or '-') must still exist; one FILE only.") { a, raw in a.against = raw },
        since([.check], "For every FILE, the same check against its version at git revision REV (renames, moves and deleted files followed); a finding that existed at REV already does not fail the check.", group: "against-since"),
        strict([.check], "With --since: findings that existed at REV fail the check too, as without a revision."),
        Flag("allow-removed", value: "PATTERN", [.check], repeatable: true, "With --against or --since, accept the removal of sections matching PATTERN: PATH#ID (globs on either side: 'docs/old.md#legacy-*'), or a bare ID, which matches in every file (said on stderr). OUTLINE_ALLOW_REMOVED adds more, and with --since so do 'Outline-Allow-Removed: PATH#ID' trailers of the commits since REV.") { a, raw in
            guard let pattern = RemovalPattern(raw!, origin: .commandLine) else {
                throw UsageError(message: "--allow-removed needs PATH#ID or an ID (globs on either side), not '\(raw!)'")
            }
            a.allowRemoved.append(pattern)
        },
        Flag("commit-message", value: "FILE", [.check], completes: .files, "Accept the removals the 'Outline-Allow-Removed: PATH#ID' trailers of the commit message FILE name (a commit-msg hook: the message being written).") { a, raw in a.commitMessage = raw },
        Flag("prune-allow-removed", [.check], "With --since: list the allow-removed entries of .outline.toml that accept no removal since REV (run it against the CI base; -w removes them).") { $0.pruneAllowRemoved = true },
        Flag("write", short: "w", [.check], "With --prune-allow-removed: remove those entries from .outline.toml, every other byte kept.") { $0.pruneWrite = true },
        Flag("allow-stamp", value: "PATTERN", [.check], repeatable: true, "With --since, in a translation: accept a source= that changed while the translated section's text did not, for IDs matching PATTERN (format.md §17).") { a, raw in
            a.allowStamp.append(try Values.glob(raw!, option: "allow-stamp"))
        },
        Flag("stdin-filename", value: "PATH", [.check], completes: .files, "Read standard input as the file PATH: its .outline.toml, its links resolved from PATH, PATH in messages (as editors and formatters pipe a buffer).") { a, raw in a.stdinFilename = raw },
        Flag("format", value: "FORMAT", [.check], choices: Report.Format.allCases.map(\.rawValue), "text (the default: path:line: message), json ({\"version\":1,\"findings\":[...]}, each with its severity), github (workflow commands: ::error, ::warning) or sarif (SARIF 2.1.0, for code scanning). Warnings are in each, and on standard error.") { a, raw in
            a.checkFormat = try Values.choice(raw!, option: "format", as: Report.Format.self)
        },
        Flag("no-links", [.check], "Do not check local links.") { $0.noLinks = true },
        slugs([.check], "How headings become link targets: \(Values.slugNames()); several, comma-separated (github,hugo): every link must resolve on each.", value: "NAME[,NAME...]"),

        since([.links], "Follow sections through their slugs at git revision REV, moves between files, and renamed files."),
        Flag("keep-aliases", [.links], "With --since: a section with a linkable anchor whose slug changed keeps the old slug as an alias (<a id=\"old-slug\"></a> on its anchor line), so links from outside keep working.") { $0.keepAliases = true },
        slugs([.links], "How headings become link targets: \(Values.slugNames())."),
        strict([.links], "With --since: also list the links that could not be repaired at REV already."),

        Flag("depth", value: "N", [.toc], "List N levels of sections (default 3); a marker's depth=N wins.") { a, raw in
            let depth = try Values.depth(raw!)
            if depth > 6 { throw UsageError(message: "--depth for a table of contents is at most 6, not \(depth)") }
            a.tocDepth = depth
        },
        Flag("insert", [.toc], "Add the markers where a document has none: after the title heading and its anchor, else at the top.") { $0.insert = true },
        slugs([.toc], "How headings become link targets: \(Values.slugNames())."),

        depth([.edit], "Show the skeleton to depth N of the section tree (default 2)."),

        Flag("format", value: "FORMAT", [.site], choices: Report.SiteFormat.allCases.map(\.rawValue), "text (the default) or json.") { a, raw in
            a.siteFormat = try Values.choice(raw!, option: "format", as: Report.SiteFormat.self)
        },

        Flag("shallow", [.show], "Only the section's own text: from its heading to its first subsection.") { $0.shallow = true },
        Flag("json", [.show], "Print a JSON array: for each section its id, title, level, path, line, end_line, hash (of its exact bytes) and text.") { $0.json = true },
        Flag("if-hash", value: "HASH", [.replace, .move, .rename], "Refuse (exit 2, nothing written) unless the section's hash is still HASH, the one 'outline show --json' gave: it changed since it was read.") { a, raw in a.ifHash = raw },
        Flag("allow-removed", value: "PATTERN", [.replace], repeatable: true, "Accept that the new text leaves out an anchored subsection other files link to, for sections matching PATTERN: an ID or PATH#ID (globs on either side).") { a, raw in
            guard let pattern = RemovalPattern(raw!, origin: .commandLine) else {
                throw UsageError(message: "--allow-removed needs PATH#ID or an ID (globs on either side), not '\(raw!)'")
            }
            a.allowRemoved.append(pattern)
        },
        position("after", "After the section with this ID and its subsections, at its level."),
        position("before", "Before the section with this ID, at its level."),
        position("into", "Into the section with this ID, as its last subsection (one level below it)."),
        Flag("root", value: "DIR", Command.sections, completes: .directories, "The tree whose links are repaired (default: the git work tree's top level, else the current directory); also what a link path starting with '/' is relative to.") { a, raw in a.root = raw },

        Flag("source", value: "PATH", [.translationStatus, .translationDiff, .translationStamp, .translationAdopt], completes: .files, "The source language's directory, the TARGET operands then the translations' directories (a directory per language) or files in them; or a single source file, the TARGET operands then files translating it, whatever their names.") { a, raw in a.source = raw },
        Flag("format", value: "FORMAT", [.translationStatus], choices: TranslationReport.Format.allCases.map(\.rawValue), "text (the default), json ({\"version\":1,\"files\":[...],\"summary\":{...}}), github (workflow commands) or markdown (a table for a site or a pull request).") { a, raw in
            a.translationFormat = try Values.choice(raw!, option: "format", as: TranslationReport.Format.self)
        },
        Flag("fail-on", value: "STATUSES", [.translationStatus], "The statuses that make the exit status 1, comma-separated (default: stale,missing,orphaned,untracked,unaligned; 'none' for none).") { a, raw in
            a.failOn = try Values.statuses(raw!)
        },
        Flag("history", value: "N", [.translationStatus, .translationDiff, .translationAdopt], "Read at most N commits of history: to name the revision a stale section was translated from (status, diff; default 1000; 0: none), to find the last commit of each translation whose front matter records no revision (adopt; default: as far back as needed).") { a, raw in
            guard let n = Int(raw!), n >= 0 else { throw UsageError(message: "--history needs a whole number of commits, not '\(raw!)'") }
            a.history = n
        },
        since([.translationStatus], "Say where the source sections of orphaned IDs went since git revision REV (moved to another file, or deleted)."),
        ids([.translationStamp], "A section to stamp, or a page unit (@preamble, @title: a front-matter key); default: the stale and untracked ones edited since HEAD."),
        Flag("all", [.translationStamp], "Stamp every stale and untracked section and page unit, edited or not; with --set-base and no FILE: every translated page.") { $0.stampAll = true },
        Flag("set-base", value: "REV", [.translationStamp], "Instead of stamping: write the commit REV names into the base key ([translation] base-key, default_lang_commit) of each page whose sections and page units are all fresh, never of a drifted one: after pinning the source, so that a drift check that diffs the source since that key agrees again.") { a, raw in a.setBase = raw },
        Flag("base", value: "REV", [.translationAdopt], "The git revision the translations were made from, for the pages whose front matter records none (the base key, [translation] base-key, default_lang_commit); without either, the translation file's last commit.") { a, raw in a.base = raw },
        Flag("assume-fresh", [.translationAdopt], "Record the source's hash now, not as it was when the page was translated.") { $0.assumeFresh = true },
    ]

    // MARK: shared by several commands

    static let shared: [Flag] = [
        Flag("root", value: "DIR", [.check, .links], completes: .directories, "What a link path starting with '/' is relative to, outside sites (default: the git work tree's top level, else the current directory); in a file a site publishes, the site's content root.") { a, raw in a.root = raw },
        Flag("verbose", [.check, .links], common: true, "After the findings, say on standard error which sites were read, what they imply, and how many links were skipped for each reason (never changes standard output or the exit status).") { $0.verbose = true },
    ]

    // MARK: the output of the rewriting commands (format.md §3)

    static let output: [Flag] = [
        Flag("write", short: "w", Command.rewriting + Command.sections, group: "output", common: true, "Rewrite each FILE in place, atomically, keeping its permission bits; files whose result is identical are not touched. Reports on stderr how many files changed.") { $0.mode = .write },
        Flag("check", Command.rewriting + Command.sections, group: "output", common: true, "Write nothing; list each file that would change and exit 1 if any would.") { $0.mode = .check },
        Flag("diff", Command.rewriting + Command.sections, group: "output", common: true, "Write nothing; print a unified diff of every change (as diff -u, patch -p1 and git apply read it) and exit 1 if there is any.") { $0.mode = .diff },
        Flag("output", short: "o", value: "FILE", Command.rewriting + [.fold, .unfold], completes: .files, group: "output", common: true, "Write the result to FILE, atomically, even when FILE is an input (a shell redirection would empty it first).") { a, raw in
            a.mode = .output(try Values.nonEmpty(raw!, option: "output", what: "a file name"))
        },
        Flag("quiet", short: "q", Command.rewriting + Command.sections, common: true, "With --write: do not report how many files changed.") { $0.quiet = true },
    ]

    // MARK: configuration and walks (format.md §13)

    static let configuration: [Flag] = [
        Flag("config", value: "FILE", Command.configured, completes: .files, group: "config", common: true, "Read options from FILE instead of the nearest .outline.toml.") { a, raw in a.configFile = raw },
        Flag("no-config", Command.configured, group: "config", common: true, "Ignore every .outline.toml.") { $0.noConfig = true },
        Flag("exclude", value: "GLOB", Command.configured, repeatable: true, common: true, "Leave out of directory walks the paths GLOB matches (as gitignore reads a pattern; adds to the config's exclude).") { a, raw in
            _ = try Values.pathGlob(raw!)
            a.exclude.append(raw!)
        },
        Flag("hidden", Command.configured, common: true, "Walk hidden directories too (.github/, .archive/; never .git), as the config's hidden = true does.") { $0.hidden = true },
        Flag("site", value: "PATH", Command.configured, completes: .files, common: true, "Read the files as the site configured by PATH (\(SiteGenerators.examples)) publishes them; a generator's name (\(Site.Generator.allCases.map(\.rawValue).joined(separator: ", "))): the nearest configuration it reads, read by it (zensical for MkDocs' configuration); or 'none': as CommonMark. Default: the nearest site configuration above each file whose content root holds it.") { a, raw in a.site = raw },
    ]

    // MARK: the kinds several commands take, each read one way

    /// `--slugs NAME`: `help` is what the profile is for in this command.
    static func slugs(_ commands: [Command], _ help: String, value: String = "NAME") -> Flag {
        Flag("slugs", value: value, commands, choices: SlugProfile.allCases.map(\.rawValue), help) { a, raw in a.slugs = try Values.slugs(raw!) }
    }

    /// `--depth N` of the commands that show the section tree to a depth.
    static func depth(_ commands: [Command], _ help: String) -> Flag {
        Flag("depth", value: "N", commands, help) { a, raw in a.depth = try Values.depth(raw!) }
    }

    /// `--since REV`: a git revision to compare with.
    static func since(_ commands: [Command], _ help: String, group: String? = nil) -> Flag {
        Flag("since", value: "REV", commands, group: group, help) { a, raw in a.since = raw }
    }

    /// `--levels A-B`.
    static func levels(_ commands: [Command], _ help: String) -> Flag {
        Flag("levels", value: "A-B", commands, help) { a, raw in a.levels = try Values.levels(raw!) }
    }

    /// `--strict` of `check` and `links` (config `strict = true`).
    static func strict(_ commands: [Command], _ help: String) -> Flag {
        Flag("strict", commands, common: true, help) { $0.strict = true }
    }

    /// `--state FILE`: a fold-state sidecar.
    static func state(_ commands: [Command], _ help: String) -> Flag {
        Flag("state", value: "FILE", commands, completes: .files, help) { a, raw in a.state = raw }
    }

    /// `--after ID`, `--before ID`, `--into ID`: where `insert` and `move` put a section.
    static func position(_ name: String, _ help: String) -> Flag {
        Flag(name, value: "ID", [.insert, .move], group: "position", help) { a, raw in a.placement = (SectionPlacement(rawValue: name)!, raw!) }
    }

    /// `--id ID`, repeatable: a section by its stable ID.
    static func ids(_ commands: [Command], _ help: String) -> Flag {
        Flag("id", value: "ID", commands, repeatable: true, help) { a, raw in a.ids.append(raw!) }
    }
}
