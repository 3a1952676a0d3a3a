import Foundation
import Testing
import OutlineTestHelpers
import OutlineCore

/// The rules ARCHITECTURE.md states about the sources, checked over the sources themselves, so that
/// they stay true: only the CommonMark folder talks to libcmark; the library neither prints nor exits
/// nor names the command line's types; OutlineCore's folders refer to each other in one direction;
/// command files map options to one workspace call; no source file grows past its size.
@Suite("structure rules")
struct StructureRulesTests {
    /// Every `.swift` file under `Sources/<folder>`, with its text.
    func sources(_ folder: String) throws -> [(path: String, text: String)] {
        let base = Paths.root.appendingPathComponent("Sources/\(folder)")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [(String, String)] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            found.append(("\(folder)/\(relative)", try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The code of a Swift file: comments and string literals removed (a type named in a comment or a
    /// help text is no reference).
    static func code(_ text: String) -> String {
        var t = text.replacingOccurrences(of: "\"\"\"[\\s\\S]*?\"\"\"", with: "\"\"", options: .regularExpression)
        t = t.replacingOccurrences(of: "//[^\n]*", with: "", options: .regularExpression)
        return t.replacingOccurrences(of: "\"(?:\\\\.|[^\"\\\\\n])*\"", with: "\"\"", options: .regularExpression)
    }

    /// The types a file declares at its top level (struct, class, enum, protocol, typealias).
    static func declaredTypes(_ code: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "^(?:public |internal |private |fileprivate )?(?:final )?(?:struct|class|enum|protocol|typealias)\\s+(\\w+)", options: .anchorsMatchLines)
        return pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { String(code[Range($0.range(at: 1), in: code)!]) }
    }

    /// The capitalized words of a file's code: every type it can name.
    static func names(_ code: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: "\\b[A-Z]\\w*\\b")
        return Set(pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { String(code[Range($0.range, in: code)!]) })
    }

    /// OutlineCore's folders, lowest first: a folder names types of the folders before it, never after
    /// (ARCHITECTURE.md, "Which way imports go").
    static let layers = ["Support", "Sidecar", "Parsing", "Model", "Edits", "Links", "Sites", "Config", "Transforms", "Reports", "History", "Translations", "Sections", "Workspace", "Server", "MCP"]

    @Test func onlyTheCommonMarkFolderImportsCCmark() throws {
        let core = try sources("OutlineCore")
        #expect(core.count > 20)
        var importing = 0
        for (path, text) in core + (try sources("OutlineCLI")) where text.contains("import CCmark") {
            #expect(path.hasPrefix("OutlineCore/Parsing/CommonMark/"), "\(path) imports CCmark")
            importing += 1
        }
        #expect(importing >= 1)
    }

    @Test func coreFoldersReferToEachOtherInOneDirection() throws {
        let core = try sources("OutlineCore").map { (folder: String($0.path.split(separator: "/")[1]), code: Self.code($0.text), path: $0.path) }
        var owner: [String: String] = [:]
        for file in core { for type in Self.declaredTypes(file.code) where owner[type] == nil { owner[type] = file.folder } }
        #expect(owner["Workspace"] == "Workspace" && owner["Outline"] == "Model" && owner["LinkCheck"] == "Links")
        for folder in Set(core.map(\.folder)) {
            #expect(Self.layers.contains(folder), "\(folder)/ has no place in the layers: add it to ARCHITECTURE.md and here")
        }
        var edges = 0
        for file in core {
            let rank = Self.layers.firstIndex(of: file.folder) ?? 0
            for name in Self.names(file.code) {
                guard let other = owner[name], other != file.folder, let otherRank = Self.layers.firstIndex(of: other) else { continue }
                edges += 1
                #expect(otherRank < rank, "\(file.path) names \(name) of \(other)/, which comes after \(file.folder)/")
            }
        }
        #expect(edges > 50)
    }

    /// A command file maps options to one library call and renders its result: link, history and
    /// check logic is reached only through its run (ARCHITECTURE.md, "OutlineCLI").
    @Test func commandFilesOnlyMapOptionsToTheRun() throws {
        let core = try sources("OutlineCore")
        var owner: [String: String] = [:]
        for (path, text) in core { for type in Self.declaredTypes(Self.code(text)) { owner[type] = String(path.split(separator: "/")[1]) } }
        // What commands may name of Links/: the options' choices.
        let allowed: Set<String> = ["SlugProfile", "LinkableForm"]
        let forbidden: Set<String> = ["StructureFindings", "Revision", "Git", "LinkResolver", "Workspace"]
        let commands = try sources("OutlineCLI").filter { $0.path.hasPrefix("OutlineCLI/Commands/") }
        #expect(commands.count >= 12)
        var throughRun = 0
        for (path, text) in commands {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 120, "\(path) has \(lines) lines (at most 120)")
            let names = Self.names(Self.code(text))
            if names.contains("Run") || Self.code(text).contains("LocalFiles.run(") { throughRun += 1 }
            // The language server's command builds the session; every other command works through a run.
            for name in names where !allowed.contains(name) && !(name == "Workspace" && path.hasSuffix("/LSPCommand.swift")) {
                #expect(!forbidden.contains(name), "\(path) names \(name)")
                if let folder = owner[name] {
                    #expect(folder != "Links" && folder != "History", "\(path) names \(name) of \(folder)/")
                }
            }
        }
        #expect(throughRun >= 9)
    }

    /// No source file is over 500 lines, except generated tables.
    @Test func sourceFilesStaySmall() throws {
        let generated: Set<String> = ["OutlineCore/Links/ASCIIFolding.swift", "OutlineCore/Links/Composition.swift"]
        for folder in ["OutlineCore", "OutlineCLI", "outline", "outline-conformance", "OutlineTestSupport"] {
            for (path, text) in try sources(folder) where !generated.contains(path) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                #expect(lines <= 500, "\(path) has \(lines) lines (at most 500)")
            }
        }
    }

    @Test func theLibraryNeitherPrintsNorExitsNorNamesTheCLI() throws {
        // The CLI's types, less the names the core also gives a nested type of its own (`TreeHistory.Report`).
        let coreCode = try sources("OutlineCore").map { Self.code($0.text) }.joined(separator: "\n")
        let cliTypes = try sources("OutlineCLI").flatMap { Self.declaredTypes(Self.code($0.text)) }.filter { type in
            coreCode.range(of: "(struct|class|enum|protocol|typealias) \(type)\\b", options: .regularExpression) == nil
        }
        #expect(cliTypes.contains("Console") && cliTypes.contains("LocalFiles") && cliTypes.contains("Revision"))
        for (path, text) in try sources("OutlineCore") {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            #expect(!code.contains("import OutlineCLI"), "\(path) imports the CLI")
            for call in ["print", "exit", "fputs", "puts"] {
                #expect(code.range(of: "(^|[^A-Za-z0-9_.])\(call)\\(", options: .regularExpression) == nil, "\(path) calls \(call)")
            }
            for type in cliTypes {
                #expect(code.range(of: "\\b\(type)\\b", options: .regularExpression) == nil, "\(path) names the CLI's \(type)")
            }
        }
    }

    /// The code and tests cite the repository's own format document, and every section they cite
    /// exists there.
    @Test func citationsNameSectionsOfTheFormatDocument() throws {
        let format = try String(contentsOf: Paths.root.appendingPathComponent("docs/format.md"), encoding: .utf8)
        let sections = Set(format.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("## ") else { return nil }
            return Int(line.dropFirst(3).prefix { $0.isNumber })
        })
        #expect(sections == Set(1...19), "\(sections.sorted())")
        var cited = 0
        for (path, text) in try sources("OutlineCore") + (try sources("OutlineCLI")) {
            #expect(!text.contains("SPEC §"), "\(path) cites SPEC, which is not in the repository")
            var rest = text[...]
            while let r = rest.range(of: "format.md §") {
                rest = rest[r.upperBound...]
                let number = Int(rest.prefix { $0.isNumber })
                #expect(number.map(sections.contains) == true, "\(path) cites format.md §\(rest.prefix(3))")
                cited += 1
            }
        }
        #expect(cited > 20)
    }

    /// A message is for people: no code reads its wording to learn what a finding is about or where
    /// it stands (the subject and the range say that), and no code edits message text to rename paths.
    @Test func noCodeReadsAMessage() throws {
        let pattern = try NSRegularExpression(pattern: "\\.message\\s*\\.\\s*(hasPrefix|hasSuffix|contains|utf8|starts|firstIndex|firstRange|range|split|replacingAll|dropFirst|prefix)\\b|Array\\(\\w*\\.message\\.utf8\\)")
        var checked = 0
        for (path, text) in try sources("OutlineCore") + (try sources("OutlineCLI")) {
            let code = Self.code(text)
            checked += 1
            let hits = pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { String(code[Range($0.range, in: code)!]) }
            #expect(hits.isEmpty, "\(path) reads a message: \(hits)")
        }
        #expect(checked > 50)
        // The rule sees what it forbids.
        let sample = Self.code("if d.message.hasPrefix(\"broken link\") { }")
        #expect(pattern.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil)
    }

    /// One line scanner knows fences (issue 51): `Parsing/LineScanner.swift` alone reads a fence
    /// line; every walk over a page's lines that skips fenced code (`DialectTargets`, `LinkCheck`'s
    /// roles, the container scanner, MDX's code, a translation's sections) goes through it, and no
    /// file keeps a fence loop's state of its own.
    @Test func onlyTheLineScannerReadsFences() throws {
        var walkers: [String] = []
        for (path, text) in try sources("OutlineCore") + (try sources("OutlineCLI")) {
            let code = Self.code(text)
            if path == "OutlineCore/Parsing/LineScanner.swift" {
                #expect(code.contains("Fence(") && code.contains("struct Fences"))
                continue
            }
            for pattern in ["Fence(", "fence = nil", "fence: Fence?", "opensFence", "count: Int)? = nil"] {
                #expect(!code.contains(pattern), "\(path) reads fences itself ('\(pattern)'): walk the lines with LineScanner")
            }
            if code.contains("LineScanner") || code.contains("FenceTable(") || code.contains("fences.read(") { walkers.append(path) }
        }
        for walker in ["Links/DialectTargets.swift", "Links/LinkCheck.swift", "Parsing/ContainerScan.swift", "Parsing/MDXCode.swift",
                       "Translations/SectionContent.swift", "Translations/Alignment.swift"] {
            #expect(walkers.contains("OutlineCore/" + walker), "\(walker) no longer walks its lines with LineScanner")
        }
        // The rule sees what it forbids: the loop that was written six times.
        let sample = Self.code("var fence: Fence? = nil\nif let f = Fence(text) { fence = f }")
        #expect(sample.contains("Fence(") && sample.contains("fence: Fence?"))
    }

    /// Inputs are read in one home: every command reads through its run's `DocumentStore`
    /// (`Run.read`, `Run.each`); the command line has no reader of its own.
    @Test func commandsReadThroughTheRun() throws {
        let cli = try sources("OutlineCLI")
        #expect(cli.count > 10)
        for (path, text) in cli {
            let code = Self.code(text)
            #expect(!Self.declaredTypes(code).contains("Inputs"), "\(path) declares a reader of its own")
            #expect(!code.contains("func each<"), "\(path) reads files in parallel itself")
            if path.hasPrefix("OutlineCLI/Commands/") {
                #expect(!code.contains("readStdin("), "\(path) reads standard input around the store")
            }
        }
    }

    /// Every option is a value of the one table (`Flags.swift`), read through the typed
    /// `Arguments` it sets: nothing else declares an option or reads one by its name, and the
    /// command line is applied over `.outline.toml` in one place (`Settings.effective`): no command
    /// writes `flag ?? config ?? default` itself.
    @Test func optionsAreOneTableReadThroughTypedArguments() throws {
        let cli = try sources("OutlineCLI").map { (path: $0.path, text: $0.text) }
        let lookups = try NSRegularExpression(pattern: #"\.(has|value|all|values|flags)\(\s*"[a-z-]+"\s*\)|values\["[a-z-]+"\]|\.command\s*==\s*""#)
        for (path, text) in cli {
            let code = Self.code(text)
            if path != "OutlineCLI/Flags.swift" && path != "OutlineCLI/Flag.swift" {
                #expect(!code.contains("Flag(\""), "\(path) declares an option outside the table")
            }
            // Strings kept (the name is one), comments dropped.
            let plain = text.replacingOccurrences(of: "//[^\n]*", with: "", options: .regularExpression)
            #expect(lookups.firstMatch(in: plain, range: NSRange(plain.startIndex..., in: plain)) == nil, "\(path) reads an option by its name")
            #expect(!code.contains("Invocation"), "\(path) names the untyped invocation")
        }
        // The rule sees what it forbids.
        for sample in [#"if invocation.has("strict") { }"#, #"let x = invocation.value("since")"#, #"if invocation.command == "toc" { }"#] {
            #expect(lookups.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil, "\(sample)")
        }
        for (path, text) in cli + (try sources("OutlineCore")) where path != "OutlineCore/Config/Config.swift" {
            #expect(!Self.code(text).contains("?? .github"), "\(path) resolves the slug profile itself")
        }
    }

    /// Whether a path lies inside a directory is asked of `FilePath` (`contains`, `below`), the one
    /// place that knows `/`, `.` and the repository's top level: no code tests a prefix plus `/`.
    @Test func pathContainmentIsFilePaths() throws {
        let pattern = try NSRegularExpression(pattern: #"hasPrefix\([^)\n]*\+\s*"/"\s*\)|hasPrefix\([^)\n]*\?\s*"/"\s*:"#)
        var checked = 0
        for (path, text) in try sources("OutlineCore") + (try sources("OutlineCLI")) where path != "OutlineCore/Support/FilePath.swift" {
            let plain = text.replacingOccurrences(of: "//[^\n]*", with: "", options: .regularExpression)
            checked += 1
            #expect(pattern.firstMatch(in: plain, range: NSRange(plain.startIndex..., in: plain)) == nil, "\(path) tests a path's containment itself")
        }
        #expect(checked > 50)
        for sample in [#"path.hasPrefix(root + "/")"#, #"p.hasPrefix(r == "/" ? "/" : r + "/")"#] {
            #expect(pattern.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil, "\(sample)")
        }
    }

    /// A generator is one adapter (format.md §16): outside `Sites/Generators/` and the registry
    /// (`Sites/SiteGenerator.swift`), no file compares or switches on a generator, or names a
    /// generator's configuration file in code: everything asks `SiteGenerators`.
    @Test func generatorsAreAdapters() throws {
        let pattern = try NSRegularExpression(pattern: #"\.generator\s*(==|!=)|switch[^{\n]*\.generator\b|Generator\.(mkdocs|sphinx|hugo|docusaurus|zensical)\b|"[^"\n]*(mkdocs\.ya?ml|conf\.py|docusaurus\.config|hugo\.(toml|ya?ml|json)|zensical\.toml)[^"\n]*""#)
        var checked = 0
        for (path, text) in try sources("OutlineCore") + (try sources("OutlineCLI")) {
            if path.hasPrefix("OutlineCore/Sites/Generators/") || path == "OutlineCore/Sites/SiteGenerator.swift" { continue }
            let plain = text.replacingOccurrences(of: "//[^\n]*", with: "", options: .regularExpression)
            checked += 1
            let hits = pattern.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)).map { String(plain[Range($0.range, in: plain)!]) }
            #expect(hits.isEmpty, "\(path) knows a generator outside its adapter: \(hits)")
        }
        #expect(checked > 50)
        // Each generator has its adapter in the folder, and the registry lists each once.
        let adapters = try sources("OutlineCore").filter { $0.path.hasPrefix("OutlineCore/Sites/Generators/") }
        #expect(adapters.filter { $0.text.contains(": SiteGenerator {") }.count == Site.Generator.allCases.count)
        for sample in [#"if site.generator == .hugo { }"#, #"let name = "mkdocs.yml""#, #"switch config.site?.generator {"#] {
            #expect(pattern.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil, "\(sample)")
        }
    }

    /// What a link points to has one home, `LinkResolver`, held by the run and by the language
    /// server's session alike: no other type reads a link's target file or applies the "regular
    /// files only" rule (format.md §11), and parse options and lifetimes have one spelling each.
    @Test func linkTargetsAreReadInOneHome() throws {
        let core = try sources("OutlineCore")
        var holders: [String] = []
        for (path, text) in core {
            let code = Self.code(text)
            if path != "OutlineCore/Workspace/LinkResolver.swift" && path != "OutlineCore/Workspace/Stores.swift" && path != "OutlineCore/Workspace/Workspace.swift" {
                #expect(!code.contains("readProblem("), "\(path) applies the regular-files rule itself")
            }
            if (path.hasPrefix("OutlineCore/Workspace/") || path.hasPrefix("OutlineCore/Server/")) && path != "OutlineCore/Workspace/LinkResolver.swift" {
                #expect(!code.contains("store.kind(of:"), "\(path) looks up a link's target around the resolver")
            }
            if code.contains("LinkResolver(store:") { holders.append(path) }
            #expect(!code.contains("lastInProcess"), "\(path) spells a lifetime as a flag")
            #expect(code.range(of: "Outline\\(parsing:[^\n]*links: (true|false)", options: .regularExpression) == nil, "\(path) spells parse options as flags")
        }
        #expect(holders.sorted() == ["OutlineCore/Workspace/Run.swift", "OutlineCore/Workspace/Workspace.swift"], "\(holders)")
        let declared = core.flatMap { Self.declaredTypes(Self.code($0.text)) }
        #expect(!declared.contains("PathLookup") && !declared.contains("ProcessLifetime"))
        // The run and the session are two types, each with its one job.
        let run = try #require(core.first { $0.path == "OutlineCore/Workspace/Run.swift" }).text
        let session = try #require(core.first { $0.path == "OutlineCore/Workspace/Workspace.swift" }).text
        #expect(run.contains("public final class Run") && !Self.code(run).contains("buffers"))
        #expect(!Self.code(session).contains("func check(") && !Self.code(session).contains("func history("))
    }
}
