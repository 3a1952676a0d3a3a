import Testing
import OutlineCore
import OutlineTestHelpers

/// `check --since REV` judges the files at REV as the site published them then (format.md §12,
/// §16): its pages, its configuration and `.outline.toml` at REV, and a finding is existing only
/// when it had the same outcome at REV.
@Suite("check --since through the site")
struct SinceThroughTheSiteTests {
    /// The configuration of every file of `store` under the site configured at `path` (read from the
    /// store's bytes now), with `.outline.toml` in `/w`.
    func configs(_ store: MemoryStore, _ files: [String], site path: String?, as generator: Site.Generator? = nil) throws -> [Config] {
        var config = Config()
        config.directory = "/w"
        if let path {
            config.site = try Site.read("/w/" + path, as: generator, bytes: try #require(store.contents(of: path)),
                                        sources: ConfigurationSources(read: { store.contents(of: $0) }, isDirectory: { store.kind(of: $0) == .directory }))
        }
        return files.map { file in
            var c = config
            if let site = c.site, !site.publishes("/w/" + file.split(separator: "/").dropLast().joined(separator: "/")) { c.site = nil }
            return c
        }
    }

    func check(_ store: MemoryStore, _ files: [String], site: String?, as generator: Site.Generator? = nil, then: [String: String], renames: [String: String] = [:]) throws -> Run.CheckReport {
        var request = Run.CheckRequest(files: files, configs: try configs(store, files, site: site, as: generator))
        request.since = "HEAD"
        request.operands = files
        let history = MemoryHistory([MemoryRevision("HEAD", files: then, renames: renames)])
        return try Run(store: store, revisions: history, lifetime: .session()).check(request)
    }

    /// A Hugo page moved: a link written as the page's URL resolved at REV (the page was published
    /// there then) and is broken now, whatever its own bytes: new.
    @Test func aHugoPageMoveBreaksURLLinksAsANewFinding() throws {
        let hugo = "baseURL = 'https://example.org/'\n"
        let linking = "# Home\n\nSee [the guide](/docs/old-place/).\n"
        let page = "# Guide\n\nText.\n"
        let then = ["hugo.toml": hugo, "content/_index.md": linking, "content/docs/old-place.md": page]
        let store = MemoryStore(["hugo.toml": hugo, "content/_index.md": linking, "content/docs/new-place.md": page])
        let report = try check(store, ["content/_index.md", "content/docs/new-place.md"], site: "hugo.toml", then: then,
                               renames: ["content/docs/new-place.md": "content/docs/old-place.md"])
        let broken = report.findings.filter { $0.kind == .brokenLink }
        #expect(broken.map(\.subject) == [.link("/docs/old-place/")], "\(report.reported)")
        #expect(broken.first?.isNew == true)
        // Without the move the same link is no finding at all, then or now.
        let unmoved = MemoryStore(then)
        #expect(try check(unmoved, ["content/_index.md", "content/docs/old-place.md"], site: "hugo.toml", then: then).reported.filter { $0.kind == .brokenLink }.isEmpty)
    }

    /// Only `mkdocs.yml` changed (attr_list dropped): the heading's `{#custom}` id is gone, so a link
    /// that resolved at REV is broken now. Every page's bytes are as they were: still new.
    @Test func aSiteConfigurationChangeAloneBreaksLinksAsNewFindings() throws {
        let withAttributes = "site_name: s\nmarkdown_extensions:\n  - attr_list\n"
        let without = "site_name: s\n"
        let a = "# A\n\nSee [b](b.md#custom).\n"
        let b = "# B\n\n## Head {#custom}\n"
        let then = ["mkdocs.yml": withAttributes, "docs/a.md": a, "docs/b.md": b]
        let before = try check(MemoryStore(then), ["docs/a.md", "docs/b.md"], site: "mkdocs.yml", then: then)
        #expect(before.reported.filter { $0.kind == .brokenLink }.isEmpty, "\(before.reported)")
        let store = MemoryStore(["mkdocs.yml": without, "docs/a.md": a, "docs/b.md": b])
        let report = try check(store, ["docs/a.md", "docs/b.md"], site: "mkdocs.yml", then: then)
        let broken = report.findings.filter { $0.kind == .brokenLink }
        #expect(broken.map(\.subject) == [.link("b.md#custom")], "\(report.reported)")
        #expect(broken.first?.isNew == true)
    }

    /// A `mkdocs.yml` read as Zensical (`site = "zensical"`) is read so at REV too: a link broken
    /// under Zensical's reading then and now is existing, though MkDocs' reading at REV resolved it.
    @Test func aRevisionsConfigurationIsReadByTheSameGenerator() throws {
        let a = "# A\n\n## with pip { #with-pip }\n\n[b](#with-pip-with-pip)\n"
        let then = ["mkdocs.yml": "site_name: s\n", "docs/a.md": a]
        let store = MemoryStore(["mkdocs.yml": "site_name: s\nuse_directory_urls: false\n", "docs/a.md": a])
        let report = try check(store, ["docs/a.md"], site: "mkdocs.yml", as: .zensical, then: then)
        let broken = report.reported.filter { $0.kind == .brokenLink }
        #expect(broken.map(\.subject) == [.link("#with-pip-with-pip")] && broken.first?.isNew == false, "\(report.reported)")
    }

    /// `.outline.toml` alone changed (its slug profile): a link that resolved under the profile at
    /// REV is broken under the one now: new.
    @Test func anOutlineTomlChangeAloneIsAChangeToEveryFileItGoverns() throws {
        let a = "# A\n<!-- outline:a -->\n\n## Ünïcode Title\n<!-- outline:unicode -->\n\nSee [t](#ünïcode-title).\n"
        let then = [".outline.toml": "slugs = \"github\"\n", "a.md": a]
        let store = MemoryStore([".outline.toml": "slugs = \"mkdocs\"\n", "a.md": a])
        var config = try Config.parse(Array("slugs = \"mkdocs\"\n".utf8), path: ".outline.toml")
        config.directory = "/w"
        var request = Run.CheckRequest(files: ["a.md"], configs: [config])
        request.profile = config.profile
        request.since = "HEAD"
        request.operands = ["a.md"]
        let report = try Run(store: store, revisions: MemoryHistory([MemoryRevision("HEAD", files: then)]), lifetime: .session()).check(request)
        let broken = report.reported.filter { $0.kind == .brokenLink }
        #expect(broken.count == 1 && broken.first?.isNew == true, "\(report.reported)")
    }

    /// A link broken at REV for one reason (no such heading) and now for another (no such file) is
    /// new: existing needs the same outcome.
    @Test func existingNeedsTheSameOutcome() throws {
        let a = "# A\n<!-- outline:a -->\n\nSee [b](b.md#gone).\n"
        let then = ["a.md": a, "b.md": "# B\n<!-- outline:b -->\n"]
        var config = Config()
        config.directory = "/w"
        func run(_ store: MemoryStore) throws -> [Diagnostic] {
            var request = Run.CheckRequest(files: ["a.md"], configs: [config])
            request.since = "HEAD"
            request.operands = ["a.md"]
            request.removals.patterns = [RemovalPattern("*", origin: .commandLine)!]
            return try Run(store: store, revisions: MemoryHistory([MemoryRevision("HEAD", files: then)]), lifetime: .session()).check(request).reported
        }
        let same = try run(MemoryStore(then))
        #expect(same.map(\.reason) == [.noTarget] && same.first?.isNew == false)
        let gone = try run(MemoryStore(["a.md": a]))
        #expect(gone.map(\.reason) == [.noSuchFile] && gone.first?.isNew == true, "\(gone)")
    }
}
