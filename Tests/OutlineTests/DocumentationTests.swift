import Foundation
import Testing
@testable import OutlineCLI

/// The man page, --help and README cannot drift from the option table.
@Suite("documentation")
struct DocumentationTests {
    let manPage = (try? String(contentsOf: Paths.root.appendingPathComponent("man/outline.1"), encoding: .utf8)) ?? ""
    let readme = (try? String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// roff escapes `-` as `\-`; compare against the text with escapes taken out.
    var manText: String { manPage.replacingOccurrences(of: "\\-", with: "-") }

    @Test func everyCommandAndOptionIsInTheManPage() {
        #expect(!manPage.isEmpty)
        for command in OutlineCommandLine.commands {
            #expect(manText.contains(".BR \(command.name) "), "man page has no entry for \(command.name)")
            for option in command.allOptions {
                #expect(manText.contains("--\(option.long)"), "man page lacks --\(option.long) of \(command.name)")
                if let short = option.short { #expect(manText.contains("-\(short)"), "man page lacks -\(short)") }
            }
        }
        for option in OutlineCommandLine.globalOptions { #expect(manText.contains("--\(option.long)")) }
    }

    @Test func everyCommandAndOptionIsInTheReadme() {
        for command in OutlineCommandLine.commands {
            #expect(readme.contains("`outline \(command.name)"), "README does not mention outline \(command.name)")
            for option in command.options {
                #expect(readme.contains("--\(option.long)"), "README does not mention --\(option.long) (\(command.name))")
            }
        }
    }

    @Test func manPageRendersWithoutWarnings() throws {
        let result = try shell("groff -man -Tutf8 -ww -z man/outline.1 2>&1", in: Paths.root)
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
    }

    @Test func quickStartIsTheTwoCommands() {
        #expect(readme.contains("make demo") && readme.contains("make test"))
    }
}
