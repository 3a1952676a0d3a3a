import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// Translated sites as their generators build them (format.md §16): mkdocs-static-i18n builds
/// each language apart, falling back to the default language's pages and images; a file of a
/// language it does not build is no page. The sites are `I18nFixtures`, whose expectations were
/// read off `mkdocs build` (the slow `StaticI18nBuildTests` builds them again). In memory.
@Suite("languages of sites (library)")
struct SiteLanguagesTests {
    func check(_ files: [String: String]) throws -> (broken: Set<[String]>, skipped: [(reason: LinkSkip, count: Int)]) {
        let store = MemoryStore(files)
        let yml = try #require(files["mkdocs.yml"])
        store.config.site = try #require(try Site.read("/w/mkdocs.yml", bytes: Array(yml.utf8), read: { _ in nil }))
        let pages = files.keys.filter { $0.hasSuffix(".md") }.sorted()
        let report = try Run(store: store, lifetime: .session()).check(Run.CheckRequest(files: pages, configs: pages.map { _ in store.config }))
        var broken = Set<[String]>()
        for finding in report.findings where finding.kind == .brokenLink {
            if case .link(let destination)? = finding.subject { broken.insert([finding.path ?? "?", destination]) }
        }
        return (broken, report.skipped)
    }

    @Test(arguments: ["folder", "folder-nofallback", "suffix"])
    func linksResolveInTheirLanguagesBuild(_ name: String) throws {
        let (broken, skipped) = try check(I18nFixtures.site(name))
        let built = try #require(I18nFixtures.broken[name])
        #expect(broken == built.subtracting(I18nFixtures.fallenBackPages[name] ?? []),
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
