import Foundation
import Testing
import OutlineTestHelpers
import OutlineTestSupport

/// `outline translation status` and `diff` over generated histories with known truth (format.md
/// §17): a source tree, a translation derived from it by a fixed text transformation that keeps code
/// and structure, then seeded edits to the source committed in git, round after round: body edits,
/// renames, reorders, moves across files, splits, deletions, additions (which change what they
/// touch), and whitespace, renumbering and line-ending changes (which must not), and a translator who
/// now and then updates and stamps a stale section. After every commit each section's status must be
/// exactly the model's, each stale section must name the revision the model says it was translated
/// from, and `diff` must show exactly the source's change.
@Suite("translation: generated histories", .serialized)
struct TranslationHistoryTests {
    struct Section {
        var id: String
        var level: Int
        var title: String
        var body: [String]
    }

    /// The model: source files, which sections changed since their translation was stamped, and the
    /// commit each unchanged-since-stamp section was last seen in (what `status` must name).
    final class Model {
        var files: [[Section]]
        var crlf: [Bool]
        var numbered: [Bool]
        /// (file, id) of the translation → is its source section changed since the stamp?
        var changed: Set<String> = []
        var lastGood: [String: String] = [:]
        /// The translation's IDs per file (what its anchors carry).
        var translated: [Set<String>]
        var counter = 0
        init(files: [[Section]]) {
            self.files = files
            crlf = files.map { _ in false }
            numbered = files.map { _ in false }
            translated = files.map { Set($0.map(\.id)) }
        }
        func fresh() -> Int { counter += 1; return counter }
    }

    static func render(_ sections: [Section], crlf: Bool) -> String {
        var out = ""
        for s in sections {
            out += String(repeating: "#", count: s.level) + " " + s.title + "\n<!-- outline:\(s.id) -->\n\n"
            for line in s.body { out += line + "\n" }
            out += "\n"
        }
        return crlf ? out.replacingOccurrences(of: "\n", with: "\r\n") : out
    }

    /// The fixed transformation: every prose word reversed, code and numbers kept.
    static func translate(_ sections: [Section]) -> String {
        var out = ""
        for s in sections {
            out += String(repeating: "#", count: s.level) + " " + s.title.split(separator: " ").map { String($0.reversed()) }.joined(separator: " ") + "\n<!-- outline:\(s.id) -->\n\n"
            var code = false
            for line in s.body {
                if line.hasPrefix("```") { code.toggle(); out += line + "\n"; continue }
                out += (code ? line : line.split(separator: " ", omittingEmptySubsequences: false).map { $0.allSatisfy(\.isLetter) ? String($0.reversed()) : String($0) }.joined(separator: " ")) + "\n"
            }
            out += "\n"
        }
        return out
    }

    func git(_ command: String, in dir: URL) throws -> String {
        let result = try shell("git -c user.name=t -c user.email=t@t " + command, in: dir)
        #expect(result.status == 0, "git \(command): \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [UInt64(3), 11])
    func statusAndDiffFollowTheTruth(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("en"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("fr"), withIntermediateDirectories: true)
        try "[translation]\nsource = \"en\"\ntargets = [\"fr\"]\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        // Four files of six sections, IDs unique across them.
        var files: [[Section]] = []
        for f in 0..<4 {
            var sections: [Section] = []
            for k in 0..<6 {
                let level = k == 0 ? 1 : Int.random(in: 2...3, using: &random)
                var body = ["Prose of section \(f) \(k) here", "and more words \(k)"]
                if Bool.random(using: &random) { body += ["", "```sh", "run \(f)-\(k)  ", "", "```"] }
                sections.append(Section(id: "s\(f)-\(k)", level: level, title: "Title \(f) \(k)", body: body))
            }
            files.append(sections)
        }
        let model = Model(files: files)
        func name(_ f: Int) -> String { "f\(f).md" }
        func writeSources() throws {
            for f in 0..<model.files.count {
                try Self.render(model.files[f], crlf: model.crlf[f]).write(to: dir.appendingPathComponent("en/" + name(f)), atomically: true, encoding: .utf8)
                if model.numbered[f] { #expect(try runBinary(["number", "-w", "en/" + name(f)], directory: dir).status == 0) }
            }
        }
        try writeSources()
        for f in 0..<model.files.count { try Self.translate(model.files[f]).write(to: dir.appendingPathComponent("fr/" + name(f)), atomically: true, encoding: .utf8) }
        for f in 0..<model.files.count { #expect(try runBinary(["translation", "stamp", "--all", "-w", "fr/" + name(f)], directory: dir).status == 0) }
        _ = try git("init -q -b main .", in: dir)
        _ = try git("add -A", in: dir)
        _ = try git("commit -q -m base", in: dir)
        var head = try git("rev-parse HEAD", in: dir)
        var lastFileCommit = model.files.indices.map { _ in head }
        for f in model.files.indices { for s in model.files[f] { model.lastGood["\(f)/\(s.id)"] = head } }
        var before = try model.files.indices.map { try String(contentsOf: dir.appendingPathComponent("en/" + name($0)), encoding: .utf8) }

        for round in 0..<24 {
            var touched = Set<Int>()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let f = Int.random(in: 0..<model.files.count, using: &random)
                guard !model.files[f].isEmpty else { continue }
                let k = Int.random(in: 0..<model.files[f].count, using: &random)
                let id = model.files[f][k].id
                func isLeaf(_ k: Int) -> Bool { k + 1 >= model.files[f].count || model.files[f][k + 1].level <= model.files[f][k].level }
                switch Int.random(in: 0..<11, using: &random) {
                case 0, 1:   // a body edit
                    model.files[f][k].body[0] += " edit\(model.fresh())"
                    model.changed.insert("\(f)/\(id)")
                case 2:      // a rename
                    guard k > 0 else { continue }
                    model.files[f][k].title += " r\(model.fresh())"
                    model.changed.insert("\(f)/\(id)")
                case 3:      // whitespace only: trailing blanks, a blank line
                    model.files[f][k].body[0] += "   "
                    model.files[f][k].body.insert("", at: 1)
                case 4:      // line endings
                    model.crlf[f].toggle()
                case 5:      // numbering (outline number -w after each write)
                    model.numbered[f].toggle()
                    if !model.numbered[f] { #expect(try runBinary(["number", "--strip", "-w", "en/" + name(f)], directory: dir).status == 0) }
                case 6:      // a leaf moved within its file, after its next sibling leaf of the same level
                    guard k > 0, isLeaf(k), k + 1 < model.files[f].count, model.files[f][k + 1].level == model.files[f][k].level, isLeaf(k + 1) else { continue }
                    model.files[f].swapAt(k, k + 1)
                case 7:      // a leaf moved to the end of another file
                    let g = (f + 1) % model.files.count
                    guard k > 0, isLeaf(k) else { continue }
                    var moved = model.files[f].remove(at: k)
                    moved.level = max(2, moved.level)
                    model.files[g].append(moved)
                    model.changed.remove("\(f)/\(id)")
                    touched.insert(g)
                case 8:      // a leaf deleted
                    guard k > 0, isLeaf(k) else { continue }
                    model.files[f].remove(at: k)
                    model.changed.remove("\(f)/\(id)")
                case 9:      // a new section
                    model.files[f].append(Section(id: "n\(model.fresh())", level: 2, title: "New \(model.counter)", body: ["Fresh text \(model.counter)"]))
                case _:      // a split: the section's last line becomes a new subsection's
                    guard model.files[f][k].level < 6, model.files[f][k].body.count > 1, !model.files[f][k].body.contains("```sh") else { continue }
                    let last = model.files[f][k].body.removeLast()
                    model.files[f].insert(Section(id: "p\(model.fresh())", level: model.files[f][k].level + 1, title: "Part \(model.counter)", body: [last]), at: k + 1)
                    model.changed.insert("\(f)/\(id)")
                }
                touched.insert(f)
            }
            try writeSources()
            // Now and then the translator updates a stale section and stamps it.
            if let stale = model.changed.sorted().first, round % 3 == 2 {
                let parts = stale.split(separator: "/"), f = Int(parts[0])!, id = String(parts[1])
                if model.translated[f].contains(id), model.files[f].contains(where: { $0.id == id }) {
                    let url = dir.appendingPathComponent("fr/" + name(f))
                    var text = try String(contentsOf: url, encoding: .utf8)
                    let anchor = try #require(text.range(of: "<!-- outline:\(id) source="))
                    let end = try #require(text[anchor.upperBound...].firstIndex(of: "\n"))
                    text.insert(contentsOf: "\nuoj-ek-sim \(model.fresh())\n", at: text.index(after: end))
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    #expect(try runBinary(["translation", "stamp", "-w", "fr/" + name(f), id], directory: dir).status == 0)
                    model.changed.remove(stale)
                    model.lastGood[stale] = lastFileCommit[f]
                }
            }
            _ = try git("add -A", in: dir)
            _ = try git("commit -q --allow-empty -m round\(round)", in: dir)
            head = try git("rev-parse HEAD", in: dir)
            // The commit is a version of each source file it changed: its unchanged sections had their
            // stamped content there.
            let after = try model.files.indices.map { try String(contentsOf: dir.appendingPathComponent("en/" + name($0)), encoding: .utf8) }
            for f in model.files.indices where after[f] != before[f] {
                lastFileCommit[f] = head
                for s in model.files[f] where !model.changed.contains("\(f)/\(s.id)") { model.lastGood["\(f)/\(s.id)"] = head }
            }
            before = after

            // The truth: each translated file's sections by ID.
            var expected: [String: [String: String]] = [:]
            for f in model.files.indices {
                var statuses: [String: String] = [:]
                let now = Set(model.files[f].map(\.id))
                for id in model.translated[f] {
                    statuses[id] = !now.contains(id) ? "orphaned" : model.changed.contains("\(f)/\(id)") ? "stale" : "fresh"
                }
                for id in now where !model.translated[f].contains(id) { statuses[id] = "missing" }
                expected["fr/" + name(f)] = statuses
            }
            let result = try runBinary(["translation", "status", "--format", "json"], directory: dir)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], "\(result.stderr)")
            var got: [String: [String: String]] = [:]
            var from: [String: String] = [:]
            for file in json["files"] as? [[String: Any]] ?? [] {
                let path = file["path"] as! String
                for section in file["sections"] as! [[String: Any]] {
                    guard let id = section["id"] as? String else { Issue.record("round \(round): unaligned \(section)"); continue }
                    got[path, default: [:]][id] = section["status"] as? String
                    if let translatedFrom = section["translated_from"] as? [String: Any] { from["\(path)/\(id)"] = translatedFrom["commit"] as? String }
                }
            }
            #expect(got == expected, "seed \(seed) round \(round)")
            if got != expected { return }
            // Each stale section names the revision it was translated from.
            for (f, _) in model.files.enumerated() {
                for id in model.translated[f] where expected["fr/" + name(f)]?[id] == "stale" {
                    #expect(from["fr/\(name(f))/\(id)"] == model.lastGood["\(f)/\(id)"], "seed \(seed) round \(round): \(id)")
                }
            }
            // `diff` shows exactly the change: what it removes minus what it adds is the old
            // section minus the new one, as multisets of lines (true of every correct edit script).
            if let (f, id) = model.files.indices.lazy.flatMap({ f in model.translated[f].sorted().map { (f, $0) } })
                .first(where: { expected["fr/" + name($0.0)]?[$0.1] == "stale" }) {
                let diff = try runBinary(["translation", "diff", "fr/" + name(f), id], directory: dir)
                #expect(diff.status == 1)
                let lines = diff.text.components(separatedBy: "\n")
                let minus = lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.map { String($0.dropFirst()) }
                let plus = lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.map { String($0.dropFirst()) }
                let commit = try #require(model.lastGood["\(f)/\(id)"])
                let then = try git("show \(commit):en/\(name(f))", in: dir)
                let now = try String(contentsOf: dir.appendingPathComponent("en/" + name(f)), encoding: .utf8)
                func section(_ text: String) -> [String] {
                    let all = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
                    guard let anchor = all.firstIndex(where: { $0.hasPrefix("<!-- outline:\(id) ") || $0 == "<!-- outline:\(id) -->" }) else { return [] }
                    var end = anchor + 1
                    while end < all.count && !all[end].hasPrefix("#") { end += 1 }
                    return [all[anchor - 1]] + all[(anchor + 1)..<end].filter { !$0.isEmpty }
                }
                func counts(_ lines: [String]) -> [String: Int] { lines.filter { !$0.isEmpty }.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
                var removed = counts(minus), added = counts(plus)
                for (line, n) in counts(plus) { removed[line, default: 0] -= n }
                for (line, n) in counts(minus) { added[line, default: 0] -= n }
                var old = counts(section(then)), new = counts(section(now))
                for (line, n) in counts(section(now)) { old[line, default: 0] -= n }
                for (line, n) in counts(section(then)) { new[line, default: 0] -= n }
                #expect(removed.filter { $0.value != 0 } == old.filter { $0.value != 0 }, "seed \(seed) round \(round) \(id):\n\(diff.text)")
                #expect(added.filter { $0.value != 0 } == new.filter { $0.value != 0 }, "seed \(seed) round \(round) \(id):\n\(diff.text)")
            }
        }
    }

    /// History is read once a run: one `git log` and one `git cat-file` whatever the number of stale
    /// sections and files (format.md §17).
    @Test func historyIsReadOnce() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("en"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("fr"), withIntermediateDirectories: true)
        try "[translation]\nsource = \"en\"\ntargets = [\"fr\"]\n".write(to: dir.appendingPathComponent(".outline.toml"), atomically: true, encoding: .utf8)
        for n in 0..<30 {
            let sections = (0..<5).map { Section(id: "s\(n)-\($0)", level: $0 == 0 ? 1 : 2, title: "T \($0)", body: ["Body \($0)"]) }
            try Self.render(sections, crlf: false).write(to: dir.appendingPathComponent("en/f\(n).md"), atomically: true, encoding: .utf8)
            try Self.translate(sections).write(to: dir.appendingPathComponent("fr/f\(n).md"), atomically: true, encoding: .utf8)
            #expect(try runBinary(["translation", "stamp", "--all", "-w", "fr/f\(n).md"], directory: dir).status == 0)
        }
        _ = try git("init -q -b main .", in: dir)
        _ = try git("add -A", in: dir)
        _ = try git("commit -q -m base", in: dir)
        #expect(try shell("sed -i 's/^Body/Changed body/' en/*.md", in: dir).status == 0)
        _ = try git("commit -q -am change", in: dir)
        let wrapper = dir.appendingPathComponent("bin")
        try fm.createDirectory(at: wrapper, withIntermediateDirectories: true)
        let real = try shell("command -v git", in: dir).output.trimmingCharacters(in: .whitespacesAndNewlines)
        try "#!/bin/sh\necho \"$*\" >> '\(dir.path)/git.log'\nexec '\(real)' \"$@\"\n".write(to: wrapper.appendingPathComponent("git"), atomically: true, encoding: .utf8)
        #expect(try shell("chmod +x bin/git", in: dir).status == 0)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let result = try runBinary(["translation", "status", "--format", "json"], directory: dir, environment: ["PATH": wrapper.path + ":" + path])
        #expect(result.text.contains("\"stale\": 150"), "\(result.text.suffix(200))")
        let log = try String(contentsOf: dir.appendingPathComponent("git.log"), encoding: .utf8).components(separatedBy: "\n")
        #expect(log.filter { $0.contains(" log ") }.count == 1, "\(log)")
        #expect(log.filter { $0.contains("cat-file") }.count == 1, "\(log)")
        // Besides: a walk of each tree (ls-files) and the work tree's top and HEAD (rev-parse).
        #expect(log.filter { !$0.isEmpty }.count == 6, "\(log)")
    }
}
