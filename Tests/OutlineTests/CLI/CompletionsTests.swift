import Testing
import OutlineTestHelpers

/// `outline completions` without a shell: what it says of a shell it has no script for (the scripts
/// themselves are loaded by bash, zsh and fish in the slow target).
@Suite("completions")
struct CompletionsTests {
    @Test func unknownShell() {
        let result = runInProcess(["completions", "zhs"])
        #expect(result.status == 2 && result.stderr.hasPrefix("outline: no completions for 'zhs': bash, zsh or fish (did you mean 'zsh'?)"))
        #expect(runInProcess(["completions"]).status == 2)
    }
}
