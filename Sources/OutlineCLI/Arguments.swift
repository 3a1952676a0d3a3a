import OutlineCore

/// Every command and subcommand the option table names. A flag lists the commands it belongs to by
/// these values, so the compiler checks that a flag and its commands agree.
enum Command: String, CaseIterable, Sendable {
    case id, number, fold, unfold, diff, state, tree, check, links, toc, edit, site, lsp, completions
    case translation
    case translationStatus = "translation status", translationDiff = "translation diff"
    case translationStamp = "translation stamp", translationAdopt = "translation adopt"

    /// The commands that rewrite documents: `-w`, `--check`, `--diff`, `-o`, `-q` (format.md §3).
    static let rewriting: [Command] = [.id, .number, .links, .toc, .translationStamp, .translationAdopt]
    /// The commands that take files and directories: `--config`, `--exclude`, `--site`… (the
    /// single-file ones read a file's configuration too, but none of these options).
    static let configured: [Command] = [.id, .number, .diff, .tree, .check, .links, .toc, .site, .lsp,
                                        .translationStatus, .translationDiff, .translationStamp, .translationAdopt]
}

/// What a command line says, typed: each flag of the table (`Flags.all`) sets its fields through its
/// `apply`, so no command reads an option by its name.
struct Arguments: Sendable {
    enum Mode: Equatable, Sendable { case standardOutput, write, check, diff, output(String) }
    enum Color: String, CaseIterable, Sendable { case auto, always, never }

    var command: Command
    var operands: [String] = []
    var help = false

    // The rewriting commands' output (format.md §3).
    var mode: Mode = .standardOutput
    var quiet = false

    // Configuration and walks (format.md §13, §16).
    var configFile: String? = nil
    var noConfig = false
    var exclude: [String] = []
    var hidden = false
    var site: String? = nil

    // Shared by several commands.
    var slugs: [SlugProfile]? = nil
    /// `--depth` of `fold`, `tree` and `edit`: a depth of the section tree.
    var depth: Int? = nil
    /// `--depth` of `toc`: the list levels of a table of contents (the config's `[toc] depth`).
    var tocDepth: Int? = nil
    var since: String? = nil
    var levels: ClosedRange<Int>? = nil
    var root: String? = nil
    var json = false
    var state: String? = nil
    var ids: [String] = []
    var strip = false
    /// `--strict` of `check` and `links` (config `strict = true`): existing findings count too.
    var strict = false
    var verbose = false

    // One command's own.
    var linkable = false
    var linkableForm: LinkableForm? = nil
    var saveState: String? = nil
    var from: String? = nil
    /// `unfold --strict`: a stale marker is an error.
    var strictMarkers = false
    var checkFormat: Report.Format = .text
    var diffFormat: Report.DiffFormat? = nil
    var siteFormat: Report.SiteFormat = .text
    var translationFormat: TranslationReport.Format = .text
    /// `--redirects` (nil: not given; `.some(nil)`: JSON; else a site generator's format).
    var redirects: RedirectFormat?? = nil
    var siteRoot: String? = nil
    var folded: [String] = []
    var color: Color = .auto
    var against: String? = nil
    /// `--allow-folds` (true) or `--no-folds` (false).
    var allowFolds: Bool? = nil
    var stdinFilename: String? = nil
    /// `--allow-removed PATTERN` (format.md §10).
    var allowRemoved: [RemovalPattern] = []
    /// `check --commit-message FILE`, `--prune-allow-removed`, and its `-w`.
    var commitMessage: String? = nil
    var pruneAllowRemoved = false
    var pruneWrite = false
    var allowStamp: [Glob] = []
    var noLinks = false
    var keepAliases = false
    var insert = false
    var source: String? = nil
    var failOn: Set<TranslationState>? = nil
    /// `--history N` (nil: the command's default, 1,000 commits; `adopt`: all it needs).
    var history: Int? = nil
    var base: String? = nil
    var setBase: String? = nil
    var stampAll = false
    var assumeFresh = false

    init(command: Command) { self.command = command }

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
    /// Parses `arguments` (after the command name) with the flags of `command`: `--opt value`,
    /// `--opt=value`, `-w`, combined short flags (`-wh`), `-dVALUE`, `--` ends options, `-` alone is an
    /// operand. Two flags of one group (`-w` and `--check`) are a usage error.
    static func parse(_ arguments: [String], command: Command) throws -> Arguments {
        let flags = Flags.of(command) + [Flags.help]
        var result = Arguments(command: command)
        var given: [String: String] = [:]   // group → the first flag given of it, as typed
        var onlyOperands = false
        var i = 0
        func take(_ flag: Flag, inline: String?, display: String) throws {
            if let group = flag.group {
                if let first = given[group], first != display {
                    // Named in the table's order, whatever the order given (`--check and --output`).
                    let order = { (name: String) in flags.firstIndex { "--" + $0.long == name } ?? 0 }
                    let pair = order(first) <= order(display) ? (first, display) : (display, first)
                    throw UsageError(message: "\(pair.0) and \(pair.1) cannot be combined")
                }
                given[group] = display
            }
            switch flag.value {
            case .none:
                if inline != nil { throw UsageError(message: "option '\(display)' takes no value") }
                try flag.apply(&result, nil)
            case .optional:
                try flag.apply(&result, inline)
            case .required(let name):
                var value = inline
                if value == nil {
                    i += 1
                    guard i < arguments.count else { throw UsageError(message: "option '\(display)' needs a value (\(name))") }
                    value = arguments[i]
                }
                try flag.apply(&result, value!)
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
                guard let flag = flags.first(where: { $0.long == name }) else {
                    // An option of another action of the same command (`translation stamp --all`).
                    if command.rawValue.contains(" "), Flags.all.contains(where: { $0.long == name }) {
                        throw UsageError(message: "--\(name) does not apply to '\(command.rawValue)'")
                    }
                    throw UsageError(message: "unknown option '--\(name)'" + Suggestion.hint(String(name), among: flags.map(\.long), prefix: "--"))
                }
                try take(flag, inline: inline, display: "--\(name)")
            } else {
                var rest = Substring(argument.dropFirst())
                while let c = rest.first {
                    rest = rest.dropFirst()
                    guard let flag = flags.first(where: { $0.short == c }) else {
                        throw UsageError(message: "unknown option '-\(c)'")
                    }
                    if case .required = flag.value {
                        // `-oFILE`, as getopt reads it; the long form names the group's member.
                        try take(flag, inline: rest.isEmpty ? nil : String(rest), display: "--\(flag.long)")
                        break
                    }
                    try take(flag, inline: nil, display: "--\(flag.long)")
                }
            }
            i += 1
        }
        return result
    }
}
