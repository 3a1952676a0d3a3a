/// How deep outline follows what nests in the files it reads, and how much a configuration merge may
/// produce (format.md §11). A pull request controls the pages and the site configuration outline
/// reads in CI and in an editor: without a bound, `[[[[…` 20,000 deep overflows the stack of any
/// recursive reader, and an alias chain in YAML makes a merge walk a billion nodes.
///
/// Every recursive reader and walker counts its levels with one `Depth` against `Nesting.limit`:
/// the YAML, TOML and JSON readers, the JavaScript and Python literal readers, the configuration
/// merges, and the line scanner of a page's containers (admonitions, details, tabs, `md_in_html`,
/// MyST directives and colon fences). Real files nest a dozen levels; 256 is far above any of them
/// and far below what a thread's stack holds.
public enum Nesting {
    /// The deepest nesting read (format.md §11).
    public static let limit = 256

    /// The most a configuration merge (MkDocs' `INHERIT`, Hugo's `config/_default/`) may make
    /// (format.md §11), counted in the pairs of the mappings it merges: the largest real
    /// configurations found hold about 800 nodes (kubernetes/website's `hugo.toml`, 14.6 kB: 19
    /// languages with their params) and 500 (mkdocs-material's `mkdocs.yml`, 8.6 kB), so that a
    /// merge of two of them spends under 2,000: the budget is over a hundred times that, and far
    /// below the 10^9 nodes a merge of shared YAML aliases walked (14 GB before it was bounded).
    public static let mergeBudget = 250_000

    /// What is said of a file that nests deeper than the limit.
    public static var tooDeep: String { "nesting deeper than \(limit)" }
}

/// One reader's or walker's nesting level: `enter` before going one level in, `leave` after.
/// Past `Nesting.limit` the level is not entered: the caller stops there (a configuration reader
/// throws, a page's scanner reads the opener as text).
struct Depth {
    private(set) var level = 0

    /// One level in; false, and no level entered, when that would pass the limit.
    mutating func enter() -> Bool {
        guard level < Nesting.limit else { return false }
        level += 1
        return true
    }

    mutating func leave() { level -= 1 }
}

/// What a configuration merge may still produce: each node it makes spends one (`Nesting.mergeBudget`).
struct NodeBudget {
    private(set) var remaining: Int
    init(_ nodes: Int = Nesting.mergeBudget) { remaining = nodes }

    /// Spends `n` nodes; false once the budget is spent.
    mutating func spend(_ n: Int = 1) -> Bool {
        remaining -= n
        return remaining >= 0
    }
}
