#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `check`'s link findings (format.md §8): every local link, image, `href` and media `src` in raw HTML must point at a
/// path that exists, and its fragment, when the path is a Markdown file or the same file, must be one
/// of that file's link targets. External URLs are never fetched. The library reads no files: the
/// caller says what is at each path (a `lookup` closure answering with a `Destination`), reading each file once.
public enum LinkCheck {
    /// What is at a path a link points to.
    public enum Destination: Sendable {
        case missing
        case directory
        /// A file that is not Markdown (its fragments are not checked).
        case file
        /// A Markdown file, with its link targets.
        case markdown(LinkTargets)
        /// The path cannot be read (a symbolic link loop, permissions, a binary `.md`): why.
        case unreadable(String)
        /// A site's rules: the link is broken for a reason of the site's (outside its content root).
        case broken(LinkReason, String)
        /// A site's rules: what the link names cannot be known offline (intersphinx, a plugin's page).
        case skipped(LinkSkip)
        /// A site's rules: the link names a place in its own page (a MyST label of this file).
        case same
    }

    /// The local links of `outline` that `check` verifies: `localLinks(of:)` of its inventory, and
    /// those written as the text of a GFM footnote definition (`footnoteLinks`), by line.
    public static func localLinks(of outline: Outline) -> [(line: Int, link: LocalLink)] {
        guard let inventory = outline.links else { return [] }
        let links = localLinks(of: inventory)
        let footnotes = footnoteLinks(of: outline) + roleLinks(of: outline) + shortcodeLinks(of: outline)
        if footnotes.isEmpty { return links }
        return (links.enumerated().map { ($0.element, $0.offset) } + footnotes.enumerated().map { ($0.element, links.count + $0.offset) })
            .sorted { $0.0.line != $1.0.line ? $0.0.line < $1.0.line : $0.1 < $1.1 }.map(\.0)
    }

    /// The links in GFM footnote definitions that cmark reads as link reference definitions. cmark
    /// knows no footnotes: `[^1]: [x](#frag)` is, for it, the definition of the label `^1` with the
    /// destination `[x](#frag)`, so the link is in no node; GFM renderers show the footnote's text,
    /// link and all (measured: `pandoc -f gfm`, Python-Markdown's footnotes; format.md §8). A footnote whose text has a space is no definition for cmark: its paragraph,
    /// and its links, are cmark's as any other. Each such destination is read as Markdown of its own
    /// (without the document's definitions: a reference link there is not seen).
    static func footnoteLinks(of outline: Outline) -> [(line: Int, link: LocalLink)] {
        guard let inventory = outline.links, mayHoldFootnote(outline.linkSource.bytes) else { return [] }
        let source = outline.linkSource
        var locator = LinkLocator(source, inventory: inventory)
        // Each destination that may hold an inline link (`](`), with its definition's line.
        var texts: [(line: Int, bytes: ArraySlice<UInt8>)] = []
        for definition in locator.definitions where definition.label.hasPrefix("^") {
            let bytes = source.bytes[definition.destination]
            guard bytes.count >= 3, zip(bytes, bytes.dropFirst()).contains(where: { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: "(") }) else { continue }
            texts.append((source.line(containing: definition.destination.lowerBound) + 1, bytes))
        }
        guard !texts.isEmpty else { return [] }
        // One parse for them all, each a paragraph of its own (a document of 100,000 such footnotes
        // took 100,000 parses), except a text that would reach into the next: a code fence (```,
        // `~~~`) runs on over blank lines, and a definition (`]:`) would serve the others' links.
        // A destination has no space or line ending, and cannot start with `<` (so no HTML block).
        func alone(_ bytes: ArraySlice<UInt8>) -> Bool {
            bytes.first == UInt8(ascii: "`") || bytes.first == UInt8(ascii: "~")
                || zip(bytes, bytes.dropFirst()).contains(where: { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: ":") })
        }
        var found: [(line: Int, link: LocalLink)] = []
        func take(_ document: [UInt8], lineOf: (Int) -> Int?) {
            guard let parsed = try? Outline(parsing: document, [.links]), let inner = parsed.links else { return }
            for (innerLine, var link) in localLinks(of: inner) {
                guard let line = lineOf(innerLine) else { continue }
                link.inFootnoteText = true
                found.append((line, link))
            }
        }
        var batch: [UInt8] = [], batchLines: [Int] = []
        for text in texts {
            if alone(text.bytes) {
                take(Array(text.bytes)) { _ in text.line }
            } else {
                batch.append(contentsOf: text.bytes)
                batch.append(contentsOf: [ASCII.lf, ASCII.lf])
                batchLines.append(text.line)
            }
        }
        // Text k of the batch is on its line 2k + 1.
        if !batch.isEmpty { take(batch) { inner in (inner - 1) % 2 == 0 && (inner - 1) / 2 < batchLines.count ? batchLines[(inner - 1) / 2] : nil } }
        return found.enumerated().sorted { $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset }.map(\.element)
    }

    /// MyST's `{ref}` and `{doc}` roles (format.md §16): each names a label or a document of the
    /// site. Found in the text outside code fences (a role in a code span is cmark's code, and
    /// rare); checked like links, never rewritten.
    static func roleLinks(of outline: Outline) -> [(line: Int, link: LocalLink)] {
        guard outline.dialect.mystTargets, outline.linkSource.bytes.contains(UInt8(ascii: "}")) else { return [] }
        let source = outline.linkSource
        var found: [(line: Int, link: LocalLink)] = []
        LineScanner.forEach(in: source) { line, text, kind in
            guard kind == .text, text.contains(UInt8(ascii: "{")) else { return }
            let string = String(decoding: text, as: UTF8.self)
            for role in ["ref", "doc"] {
                var rest = Substring(string)
                let opener = "{\(role)}`"
                while let start = rest.firstRange(of: opener) {
                    let body = rest[start.upperBound...]
                    guard let close = body.firstIndex(of: "`") else { break }
                    var target = body[..<close]
                    // `title <target>`: the target in angle brackets.
                    if target.hasSuffix(">"), let open = target.lastIndex(of: "<") { target = target[target.index(after: open)..<target.index(before: target.endIndex)] }
                    if target.hasPrefix("~") || target.hasPrefix("!") { target = target.dropFirst() }
                    if !target.isEmpty { found.append((line + 1, LocalLink(role: role, target: String(target)))) }
                    rest = body[body.index(after: close)...]
                }
            }
        }
        return found
    }

    /// Hugo's `ref` and `relref` shortcodes (format.md §16), which name a page by its content path:
    /// links Hugo's own build fails on when they name no page.
    static func shortcodeLinks(of outline: Outline) -> [(line: Int, link: LocalLink)] {
        guard outline.dialect.shortcodes else { return [] }
        return RefShortcode.scan(outline.source, hiddenLines: outline.frontMatterLineCount).map { ($0.line, LocalLink(shortcode: $0)) }
    }

    /// Whether `[^` stands anywhere in `bytes` (no footnote definition otherwise).
    private static func mayHoldFootnote(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            guard var p = b.baseAddress, b.count >= 2 else { return false }
            let end = b.baseAddress! + b.count
            // From `[` to `[` (memchr): every document with links is searched on every check.
            while let found = memchr(p, CInt(UInt8(ascii: "[")), end - p) {
                let at = found.assumingMemoryBound(to: UInt8.self)
                if at + 1 < end && at[1] == UInt8(ascii: "^") { return true }
                p = UnsafePointer(at + 1)
            }
            return false
        }
    }

    /// The local links of a document (inline links and images, reference links as cmark resolved them,
    /// `href` in raw HTML), with their 1-based lines.
    public static func localLinks(of inventory: LinkInventory) -> [(line: Int, link: LocalLink)] {
        var links: [(Int, LocalLink)] = []
        links.reserveCapacity(inventory.links.count)
        for link in inventory.links {
            if let local = LocalLink(link.destination) { links.append((link.line, local)) }
        }
        for html in inventory.html {
            // `href`, and the `src` of the elements that show a file of the repository (`<img>`,
            // `<source>` of a `<picture>`, `<video>`, `<audio>`), checked like `![](...)`.
            for attribute in HTMLAttributes.scan(html.literal)
            where attribute.name == "href" || (attribute.name == "src" && LinkCheck.mediaTags.contains(attribute.tag)) {
                if var local = LocalLink(attribute.value) {
                    local.inHTML = true
                    links.append((html.line + attribute.lineOffset, local))
                }
            }
        }
        // By line, stably; usually they are already (no raw HTML with links among them).
        if zip(links, links.dropFirst()).allSatisfy({ $0.0 <= $1.0 }) { return links }
        return links.enumerated().sorted { $0.element.0 != $1.element.0 ? $0.element.0 < $1.element.0 : $0.offset < $1.offset }.map(\.element)
    }

    /// The paths (resolved as `LocalLink.resolve` does) that `outline`'s links point into: what the
    /// caller must look up.
    public static func paths(of links: [(line: Int, link: LocalLink)], path: String, root: String) -> [String] {
        var seen = Set<String>()
        var paths: [String] = []
        for (_, link) in links where !link.path.isEmpty && seen.insert(link.path).inserted {
            paths.append(LocalLink.resolve(link.path, from: path, root: root))
        }
        return paths
    }

    /// An alias on an anchor line (an `<a id>` other than the section's own ID) that is also another
    /// target of the file: a link to it could mean either (format.md §8).
    public static func aliasCollisions(_ outline: Outline, path: String, profile: SlugProfile) -> [Diagnostic] {
        guard outline.links != nil, outline.records.contains(where: { !$0.elements.isEmpty }) else { return [] }
        let targets = LinkTargets(outline, profile: profile)
        var found: [Diagnostic] = []
        // A linkable ID another element carries too (a heading renamed into its slug, a new heading).
        let shadowed = targets.shadowedAnchors(of: outline)
        for section in outline.sections where section.anchored {
            guard let others = shadowed[section.id], let record = section.record else { continue }
            let first = others.min(by: { $0.line < $1.line })!
            let what: String
            if first.heading {
                let title = outline.sections.first(where: { $0.heading.blockStartLine + 1 == first.line })?.title
                what = "the heading \(title.map { "'\($0)' " } ?? "")at line \(first.line), whose slug it is"
            } else {
                what = "another element at line \(first.line)"
            }
            let order = first.line < record.line + 1 ? "browsers go to line \(first.line), the first" : "a link to that element goes to this section instead"
            let fix = first.heading ? "rename the heading at line \(first.line) (the ID never changes)" : "remove or rename that id"
            found.append(.finding(.idShadowed, line: record.line + 1,
                                  "linkable id '\(section.id)' of section '\(section.title)' is also the id of \(what): \(order); \(fix)").about(.section(section.id)))
        }
        guard outline.records.contains(where: { $0.elements.count > ($0.isLinkable ? 1 : 0) }) else { return found.map { $0.located(in: path) } }
        var count: [String: Int] = [:]
        for id in targets.ordered { count[id, default: 0] += 1 }
        for section in outline.sections where section.anchored {
            guard let record = section.record else { continue }
            for element in record.elements where element.text != section.id && (count[element.text] ?? 0) > 1 {
                found.append(.finding(.aliasCollision, line: record.line + 1,
                                      "alias '\(element.text)' of section '\(section.id)' is also another link target of this file: a link to it could mean either").about(.section(element.text)))
            }
        }
        return found.map { $0.located(in: path) }
    }

    /// Every link finding of one document: alias collisions, then broken links (`findings`), as
    /// `check` and the language server both report them.
    public static func linkFindings(_ outline: Outline, path: String, profile: SlugProfile, root: String,
                                        links: [(line: Int, link: LocalLink)]? = nil, own: LinkTargets? = nil,
                                        repair: ((LocalLink) -> String?)? = nil,
                                        name: (String) -> String = { $0 },
                                        rules: LinkRules? = nil,
                                        lookup: (String) -> Destination) -> [Diagnostic] {
        (aliasCollisions(outline, path: path, profile: profile) + shadowedDefinitions(outline, path: path) + nestingTooDeep(outline, path: path)
            + brokenLinks(outline, path: path, profile: profile, root: root, links: links, own: own, repair: repair, name: name, rules: rules, lookup: lookup))
            .map { $0.spanningLine(in: outline.source) }
    }

    /// A label defined twice where the site's generator uses the last definition (format.md §16):
    /// the earlier is shadowed, a warning naming both lines.
    static func shadowedDefinitions(_ outline: Outline, path: String) -> [Diagnostic] {
        (outline.linkView?.shadowed ?? []).map { s in
            Diagnostic.warning(.shadowedDefinition, line: s.line,
                               "reference definition [\(s.label)] is shadowed by the one at line \(s.used), which the site uses (Python-Markdown keeps the last): remove one")
                .about(.link("[\(s.label)]")).located(in: path)
        }
    }

    /// Containers or MDX's JavaScript nested deeper than `Nesting.limit` (format.md §11): the
    /// openers past it are read as text, said once, at the first of them.
    static func nestingTooDeep(_ outline: Outline, path: String) -> [Diagnostic] {
        guard let line = outline.nestingTooDeep else { return [] }
        return [Diagnostic.warning(.nesting, line: line, "\(Nesting.tooDeep) read as text").located(in: path)]
    }

    /// Whether a heading's slug could read `fragment`: letters, digits, `_` and `-` only.
    static func slugLike(_ fragment: String) -> Bool {
        fragment.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// How many fragment-to-target comparisons the suggestions of one linking file may take.
    public static let suggestionBudget = 5_000_000

    /// A finding for each broken local link of `outline` (parsed with `links: true`), named `path`.
    /// `lookup` gets resolved paths; `root` is what a leading `/` stands for.
    /// `links`: the document's `localLinks`, when the caller has them already; `own`: the document's
    /// targets, when the caller has them already (same-file fragments are checked against them).
    /// `repair`: for a broken link that link repair can fix, what to say instead (where its section
    /// is now, and the command), so that the finding names its fix rather than a near spelling.
    /// `name`: how messages name a resolved path (the language server resolves absolute paths and
    /// names them relative to the folder, as people read them).
    public static func brokenLinks(_ outline: Outline, path: String, profile: SlugProfile, root: String,
                                links: [(line: Int, link: LocalLink)]? = nil, own: LinkTargets? = nil,
                                suggestionBudget: Int = LinkCheck.suggestionBudget,
                                repair: ((LocalLink) -> String?)? = nil,
                                name: (String) -> String = { $0 },
                                rules: LinkRules? = nil,
                                lookup: (String) -> Destination) -> [Diagnostic] {
        var found = findings(outline, path: path, profile: profile, root: root, links: links, own: own, suggestionBudget: suggestionBudget,
                             repair: repair, name: name, rules: rules, lookup: lookup)!
        // Where another build renders the page too, what breaks only there is broken as well.
        for also in rules?.renderedAlsoBy ?? [] {
            guard case .missing = lookup(also.unless) else { continue }
            let known = Set(found.map { "\($0.line ?? 0) \($0.subject.map { "\($0)" } ?? "")" })
            for var finding in findings(outline, path: path, profile: profile, root: root, links: links, own: own, suggestionBudget: suggestionBudget,
                                        repair: nil, name: name, rules: also.rules, lookup: lookup)! where finding.kind == .brokenLink
                && !known.contains("\(finding.line ?? 0) \(finding.subject.map { "\($0)" } ?? "")") {
                finding.message += " (in the \(also.build) build, which falls back to this page)"
                found.append(finding)
            }
        }
        return found
    }

    /// The broken links of `outline` that `repair` names a fix for, as `brokenLinks` reports them
    /// with it: what `check` puts in place of the findings it made without (the rest are as they
    /// were, no hint looked for again). nil when a fix would turn a case-only fragment's warning into
    /// a broken link: the findings would differ in more than their messages.
    static func repairedLinks(_ outline: Outline, path: String, profile: SlugProfile, root: String,
                              links: [(line: Int, link: LocalLink)]? = nil, own: LinkTargets? = nil,
                              repair: @escaping (LocalLink) -> String?, name: (String) -> String = { $0 },
                              rules: LinkRules? = nil, lookup: (String) -> Destination) -> [Diagnostic]? {
        findings(outline, path: path, profile: profile, root: root, links: links, own: own, suggestionBudget: 0,
                 repair: repair, name: name, rules: rules, lookup: lookup, repairedOnly: true)
    }

    private static func findings(_ outline: Outline, path: String, profile: SlugProfile, root: String,
                                 links: [(line: Int, link: LocalLink)]?, own: LinkTargets?, suggestionBudget: Int,
                                 repair: ((LocalLink) -> String?)?, name: (String) -> String, rules: LinkRules?,
                                 lookup: (String) -> Destination, repairedOnly: Bool = false) -> [Diagnostic]? {
        guard let inventory = outline.links else { return [] }
        var own = own
        var found: [Diagnostic] = []
        struct Seen: Hashable { let line: Int; let destination: String }
        var seen = Set<Seen>()
        var suggestions: [Seen: String?] = [:]
        var prepared: [String: Suggestion.Candidates] = [:]
        var comparisons = 0
        // Each distinct path resolved and looked up once (a changelog links the same file many times).
        var destinations: [String: (resolved: String, destination: Destination)] = [:]
        // cmark 0.30's line of an inline is a hint (wrong after a link spanning lines, after lazy lines,
        // in a paragraph that opens with definitions): a finding gets the line its destination is
        // written on, located as link repair locates it. Built on the first finding only.
        var exact: ExactLines? = nil
        for (line, link) in links ?? localLinks(of: outline) {
            // One finding per destination and line. Only a broken link is looked up in `seen`: the
            // twelve thousand links of a large document that resolve cost no hashing.
            func add(_ finding: Diagnostic) {
                guard seen.insert(Seen(line: line, destination: link.destination)).inserted else { return }
                var finding = finding.subject == nil ? finding.about(.link(link.destination)) : finding
                if let written = link.written {
                    found.append(finding.spanning(written, in: outline.source))
                    return
                }
                if exact == nil { exact = ExactLines(outline, inventory) }
                let place = exact!.place(line, link.destination)
                if let range = place.range.map({ outline.linkView?.documentRange($0) ?? $0 }), outline.source.line(containing: range.lowerBound) + 1 == place.line {
                    finding = finding.spanning(range, in: outline.source)
                } else {
                    finding.line = place.line
                }
                found.append(finding)
            }
            let targets: LinkTargets
            var inFile = "this file"
            var page: String? = nil
            if link.path.isEmpty && rules?.resolvesEmptyPaths != true {
                if own == nil { own = LinkTargets(outline, profile: profile) }
                targets = own!
            } else {
                // Without a site, a path leads where it leads; with one, the whole destination and
                // where it is written (raw HTML or Markdown) decide.
                let key = rules == nil ? link.path : (link.inHTML ? "<" : "[") + link.destination
                let known = destinations[key] ?? {
                    // A site's generator may lead a link elsewhere than its file path (a built URL, a
                    // document named without its suffix, a label): its rules say which paths to try.
                    var candidates = [LocalLink.resolve(link.path, from: path, root: root)]
                    if let rules {
                        switch rules.resolve(link) {
                        case .paths(let paths): candidates = paths
                        case .skip(let why): return (resolved: "", destination: .skipped(why))
                        case .broken(let reason, let why): return (resolved: "", destination: .broken(reason, why))
                        case .same: return (resolved: "", destination: .same)
                        }
                    }
                    var entry = (resolved: candidates.first ?? "", destination: Destination.missing)
                    for candidate in candidates {
                        let destination = lookup(candidate)
                        if case .missing = destination { continue }
                        // A site publishes files, never a directory as such (its index page is a
                        // candidate of its own).
                        if rules != nil, case .directory = destination { continue }
                        entry = (candidate, destination)
                        break
                    }
                    destinations[key] = entry
                    return entry
                }()
                let resolved = known.resolved
                switch known.destination {
                case .missing:
                    let fix = repair?(link)
                    if fix != nil || !repairedOnly {
                        add(.finding(.brokenLink, line: line, "broken link '\(link.destination)': \(fix ?? "no such file")").because(.noSuchFile))
                    }
                    continue
                case .broken(let reason, let why):
                    // A URL that led to a page moved since REV: the finding names where it is now.
                    let fix = repair?(link)
                    if fix != nil || !repairedOnly {
                        add(.finding(.brokenLink, line: line, "broken link '\(link.destination)': \(fix ?? why)").because(reason))
                    }
                    continue
                case .skipped(let why):
                    if !repairedOnly { add(.warning(.linkSkipped, line: line, why.description).about(.skipped(why))) }
                    continue
                case .same:
                    if own == nil { own = LinkTargets(outline, profile: profile) }
                    targets = own!
                case .unreadable(let why):
                    if !repairedOnly { add(.finding(.brokenLink, line: line, "broken link '\(link.destination)': \(name(resolved)) cannot be read (\(why))").because(.unreadable, target: name(resolved))) }
                    continue
                case .file:
                    continue
                case .directory:
                    // A fragment on a link to a directory names a heading of the README the
                    // directory's page shows (format.md §7); without a README, nothing to check.
                    guard let fragment = link.fragment, !fragment.isEmpty, !LinkCheck.isTop(fragment) else { continue }
                    let readme = LinkCheck.readmeNames.lazy.map { (resolved.hasSuffix("/") ? resolved : resolved + "/") + $0 }
                        .first { if case .markdown = lookup($0) { return true } else { return false } }
                    guard let readme, case .markdown(let t) = lookup(readme) else { continue }
                    targets = t
                    inFile = name(readme)
                    page = readme
                case .markdown(let t):
                    targets = t
                    inFile = name(resolved)
                    page = resolved
                }
            }
            if let rules, let fragment = link.fragment, !fragment.isEmpty, !targets.contains(fragment), !LinkCheck.isTop(fragment),
               let why = targets.unknown(fragment).map(LinkRules.Unmatched.skip) ?? rules.unmatchedFragment(fragment, page) {
                // A fragment the page may have in ways outline cannot know (a label elsewhere in
                // the site, a documented object, ids a plugin gives): skipped, counted, not reported.
                if case .skip(let skip) = why, !repairedOnly { add(.warning(.linkSkipped, line: line, skip.description).about(.skipped(skip))) }
                continue
            }
            guard let fragment = link.fragment, !fragment.isEmpty, !targets.contains(fragment), !LinkCheck.isTop(fragment) else { continue }
            if let fix = repair?(link) {
                // Without the fix, a case-only match would have been a warning, not this finding.
                if repairedOnly && profile == .github && targets.ordered.contains(where: { $0.lowercased() == fragment.lowercased() }) { return nil }
                add(.finding(.brokenLink, line: line, "broken link '\(link.destination)': \(fix)").because(.noTarget, target: page.map(name)))
                continue
            }
            if repairedOnly { continue }
            // github.com matches fragments case-insensitively (format.md §7): there a case-only
            // difference works, so it is a warning, not a broken link.
            if profile == .github {
                let lower = fragment.lowercased()
                if let same = targets.ordered.first(where: { $0.lowercased() == lower }) {
                    add(.warning(.fragmentCase, line: line,
                                          "link '\(link.destination)': fragment '\(fragment)' matches '\(same)' only ignoring case: github.com finds it, other renderers and browsers do not (write '#\(same)')").because(.caseOnly, target: page.map(name)))
                    continue
                }
            }
            var message = "broken link '\(link.destination)': "
            message += inFile == "this file" ? "no heading '\(fragment)' in this file" : "\(inFile) has no heading '\(fragment)'"
            // A suggestion compares the fragment with every target: found once per fragment and file,
            // and within a budget of comparisons per linking file, so that a hostile document (100,000
            // broken links into 100,000 headings) is checked in seconds; past it, no hint.
            let key = Seen(line: 0, destination: inFile + "\u{0}" + fragment)
            let near: String?
            if let known = suggestions[key] {
                near = known
            } else if comparisons + targets.ordered.count <= suggestionBudget {
                comparisons += targets.ordered.count
                // Each target file's targets prepared once for all the fragments asked about it.
                let candidates = prepared[inFile] ?? targets.suggestions
                prepared[inFile] = candidates
                near = targets.nearest(to: fragment, among: candidates)
                suggestions[key] = .some(near)
            } else {
                near = nil
            }
            if let near {
                message += near.lowercased() == fragment.lowercased()
                    ? " (did you mean '\(near)'? fragments are case-sensitive)"
                    : " (did you mean '\(near)'?)"
            }
            add(.finding(.brokenLink, line: line, message).because(.noTarget, target: page.map(name)))
        }
        return found.map { $0.located(in: path) }
    }
}

extension LinkCheck {
    /// The file a directory's page shows, as GitHub and GitLab pick it.
    static let mediaTags: Set<String> = ["img", "source", "video", "audio", "track"]

    public static let readmeNames = ["README.md", "readme.md", "Readme.md", "README.markdown"]

    /// `#top` (ASCII case-insensitively) is the top of the document in every browser (the HTML
    /// standard's "scroll to the fragment"), as `#` is: never a broken link. An element that claims
    /// `top` is simply what it then reaches.
    static func isTop(_ fragment: String) -> Bool {
        fragment.utf8.count == 3 && fragment.lowercased() == "top"
    }
}
