/// The tree a section operation repairs links in (format.md §18): the repository's work tree, or
/// `--root`, walked as `check DIR` walks a directory, each file read and parsed once (with its
/// links, in parallel, on first need). Link repair is `links`' own (`LinkRepair`), with the files as
/// they were before the operation in the place of a revision's, so that a link follows its section
/// exactly as `links -w --since` would make it follow.
final class SectionTree {
    let run: Run
    let root: String?
    /// The files as they are (and, for the files the operation does not change, as they will be).
    let resolver: LinkResolver
    private var parsed: [String: Outline]? = nil
    private var order: [String] = []

    init(run: Run, root: String?) {
        self.run = run
        self.root = root
        resolver = run.resolver(root: root)
    }

    /// A path in the one spelling the run's maps use.
    func key(_ path: String) -> String { resolver.canonical(path) }

    /// How the file at `path` is read (its site's dialect) and the profile its targets are made with.
    func rules(_ path: String) -> (profile: SlugProfile, dialect: Dialect) { resolver.rules(key(path)) }

    /// The file at `path` as it is now, parsed with its links (`bytes`: what it holds, when known).
    func outline(_ path: String, bytes: [UInt8]? = nil) throws -> Outline {
        let bytes = try bytes ?? run.read(path)
        return try Run.about(path) { try Outline(parsing: bytes, [.links, .fingerprints], dialect: rules(path).dialect) }
    }

    func linked(_ path: String, _ outline: Outline) -> LinkedDocument {
        LinkedDocument(path: key(path), outline: outline, profile: rules(path).profile)
    }

    /// The tree's Markdown files and their parses, read in parallel once.
    func files() throws -> [(path: String, outline: Outline)] {
        if parsed == nil {
            let top = root ?? run.store.topLevel()
            let folder = run.store.resolvedPath(top) ?? top
            // Files above the current directory by their names from it (`../a.md`), as an operand
            // written so names them: by their absolute names, a diff header would carry one (which
            // `git apply` skips) and such a file's links to an operand would go unrepaired.
            var spell: (String) -> String = { $0 }
            if folder.hasPrefix("/"), let here = run.store.resolvedPath("."), here.hasPrefix("/"),
               FilePath.contains(FilePath.normalize(folder), FilePath.normalize(here)) {
                spell = { $0.hasPrefix("/") ? FilePath.relative($0, fromDirectory: here) : $0 }
            }
            order = run.store.markdownFiles(in: folder).map { key(spell($0)) }
            let dialects = order.map { rules($0).dialect }
            var outlines: [String: Outline] = [:]
            for (k, result) in try run.each(order, { k, _, bytes in try Outline(parsing: bytes, [.links, .fingerprints], dialect: dialects[k]) }).enumerated() {
                // A file of the tree that cannot be read has no links to repair; the operation's own
                // files were read already, and their errors said.
                if case .success(let outline) = result { outlines[order[k]] = outline }
            }
            parsed = outlines
            order = order.filter { outlines[$0] != nil }
        }
        return order.map { ($0, parsed![$0]!) }
    }

    /// One link of the tree that names a section.
    struct Inbound {
        let path: String
        let line: Int
        let destination: String
        let id: String
    }

    /// Every link of the tree that names one of the sections `ids` of `document` (by a slug, an
    /// alias or an ID it has now), but for the links on the lines `skip` of `document` itself.
    func inbound(to ids: Set<String>, in document: LinkedDocument, skipping skip: ClosedRange<Int>? = nil) throws -> [Inbound] {
        let context = resolver.context(for: ".")
        var byTarget = document.sectionByTarget
        for (k, section) in document.outline.sections.enumerated() where !section.anchored && ids.contains(section.id) {
            if let slug = document.targets.headings.first(where: { $0.line == document.outline.sections[k].heading.blockStartLine + 1 })?.id,
               byTarget[slug] == nil { byTarget[slug] = section.id }
        }
        for id in ids where byTarget[id] == nil { byTarget[id] = id }
        var found: [Inbound] = []
        for (path, outline) in try files().map({ ($0.path, $0.outline) }) + (parsed?[document.path] == nil ? [(document.path, document.outline)] : []) {
            let outline = path == document.path ? document.outline : outline
            for (line, link) in LinkCheck.localLinks(of: outline) {
                guard let fragment = link.fragment, let id = byTarget[fragment], ids.contains(id) else { continue }
                if path == document.path, let skip, skip.contains(line - 1) { continue }
                guard case .path(let target) = LinkRepair.place(of: link, from: path, context: context), target == document.path else { continue }
                found.append(Inbound(path: path, line: line, destination: link.destination, id: id))
            }
        }
        return found
    }

    /// The link repair after an operation: `changed` are the files it rewrote, as they were (`old`,
    /// the addressed file with the anchors the operation pinned) and as they are now (`new`, parsed
    /// with links); `moves`, the sections that left a file for another. Every file of the tree whose
    /// links may have broken is repaired as `links` repairs, verified; returns the non-identity
    /// repairs by path, and the warnings (links that could not be repaired) located in their files.
    func repair(_ changed: [(path: String, old: Outline, new: Outline)], moves: [LinkRepair.MoveKey: (to: [String], unrelated: [String])]) throws
        -> (repairs: [String: RewriteResult], warnings: [Diagnostic]) {
        let overlay = Buffers(run.store)
        for (path, _, new) in changed {
            overlay.set(key(path), new.source.bytes, version: 0)
            if let absolute = run.store.resolvedPath(path) { overlay.set(absolute, new.source.bytes, version: 0) }
        }
        let after = Run(store: overlay, revisions: nil, lifetime: run.lifetime).resolver(root: root)
        var now: [String: Outline] = [:]
        for (path, outline) in try files() { now[path] = outline }
        var old: [String: LinkedDocument] = [:]
        for (path, was, new) in changed {
            now[key(path)] = new
            old[key(path)] = linked(path, was)
        }
        let paths = now.keys.sorted()
        after.adopt(files: paths, outlines: paths.map { now[$0] })
        var context = after.context(for: ".")
        context.old = { path in old[after.canonical(path)] ?? after.document(path) }
        context.moves = moves
        context.scope = { path, fragment in
            guard let fragment, !fragment.isEmpty, let was = old[path] else { return false }
            return was.targets.contains(fragment)
        }
        var repairs: [String: RewriteResult] = [:]
        var warnings: [Diagnostic] = []
        for path in paths {
            guard let outline = now[path], let links = outline.links, !links.links.isEmpty || !links.html.isEmpty else { continue }
            let document = after.document(path) ?? LinkedDocument(path: path, outline: outline, profile: after.rules(path).profile)
            let result = try Run.about(path) { try LinkRepair.apply(document, context: context) }
            warnings += result.diagnostics.map { $0.located(in: path) }
            if !result.rewrite.isIdentity { repairs[path] = result }
        }
        return (repairs, warnings)
    }
}
