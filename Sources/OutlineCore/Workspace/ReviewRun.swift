/// `outline diff --since REV --format markdown` as one workspace operation (format.md §8): the tree
/// compared with its version at the revision (`treePairs`, as `diff --since`), and the same check
/// `check --since REV` makes of the files, of which the review keeps the link findings the change
/// may have caused. The history is read once for both (`Run.history`).
extension Run {
    public func review(_ tree: TreeRequest, check: CheckRequest) throws -> Review {
        var review = Review(try treePairs(tree))
        let report = try self.check(check)
        // A file that cannot be read or parsed stops the run, as it stops `check`.
        if !report.errors.isEmpty { throw report.errors.count == 1 ? report.errors[0] : Diagnostics(report.errors) as Error }
        review.findings = Review.linkFindings(report.reported, changed: review.changed, root: store.topLevel())
        return review
    }
}
