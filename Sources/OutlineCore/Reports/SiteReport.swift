/// `outline site` (format.md §16): which sites govern a set of files, and what each implies.
public enum SiteReport {
    public struct Entry: Sendable {
        public let site: Site
        public var files: Int
    }

    /// The sites of `files` (each with the site its configuration found, nil: CommonMark), in the
    /// order they are first met, each with how many of the files it publishes; and how many files
    /// no site publishes.
    public static func sites(_ files: [(path: String, site: Site?)]) -> (sites: [Entry], commonMark: Int) {
        var entries: [Entry] = []
        var index: [String: Int] = [:]
        var plain = 0
        for (_, site) in files {
            guard let site else { plain += 1; continue }
            if let k = index[site.config] { entries[k].files += 1; continue }
            index[site.config] = entries.count
            entries.append(Entry(site: site, files: 1))
        }
        return (entries, plain)
    }

    /// The JSON form: `{"version": 1, "sites": [{"config", "generator", "content_root", "files",
    /// "slugs", "features", "unread"}]}`; paths as `describe` names them.
    public static func json(_ entries: [Entry], describe: (String) -> String) -> JSONValue {
        .object([("version", .int(1)), ("sites", .array(entries.map { entry in
            .object([
                ("config", .string(describe(entry.site.config))),
                ("generator", .string(entry.site.generator.rawValue)),
                ("content_root", .string(describe(entry.site.contentRoot))),
                ("files", .int(entry.files)),
                ("slugs", entry.site.profile.map { .string($0.rawValue) } ?? .null),
                ("features", .array(entry.site.features.map { .string($0) })),
                ("unread", .array(entry.site.unread.map { .string($0) })),
            ])
        }))])
    }
}
