/// A document's structure by section ID, from Markdown (a folded view or not) or from a sidecar: what
/// `state` writes and what `diff` compares.
public struct Structure: Sendable {
    public struct Node: Sendable, Equatable {
        public let id: String
        /// nil when unknown (a section hidden in a fold marker).
        public let title: String?
        public let level: Int
        public let parent: String?
    }

    /// Sections in document order; nil for a minimal sidecar, which lists fold state only.
    public let nodes: [Node]?
    /// Folded IDs; nil when this side carries no fold state (a document without fold markers).
    public let folded: [String]?

    /// The structure of a Markdown document. Sections hidden in fold markers count, with the level
    /// and parent the marker records and an unknown title. Throws when two sections would share an ID
    /// (a marker's hidden list naming a section that is also visible, or one ID hidden twice): by ID,
    /// such a structure cannot be compared or saved.
    public init(_ outline: Outline) throws {
        var nodes: [Node] = []
        var folded: [String] = []
        var seen: [String: Int] = [:]
        func note(_ id: String, line: Int) throws {
            if let first = seen[id] {
                throw Diagnostic.error(.duplicateID, line: line + 1, "section ID '\(id)' appears twice (first at line \(first + 1)); unfold the view or run 'outline id -w' on the original")
            }
            seen[id] = line
        }
        for (index, section) in outline.sections.enumerated() {
            let parent = section.parent.map { outline.sections[$0].id }
            try note(section.id, line: section.heading.firstLine)
            nodes.append(Node(id: section.id, title: section.title, level: section.heading.level, parent: parent))
            if let marker = section.marker {
                if outline.isSectionFolded(index) { folded.append(section.id) }
                // Rebuild the hidden subtree from the recorded levels (same rule as the document's).
                var stack: [(id: String, level: Int)] = [(section.id, section.heading.level)]
                for hidden in marker.hiddenSections {
                    try note(hidden.id, line: marker.line)
                    while stack.count > 1, stack.last!.level >= hidden.level { stack.removeLast() }
                    nodes.append(Node(id: hidden.id, title: nil, level: hidden.level, parent: stack.last!.id))
                    stack.append(hidden)
                }
            }
        }
        self.nodes = nodes
        self.folded = outline.isFoldedView ? folded : nil
    }

    public init(_ sidecar: Sidecar) {
        nodes = sidecar.sections?.map { Node(id: $0.id, title: $0.title, level: $0.level, parent: $0.parent) }
        folded = sidecar.folded
    }

    /// The sidecar describing this structure with the sections `ids` (`state --folded`) marked folded
    /// too; an ID that is no section is an error.
    public func sidecar(folding ids: [String]) throws -> Sidecar {
        let present = Set(nodes?.map(\.id) ?? [])
        for id in ids where !present.contains(id) {
            throw Diagnostic.error(.unknownID, "no section with ID '\(id)' (--folded)")
        }
        return sidecar(extraFolded: Set(ids))
    }

    /// The sidecar describing this structure, with `extraFolded` marked folded too (document order).
    public func sidecar(extraFolded: Set<String> = []) -> Sidecar {
        let foldedSet = Set(folded ?? []).union(extraFolded)
        let order = nodes?.map(\.id) ?? (folded ?? [])
        return Sidecar(
            folded: order.filter { foldedSet.contains($0) },
            sections: nodes?.map { Sidecar.Entry(id: $0.id, title: $0.title, level: $0.level, parent: $0.parent) }
        )
    }
}
