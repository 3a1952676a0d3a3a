import OutlineCore

/// `diff --since REV --format markdown`: one pull-request comment body (format.md §8), the same bytes
/// for the same change (every list in file and document order), every title, path and message
/// escaped so that no character of a document can change the comment's Markdown.
extension Report {
    /// The hidden first line a workflow finds its earlier comment by (`examples/ci.yml`).
    static let reviewMarker = "<!-- outline-diff -->"
    /// GitHub refuses a comment of more than 65,536 characters: a longer review is cut at a line
    /// below this many code points (the note after the cut included), and says so.
    static let reviewLimit = 65_000

    static func review(_ review: Review, revision: String) -> String {
        let full = reviewBody(review, revision: revision)
        guard full.unicodeScalars.count > reviewLimit else { return full }
        let note = "\n…\n\n**The comment stops here**: GitHub keeps at most 65,536 characters in one. "
            + code("outline diff --since \(revision) --format text") + " lists every change, "
            + code("outline check --since \(revision)") + " every finding.\n"
        var kept = 0, count = 0
        let budget = reviewLimit - note.unicodeScalars.count
        for (k, scalar) in full.unicodeScalars.enumerated() {
            if k >= budget { break }
            count += 1
            if scalar == "\n" { kept = count }
        }
        return String(String.UnicodeScalarView(full.unicodeScalars.prefix(kept))) + note
    }

    private static func reviewBody(_ review: Review, revision: String) -> String {
        var out = reviewMarker + "\n### outline: sections and links since " + code(revision) + "\n\n"
        if review.isEmpty { return out + "No section was added, removed, renamed or moved, no link target changed and no link broke.\n" }
        let tree = review.tree
        var files: [String] = tree.added.sorted().map { "added " + code($0) } + tree.deleted.sorted().map { "deleted " + code($0) }
        files += tree.renames.map { "renamed " + code($0.from) + " → " + code($0.to) }
        if !files.isEmpty { out += "Files: " + files.joined(separator: "; ") + ".\n\n" }
        // Past `foldedRows` rows in all, each kind is a summary line with its rows in <details>, so
        // that a large change stays a comment one can read.
        let rows = review.added.count + review.removed.count + review.renamed.count + review.moved.count + review.targets.count
            + review.findings.count + review.repaired.count
        let folded = rows > foldedRows
        func table(_ title: String, _ header: [String], _ rows: [[String]]) {
            guard !rows.isEmpty else { return }
            let body = "| " + header.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: header.count) + "\n"
                + rows.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
            out += "#### \(title)\n\n" + (folded ? details("\(rows.count) \(title.lowercased())", body) : body + "\n")
        }
        table("Sections added", ["ID", "File", "Title"], review.added.map { [cell($0.id), cell($0.path), title($0.title)] })
        table("Sections removed", ["ID", "File", "Title"], review.removed.map { [cell($0.id), cell($0.path), title($0.title)] })
        table("Sections renamed", ["ID", "File", "Title then", "Title now"], review.renamed.map { [cell($0.id), cell($0.path), title($0.from), title($0.to)] })
        table("Sections moved", ["ID", "From", "To", "Title then", "Title now", "Where"], review.moved.map {
            [cell($0.id), cell($0.from), cell($0.to), title($0.titleThen), title($0.titleNow), $0.place.map(escaped) ?? "another file"]
        })
        if !review.other.isEmpty {
            out += "#### Other changes\n\n"
            for (path, change) in review.other { out += "- " + code(path) + ": " + escaped(change.line) + "\n" }
            out += "\n"
        }
        table("Slugs that changed", ["ID", "Was", "Now", "A link to the old slug"], review.targets.map { t in
            [cell(t.id), cell(t.from + "#" + t.fromFragment), cell(t.to + "#" + t.toFragment), cover(t)]
        })
        if review.targets.contains(where: { $0.cover == .none }) {
            // A server never sees a fragment: no redirect of a site keeps an old slug alive.
            out += "Links in these files follow their sections with " + code("outline links -w --since " + revision) + ". A link "
                + "from elsewhere to an old slug that breaks finds the page, not the section: only an alias keeps it (a linkable "
                + "anchor keeps its old slugs: `outline id --linkable -w`, then " + code("outline links -w --since \(revision) --keep-aliases")
                + "); a redirect of the site cannot, as a server never sees the fragment.\n\n"
        }
        if !review.repaired.isEmpty {
            let n = review.repaired.count
            out += "#### Links repaired\n\n\(n) link\(n == 1 ? "" : "s") rewritten to keep reaching \(n == 1 ? "its section" : "their sections")"
                + " (what " + code("outline links -w --since " + revision) + " does):\n\n"
            let list = review.repaired.map { "- " + code("\($0.path):\($0.line)") + ": " + code($0.from) + " → " + code($0.to) + "\n" }.joined()
            out += n > 10 || folded ? details("\(n) links repaired", list) : list + "\n"
        }
        if !review.findings.isEmpty {
            out += "#### Link findings\n\nWhat the change broke since " + code(revision) + " (what was broken there already is left out):\n\n"
            let list = review.findings.map { d -> String in
                let place = (d.path.map(PathBytes.display) ?? "") + (d.line.map { ":\($0)" } ?? "")
                return "- " + code(place) + (d.severity == .warning ? " (warning)" : "") + ": " + escaped(PathBytes.display(d.message)) + "\n"
            }.joined()
            out += folded ? details("\(review.findings.count) link findings", list) : list + "\n"
        }
        return out
    }

    /// How many rows (sections, slugs, links) a comment shows before it folds each kind.
    static let foldedRows = 30

    /// A collapsed block: its summary line, then the Markdown inside (blank lines around it, as
    /// GitHub needs to read Markdown within HTML).
    private static func details(_ summary: String, _ body: String) -> String {
        "<details><summary>" + escaped(summary) + "</summary>\n\n" + body + "\n</details>\n\n"
    }

    /// What a link to the old fragment finds now.
    private static func cover(_ t: Review.TargetChange) -> String {
        switch t.cover {
        case .alias where t.from == t.to: return "works: an id on the anchor line"
        case .alias: return "finds an id on the anchor line in " + cell(t.to) + " once " + cell(t.from) + " redirects there"
        case .none:
            return "breaks: no alias" + (t.redirected ? " (listed by `outline diff --redirects`)" : "")
                + "; links to " + cell("#" + t.fromFragment) + " from outside the repository will land at the top of the page"
        }
    }

    /// A title as text, or an em dash for none.
    private static func title(_ title: String?) -> String { title.map(escaped) ?? "—" }

    /// Text with a backslash before every ASCII punctuation character that can mean something
    /// within a line of a GitHub comment (emphasis, code, links, HTML, entities, table cells,
    /// strikethrough, math, autolinks, `@` mentions, `#` references): CommonMark renders each as
    /// itself. Control characters are replaced. What is left (`'`, `"`, `,`, `;`, `/`, `=`, `?`,
    /// `%`, `-`, `(`, `)`, `+`) means nothing there, and a line of a comment never starts with it.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || v == 0x7F || (v >= 0x80 && v < 0xA0) { out.unicodeScalars.append("\u{FFFD}"); continue }
            if v < 0x80, "!#$&*.:<>@[\\]^_`{|}~".unicodeScalars.contains(scalar) { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// A code span of `text` (a path, an ID, a revision), fenced by more backticks than it holds.
    static func code(_ text: String) -> String {
        var text = PathBytes.display(text)
        text = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : Character($0) })
        var longest = 0, run = 0
        for c in text.utf8 { run = c == UInt8(ascii: "`") ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: longest + 1)
        // CommonMark strips one space from each end of a span that has both: one more keeps them.
        let pad = text.hasPrefix("`") || text.hasSuffix("`") || (text.hasPrefix(" ") && text.hasSuffix(" ")) ? " " : ""
        return fence + pad + text + pad + fence
    }

    /// A code span in a table cell: a `|` is escaped even there (GFM splits the row first).
    static func cell(_ text: String) -> String { code(text).replacingAll("|", with: "\\|") }
}
