import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `move` through the library (format.md §18), over an in-memory tree: the section's lines leave one
/// file and arrive in another with their anchors, levels shifted, the destination's line endings;
/// links anywhere in the tree follow, the moved text's own relative links are re-based.
@Suite("sections: move (library)")
struct SectionMoveTests {
    static func run(_ store: MemoryStore, _ operation: Run.SectionOperation, ifHash: String? = nil) throws -> Run.SectionChange {
        var request = Run.SectionRequest(operation)
        request.ifHash = ifHash
        return try Run(store: store, lifetime: .session()).sections(request)
    }

    /// The files as they read after `change`, the others as they were.
    static func apply(_ change: Run.SectionChange, to store: MemoryStore) {
        for (path, rewrite) in change.files { store.set(path, String(decoding: rewrite.output, as: UTF8.self)) }
    }

    static func text(_ change: Run.SectionChange, _ path: String) -> String? {
        change.files.first { $0.path == path }.map { String(decoding: $0.rewrite.output, as: UTF8.self) }
    }

    @Test func aSectionMovesToAnotherFileWithItsLinksFollowing() throws {
        let store = MemoryStore([
            "a.md": "# A\n<!-- outline:a -->\n\n## Install\n<!-- outline:install -->\n\nSee [b](b.md#b) and [use](#usage).\n\n### Linux\n<!-- outline:linux -->\n\nText.\n\n## Usage\n<!-- outline:usage -->\n\nUse [install](#install).\n",
            "b.md": "# B\n<!-- outline:b -->\n\nB text.\n",
            "docs/c.md": "# C\n<!-- outline:c -->\n\n[i](../a.md#install) [l](../a.md#linux) [u](../a.md#usage)\n",
        ])
        let change = try Self.run(store, .move(SectionAddress(path: "a.md", fragment: "install"), destination: "b.md", placement: .into, relativeTo: "b"))
        #expect(change.files.map(\.path) == ["a.md", "b.md", "docs/c.md"])
        #expect(Self.text(change, "a.md") == "# A\n<!-- outline:a -->\n\n## Usage\n<!-- outline:usage -->\n\nUse [install](b.md#install).\n")
        #expect(Self.text(change, "b.md") == "# B\n<!-- outline:b -->\n\nB text.\n\n## Install\n<!-- outline:install -->\n\nSee [b](#b) and [use](a.md#usage).\n\n### Linux\n<!-- outline:linux -->\n\nText.\n")
        #expect(Self.text(change, "docs/c.md") == "# C\n<!-- outline:c -->\n\n[i](../b.md#install) [l](../b.md#linux) [u](../a.md#usage)\n")
        #expect(change.section?.path == "b.md" && change.section?.line == 6)
        #expect(change.diagnostics.isEmpty, "\(change.diagnostics)")
    }
}
