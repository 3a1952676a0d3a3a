extension Run {
    /// The context of link repair with history (`links --since`, and `check`'s hints): each file's
    /// version at the revision (renames followed), files git sees renamed, and the sections that moved
    /// between the given files. The old versions of the given files and of every file their links
    /// point into are fetched in one batch.
    func repairContext(_ history: History, files: [String], resolver: LinkResolver) throws -> LinkRepair.Context {
        let tree = history.tree
        guard tree.exists else {
            var context = resolver.context(for: ".")
            context.old = { _ in nil }
            return context
        }
        var renamed: [String: String] = [:]              // old → new, as the run names files
        for (new, old) in tree.renames { renamed[resolver.canonical(tree.displayPath(old))] = resolver.canonical(tree.displayPath(new)) }
        let given = files.filter { $0 != "-" }
        let documents = given.map { resolver.document($0) }
        // Every path whose old version link repair may ask for: the given files and their links' targets.
        var wanted = given
        let root = resolver.root(for: ".")
        for document in documents {
            guard let document else { continue }
            wanted += LinkCheck.paths(of: LinkCheck.localLinks(of: document.outline), path: document.path, root: root)
        }
        _ = try tree.contents(ofOldPaths: wanted.compactMap { tree.oldPath(of: resolver.canonical($0)) })
        try history.parse(oldPaths: given.compactMap { tree.oldPath(of: resolver.canonical($0)) })
        var versions: [String: LinkedDocument?] = [:]
        let old: (String) -> LinkedDocument? = { path in
            let key = resolver.canonical(path)
            if let known = versions[key] { return known }
            var document: LinkedDocument? = nil
            if let then = tree.oldPath(of: key), let outline = try? history.outline(atOldPath: then) {
                document = LinkedDocument(path: key, outline: outline, profile: resolver.rules(key).profile)
            }
            versions[key] = .some(document)
            return document
        }
        // Which sections moved between the given files: one rule (Movement) for links, check and diff.
        let movement = Movement.find(zip(given, documents).map { Movement.Version(old: old($0.0)?.outline, new: $0.1?.outline, language: language(of: $0.0)) })
        func name(_ k: Int) -> String { documents[k]?.path ?? resolver.canonical(given[k]) }
        var moves: [LinkRepair.MoveKey: (to: [String], unrelated: [String])] = [:]
        for key in Set(movement.destinations.keys).union(movement.unrelated.keys) {
            moves[LinkRepair.MoveKey(path: name(key.file), id: key.id)] =
                ((movement.destinations[key] ?? []).map(name), (movement.unrelated[key] ?? []).map(name))
        }
        var context = resolver.context(for: ".")
        context.old = old
        context.renamed = renamed
        context.moves = moves
        context.existedThen = { [tree] in tree.existed($0) }
        return context
    }
}
