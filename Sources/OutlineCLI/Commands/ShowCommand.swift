import OutlineCore

enum ShowCommand {
    static let spec = CommandSpec(
        .show,
        summary: "Print sections by their stable IDs.",
        operands: "PATH#ID...",
        overview: """
        Prints each section named PATH#ID: its lines from its heading through its last subsection
        (--shallow: up to its first subsection), exactly as they are in the file. A heading's slug is
        accepted in place of the ID, and said on stderr. With --json, an array of {"id", "title",
        "level", "path", "line", "end_line", "hash", "text"}: "hash" is a hash of the section's exact
        bytes, which 'outline replace --if-hash' checks before it writes. Reading one section instead
        of the whole file is what an agent or a script wants: see docs/agents.md.
        """,
        arguments: [("PATH#ID", "A Markdown file and the ID of one of its sections (as 'outline tree' shows it).")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard !arguments.operands.isEmpty else { throw UsageError(message: "name a section: PATH#ID") }
        let addresses = try arguments.operands.map(SectionOutput.address)
        let settings = try Settings(arguments, console: console)
        let (sections, warnings) = try LocalFiles.run(console: console, settings: settings).show(addresses, shallow: arguments.shallow)
        for w in warnings { console.report(w) }
        if arguments.json {
            console.out(JSONValue.array(sections.map(\.json)).pretty())
            return 0
        }
        for (k, section) in sections.enumerated() {
            // Sections one after another; one that ends its file without a line ending gets one
            // before the next.
            console.out(Array(section.bytes))
            if k + 1 < sections.count, let last = section.bytes.last, last != 10 && last != 13 { console.out("\n") }
        }
        return 0
    }
}
