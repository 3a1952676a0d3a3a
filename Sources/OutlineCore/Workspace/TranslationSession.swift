/// The language server's view of translations (format.md §17): a translated file's section statuses
/// as diagnostics on their headings, the source section's change for a hover, and the stamp a
/// "mark as translated" action writes.
extension Workspace {
    /// A translated file of the session with its source file, both parsed, and each section's status.
    public struct SessionTranslation {
        public var sourcePath: String
        public var source: Outline
        public var translation: Outline
        public var sections: [TranslatedSection]
    }

    /// `path` (absolute) as a translation, when it lies in a target tree and its source file exists.
    public func translation(of path: String) -> SessionTranslation? {
        guard let layout = configuration(for: path).translations, let place = layout.place(of: store.resolvedPath(path) ?? path), place.tree > 0,
              let document = document(path) else { return nil }
        for sourcePath in layout.paths(of: place.key, inTree: 0) {
            guard let source = self.document(sourcePath) else { continue }
            return SessionTranslation(sourcePath: sourcePath, source: source.outline, translation: document.outline,
                                      sections: TranslationStatus.compare(source: source.outline, translation: document.outline, keys: layout.frontMatter))
        }
        return nil
    }

    /// Each stale, untracked or orphaned section of a translated file, on its heading (an unaligned
    /// one is a missing anchor already).
    func translationFindings(for path: String) -> [Diagnostic] {
        guard let found = translation(of: path) else { return [] }
        let byID = found.translation.indexByID()
        var out: [Diagnostic] = []
        for section in found.sections {
            guard let id = section.id, let k = byID[id] else { continue }
            let where_ = section.sourceLine.map { "\(display(found.sourcePath)):\($0)" } ?? display(found.sourcePath)
            let message: String
            switch section.status {
            case .stale: message = "stale: the source section changed since it was translated (\(where_))"
            case .untracked: message = "untracked: no source= records what this section was translated from (\(where_))"
            case .orphaned: message = "orphaned: the source (\(display(found.sourcePath))) has no section '\(id)'"
            default: continue
            }
            let heading = found.translation.sections[k].heading
            let d = Diagnostic(.warning, .translation, path: path, line: heading.firstLine + 1, message).about(.section(id))
            out.append(d.spanning(heading.contentStart..<max(heading.contentStart, heading.contentEnd), in: found.translation.source))
        }
        return out
    }

    /// For a hover on a stale section: how the source section changed since the version it was
    /// translated from (unified hunks), when history tells; else the source section now.
    public func translationChange(for path: String, id: String, history limit: Int = 1000) -> String? {
        guard let found = translation(of: path), let section = found.sections.first(where: { $0.id == id }),
              let now = found.source.indexByID()[id] else { return nil }
        let current = SectionContent(found.source).displayLines(of: now)
        func quoted(_ lines: [NumberedLine]) -> String { lines.map { "    " + String(decoding: $0.text, as: UTF8.self) }.joined(separator: "\n") }
        guard section.status == .stale, let recorded = section.recorded, let revisions,
              let log = try? revisions.fileLog(under: [Workspace.directory(of: store.resolvedPath(found.sourcePath) ?? found.sourcePath)], limit: limit),
              let relative = log.relative(store.resolvedPath(found.sourcePath) ?? found.sourcePath) else {
            return "source section now:\n\n" + quoted(current)
        }
        let versions = log.versions(of: relative)
        let blobs = (try? revisions.blobs(versions.map(\.blob))) ?? [:]
        let dialect = configuration(for: found.sourcePath).dialect(for: found.sourcePath)
        guard let (version, then) = TranslationHistory.translatedVersion(id: id, recorded: recorded, versions: versions,
                                                                         outline: { blobs[$0].flatMap { try? Outline(parsing: $0, [], dialect: dialect) } }) else {
            return "source section now (history does not tell which version this was translated from):\n\n" + quoted(current)
        }
        let name = log.commits[version.commit].name
        let hunks = LineDiff.unified(then.map(\.text), current.map(\.text), aLines: then.map(\.number), bLines: current.map(\.number))
        return "source changed since \(name.short) (\(name.date)):\n\n```diff\n" + String(decoding: hunks, as: UTF8.self) + "```"
    }

    /// The rewrite that stamps section `id` with its source section's hash now ("mark as translated").
    public func stampTranslation(_ path: String, id: String) -> RewriteResult? {
        guard let found = translation(of: path), let section = found.sections.first(where: { $0.id == id }),
              let hash = section.current, let k = found.translation.indexByID()[id] else { return nil }
        return try? TranslationStamp.apply(found.translation, stamps: [k: hash])
    }
}
