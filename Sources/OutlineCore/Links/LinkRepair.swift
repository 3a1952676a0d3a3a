/// `outline links` (format.md §8): every local link that no longer resolves but whose section can be
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
        public var old: ((String) -> LinkedDocument?)?
        /// `--since REV`: Markdown files git sees renamed since REV, old path → new path (normalized).
        public var renamed: [String: String]
        /// `--since REV`: for a file (normalized path) and an anchored ID it lost since REV, the given
        /// files the section moved to by Movement's rule (one: a move; more: ambiguous), and those
        /// that gained an unrelated section with that ID.
        public var moves: [MoveKey: (to: [String], unrelated: [String])]
        /// `--keep-aliases`: a linkable section whose slug changed since REV keeps the old slug as an
        /// alias on its anchor line.
        public var keepAliases = false
        /// A resolved path in the one spelling the run's maps use (the CLI folds `../docs/a.md`
        /// seen from `docs/` into `a.md`, and absolute paths under the current directory into
        /// relative ones), so that a file is the same file whatever way a link or operand names it.
        public var canonical: @Sendable (String) -> String = { $0 }
        /// `--since REV`: whether a path (as outline names files) named a file or directory at REV.
        public var existedThen: ((String) -> Bool)? = nil
        /// A path (as outline names files) as the repository root sees it, for a link written
        /// root-relative (`/docs/a.md`) that must stay so; nil where it is not under the root.
        public var fromRoot: (@Sendable (String) -> String?)? = nil
        /// The site rules links of the file at a path (as outline names files) resolve by
        /// (format.md §16); nil for a file no site publishes.
        public var rules: ((String) -> LinkRules?)? = nil
        /// A section operation (format.md §18): whether a link to a (normalized) path and fragment
        /// may have been broken by it; every other link is kept as it is, broken or not. nil: every link.
        public var scope: ((_ path: String, _ fragment: String?) -> Bool)? = nil

        public init(profile: SlugProfile, root: String, lookup: @escaping (String) -> LinkCheck.Destination,
                    document: @escaping (String) -> LinkedDocument?, old: ((String) -> LinkedDocument?)? = nil,
                    renamed: [String: String] = [:], moves: [MoveKey: (to: [String], unrelated: [String])] = [:]) {
            self.profile = profile
            self.root = root
            self.lookup = lookup
            self.document = document
            self.old = old
            self.renamed = renamed
            self.moves = moves
        }
    }

    public struct MoveKey: Hashable {
        public let path: String
        public let id: String
        public init(path: String, id: String) {
            self.path = path
            self.id = id
        }
    }

    /// The repaired document (edits to link destinations only), with a warning for each broken link it
    /// could not repair. `path` is the linking file as outline names it.
    /// `history`: without `--since`, the context history would give (asked only when a link cannot be
    /// repaired): a link it would repair is reported with "(try --since HEAD)".
    public static func apply(_ document: LinkedDocument, context: Context, history: (() -> (revision: String, context: Context)?)? = nil) throws -> RewriteResult {
        guard let inventory = document.outline.links else { return RewriteResult(EditList(), on: document.outline.source.bytes) }
        var writer = DestinationWriter(document.outline, inventory: inventory)
        var plan = Verification.LinkPlan()
        var warnings: [Diagnostic] = []
        var reported = Set<String>()
        // A decision depends on the destination alone: a glossary's thousand links to one place are
        // decided once.
        var decided: [String: Decision] = [:]
        let moved = movedText(of: document, context: context)
        for (line, link, kind) in occurrences(inventory) {
            let decision: Decision
            let origin = moved.first { $0.lines.contains(line) }
            if let origin {
                // Text that came from another place keeps the meaning it had there at REV.
                decision = rebase(link, from: origin, in: document, context: context)
            } else if let known = decided[link.destination] { decision = known } else {
                decision = decide(link, from: document, context: context)
                decided[link.destination] = decision
            }
            switch decision {
            case .keep:
                continue
            case .cannot(let why):
                // Once per line and destination (a reference link used twice on a line).
                guard reported.insert("\(line)\u{0}\(link.destination)").inserted else { continue }
                var hint = ""
                if context.old == nil, let (revision, withHistory) = history?(),
                   case .rewrite = decide(link, from: withHistory.document(document.path) ?? document, context: withHistory) {
                    hint = " (try --since \(revision))"
                }
                warnings.append(.warning(.brokenLink, line: line, "cannot repair link '\(link.destination)': \(why)\(hint)").about(.link(link.destination)))
            case .rewrite(let destination), .pathOnly(let destination, _):
                if case .pathOnly(_, let why) = decision, reported.insert("\(line)\u{0}\(link.destination)").inserted {
                    warnings.append(.warning(.brokenLink, line: line, "repaired the path of link '\(link.destination)' to '\(destination)', but \(why)").about(.link(link.destination)))
                }
                if origin == nil { plan.rewrites[link.destination] = destination }
                if let why = writer.write(destination, for: kind) {
                    warnings.append(.warning(.brokenLink, line: line, "cannot repair link '\(link.destination)': \(why); make it '\(destination)' by hand").about(.link(link.destination)))
                } else {
                    switch kind {
                    case .node(let k):
                        plan.mustChange.insert(k)
                        if origin != nil { plan.perNode[k] = destination }
                    case .html:
                        if origin != nil { plan.alsoAllowed[link.destination, default: []].insert(destination) }
                    }
                }
            }
        }
        // Links cmark does not see (LinkRepair+Unseen.swift): a label's definition the generator
        // does not use, and Hugo's `ref`s.
        repairShadowed(document, moved: moved, context: context, writer: &writer, plan: &plan)
        let refs = refArguments(document, moved: moved, context: context, warnings: &warnings)
        var edits = writer.edits
        if context.keepAliases, let old = context.old?(document.path) {
            edits.keepAliases(of: document, old: old)
        }
        let repaired = try Verification.verified(document.outline, RewriteResult(edits, on: document.outline.source.bytes, diagnostics: warnings),
                                                 sections: Verification.unchanged(document.outline), links: plan)
        return try rewritingRefs(repaired, of: document, refs)
    }

    /// Where text of `document` came from since REV: a file renamed into another directory (all of
    /// it, from its old path), or a section that moved here from another file (its lines, from that
    /// file). Lines are 1-based; paths as outline names files (`fromThen`: the file's path at REV).
    struct Origin {
        let lines: ClosedRange<Int>
        let from: String
        let fromThen: String
        let wholeFile: Bool
    }

    static func movedText(of document: LinkedDocument, context: Context) -> [Origin] {
        guard context.old != nil else { return [] }
        func directory(_ path: String) -> String {
            let parts = FilePath.normalize(path).split(separator: "/")
            return parts.dropLast().joined(separator: "/")
        }
        func pathThen(_ path: String) -> String {
            context.renamed.first(where: { $0.value == path })?.key ?? path
        }
        var origins: [Origin] = []
        let then = pathThen(document.path)
        if then != document.path, directory(then) != directory(document.path) {
            origins.append(Origin(lines: 1...max(1, document.outline.source.lineCount), from: document.path, fromThen: then, wholeFile: true))
        }
        for (key, move) in context.moves where move.to == [document.path] {
            guard let section = document.outline.sections.first(where: { $0.anchored && $0.id == key.id }) else { continue }
            origins.append(Origin(lines: (section.heading.firstLine + 1)...(section.endLine + 1), from: key.path, fromThen: pathThen(key.path), wholeFile: false))
        }
        // The innermost origin first (a section moved into a file that was renamed too).
        return origins.sorted { $0.lines.count < $1.lines.count }
    }

    /// A link of text that came from `origin`: what it meant there at REV, written from here. A
    /// relative path is resolved from the old place (and followed through renames); a same-file
    /// fragment of a moved section names the section it named then, in the file it is in now.
    static func rebase(_ link: LocalLink, from origin: Origin, in document: LinkedDocument, context: Context) -> Decision {
        if link.path.isEmpty {
            guard !origin.wholeFile, let fragment = link.fragment, !fragment.isEmpty, !LinkCheck.isTop(fragment) else { return .keep }
            // The section the fragment named in the old file at REV, wherever it is now.
            let then = context.old?(origin.from)?.sectionByTarget[fragment]
            if let id = then, let here = document.currentTarget[id] {
                return here == fragment ? .keep : .rewrite(write(path: nil, original: link, fragment: here, from: document.path, context: context))
            }
            guard let source = context.document(origin.from) else { return .cannot("it came from \(origin.from), which cannot be read") }
            let there = then.flatMap { source.currentTarget[$0] } ?? (source.targets.contains(fragment) ? fragment : nil)
            guard let there else { return .cannot("'\(fragment)' named no section of \(origin.from) that is still there") }
            return .rewrite(moved(to: origin.from, original: link, fragment: there, from: document.path, context: context))
        }
        if link.path.hasPrefix("/") { return decide(link, from: document, context: context) }
        // A link a site resolves as a URL (raw HTML, a built URL): resolved where the text stood,
        // written as the site's URL from where it stands now (format.md §16).
        if let rules = context.rules?(origin.fromThen), let here = context.rules?(document.path), let rewrite = here.rewrite,
           case .paths(let candidates) = rules.resolve(link), let first = candidates.first,
           link.inHTML || context.canonical(first) != context.canonical(LocalLink.resolve(link.path, from: origin.fromThen, root: context.root)) {
            let target = candidates.lazy.map { context.canonical($0) }.map { context.renamed[$0] ?? $0 }.first {
                switch context.lookup($0) { case .missing, .directory: return false; default: return true }
            }
            guard let target, let written = rewrite(link, target, link.fragment) else { return .cannot("it is written as the site's URL, which outline could not follow: repair it by hand") }
            return written == link.destination ? .keep : .rewrite(written)
        }
        // The path as it resolved from the old place at REV, then followed through renames since.
        let atThen = LocalLink.resolve(link.path, from: origin.fromThen, root: context.root)
        let now = context.renamed[atThen] ?? atThen
        // Read from the old place the path named nothing at REV (it was written for this place
        // already, by a run before this one): it means what it says here.
        guard context.existedThen?(atThen) ?? true else { return decide(link, from: document, context: context) }
        // Written as it stands, it still names that file from here (`./a.md` moved within its
        // directory): its bytes stay, so that moving text back gives them back. (A link to the file
        // it now stands in becomes a same-file link.)
        let target = context.canonical(now)
        if target != context.canonical(document.path), context.canonical(LocalLink.resolve(link.path, from: document.path, root: context.root)) == target {
            return decide(link, from: document, context: context)
        }
        let written = moved(to: now, original: link, fragment: link.fragment, from: document.path, context: context)
        guard let rebased = LocalLink(written), rebased.destination != link.destination else {
            return decide(link, from: document, context: context)
        }
        // The section it names may have been renamed too: repaired as any other link, from here.
        switch decide(rebased, from: document, context: context) {
        case .rewrite(let further): return .rewrite(further)
        default: return .rewrite(written)
        }
    }

    /// Every local link and `href` of `outline` (parsed with links) rewritten to `transform` of its
    /// destination through the locator, and the result verified: the conformance run's proof that
    /// locating and verifying hold on real documents. Returns the result and the links not located.
    public static func rewriteAll(_ outline: Outline, _ transform: (String) -> String) throws -> (result: RewriteResult, unlocated: [String]) {
        guard let inventory = outline.links else { return (RewriteResult(EditList(), on: outline.source.bytes), []) }
        var writer = DestinationWriter(outline, inventory: inventory)
        var plan = Verification.LinkPlan()
        var unlocated: [String] = []
        for (_, link, kind) in occurrences(inventory) {
            let new = transform(link.destination)
            plan.rewrites[link.destination] = new
            if let why = writer.write(new, for: kind) {
                unlocated.append("\(link.destination): \(why)")
            } else if case .node(let k) = kind {
                plan.mustChange.insert(k)
            }
        }
        let result = try Verification.verified(outline, RewriteResult(writer.edits, on: outline.source.bytes),
                                               sections: Verification.unchanged(outline), links: plan)
        return (result, unlocated)
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
                                  "link '\(link.destination)' now leads to another section: at \(revision) '\(fragment)' was section '\(was)', which is now '#\(current)' (run 'outline links -w --since \(revision)')").about(.link(link.destination)))
        }
        return found
    }

    /// For `check`: what a broken `link` of `document` would be repaired to, said as a finding's reason
    /// with the command that does it, or nil when link repair cannot identify its section.
    public static func fix(for link: LocalLink, in document: LinkedDocument, context: Context, since: String?) -> String? {
        let destination: String
        switch decide(link, from: document, context: context) {
        case .rewrite(let d): destination = d
        case .pathOnly(let d, _):
            let command = "outline links -w" + (since.map { " --since \($0)" } ?? "")
            return "the file is now '\(d.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])' (run '\(command)'), but its fragment names no section there"
        default: return nil
        }
        let command = "outline links -w" + (since.map { " --since \($0)" } ?? "")
        // A link in a footnote definition's text is in no cmark node (`LinkCheck.footnoteLinks`):
        // link repair has nothing to locate it by.
        let how = link.inFootnoteText ? "it stands in a footnote's text, which 'outline links' does not rewrite: edit it by hand" : "run '\(command)'"
        guard let fragment = link.fragment, !fragment.isEmpty else { return "the file is now '\(destination)' (\(how))" }
        // The section by its stable ID: the one the fragment named at REV, or the fragment itself
        // when it is an ID.
        let path = link.path.isEmpty ? document.path : context.canonical(LocalLink.resolve(link.path, from: document.path, root: context.root))
        let target = link.path.isEmpty ? document : context.document(path)
        let id = context.old?(path)?.sectionByTarget[fragment] ?? (target?.currentTarget[fragment] != nil ? fragment : nil)
        return "\(id.map { "section '\($0)'" } ?? "its section") is now '\(destination)' (\(how))"
    }

    /// Which node a link is: a link or image node (index in the inventory's links), or the `k`th
    /// attribute of a raw HTML node (index in the inventory's HTML).
    enum Kind: Equatable { case node(Int), html(Int, attribute: Int) }

    /// Links in document order (by cmark's lines, which are hints), with the node each one is.
    static func occurrences(_ inventory: LinkInventory, sameFileOnly: Bool = false) -> [(Int, LocalLink, Kind)] {
        var all: [(Int, LocalLink, Kind)] = []
        for (k, link) in inventory.links.enumerated() where !sameFileOnly || link.destination.utf8.first == UInt8(ascii: "#") {
            if let local = LocalLink(link.destination) { all.append((link.line, local, .node(k))) }
        }
        for (k, html) in inventory.html.enumerated() where html.literal.utf8.contains(where: { $0 | 0x20 == UInt8(ascii: "h") }) {
            for (a, attribute) in HTMLAttributes.scan(html.literal).enumerated() where attribute.name == "href" {
                // Raw HTML, which a site's generator passes through as the URL it is (format.md §16).
                if var local = LocalLink(attribute.value) {
                    local.inHTML = true
                    all.append((html.line + attribute.lineOffset, local, .html(k, attribute: a)))
                }
            }
        }
        return all.sorted { $0.0 < $1.0 }
    }

    enum Decision: Equatable {
        case keep, cannot(String), rewrite(String)
        /// The path is repaired (the file moved) and the fragment kept as written, though it names
        /// nothing outline can follow: written, and the fragment reported (why).
        case pathOnly(String, String)
    }

    /// What to do with one link of `document`.
    static func decide(_ link: LocalLink, from document: LinkedDocument, context: Context) -> Decision {
        let decision = decideAny(link, from: document, context: context)
        let destination: String, partly: String?
        switch decision {
        case .rewrite(let d): (destination, partly) = (d, nil)
        case .pathOnly(let d, let why): (destination, partly) = (d, why)
        default: return decision
        }
        guard let rules = context.rules?(document.path), !link.path.isEmpty else { return decision }

        let plain = context.canonical(LocalLink.resolve(link.path, from: document.path, root: context.root))
        var sameForm = false
        if case .paths(let candidates) = rules.resolve(link), let first = candidates.first { sameForm = context.canonical(first) == plain }
        let newPath = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if sameForm || newPath == link.destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) { return decision }
        // A link written as the site publishes it (a URL, a `ref`, a document without its suffix)
        // gets its new path in that same form, as the site writes it (format.md §16).
        guard let planned = LocalLink(destination), let written = rules.rewrite?(link, planned.path.isEmpty ? document.path
                : context.canonical(LocalLink.resolve(planned.path, from: document.path, root: context.root)), planned.fragment) else {
            return .cannot("it is written as the site publishes it (a URL, a label, a document without its suffix): make it '\(destination)' by hand")
        }
        if written == link.destination { return .keep }
        return partly.map { .pathOnly(written, $0) } ?? .rewrite(written)
    }

    /// Where a link of the file at `file` leads (as outline names files), as the file's site reads
    /// it (format.md §16); `.keep` for a link the site resolves in a way outline leaves alone.
    enum Place: Equatable { case path(String), keep, cannot(String) }

    static func place(of link: LocalLink, from file: String, context: Context) -> Place {
        var path = link.path.isEmpty ? file : context.canonical(LocalLink.resolve(link.path, from: file, root: context.root))
        // A site's generator may lead the link elsewhere (format.md §16): its rules say where (none
        // there now: the one renamed since REV, as a translation's link a build falls back). A link
        // written as a URL, a label or a document without its suffix keeps its form: only its fragment is repaired.
        if let rules = context.rules?(file), !link.path.isEmpty {
            switch rules.resolve(link) {
            case .skip: return .keep
            case .broken(_, let why): return .cannot(why)
            case .same: path = file
            case .paths(let candidates):
                let found = candidates.first {
                    switch context.lookup(context.canonical($0)) {
                    case .missing, .directory: return false
                    default: return true
                    }
                }
                if let found = found ?? candidates.first(where: { context.old != nil && context.renamed[context.canonical($0)] != nil }) { path = context.canonical(found) }
            }
        }
        return .path(path)
    }

    static func decideAny(_ link: LocalLink, from document: LinkedDocument, context: Context) -> Decision {
        let rules = context.rules?(document.path)
        // A link written as the site publishes it (a URL) that led to a file renamed since REV.
        func formerTarget() -> String? {
            guard context.old != nil, !context.renamed.isEmpty, !link.path.isEmpty else { return nil }
            return rules?.formerTarget?(link, context.renamed).map(context.canonical)
        }
        var path: String
        var pathChanged = false
        switch place(of: link, from: document.path, context: context) {
        case .keep: return .keep
        case .cannot(let why):
            guard let now = formerTarget() else { return .cannot(why) }
            path = now
            pathChanged = true
        case .path(let found): path = found
        }
        // A section operation repairs only what it may have broken (format.md §18).
        if let scope = context.scope, !scope(path, link.fragment) { return .keep }
        var destination = link.path.isEmpty ? .markdown(document.targets) : context.lookup(path)
        if case .missing = destination {
            guard context.old != nil, let renamed = context.renamed[path] ?? formerTarget() else { return .cannot("no such file") }
            path = renamed
            pathChanged = true
            destination = context.lookup(path)
        }
        guard case .markdown = destination, let target = link.path.isEmpty ? document : context.document(path) else {
            return pathChanged ? .rewrite(moved(to: path, original: link, fragment: link.fragment, from: document.path, context: context)) : .keep
        }
        guard let fragment = link.fragment, !fragment.isEmpty else {
            return pathChanged ? .rewrite(moved(to: path, original: link, fragment: nil, from: document.path, context: context)) : .keep
        }
        if !target.targets.contains(fragment), let rules, target.targets.unknown(fragment) != nil || rules.unmatchedFragment(fragment, target.path) != nil {
            return .keep
        }
        let resolves = target.targets.contains(fragment) || LinkCheck.isTop(fragment)
        // Which section the fragment named at REV, in this file's version then.
        let oldSection = context.old?(path)?.sectionByTarget[fragment]
        if resolves {
            // A takeover: the slug now names another section than the one it named at REV.
            if let was = oldSection, target.sectionByTarget[fragment] != was, let current = target.currentTarget[was], current != fragment {
                return .rewrite(write(path: pathChanged ? path : nil, original: link, fragment: current, from: document.path, context: context))
            }
            return pathChanged ? .rewrite(moved(to: path, original: link, fragment: fragment, from: document.path, context: context)) : .keep
        }
        // History first (format.md §8): a fragment that was a heading's slug or an alias at REV means that
        // section, even when another section's ID happens to equal it. Only where history has no
        // answer is the fragment read as a section's stable ID (an ID usually is the slug it had when
        // pinned).
        if oldSection == nil, let current = target.currentTarget[fragment] {
            return .rewrite(write(path: pathChanged ? path : nil, original: link, fragment: current, from: document.path, context: context))
        }
        // The file moved but the fragment names nothing outline can follow: the path is repaired,
        // the fragment kept as written (and reported).
        func cannot(_ why: String) -> Decision {
            pathChanged ? .pathOnly(moved(to: path, original: link, fragment: fragment, from: document.path, context: context), why) : .cannot(why)
        }
        guard let id = oldSection else {
            return cannot(context.old == nil
                ? "'\(fragment)' is not a heading or section ID of \(target.path == document.path ? "this file" : target.path)"
                : "no anchored section of \(target.path == document.path ? "this file" : target.path) had '\(fragment)' at that revision")
        }
        if let current = target.currentTarget[id] {
            return .rewrite(write(path: pathChanged ? path : nil, original: link, fragment: current, from: document.path, context: context))
        }
        // The section left this file: moved to exactly one other given file?
        let move = context.moves[MoveKey(path: FilePath.normalize(path), id: id)]
        let places = move?.to ?? []
        switch places.count {
        case 1:
            guard let there = context.document(places[0]), let current = there.currentTarget[id] else {
                return cannot("section '\(id)' moved to \(places[0]), which cannot be read")
            }
            return .rewrite(LinkRepair.moved(to: places[0], original: link, fragment: current, from: document.path, context: context))
        case 0:
            if let unrelated = move?.unrelated, !unrelated.isEmpty {
                return cannot("section '\(id)' is no longer in \(target.path == document.path ? "this file" : target.path); \(unrelated.joined(separator: " and ")) gained an unrelated section with that ID (its text is not the one that left), which is not a move")
            }
            return cannot("section '\(id)' is no longer in \(target.path == document.path ? "this file" : target.path) nor in any other file given")
        default:
            return cannot("section '\(id)' appeared in \(places.joined(separator: " and ")): which one is it?")
        }
    }

    /// A destination with `fragment`, keeping the link's own path text unless `path` is given.
    static func write(path: String?, original: LocalLink, fragment: String, from file: String, context: Context) -> String {
        if let path { return moved(to: path, original: original, fragment: fragment, from: file, context: context) }
        if original.shortcode != nil {
            // A `ref`: its argument with the new fragment, in the shortcode as written (format.md §16).
            let old = original.fragment ?? ""
            return RefShortcode.replacingArgument(in: original.destination, with: original.path + "#" + encodeFragment(fragment, like: Substring(old)))?.text
                ?? original.destination
        }
        var pathText = original.destination
        var oldFragment: Substring = ""
        if let hash = pathText.firstIndex(of: "#") {
            oldFragment = pathText[pathText.index(after: hash)...]
            pathText = String(pathText[..<hash])
        }
        return pathText + "#" + encodeFragment(fragment, like: oldFragment)
    }

    /// A new path for `original`, keeping what the link carried: a root-relative link stays
    /// root-relative, a query stays (`new.md?x=1#y`).
    static func moved(to path: String, original: LocalLink, fragment: String?, from file: String, context: Context) -> String {
        var written: String
        if original.path.hasPrefix("/"), let rooted = context.fromRoot?(path) {
            written = "/" + encodePath(rooted)
        } else {
            written = write(path: path, fragment: nil, from: file)
        }
        let beforeFragment = original.destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if let query = beforeFragment.firstIndex(of: "?") { written += beforeFragment[query...] }
        if fragment == nil, original.fragment == nil, let hash = original.destination.firstIndex(of: "#") {
            return written + original.destination[hash...]   // a line anchor after ?plain=1, kept as written
        }
        // A link to its own file without a fragment names the file (an empty destination is no link).
        return written.isEmpty && fragment == nil ? encodePath(relativePath(to: path, fromDirectoryOf: file))
                                                  : written + (fragment.map { "#" + encodeFragment($0) } ?? "")
    }

    /// A destination for `path` (relative to the linking file's directory) and `fragment`.
    static func write(path: String, fragment: String?, from file: String) -> String {
        let relative = path == FilePath.normalize(file) ? "" : relativePath(to: path, fromDirectoryOf: file)
        return encodePath(relative) + (fragment.map { "#" + encodeFragment($0) } ?? "")
    }

    /// `path` relative to the directory of `file` (both as outline names files).
    static func relativePath(to path: String, fromDirectoryOf file: String) -> String {
        let directory = FilePath.normalize(file).split(separator: "/").dropLast().joined(separator: "/")
        return FilePath.relative(path, fromDirectory: directory.isEmpty ? "." : directory)
    }
}
