import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// A golden case: `Fixtures/<case>.md` run through one command must print `<case>.<command>.expected`
/// (and, when `<case>.<command>.stderr` exists, exactly those warnings on standard error).
/// Re-record with OUTLINE_RECORD=1: the expected files are rewritten and the run fails, so that a
/// re-recording is always looked at.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    /// Command names in expected-file names, and the arguments they stand for.
    static let commands: [String: [String]] = [
        "id": ["id"],
        "id-strip": ["id", "--strip"],
        "tree": ["tree", "--json"],
        "tree-text": ["tree", "--color", "never"],
        "number": ["number"],
        "number-l23": ["number", "--levels", "2-3"],
        "number-strip": ["number", "--strip"],
        // `-` named: `check` without a FILE refuses an empty standard input (the empty fixture's).
        "check": ["check", "-"],
        "fold-d1": ["fold", "--depth", "1"],
        "fold-d2": ["fold", "--depth", "2"],
        "state": ["state"],
        // Two inputs: `{md}` is the fixture document, standard input is `<case>.<command>.input`.
        "unfold": ["unfold", "--from", "{md}"],
        "diff": ["diff", "{md}", "-"],
        "diff-json": ["diff", "--json", "{md}", "-"],
    ]

    /// `<case>.<command>.status` when the command must fail; otherwise `check` exits 1 when it has
    /// findings and everything else 0.
    var expectedStatus: Int32 {
        let statusURL = Paths.fixtures.appendingPathComponent("\(fixture).\(command).status")
        if let text = try? String(contentsOf: statusURL, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return status
        }
        return (command == "check" || command.hasPrefix("diff")) && !expected.isEmpty ? 1 : 0
    }

    let fixture: String
    let command: String
    var testDescription: String { "\(fixture).md → \(command)" }

    var documentURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).md") }
    var arguments: [String] { GoldenCase.commands[command]!.map { $0 == "{md}" ? documentURL.path : $0 } }
    /// The second input of a two-input command (`unfold`, `diff`), when there is one.
    var inputURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).\(command).input") }
    var hasSecondInput: Bool { FileManager.default.fileExists(atPath: inputURL.path) }
    var input: [UInt8] { (try? [UInt8](Data(contentsOf: hasSecondInput ? inputURL : documentURL))) ?? [] }
    var expectedURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).\(command).expected") }
    var stderrURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).\(command).stderr") }
    var expected: [UInt8] { (try? [UInt8](Data(contentsOf: expectedURL))) ?? [] }
    var expectedStderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// True for fixtures whose variants can be generated (LF endings, no BOM, no bytes that change).
    var isPlain: Bool { !input.contains(13) && !input.starts(with: [0xEF, 0xBB, 0xBF]) }

    static var all: [GoldenCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".expected") }.sorted().compactMap { name in
            let stem = String(name.dropLast(".expected".count))
            guard let dot = stem.lastIndex(of: ".") else { return nil }
            let command = String(stem[stem.index(after: dot)...])
            guard commands[command] != nil else { return nil }
            return GoldenCase(fixture: String(stem[..<dot]), command: command)
        }
    }

    /// Every fixture document.
    static var fixtures: [String] { Paths.fixtureNames }
}

@Suite("Golden fixtures")
struct FixtureTests {
    static let recording = ProcessInfo.processInfo.environment["OUTLINE_RECORD"] == "1"

    @Test("every fixture has golden output for id, tree, number and check")
    func everyFixtureCovered() {
        let cases = GoldenCase.all
        for fixture in GoldenCase.fixtures {
            for command in ["id", "tree", "number", "check"] {
                #expect(cases.contains { $0.fixture == fixture && $0.command == command }, "\(fixture).md has no .\(command).expected")
            }
        }
    }

    @Test("library output matches the golden file", arguments: GoldenCase.all)
    func library(_ golden: GoldenCase) throws {
        let result = runInProcess(golden.arguments, stdin: golden.input)
        if FixtureTests.recording {
            try Data(result.stdout).write(to: golden.expectedURL)
            if result.stderr.isEmpty { try? FileManager.default.removeItem(at: golden.stderrURL) }
            else { try result.stderr.write(to: golden.stderrURL, atomically: true, encoding: .utf8) }
            Issue.record("re-recorded \(golden.expectedURL.lastPathComponent): review it and run again without OUTLINE_RECORD")
            return
        }
        #expect(result.status == golden.expectedStatus)
        expectBytes(result.stdout, golden.expected)
        #expect(result.stderr == golden.expectedStderr)
    }

    @Test("the outline binary prints the same", arguments: GoldenCase.all)
    func binary(_ golden: GoldenCase) throws {
        let result = try runBinary(golden.arguments, stdin: golden.input)
        #expect(result.status == golden.expectedStatus)
        expectBytes(result.stdout, golden.expected)
        #expect(result.stderr == golden.expectedStderr)
    }

    /// (Fold output is not a variant of itself: its markers hash the hidden bytes, line endings included.
    /// Fold is checked on every variant by `foldProperties` instead.)
    @Test("CRLF, BOM and no-final-newline variants give the same result in the same variant",
          arguments: GoldenCase.all.filter { $0.isPlain && !$0.command.hasPrefix("fold") && !$0.hasSecondInput }, [Variant.crlf, .bom, .noFinalNewline])
    func variants(_ golden: GoldenCase, _ variant: Variant) {
        let result = runInProcess(golden.arguments, stdin: variant.apply(golden.input))
        let rewrites = golden.arguments[0] == "id" || golden.arguments[0] == "number"
        let expected = rewrites ? variant.apply(golden.expected) : golden.expected
        #expect(result.status == golden.expectedStatus)
        expectBytes(result.stdout, expected)
        #expect(result.stderr == golden.expectedStderr)
    }

    @Test("round trip and idempotence of id on every fixture and variant",
          arguments: GoldenCase.fixtures, Variant.allCases)
    func idProperties(_ fixture: String, _ variant: Variant) throws {
        let input = variant.apply(try [UInt8](Data(contentsOf: Paths.fixtures.appendingPathComponent("\(fixture).md"))))
        let document = try Document(input)
        let once = try PinIDs.apply(Outline(document)).output
        let twice = try PinIDs.apply(Outline(try Document(once))).output
        expectBytes(twice, once, "id ∘ id ≠ id")
        if document.records.isEmpty {
            let stripped = try PinIDs.strip(Outline(try Document(once))).output
            expectBytes(stripped, input, "id --strip ∘ id ≠ identity")
        }
        // Every section heading now has a valid anchor, and the headings are the same.
        let after = Outline(try Document(once))
        #expect(after.sections.allSatisfy { $0.anchored })
        #expect(after.sections.map(\.heading.text) == Outline(document).sections.map(\.heading.text))
    }

    @Test("round trip, idempotence and commutation of number on every fixture and variant",
          arguments: GoldenCase.fixtures, Variant.allCases)
    func numberProperties(_ fixture: String, _ variant: Variant) throws {
        let input = variant.apply(try [UInt8](Data(contentsOf: Paths.fixtures.appendingPathComponent("\(fixture).md"))))
        let outline = Outline(try Document(input))
        let numbered = try NumberHeadings.apply(outline).output
        let again = try NumberHeadings.apply(Outline(try Document(numbered))).output
        expectBytes(again, numbered, "number ∘ number ≠ number")
        if !NumberHeadings.isNumbered(outline) {
            expectBytes(try NumberHeadings.strip(Outline(try Document(numbered))).output, input, "number --strip ∘ number ≠ identity")
        }
        let idThenNumber = try NumberHeadings.apply(Outline(try Document(try PinIDs.apply(outline).output))).output
        let numberThenID = try PinIDs.apply(Outline(try Document(numbered))).output
        expectBytes(numberThenID, idThenNumber, "id ∘ number ≠ number ∘ id")
        // Titles and IDs do not see the numbers.
        let after = Outline(try Document(numbered))
        #expect(after.sections.map(\.title) == outline.sections.map(\.title))
        #expect(after.sections.map(\.id) == outline.sections.map(\.id))
        #expect(StructureFindings.staleNumbers(after).isEmpty)
    }

    @Test("unfold ∘ fold = identity and fold idempotence on every fixture and variant",
          arguments: GoldenCase.fixtures, Variant.allCases)
    func foldProperties(_ fixture: String, _ variant: Variant) throws {
        let input = variant.apply(try [UInt8](Data(contentsOf: Paths.fixtures.appendingPathComponent("\(fixture).md"))))
        let original = Outline(try Document(input))
        guard !original.sections.contains(where: { $0.duplicateOf != nil || $0.record?.problem != nil }) else {
            // fold refuses duplicate and malformed anchors on visible headings (tested in FoldTests).
            #expect(throws: Diagnostic.self) { try Fold.apply(original, selection: .init(depth: 6)) }
            return
        }
        var selections: [Fold.Selection] = (1...6).map { .init(depth: $0) }
        selections += original.sections.map { .init(ids: [$0.id]) }
        for selection in selections {
            let folded = try Fold.apply(original, selection: selection).output
            let view = Outline(try Document(folded))
            expectBytes(try Fold.apply(view, selection: selection).output, folded, "fold twice, \(selection)")
            expectBytes(try Unfold.apply(view, original: original).output, input, "unfold ∘ fold, \(selection)")
            #expect(try Structure(view).nodes?.map(\.id) == Structure(original).nodes?.map(\.id))
        }
    }
}
