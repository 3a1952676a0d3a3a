import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Which findings a review lists (format.md §8): link findings in a changed file or on a link into
/// one, and always those only a comparison with the revision finds; never the others.
@Suite("review's link findings")
struct ReviewFindingsTests {
    @Test func findingsTheChangeMayHaveCaused() {
        func link(_ path: String, _ destination: String, _ kind: Diagnostic.Kind = .brokenLink) -> Diagnostic {
            Diagnostic(.finding, kind, path: path, line: 3, "m").about(.link(destination))
        }
        let changed: Set<String> = ["docs/b.md", "docs/gone.md"]
        let findings = [
            link("docs/a.md", "b.md#x"),                 // into a changed file
            link("docs/a.md", "c.md#x"),                 // between unchanged files: not the change's
            link("docs/a.md", "../docs/gone.md"),        // into a deleted file, spelled another way
            link("docs/a.md", "/docs/b.md#y"),           // from the top level
            link("docs/b.md", "#nowhere"),               // in a changed file
            link("docs/a.md", "#Nowhere", .fragmentCase),
            Diagnostic(.finding, .missingAnchor, path: "docs/b.md", line: 1, "m"),     // not about links
            Diagnostic(.finding, .removedAnchor, path: "HEAD:docs/z.md", line: 9, "m").about(.section("z")),
            Diagnostic(.finding, .slugTakeover, path: "docs/a.md", line: 4, "m").about(.link("#t")),
            link("./docs/b.md", "x.md"),                 // its own path spelled another way
        ]
        let kept = Review.linkFindings(findings, changed: changed, root: ".")
        #expect(kept.map { findings.firstIndex(of: $0)! } == [0, 2, 3, 4, 7, 8, 9])
    }
}
