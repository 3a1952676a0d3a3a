import Foundation
import Testing
import OutlineTestHelpers

/// `outline completions zsh` in an interactive zsh: 3.5 s of sleeps while zpty drives the shell,
/// moved out of the fast suite's `CompletionsTests` (which keeps bash, `zsh -n` and fish).
@Suite("completions in an interactive zsh")
struct CompletionsInteractiveTests {
    /// An interactive zsh (driven through zpty) completes from the script as a user's shell would.
    @Test("zsh completes commands, options and values interactively")
    func zshInteractive() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = runInProcess(["completions", "zsh"])
        try Data(result.stdout).write(to: dir.appendingPathComponent("_outline"))
        let driver = """
            zmodload zsh/zpty
            zpty z 'zsh -f -i'
            zpty -w z 'PS1="> "; fpath=(\(dir.path) $fpath); autoload -U compinit; compinit -u -D; setopt no_beep'
            sleep 0.5
            zpty -w -n z $'outline id --wr\\t'
            sleep 1
            zpty -w -n z $'\\x15outline check --slugs mk\\t'
            sleep 1
            zpty -w -n z $'\\x15outline comp\\t'
            sleep 1
            typeset all=""
            while zpty -r -t z chunk; do all+=$chunk; done
            print -r -- "$all"
            zpty -d z
            """
        try driver.write(to: dir.appendingPathComponent("drive.zsh"), atomically: true, encoding: .utf8)
        let run = try shell("zsh -f drive.zsh", in: dir, environment: ["HOME": dir.path])
        for completed in ["outline id --write", "outline check --slugs mkdocs", "outline completions"] {
            #expect(run.output.contains(completed), "zsh did not complete '\(completed)'")
        }
    }
}
