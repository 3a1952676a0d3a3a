import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Translated sites as their generators build them (format.md §16): mkdocs-static-i18n builds
/// each language apart, falling back to the default language's pages and images; a file of a
/// language it does not build is no page. The sites are `I18nFixtures`, whose expectations were
/// read off `mkdocs build` (the slow `StaticI18nBuildTests` builds them again). In memory.
@Suite("languages of sites (library)")
struct SiteLanguagesTests {
    func report(_ files: [String: String], config: String = "mkdocs.yml") throws -> Run.CheckReport {
        let store = MemoryStore(files)
        let text = try #require(files[config])
        store.config.site = try #require(try Site.read("/w/" + config, bytes: Array(text.utf8), read: { files[String($0.dropFirst(3))].map { Array($0.utf8) } }))
        let pages = files.keys.filter { $0.hasSuffix(".md") }.sorted()
        return try Run(store: store, lifetime: .session()).check(Run.CheckRequest(files: pages, configs: pages.map { _ in store.config }))
    }

    func check(_ files: [String: String], config: String = "mkdocs.yml") throws -> (broken: Set<[String]>, skipped: [(reason: LinkSkip, count: Int)]) {
        let report = try report(files, config: config)
        var broken = Set<[String]>()
        for finding in report.findings where finding.kind == .brokenLink {
            if case .link(let destination)? = finding.subject { broken.insert([finding.path ?? "?", destination]) }
        }
        return (broken, report.skipped)
    }

    /// Hugo with languages by file name: a site-absolute URL in a French page is the French page
    /// where one is published at it (the embedded link render hook's `GetPage` in the page's
    /// language), so its fragments are the French page's; "did you mean" names only what Hugo
    /// serves (not a page under `build.render: never`; `/ugly.html` as its `url` wrote it). As
    /// `hugo` 0.168 builds `HugoFixtures.languages` (`HugoBuildTests` builds it again).
    @Test func hugoURLsInATranslationAreItsLanguages() throws {
        let report = try report(HugoFixtures.languages, config: "hugo.toml")
        let broken = report.findings.filter { $0.kind == .brokenLink }.map { "\($0.path ?? "?"): \($0.message)" }
        #expect(broken == [
            "content/_index.fr.md: broken link '/guide/install/#english-heading': content/guide/install.fr.md has no heading 'english-heading'",
            "content/_index.fr.md: broken link '/only/page/#nope': content/only/page.md has no heading 'nope'",
            "content/_index.fr.md: broken link '/fr/guide/install/#english-heading': content/guide/install.fr.md has no heading 'english-heading'",
            "content/_index.fr.md: broken link '/nothing/': no page of the site is published at /nothing/",
            "content/_index.fr.md: broken link '/guide/instal/': no page of the site is published at /guide/instal/ (did you mean /guide/install/?)",
            "content/_index.fr.md: broken link '/guide/#step': content/guide/_index.fr.md has no heading 'step'",
            "content/only/links.md: broken link '/_commn/snippet/': no page of the site is published at /_commn/snippet/",
            "content/only/links.md: broken link '/ugli.html': no page of the site is published at /ugli.html (did you mean /ugly.html?)",
        ])
    }

    @Test(arguments: ["folder", "folder-nofallback", "suffix"])
    func linksResolveInTheirLanguagesBuild(_ name: String) throws {
        let (broken, skipped) = try check(I18nFixtures.site(name))
        let built = try #require(I18nFixtures.broken[name])
        let yml = try #require(I18nFixtures.site(name)["mkdocs.yml"])
        let site = try #require(try Site.read("/w/mkdocs.yml", bytes: Array(yml.utf8), read: { _ in nil }))
        #expect(site.features.last == "i18n (\(name == "suffix" ? "suffix" : "folder"): en, fr\(name == "folder-nofallback" ? "; no fallback_to_default" : ""))")
        #expect(broken == built,
                "outline only: \(broken.subtracting(built)); mkdocs only: \(built.subtracting(broken))")
        // `docs/de/` and `page.de.md`: a locale the plugin is not configured with, built by no build.
        #expect(skipped.map(\.reason) == [.unpublishedTranslation("de")])
    }

    /// Without the plugin the same tree is read as MkDocs reads it: a French page's link to a page
    /// only in English is broken, an English page's link to its translation is not.
    @Test func withoutThePluginTheFallbackIsGone() throws {
        var files = I18nFixtures.site("folder")
        files["mkdocs.yml"] = "site_name: t\n"
        let (broken, _) = try check(files)
        #expect(broken.contains(["docs/fr/index.md", "only-en.md#only"]) && broken.contains(["docs/de/index.md", "nothing.md"]))
    }

    /// An English page renamed since REV: a French page's link that reached it by the fallback
    /// (`only-en.md` from `docs/fr/`) is repaired to where it is now, a path the French build finds.
    @Test func aFallenBackLinkIsRepairedAfterARename() throws {
        let then = I18nFixtures.site("folder")
        var now = then
        now["docs/en/moved.md"] = now.removeValue(forKey: "docs/en/only-en.md")
        let store = MemoryStore(now)
        let yml = try #require(now["mkdocs.yml"])
        store.config.site = try #require(try Site.read("/w/mkdocs.yml", bytes: Array(yml.utf8), read: { _ in nil }))
        let files = ["docs/fr/fr-only.md", "docs/fr/index.md"]
        var request = Run.LinksRequest(files: files)
        request.since = "HEAD"
        request.configs = files.map { _ in store.config }
        let history = MemoryHistory([MemoryRevision("HEAD", files: then, renames: ["docs/en/moved.md": "docs/en/only-en.md"])])
        guard case .repaired(let results) = try Run(store: store, revisions: history, lifetime: .session()).links(request) else { Issue.record("unreadable"); return }
        let out = try results.map { String(decoding: try $0.result.get().rewrite.output, as: UTF8.self) }
        #expect(out[0].contains("[only en](../en/moved.md)") && out[1].contains("[only en](../en/moved.md#only)"), "\(out)")
    }

    @Test func localesURLsAndCandidates() throws {
        let yml = """
        site_name: t
        plugins:
          - search
          - i18n:
              languages:
                - {locale: en, default: true, name: E}
                - {locale: fr, name: F}
                - {locale: it, name: I, build: false}
        """
        let site = try #require(try Site.read("/w/mkdocs.yml", bytes: Array(yml.utf8), read: { _ in nil }))
        let i18n = try #require(site.staticI18n)
        #expect(!i18n.folder && i18n.fallback && i18n.defaultLanguage == "en" && i18n.built == ["en", "fr"])
        #expect(site.features.contains("i18n (suffix: en, fr, it; not built: it)"), "\(site.features)")
        // The plugin's locale pattern: `pt-BR`, `zh_CN`, `de`; not `min` (`jquery.min.js`) nor `EN`.
        #expect(["de", "pt-BR", "zh_CN", "sr-Latn-RS"].allSatisfy(StaticI18n.looksLikeLocale))
        #expect(!["min", "EN", "d", "pt-br", "zh_cn"].contains(where: StaticI18n.looksLikeLocale))
        #expect(i18n.locale(of: "a/page.fr.md") == ("fr", true) && i18n.locale(of: "jquery.min.js") == ("en", false))
        #expect(i18n.build(of: "page.it.md") == nil && i18n.build(of: "page.de.md") == nil && i18n.build(of: "page.md") == "en")
        #expect(i18n.url(of: "a/page.fr.md", directoryURLs: true) == "fr/a/page/" && i18n.url(of: "index.fr.md", directoryURLs: true) == "fr/")
        #expect(i18n.url(of: "img/b.fr.png", directoryURLs: true) == "fr/img/b.png" && i18n.url(of: "a/page.md", directoryURLs: false) == "a/page.html")
        // The French build's files for `b.png`: its own first; an Italian file is in no build of French.
        #expect(i18n.candidates("img/b.png", in: "fr") == ["img/b.fr.png", "img/b.en.png", "img/b.png"])
        #expect(i18n.candidates("page.it.md", in: "fr") == ["page.it.fr.md", "page.it.en.md"])
        #expect(i18n.files(at: "fr/guide/", directoryURLs: true).contains("guide.fr.md"))
        #expect(SiteGenerators.adapter(.mkdocs).url(of: "/w/docs/guide.fr.md", site: site, contentRoot: "/w/docs", pages: SitePages()) == "/fr/guide/")
        // Folders: `docs/en/` is served from the root; without fallback an English page is no French one.
        var folder = i18n
        folder.folder = true
        folder.fallback = false
        #expect(folder.url(of: "en/guide.md", directoryURLs: true) == "guide/" && folder.url(of: "fr/guide.md", directoryURLs: true) == "fr/guide/")
        #expect(folder.candidates("en/guide.md", in: "fr") == [] && folder.candidates("fr/x.md", in: "fr") == ["fr/x.md"])
        folder.fallback = true
        #expect(folder.candidates("en/guide.md", in: "fr") == ["fr/guide.md", "en/guide.md", "guide.md"])
    }
}
