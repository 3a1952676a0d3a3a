import OutlineCore

/// One command: its help texts and what it runs. Its options are the table's (`Flags.of`), and its
/// usage line is made from them (`Usage`).
public struct CommandSpec: Sendable {
    let command: Command
    public let summary: String
    /// The operands as the usage line shows them (`[FILE...]`, `A B`).
    let operands: String
    public let overview: String
    public let arguments: [(String, String)]
    let run: @Sendable (Arguments, Console) throws -> Int32
    /// The operands' fixed values (`completions bash|zsh|fish`); empty when operands are files.
    var operandChoices: [String] = []
    /// A command whose first operand is an action (`translation status`): each action's own spec.
    var actions: [CommandSpec] = []

    init(_ command: Command, summary: String, operands: String, overview: String, arguments: [(String, String)],
         operandChoices: [String] = [], actions: [CommandSpec] = [], run: @escaping @Sendable (Arguments, Console) throws -> Int32) {
        self.command = command; self.summary = summary; self.operands = operands; self.overview = overview
        self.arguments = arguments; self.operandChoices = operandChoices; self.actions = actions; self.run = run
    }

    public var name: String { command.rawValue }
    /// The usage line, from the table.
    public var usage: String { Usage.line(self) }
    /// The options, from the table (an action-taking command: every action's, once each).
    public var options: [OptionSpec] {
        let flags = actions.isEmpty ? Flags.of(command) : Flags.all.filter { f in actions.contains { f.commands.contains($0.command) } }
        var seen = Set<String>()
        return flags.filter { seen.insert($0.long).inserted }.map(OptionSpec.init)
    }
    /// Options including `--help`, which every command has.
    public var allOptions: [OptionSpec] { options + [OptionSpec(Flags.help)] }
}

/// A flag as help texts and completion scripts show it.
public struct OptionSpec: Sendable {
    public let long: String
    public let short: Character?
    /// Name of the value (`N`, `FILE`); nil for a flag and for an optional value.
    public let valueName: String?
    public let repeatable: Bool
    /// A value only after `=` (`--redirects=mkdocs`).
    public let optionalValue: String?
    public let choices: [String]
    public let help: String
    let completes: Flag.Completion

    init(_ flag: Flag) {
        long = flag.long; short = flag.short; repeatable = flag.repeatable; choices = flag.choices; help = flag.help
        completes = flag.completes
        switch flag.value {
        case .none: valueName = nil; optionalValue = nil
        case .required(let name): valueName = name; optionalValue = nil
        case .optional(let name): valueName = nil; optionalValue = name
        }
    }
}

/// The outline command line: dispatch, help, version, and the exit code decided once, at the end.
public enum OutlineCommandLine {
    public static let version = "0.1.0"

    /// Every subcommand, in the order `outline --help` lists them.
    public static let commands: [CommandSpec] = [
        IDCommand.spec, NumberCommand.spec, FoldCommand.spec, UnfoldCommand.spec, DiffCommand.spec,
        StateCommand.spec, TreeCommand.spec, CheckCommand.spec, LinksCommand.spec, TOCCommand.spec, EditCommand.spec, SiteCommand.spec, TranslationCommand.spec, LSPCommand.spec, CompletionsCommand.spec,
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
                guard var spec = commands.first(where: { $0.name == arguments[1] }) else {
                    return usageError(UsageError(message: "unknown command '\(arguments[1])'" + Suggestion.hint(arguments[1], among: commands.map(\.name))), command: nil, console: console)
                }
                if arguments.count > 2, let action = spec.actions.first(where: { $0.name == spec.name + " " + arguments[2] }) { spec = action }
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
        guard var spec = commands.first(where: { $0.name == first }) else {
            let message = first.hasPrefix("--")
                ? "unknown option '\(first)'" + Suggestion.hint(String(first.dropFirst(2)), among: Flags.global.map(\.long), prefix: "--")
                : first.hasPrefix("-") ? "unknown option '\(first)'"
                : "unknown command '\(first)'" + Suggestion.hint(first, among: commands.map(\.name))
            return usageError(UsageError(message: message), command: nil, console: console)
        }
        var rest = Array(arguments.dropFirst())
        do {
            // An action-taking command (`translation`): the action comes first, as git's subcommands.
            if !spec.actions.isEmpty, let word = rest.first, !word.hasPrefix("-") {
                let names = spec.actions.map { String($0.name.dropFirst(spec.name.count + 1)) }
                guard let k = names.firstIndex(of: word) else {
                    throw UsageError(message: "unknown action '\(word)'" + Suggestion.hint(word, among: names))
                }
                spec = spec.actions[k]
                rest.removeFirst()
            }
            let arguments = try ArgumentParser.parse(rest, command: spec.command)
            if arguments.help {
                console.out(help(for: spec))
                return 0
            }
            return try spec.run(arguments, console)
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
        for option in Flags.global {
            out += column("  " + (option.short.map { "-\($0), " } ?? "") + "--" + option.long, option.help)
        }
        out += "\nNo FILE, or '-', reads standard input. Exit status: 0 success, 1 findings or changes, 2 error.\n"
        out += "See 'outline COMMAND --help' for the options of a command, and outline(1).\n"
        return out
    }

    /// `outline COMMAND --help`, in the layout of swift-argument-parser.
    public static func help(for spec: CommandSpec) -> String {
        var out = "OVERVIEW: \(spec.summary)\n\n"
        if !spec.overview.isEmpty { out += spec.overview + "\n\n" }
        out += "USAGE: " + Usage.wrapped(spec.actions.isEmpty ? [spec] : spec.actions) + "\n"
        if !spec.actions.isEmpty {
            out += "\nACTIONS:\n"
            for action in spec.actions { out += column("  " + action.name.dropFirst(spec.name.count + 1), action.summary) }
            out += "\nSee 'outline \(spec.name) ACTION --help' for the options of each.\n"
            return out
        }
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

    private static func column(_ left: some StringProtocol, _ text: String) -> String {
        let left = String(left), width = 26
        if left.count >= width - 1 { return left + "\n" + String(repeating: " ", count: width) + text + "\n" }
        return left + String(repeating: " ", count: width - left.count) + text + "\n"
    }
}
