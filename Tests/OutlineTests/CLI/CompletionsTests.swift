import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI

/// `outline completions` without a shell: what it says of a shell it has no script for (the scripts
/// themselves are loaded by bash, zsh and fish in the slow target).
@Suite("completions")
struct CompletionsTests {
    /// Every script offers every option of every command, as the table has them (the slow target
    /// loads the scripts in the shells themselves), and an action-taking command its actions.
    @Test func theScriptsOfferTheTablesOptions() {
        let bash = runInProcess(["completions", "bash"]).text, zsh = runInProcess(["completions", "zsh"]).text
        let fish = runInProcess(["completions", "fish"]).text
        for command in OutlineCommandLine.commands {
            let line = bash.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(command.name)) opts='") } ?? ""
            let opts = line.components(separatedBy: "opts='").last?.components(separatedBy: "'").first?.split(separator: " ").map(String.init) ?? []
            for option in command.allOptions {
                #expect(opts.contains("--\(option.long)"), "bash: \(command.name) --\(option.long)")
                #expect(zsh.contains("--\(option.long)"), "zsh: --\(option.long)")
                #expect(fish.contains("__fish_seen_subcommand_from \(command.name)' -l \(option.long)") || fish.contains("__fish_seen_subcommand_from \(command.name)' -s"), "fish: \(command.name) --\(option.long)")
            }
            for action in command.operandChoices { #expect(bash.contains(action), "bash: \(command.name) \(action)") }
        }
        #expect(OutlineCommandLine.commands.first { $0.name == "translation" }?.operandChoices == ["status", "diff", "stamp", "adopt"])
    }

    @Test func unknownShell() {
        let result = runInProcess(["completions", "zhs"])
        #expect(result.status == 2 && result.stderr.hasPrefix("outline: no completions for 'zhs': bash, zsh or fish (did you mean 'zsh'?)"))
        #expect(runInProcess(["completions"]).status == 2)
    }
}
