import Foundation
import Testing
import OutlineTestHelpers
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

    @Test func everyCommandAndOptionIsInTheManPage() {
        #expect(!manPage.isEmpty)
        for command in OutlineCommandLine.commands {
            #expect(manText.contains(".BR \(command.name) "), "man page has no entry for \(command.name)")
            for option in command.allOptions {
                #expect(manText.contains("--\(option.long)"), "man page lacks --\(option.long) of \(command.name)")
                // The short form beside its long one, as the OPTIONS section lists it (`-w, --write`):
                // a bare "-w" would be found inside "--write" whatever the page says.
                if let short = option.short {
                    #expect(manText.contains(".BR -\(short) \", \" --\(option.long)"), "man page lacks -\(short), --\(option.long)")
                }
            }
        }
        for option in OutlineCommandLine.globalOptions { #expect(manText.contains("--\(option.long)")) }
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

    @Test func quickStartIsTheTwoCommands() {
        #expect(readme.contains("make demo") && readme.contains("make test"))
    }
}
