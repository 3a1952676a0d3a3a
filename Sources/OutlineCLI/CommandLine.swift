import OutlineCore

/// One subcommand: its help texts, its options and what it runs.
public struct CommandSpec: Sendable {
    public let name: String
    public let summary: String
    public let usage: String
    public let overview: String
    public let arguments: [(String, String)]
    public let options: [OptionSpec]
    let run: @Sendable (Invocation, Console) throws -> Int32
    /// The operands' fixed values (`completions bash|zsh|fish`); empty when operands are files.
    var operandChoices: [String] = []

    /// Options including `--help`, which every command has.
    public var allOptions: [OptionSpec] { options + [OptionSpec.help] }
}

/// The outline command line: dispatch, help, version, and the exit code decided once, at the end.
public enum OutlineCommandLine {
    public static let version = "0.1.0"

    /// Every subcommand, in the order `outline --help` lists them.
    public static let commands: [CommandSpec] = [
        IDCommand.spec, NumberCommand.spec, FoldCommand.spec, UnfoldCommand.spec, DiffCommand.spec,
        StateCommand.spec, TreeCommand.spec, CheckCommand.spec, LinksCommand.spec, TOCCommand.spec, EditCommand.spec, SiteCommand.spec, TranslationCommand.spec, LSPCommand.spec, CompletionsCommand.spec,
    ]

    public static let globalOptions: [OptionSpec] = [
        OptionSpec("help", short: "h", "Show help information."),
        OptionSpec("version", "Show the version of outline and of the libcmark it uses."),
    ]

    /// Runs `arguments` (without the program name) and returns the exit status: 0 success, 1 findings or
    /// changes, 2 any error.
    public static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            return usageError(UsageError(message: "no command given"), command: nil, console: console)
        }
        switch first {
        case "--help", "-h":
            console.out(globalHelp())
            return 0
        case "help":
            if arguments.count > 1 {
                guard let spec = commands.first(where: { $0.name == arguments[1] }) else {
                    return usageError(UsageError(message: "unknown command '\(arguments[1])'" + Suggestion.hint(arguments[1], among: commands.map(\.name))), command: nil, console: console)
                }
                console.out(help(for: spec))
            } else {
                console.out(globalHelp())
            }
            return 0
        case "--version":
            console.out("outline \(version) (libcmark \(Outline.cmarkVersion))\n")
            return 0
        default:
            break
        }
        guard let spec = commands.first(where: { $0.name == first }) else {
            let message = first.hasPrefix("--")
                ? "unknown option '\(first)'" + Suggestion.hint(String(first.dropFirst(2)), among: globalOptions.map(\.long), prefix: "--")
                : first.hasPrefix("-") ? "unknown option '\(first)'"
                : "unknown command '\(first)'" + Suggestion.hint(first, among: commands.map(\.name))
            return usageError(UsageError(message: message), command: nil, console: console)
        }
        do {
            var invocation = try ArgumentParser.parse(Array(arguments.dropFirst()), options: spec.allOptions)
            invocation.command = spec.name
            if invocation.has("help") {
                console.out(help(for: spec))
                return 0
            }
            return try spec.run(invocation, console)
        } catch let error as UsageError {
            console.discardOutput()
            return usageError(error, command: spec, console: console)
        } catch let error as Diagnostic {
            console.discardOutput()
            console.report(error)
            return 2
        } catch let errors as Diagnostics {
            console.discardOutput()
            for error in errors.all { console.report(error) }
            return 2
        } catch {
            console.discardOutput()
            console.err("outline: \(error)\n")
            return 2
        }
    }

    static func usageError(_ error: UsageError, command: CommandSpec?, console: Console) -> Int32 {
        console.err(Report.usage(error, command: command))
        return 2
    }

    /// `outline --help`.
    public static func globalHelp() -> String {
        var out = """
        OVERVIEW: Stable structure for Markdown: section IDs, numbers, folds, links, tables of contents, diffs.

        outline parses Markdown with libcmark, builds the section tree from its headings and keeps each
        section's stable ID in an anchor line (<!-- outline:ID -->). It owns only the bytes it writes:
        everything else comes out exactly as it went in.

        USAGE: outline COMMAND [OPTIONS] [FILE...]

        COMMANDS:

        """
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        for c in commands {
            out += "  " + c.name + String(repeating: " ", count: width - c.name.count) + c.summary + "\n"
        }
        out += "\nOPTIONS:\n"
        out += optionLines(globalOptions)
        out += "\nNo FILE, or '-', reads standard input. Exit status: 0 success, 1 findings or changes, 2 error.\n"
        out += "See 'outline COMMAND --help' for the options of a command, and outline(1).\n"
        return out
    }

    /// `outline COMMAND --help`, in the layout of swift-argument-parser.
    public static func help(for spec: CommandSpec) -> String {
        var out = "OVERVIEW: \(spec.summary)\n\n"
        if !spec.overview.isEmpty { out += spec.overview + "\n\n" }
        out += "USAGE: \(spec.usage)\n"
        if !spec.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for (name, text) in spec.arguments { out += column("  " + name, text) }
        }
        out += "\nOPTIONS:\n" + optionLines(spec.allOptions)
        return out
    }

    static func optionLines(_ options: [OptionSpec]) -> String {
        options.map { option in
            var left = "  "
            if let s = option.short { left += "-\(s), " }
            left += "--" + option.long
            if let v = option.valueName { left += " " + v }
            if let v = option.optionalValue { left += "[=" + v + "]" }
            return column(left, option.help + (option.repeatable ? " (repeatable)" : ""))
        }.joined()
    }

    private static func column(_ left: String, _ text: String) -> String {
        let width = 26
        if left.count >= width - 1 { return left + "\n" + String(repeating: " ", count: width) + text + "\n" }
        return left + String(repeating: " ", count: width - left.count) + text + "\n"
    }
}
