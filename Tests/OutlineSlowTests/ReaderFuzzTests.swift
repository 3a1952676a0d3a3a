import Foundation
import Testing
import OutlineTestHelpers
import OutlineTestSupport
@testable import OutlineCLI
@testable import OutlineCore

/// format.md §11: every reader and scanner of what a page or a configuration holds, fed seeded
/// inputs grown from the real configurations and pages among the fixtures (deep, wide, truncated,
/// aliased, mutated): never a crash, a value or an error at a line of the input, and through
/// `check` an exit status of 0, 1 or 2. `make test` runs 1,000 cases per reader in process
/// (OUTLINE_READER_FUZZ_CASES), `make fuzz` 100,000; OUTLINE_FUZZ_SEED varies them. The container
/// scanner is also compared with the recursive one it replaced, on documents shallow enough for it.
@Suite("Hardening: reader fuzz")
struct ReaderFuzzTests {
    static var cases: Int { Int(ProcessInfo.processInfo.environment["OUTLINE_READER_FUZZ_CASES"] ?? "") ?? 1000 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["OUTLINE_FUZZ_SEED"] ?? "") ?? 20261206 }

    static func fixture(_ path: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: Paths.fixtures.appendingPathComponent(path)))) ?? []
    }

    /// The pages among the fixtures: the golden documents and the sites' pages.
    static var pages: [[UInt8]] {
        let sites = ["sites/mkdocs/docs/containers.md", "sites/mkdocs/docs/guide.md", "sites/mkdocs/docs/index.md", "sites/myst/docs/directives.md",
                     "sites/myst/docs/guide.md", "sites/myst/docs/refs.md", "sites/mkdocs/slugtabs/docs/index.md"].map(fixture)
        return sites + Paths.fixtureNames.map { fixture("\($0).md") }
    }

    // MARK: growing inputs

    /// A seed grown one of five ways: deep (openers nested past the limit at a random place), wide
    /// (a line repeated), truncated (cut at a random byte), aliased (a YAML anchor used many
    /// times) or mutated (lines and bytes inserted, removed, repeated).
    static func grow(_ seed: [UInt8], _ rng: inout SeededRandom, open: [UInt8], close: [UInt8], injections: [[UInt8]]) -> [UInt8] {
        var lines = seed.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        if lines.isEmpty { lines = [[]] }
        let at = Int.random(in: 0..<lines.count, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            let depth = [Nesting.limit - 1, Nesting.limit, Nesting.limit + 1, 2_000].randomElement(using: &rng)!
            let closed = Bool.random(using: &rng)
            let inner = injections.randomElement(using: &rng)!
            var line = lines[at].prefix(Int.random(in: 0...lines[at].count, using: &rng))
            for _ in 0..<depth { line += open }
            line += inner
            if closed { for _ in 0..<depth { line += close } }
            lines[at] = Array(line)
        case 1:
            let copies = Int.random(in: 2...2_000, using: &rng)
            lines.insert(contentsOf: Array(repeating: lines[at], count: copies), at: at)
        case 2:
            let all = lines.joined(separator: [10]).map { $0 }
            return Array(all.prefix(Int.random(in: 0...all.count, using: &rng)))
        case 3:
            lines.insert(Array("a0: &a0 [x, y]".utf8), at: 0)
            for i in 1..<Int.random(in: 2...12, using: &rng) {
                lines.insert(Array("a\(i): &a\(i) [\((0..<8).map { _ in "*a\(i - 1)" }.joined(separator: ", "))]".utf8), at: i)
            }
        default:
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let k = Int.random(in: 0..<lines.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: lines.insert(injections.randomElement(using: &rng)!, at: k)
                case 1: if lines.count > 1 { lines.remove(at: k) }
                case 2: lines.insert(lines[k], at: k)
                case 3: lines[k].insert(contentsOf: injections.randomElement(using: &rng)!, at: Int.random(in: 0...lines[k].count, using: &rng))
                default: if !lines[k].isEmpty { lines[k][Int.random(in: 0..<lines[k].count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
                }
            }
        }
        return Array(lines.joined(separator: [10]))
    }

    /// Runs `body` on `cases` inputs grown from `seeds`; records at most ten failures.
    static func fuzz(_ name: String, seeds: [[UInt8]], open: String, close: String, injections: [String],
                     _ body: ([UInt8], inout SeededRandom) -> String?) {
        var rng = SeededRandom(seed: seed &+ name.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) })
        let extra = injections.map { Array($0.utf8) }
        var failures = 0
        for _ in 0..<cases {
            let input = grow(seeds.randomElement(using: &rng)!, &rng, open: Array(open.utf8), close: Array(close.utf8), injections: extra)
            if let failure = body(input, &rng) {
                failures += 1
                if failures <= 10 { Issue.record("\(name): \(failure) on \(String(decoding: input.prefix(300), as: UTF8.self).debugDescription)") }
            }
        }
        #expect(failures == 0, "\(name): \(failures) of \(cases) cases failed")
    }

    /// nil when `error` is a diagnostic located at a line of the input (or the line after it).
    /// Lines as outline counts them (LF, CRLF, a lone CR).
    static func located(_ error: Error, in input: [UInt8]) -> String? {
        guard let d = error as? Diagnostic else { return "not a diagnostic: \(error)" }
        return located(d, lines: Source(input).lineCount)
    }

    static func located(_ d: Diagnostic, lines: Int) -> String? {
        guard let line = d.line, (1...(lines + 1)).contains(line) else { return "an error at no line of the input: \(d)" }
        return nil
    }

    /// A site built of one configuration, checked in process: the exit status is 0, 1 or 2.
    static func checkSite(_ name: String, _ config: [UInt8], content: String) -> String? {
        guard let dir = try? temporaryDirectory() else { return "no temporary directory" }
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("\(content)/index.md")
        try? FileManager.default.createDirectory(at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(config).write(to: dir.appendingPathComponent(name))
        try? Data("# Title\n\n[x](#title)\n".utf8).write(to: page)
        let run = runInProcess(["check", page.path])
        return [0, 1, 2].contains(run.status) ? nil : "check exited \(run.status): \(run.stderr)"
    }

    // MARK: configuration readers

    static let yamlInjections = ["- [a, {b: c}]", "k: &x v", "*x", "? complex", "  - - nested", "|", "key: >-", "'quoted: ''s'", "\"esc \\u00e9\"", "!!python/name:x", "INHERIT: base.yml", "{", "]", "\t", "---", "..."]

    @Test func yaml() {
        var seeds = [Self.fixture("sites/mkdocs/mkdocs.yml"), Self.fixture("sites/mkdocs/slugtabs/mkdocs.yml")]
        seeds += Self.pages.compactMap { page in
            let source = Source(page)
            let lines = FrontMatter.lineCount(in: source)
            return lines > 2 ? Array(page[source.lineStarts[1]..<source.lineStarts[lines - 1]]) : nil
        }
        var k = 0
        Self.fuzz("yaml", seeds: seeds, open: "[", close: "]", injections: Self.yamlInjections) { input, _ in
            k += 1
            do { _ = try ConfigValue.yaml(input) } catch { if let why = Self.located(error, in: input) { return why } }
            return k % 100 == 0 ? Self.checkSite("mkdocs.yml", input, content: "docs") : nil
        }
    }

    @Test func toml() {
        let seeds = [HugoFixtures.urls(languages: true)["hugo.toml"]!, "baseURL = 'x'\n[markup.goldmark.parser]\n  autoDefinitionTermID = true\n[[module.mounts]]\n  source = 'content/en'\n  target = 'content'\n",
                     "a.b.c = 1_000\nlist = [ \"x\", 'y',\n  3, ]\ninline = { k = \"v\", n.m = 2 }\nmulti = \"\"\"\none \\\n  two\"\"\"\n"].map { Array($0.utf8) }
        var k = 0
        Self.fuzz("toml", seeds: seeds, open: "[", close: "]", injections: ["[t]", "[[t]]", "a.b = {c = [1, {d = 2}]}", "'''", "\"\"\"", "x = 1979-05-27 07:32:00Z", "k = \"\\u00e9\"", "= 1", "#"]) { input, _ in
            k += 1
            do { _ = try ConfigValue.toml(input) } catch { if let why = Self.located(error, in: input) { return why } }
            return k % 100 == 0 ? Self.checkSite("hugo.toml", input, content: "content") : nil
        }
    }

    @Test func outlineToml() {
        let seeds = ["slugs = \"mkdocs\"\nlinkable = true\nexclude = [\n  \"vendor\",\n  'docs/**',\n]\n[number]\nlevels = \"2-4\"\n[toc]\ndepth = 2\n[translation]\nsource = \"docs/en\"\ntargets = [\"docs/fr\"]\n"].map { Array($0.utf8) }
        Self.fuzz("outline.toml", seeds: seeds, open: "[", close: "]", injections: ["[toc]", "x = 1", "\"q\" = 1", "a.b = 1", "s = '''x'''", "{", "depth = 0_3"]) { input, _ in
            do { _ = try Config.parse(input, path: ".outline.toml") } catch let many as Diagnostics {
                let lines = Source(input).lineCount
                return many.all.compactMap { Self.located($0, lines: lines) }.first
            } catch {
                // Invalid UTF-8 is the one error of the whole file.
                if let d = error as? Diagnostic, d.line == nil, d.message == "not valid UTF-8" { return nil }
                return Self.located(error, in: input)
            }
            return nil
        }
    }

    @Test func json() {
        let sidecar = Array(JSONValue.object([("version", .int(1)), ("folded", .array([.string("a"), .string("b")])), ("sections", .object([("a", .object([("title", .string("A"))]))]))]).pretty().utf8)
        Self.fuzz("json", seeds: [sidecar], open: "[", close: "]", injections: ["{\"a\": [1, 2.5e3, null]}", "\"\\ud800\"", ",", "}", "tru"]) { input, _ in
            do { _ = try ConfigValue.json(input) } catch { if let why = Self.located(error, in: input) { return why } }
            return nil
        }
    }

    @Test func javaScript() {
        let seeds = ["module.exports = {\n  title: 'Site',\n  presets: [['classic', {docs: {path: 'docs', routeBasePath: '/'}}]],\n  i18n: {defaultLocale: 'en', locales: ['en', 'fr']},\n};\n",
                     "const config = {markdown: {format: 'detect'}, baseUrl: `/x/`};\nexport default config;\n",
                     "export default async function createConfigAsync() {\n  return {plugins: [[\"@docusaurus/plugin-content-docs\", {id: 'b', path: \"b\"}]]};\n}\n"].map { Array($0.utf8) }
        Self.literals("javascript", seeds: seeds, open: "{a: ", close: "}", injections: ["`${`${x}`}`", "/re[/]/g", "...spread", "// c", "/* c", "'", "(", "[", "a => ({b: 1})"],
                      config: "docusaurus.config.js", content: "docs") { JSLiterals($0).tooDeep }
    }

    /// A literal reader (never an error): where it says the input is too deep is a line of it (the
    /// lines a JavaScript or Python reader counts: LF), and every 100th input through `check`.
    static func literals(_ name: String, seeds: [[UInt8]], open: String, close: String, injections: [String], config: String, content: String,
                         tooDeep: @escaping ([UInt8]) -> Int?) {
        var k = 0
        fuzz(name, seeds: seeds, open: open, close: close, injections: injections) { input, _ in
            k += 1
            let lines = input.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            if let line = tooDeep(input), !(1...lines).contains(line) { return "tooDeep at line \(line) of \(lines)" }
            return k % 100 == 0 ? checkSite(config, input, content: content) : nil
        }
    }

    @Test func python() {
        let seeds = [Self.fixture("sites/myst/docs/conf.py"), Array("extensions = ['myst_parser', \"sphinx.ext.autodoc\"]\nmyst_enable_extensions = ('colon_fence',)\nhtml_theme_options = {'a': [1, 2.5, None, True]}\nx = r'raw' u\"s\" '''tri\nple'''\n".utf8)]
        Self.literals("python", seeds: seeds, open: "(", close: ")", injections: ["{'a': [", "extensions.append('x')", "\\", "'''", "f'x'", "if x:\n    y = 1"],
                      config: "conf.py", content: ".") { PythonLiterals($0).tooDeep }
    }

    @Test func merges() {
        let seeds = [Self.fixture("sites/mkdocs/mkdocs.yml"), Array("a: {b: {c: 1}, d: [1]}\ne: f\n".utf8)]
        Self.fuzz("merge", seeds: seeds, open: "{k: ", close: "}", injections: Self.yamlInjections) { input, rng in
            guard let value = try? ConfigValue.yaml(input) else { return nil }
            var budget = NodeBudget(Int.random(in: 1...Nesting.mergeBudget, using: &rng))
            if let merged = value.merged(over: value, budget: &budget), budget.remaining < 0 { return "merged past its budget: \(merged.pairs?.count ?? 0)" }
            return nil
        }
    }

    @Test func frontMatter() {
        let seeds = Self.pages.filter { $0.starts(with: Array("---".utf8)) || $0.starts(with: Array("+++".utf8)) } + [Array("+++\ntitle = 'x'\nslug = 's'\n+++\n# T\n".utf8)]
        Self.fuzz("front matter", seeds: seeds, open: "[", close: "]", injections: Self.yamlInjections + ["+++", "---"]) { input, _ in
            _ = HugoRoutes.frontMatter(input)
            _ = DocusaurusRoutes.frontMatter(input)
            do { _ = try Outline(parsing: input, [.links]) } catch { return Self.located(error, in: input).map { "parse: \($0)" } }
            return nil
        }
    }

    @Test func htmlAttributes() {
        let seeds = Self.pages.filter { $0.contains(UInt8(ascii: "<")) }
        Self.fuzz("html attributes", seeds: seeds, open: "<a id='", close: "'>", injections: ["<a href=\"#x\" id=x>", "<!--", "-->", "<div markdown=\"1\">", "='", "<x y=\"\n"]) { input, _ in
            _ = HTMLAttributes.scanWithRanges(input)
            return nil
        }
    }
}
