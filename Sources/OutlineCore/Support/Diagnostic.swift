/// Every error, warning and finding outline reports: a value with a kind, a severity, a place (file and
/// 1-based line) and a message. The library never prints nor formats them; the CLI renders every
/// diagnostic in one place (`Report.swift`), as `PATH:LINE: message` (format.md §12), as JSON, or as
/// GitHub Actions workflow commands; the language server turns them into LSP diagnostics.
///
/// Errors are thrown (`Diagnostic` is an `Error`); warnings come back with a rewrite; findings are what
/// `check` returns. The library often does not know what the caller calls a file: `path` is then nil
/// and the caller fills it in (`located(in:)`).
public struct Diagnostic: Error, Sendable, Equatable {
    public enum Severity: String, Sendable {
        /// Stops the work on one input: exit 2, nothing written.
        case error
        /// Said on stderr; the exit status does not change.
        case warning
        /// A `check` finding: exit 1.
        case finding
    }

    /// What a diagnostic is about, as a stable name (`check --format json` prints it as `kind`).
    public enum Kind: String, Sendable, CaseIterable {
        // Findings of `check`.
        case missingAnchor = "missing-anchor"
        case duplicateID = "duplicate-id"
        case malformedAnchor = "malformed-anchor"
        case orphanAnchor = "orphan-anchor"
        case staleNumber = "stale-number"
        case foldMarker = "fold-marker"
        case malformedFoldMarker = "malformed-fold-marker"
        case orphanFoldMarker = "orphan-fold-marker"
        case missingFolded = "missing-folded"
        case removedAnchor = "removed-anchor"
        case brokenLink = "broken-link"
        /// A fragment that matches a target only ignoring case: github.com finds it (its anchors match
        /// case-insensitively), other renderers do not. A warning under the `github` profile.
        case fragmentCase = "fragment-case"
        case aliasCollision = "alias-collision"
        case idShadowed = "id-shadowed"
        case slugTakeover = "slug-takeover"
        case staleTOC = "stale-toc"
        /// A link a site's generator resolves in a way outline cannot know offline (intersphinx, a
        /// plugin's pages, ids a hook gives): counted for `--verbose`, never reported.
        case linkSkipped = "link-skipped"
        /// A reference definition another of the same label shadows where the site's generator keeps
        /// the last (Python-Markdown): a warning naming both lines.
        case shadowedDefinition = "shadowed-definition"
        case malformedTOC = "malformed-toc"
        /// A translated section whose `source=` changed since `--since REV` while its own text did
        /// not (format.md §17): the lockstep bump that defeats every per-file guard.
        case stampedUnchanged = "stamped-unchanged"
        /// Containers in a page nested deeper than `Nesting.limit` (format.md §11): the openers past
        /// it are read as text, said once, a warning.
        case nesting = "nesting"
        // Errors and warnings of the commands.
        case binaryInput = "binary-input"
        case malformedSidecar = "malformed-sidecar"
        case unknownID = "unknown-id"
        case foldedView = "folded-view"
        case changedOriginal = "changed-original"
        case parser = "parser"
        /// A permalink `id --linkable` could not write, or `id --strip` could not take out.
        case permalink = "permalink"
        /// A rewrite whose result did not verify (format.md §9): nothing is written.
        case refused = "refused"
        /// A `.outline.toml` that cannot be read: unknown key, wrong type, unsupported TOML.
        case config = "config"
        /// A site generator's configuration (format.md §16) that cannot be read, or a part of it
        /// outline does not read: said once, naming the `.outline.toml` key that sets it instead.
        case site = "site"
        /// About a translation (format.md §17): a section `id` will not pin in a translated file, a
        /// stale section `translation stamp` leaves as it is.
        case translation = "translation"
        /// A file that cannot be read or written, or a path of the wrong kind.
        case file = "file"
    }

    /// What a finding is about, as code reads it (merges, baselines, editor ranges): never the
    /// message's wording, which is for people and may change.
    public enum Subject: Sendable, Hashable {
        /// A link, by its destination as written.
        case link(String)
        /// A section, an anchor or an alias, by its ID.
        case section(String)
        /// A heading that has no ID yet, by its title.
        case heading(String)
        /// A table-of-contents block, by its ordinal in the file (0 for the first).
        case toc(Int)
        /// A link left unchecked (`link-skipped`), by why: what `--verbose` counts.
        case skipped(LinkSkip)
    }

    /// The file, as the caller names it; nil until the caller says.
    public var path: String?
    /// Where in the file: the bytes it is about and their lines and columns, when the finding is
    /// about bytes of the file (nil: a whole file, or only a line is known).
    public var span: SourceSpan? {
        didSet { if span != nil { lineAlone = nil } }
    }
    /// 1-based line, when the message is about one: the span's first line, or a line alone.
    public var line: Int? {
        get { span?.start.line ?? lineAlone }
        set {
            guard newValue != span?.start.line || span == nil else { return }
            span = nil
            lineAlone = newValue
        }
    }
    private var lineAlone: Int?
    public var severity: Severity
    public let kind: Kind
    /// For people: code never reads it (the kind, the subject and the span say what it is about).
    public var message: String
    /// What it is about, where the finding is about one thing.
    public var subject: Subject?
    /// Why a link is broken (link findings): what `--since` compares with the finding at REV.
    public var reason: LinkReason?
    /// Where a link's path led, as the caller names files, when it led to a file (link findings).
    public var target: String?
    /// With several surfaces (`--slugs github,hugo`), a link broken under some only: the profiles
    /// it breaks under (the others resolve it).
    public var brokenUnder: [String]?
    /// With `--since REV`: whether the finding is new, or existed at REV already (format.md §12);
    /// nil without a revision to compare with.
    public var isNew: Bool?
    /// A removed section's finding in a file git saw renamed: the file's path then (`path` is the
    /// work-tree file now).
    public var oldPath: String?
    /// A removed section's finding in a file deleted since the revision: `path` names no file of the
    /// work tree, so surfaces that place findings on files (workflow commands, SARIF) put it in the
    /// run's summary instead.
    public var fileDeleted = false

    /// The bytes of the file it is about (a link's destination as written), when known.
    public var range: Range<Int>? { span?.bytes }
    /// The 1-based column (code points) where `range` starts.
    public var column: Int? { span?.start.column }
    /// Where `range` ends (exclusive).
    public var end: SourceSpan.Place? { span?.end }

    public init(_ severity: Severity, _ kind: Kind, path: String? = nil, line: Int? = nil, _ message: String) {
        self.severity = severity
        self.kind = kind
        self.path = path
        self.lineAlone = line
        self.message = message
    }

    public static func error(_ kind: Kind, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.error, kind, line: line, message)
    }
    public static func warning(_ kind: Kind, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, kind, line: line, message)
    }
    public static func finding(_ kind: Kind, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.finding, kind, line: line, message)
    }

    /// A file that cannot be read or written, or a path of the wrong kind.
    public static func file(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(.error, .file, path: path, message)
    }

    /// This diagnostic, about `subject`.
    public func about(_ subject: Subject) -> Diagnostic {
        var copy = self
        copy.subject = subject
        return copy
    }

    /// This link finding, with why the link is broken and, when its path led to a file, which.
    public func because(_ reason: LinkReason, target: String? = nil) -> Diagnostic {
        var copy = self
        copy.reason = reason
        copy.target = target
        return copy
    }

    /// This diagnostic, about `path` unless it already names a file.
    public func located(in path: String) -> Diagnostic {
        var copy = self
        if copy.path == nil { copy.path = path }
        return copy
    }
}

/// Where a diagnostic stands in a file: the bytes it is about, and where they start and end as
/// people (lines, code points), byte-counting tools (UTF-8 columns) and editors (UTF-16 columns) count.
public struct SourceSpan: Sendable, Equatable {
    public struct Place: Sendable, Equatable {
        /// 1-based line.
        public var line: Int
        /// 1-based column in Unicode code points of the line (a BOM is no column).
        public var column: Int
        /// 1-based column in bytes of the line.
        public var utf8Column: Int
        /// 1-based column in UTF-16 code units of the line (LSP's and SARIF's default).
        public var utf16Column: Int
        public init(line: Int, column: Int, utf8Column: Int, utf16Column: Int) {
            self.line = line; self.column = column; self.utf8Column = utf8Column; self.utf16Column = utf16Column
        }
    }
    public var start: Place
    /// Exclusive.
    public var end: Place
    public var bytes: Range<Int>
    public init(start: Place, end: Place, bytes: Range<Int>) {
        self.start = start; self.end = end; self.bytes = bytes
    }
}

/// Several errors found in one pass over one input (a configuration file with two mistakes): each is
/// reported, in order, and the run stops as for one.
public struct Diagnostics: Error, Sendable {
    public let all: [Diagnostic]
    public init(_ all: [Diagnostic]) { self.all = all }
}
