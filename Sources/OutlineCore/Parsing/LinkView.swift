/// The text a site's generator reads as Markdown where cmark reads code or HTML (format.md §16): the
/// bodies of MkDocs' admonitions, details and tabs (indented four columns: an indented code block to
/// cmark), of md_in_html elements (an HTML block to cmark) and of MyST directives (a fenced code
/// block to cmark), made into Markdown cmark reads as the generator does.
///
/// The view keeps every line: line k of the view is line k of the document with some bytes taken
/// off its start (a body's indentation; a container's opening and closing lines entirely), so that
/// line numbers are the document's and a byte of the view is a byte of the document on the same
/// line, `dropped[k]` further on. Links are found, located, rewritten and verified on the view
/// like on any document; each edit is mapped back to the document's bytes before it is applied.
public struct LinkView: Sendable {
    /// The view's text.
    public let source: Source
    /// For each line, how many bytes of the document's line (after a BOM) the view leaves out.
    let dropped: [Int32]
    /// The document.
    let document: Source
    /// The top-level blocks of the view's parse (what verification compares between a view and the
    /// view of a rewrite).
    var blockStarts: [UInt64] = []
    /// Ids of elements whose lines the view leaves out (an md_in_html `<div id="x" markdown>`),
    /// with their 1-based lines: link targets the view's own parse cannot see.
    public var ids: [(line: Int, id: String)] = []
    /// pymdownx.tabbed's tabs, in document order: the opener's 1-based line, the title as written,
    /// the tab set's number in the page (from 1) and the tab's in its set (from 1).
    public var tabs: [(line: Int, title: String, set: Int, index: Int)] = []
    /// Reference definitions the view leaves out because a later one of the same label is the one
    /// the generator uses (Python-Markdown keeps the last): each 1-based line, the line of the one
    /// used, and the label.
    public var shadowed: [(line: Int, used: Int, label: String)] = []
    /// MyST: the labels directives give by name (`ContainerScan.labels`), which the view's text
    /// no longer shows.
    public var labels: [(line: Int, id: String)] = []
    /// The 1-based line of the first container opener nested deeper than `Nesting.limit`, which the
    /// view reads as text (format.md §11); nil when there is none.
    public var tooDeep: Int? = nil

    /// The document's offset of the view's `offset`.
    public func documentOffset(_ offset: Int) -> Int {
        // The end of the view is the end of the document (the last lines are kept whole or empty).
        if offset >= source.bytes.count { return document.bytes.count - (source.bytes.count - offset) }
        let line = source.line(containing: offset)
        let into = offset - source.contentRange(line).lowerBound
        return document.contentRange(line).lowerBound + Int(dropped[line]) + into
    }

    /// The document's range of the view's `range` (which lies within one line).
    public func documentRange(_ range: Range<Int>) -> Range<Int> {
        let start = documentOffset(range.lowerBound)
        return start..<(start + range.count)
    }

    /// The view's offset of the document's `offset`, nil where the view leaves that byte out.
    public func viewOffset(_ offset: Int) -> Int? {
        if offset >= document.bytes.count { return source.bytes.count - (document.bytes.count - offset) }
        let line = document.line(containing: offset)
        let into = offset - document.contentRange(line).lowerBound - Int(dropped[line])
        guard into >= 0 || offset >= document.contentRange(line).upperBound else { return nil }
        return source.contentRange(line).lowerBound + max(0, into)
    }

    /// The view of `document` under `dialect`, or nil when it would be the document itself (no
    /// container whose body is Markdown). `blockStarts`: the document's top-level blocks as cmark
    /// read them (no container is opened inside its code or HTML blocks); `hiddenLines`: front matter.
    static func make(_ document: Source, dialect: Dialect, blockStarts: [UInt64], hiddenLines: Int) -> LinkView? {
        let definitions = dialect.lastDefinitionWins && ContainerScan.mayHoldTwoDefinitions(document.bytes)
        let containers = dialect.hasContainers && ContainerScan.mayHold(document.bytes, dialect)
        let tables = TableScan.mayHold(document.bytes)
        guard containers || tables || definitions else { return nil }
        var scan = ContainerScan(document, dialect: dialect, blockStarts: blockStarts, hiddenLines: hiddenLines)
        scan.tables = tables
        if containers || tables { scan.run() }
        scan.substitutions.sort { $0.offset < $1.offset }
        // The last of two definitions of a label is the one used: the earlier ones leave the view,
        // so that cmark, which keeps the first, reads the one the generator does.
        if definitions { scan.shadowDuplicateDefinitions() }
        // A directive's name is a label even where the view is the document (a named `code-block`).
        guard scan.changed || !scan.labels.isEmpty else { return nil }
        // The view's bytes: each line from its first kept byte, its line ending kept.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(document.bytes.count)
        bytes += document.bytes[0..<document.bomLength]
        // A table's cells read on their own: bytes of the same length in place of those that would
        // join two cells in cmark's one paragraph (`TableScan`); no line or offset moves.
        var substitution = 0
        for line in 0..<document.lineCount {
            let content = document.contentRange(line)
            let from = content.lowerBound + Int(scan.dropped[line])
            let viewStart = bytes.count
            bytes += document.bytes[from..<document.lineStarts[line + 1]]
            while substitution < scan.substitutions.count, scan.substitutions[substitution].offset < content.upperBound {
                let (offset, byte) = scan.substitutions[substitution]
                if offset >= from { bytes[viewStart + offset - from] = byte }
                substitution += 1
            }
        }
        var view = LinkView(source: Source(bytes), dropped: scan.dropped, document: document)
        view.ids = scan.ids
        view.tabs = scan.tabs
        view.shadowed = scan.shadowed
        view.labels = scan.labels
        view.tooDeep = scan.tooDeep
        return view
    }
}
