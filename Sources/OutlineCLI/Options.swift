import OutlineCore

/// The options several commands take, each declared once (as ripgrep's `FLAGS`): its name, value,
/// choices and the parts of its help that do not depend on the command, the lists of values built
/// from the enums, so that a new slug profile is in every help text, completion and error at once.
/// A command says only what the option does for it.
enum Options {
    /// The slug profiles as help texts list them: `github (the default), gitlab, … or myst`.
    static func slugNames(_ style: SlugListStyle = .defaultMarked) -> String {
        let names = SlugProfile.allCases.map(\.rawValue)
        switch style {
        case .defaultMarked:
            return "\(names[0]) (the default), " + names.dropFirst().dropLast().joined(separator: ", ") + " or \(names.last!)"
        case .defaultInline:
            return "\(names[0]), the default, " + names.dropFirst().dropLast().joined(separator: ", ") + " or \(names.last!)"
        case .plain:
            return names.joined(separator: ", ")
        }
    }

    enum SlugListStyle { case defaultMarked, defaultInline, plain }

    /// `--slugs NAME`: `help` is what the profile is for in this command, said with `slugNames`.
    static func slugs(_ help: String) -> OptionSpec {
        OptionSpec("slugs", value: "NAME", choices: SlugProfile.allCases.map(\.rawValue), help)
    }

    /// `--depth N` (a whole number of at least 1, read by `Invocation.depth`).
    static func depth(_ help: String) -> OptionSpec { OptionSpec("depth", value: "N", help) }

    /// `--since REV`: a git revision to compare with.
    static func since(_ help: String) -> OptionSpec { OptionSpec("since", value: "REV", help) }

    /// `--format FORMAT`: each command has its own `choices` (read by `Invocation.format`).
    static func format(_ choices: [String], _ help: String) -> OptionSpec {
        OptionSpec("format", value: "FORMAT", choices: choices, help)
    }

    /// `--levels A-B` (read by `Invocation.levels`).
    static func levels(_ help: String) -> OptionSpec { OptionSpec("levels", value: "A-B", help) }

    /// `--verbose`: what a site implies and what was skipped, on standard error (format.md §16).
    static let verbose = OptionSpec("verbose", "After the findings, say on standard error which sites were read, what they imply, and how many links were skipped for each reason (never changes standard output or the exit status).")

    /// `--strict` of `check` and `links` (config `strict = true`): existing findings count too.
    /// (`unfold --strict` is another option, declared there.)
    static func strict(_ help: String) -> OptionSpec { OptionSpec("strict", help) }

    /// `--root DIR`: what a link path starting with `/` is relative to.
    static let root = OptionSpec("root", value: "DIR", "What a link path starting with '/' is relative to, outside sites (default: the git work tree's top level, else the current directory); in a file a site publishes, the site's content root.")

    /// `--json`: JSON instead of text (`help`: its shape for this command).
    static func json(_ help: String) -> OptionSpec { OptionSpec("json", help) }

    /// `--state FILE`: a fold-state sidecar (`help`: what this command does with it).
    static func state(_ help: String) -> OptionSpec { OptionSpec("state", value: "FILE", help) }

    /// `--id ID`, repeatable: a section by its stable ID.
    static func id(_ help: String) -> OptionSpec { OptionSpec("id", value: "ID", repeatable: true, help) }

    /// `--strip`: undo what the command writes.
    static func strip(_ help: String) -> OptionSpec { OptionSpec("strip", help) }
}
