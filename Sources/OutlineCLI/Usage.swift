import OutlineCore

/// Usage lines and the man page's synopses and option headings, made from the option table: a flag
/// added to the table is in every one of them at once, and `DocumentationTests` compares the man page
/// with these word for word.
enum Usage {
    /// `outline check [--allow-folds] … [FILE...]`: every flag of the command but `--help`, in table
    /// order, a group's members together as alternatives at the place of the first.
    static func line(_ spec: CommandSpec) -> String {
        (["outline", spec.name] + items(spec.command) + (spec.operands.isEmpty ? [] : [spec.operands])).joined(separator: " ")
    }

    /// The usage lines of `specs` (an action-taking command's actions), each wrapped at 100 columns
    /// under `USAGE: `, continuation lines indented.
    static func wrapped(_ specs: [CommandSpec]) -> String {
        let indent = String(repeating: " ", count: 7)
        var lines: [String] = []
        for spec in specs {
            var line = ""
            for word in (["outline", spec.name] + items(spec.command) + (spec.operands.isEmpty ? [] : [spec.operands])) {
                if !line.isEmpty && line.count + 1 + word.count > 93 {
                    lines.append(line)
                    line = "    " + word
                } else {
                    line += (line.isEmpty ? "" : " ") + word
                }
            }
            lines.append(line)
        }
        return lines.enumerated().map { $0.offset == 0 ? $0.element : indent + $0.element }.joined(separator: "\n")
    }

    /// The bracketed items of a command's usage.
    static func items(_ command: Command) -> [String] {
        let flags = Flags.of(command)
        var items: [String] = []
        var placed = Set<String>()
        for flag in flags {
            guard let group = flag.group else {
                let item = spelled(flag)
                items.append(flag.required ? item : "[\(item)]" + (flag.repeatable ? "..." : ""))
                continue
            }
            guard placed.insert(group).inserted else { continue }
            items.append("[" + flags.filter { $0.group == group }.map(spelled).joined(separator: " | ") + "]")
        }
        return items
    }

    /// A flag as a usage line writes it: its short name when it has one.
    static func spelled(_ flag: Flag) -> String {
        let name = flag.short.map { "-\($0)" } ?? "--\(flag.long)"
        switch flag.value {
        case .none: return name
        case .required(let value): return name + " " + value
        case .optional(let value): return name + "[=" + value + "]"
        }
    }

    // MARK: the man page

    /// A command's synopsis line in the man page's COMMANDS section (after `.TP`): the usage line
    /// without `outline`, options bold, values italic and in lower case, as man pages write them.
    static func roffSynopsis(_ spec: CommandSpec) -> String {
        roff(([spec.name] + items(spec.command) + (spec.operands.isEmpty ? [] : [spec.operands])).joined(separator: " "), bold: Set(spec.name.split(separator: " ").map(String.init)))
    }

    /// A flag's heading in the man page (the line after `.TP`): `\fB\-w\fR, \fB\-\-write\fR`,
    /// `\fB\-\-since\fR \fIrev\fR`, `\fB\-\-redirects\fR[=\fIformat\fR]`.
    static func roffHeading(_ flag: Flag) -> String {
        var text = (flag.short.map { "-\($0), " } ?? "") + "--" + flag.long
        switch flag.value {
        case .none: break
        case .required(let value): text += " " + value
        case .optional(let value): text += "[=" + value + "]"
        }
        return roff(text, bold: [])
    }

    /// Usage text as roff: `-x`/`--x` bold, words in capitals (values, operands) italic and lower
    /// case, the words of `bold` (the command) bold, punctuation roman; `-` escaped as `\-`; a space
    /// inside brackets unbreakable (`\~`), so that a line is filled between options, never inside one.
    static func roff(_ text: String, bold: Set<String>) -> String {
        var out = ""
        var word = ""
        var depth = 0
        func flush() {
            guard !word.isEmpty else { return }
            let escaped = word.replacingAll("-", with: "\\-")
            if word.hasPrefix("-") || bold.contains(word) {
                out += "\\fB" + escaped + "\\fR"
            } else if word.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" || $0 == "-" }) {
                out += "\\fI" + escaped.lowercased() + "\\fR"
            } else {
                out += escaped
            }
            word = ""
        }
        for c in text {
            if c.isLetter || c.isNumber || c == "_" || c == "-" {
                word.append(c)
            } else {
                flush()
                if c == "[" { depth += 1 } else if c == "]" { depth -= 1 }
                if c == " " && depth > 0 { out += "\\~" } else { out.append(c) }
            }
        }
        flush()
        return out
    }
}
