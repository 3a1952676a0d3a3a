import OutlineCore

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Report anchor, numbering and fold problems: the gate for hooks and CI.",
        usage: "outline check [--allow-folds] [--levels A-B] [--state FILE] [--against OLD | --since REV] [--allow-removed] [FILE...]",
        overview: """
        Prints one 'path:line: message' line per finding: headings without anchors, duplicate IDs,
        malformed or orphan anchors, stale numbering (in a numbered document), malformed or orphan fold
        markers. --against and --since check that every anchored ID of the older version still exists,
        so that links and fold state keyed on IDs keep working. Exit status: 0 clean, 1 findings, 2 error.
        """,
        arguments: [("FILE", "Markdown files, or directories searched for *.md and *.markdown. None, or '-': standard input.")],
        options: [
            OptionSpec("allow-folds", "Accept fold markers (a repository that keeps folded views on purpose); by default each is a finding."),
            OptionSpec("no-folds", "Report every fold marker (the default; kept for older hooks)."),
            OptionSpec("state", value: "FILE", "Also report folded IDs of this sidecar that no longer exist."),
            OptionSpec("against", value: "OLD", "Every anchored ID in OLD (a file, or '-') must still exist; one FILE only."),
            OptionSpec("since", value: "REV", "For every FILE, the same check against its version at git revision REV (renames followed)."),
            OptionSpec("allow-removed", "With --against or --since, allow anchored IDs to disappear."),
            OptionSpec("levels", value: "A-B", "The --levels the documents are numbered with: stale numbering is what 'outline number --levels A-B' would change."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, console: Console) throws -> Int32 {
        let against = invocation.value("against"), since = invocation.value("since")
        let numberLevels = try NumberCommand.parseLevels(invocation.value("levels"))
        if against != nil && since != nil { throw UsageError(message: "--against and --since cannot be combined") }
        let files = try FileSystem.expand(invocation.operands.isEmpty ? ["-"] : invocation.operands)
        if against != nil && files.count != 1 { throw UsageError(message: "--against takes exactly one FILE") }
        if against == "-" && files == ["-"] { throw UsageError(message: "--against - and FILE cannot both be standard input") }

        var sidecar: (path: String, bytes: [UInt8], value: Sidecar)? = nil
        if let path = invocation.value("state") {
            let bytes = try Inputs.read(path, console: console)
            sidecar = (path, bytes, try SidecarInput.parse(bytes, path: path))
        }

        // Older versions to keep anchors from: --against OLD, or each file at git revision REV.
        var older: [String: (name: String, bytes: [UInt8])] = [:]
        if let against {
            older[files[0]] = (Inputs.displayName(against), try Inputs.read(against, console: console))
        } else if let since {
            let git = try Git(directory: console.workingDirectory ?? ".")
            try git.verify(since)
            let renames = try git.renames(since: since)
            var paths: [(file: String, old: String)] = []
            for file in files where file != "-" {
                guard let relative = git.relativePath(of: file) else {
                    throw FileError(path: file, message: "not in the git work tree of \(git.root)")
                }
                paths.append((file, renames[relative] ?? relative))
            }
            let contents = try git.contents(at: since, of: paths.map(\.old))
            for (k, p) in paths.enumerated() {
                if let bytes = contents[k] { older[p.file] = ("\(since):\(p.old)", bytes) }
            }
        }

        var lines: [String] = []
        var failed = false
        for path in files {
            do {
                let outline = try Inputs.outline(try Inputs.read(path, console: console), path: path, last: files.count == 1)
                let name = Inputs.displayName(path)
                for finding in Check.findings(outline, allowFolds: invocation.has("allow-folds") && !invocation.has("no-folds"), numberLevels: numberLevels) {
                    lines.append("\(name):\(finding.line ?? 1): \(finding.message)")
                }
                if let sidecar {
                    for id in Check.missingFolded(sidecar.value, in: outline) {
                        let line = Sidecar.line(of: id, in: sidecar.bytes)
                        lines.append("\(Inputs.displayName(sidecar.path)):\(line): folded section '\(id)' does not exist in \(name)")
                    }
                }
                if let old = older[path], !invocation.has("allow-removed") {
                    let previous = try Inputs.outline(old.bytes, path: old.name)
                    for removed in Check.removedIDs(old: previous, new: outline) {
                        lines.append("\(old.name):\(removed.line): anchor '\(removed.id)' no longer exists in \(name)")
                    }
                }
            } catch let error as FileError {
                console.err("outline: \(error.path): \(error.message)\n")
                failed = true
            }
        }
        if failed { return 2 }
        console.out(lines.map { $0 + "\n" }.joined())
        return lines.isEmpty ? 0 : 1
    }
}
