/// How a site's generator resolves a page's links (format.md §16), as `check` asks it; the
/// generator's rules are the site's (`SiteLinks`), this is what `check` needs of them.
public struct LinkRules {
    public enum Resolution {
        /// The paths to try, in order: the first that exists is the link's target.
        case paths([String])
        /// What the link names cannot be known offline: why (counted, never reported).
        case skip(LinkSkip)
        /// The link is broken for a reason of the site's: which, and the message.
        case broken(LinkReason, String)
        /// The link names a place in its own page.
        case same
    }
    /// Where a link leads.
    public var resolve: (LocalLink) -> Resolution
    /// What a fragment no target of its page matches may still be.
    public enum Unmatched {
        /// A target of the page after all (a label of the whole site): nothing to count.
        case resolves
        /// Unknowable offline: skipped, counted.
        case skip(LinkSkip)
    }
    /// For a fragment no target of its page (a path, or nil for the page itself) matches: nil when
    /// the link is broken.
    public var unmatchedFragment: (String, String?) -> Unmatched?
    /// Whether links without a path (`#x`) go through `resolve` too (MyST: a label of any page).
    public var resolvesEmptyPaths = false
    /// The destination of a link written in the site's own form (a URL the site serves, a Hugo
    /// `ref`, a MyST document named without its suffix) once it must name the file at a path (as
    /// the caller names files) and a fragment: written in that same form, from the linking page
    /// (a URL from the root stays so, a relative one relative); nil where the form cannot name it.
    public var rewrite: ((LocalLink, String, String?) -> String?)? = nil
    /// `--since`: for such a link that leads to no page now, the file it led to at the revision,
    /// where it is now: of the files renamed since (old path → new path, as the caller names
    /// files), the one the site served where the link leads while it stood at its old path.
    public var formerTarget: ((LocalLink, [String: String]) -> String?)? = nil

    /// The page rendered again by other rules (mkdocs-static-i18n: each build of another language
    /// that falls back to the page, unless its translation exists at `unless`): a link that is
    /// broken under any of them is broken, said with the build's name.
    public var renderedAlsoBy: [(build: String, unless: String, rules: LinkRules)] = []

    public init(resolve: @escaping (LocalLink) -> Resolution, unmatchedFragment: @escaping (String, String?) -> Unmatched?) {
        self.resolve = resolve
        self.unmatchedFragment = unmatchedFragment
    }
}
