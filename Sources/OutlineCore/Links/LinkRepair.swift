/// `outline links` (SPEC §7.3): every local link that no longer resolves but whose section can be
/// identified exactly one way, through its stable ID, is rewritten to point at it again. Only the
/// destination's bytes change. A link that cannot be identified, or could mean two sections, stays
/// and is reported.
public enum LinkRepair {
    /// What the repair knows beyond the linking file. The library reads no files: the caller answers.
    public struct Context {
        public let profile: SlugProfile
        /// What a leading `/` in a link path stands for.
        public let root: String
        /// What is at a (normalized) path now.
        public let lookup: (String) -> LinkCheck.Destination
        /// The Markdown file at a (normalized) path now, as links see it.
        public let document: (String) -> LinkedDocument?
        /// `--since REV`: the version at REV of the file now at a (normalized) path (renames followed);
        /// nil without `--since`.
        public let old: ((String) -> LinkedDocument?)?
        /// `--since REV`: Markdown files git sees renamed since REV, old path → new path (normalized).
        public let renamed: [String: String]
        /// `--since REV`: anchored section ID → the given files it appeared in since REV.
        public let appeared: [String: [String]]
        /// `--keep-aliases`: a linkable section whose slug changed since REV keeps the old slug as an
        /// alias on its anchor line.
        public var keepAliases = false

        public init(profile: SlugProfile, root: String, lookup: @escaping (String) -> LinkCheck.Destination,
                    document: @escaping (String) -> LinkedDocument?, old: ((String) -> LinkedDocument?)? = nil,
                    renamed: [String: String] = [:], appeared: [String: [String]] = [:]) {
            self.profile = profile
            self.root = root
            self.lookup = lookup
            self.document = document
            self.old = old
            self.renamed = renamed
            self.appeared = appeared
        }
    }

    /// The repaired document (edits to link destinations only), with a warning for each broken link it
    /// could not repair. `path` is the linking file as outline names it.
    public static func apply(_ document: LinkedDocument, context: Context) -> RewriteResult {
        guard let inventory = document.outline.links else { return RewriteResult(EditList(), on: document.outline.source.bytes) }
        var finder = DestinationFinder(document.outline.source)
        var edits = EditList()
        var warnings: [Diagnostic] = []
        var reported = Set<String>()
        for (line, link, kind) in occurrences(inventory) {
            switch decide(link, from: document, context: context) {
            case .keep:
                continue
            case .cannot(let why):
                // Once per line and destination (a reference link used twice on a line).
                guard reported.insert("\(line)\u{0}\(link.destination)").inserted else { continue }
                warnings.append(.warning(.brokenLink, line: line, "cannot repair link '\(link.destination)': \(why)"))
            case .rewrite(let destination):
                switch finder.find(link.destination, kind: kind, line: line) {
                case .found(let range):
                    edits.replace(range, with: Array(destination.utf8))
                case .rewritten:
                    continue   // a reference definition another use of it already rewrote
                case .notFound:
                    warnings.append(.warning(.brokenLink, line: line, "cannot repair link '\(link.destination)': its destination is written in a way outline does not rewrite (escapes or entities); make it '\(destination)' by hand"))
                }
            }
        }
        if context.keepAliases, let old = context.old?(document.path) {
            edits.keepAliases(of: document, old: old)
        }
        return RewriteResult(edits, on: document.outline.source.bytes, diagnostics: warnings)
    }

    /// `check --since REV`: the links of `document` that resolve, but to another section than the one
    /// their fragment named at REV (a new heading took over a renamed one's slug). `links -w --since`
    /// makes them follow their own section.
    public static func takeovers(_ document: LinkedDocument, context: Context, revision: String) -> [Diagnostic] {
        guard let inventory = document.outline.links, let old = context.old else { return [] }
        var found: [Diagnostic] = []
        var reported = Set<String>()
        for (line, link, _) in occurrences(inventory) {
            guard let fragment = link.fragment, !fragment.isEmpty else { continue }
            let path = link.path.isEmpty ? document.path : LocalLink.resolve(link.path, from: document.path, root: context.root)
            guard let target = link.path.isEmpty ? document : context.document(path), target.targets.contains(fragment),
                  let was = old(path)?.sectionByTarget[fragment], target.sectionByTarget[fragment] != was,
                  let current = target.currentTarget[was], current != fragment,
                  reported.insert("\(line)\u{0}\(link.destination)").inserted else { continue }
            found.append(.finding(.slugTakeover, line: line,
                                  "link '\(link.destination)' now leads to another section: at \(revision) '\(fragment)' was section '\(was)', which is now '#\(current)' (run 'outline links -w --since \(revision)')"))
        }
        return found
    }

    enum Kind { case inline, html }

    /// Links in document order, with where their destination is written.
    static func occurrences(_ inventory: LinkInventory, sameFileOnly: Bool = false) -> [(Int, LocalLink, Kind)] {
        var all: [(Int, LocalLink, Kind)] = []
        for link in inventory.links where !sameFileOnly || link.destination.utf8.first == UInt8(ascii: "#") {
            if let local = LocalLink(link.destination) { all.append((link.line, local, .inline)) }
        }
        for html in inventory.html where html.literal.containsBytes("href") {
            for attribute in HTMLAttributes.scan(html.literal) where attribute.name == "href" {
                if let local = LocalLink(attribute.value) { all.append((html.line + attribute.lineOffset, local, .html)) }
            }
        }
        return all.sorted { $0.0 < $1.0 }
    }

    enum Decision: Equatable { case keep, cannot(String), rewrite(String) }

    /// What to do with one link of `document`.
    static func decide(_ link: LocalLink, from document: LinkedDocument, context: Context) -> Decision {
        var path = link.path.isEmpty ? document.path : LocalLink.resolve(link.path, from: document.path, root: context.root)
        var pathChanged = false
        var destination = link.path.isEmpty ? .markdown(document.targets) : context.lookup(path)
        if case .missing = destination {
            guard context.old != nil, let renamed = context.renamed[path] else { return .cannot("no such file") }
            path = renamed
            pathChanged = true
            destination = context.lookup(path)
        }
        guard case .markdown = destination, let target = link.path.isEmpty ? document : context.document(path) else {
            return pathChanged ? .rewrite(write(path: path, fragment: link.fragment, from: document.path)) : .keep
        }
        guard let fragment = link.fragment, !fragment.isEmpty else {
            return pathChanged ? .rewrite(write(path: path, fragment: nil, from: document.path)) : .keep
        }
        let resolves = target.targets.contains(fragment)
        // Which section the fragment named at REV, in this file's version then.
        let oldSection = context.old?(path)?.sectionByTarget[fragment]
        if resolves {
            // A takeover: the slug now names another section than the one it named at REV.
            if let was = oldSection, target.sectionByTarget[fragment] != was, let current = target.currentTarget[was], current != fragment {
                return .rewrite(write(path: pathChanged ? path : nil, original: link, fragment: current, from: document.path))
            }
            return pathChanged ? .rewrite(write(path: path, fragment: fragment, from: document.path)) : .keep
        }
        // The fragment is a section's stable ID (an ID usually is the slug it had when pinned).
        if let current = target.currentTarget[fragment] {
            return .rewrite(write(path: pathChanged ? path : nil, original: link, fragment: current, from: document.path))
        }
        guard let id = oldSection else {
            return .cannot(context.old == nil
                ? "'\(fragment)' is not a heading or section ID of \(target.path == document.path ? "this file" : target.path)"
                : "no anchored section of \(target.path == document.path ? "this file" : target.path) had '\(fragment)' at that revision")
        }
        if let current = target.currentTarget[id] {
            return .rewrite(write(path: pathChanged ? path : nil, original: link, fragment: current, from: document.path))
        }
        // The section left this file: moved to exactly one other given file?
        let places = (context.appeared[id] ?? []).filter { $0 != path }
        switch places.count {
        case 1:
            guard let moved = context.document(places[0]), let current = moved.currentTarget[id] else {
                return .cannot("section '\(id)' moved to \(places[0]), which cannot be read")
            }
            return .rewrite(write(path: places[0], fragment: current, from: document.path))
        case 0:
            return .cannot("section '\(id)' is no longer in \(target.path == document.path ? "this file" : target.path) nor in any other file given")
        default:
            return .cannot("section '\(id)' appeared in \(places.joined(separator: " and ")): which one is it?")
        }
    }

    /// A destination with `fragment`, keeping the link's own path text unless `path` is given.
    static func write(path: String?, original: LocalLink, fragment: String, from file: String) -> String {
        if let path { return write(path: path, fragment: fragment, from: file) }
        var pathText = original.destination
        if let hash = pathText.firstIndex(of: "#") { pathText = String(pathText[..<hash]) }
        return pathText + "#" + encodeFragment(fragment)
    }

    /// A destination for `path` (relative to the linking file's directory) and `fragment`.
    static func write(path: String, fragment: String?, from file: String) -> String {
        let relative = path == LocalLink.normalize(file) ? "" : relativePath(to: path, fromDirectoryOf: file)
        return encodePath(relative) + (fragment.map { "#" + encodeFragment($0) } ?? "")
    }

    /// `path` relative to the directory of `file` (both as outline names files).
    static func relativePath(to path: String, fromDirectoryOf file: String) -> String {
        let directory = LocalLink.normalize(file).split(separator: "/").dropLast().joined(separator: "/")
        return LocalLink.relative(path, fromDirectory: directory.isEmpty ? "." : directory)
    }

    /// Percent-encoding where a link destination needs it: spaces, controls and the characters that
    /// end or confuse a Markdown destination. Letters of any script stay as they are.
    static func encodeFragment(_ s: String) -> String { encode(s, fragment: true) }
    static func encodePath(_ s: String) -> String { encode(s, fragment: false) }

    /// `?` is encoded in paths only: there it would start a query, while a fragment may hold it as it
    /// is (RFC 3986, section 3.5).
    private static func encode(_ s: String, fragment: Bool) -> String {
        // Byte by byte: every special character is ASCII, and a UTF-8 byte of another character never is.
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for byte in s.utf8 {
            let special: Bool
            switch byte {
            case 0...32, 127, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""),
                 UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: "%"), UInt8(ascii: "#"): special = true
            case UInt8(ascii: "?"): special = !fragment
            default: special = false
            }
            if special {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Finds where a link's destination is written in the source: after `](` for an inline link, in its
/// definition for a reference link, in `href=` for raw HTML. Each place is claimed once.
struct DestinationFinder {
    enum Found { case found(Range<Int>), rewritten, notFound }

    let source: Source
    private var claimed = Set<Int>()
    /// Reference definitions already found, by destination.
    private var definitions: [String: Range<Int>] = [:]
    /// Definition-looking lines by destination, and how many of each are claimed.
    private var definitionIndex: [[UInt8]: (ranges: [Range<Int>], claimed: Int)]? = nil
    /// The lines of the paragraph found last (0-based, first and last): links come in line order,
    /// many to a paragraph, and a long list would otherwise be walked to its end for each.
    private var paragraph: (first: Int, last: Int)? = nil

    init(_ source: Source) { self.source = source }

    mutating func find(_ raw: String, kind: LinkRepair.Kind, line: Int) -> Found {
        let needle = Array(raw.utf8)
        guard !needle.isEmpty, line >= 1, line <= source.lineCount else { return .notFound }
        let bytes = source.bytes
        let start = source.lineStarts[line - 1]
        // The paragraph (or HTML block) the link starts in: up to the next blank line.
        var endLine = line - 1
        if let paragraph, endLine >= paragraph.first, endLine <= paragraph.last {
            endLine = paragraph.last
        } else {
            while endLine + 1 < source.lineCount && !source.isBlank(endLine + 1) { endLine += 1 }
            paragraph = (line - 1, endLine)
        }
        let end = source.lineStarts[endLine + 1]
        switch kind {
        case .inline:
            var p = start
            while p + 1 < end {
                if bytes[p] == UInt8(ascii: "]") && bytes[p + 1] == UInt8(ascii: "(") {
                    var q = bytes.skippingBlanks(from: p + 2, to: end)
                    if q < end, bytes[q] == ASCII.lf || bytes[q] == ASCII.cr { q = bytes.skippingBlanks(from: q + 1, to: end) }
                    if let range = match(needle, at: q, end: end, closers: [UInt8(ascii: ")"), ASCII.space, ASCII.tab, ASCII.lf, ASCII.cr]),
                       claimed.insert(range.lowerBound).inserted {
                        return .found(range)
                    }
                }
                p += 1
            }
            if definitions[raw] != nil { return .rewritten }
            guard let range = definition(needle) else { return .notFound }
            definitions[raw] = range
            return .found(range)
        case .html:
            var p = start
            let href = Array("href=".utf8)
            while p + href.count < end {
                if bytes.has(href, at: p, end: end) {
                    let q = p + href.count
                    let quoted = bytes[q] == UInt8(ascii: "\"") || bytes[q] == UInt8(ascii: "'")
                    let range = quoted ? match(needle, at: q + 1, end: end, closers: [bytes[q]], angle: false)
                                       : match(needle, at: q, end: end, closers: [ASCII.space, ASCII.tab, UInt8(ascii: ">")], angle: false)
                    if let range, claimed.insert(range.lowerBound).inserted { return .found(range) }
                }
                p += 1
            }
            return .notFound
        }
    }

    /// A reference definition `[label]: dest` whose destination is `needle`, anywhere in the file. The
    /// file's definition-looking lines are indexed once, by destination.
    private mutating func definition(_ needle: [UInt8]) -> Range<Int>? {
        if definitionIndex == nil { definitionIndex = indexDefinitions().mapValues { ($0, 0) } }
        guard let candidates = definitionIndex![needle], candidates.claimed < candidates.ranges.count else { return nil }
        definitionIndex![needle]!.claimed += 1
        return candidates.ranges[candidates.claimed]
    }

    /// `[label]: dest` lines (at most three spaces of indent), by destination bytes (`<dest>` unwrapped).
    private func indexDefinitions() -> [[UInt8]: [Range<Int>]] {
        let bytes = source.bytes
        var index: [[UInt8]: [Range<Int>]] = [:]
        for line in 0..<source.lineCount {
            // Most lines are turned away by their first bytes, before their content range is worked out.
            let lineEnd = source.lineStarts[line + 1]
            var p = bytes.skippingIndent(from: source.lineStarts[line] + (line == 0 ? source.bomLength : 0), to: lineEnd)
            guard p < lineEnd, bytes[p] == ASCII.openBracket else { continue }
            let range = source.contentRange(line)
            while p + 1 < range.upperBound && !(bytes[p] == UInt8(ascii: "]") && bytes[p + 1] == UInt8(ascii: ":")) { p += 1 }
            guard p + 1 < range.upperBound else { continue }
            var q = bytes.skippingBlanks(from: p + 2, to: range.upperBound)
            guard q < range.upperBound else { continue }
            var end = q
            if bytes[q] == UInt8(ascii: "<") {
                q += 1
                end = q
                while end < range.upperBound && bytes[end] != UInt8(ascii: ">") { end += 1 }
                guard end < range.upperBound else { continue }
            } else {
                while end < range.upperBound && !ASCII.isBlank(bytes[end]) { end += 1 }
            }
            index[Array(bytes[q..<end]), default: []].append(q..<end)
        }
        return index
    }

    /// `needle` at `q` (or `<needle>`), followed by a closer (or the end, when `atEnd`).
    private func match(_ needle: [UInt8], at q: Int, end: Int, closers: [UInt8], angle: Bool = true, atEnd: Bool = false) -> Range<Int>? {
        let bytes = source.bytes
        guard q < end else { return nil }
        if angle, bytes[q] == UInt8(ascii: "<") {
            let close = q + 1 + needle.count
            if bytes.has(needle, at: q + 1, end: end), close < end, bytes[close] == UInt8(ascii: ">") { return (q + 1)..<close }
            return nil
        }
        guard bytes.has(needle, at: q, end: end) else { return nil }
        let after = q + needle.count
        if after == end { return atEnd ? q..<after : nil }
        return closers.contains(bytes[after]) ? q..<after : nil
    }
}

extension EditList {
    /// Each section with a linkable anchor whose heading slug changed since `old` keeps the old slug as
    /// an alias, `<a id="old-slug"></a>` at the end of its anchor line, so that links from outside the
    /// repository keep working (SPEC §7.4).
    mutating func keepAliases(of document: LinkedDocument, old: LinkedDocument) {
        for section in document.outline.sections where section.anchored {
            guard let record = section.record, record.isLinkable,
                  let was = old.headingSlug[section.id], let now = document.headingSlug[section.id], was != now,
                  was != section.id, !record.elements.contains(where: { $0.text == was }) else { continue }
            insert(CommentFormat.linkableElement(was), at: record.commentRange.upperBound)
        }
    }
}
