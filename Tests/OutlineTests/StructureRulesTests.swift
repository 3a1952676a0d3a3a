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
}
