import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI

/// `outline completions`: scripts generated from the option table that bash, zsh and fish load and
/// that complete what the parser accepts.
@Suite("completions in bash, zsh and fish", .serialized)
struct CompletionsShellTests {
    func script(_ shell: String, in dir: URL) throws -> URL {
        let result = runInProcess(["completions", shell])
        #expect(result.status == 0)
        let url = dir.appendingPathComponent("outline.\(shell)")
        try Data(result.stdout).write(to: url)
        return url
    }

    @Test("bash loads the script and completes commands, options, their values and operands")
    func bash() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try script("bash", in: dir)
        func complete(_ words: [String]) throws -> String {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let run = try shell("bash -c \"source '\(file.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _outline; echo \\\"\\${COMPREPLY[*]}\\\"\"", in: dir)
            #expect(run.status == 0, "\(run.output)")
            return run.output.trimmingCharacters(in: .newlines)
        }
        #expect(try complete(["outline", "to"]) == "toc")
        #expect(try complete(["outline", "id", "--wr"]) == "--write")
        #expect(try complete(["outline", "check", "--slugs", "g"]) == "github gitlab")
        #expect(try complete(["outline", "check", "--format", ""]) == "text json github sarif")
        // Each command's own formats, though the option has one name.
        #expect(try complete(["outline", "diff", "--format", ""]) == "text json markdown")
        #expect(try complete(["outline", "site", "--format", ""]) == "text json")
        #expect(try complete(["outline", "completions", "z"]) == "zsh")
        // Every option of every command is offered after its command.
        for command in OutlineCommandLine.commands {
            let offered = Set(try complete(["outline", command.name, "-"]).split(separator: " ").map(String.init))
            for option in command.allOptions {
                #expect(offered.contains("--\(option.long)"), "\(command.name) --\(option.long)")
            }
        }
        #expect(try shell("bash -c \"source '\(file.path)' && complete -p outline\"", in: dir).output.contains("-F _outline outline"))
    }

    @Test("zsh and fish accept their scripts, and fish completes from them")
    func zshAndFish() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zsh = try script("zsh", in: dir)
        #expect(try shell("zsh -n '\(zsh.path)'", in: dir).status == 0)
        let loaded = try shell("zsh -fc \"autoload -U compinit; compinit -u -D; source '\(zsh.path)'; print -r -- \\${_comps[outline]}\"", in: dir, environment: ["HOME": dir.path])
        #expect(loaded.status == 0 && loaded.output == "_outline\n", "\(loaded.output)")
        let fish = try script("fish", in: dir)
        #expect(try shell("fish -n '\(fish.path)'", in: dir).status == 0)
        let completed = try shell("fish -c \"source '\(fish.path)'; complete -C 'outline id --wr'; complete -C 'outline check --slugs '\"", in: dir, environment: ["HOME": dir.path])
        #expect(completed.output.hasPrefix("--write\t"), "\(completed.output)")
        #expect(completed.output.contains("\nmkdocs\t"), "\(completed.output)")
    }

}
