import Foundation
import Testing

/// The rules ARCHITECTURE.md states about the sources, checked over the sources themselves, so that
/// they stay true: only the CommonMark adapter talks to libcmark, the library neither prints nor
/// exits nor names the command line's types.
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

    @Test func onlyTheCommonMarkAdapterImportsCCmark() throws {
        let core = try sources("OutlineCore")
        #expect(core.count > 20)
        for (path, text) in core + (try sources("OutlineCLI")) where text.contains("import CCmark") {
            #expect(path == "OutlineCore/Parsing/CommonMark.swift", "\(path) imports CCmark")
        }
    }

    @Test func theLibraryNeitherPrintsNorExitsNorNamesTheCLI() throws {
        let cliTypes = ["Console", "Invocation", "RewritingCommand", "LinkLookup", "Settings", "Revision", "FileSystem", "Subprocess"]
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
        #expect(sections == Set(1...15), "\(sections.sorted())")
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
}
