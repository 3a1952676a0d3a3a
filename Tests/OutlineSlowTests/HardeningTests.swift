import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// Pathological Markdown (cmark's own list): outline finishes with a correct result. Speed against cmark
/// is measured by bench/run, not here.
@Suite("Hardening: pathological input", .serialized)
struct PathologicalTests {
    static let cases: [(String, String)] = [
        ("25,000-deep block quotes", String(repeating: ">", count: 25_000) + " deep\n\n# After\n"),
        ("25,000 nested brackets", String(repeating: "[", count: 25_000) + "\n\n# After\n"),
        ("100,000 unclosed brackets", String(repeating: "[a ", count: 100_000) + "\n\n# After\n"),
        ("![[]() repeated", String(repeating: "![[]()", count: 20_000) + "\n\n# After\n"),
        ("unclosed <!-- repeated", String(repeating: "a <!-- ", count: 20_000) + "\n\n# After\n"),
        ("25,000-deep list items", String(repeating: "- ", count: 25_000) + "x\n\n# After\n"),
        ("50,000-deep list items with a link", String(repeating: "- ", count: 50_000) + "[x](#after)\n\n# After\n"),
        ("20,000-deep emphasis in a heading", "# " + String(repeating: "*", count: 20_000) + "x" + String(repeating: "*", count: 20_000) + "\n\n# After\n"),
        ("a 2 MB line and a 1 MB heading", "# " + String(repeating: "word ", count: 200_000) + "\n" + String(repeating: "text ", count: 400_000) + "\n## End\n"),
        ("heading-like lines in a 50,000-line fence", "```\n" + String(repeating: "# not a heading\n", count: 50_000) + "```\n# After\n"),
    ]

    @Test("finishes with a correct result", arguments: cases)
    func pathological(_ name: String, _ text: String) throws {
        let input = bytes(text)
        let outline = Outline(try Document(input))
        #expect(outline.sections.last?.title == "After" || outline.sections.last?.title == "End", "\(name)")
        let pinned = try PinIDs.apply(outline).output
        expectBytes(try PinIDs.strip(Outline(try Document(pinned))).output, input, name)
        let folded = try Fold.apply(outline, selection: .init(depth: 1)).output
        expectBytes(try Unfold.apply(Outline(try Document(folded)), original: outline).output, input, name)
        // Links: every node walked without recursion, the one link found and resolved.
        let linked = try Outline(parsing: input, [.links])
        let findings = LinkCheck.brokenLinks(linked, path: "-", profile: .github, root: ".", lookup: { _ in .missing })
        #expect(findings.isEmpty, "\(name): \(findings.prefix(3))")
    }

    @Test func aMillionHeadings() throws {
        var text = ""
        text.reserveCapacity(4_000_000)
        for _ in 0..<1_000_000 { text += "# h\n" }
        let input = bytes(text)
        let result = try runBinary(["id"], stdin: input)
        #expect(result.status == 0 && result.stderr.isEmpty)
        // Every heading got an anchor with a unique ID, in order: h, h-1, …, h-999999.
        let lines = result.stdout.split(separator: 10, omittingEmptySubsequences: false)
        #expect(lines.count == 2_000_001)
        #expect(lines[1].elementsEqual("<!-- outline:h -->".utf8))
        #expect(lines[1_999_999].elementsEqual("<!-- outline:h-999999 -->".utf8))
        let stripped = try runBinary(["id", "--strip"], stdin: result.stdout)
        #expect(stripped.stdout == input)
    }
}

/// A fuzz-style test: random mutations of the fixtures and the CommonMark spec examples, run through
/// random commands. Never a crash; either exit 2 with nothing written, or output that satisfies the
/// round trips. `make fuzz` runs many more cases (OUTLINE_FUZZ_CASES).
@Suite("Hardening: fuzz")
struct FuzzTests {
    static var seeds: [[UInt8]] {
        var documents = Paths.fixtureNames.compactMap { try? [UInt8](Data(contentsOf: Paths.fixtures.appendingPathComponent("\($0).md"))) }
        let corpus = ProcessInfo.processInfo.environment["CORPUS"] ?? Paths.root.appendingPathComponent("Tests/Corpus/commonmark-0.31.2.json").path
        if let data = FileManager.default.contents(atPath: corpus),
           let examples = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] {
            documents += examples.compactMap { ($0["markdown"] as? String).map { Array($0.utf8) } }
        }
        return documents
    }

    static let injections: [[UInt8]] = [
        "# Heading", "## ", "---", "===", "```", "~~~", "    # code", "> # quoted", "- # item", "+++", "title: x",
        "<!-- outline:injected -->", "<!-- outline:Bad ID -->", "<!-- outline: -->", "<!-- outline:x number=1 -->",
        "<!-- outline:number=2 -->", "<!-- outline-fold:x lines=1-2 hash=00000000 -->", "<!-- outline-fold:bad -->",
        "<!-- outline:unclosed", "-->", "[ref]: /url", "Setext", "1. list", "## 1 Numbered", "{#custom}", "",
        // Lines that cannot start a paragraph but continue one (issue 9.1), fold's own marks, huge numbers.
        "<x>", "    T", "2. x", "-", "<!-- outline:x fold=added -->", "<!-- outline:x -->",
        "<!-- outline-fold:x lines=1-9223372036854775807 -->", "[a]: /u 'title'", "## [Linked][ref]",
    ].map { Array($0.utf8) } + [[0xFF, 0xFE], [0xC0, 0x80], [0xEF, 0xBB, 0xBF], [0], [13], [0xE2, 0x80, 0xA8],
        Array("[a]: /u \"".utf8) + [0xFF] + Array("\"".utf8), Array("[b]: /u (".utf8) + [0xED, 0xA0, 0x80] + Array(")".utf8)]

    static func mutate(_ document: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var lines = document.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let at = Int.random(in: 0...lines.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: lines.insert(injections.randomElement(using: &rng)!, at: at)
            case 1: if at < lines.count { lines.remove(at: at) }
            case 2: if at < lines.count { lines.insert(lines[at], at: at) }
            case 3: if at < lines.count { lines[at] = injections.randomElement(using: &rng)! + lines[at] }
            case 4: if at < lines.count, !lines[at].isEmpty { lines[at].insert(contentsOf: injections.randomElement(using: &rng)!, at: Int.random(in: 0..<lines[at].count, using: &rng)) }
            default: if at < lines.count { lines[at] += [13] }
            }
        }
        var out: [UInt8] = []
        let ending: [UInt8] = [[10], [13, 10], [13]].randomElement(using: &rng)!
        for (k, line) in lines.enumerated() {
            out += line
            if k < lines.count - 1 { out += Int.random(in: 0..<8, using: &rng) == 0 ? [10] : ending }
        }
        return out
    }

    static let commands: [[String]] = [
        ["id"], ["id", "--strip"], ["number"], ["number", "--strip"], ["number", "--levels", "2-3"], ["tree", "--json"],
        ["tree"], ["check"], ["state"], ["fold", "--depth", "1"], ["fold", "--depth", "2"], ["fold", "--depth", "3"],
        ["fold", "--id"],   // the ID is picked from the document
    ]

    @Test func randomMutationsNeverCrashAndKeepTheRoundTrips() throws {
        let count = Int(ProcessInfo.processInfo.environment["OUTLINE_FUZZ_CASES"] ?? "") ?? 3000
        let seeds = FuzzTests.seeds
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["OUTLINE_FUZZ_SEED"] ?? "") ?? 20261129)
        var failures = 0
        var ran = 0, errors = 0
        for _ in 0..<count {
            let input = FuzzTests.mutate(seeds.randomElement(using: &rng)!, &rng)
            var command = FuzzTests.commands.randomElement(using: &rng)!
            if command == ["fold", "--id"] {
                // One or two sections by ID (nested selections included).
                let ids = (try? Outline(Document(input)))?.sections.map(\.id) ?? []
                if let first = ids.randomElement(using: &rng) { command += [first] } else { command = ["fold", "--depth", "1"] }
                if command.count == 3, Bool.random(using: &rng), let second = ids.randomElement(using: &rng) { command += ["--id", second] }
            }
            let result = runInProcess(command, stdin: input)
            ran += 1
            func fail(_ why: String) {
                failures += 1
                if failures <= 10 { Issue.record("\(command) on \(String(decoding: input, as: UTF8.self).debugDescription): \(why)") }
            }
            guard [0, 1, 2].contains(result.status) else { fail("exit \(result.status)"); continue }
            if input.contains(0) && result.status != 2 { fail("NUL input accepted") }
            if result.status == 2 {
                errors += 1
                if !result.stdout.isEmpty { fail("error with output") }
                if !result.stderr.hasPrefix("outline: ") { fail("error message \(result.stderr.debugDescription)") }
                continue
            }
            let output = result.stdout
            switch command[0] {
            case "id" where command.count == 1:
                let again = runInProcess(["id"], stdin: output)
                if again.stdout != output { fail("id ∘ id ≠ id") }
                // id never changes which headings cmark sees (their levels and text).
                let before = (try? Document(input))?.headings.map { "\($0.level) \($0.text)" }
                let after = (try? Document(output))?.headings.map { "\($0.level) \($0.text)" }
                if before != after { fail("id changed the headings") }
                if let doc = try? Document(input), doc.records.isEmpty, doc.markers.isEmpty, doc.malformedMarkers.isEmpty,
                   runInProcess(["id", "--strip"], stdin: output).stdout != input {
                    fail("id --strip ∘ id ≠ identity")
                }
            case "number" where command.count == 1:
                if runInProcess(["number"], stdin: output).stdout != output { fail("number ∘ number ≠ number") }
                if let doc = try? Document(input), doc.records.isEmpty, runInProcess(["number", "--strip"], stdin: output).stdout != input {
                    fail("number --strip ∘ number ≠ identity")
                }
            case "check":
                // In a numbered document, check's stale-numbering findings are exactly what number would change.
                guard let doc = try? Document(input), doc.markers.isEmpty, doc.malformedMarkers.isEmpty,
                      NumberHeadings.isNumbered(Outline(doc)) else { break }
                let stale = result.text.contains("run 'outline number -w'")
                let number = runInProcess(["number", "--check"], stdin: input)
                if number.status == 2 { break }
                if stale != (number.status == 1) { fail("check says stale=\(stale), number --check exits \(number.status)") }
            case "fold":
                // The view must be a folded view outline can read back: idempotent, and the same
                // headings as the sections it means to show (levels; text may lose hidden definitions).
                if runInProcess(command, stdin: output).stdout != output { fail("fold ∘ fold ≠ fold") }
                for reader in [["tree", "--json"], ["state"]] {
                    let r = runInProcess(reader, stdin: output)
                    if r.status != 0 { fail("\(reader) of the view: \(r.status) \(r.stderr)") }
                }
                if let doc = try? Document(input), doc.markers.isEmpty, let viewDoc = try? Document(output),
                   command[1] == "--depth", let depth = Int(command[2]) {
                    let shown = Outline(doc).sections.filter { $0.depth <= depth }.map(\.heading.level)
                    if viewDoc.headings.map(\.level) != shown { fail("the view's headings are not the visible sections") }
                }
                // Only a document that is not a folded view already is its own original.
                guard let doc = try? Document(input), doc.markers.isEmpty else { break }
                let console = Console.captured(stdin: output)
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent("outline-fuzz-\(getpid()).md")
                try Data(input).write(to: dir)
                defer { try? FileManager.default.removeItem(at: dir) }
                let status = OutlineCommandLine.run(["unfold", "--from", dir.path], console: console)
                if status != 0 || console.output != input { fail("unfold ∘ fold ≠ identity (\(status): \(console.errorText))") }
            default:
                break
            }
        }
        #expect(failures == 0)
        #expect(ran == count && errors < count / 2, "\(errors) of \(ran) runs were errors")
    }
}

/// In-place writes under failure: killed at random moments, read-only directories, unwritable files.
@Suite("Hardening: in-place writes", .serialized)
struct WriteFailureTests {
    @Test func killedAtRandomMomentsLeavesOldOrNewContent() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var big = ""
        for i in 0..<60_000 { big += "## Section \(i)\n\nSome text for section \(i), long enough to matter.\n\n" }
        let original = bytes(big)
        let expected = try runBinary(["id"], stdin: original).stdout
        let files = (0..<4).map { dir.appendingPathComponent("doc\($0).md") }
        // How long a whole run takes here; the kills are spread from the start to past its end, so
        // that some rounds end before anything is written and the last after everything is.
        for f in files { try Data(original).write(to: f) }
        let clock = ContinuousClock()
        let whole = try clock.measure { try runBinary(["id", "-w"] + files.map(\.path)) }
        let wholeMicroseconds = UInt32(whole.components.seconds * 1_000_000 + whole.components.attoseconds / 1_000_000_000_000)
        var rng = SeededRandom(seed: 7)
        var rewritten: [Int] = []   // per round, how many files hold the new content
        let rounds = 12
        for round in 0..<rounds {
            for f in files { try Data(original).write(to: f) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Paths.binary)
            process.arguments = ["id", "-w"] + files.map(\.path)
            try process.run()
            // Round 0 kills at once; the last waits 1.5 whole runs; between them, spread with jitter.
            let base = UInt64(wholeMicroseconds) * 3 * UInt64(round) / UInt64(2 * (rounds - 1))
            let jitter = round == 0 || round == rounds - 1 ? 0 : UInt64.random(in: 0..<UInt64(max(1, wholeMicroseconds / 10)), using: &rng)
            if round == rounds - 1 {
                // The last round lets the run finish (a time guessed from one earlier run is too short
                // on a loaded machine): then every file is new.
                process.waitUntilExit()
            } else {
                usleep(UInt32(base + jitter))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            var new = 0
            for f in files {
                let now = try [UInt8](Data(contentsOf: f))
                #expect(now == original || now == expected, "round \(round): \(f.lastPathComponent) is neither old nor new (\(now.count) bytes)")
                if now == expected { new += 1 }
            }
            rewritten.append(new)
            // Temporary files of a killed run are hidden (.name.outline-XXXXXX); remove them between rounds.
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasPrefix(".") {
                try FileManager.default.removeItem(at: dir.appendingPathComponent(name))
            }
        }
        // Killed before it wrote anything, every file is old; after it finished, every file is new.
        #expect(rewritten.first == 0 && rewritten.last == files.count, "files rewritten per round: \(rewritten)")
    }

    /// Runs the binary as an unprivileged user (root could write anywhere).
    func runUnprivileged(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        let asRoot = getuid() == 0
        process.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : Paths.binary)
        process.arguments = asRoot ? ["--reuid=nobody", "--regid=nogroup", "--clear-groups", Paths.binary] + arguments : arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func readOnlyDirectoryAndUnwritableFile() throws {
        let dir = try temporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.appendingPathComponent("ro").path)
            try? FileManager.default.removeItem(at: dir)
        }
        let doc = bytes("# Title\n\ntext\n")
        let fm = FileManager.default
        try fm.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        // A read-only directory: no temporary file can be made there.
        let ro = dir.appendingPathComponent("ro")
        try fm.createDirectory(at: ro, withIntermediateDirectories: true)
        let inRO = ro.appendingPathComponent("a.md")
        try Data(doc).write(to: inRO)
        try fm.setAttributes([.posixPermissions: 0o666], ofItemAtPath: inRO.path)
        try fm.setAttributes([.posixPermissions: 0o555], ofItemAtPath: ro.path)
        let first = try runUnprivileged(["id", "-w", inRO.path])
        #expect(first.status == 2 && first.stderr.hasPrefix("outline: \(inRO.path): cannot write: permission denied"), "\(first.stderr)")
        #expect(try [UInt8](Data(contentsOf: inRO)) == doc)
        #expect(try fm.contentsOfDirectory(atPath: ro.path) == ["a.md"])
        // An unwritable file in a writable directory is not replaced behind its back.
        let locked = dir.appendingPathComponent("locked.md")
        try Data(doc).write(to: locked)
        try fm.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked.path)
        let second = try runUnprivileged(["id", "-w", locked.path])
        #expect(second.status == 2 && second.stderr == "outline: \(locked.path): cannot write: permission denied\n", "\(second.stderr)")
        #expect(try [UInt8](Data(contentsOf: locked)) == doc)
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["locked.md", "ro"])
    }
}
