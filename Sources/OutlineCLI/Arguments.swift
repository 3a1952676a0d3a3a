import OutlineCore

/// One option of a command, as the option table declares it. The same table drives parsing, `--help`
/// and the test that keeps the man page complete.
public struct OptionSpec: Sendable {
    public let long: String
    public let short: Character?
    /// Name of the value (`N`, `FILE`); nil for a flag.
    public let valueName: String?
    public let repeatable: Bool
    /// A flag that may carry a value after `=` (`--redirects=mkdocs`, as git's `--color[=WHEN]`): never
    /// the next argument.
    public let optionalValue: String?
    /// The values the option accepts, when they are a fixed set (for completions).
    public let choices: [String]
    public let help: String

    public init(_ long: String, short: Character? = nil, value: String? = nil, optionalValue: String? = nil, repeatable: Bool = false,
                choices: [String] = [], _ help: String) {
        self.long = long
        self.short = short
        self.valueName = value
        self.optionalValue = optionalValue
        self.repeatable = repeatable
        self.choices = choices
        self.help = help
    }

    static let help = OptionSpec("help", short: "h", "Show help information.")
}

/// A parsed command line: flags, option values (in order) and operands.
struct Invocation: Sendable {
    /// The command's name (`toc`): what an option shared by several commands means to this one.
    var command = ""
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var operands: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option]?.last }
    func all(_ option: String) -> [String] { values[option] ?? [] }

    /// The one input of a single-file command: no operand or `-` for standard input.
    func singleOperand(what: String = "FILE") throws -> String {
        guard operands.count <= 1 else { throw UsageError(message: "one \(what) at most, got \(operands.count)") }
        return operands.first ?? "-"
    }
}

/// A usage error: `outline: MESSAGE`, then the command's usage and where to find help.
struct UsageError: Error {
    let message: String
}

enum ArgumentParser {
    /// Parses `arguments` (after the command name) against `options`: `--opt value`, `--opt=value`,
    /// `-w`, combined short flags (`-wh`), `-dVALUE`, `--` ends options, `-` alone is an operand.
    static func parse(_ arguments: [String], options: [OptionSpec]) throws -> Invocation {
        var result = Invocation()
        var onlyOperands = false
        var i = 0
        func take(_ option: OptionSpec, inline: String?, display: String) throws {
            if option.optionalValue != nil, let inline {
                result.flags.insert(option.long)
                result.values[option.long] = [inline]
                return
            }
            guard option.valueName != nil else {
                if inline != nil { throw UsageError(message: "option '\(display)' takes no value") }
                result.flags.insert(option.long)
                return
            }
            var value = inline
            if value == nil {
                i += 1
                guard i < arguments.count else {
                    throw UsageError(message: "option '\(display)' needs a value (\(option.valueName!))")
                }
                value = arguments[i]
            }
            if option.repeatable {
                result.values[option.long, default: []].append(value!)
            } else {
                result.values[option.long] = [value!]
            }
        }
        while i < arguments.count {
            let argument = arguments[i]
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                result.operands.append(argument)
            } else if argument == "--" {
                onlyOperands = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: Substring, inline: String?
                if let eq = body.firstIndex(of: "=") {
                    name = body[..<eq]; inline = String(body[body.index(after: eq)...])
                } else {
                    name = body; inline = nil
                }
                guard let option = options.first(where: { $0.long == name }) else {
                    throw UsageError(message: "unknown option '--\(name)'" + Suggestion.hint(String(name), among: options.map(\.long), prefix: "--"))
                }
                try take(option, inline: inline, display: "--\(name)")
            } else {
                var rest = Substring(argument.dropFirst())
                while let c = rest.first {
                    rest = rest.dropFirst()
                    guard let option = options.first(where: { $0.short == c }) else {
                        throw UsageError(message: "unknown option '-\(c)'")
                    }
                    if option.valueName != nil {
                        try take(option, inline: rest.isEmpty ? nil : String(rest), display: "-\(c)")
                        break
                    }
                    try take(option, inline: nil, display: "-\(c)")
                }
            }
            i += 1
        }
        return result
    }
}
