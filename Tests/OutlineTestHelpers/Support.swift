import Foundation
// A plain `swift build -c release` (the pre-commit hooks' language: swift) builds this target too,
// where Swift Testing is not there: what needs it is left out then, and only public API is used.
#if canImport(Testing)
import Testing
#endif
import OutlineCLI
import OutlineCore
@_exported import OutlineTestSupport

/// What both test targets share (`OutlineTests`, the fast suite; `OutlineSlowTests`, the slow and
/// external one): the package's paths, running outline in process or as the built binary, a shell,
/// temporary directories, and the tools the external tests install.

/// Paths of the package, found from this file's location.
public enum Paths {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The golden fixtures (`<case>.md` → `<case>.<command>.expected`).
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")

    /// Every fixture document's name, without `.md`.
    public static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// The built `outline` executable: next to the test bundle (SwiftPM puts every product of one build
    /// in the same directory), or OUTLINE_BIN.
    public static var binary: String {
        if let explicit = ProcessInfo.processInfo.environment["OUTLINE_BIN"] { return explicit }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("outline").path
    }
}

/// The result of one run of outline.
public struct RunResult {
    public let status: Int32
    public let stdout: [UInt8]
    public let stderr: String
    public var text: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the command line in this process (the library path).
public func runInProcess(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) -> RunResult {
    let console = Console.captured(stdin: stdin, environment: environment)
    let status = OutlineCommandLine.run(arguments, console: console)
    return RunResult(status: status, stdout: console.output, stderr: console.errorText)
}

/// Runs the real `outline` executable (or `executable`, given the arguments).
@discardableResult
public func runBinary(_ arguments: [String], stdin: [UInt8] = [], directory: URL? = nil,
               environment: [String: String]? = nil, executable: String? = nil) throws -> RunResult {
    // A child may exit without reading its input (an error found first): writing to its closed pipe
    // must give EPIPE here, not kill the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable ?? Paths.binary)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Write and read concurrently so that large inputs and outputs cannot fill a pipe and deadlock.
    let writer = Thread {
        try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
        try? input.fileHandleForWriting.close()
    }
    writer.start()
    final class Box: @unchecked Sendable { var data = Data() }
    let errorBox = Box()
    let errorReader = Thread { errorBox.data = errors.fileHandleForReading.readDataToEndOfFile() }
    errorReader.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorReader.isFinished { usleep(1000) }
    return RunResult(status: process.terminationStatus, stdout: [UInt8](outData), stderr: String(decoding: errorBox.data, as: UTF8.self))
}

/// A fresh temporary directory, removed by the caller with `cleanup`.
public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("outline-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

public func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

#if canImport(Testing)
extension Variant: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

/// Expects two byte strings to be equal, reporting the first differing line with context.
public func expectBytes(_ got: [UInt8], _ expected: [UInt8], _ context: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    if got != expected {
        Issue.record(Comment(rawValue: (context.isEmpty ? "" : context + ": ") + lineDifference(got, expected)), sourceLocation: sourceLocation)
    }
}
#endif

/// Runs a shell command in `directory`; its status and output.
@discardableResult
public func shell(_ command: String, in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["GIT_AUTHOR_NAME"] = "Test"; env["GIT_AUTHOR_EMAIL"] = "test@example.com"
    env["GIT_COMMITTER_NAME"] = "Test"; env["GIT_COMMITTER_EMAIL"] = "test@example.com"
    env["PATH"] = URL(fileURLWithPath: Paths.binary).deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Writes `files` (path from `dir` → text) under `dir`, making their directories.
public func writeFiles(_ files: [String: String], in dir: URL) throws {
    for (path, text) in files {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
