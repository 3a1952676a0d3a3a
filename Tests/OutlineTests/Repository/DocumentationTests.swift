import Foundation
import Testing
import OutlineTestHelpers
import OutlineCore
@testable import OutlineCLI

/// The man page, --help and README cannot drift from the option table.
@Suite("documentation")
struct DocumentationTests {
    let manPage = (try? String(contentsOf: Paths.root.appendingPathComponent("man/outline.1"), encoding: .utf8)) ?? ""
    let readme = (try? String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    /// The command reference the README points to, with the examples the tests run.
    let reference = (try? String(contentsOf: Paths.root.appendingPathComponent("docs/commands.md"), encoding: .utf8)) ?? ""

    /// roff escapes `-` as `\-`; compare against the text with escapes taken out.
    var manText: String { manPage.replacingOccurrences(of: "\\-", with: "-") }

    /// Every command (and action) has its synopsis in the man page's COMMANDS section exactly as
    /// the option table makes it, and under it, in table order, the headings of exactly its own
    /// options; the OPTIONS section has exactly the headings of the options many commands share.
    /// `OUTLINE_RECORD=1` rewrites the synopses (a new option's heading needs its prose: the failure
    /// shows the heading to write).
    @Test func theManPageHasTheTablesSynopsesAndOptions() throws {
        var lines = manPage.components(separatedBy: "\n")
        let commandsAt = try #require(lines.firstIndex(of: ".SH COMMANDS")), optionsAt = try #require(lines.firstIndex(of: ".SH OPTIONS"))
        let optionsEnd = try #require(lines[(optionsAt + 1)...].firstIndex { $0.hasPrefix(".SH ") })
        let specs = OutlineCommandLine.commands.flatMap { [$0] + $0.actions }
        // Each spec's synopsis: the line after a `.TP` that starts with its name in bold.
        var at: [(spec: CommandSpec, line: Int)] = []
        for spec in specs {
            let start = "\\fB" + spec.name.split(separator: " ").joined(separator: "\\fR \\fB") + "\\fR"
            let found = (commandsAt..<optionsAt).filter { lines[$0 - 1] == ".TP" && (lines[$0].hasPrefix(start + " ") || lines[$0] == start) }
            let candidates = found.filter { k in !specs.contains { $0.name.hasPrefix(spec.name + " ") && lines[k].hasPrefix("\\fB" + $0.name.split(separator: " ").joined(separator: "\\fR \\fB") + "\\fR") } }
            guard candidates.count == 1, let k = candidates.first else {
                Issue.record("man page: \(candidates.count) synopses of \(spec.name)"); continue
            }
            let expected = Usage.roffSynopsis(spec)
            if lines[k] != expected {
                if ProcessInfo.processInfo.environment["OUTLINE_RECORD"] != nil { lines[k] = expected }
                Issue.record("man page synopsis of \(spec.name):\n  \(lines[k])\nthe table's:\n  \(expected)")
            }
            at.append((spec, k))
        }
        at.sort { $0.line < $1.line }
        func headings(_ range: Range<Int>) -> [String] {
            range.filter { lines[$0 - 1] == ".TP" && lines[$0].hasPrefix("\\fB\\-") }.map { lines[$0] }
        }
        for (n, entry) in at.enumerated() {
            let end = n + 1 < at.count ? at[n + 1].line - 1 : optionsAt
            let expected = Flags.of(entry.spec.command).filter { !$0.common }.map(Usage.roffHeading)
            #expect(headings((entry.line + 1)..<end) == expected, "man page options of \(entry.spec.name)")
        }
        var common: [String] = []
        for flag in Flags.all where flag.common && !common.contains(Usage.roffHeading(flag)) { common.append(Usage.roffHeading(flag)) }
        common += Flags.global.map { ($0.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-\($0.long)\\fR" }
        #expect(Set(headings((optionsAt + 1)..<optionsEnd)) == Set(common) && headings((optionsAt + 1)..<optionsEnd).count == common.count,
                "man page OPTIONS: \(headings((optionsAt + 1)..<optionsEnd)) against \(common)")
        if ProcessInfo.processInfo.environment["OUTLINE_RECORD"] != nil {
            try lines.joined(separator: "\n").write(to: Paths.root.appendingPathComponent("man/outline.1"), atomically: true, encoding: .utf8)
        }
    }

    /// `--help` shows the table's usage line and every option of the command, and nothing else.
    @Test func helpShowsTheTablesUsageAndOptions() {
        for spec in OutlineCommandLine.commands.flatMap({ $0.actions.isEmpty ? [$0] : $0.actions }) {
            let help = OutlineCommandLine.help(for: spec)
            let usage = help.components(separatedBy: "\nUSAGE: ").last!.components(separatedBy: "\n\n").first!
            #expect(usage.split(whereSeparator: \.isWhitespace) == Usage.line(spec).split(whereSeparator: \.isWhitespace), "usage of \(spec.name)")
            let listed = help.components(separatedBy: "\nOPTIONS:\n").last!.components(separatedBy: "\n")
                .filter { $0.hasPrefix("  -") }.map { $0.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "[" }) } ?? "" }
            #expect(listed == Flags.of(spec.command).map { "--" + $0.long } + ["--help"], "options of \(spec.name)")
        }
    }

    /// The README names every command and option (its table and its pointer to the reference); the
    /// reference, docs/commands.md, explains every option.
    @Test func everyCommandAndOptionIsInTheReadmeAndTheReference() {
        #expect(!reference.isEmpty)
        for command in OutlineCommandLine.commands {
            #expect(readme.contains("`outline \(command.name)`"), "README does not mention outline \(command.name)")
            for option in command.options {
                #expect(readme.contains("`--\(option.long)`"), "README does not mention --\(option.long) (\(command.name))")
                #expect(reference.contains("--\(option.long)") || command.name == "lsp", "docs/commands.md does not explain --\(option.long) (\(command.name))")
            }
        }
    }

    /// A newcomer reads the workflow first: "Use it on your docs" within the README's first 80 lines,
    /// and the README stays short (the reference lives in docs/).
    @Test func theReadmeStartsWithTheWorkflow() {
        let lines = readme.components(separatedBy: "\n")
        #expect(lines.prefix(80).contains("## Use it on your docs"))
        #expect(lines.count < 300, "README has \(lines.count) lines")
        for link in ["docs/commands.md", "docs/editors.md", "docs/integration.md", "docs/format.md", "bench/README.md", "CONTRIBUTING.md"] {
            #expect(readme.contains("(\(link))"), "README does not link \(link)")
            #expect(FileManager.default.fileExists(atPath: Paths.root.appendingPathComponent(link).path), "\(link) is missing")
        }
    }


    /// Every `$ outline …` example of docs/commands.md whose input is its own `guide.md` is run for
    /// real, and its output must be exactly the lines shown under it (up to a `…` line, which stands
    /// for the rest). Examples about other trees (`docs/`, git history) are illustrations and skipped.
    @Test func referenceExamplesShowWhatTheBinaryPrints() throws {
        let lines = reference.components(separatedBy: "\n")
        guard let intro = lines.firstIndex(where: { $0.hasPrefix("The examples below use this document, `guide.md`") }),
              let open = lines[intro...].firstIndex(of: "```markdown"),
              let close = lines[(open + 1)...].firstIndex(of: "```") else {
            Issue.record("docs/commands.md has no guide.md example document"); return
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try (lines[(open + 1)..<close].joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("guide.md"), atomically: true, encoding: .utf8)
        var ran = 0
        var k = close + 1
        while k < lines.count {
            guard lines[k] == "```console" else { k += 1; continue }
            k += 1
            while k < lines.count && lines[k] != "```" {
                let command = String(lines[k].dropFirst(2))
                k += 1
                var expected: [String] = []
                var truncated = false
                while k < lines.count && lines[k] != "```" && !lines[k].hasPrefix("$ ") {
                    if lines[k] == "…" { truncated = true } else if !truncated { expected.append(lines[k]) }
                    k += 1
                }
                if command.contains("docs/") || command.contains("git ") || command.contains("--since") { continue }
                let result = try shell(command, in: dir)
                var got = result.output.components(separatedBy: "\n")
                if got.last == "" { got.removeLast() }
                if truncated { got = Array(got.prefix(expected.count)) }
                #expect(got == expected, "docs/commands.md example '\(command)' prints:\n\(result.output)")
                ran += 1
            }
            k += 1
        }
        #expect(ran >= 8, "only \(ran) examples of docs/commands.md were run")
    }

    /// What is read per generator is listed in the README, `outline site --help`, the man page and
    /// docs/format.md §16: each names every generator of the registry and its configuration files.
    @Test func everyGeneratorIsDocumentedWhereSitesAre() throws {
        let format = try String(contentsOf: Paths.root.appendingPathComponent("docs/format.md"), encoding: .utf8)
        let sites = try #require(format.components(separatedBy: "\n## 16. ").dropFirst().first?.components(separatedBy: "\n## 17. ").first)
        let help = OutlineCommandLine.help(for: try #require(OutlineCommandLine.commands.first { $0.name == "site" }))
        let names = ["mkdocs": "MkDocs", "zensical": "Zensical", "sphinx": "Sphinx", "hugo": "Hugo", "docusaurus": "Docusaurus"]
        for generator in SiteGenerators.all {
            let name = try #require(names[generator.id.rawValue], "a display name for \(generator.id)")
            let file = try #require(generator.configurationNames.first)
            for (document, text) in [("README.md", readme), ("man/outline.1", manText), ("docs/format.md §16", sites)] {
                #expect(text.contains(name) && text.contains(file), "\(document) does not say what is read of \(name) (\(file))")
            }
            #expect(help.contains("- \(generator.id.rawValue): " + file.prefix { $0 != "." }), "outline site --help does not list \(generator.id)")
        }
        #expect(manText.contains("HUGO_ENVIRONMENT") && manText.contains("hugo-environment") && sites.contains("hugo-environment"))
    }

    @Test func quickStartIsTheTwoCommands() {
        #expect(readme.contains("make demo") && readme.contains("make test"))
    }
}
