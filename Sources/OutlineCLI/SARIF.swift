import OutlineCore

/// `check --format sarif`: the findings as one SARIF 2.1.0 log (OASIS), what GitHub code scanning
/// and other dashboards read (format.md §12). One run; its driver lists a rule per kind `check`
/// reports (format.md §10), and each finding, warnings included, is a result with its level, its
/// message and where it stands: a path relative to the repository's top level (`%SRCROOT%`), or
/// an absolute `file:` URI for a file outside it, with its line and, where the finding knows them,
/// its columns (in code points, as `--format json` counts them).
enum SARIF {
    /// What a path is made relative to.
    struct Places {
        /// The directory the paths of findings are relative to, absolute, symbolic links resolved.
        var workingDirectory: String
        /// The git work tree's top level, symbolic links resolved; nil outside a work tree.
        var root: String?

        /// The current directory and its work tree (one `git rev-parse`, made for SARIF only).
        init(console: Console) {
            let here = console.workingDirectory ?? currentDirectory() ?? "."
            workingDirectory = Git.resolve(here) ?? here
            root = (try? Git(directory: here))?.root
        }

        init(workingDirectory: String, root: String?) {
            self.workingDirectory = workingDirectory
            self.root = root
        }
    }

    /// The schema a log names (the OASIS errata 01 schema, the one `Tests/Fixtures/sarif` holds).
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The homepage the packages name (`tools/dist`'s Debian control file): one address, not two.
    static let homepage = "https://github.com/outline-md/outline"
    /// The base relative URIs resolve against: the repository's top level (the name GitHub's own
    /// examples use).
    static let sourceRoot = "%SRCROOT%"

    /// Every kind `check` reports (format.md §10), in that order, with what it means. A rule's help
    /// names where the kind is documented; it carries no `helpUri`, which SARIF wants absolute and
    /// which would need the address of a published copy of the documentation.
    static let rules: [(kind: Diagnostic.Kind, description: String)] = [
        (.missingAnchor, "A heading without an anchor line: its section has no stable ID yet."),
        (.duplicateID, "Two sections of one file carry the same ID."),
        (.malformedAnchor, "An anchor or record line outline cannot read."),
        (.orphanAnchor, "An anchor or record line that does not directly follow a section heading."),
        (.staleNumber, "A heading's number is not the one its place in the outline gives it."),
        (.foldMarker, "A fold marker: a folded view committed in place of its document has lost its hidden lines."),
        (.malformedFoldMarker, "A fold marker outline cannot read."),
        (.orphanFoldMarker, "A fold marker that does not directly follow a section heading."),
        (.missingFolded, "A folded section of the sidecar that no longer exists in the document."),
        (.removedAnchor, "An anchored ID of the older version (--against, --since) that no file has now."),
        (.brokenLink, "A local link whose file does not exist or whose fragment is no target of that file."),
        (.fragmentCase, "A fragment that matches a target only ignoring case: github.com finds it, other renderers do not."),
        (.aliasCollision, "An alias on an anchor line that is also another target of the file."),
        (.idShadowed, "A linkable ID that a heading's slug or another element also carries."),
        (.slugTakeover, "A link that still resolves, but to another section than the one it named at the revision."),
        (.staleTOC, "A table of contents that differs from what 'outline toc' would write."),
        (.malformedTOC, "Table-of-contents markers that do not pair up or hold more than a list of links."),
        (.shadowedDefinition, "A reference definition that a later one of the same label shadows where the site's generator keeps the last."),
        (.stampedUnchanged, "A translated section whose source= changed since the revision while its translated text did not."),
        (.nesting, "Containers nested deeper than outline reads: the openers past the limit are read as text."),
    ]
    /// The kinds that are warnings unless the configuration says otherwise.
    static let warnings: Set<Diagnostic.Kind> = [.fragmentCase, .shadowedDefinition, .nesting]

    /// The log, as bytes to write (the project's JSON writer; two-space indentation, a final newline).
    static func log(_ findings: [Diagnostic], places: Places) -> [UInt8] {
        var index: [Diagnostic.Kind: Int] = [:]
        for (k, rule) in rules.enumerated() { index[rule.kind] = k }
        let ruleObjects = rules.map { rule -> JSONValue in
            .object([
                ("id", .string(rule.kind.rawValue)),
                ("shortDescription", .object([("text", .string(rule.description))])),
                ("help", .object([("text", .string("outline's docs/format.md, section 10 (\"What check reports\"), lists the kind '\(rule.kind.rawValue)'; 'outline check --help' and man outline(1) describe the findings."))])),
                // fragment-case is a warning unless the configuration says `fragment-case = "error"`.
                ("defaultConfiguration", .object([("level", .string(warnings.contains(rule.kind) ? "warning" : "error"))])),
            ])
        }
        var usesRoot = false
        // A finding in a file deleted since the revision stands on no file: a notification of the
        // run (SARIF's place for what concerns the run, not a location).
        let notifications = findings.filter(\.fileDeleted).map { d -> JSONValue in
            .object([
                ("level", .string(d.severity == .warning ? "warning" : "error")),
                ("message", .object([("text", .string(PathBytes.display(d.message)))])),
                ("descriptor", .object([("id", .string(d.kind.rawValue))])),
            ])
        }
        let results = findings.filter { !$0.fileDeleted }.map { d -> JSONValue in
            var fields: [(String, JSONValue)] = [("ruleId", .string(d.kind.rawValue))]
            if let k = index[d.kind] { fields.append(("ruleIndex", .int(k))) }
            fields.append(("level", .string(d.severity == .warning ? "warning" : "error")))
            fields.append(("message", .object([("text", .string(PathBytes.display(d.message)))])))
            if let path = d.path {
                let place = artifact(path, places: places)
                usesRoot = usesRoot || place.relative
                var artifact: [(String, JSONValue)] = [("uri", .string(place.uri))]
                if place.relative { artifact.append(("uriBaseId", .string(sourceRoot))) }
                var physical: [(String, JSONValue)] = [("artifactLocation", .object(artifact))]
                if let line = d.line {
                    var region: [(String, JSONValue)] = [("startLine", .int(line))]
                    if let span = d.span {
                        region.append(("startColumn", .int(span.start.column)))
                        region.append(("endLine", .int(span.end.line)))
                        region.append(("endColumn", .int(span.end.column)))
                    }
                    physical.append(("region", .object(region)))
                }
                fields.append(("locations", .array([.object([("physicalLocation", .object(physical))])])))
            }
            // What it is about, as the JSON format says it (SARIF's property bag).
            let subject = Report.subjectFields(d)
            if !subject.isEmpty { fields.append(("properties", .object(subject))) }
            // With --since: SARIF's own word for a result that existed in the baseline (REV).
            if let isNew = d.isNew { fields.append(("baselineState", .string(isNew ? "new" : "unchanged"))) }
            return .object(fields)
        }
        let driver: JSONValue = .object([
            ("name", .string("outline")),
            ("version", .string(OutlineCommandLine.version)),
            ("informationUri", .string(homepage)),
            ("rules", .array(ruleObjects)),
        ])
        var run: [(String, JSONValue)] = [("tool", .object([("driver", driver)]))]
        if !notifications.isEmpty {
            run.append(("invocations", .array([.object([("executionSuccessful", .bool(true)),
                                                         ("toolExecutionNotifications", .array(notifications))])])))
        }
        if usesRoot, let root = places.root {
            run.append(("originalUriBaseIds", .object([(sourceRoot, .object([("uri", .string(fileURI(root + "/")))]))])))
        }
        // Columns count code points (format.md §12), not SARIF's default UTF-16 code units.
        run.append(("columnKind", .string("unicodeCodePoints")))
        run.append(("results", .array(results)))
        let log: JSONValue = .object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return Array((log.pretty() + "\n").utf8)
    }

    /// Where a finding's file is, as an artifact location's `uri`: relative to the top level (a URI
    /// reference, percent-encoded), else an absolute `file:` URI; standard input is `<stdin>`
    /// (percent-encoded: `<` and `>` cannot stand in a URI).
    static func artifact(_ path: String, places: Places) -> (uri: String, relative: Bool) {
        if path == Run.standardInput { return (percentEncoded(path), false) }
        let absolute = FilePath.normalize(path.hasPrefix("/") ? path : places.workingDirectory + "/" + path)
        if let root = places.root, let inside = FilePath.below(root, absolute), !inside.isEmpty {
            return (percentEncoded(inside), true)
        }
        return (fileURI(absolute), false)
    }

    /// `file:///a/b%20c.md` for an absolute path.
    static func fileURI(_ absolute: String) -> String { "file://" + percentEncoded(absolute) }

    /// A path as a URI path: its bytes (a name that is not UTF-8 keeps its own) percent-encoded but
    /// for RFC 3986's unreserved characters and `/`. `:` is encoded too, so that no first segment
    /// reads as a scheme.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in PathBytes.encode(path) {
            let unreserved = (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~") || b == UInt8(ascii: "/")
            if unreserved { out.append(b) } else { out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
