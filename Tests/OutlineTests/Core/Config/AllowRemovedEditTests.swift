import Testing
@testable import OutlineCore

/// `--prune-allow-removed -w` (format.md §12): entries taken out of `allow-removed` as byte-range
/// edits, every other byte kept, and the array as a person would have written it without them.
@Suite("allow-removed pruned")
struct AllowRemovedEditTests {
    func pruned(_ text: String, _ values: [String]) throws -> String {
        String(decoding: try AllowRemovedEdit.removing(values, from: Array(text.utf8), path: ".outline.toml"), as: UTF8.self)
    }

    @Test func anInlineArrayLosesItsLastEntriesWithTheirSeparator() throws {
        #expect(try pruned("allow-removed = [\"keep\", \"gone-a\", \"gone-b\"]  # c\nslugs = \"github\"\n", ["gone-a", "gone-b"])
                == "allow-removed = [\"keep\"]  # c\nslugs = \"github\"\n")
        #expect(try pruned("allow-removed = [\"gone\", \"keep\"]\n", ["gone"]) == "allow-removed = [\"keep\"]\n")
        #expect(try pruned("allow-removed = [\"a\", \"gone\", \"b\"]\n", ["gone"]) == "allow-removed = [\"a\", \"b\"]\n")
        #expect(try pruned("allow-removed = [\"gone\"]\n", ["gone"]) == "allow-removed = []\n")
    }

    @Test func anArrayOfLinesLosesTheirLines() throws {
        #expect(try pruned("allow-removed = [\n  \"keep\",\n  \"gone\",\n]\n", ["gone"]) == "allow-removed = [\n  \"keep\",\n]\n")
    }
}
