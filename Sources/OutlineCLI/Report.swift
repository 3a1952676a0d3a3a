import OutlineCore

/// The one place output is rendered. Errors and warnings go to standard error as
/// `outline: PATH:LINE: message` (format.md §12), usage errors with the command's usage; `check`'s
/// findings go to standard output as text (`PATH:LINE: message`), one JSON document, or GitHub
/// Actions workflow commands; `diff`'s changes and `diff --since`'s report as text or JSON; `tree`'s
/// rendering is in `TreeRendering.swift`.
enum Report {
    /// `check --format`.
    enum Format: String, CaseIterable {
        case text, json, github, sarif
    }

    /// `diff --format` (`--json` is `--format json`; `markdown` needs `--since`).
    /// `outline site --format`.
    enum SiteFormat: String, CaseIterable, Sendable { case text, json }

    enum DiffFormat: String, CaseIterable {
        case text, json, markdown
    }

    /// A usage error: `outline: MESSAGE`, then the command's usage and where to find help.
    static func usage(_ error: UsageError, command: CommandSpec?) -> String {
        var out = "outline: \(error.message)\n"
        if let command {
            out += "Usage: \(command.usage)\nSee 'outline \(command.name) --help'.\n"
        } else {
            out += "Usage: outline COMMAND [OPTIONS] [FILE...]\nSee 'outline --help'.\n"
        }
        return out
    }

    /// An error or a warning, as one line for standard error.
    static func stderrLine(_ d: Diagnostic) -> String {
        "outline: \(d)\n"
    }

    /// Findings, in `format`, as the bytes to write.
    static func rendered(_ findings: [Diagnostic], format: Format, places: SARIF.Places? = nil) -> [UInt8] {
        let pieces = findingPieces(findings, format: format, places: places)
        return pieces.count == 1 ? pieces[0] : Array(pieces.joined())
    }

    /// The same, in pieces to be written one after another (no copy of them all into one array).
    /// `places`: what SARIF's paths are relative to (without them, paths relative to `/`, as absolute
    /// `file:` URIs).
    static func findingPieces(_ findings: [Diagnostic], format: Format, places: SARIF.Places? = nil) -> [[UInt8]] {
        switch format {
        case .sarif:
            return [SARIF.log(findings, places: places ?? SARIF.Places(workingDirectory: "/", root: nil))]
        case .text:
            // A large tree's findings (tens of thousands) are written a few thousand at a time in
            // parallel.
            let chunk = 4096
            return Parallel.map((findings.count + chunk - 1) / chunk) { c -> [UInt8] in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(chunk * 64)
                for finding in findings[(c * chunk)..<min(findings.count, (c + 1) * chunk)] {
                    finding.write(into: &bytes)
                    bytes.append(UInt8(ascii: "\n"))
                }
                return bytes
            }
        case .json:
            let items = findings.map { d -> JSONValue in
                var fields: [(String, JSONValue)] = [
                    ("path", d.path.map { .string(PathBytes.display($0)) } ?? .null),
                    ("line", d.line.map(JSONValue.int) ?? .null),
                ]
                // A removed section's file: where git saw it renamed from, or that it is gone.
                if let old = d.oldPath { fields.append(("old_path", .string(PathBytes.display(old)))) }
                if d.fileDeleted { fields.append(("deleted", .bool(true))) }
                // Where the finding's bytes are (a link's destination, else its line): additive fields.
                if let span = d.span {
                    fields.append(("column", .int(span.start.column)))
                    fields.append(("end", .object([("line", .int(span.end.line)), ("column", .int(span.end.column))])))
                }
                // Every finding says how it counts: `finding` (exit 1) or `warning` (exit status
                // unchanged), format.md §12.
                fields += [("kind", .string(d.kind.rawValue)), ("severity", .string(d.severity.rawValue))]
                fields += subjectFields(d)
                // With --since: new, or existing at REV (format.md §12).
                if let isNew = d.isNew { fields.append(("new", .bool(isNew))) }
                fields.append(("message", .string(PathBytes.display(d.message))))
                return .object(fields)
            }
            return [Array((JSONValue.object([("version", .int(1)), ("findings", .array(items))]).compact() + "\n").utf8)]
        case .github:
            return [Array(findings.map(workflowCommand).joined().utf8)]
        }
    }

    /// What a finding is about, as fields scripts read instead of the message (format.md §12,
    /// `schema/outline-check.schema.json`): `id` of a section, `title` of a heading without an ID,
    /// `toc` (the block's ordinal), and for a link its `destination` as written, `reason` and, where
    /// its path led to a file, `target`; `broken_under` for a link broken on some surfaces only.
    static func subjectFields(_ d: Diagnostic) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        switch d.subject {
        case .section(let id)?: fields.append(("id", .string(id)))
        case .heading(let title)?: fields.append(("title", .string(PathBytes.display(title))))
        case .toc(let ordinal)?: fields.append(("toc", .int(ordinal)))
        case .link(let destination)?: fields.append(("destination", .string(PathBytes.display(destination))))
        case .skipped?, nil: break
        }
        if let reason = d.reason { fields.append(("reason", .string(reason.rawValue))) }
        if let target = d.target { fields.append(("target", .string(PathBytes.display(target)))) }
        if let under = d.brokenUnder { fields.append(("broken_under", .array(under.map(JSONValue.string)))) }
        return fields
    }

    /// `::error file=PATH,line=N,title=outline KIND::message` (`::warning` for a warning, which
    /// GitHub shows as such and which does not fail the run), escaped as the GitHub Actions toolkit
    /// escapes command properties and data.
    static func workflowCommand(_ d: Diagnostic) -> String {
        func data(_ s: String) -> String {
            s.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
        }
        func property(_ s: String) -> String { data(s).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C") }
        var properties: [String] = []
        // A finding in a file deleted since the revision has no file to stand on: the run's summary.
        if let path = d.path, !d.fileDeleted { properties.append("file=" + property(PathBytes.display(path))) }
        if let line = d.line, !d.fileDeleted { properties.append("line=\(line)") }
        properties.append("title=" + property("outline \(d.kind.rawValue)"))
        let command = d.severity == .warning ? "warning" : "error"
        return "::\(command) \(properties.joined(separator: ","))::\(data(PathBytes.display(d.message)))\n"
    }
}

extension Console {
    /// Reports an error or a warning on standard error.
    func report(_ d: Diagnostic) { err(Report.stderrLine(d)) }

    /// A transform's warnings about the input `path`.
    func report(_ diagnostics: [Diagnostic], about path: String) {
        for d in diagnostics { report(d.located(in: Run.displayName(path))) }
    }
}

extension Report {
    /// `diff A B`: one line per change, or `{"version": 1, "changes": [...]}`.
    static func structureDiff(_ changes: [StructureChange], json: Bool) -> String {
        if json { return JSONValue.object([("version", .int(1)), ("changes", .array(changes.map(\.json)))]).pretty() }
        return changes.map { $0.line + "\n" }.joined()
    }

    /// `diff --since`: added, deleted and renamed files, moves between files, then each file's changes.
    static func treeDiff(_ report: TreeHistory.Report, json: Bool) -> String {
        if json {
            return JSONValue.object([
                ("version", .int(1)),
                ("files", .array(report.files.map { .object([("path", .string($0.path)), ("changes", .array($0.changes.map(\.json)))]) })),
                ("moves", .array(report.moves.map { .object([("id", .string($0.id)), ("from", .string($0.from)), ("to", .string($0.to))]) })),
                ("renames", .array(report.renames.map { .object([("from", .string($0.from)), ("to", .string($0.to))]) })),
                ("added", .array(report.added.sorted().map { .string($0) })),
                ("deleted", .array(report.deleted.sorted().map { .string($0) })),
            ]).pretty()
        }
        var out = ""
        for path in report.added.sorted() { out += "added file: \(path)\n" }
        for path in report.deleted.sorted() { out += "deleted file: \(path)\n" }
        for rename in report.renames { out += "renamed file: \(rename.from) -> \(rename.to)\n" }
        for move in report.moves { out += "moved \(move.id): \(move.from) -> \(move.to)\n" }
        for file in report.files { for change in file.changes { out += "\(file.path): \(change.line)\n" } }
        return out
    }

    /// `diff --redirects` as JSON: every vanished target to where it went (paths as the run names
    /// files, `{"old.md#slug": "new.md#slug", ...}`).
    static func redirects(_ map: [(from: String, to: String)]) -> String {
        JSONValue.object(map.map { ($0.from, .string($0.to)) }).pretty()
    }
}

/// A diagnostic as one line: the place as compilers and problem matchers write it, then the message.
extension Diagnostic: CustomStringConvertible {
    /// `PATH:LINE: message` (a warning: `PATH:LINE: warning: message`).
    public var description: String {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `description` to `bytes`, with no String in between (`check` writes thousands): the
    /// place as compilers and problem matchers write it (`PATH:LINE`, `PATH`, `line N`), then the message.
    public func write(into bytes: inout [UInt8]) {
        if let path {
            Diagnostic.appendEscaped(path, to: &bytes)
            if let line { bytes.append(UInt8(ascii: ":")); bytes.append(contentsOf: String(line).utf8) }
            bytes.append(contentsOf: ": ".utf8)
        } else if let line {
            bytes.append(contentsOf: "line ".utf8)
            bytes.append(contentsOf: String(line).utf8)
            bytes.append(contentsOf: ": ".utf8)
        }
        if severity == .warning { bytes.append(contentsOf: "warning: ".utf8) }
        Diagnostic.appendEscaped(message, to: &bytes)
    }

    /// Text with its control characters written as escapes (`\x1B`, `\u{9B}`): a heading or a file
    /// name crafted with terminal escape sequences cannot rewrite the terminal of whoever reads a CI
    /// log (`--format json` escapes them as JSON does). A tab stays a tab.
    public static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let clean = text.withUTF8 { b in !b.contains { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xF4 } }
        if clean { bytes.append(contentsOf: text.utf8); return }
        let hex = Array("0123456789ABCDEF".utf8)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 && v != 0x09 || v == 0x7F {
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(v >> 4)], hex[Int(v & 0xF)]])
            } else if let byte = PathBytes.rawByte(scalar) {
                // A byte of a file name that is not UTF-8.
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            } else if v >= 0x80 && v < 0xA0 {
                bytes.append(contentsOf: "\\u{".utf8)
                bytes.append(contentsOf: [hex[Int(v >> 4)], hex[Int(v & 0xF)], UInt8(ascii: "}")])
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}

extension Report {
    /// `--verbose` (format.md §16): each site the files were read as, once, and the links skipped
    /// under its rules, counted by reason, on standard error.
    /// `skipped`: nil where the command does not count them (`links` leaves such links alone).
    static func verbose(sites: [Site?], skipped: [(reason: LinkSkip, count: Int)]?, settings: Settings, console: Console) {
        var seen = Set<String>()
        var plain = 0
        for site in sites {
            guard let site else { plain += 1; continue }
            guard seen.insert(site.config).inserted else { continue }
            let describe = { (path: String) in PathBytes.display(settings.display(path)) }
            console.err("outline: \(describe(site.config)): read as \(site.summary(relativeTo: describe))\n")
            for note in site.notes { console.err("outline: \(describe(site.config)): not followed: \(note)\n") }
        }
        if plain > 0 { console.err("outline: \(plain) file\(plain == 1 ? "" : "s") read as CommonMark (no site)\n") }
        guard let skipped else { return }
        for (reason, count) in skipped { console.err("outline: skipped \(count) link\(count == 1 ? "" : "s"): \(reason)\n") }
        if skipped.isEmpty { console.err("outline: no link skipped\n") }
    }
}
