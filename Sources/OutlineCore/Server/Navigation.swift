/// The read-only requests (format.md §15): symbols, folding, definition, references, hover, completion.
/// Every answer comes from the workspace's parsed documents; links are placed by `LinkSpan`.
extension LanguageServer {
    /// The document a request names: its open buffer, else the file on disk; an error response when
    /// there is neither (or it cannot be parsed).
    func document(_ params: JSONValue) throws -> LinkedDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { throw Failure.invalidParams("textDocument.uri is missing") }
        let path = URI.key(uri)
        if let doc = workspace.document(path) { return doc }
        if let failure = workspace.parseFailure(path) { throw Failure.failed("\(workspace.display(path)): \(failure.message)") }
        throw Failure.failed("no such document: \(uri) is not open and there is no such Markdown file")
    }

    func exists(_ path: String) -> Bool {
        if case .missing = workspace.destination(path) { return false }
        return true
    }

    func position(_ params: JSONValue) throws -> Position {
        guard let p = Position(params["position"]) else { throw Failure.invalidParams("position is missing or invalid") }
        return p
    }

    /// The index of the section whose heading (or anchor line) stands on `line`.
    func section(atLine line: Int, in outline: Outline) -> Int? {
        outline.sections.firstIndex { s in
            (s.heading.blockStartLine...s.heading.lastLine).contains(line) || s.record?.line == line
        }
    }

    func headingRange(_ section: Section, in source: Source) -> JSONValue {
        let h = section.heading
        if h.contentEnd > h.contentStart { return source.range(h.contentStart..<h.contentEnd, encoding) }
        return source.lineTextRange(h.firstLine, encoding)
    }

    func location(_ path: String, _ range: JSONValue) -> JSONValue {
        .object([("uri", .string(URI.uri(for: path))), ("range", range)])
    }

    static func name(of section: Section) -> String {
        let title = section.title.isEmpty ? "(empty heading)" : section.title
        return section.number.map { "\($0) \(title)" } ?? title
    }

    static func detail(of section: Section) -> String {
        section.anchored ? "#\(section.id)" : "#\(section.id) (not pinned: outline id -w)"
    }

    // MARK: symbols

    func documentSymbols(_ params: JSONValue) throws -> JSONValue {
        let doc = try document(params)
        let outline = doc.outline
        let source = outline.source
        func symbol(_ k: Int) -> JSONValue {
            let s = outline.sections[k]
            let end = s.endLine < source.lineCount ? source.contentRange(s.endLine).upperBound : source.bytes.count
            let start = source.lineStarts[min(s.heading.blockStartLine, max(0, source.lineCount - 1))]
            return .object([
                ("name", .string(LanguageServer.name(of: s))),
                ("detail", .string(LanguageServer.detail(of: s))),
                ("kind", .int(15)),
                ("range", source.range(start..<max(start, end), encoding)),
                ("selectionRange", headingRange(s, in: source)),
                ("children", .array(s.children.map(symbol))),
            ])
        }
        return .array(outline.roots.map(symbol))
    }

    func workspaceSymbols(_ params: JSONValue) throws -> JSONValue {
        let query = (params["query"]?.stringValue ?? "").lowercased()
        var found: [JSONValue] = []
        for path in workspace.files() {
            try checkCancelled()
            guard let doc = workspace.document(path) else { continue }
            for s in doc.outline.sections {
                guard query.isEmpty || s.title.lowercased().contains(query) || s.id.lowercased().contains(query) else { continue }
                found.append(.object([
                    ("name", .string(LanguageServer.name(of: s))),
                    ("kind", .int(15)),
                    ("location", location(path, headingRange(s, in: doc.outline.source))),
                    ("containerName", .string(workspace.display(path) + " #" + s.id)),
                ]))
            }
        }
        return .array(found)
    }

    // MARK: folding

    func foldingRanges(_ params: JSONValue) throws -> JSONValue {
        let outline = try document(params).outline
        var ranges: [JSONValue] = []
        for s in outline.sections {
            let start = s.heading.blockStartLine
            if s.endLine > start {
                let n = s.endLine - start
                ranges.append(.object([("startLine", .int(start)), ("endLine", .int(s.endLine)), ("kind", .string("region")),
                                       ("collapsedText", .string("\(LanguageServer.name(of: s)) (\(n) line\(n == 1 ? "" : "s"))"))]))
            }
            if let marker = s.marker, marker.line > s.heading.lastLine {
                let hidden = marker.hiddenLines.count
                ranges.append(.object([("startLine", .int(s.heading.lastLine)), ("endLine", .int(marker.line)), ("kind", .string("region")),
                                       ("collapsedText", .string("\(LanguageServer.name(of: s)) (folded: \(hidden) hidden line\(hidden == 1 ? "" : "s"))"))]))
            }
        }
        return .array(ranges)
    }

    // MARK: links

    /// Where a link leads: the file, and the section (or element line) its fragment names there. A
    /// fragment that no longer resolves still finds the section whose ID it is, or whose slug it was
    /// at the base revision.
    struct Target {
        let path: String
        let document: LinkedDocument?
        let section: Int?
        /// 0-based line of the element the fragment names, when it is not a section's heading.
        let line: Int?
        /// False when the fragment names nothing now (found through an ID or an old slug, or not at all).
        let resolves: Bool
    }

    func target(of link: LocalLink, from doc: LinkedDocument) -> Target {
        var path = link.path.isEmpty ? doc.path : LocalLink.resolve(link.path, from: doc.path, root: workspace.folder(of: doc.path))
        if case .directory = workspace.destination(path) {
            for readme in ["README.md", "readme.md", "Readme.md", "index.md"] where workspace.document(path + "/" + readme) != nil {
                path += "/" + readme
                break
            }
        }
        let target = link.path.isEmpty ? doc : workspace.document(path)
        guard let target, let fragment = link.fragment, !fragment.isEmpty else {
            return Target(path: path, document: target, section: nil, line: nil, resolves: target != nil || exists(path))
        }
        let outline = target.outline
        if let heading = target.targets.headings.first(where: { $0.id == fragment }) {
            return Target(path: path, document: target, section: section(atLine: heading.line - 1, in: outline), line: heading.line - 1, resolves: true)
        }
        if let html = target.targets.htmlIDs.first(where: { $0.id == fragment }) {
            return Target(path: path, document: target, section: section(atLine: html.line - 1, in: outline), line: html.line - 1, resolves: true)
        }
        let byID = outline.indexByID()
        if let k = byID[fragment] ?? workspace.oldDocument(path)?.sectionByTarget[fragment].flatMap({ byID[$0] }) {
            return Target(path: path, document: target, section: k, line: nil, resolves: false)
        }
        return Target(path: path, document: target, section: nil, line: nil, resolves: false)
    }

    func definition(_ params: JSONValue) throws -> JSONValue {
        let doc = try document(params)
        let offset = doc.outline.source.offset(of: try position(params), encoding)
        guard let span = doc.link(at: offset)?.span else { return .null }
        let t = target(of: span.link, from: doc)
        if let d = t.document, let k = t.section {
            return location(t.path, headingRange(d.outline.sections[k], in: d.outline.source))
        }
        if let d = t.document, let line = t.line { return location(t.path, d.outline.source.lineTextRange(line, encoding)) }
        if let d = t.document, span.link.fragment?.isEmpty ?? true { return location(t.path, d.outline.source.range(0..<0, encoding)) }
        if t.document == nil, exists(t.path), span.link.fragment == nil {
            return location(t.path, Source([]).range(0..<0, encoding))
        }
        return .null
    }

    func references(_ params: JSONValue) throws -> JSONValue {
        let doc = try document(params)
        let source = doc.outline.source
        let offset = source.offset(of: try position(params), encoding)
        let line = source.position(of: offset, .utf8).line
        let declaration = params["context"]?["includeDeclaration"] == .bool(true)
        if let k = section(atLine: line, in: doc.outline) { return try references(to: k, in: doc, includeDeclaration: declaration) }
        // On a link: the references of the section it leads to.
        if let span = doc.link(at: offset)?.span {
            let t = target(of: span.link, from: doc)
            if let d = t.document, let k = t.section { return try references(to: k, in: d, includeDeclaration: declaration) }
        }
        return .array([])
    }

    /// The fragments that name section `k` of `doc`: its heading's slug, its ID when the anchor line
    /// carries it, its aliases.
    func names(of k: Int, in doc: LinkedDocument) -> Set<String> {
        let s = doc.outline.sections[k]
        var names = Set<String>()
        if s.anchored { for (t, id) in doc.sectionByTarget where id == s.id { names.insert(t) } }
        for h in doc.targets.headings where h.line - 1 == s.heading.blockStartLine { names.insert(h.id) }
        return names
    }

    func references(to k: Int, in doc: LinkedDocument, includeDeclaration: Bool) throws -> JSONValue {
        let names = self.names(of: k, in: doc)
        var found: [JSONValue] = []
        if includeDeclaration { found.append(location(doc.path, headingRange(doc.outline.sections[k], in: doc.outline.source))) }
        // A reference link is found where it is used and at its definition, which several uses may
        // share: each place once, in the order of its file.
        var places: [(path: String, range: Range<Int>)] = []
        var seen = Set<String>()
        for (path, span) in try links(to: doc.path, fragments: names) {
            for range in [span.usage, span.range].compactMap({ $0 }) where seen.insert("\(path)\u{0}\(range.lowerBound)").inserted {
                places.append((path, range))
            }
        }
        var start = 0
        while start < places.count {
            var end = start
            while end < places.count && places[end].path == places[start].path { end += 1 }
            let path = places[start].path
            guard let from = workspace.document(path) else { start = end; continue }
            for place in places[start..<end].sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                found.append(location(path, from.outline.source.range(place.range, encoding)))
            }
            start = end
        }
        return .array(found)
    }

    /// Every located link of the workspace into `path` whose fragment is one of `fragments` (nil: any
    /// link into the file, with or without a fragment).
    func links(to path: String, fragments: Set<String>?) throws -> [(String, LinkSpan)] {
        var found: [(String, LinkSpan)] = []
        var files = workspace.files()
        if !files.contains(path) { files.append(path) }
        for file in files {
            try checkCancelled()
            guard let from = workspace.document(file), let inventory = from.outline.links else { continue }
            let root = workspace.folder(of: file)
            func matches(_ link: LocalLink) -> Bool {
                let resolved = link.path.isEmpty ? file : LocalLink.resolve(link.path, from: file, root: root)
                guard resolved == path else { return false }
                guard let fragments else { return true }
                return link.fragment.map { fragments.contains($0) } ?? false
            }
            guard LinkRepair.occurrences(inventory).contains(where: { matches($0.1) }) else { continue }
            for span in from.linkSpans() where matches(span.link) { found.append((file, span)) }
        }
        return found
    }

    func hover(_ params: JSONValue) throws -> JSONValue {
        let doc = try document(params)
        let source = doc.outline.source
        let offset = source.offset(of: try position(params), encoding)
        var text: String
        var range: JSONValue
        if let (span, at) = doc.link(at: offset) {
            let t = target(of: span.link, from: doc)
            range = source.range(at, encoding)
            if let d = t.document, let k = t.section {
                let s = d.outline.sections[k]
                text = "**\(LanguageServer.name(of: s))** · `#\(s.id)`\(s.anchored ? "" : " (not pinned)")\n\n\(workspace.display(t.path)):\(s.heading.firstLine + 1)"
                if !t.resolves { text += "\n\n'#\(span.link.fragment ?? "")' no longer resolves: run `outline links -w` to point it at '#\(d.currentTarget[s.id] ?? s.id)'" }
            } else if t.document != nil || exists(t.path) {
                if let f = span.link.fragment, !f.isEmpty, !LinkCheck.isTop(f) { text = "broken link: \(workspace.display(t.path)) has no heading '\(f)'" }
                else { text = workspace.display(t.path) }
            } else {
                text = "broken link: no such file \(workspace.display(t.path))"
            }
        } else if let k = section(atLine: source.position(of: offset, .utf8).line, in: doc.outline) {
            let s = doc.outline.sections[k]
            let names = self.names(of: k, in: doc).sorted().map { "`#\($0)`" }.joined(separator: ", ")
            text = "**\(LanguageServer.name(of: s))** · ID `\(s.id)`\(s.anchored ? "" : " (not pinned: run `outline id -w`)")"
            if !names.isEmpty { text += "\n\nlinked as \(names)" }
            if let translated = workspace.translation(of: doc.path)?.sections.first(where: { $0.id == s.id && s.anchored }), translated.status != .fresh {
                text += "\n\ntranslation: **\(translated.status.rawValue)**"
                if translated.status == .stale, let change = workspace.translationChange(for: doc.path, id: s.id) { text += "; " + change }
            }
            range = headingRange(s, in: source)
        } else {
            return .null
        }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(text))])), ("range", range)])
    }

    // MARK: completion

    func completion(_ params: JSONValue) throws -> JSONValue {
        let doc = try document(params)
        let source = doc.outline.source
        let offset = source.offset(of: try position(params), encoding)
        let lineStart = source.lineStarts[source.position(of: offset, .utf8).line < source.lineCount ? source.position(of: offset, .utf8).line : max(0, source.lineCount - 1)]
        let before = Array(source.bytes[min(lineStart, offset)..<offset])
        // The destination being typed: after the last `](` with no `)` or space after it.
        var open: Int? = nil
        var i = before.count - 1
        while i >= 1 {
            let b = before[i]
            if b == UInt8(ascii: ")") || b == ASCII.space || b == ASCII.tab { break }
            if b == UInt8(ascii: "(") && before[i - 1] == UInt8(ascii: "]") { open = i + 1; break }
            i -= 1
        }
        guard var start = open else { return .object([("isIncomplete", .bool(false)), ("items", .array([]))]) }
        if start < before.count, before[start] == UInt8(ascii: "<") { start += 1 }
        let typed = String(decoding: before[start...], as: UTF8.self)
        var items: [JSONValue] = []
        func item(_ label: String, kind: Int, detail: String, from: Int) -> JSONValue {
            let edit: JSONValue = .object([("range", source.range((lineStart + from)..<offset, encoding)), ("newText", .string(label))])
            return .object([("label", .string(label)), ("kind", .int(kind)), ("detail", .string(detail)), ("textEdit", edit)])
        }
        if let hash = typed.firstIndex(of: "#") {
            let pathPart = String(typed[..<hash])
            let link = LocalLink(pathPart.isEmpty ? "#" : pathPart + "#")
            let targetPath = (link?.path.isEmpty ?? true) ? doc.path : LocalLink.resolve(link!.path, from: doc.path, root: workspace.folder(of: doc.path))
            guard let target = workspace.document(targetPath) else { return .object([("isIncomplete", .bool(false)), ("items", .array([]))]) }
            let from = start + pathPart.utf8.count + 1
            var seen = Set<String>()
            for h in target.targets.headings where seen.insert(h.id).inserted {
                let title = section(atLine: h.line - 1, in: target.outline).map { LanguageServer.name(of: target.outline.sections[$0]) } ?? ""
                items.append(item(LinkRepair.encodeFragment(h.id), kind: 18, detail: title, from: from))
            }
            for h in target.targets.htmlIDs where seen.insert(h.id).inserted {
                let k = section(atLine: h.line - 1, in: target.outline)
                let title = k.map { LanguageServer.name(of: target.outline.sections[$0]) + " (ID)" } ?? "id at line \(h.line)"
                items.append(item(LinkRepair.encodeFragment(h.id), kind: 18, detail: title, from: from))
            }
        } else {
            let directory = Workspace.directory(of: doc.path)
            for path in workspace.files() where path != doc.path {
                try checkCancelled()
                let relative = LinkRepair.encodePath(FilePath.relative(path, fromDirectory: directory))
                let title = workspace.document(path)?.outline.sections.first.map { LanguageServer.name(of: $0) } ?? ""
                items.append(item(relative, kind: 17, detail: title, from: start))
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }
}
