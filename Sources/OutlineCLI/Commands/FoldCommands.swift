import OutlineCore

enum FoldCommand {
    static let spec = CommandSpec(
        name: "fold",
        summary: "Write the document with sections collapsed into fold markers.",
        usage: "outline fold [--depth N] [--id ID]... [--state FILE] [--save-state FILE] [FILE]",
        overview: """
        --depth N shows the outline to depth N of the section tree (top-level sections are depth 1,
        whatever their heading level): deeper headings and all body text are hidden. --id and --state
        collapse whole sections. Each visible heading whose following lines are hidden gets one marker,
        <!-- outline-fold:ID lines=A-B hash=HHHHHHHH hidden=ID:LEVEL,... -->, and every visible heading
        an anchor, so that 'outline unfold --from FILE' restores the document byte for byte, also after
        the folded view was edited as a skeleton. Folding a folded view again with the same selection
        changes nothing.
        """,
        arguments: [("FILE", "A Markdown file; none, or '-': standard input.")],
        options: [
            OptionSpec("depth", value: "N", "Show headings down to depth N of the tree; hide every body and everything deeper."),
            OptionSpec("id", value: "ID", repeatable: true, "Collapse the section with this ID, body and subsections."),
            OptionSpec("state", value: "FILE", "Collapse the sections a sidecar lists as folded (IDs that no longer exist: a warning)."),
            OptionSpec("save-state", value: "FILE", "Also write the sidecar for what was folded to FILE."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, console: Console) throws -> Int32 {
        let depth = try Inputs.depth(invocation)
        var ids = invocation.all("id")
        let statePath = invocation.value("state")
        if depth == nil && ids.isEmpty && statePath == nil {
            throw UsageError(message: "nothing to fold: give --depth N, --id ID or --state FILE")
        }
        let (path, bytes) = try Inputs.single(invocation, console: console)
        let outline = try Inputs.outline(bytes, path: path, last: true)
        if let statePath {
            let sidecar = try SidecarInput.read(statePath, console: console)
            // Sections hidden in a marker of a folded view still exist.
            let missing = Set(Check.missingFolded(sidecar, in: outline))
            for id in sidecar.folded {
                if !missing.contains(id) { ids.append(id) } else {
                    console.err("outline: \(Inputs.displayName(statePath)): warning: folded section '\(id)' no longer exists in \(Inputs.displayName(path)); ignored\n")
                }
            }
        }
        let result = try Inputs.about(path) { try Fold.apply(outline, selection: .init(depth: depth, ids: ids)) }
        if let save = invocation.value("save-state") {
            let sidecar = try Inputs.about(path) { try Structure(outline) }.sidecar(extraFolded: Set(result.folded))
            try FileSystem.writeAtomically(Array(sidecar.text().utf8), to: save, createIfMissing: true)
        }
        console.out(result.rewrite)
        return 0
    }
}

enum UnfoldCommand {
    static let spec = CommandSpec(
        name: "unfold",
        summary: "Expand fold markers with the lines they hid, taken from the original document.",
        usage: "outline unfold --from ORIGINAL [--id ID]... [--strict] [FOLDED]",
        overview: """
        Each fold marker is replaced by the hidden lines of the section with its ID in ORIGINAL, wherever
        the marker now stands: headings renamed, sections reordered, deleted or added in the folded view
        keep their edits, and every body goes back under its own heading. A marker whose ID is not in
        ORIGINAL, or appears twice, is an error (exit 2, nothing written); one whose hash no longer
        matches ORIGINAL is restored from ORIGINAL with a warning.
        """,
        arguments: [("FOLDED", "The folded view; none, or '-': standard input.")],
        options: [
            OptionSpec("from", value: "ORIGINAL", "The document the folded view was made from (required)."),
            OptionSpec("id", value: "ID", repeatable: true, "Expand only the markers of this section."),
            OptionSpec("strict", "A marker whose hash no longer matches ORIGINAL is an error, not a warning."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, console: Console) throws -> Int32 {
        guard let from = invocation.value("from") else {
            throw UsageError(message: "unfold needs --from ORIGINAL: the document the folded view was made from")
        }
        if from == "-" && (invocation.operands.first ?? "-") == "-" {
            throw UsageError(message: "--from - and FOLDED cannot both be standard input")
        }
        let (path, bytes) = try Inputs.single(invocation, console: console, what: "FOLDED")
        let folded = try Inputs.outline(bytes, path: path)
        let original = try Inputs.outline(try Inputs.read(from, console: console), path: from, last: true)
        let only = invocation.all("id")
        let result = try Inputs.about(path) {
            try Unfold.apply(folded, original: original, only: only.isEmpty ? nil : Set(only), strict: invocation.has("strict"))
        }
        Inputs.warn(console, path: path, result.warnings)
        console.out(result.rewrite)
        return 0
    }
}

enum StateCommand {
    static let spec = CommandSpec(
        name: "state",
        summary: "Print the sidecar JSON of a document: its sections and which are folded.",
        usage: "outline state [--folded ID]... [FILE]",
        overview: """
        The sidecar is deterministic (keys in a fixed order, two-space indent, no line numbers, no
        timestamps, no paths), so it changes only when the structure or the fold state does:
        {"version": 1, "folded": [...], "sections": [{"id", "title", "level", "parent"}...]}.
        For a folded view, sections hidden in markers are listed with a null title.
        """,
        arguments: [("FILE", "A Markdown file (a folded view or not); none, or '-': standard input.")],
        options: [OptionSpec("folded", value: "ID", repeatable: true, "Mark this section as folded in the sidecar.")],
        run: { invocation, console in
            let (path, bytes) = try Inputs.single(invocation, console: console)
            let outline = try Inputs.outline(bytes, path: path, last: true)
            let structure = try Inputs.about(path) { try Structure(outline) }
            let present = Set(structure.nodes?.map(\.id) ?? [])
            for id in invocation.all("folded") where !present.contains(id) {
                throw FileError(path: Inputs.displayName(path), message: "no section with ID '\(id)' (--folded)")
            }
            console.out(structure.sidecar(extraFolded: Set(invocation.all("folded"))).text())
            return 0
        }
    )
}

enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Compare section IDs, titles, structure and fold state of two documents or sidecars.",
        usage: "outline diff [--json] A B",
        overview: """
        A and B are Markdown documents (folded views or not) or sidecar files (JSON, detected by content).
        One line per difference, by section ID: removed, added, renamed, moved (another parent, or out of
        order among shared siblings), level changes, and folded/unfolded when both sides carry fold state.
        Sections hidden in a fold marker count as present. Exit 0 when there is no difference, 1 when
        there is, 2 on error, as diff(1). Typical: outline diff <(git show HEAD:a.md) a.md.
        """,
        arguments: [("A B", "Markdown documents or sidecars; one of them may be '-' (standard input).")],
        options: [OptionSpec("json", "Print {\"version\": 1, \"changes\": [...]} instead.")],
        run: { invocation, console in
            guard invocation.operands.count == 2 else {
                throw UsageError(message: "diff needs two operands, A and B (got \(invocation.operands.count))")
            }
            if invocation.operands == ["-", "-"] { throw UsageError(message: "A and B cannot both be standard input") }
            let sides = try invocation.operands.map { path -> Structure in
                let bytes = try Inputs.read(path, console: console)
                if Sidecar.looksLikeSidecar(bytes) {
                    return Structure(try SidecarInput.parse(bytes, path: path))
                }
                let outline = try Inputs.outline(bytes, path: path, last: true)
                return try Inputs.about(path) { try Structure(outline) }
            }
            let changes = StructureDiff.compare(sides[0], sides[1])
            if invocation.has("json") {
                console.out(JSONValue.object([("version", .int(1)), ("changes", .array(changes.map(\.json)))]).pretty())
            } else {
                console.out(changes.map { $0.line + "\n" }.joined())
            }
            return changes.isEmpty ? 0 : 1
        }
    )
}

enum SidecarInput {
    static func read(_ path: String, console: Console) throws -> Sidecar {
        try parse(try Inputs.read(path, console: console), path: path)
    }

    static func parse(_ bytes: [UInt8], path: String) throws -> Sidecar {
        try Inputs.about(path) { try Sidecar.parse(bytes) }
    }
}
