/// The link targets of one Markdown file under a slug profile (format.md §7): the id of every heading at
/// any level and in any container, numbered the renderer's way; explicit `{#id}`s where the renderer
/// honours them; `id` and `name` attributes in raw HTML (outline's linkable anchors and aliases are
/// such attributes on the anchor line).
public struct LinkTargets: Sendable {
    /// Every target, in document order (headings first).
    public let ordered: [String]
    /// Each heading's id with the heading's 1-based line (cmark's start line), in document order.
    public let headings: [(line: Int, id: String)]
    /// `id` attributes of raw HTML with their 1-based lines (outline's linkable anchors among them).
    public let htmlIDs: [(line: Int, id: String)]
    /// Second ids a renderer resolves a heading by (`myst`: docutils' section id), with its line.
    public let alternates: [(line: Int, id: String)]
    /// MyST's `(label)=` names (lowercased, as Sphinx keeps them), with their lines: targets of the
    /// whole site, not only of this file.
    public let labels: [(line: Int, id: String)]
    /// Why the page has ids outline cannot know (a snippet's headings, a plugin's content), or nil.
    public var unknowable: LinkSkip? = nil
    /// The page holds comments a site's hooks may fill with ids (see `DialectTargets.hookComments`).
    public var hookComments = false

    /// Why a fragment that is none of the page's targets may still be one of its ids (text a
    /// snippet includes, content a plugin makes, an id a hook gives); nil when it is not.
    public func unknown(_ fragment: String) -> LinkSkip? {
        if let unknowable { return unknowable }
        if hookComments && !LinkCheck.slugLike(fragment) { return .hookID(fragment) }
        return nil
    }
    private let set: Set<String>

    /// Where each of `ids` is carried: the 1-based lines of the headings whose id it is and of the
    /// raw HTML that names it, in one pass over the targets.
    public func holders(of ids: Set<String>) -> [String: [(line: Int, heading: Bool)]] {
        guard !ids.isEmpty else { return [:] }
        var found: [String: [(line: Int, heading: Bool)]] = [:]
        for heading in headings where ids.contains(heading.id) { found[heading.id, default: []].append((heading.line, true)) }
        for html in htmlIDs where ids.contains(html.id) { found[html.id, default: []].append((html.line, false)) }
        for alternate in alternates where ids.contains(alternate.id) { found[alternate.id, default: []].append((alternate.line, true)) }
        return found
    }

    /// The linkable anchors of `outline` whose id another element carries too (a heading whose slug it
    /// is, other raw HTML): section ID → those elements (1-based lines). The section's own heading
    /// does not count (it stands next to its anchor). Two elements with one id: browsers go to the
    /// first, so a link must not name a shadowed id; IDs never change, the heading is what to rename.
    public func shadowedAnchors(of outline: Outline) -> [String: [(line: Int, heading: Bool)]] {
        var linkable: [String: (anchorLine: Int, headingLine: Int)] = [:]
        for section in outline.sections where section.anchored && section.record?.isLinkable == true {
            linkable[section.id] = (section.record!.line + 1, section.heading.blockStartLine + 1)
        }
        var shadowed: [String: [(line: Int, heading: Bool)]] = [:]
        for (id, holders) in holders(of: Set(linkable.keys)) {
            let own = linkable[id]!
            var others: [(line: Int, heading: Bool)] = []
            var ownAnchorSeen = false
            for holder in holders {
                if holder.heading && holder.line == own.headingLine { continue }
                if !holder.heading && holder.line == own.anchorLine && !ownAnchorSeen { ownAnchorSeen = true; continue }
                others.append(holder)
            }
            if !others.isEmpty { shadowed[id] = others }
        }
        return shadowed
    }

    /// `html: false` leaves raw HTML's ids out (`number` needs the headings' ids only). `source`: the
    /// text the inventory was taken from, for a profile whose renderer slugs the heading's source
    /// (`hugo`) and for a dialect's ids (format.md §16: attribute blocks, footnotes, tabs, MyST
    /// labels). `extra`: ids of elements the source does not show (a container view's tags).
    public init(_ inventory: LinkInventory, profile: SlugProfile, html: Bool = true, source: Source? = nil,
                dialect: Dialect = .commonMark, extra: [(line: Int, id: String)] = [],
                tabs: [(line: Int, title: String, set: Int, index: Int)] = [], labels extraLabels: [(line: Int, id: String)] = []) {
        let raw = profile.readsSourceAttribute ? source : nil
        let attributes = dialect.headingAttributes ? source : nil
        let text = profile == .mkdocsMaterial ? source : nil
        var bases = inventory.headings.map {
            LinkTargets.base(of: $0, profile: profile, source: raw, attributes: attributes, text: text, emojiShortcodes: dialect.emojiShortcodes)
        }
        if let levels = dialect.headingSlugLevels {
            for k in bases.indices where inventory.headings[k].level > levels { bases[k].slugged = false }
        }
        let others = source.map { DialectTargets.ids(in: $0, dialect: dialect, headings: bases.map { ($0.line, $0.explicit) }, profile: profile) } ?? []
        self.init(headings: bases, html: html ? inventory.html : [], profile: profile,
                  reserved: dialect.explicitIDsReservedFirst ? bases.compactMap(\.explicit) + others.filter(\.reserved).map(\.id) : [],
                  others: others.map { ($0.line, $0.id) } + extra, labels: ((source.map { DialectTargets.labels(in: $0, dialect: dialect) } ?? []) + extraLabels).sorted { $0.line < $1.line },
                  tabs: dialect.tabbedIDs ? tabs : [], tabSlugs: dialect.tabSlugs.flatMap(SlugProfile.init(rawValue:)),
                  combineHeader: dialect.tabSlugsCombineHeader, emojiShortcodes: dialect.emojiShortcodes,
                  terms: source.map { DialectTargets.definitionTerms(in: $0, dialect: dialect, profile: profile) } ?? [])
        unknowable = source.flatMap { DialectTargets.unknowable(in: $0, dialect: dialect) }
        hookComments = source.map { DialectTargets.hookComments(in: $0, dialect: dialect) } ?? false
    }

    /// The targets of an outline parsed with links, read as its dialect reads it.
    public init(_ outline: Outline, profile: SlugProfile, html: Bool = true) {
        self.init(outline.links ?? LinkInventory(), profile: profile, html: html, source: outline.linkSource, dialect: outline.dialect,
                  extra: outline.linkView?.ids ?? [], tabs: outline.linkView?.tabs ?? [], labels: outline.linkView?.labels ?? [])
    }

    /// A heading's id before duplicates are numbered: the explicit `{#id}` its renderer honours, or
    /// the slug of its text.
    struct HeadingBase {
        let line: Int
        let explicit: String?
        let slug: String
        /// `myst`: the docutils id Sphinx gives the section (MyST resolves a fragment to it too).
        var alternate: String? = nil
        /// Whether the heading gets a slug (MyST: only down to `myst_heading_anchors`).
        var slugged = true
    }

    /// `text`: the source, where the profile tells a written U+00A0 from an entity's.
    static func base(of heading: LinkInventory.HeadingText, profile: SlugProfile, source: Source? = nil, attributes: Source? = nil,
                     text: Source? = nil, emojiShortcodes: Bool = false) -> HeadingBase {
        if let source, profile.slugsSource, let raw = LinkTargets.sourceText(of: heading.line, in: source) {
            let (explicit, rest) = profile.explicitID([.text(raw)])
            var text = ""
            for case .text(let s) in rest { text += s }
            return HeadingBase(line: heading.line, explicit: explicit, slug: explicit == nil ? profile.slug([.text(text)]) : "")
        }
        var pieces = heading.pieces
        if let text, let raw = LinkTargets.sourceText(of: heading.line, in: text) { pieces = LinkTargets.stashedSpaces(pieces, Substring(raw)) }
        var explicit: String? = nil
        if let source, profile.readsSourceAttribute, let raw = LinkTargets.sourceText(of: heading.line, in: source) {
            // Hugo since 0.144: the id from the source line's `{#id}` (an escaped brace is text
            // there, not in the rendered pieces), the slug from the rendered text without the block.
            let (id, rest) = profile.explicitID([.text(raw)])
            if id != nil { return HeadingBase(line: heading.line, explicit: id, slug: "") }
            if rest != [.text(raw)] { pieces = profile.explicitID(pieces).pieces }
            return HeadingBase(line: heading.line, explicit: nil, slug: profile.slug(pieces))
        }
        if let attributes {
            // attr_list: a block ending the heading's source is no text, and gives its id.
            if let raw = LinkTargets.sourceText(of: heading.line, in: attributes).map({ Substring($0) }), let block = AttributeBlock.trailing(raw),
               case .text(let last)? = pieces.last, let open = last.lastIndex(of: "{") {
                explicit = block.id
                var cut = open
                while cut > last.startIndex, last[last.index(before: cut)] == " " { cut = last.index(before: cut) }
                pieces.removeLast()
                if cut > last.startIndex { pieces.append(.text(String(last[..<cut]))) }
            }
        } else {
            (explicit, pieces) = profile.explicitID(pieces)
        }
        if emojiShortcodes { pieces = pieces.map { if case .text(let t) = $0 { return .text(DialectTargets.withoutShortcodes(t)) } else { return $0 } } }
        return HeadingBase(line: heading.line, explicit: explicit, slug: explicit == nil ? profile.slug(pieces) : "",
                           alternate: profile == .myst ? profile.docutilsID(pieces) : nil)
    }

    /// A heading's pieces with each U+00A0 an entity wrote (`&nbsp;`, `&#160;`) as U+FFFF, which
    /// pymdownx's slugify drops: Python-Markdown stashes an entity, where a literal U+00A0 is
    /// whitespace to toc (`foo&nbsp;bar` is `foobar`, `foo`U+00A0`bar` is `foo-bar`). cmark's text
    /// no longer tells them apart: where the source holds both, each U+00A0 is taken as written.
    static func stashedSpaces(_ pieces: [LinkInventory.HeadingText.Piece], _ raw: Substring) -> [LinkInventory.HeadingText.Piece] {
        guard raw.contains("&"), !raw.unicodeScalars.contains("\u{A0}") else { return pieces }
        return pieces.map {
            guard case .text(let t) = $0, t.unicodeScalars.contains("\u{A0}") else { return $0 }
            return .text(String(String.UnicodeScalarView(t.unicodeScalars.map { $0 == "\u{A0}" ? "\u{FFFF}" : $0 })))
        }
    }

    /// The Markdown source of the heading on 1-based `line`, as goldmark hands it to its ID generator:
    /// an ATX heading's text between its opening `#`s and a closing sequence, a setext heading's line;
    /// nil where the line is not plainly the heading's (inside a block quote or list item), which the
    /// caller then slugs from the rendered text.
    static func sourceText(of line: Int, in source: Source) -> String? {
        guard line >= 1, line <= source.lineCount else { return nil }
        var bytes = source.content(line - 1)
        var indent = 0
        while let b = bytes.first, b == ASCII.space, indent < 3 { bytes = bytes.dropFirst(); indent += 1 }
        if bytes.first == UInt8(ascii: "#") {
            let level = bytes.prefix { $0 == UInt8(ascii: "#") }.count
            guard level <= 6 else { return nil }
            bytes = bytes.dropFirst(level)
            guard bytes.isEmpty || bytes.first == ASCII.space || bytes.first == ASCII.tab else { return nil }
            while let b = bytes.last, b == ASCII.space || b == ASCII.tab { bytes = bytes.dropLast() }
            // A closing sequence: `#`s preceded by a space or tab (or the whole text).
            let closing = bytes.reversed().prefix { $0 == UInt8(ascii: "#") }.count
            if closing > 0 {
                let before = bytes.dropLast(closing)
                if before.isEmpty || before.last == ASCII.space || before.last == ASCII.tab { bytes = before }
            }
        } else if let b = bytes.first, b == UInt8(ascii: ">") || b == UInt8(ascii: "-") || b == UInt8(ascii: "*") || b == UInt8(ascii: "+") || ASCII.isDigit(b) {
            return nil
        } else {
            // A setext heading: goldmark slugs its last line, the one above the underline.
            func isUnderline(_ k: Int) -> Bool {
                let t = source.content(k).drop { $0 == ASCII.space }
                guard let c = t.first, c == UInt8(ascii: "=") || c == UInt8(ascii: "-") else { return false }
                return t.drop { $0 == c }.allSatisfy(ASCII.isBlank)
            }
            var last = line - 1
            while last + 1 < source.lineCount, !isUnderline(last + 1) {
                last += 1
                if source.content(last).allSatisfy(ASCII.isBlank) { return nil }
            }
            if last != line - 1 { return sourceText(of: last + 1, in: source) }
            while let b = bytes.last, b == ASCII.space || b == ASCII.tab { bytes = bytes.dropLast() }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The targets of headings whose bases are known (`number` slugs only the headings it renumbers a
    /// second time), and of raw HTML. `reserved`: ids taken before any slug is numbered
    /// (Python-Markdown's toc avoids every id the page has); `others`: a dialect's other ids;
    /// `labels`: MyST's `(label)=` names.
    init(headings bases: [HeadingBase], html: [LinkInventory.HTML], profile: SlugProfile, reserved: [String] = [],
         others: [(line: Int, id: String)] = [], labels: [(line: Int, id: String)] = [],
         tabs: [(line: Int, title: String, set: Int, index: Int)] = [], tabSlugs: SlugProfile? = nil, combineHeader: Bool = false,
         emojiShortcodes: Bool = false, terms: [(line: Int, slug: String)] = []) {
        var index = SlugIndex(profile, capacity: bases.count)
        var others = others
        var pendingTerms = terms[...]
        for id in reserved { index.reserve(id) }
        var headings: [(line: Int, id: String)] = []
        headings.reserveCapacity(bases.count)
        var alternates: [(line: Int, id: String)] = []
        var docutilsIDs: Set<String> = []
        for base in bases {
            // Definition terms take their ids in document order, with the headings' counter.
            while let term = pendingTerms.first, term.line < base.line {
                others.append((term.line, index.add(term.slug)))
                pendingTerms = pendingTerms.dropFirst()
            }
            if let explicit = base.explicit {
                index.reserve(explicit)
                headings.append((base.line, explicit))
            } else {
                var id = base.slugged ? index.add(base.slug) : ""
                // docutils numbers a repeated section id `idN`, which no one links to: only a first
                // occurrence counts. A heading without a MyST slug is reached by its docutils id.
                if let alternate = base.alternate, !alternate.isEmpty, docutilsIDs.insert(alternate).inserted {
                    if id.isEmpty { id = alternate } else if alternate != id { alternates.append((base.line, alternate)) }
                }
                headings.append((base.line, id))
            }
        }
        for term in pendingTerms { others.append((term.line, index.add(term.slug))) }
        // pymdownx.tabbed: each tab's input gets `__tabbed_SET_N`, or with a slugify the slug of its
        // title (after the heading's before it), unique among the page's ids.
        for tab in tabs {
            if let tabSlugs {
                var slug = tabSlugs.slug([.text(emojiShortcodes ? DialectTargets.withoutShortcodes(tab.title) : tab.title)])
                if combineHeader, let parent = headings.last(where: { $0.line < tab.line })?.id, !parent.isEmpty { slug = parent + "-" + slug }
                others.append((tab.line, index.add(slug)))
            } else {
                others.append((tab.line, "__tabbed_\(tab.set)_\(tab.index)"))
            }
        }
        var htmlIDs: [(line: Int, id: String)] = []
        for html in html {
            for attribute in HTMLAttributes.scan(html.literal) where attribute.name == "id" || (attribute.name == "name" && attribute.tag == "a") {
                if !attribute.value.isEmpty { htmlIDs.append((html.line + attribute.lineOffset, attribute.value)) }
            }
        }
        // MyST tries slugs first: a docutils id that is also some heading's slug reaches that heading.
        if !alternates.isEmpty {
            let slugs = Set(headings.map(\.id))
            alternates.removeAll { slugs.contains($0.id) }
        }
        let ordered = headings.map(\.id) + htmlIDs.map(\.id) + alternates.map(\.id) + others.map(\.id) + labels.map(\.id)
        self.headings = headings
        self.htmlIDs = htmlIDs + others
        self.alternates = alternates
        self.labels = labels
        self.ordered = ordered
        self.set = Set(ordered)
    }

    public func contains(_ fragment: String) -> Bool { set.contains(fragment) }

    /// The target a mistyped fragment most likely meant: one that differs only in case, else the
    /// nearest by edits (see `Suggestion`).
    /// `candidates`: `ordered` prepared already (`suggestions`), when several fragments are asked about.
    public func nearest(to fragment: String, among candidates: Suggestion.Candidates? = nil) -> String? {
        let lower = fragment.lowercased()
        let lowerBytes = Array(lower.utf8)
        let sameLetters = lowerBytes.allSatisfy { $0 < 0x80 }
            ? ordered.first { LinkTargets.lowercases($0, toASCII: lowerBytes, lower) }
            : ordered.first { $0.lowercased() == lower }
        return sameLetters ?? (candidates ?? suggestions).nearest(fragment)
    }

    /// The targets prepared for "did you mean".
    public var suggestions: Suggestion.Candidates { Suggestion.Candidates(ordered) }

    /// `name.lowercased() == lower`, `lower` being ASCII (its bytes given too), with no lowercased copy
    /// of an ASCII name: a broken link's fragment is compared with every target of its file. A name
    /// with other characters is lowercased (a Kelvin sign lowercases to `k`).
    static func lowercases(_ name: String, toASCII bytes: [UInt8], _ lower: String) -> Bool {
        // nil: the name has a character outside ASCII (or is not stored as UTF-8), so it is lowercased.
        let ascii = name.utf8.withContiguousStorageIfAvailable { b -> Bool? in
            if b.count == bytes.count {
                for k in 0..<b.count {
                    let byte = b[k]
                    guard byte < 0x80 else { return nil }
                    if (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) != bytes[k] {
                        return b[(k + 1)...].contains { $0 >= 0x80 } ? nil : false
                    }
                }
                return true
            }
            return b.contains { $0 >= 0x80 } ? nil : false
        }
        return (ascii ?? nil) ?? (name.lowercased() == lower)
    }
}

extension Outline {
    /// Each section's heading slug under `profile` (format.md §7): the target a link by the heading's
    /// text names, numbered among duplicates as the renderer numbers them, or the `{#id}` the
    /// profile's renderer reads. A linkable anchor is another target of its section, not its slug
    /// (`toc` links the anchor where there is one). nil without a link inventory (parse with `.links`);
    /// a section whose heading has no slug gets nil.
    public func headingSlugs(_ profile: SlugProfile) -> [String?]? {
        guard let links else { return nil }
        let targets = LinkTargets(links, profile: profile, html: false, source: source)
        var slugAt: [Int: String] = [:]
        for heading in targets.headings where slugAt[heading.line] == nil { slugAt[heading.line] = heading.id }
        return sections.map { slugAt[$0.heading.blockStartLine + 1] }
    }
}
