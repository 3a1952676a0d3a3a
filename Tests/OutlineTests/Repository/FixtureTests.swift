import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

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

    /// One case of each command through the binary (every case is the slow target's,
    /// `FixtureBinaryTests`): the executable prints what the library does.
    @Test("the outline binary prints the same", arguments: GoldenCase.onePerCommand)
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
