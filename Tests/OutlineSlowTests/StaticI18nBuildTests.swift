import Foundation
import Testing
import OutlineTestHelpers

/// The sites of `I18nFixtures` built with MkDocs and mkdocs-static-i18n (format.md §16): every
/// link `mkdocs build` warns about (a page or file it cannot find, a fragment its page lacks, in
/// any language's build, an English page's in the French build that falls back to it too) is a
/// broken link. `outline check docs` on the same tree must report exactly those.
@Suite("mkdocs-static-i18n sites against mkdocs build", .serialized)
struct StaticI18nBuildTests {
    @Test(.enabled(if: PreCommit.available, "pip is not available: MkDocs cannot be installed"),
          arguments: ["folder", "folder-nofallback", "suffix"])
    func outlineReportsWhatTheBuildBreaks(_ name: String) throws {
        try PreCommit.prepareI18nTools()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try shell("git init -q .", in: dir)
        try writeFiles(I18nFixtures.site(name), in: dir)
        let build = try shell("'\(PreCommit.venv.path)/bin/mkdocs' build -d site 2>&1", in: dir)
        #expect(build.status == 0, "\(build.output)")
        var built = Set<[String]>()
        for line in build.output.split(separator: "\n") {
            guard let file = line.range(of: "Doc file '"), let link = line.range(of: "' contains a link '") else { continue }
            let source = "docs/" + line[file.upperBound..<link.lowerBound]
            let destination = line[link.upperBound...].prefix { $0 != "'" }
            built.insert([source, String(destination)])
        }
        #expect(built == I18nFixtures.broken[name], "the fixture's record of the build is the build's")
        let check = try runBinary(["check", "docs"], directory: dir)
        var reported = Set<[String]>()
        for line in check.text.split(separator: "\n") where line.contains(": broken link '") {
            let rest = line[line.range(of: "broken link '")!.upperBound...]
            reported.insert([String(line.prefix { $0 != ":" }), String(rest.prefix { $0 != "'" })])
        }
        #expect(reported == built, "outline only: \(reported.subtracting(built)); mkdocs only: \(built.subtracting(reported))")
        print("mkdocs-static-i18n \(name): \(built.count) broken, outline \(reported.count)")
    }
}
