/// The requests that propose edits (format.md §15): rename of a heading, file renames, code actions.
/// Each is computed by the code the commands use and verified as they are (format.md §9) before it is
/// proposed: the editor applies a `WorkspaceEdit` the server already parsed and checked. Nothing here
/// writes a file.
extension LanguageServer {
    /// The bytes of a heading's title as written: the heading's text without outline's number and
    /// without a `{#id}` attribute. nil for a heading the server cannot rename in place (a setext
    /// heading of several lines, an empty one).
    func titleRange(_ s: Section, in source: Source) -> Range<Int>? {
        let h = s.heading
        if h.style == .setext && h.lastLine - h.firstLine > 1 { return nil }
        var lo = h.contentStart, hi = h.contentEnd
        let b = source.bytes
        guard lo < hi else { return nil }
        if let number = s.number, b[lo..<hi].starts(with: number.utf8) {
            lo += number.utf8.count
            while lo < hi, b[lo] == ASCII.space || b[lo] == ASCII.tab { lo += 1 }
        }
        if s.explicitID != nil, b[hi - 1] == UInt8(ascii: "}"), let brace = b[lo..<hi].lastIndex(of: UInt8(ascii: "{")) {
            hi = brace
            while hi > lo, b[hi - 1] == ASCII.space || b[hi - 1] == ASCII.tab { hi -= 1 }
        }
        return lo < hi ? lo..<hi : nil
    }

    func prepareRename(_ params: JSONValue) throws -> JSONValue {
        let doc = try document(params)
        let source = doc.outline.source
        let line = source.position(of: source.offset(of: try position(params), encoding), .utf8).line
        guard let k = doc.outline.sections.firstIndex(where: { ($0.heading.firstLine...$0.heading.lastLine).contains(line) }) else {
            throw Failure.failed("only a heading can be renamed here")
        }
        guard let r = titleRange(doc.outline.sections[k], in: source) else {
            throw Failure.failed("this heading cannot be renamed in place (a setext heading of several lines, or no text)")
        }
        return .object([("range", source.range(r, encoding)), ("placeholder", .string(String(decoding: source.bytes[r], as: UTF8.self)))])
    }

    /// Renames a heading: its text changes, its ID stays, and every link in the workspace that named
    /// it by its old slug follows (to the ID when the anchor is linkable, else to the new slug).
    func rename(_ params: JSONValue) throws -> JSONValue {
        guard let typed = params["newName"]?.stringValue else { throw Failure.invalidParams("newName is missing") }
        guard !typed.isEmpty, !typed.utf8.contains(where: { $0 == ASCII.lf || $0 == ASCII.cr }) else {
            throw Failure.invalidParams("a heading's new text must be one non-empty line")
        }
        let doc = try document(params)
        let outline = doc.outline
        let source = outline.source
        let line = source.position(of: source.offset(of: try position(params), encoding), .utf8).line
        guard let k = outline.sections.firstIndex(where: { ($0.heading.firstLine...$0.heading.lastLine).contains(line) }),
              let r = titleRange(outline.sections[k], in: source) else {
            throw Failure.failed("only the text of a one-line heading can be renamed here")
        }
        let newName = try title(typed, of: outline.sections[k], renaming: r)
        // The renamed document, parsed: what the heading's slug becomes, and that nothing else changed.
        var trial = source.bytes
        trial.replaceSubrange(r, with: Array(newName.utf8))
        let renamed = LinkedDocument(path: doc.path, outline: try Outline(parsing: trial, [.links], dialect: outline.dialect), profile: workspace.profile(for: doc.path))
        guard renamed.outline.sections.count == outline.sections.count,
              zip(renamed.outline.sections, outline.sections).allSatisfy({ $0.heading.level == $1.heading.level && $0.id == $1.id }) else {
            throw Failure.failed("refusing to rename: '\(newName)' would change the document's sections")
        }
        let section = outline.sections[k]
        let newSection = renamed.outline.sections[k]
        let newSlug = renamed.targets.headings.first { $0.line - 1 == newSection.heading.blockStartLine }?.id
        let oldSlug = doc.targets.headings.first { $0.line - 1 == section.heading.blockStartLine }?.id
        // Links to the ID or an alias keep working; a link by the old slug must follow the section.
        var follow: String? = nil
        if section.anchored, let current = renamed.currentTarget[section.id] { follow = current } else { follow = newSlug }
        var changes: [(String, [JSONValue])] = []
        var renamedFileEdits: [JSONValue] = []
        if let oldSlug, let follow, oldSlug != follow, renamed.sectionByTarget[oldSlug] == nil || !section.anchored || renamed.sectionByTarget[oldSlug] != section.id {
            for (path, spans) in grouped(try links(to: doc.path, fragments: [oldSlug])) {
                guard let from = workspace.document(path) else { continue }
                let keep = path == doc.path ? spans.filter { !($0.range.overlaps(r) || r.contains($0.range.lowerBound)) } : spans
                let extra: (Range<Int>, [UInt8])? = path == doc.path ? (r, Array(newName.utf8)) : nil
                let expected: [Verification.Expected]? = path == doc.path ? expectedAfterRename(outline, k: k, title: newSection.title) : nil
                let edits = try retarget(from, spans: keep, fragment: follow, extra: extra, sections: expected)
                if path == doc.path { renamedFileEdits = edits } else if !edits.isEmpty { changes.append((path, edits)) }
            }
        }
        if renamedFileEdits.isEmpty {
            var list = EditList()
            list.replace(r, with: Array(newName.utf8))
            var plan = Verification.LinkPlan()
            plan.headingsChange = true
            let result = try Verification.verified(outline, RewriteResult(list, on: source.bytes),
                                                   sections: expectedAfterRename(outline, k: k, title: newSection.title), links: plan)
            renamedFileEdits = try textEdits(result.rewrite, source: source)
        }
        changes.insert((doc.path, renamedFileEdits), at: 0)
        return workspaceEdit(changes)
    }

    /// The title a new name gives section `s`, whose title (without outline's number) stands at `r`:
    /// the name as typed, but for the section's own number in front of it. `prepareRename` offered the
    /// title without the number (format.md §3: the number is outline's), and a user who types it again
    /// (`1.3 Navigation tabs` for `### 1.3 Tabs for navigation`) means the number, not a title
    /// starting with it, which would read `1.3 1.3 Navigation tabs`. Another number, or this one not
    /// followed by a space, is the title's own text.
    private func title(_ name: String, of s: Section, renaming r: Range<Int>) throws -> String {
        guard let number = s.number, r.lowerBound > s.heading.contentStart else { return name }
        let typed = Array(name.utf8)
        guard typed.starts(with: number.utf8) else { return name }
        var rest = number.utf8.count
        guard rest == typed.count || typed[rest] == ASCII.space || typed[rest] == ASCII.tab else { return name }
        while rest < typed.count && (typed[rest] == ASCII.space || typed[rest] == ASCII.tab) { rest += 1 }
        guard rest < typed.count else {
            throw Failure.invalidParams("'\(name)' is only the section's number, which outline keeps: give the new title")
        }
        return String(decoding: typed[rest...], as: UTF8.self)
    }

    private func expectedAfterRename(_ outline: Outline, k: Int, title: String) -> [Verification.Expected] {
        var expected = Verification.unchanged(outline)
        expected[k].title = title
        return expected
    }

    private func grouped(_ spans: [(String, LinkSpan)]) -> [(String, [LinkSpan])] {
        var order: [String] = []
        var by: [String: [LinkSpan]] = [:]
        for (path, span) in spans {
            if by[path] == nil { order.append(path) }
            by[path, default: []].append(span)
        }
        return order.map { ($0, by[$0]!) }
    }

    /// The verified edits that point `spans` of `doc` at `fragment` (or, with `destinations`, at the
    /// destination given for each), plus one `extra` replacement (a heading's new text).
    func retarget(_ doc: LinkedDocument, spans: [LinkSpan], fragment: String? = nil, destinations: [String]? = nil,
                  extra: (Range<Int>, [UInt8])? = nil, sections: [Verification.Expected]? = nil) throws -> [JSONValue] {
        let outline = doc.outline
        guard let inventory = outline.links else { return [] }
        var writer = DestinationWriter(outline, inventory: inventory)
        var plan = Verification.LinkPlan()
        for (n, span) in spans.enumerated() {
            let new: String
            if let destinations { new = destinations[n] } else {
                let written = span.link.destination
                let base = written.firstIndex(of: "#").map { String(written[..<$0]) } ?? written
                new = base + "#" + LinkRepair.encodeFragment(fragment ?? "")
            }
            guard new != span.link.destination else { continue }
            if let existing = plan.rewrites[span.link.destination], existing != new {
                throw Failure.failed("refusing: '\(span.link.destination)' in \(workspace.display(doc.path)) would need two destinations")
            }
            plan.rewrites[span.link.destination] = new
            if let why = writer.write(new, for: span.kind) {
                throw Failure.failed("refusing: cannot rewrite '\(span.link.destination)' in \(workspace.display(doc.path)): \(why)")
            }
            if case .node(let k) = span.kind { plan.mustChange.insert(k) }
        }
        var edits = writer.edits
        if let (range, bytes) = extra {
            edits.replace(range, with: bytes)
            plan.headingsChange = true
        }
        if edits.isEmpty { return [] }
        let result = try Verification.verified(outline, RewriteResult(edits, on: outline.source.bytes),
                                               sections: sections ?? Verification.unchanged(outline), links: plan)
        return try textEdits(result.rewrite, source: outline.source)
    }

    /// The edits of a verified rewrite as LSP `TextEdit`s, against the original's positions.
    func textEdits(_ rewrite: Rewrite, source: Source) throws -> [JSONValue] {
        try rewrite.edits.map { edit in
            guard let text = String(validating: edit.replacement, as: UTF8.self) else {
                throw Failure.failed("refusing: an edit is not valid UTF-8")
            }
            return .object([("range", source.range(edit.range, encoding)), ("newText", .string(text))])
        }
    }

    func workspaceEdit(_ changes: [(String, [JSONValue])]) -> JSONValue {
        .object([("changes", .object(changes.filter { !$0.1.isEmpty }.map { (URI.uri(for: $0.0), .array($0.1)) }))])
    }

    // MARK: file renames

    /// `workspace/willRenameFiles`: the links into each renamed file or folder, and the relative links
    /// inside a renamed file, rewritten for the new places, before the client renames.
    func willRenameFiles(_ params: JSONValue) throws -> JSONValue {
        var moves: [(from: String, to: String)] = []
        for file in params["files"]?.arrayValue ?? [] {
            guard let a = file["oldUri"]?.stringValue.flatMap(URI.path(of:)), let b = file["newUri"]?.stringValue.flatMap(URI.path(of:)) else { continue }
            moves.append((a, b))
        }
        guard !moves.isEmpty else { return .null }
        func moved(_ path: String) -> String? {
            for m in moves {
                if path == m.from { return m.to }
                if let inside = FilePath.below(m.from, path) { return m.to + "/" + inside }
            }
            return nil
        }
        var changes: [(String, [JSONValue])] = []
        for file in workspace.files() {
            try checkCancelled()
            guard let doc = workspace.document(file), let inventory = doc.outline.links else { continue }
            let root = workspace.folder(of: file)
            let fileNow = moved(file) ?? file
            var spans: [LinkSpan] = []
            var destinations: [String] = []
            func newDestination(_ link: LocalLink) -> String? {
                guard !link.path.isEmpty else { return nil }
                let resolved = LocalLink.resolve(link.path, from: file, root: root)
                let targetNow = moved(resolved) ?? resolved
                guard targetNow != resolved || fileNow != file else { return nil }
                var path: String
                if link.path.hasPrefix("/") {
                    guard let inside = FilePath.below(root, targetNow), !inside.isEmpty else { return nil }
                    path = "/" + inside
                } else {
                    path = FilePath.relative(targetNow, fromDirectory: Workspace.directory(of: fileNow))
                }
                if link.path.hasSuffix("/") && !path.hasSuffix("/") { path += "/" }
                let written = link.destination
                let rest = written.firstIndex(where: { $0 == "?" || $0 == "#" }).map { String(written[$0...]) } ?? ""
                return LinkRepair.encodePath(path) + rest
            }
            guard LinkRepair.occurrences(inventory).contains(where: { newDestination($0.1) != nil }) else { continue }
            for span in doc.linkSpans() {
                if let d = newDestination(span.link) { spans.append(span); destinations.append(d) }
            }
            let edits = try retarget(doc, spans: spans, destinations: destinations)
            if !edits.isEmpty { changes.append((file, edits)) }
        }
        return changes.isEmpty ? .null : workspaceEdit(changes)
    }

    // MARK: code actions

    func codeActions(_ params: JSONValue) throws -> JSONValue {
        let doc = try document(params)
        let path = doc.path
        let outline = doc.outline
        let config = workspace.configuration(for: path)
        let profile = workspace.profile(for: path)
        let findings = workspace.diagnostics(for: path)
        let kinds = Set(findings.map(\.kind))
        let only = (params["context"]?["only"]?.arrayValue ?? []).compactMap(\.stringValue)
        let diagnostics = params["context"]?["diagnostics"]?.arrayValue ?? []
        var actions: [JSONValue] = []
        func wanted(_ kind: String) -> Bool { only.isEmpty || only.contains { kind == $0 || kind.hasPrefix($0 + ".") } }
        func action(_ title: String, _ kind: String, _ result: () throws -> RewriteResult, about: Diagnostic.Kind? = nil) {
            guard wanted(kind) else { return }
            guard let result = try? result(), !result.rewrite.isIdentity, let edits = try? textEdits(result.rewrite, source: outline.source) else { return }
            var fields: [(String, JSONValue)] = [("title", .string(title)), ("kind", .string(kind))]
            if let about {
                let related = diagnostics.filter { $0["code"]?.stringValue == about.rawValue }
                if !related.isEmpty { fields.append(("diagnostics", .array(related))) }
            }
            fields.append(("edit", workspaceEdit([(path, edits)])))
            actions.append(.object(fields))
        }
        let translation = workspace.translation(of: path)
        // In a translation, IDs come from the source (format.md §17): never pinned from its titles.
        if translation == nil, kinds.contains(.missingAnchor) || kinds.contains(.duplicateID) || kinds.contains(.malformedAnchor) {
            action("Pin section IDs (outline id)", "quickfix", { try PinIDs.apply(outline, linkable: config.linkable == true ? try LinkableForm.chosen(for: config.surfaces ?? [], forced: config.linkableForm) : nil, surfaces: config.surfaces ?? [],
                                                                                   afterBlankWithoutAnchors: config.anchorPlacement == .afterBlank) }, about: .missingAnchor)
        }
        if translation == nil || outline.sections.allSatisfy(\.anchored), let form = try? LinkableForm.chosen(for: config.surfaces ?? [], forced: config.linkableForm),
           outline.sections.contains(where: { form == .element ? !($0.record?.isLinkable ?? false) : $0.explicitID != $0.id }) {
            action("Make section anchors linkable (outline id --linkable)", "source", { try PinIDs.apply(outline, linkable: form, surfaces: config.surfaces ?? [],
                                                                                                       afterBlankWithoutAnchors: config.anchorPlacement == .afterBlank) })
        }
        if kinds.contains(.staleTOC) {
            action("Refresh the table of contents (outline toc)", "quickfix", { try TableOfContents.apply(outline, options: .init(profile: profile, depth: config.tocDepth)) }, about: .staleTOC)
        }
        if kinds.contains(.staleNumber) {
            action("Renumber headings (outline number)", "quickfix", { try NumberHeadings.apply(outline, levels: config.numberLevels, links: profile, tocDepth: config.tocDepth) }, about: .staleNumber)
        }
        if let translation, wanted("quickfix") {
            // "Mark as translated" for each stale or untracked section the client asks about.
            for d in diagnostics where d["code"]?.stringValue == Diagnostic.Kind.translation.rawValue {
                guard let line = Position(d["range"]?["start"])?.line, let k = section(atLine: line, in: outline),
                      let status = translation.sections.first(where: { $0.id == outline.sections[k].id })?.status,
                      status == .stale || status == .untracked,
                      let result = workspace.stampTranslation(path, id: outline.sections[k].id), !result.rewrite.isIdentity,
                      let edits = try? textEdits(result.rewrite, source: outline.source) else { continue }
                actions.append(.object([("title", .string("Mark '\(outline.sections[k].id)' as translated (outline translation stamp)")), ("kind", .string("quickfix")),
                                        ("diagnostics", .array([d])), ("edit", workspaceEdit([(path, edits)]))]))
            }
        }
        if kinds.contains(.brokenLink) {
            let context = workspace.linkContext(for: path)
            if let repaired = try? LinkRepair.apply(doc, context: context), !repaired.rewrite.isIdentity {
                // This link: the repair's edits on the lines of the diagnostics the client asked about.
                let lines = Set(diagnostics.filter { $0["code"]?.stringValue == Diagnostic.Kind.brokenLink.rawValue }
                    .compactMap { Position($0["range"]?["start"])?.line })
                let mine = repaired.rewrite.edits.filter { lines.contains(outline.source.position(of: $0.range.lowerBound, .utf8).line) }
                if !mine.isEmpty, wanted("quickfix") {
                    var list = EditList()
                    for e in mine { list.replace(e.range, with: e.replacement) }
                    if let edits = try? textEdits(list.rewrite(outline.source.bytes), source: outline.source) {
                        actions.append(.object([("title", .string("Repair this link (outline links)")), ("kind", .string("quickfix")),
                                                ("diagnostics", .array(diagnostics.filter { $0["code"]?.stringValue == Diagnostic.Kind.brokenLink.rawValue })),
                                                ("edit", workspaceEdit([(path, edits)]))]))
                    }
                }
                action("Repair all links in this file (outline links)", "source.fixAll", { repaired })
            }
        }
        return .array(actions)
    }
}
