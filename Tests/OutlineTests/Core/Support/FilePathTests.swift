import Testing
import OutlineCore

/// `FilePath`: the one answer to "is this path inside that directory" (format.md §11's roots, a
/// site's content root, a run's folders, git's top level), and the spellings of a path.
@Suite("file paths")
struct FilePathTests {
    @Test func containmentIsByComponentsNotByPrefix() {
        #expect(FilePath.contains("/a/docs", "/a/docs/x.md"))
        #expect(FilePath.contains("/a/docs", "/a/docs"))
        #expect(!FilePath.contains("/a/docs", "/a/docs2/x.md"))
        #expect(!FilePath.contains("/a/docs", "/a"))
        #expect(FilePath.contains("/", "/etc/x"))
        #expect(FilePath.contains("docs", "docs/a/b.md") && !FilePath.contains("docs", "docsy/a.md"))
        // A trailing slash on the directory changes nothing.
        #expect(FilePath.contains("/a/docs/", "/a/docs/x.md"))
    }

    @Test func theCurrentDirectoryAndGitsTopLevelHoldEveryRelativePathThatStaysInside() {
        for root in [".", ""] {
            #expect(FilePath.contains(root, "a/b.md"))
            #expect(!FilePath.contains(root, "../a.md") && !FilePath.contains(root, "..") && !FilePath.contains(root, "/abs.md"))
        }
    }

    @Test func belowGivesWhatIsLeftOfThePath() {
        #expect(FilePath.below("/a/docs", "/a/docs/x/y.md") == "x/y.md")
        #expect(FilePath.below("/a/docs", "/a/docs") == "")
        #expect(FilePath.below("/", "/x") == "x")
        #expect(FilePath.below("/a/docs", "/a/docsx") == nil)
        #expect(FilePath.below("", "a/b") == "a/b")
    }

    @Test func spellings() {
        #expect(FilePath.normalize("./docs/../a.md") == "a.md")
        #expect(FilePath.normalize("/x/../../y") == "/y")
        #expect(FilePath.relative("docs/a/b.md", fromDirectory: "docs/c") == "../a/b.md")
        #expect(FilePath.canonical("/w/docs/a.md", here: "/w", resolve: { $0 }) == "docs/a.md")
    }
}
