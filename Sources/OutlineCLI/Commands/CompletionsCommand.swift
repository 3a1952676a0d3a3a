import OutlineCore

enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        .completions,
        summary: "Print a shell completion script (bash, zsh or fish).",
        operands: "SHELL",
        overview: """
        The script completes commands, options and their fixed values, generated from the same option
        table as --help and the man page. Install it as your shell expects, e.g.
        outline completions bash > /etc/bash_completion.d/outline (or: source <(outline completions bash)),
        outline completions zsh > "${fpath[1]}/_outline", or
        outline completions fish > ~/.config/fish/completions/outline.fish.
        """,
        arguments: [("SHELL", "bash, zsh or fish.")],
        operandChoices: shells,
        run: { arguments, console in
            guard arguments.operands.count == 1, let shell = arguments.operands.first else {
                throw UsageError(message: "completions needs one SHELL: bash, zsh or fish")
            }
            switch shell {
            case "bash": console.out(Completions.bash())
            case "zsh": console.out(Completions.zsh())
            case "fish": console.out(Completions.fish())
            default:
                throw UsageError(message: "no completions for '\(shell)': bash, zsh or fish" + Suggestion.hint(shell, among: shells))
            }
            return 0
        }
    )
}
