import Foundation
import Testing

/// A golden case: `Fixtures/<case>.md` run through one command must print `<case>.<command>.expected`
/// (and, when `<case>.<command>.stderr` exists, exactly those warnings on standard error).
/// Re-record with OUTLINE_RECORD=1: the expected files are rewritten and the run fails, so that a
/// re-recording is always looked at.
public struct GoldenCase: CustomTestStringConvertible, Sendable {
    /// Command names in expected-file names, and the arguments they stand for.
    public static let commands: [String: [String]] = [
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
    public var expectedStatus: Int32 {
        let statusURL = Paths.fixtures.appendingPathComponent("\(fixture).\(command).status")
        if let text = try? String(contentsOf: statusURL, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return status
        }
        return (command == "check" || command.hasPrefix("diff")) && !expected.isEmpty ? 1 : 0
    }

    public let fixture: String
    public let command: String
    public var testDescription: String { "\(fixture).md → \(command)" }

    public var documentURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).md") }
    public var arguments: [String] { GoldenCase.commands[command]!.map { $0 == "{md}" ? documentURL.path : $0 } }
    /// The second input of a two-input command (`unfold`, `diff`), when there is one.
    public var inputURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).\(command).input") }
    public var hasSecondInput: Bool { FileManager.default.fileExists(atPath: inputURL.path) }
    public var input: [UInt8] { (try? [UInt8](Data(contentsOf: hasSecondInput ? inputURL : documentURL))) ?? [] }
    public var expectedURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).\(command).expected") }
    public var stderrURL: URL { Paths.fixtures.appendingPathComponent("\(fixture).\(command).stderr") }
    public var expected: [UInt8] { (try? [UInt8](Data(contentsOf: expectedURL))) ?? [] }
    public var expectedStderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// True for fixtures whose variants can be generated (LF endings, no BOM, no bytes that change).
    public var isPlain: Bool { !input.contains(13) && !input.starts(with: [0xEF, 0xBB, 0xBF]) }

    public static var all: [GoldenCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".expected") }.sorted().compactMap { name in
            let stem = String(name.dropLast(".expected".count))
            guard let dot = stem.lastIndex(of: ".") else { return nil }
            let command = String(stem[stem.index(after: dot)...])
            guard commands[command] != nil else { return nil }
            return GoldenCase(fixture: String(stem[..<dot]), command: command)
        }
    }

    /// The first case of each command, for a quick run through the binary.
    public static var onePerCommand: [GoldenCase] {
        var seen = Set<String>()
        return all.filter { seen.insert($0.command).inserted }
    }

    /// Every fixture document.
    public static var fixtures: [String] { Paths.fixtureNames }
}

