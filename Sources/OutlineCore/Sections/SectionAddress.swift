/// `PATH#ID`: a section by its stable ID (format.md §18). A heading's slug under the file's profile
/// is accepted in its place, and the caller says so: a slug changes when the heading is renamed, the
/// ID never does.
public struct SectionAddress: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the caller names it.
    public var path: String
    /// What follows the last `#`, percent-decoded.
    public var fragment: String

    public init(path: String, fragment: String) {
        self.path = path
        self.fragment = fragment
    }

    /// `PATH#ID`. Throws a usage-style error (kind `unknown-id`) for text without `#` or an ID.
    public init(parsing text: String) throws {
        guard let hash = text.lastIndex(of: "#") else {
            throw Diagnostic.error(.unknownID, "'\(text)' names no section: write PATH#ID (the section's ID, as 'outline tree' shows it)")
        }
        let path = String(text[..<hash]), raw = String(text[text.index(after: hash)...])
        guard !path.isEmpty, !raw.isEmpty else {
            throw Diagnostic.error(.unknownID, "'\(text)' names no section: write PATH#ID (the section's ID, as 'outline tree' shows it)")
        }
        self.path = path
        fragment = LocalLink("#" + raw)?.fragment ?? raw
    }

    public var description: String { path + "#" + fragment }

    /// How an address found its section.
    public enum Match: Sendable, Equatable {
        /// By the section's ID (its anchor's, or the one `outline id` would give it).
        case id
        /// By its heading's slug (or an id on its anchor line) under the file's profile.
        case slug
    }

    /// The index of the section this address names in `document`, and how it was found; throws
    /// `unknown-id` naming the nearest ID or slug when there is none.
    public func find(in document: LinkedDocument) throws -> (index: Int, match: Match) {
        let sections = document.outline.sections
        if let k = sections.firstIndex(where: { $0.anchored && $0.id == fragment }) ?? sections.firstIndex(where: { $0.id == fragment }) {
            return (k, .id)
        }
        if let id = document.sectionByTarget[fragment], let k = sections.firstIndex(where: { $0.anchored && $0.id == id }) {
            return (k, .slug)
        }
        if let heading = document.targets.headings.first(where: { $0.id == fragment }),
           let k = sections.firstIndex(where: { $0.heading.blockStartLine + 1 == heading.line }) {
            return (k, .slug)
        }
        let names = sections.map(\.id) + document.targets.headings.map(\.id)
        throw Diagnostic.error(.unknownID, "no section '\(fragment)'\(Suggestion.hint(fragment, among: names)) ('outline tree \(path)' lists the IDs)").about(.section(fragment))
    }
}
