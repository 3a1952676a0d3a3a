import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// outline's YAML reader (format.md §16: how `mkdocs.yml` is read) against PyYAML, which MkDocs
/// itself reads it with: seeded documents made of the constructs configuration files use (block and
/// flow collections, plain, quoted and block scalars, comments, tags, anchors, merge keys), each
/// read by both and compared value for value.
@Suite("YAML against PyYAML", .serialized)
struct YAMLReaderTests {
    /// A seeded generator of YAML documents and the structure each holds.
    struct Generator {
        var state: UInt64
        /// Anchors made so far: each name used once (PyYAML refuses a second `&a`).
        var anchors = 0
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let words = ["docs", "site_name", "toc", "attr_list", "a b", "x:y", "with-dash", "Ünïcödé", "1.5", "true", "null", "#hash", "it's", "say \"hi\""]

        mutating func scalar() -> String {
            let w = words[next(words.count)]
            switch next(4) {
            case 0 where !w.contains(":") && !w.hasPrefix("#") && !w.contains("\"") && !w.contains("'") && w != "true" && w != "null" && w != "1.5": return w
            case 1: return "'" + w.replacingOccurrences(of: "'", with: "''") + "'"
            default: return "\"" + w.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
        }

        mutating func key() -> String { ["alpha", "beta", "gamma", "docs_dir", "markdown_extensions", "slugify", "kwds"][next(7)] + String(next(50)) }

        mutating func flow(_ depth: Int) -> String {
            if depth > 2 || next(3) == 0 { return scalar() }
            if next(2) == 0 { return "[" + (0..<next(4)).map { _ in flow(depth + 1) }.joined(separator: ", ") + "]" }
            return "{" + (0..<next(4)).map { _ in key() + ": " + flow(depth + 1) }.joined(separator: ", ") + "}"
        }

        /// A block node at `indent`, as the lines after `key:` or `- `.
        mutating func block(_ indent: Int, _ depth: Int) -> [String] {
            let pad = String(repeating: " ", count: indent)
            switch depth > 3 ? 0 : next(6) {
            case 0, 1:
                var lines: [String] = []
                var used = Set<String>()
                for _ in 0..<(1 + next(3)) {
                    var k = key()
                    while used.contains(k) { k += "x" }
                    used.insert(k)
                    if next(4) == 0 { lines.append(pad + "# a comment") }
                    switch next(4) {
                    case 0: lines.append(pad + k + ":"); lines += block(indent + 2, depth + 1)
                    case 1: lines.append(pad + k + ": " + flow(0) + (next(3) == 0 ? "  # trailing" : ""))
                    case 2: lines.append(pad + k + ": |" + ["", "-", "+"][next(3)]); lines += [pad + "  line one", pad + "    deeper", "", pad + "  last"]
                    default: lines.append(pad + k + ": !!python/name:pymdownx.slugs.uslugify" + String(next(3)))
                    }
                }
                return lines
            case 2:
                var lines: [String] = []
                for _ in 0..<(1 + next(3)) {
                    if next(2) == 0 { lines.append(pad + "- " + flow(0)) } else {
                        let inner = block(indent + 2, depth + 1)
                        lines.append(pad + "- " + inner[0].dropFirst(indent + 2))
                        lines += inner.dropFirst()
                    }
                }
                return lines
            case 3:
                return [pad + "folded: >", pad + "  folded one", pad + "  folded two", "", pad + "  after blank"]
            case 4:
                // Merge keys: a mapping's own keys over the merged ones (one shared with the base),
                // an earlier mapping of a list over a later one, in block and flow mappings.
                anchors += 2
                let (a, b) = ("m\(anchors - 1)", "m\(anchors)")
                return [pad + "base: &\(a) {shared: " + scalar() + ", " + key() + ": " + flow(1) + "}",
                        pad + "other: &\(b) {shared: " + scalar() + ", only: " + scalar() + "}",
                        pad + "merged:", pad + "  " + key() + ": " + scalar(), pad + "  <<: *\(a)", pad + "  shared: " + scalar(),
                        pad + "both: {<<: [*\(b), *\(a)], last: " + scalar() + "}",
                        pad + "list:", pad + "  - <<: *\(b)", pad + "    only: " + scalar()]
            default:
                anchors += 1
                return [pad + "tagged: !ENV [HOME, default]", pad + "anchor: &a\(anchors) " + flow(0), pad + "alias: *a\(anchors)"]
            }
        }
    }

    static func json(_ y: ConfigValue) -> JSONValue {
        switch y {
        case .null: return .null
        case .scalar(let s, let plain):
            if plain { if let b = y.bool { return .bool(b) }; if let n = Int(s) { return .int(n) }; if y.isNull { return .null } }
            return .string(s)
        case .list(let items): return .array(items.map(json))
        case .map(let pairs): return .object(pairs.map { ($0.key, json($0.value)) })
        case .tagged(let t, let v): return .object([("!", .string(t)), ("v", json(v))])
        }
    }

    @Test(.enabled(if: PreCommit.available, "pip is not available: PyYAML cannot be installed"))
    func generatedDocumentsReadAsPyYAMLReadsThem() throws {
        try PreCommit.prepareVenv()
        let python = PreCommit.venv.appendingPathComponent("bin/python").path
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = Generator(state: 20261203)
        var ours: [String] = []
        for k in 0..<300 {
            let text = generator.block(0, 0).joined(separator: "\n") + "\n"
            try text.write(to: dir.appendingPathComponent("\(k).yml"), atomically: true, encoding: .utf8)
            do { ours.append(Self.json(try ConfigValue.yaml(Array(text.utf8))).compact()) } catch { ours.append("ERROR \(error)") }
        }
        // PyYAML as MkDocs loads it (SafeLoader with every tag kept as {"!": tag, "v": value}); its
        // YAML 1.1 booleans (yes/no/on/off) and floats are read back as outline reads them.
        let script = """
        import json, sys, yaml, glob
        class L(yaml.SafeLoader): pass
        def tagged(loader, suffix, node):
            if isinstance(node, yaml.ScalarNode): v = loader.construct_scalar(node); v = None if v == '' else v
            elif isinstance(node, yaml.SequenceNode): v = loader.construct_sequence(node, deep=True)
            else: v = loader.construct_mapping(node, deep=True)
            return {"!": node.tag.replace("tag:yaml.org,2002:", "!!"), "v": v}
        L.add_multi_constructor('!', tagged)
        L.add_multi_constructor('tag:yaml.org,2002:python/', tagged)
        L.add_constructor('tag:yaml.org,2002:float', lambda l, n: l.construct_scalar(n))
        for k in range(300):
            try: print(json.dumps(yaml.load(open(sys.argv[1] + '/%d.yml' % k), Loader=L), ensure_ascii=False))
            except yaml.YAMLError as e: print(json.dumps({"PyYAML refuses": str(e).split(chr(10))[0]}))
        """
        try script.write(to: dir.appendingPathComponent("read.py"), atomically: true, encoding: .utf8)
        let result = try shell("'\(python)' read.py '\(dir.path)'", in: dir)
        #expect(result.status == 0, "\(result.output)")
        let theirs = result.output.split(separator: "\n").map(String.init)
        #expect(theirs.count == 300)
        var agreed = 0
        for (k, line) in theirs.enumerated() where k < ours.count {
            let a = try JSONReader.parse(Array(line.utf8)), b = try? JSONReader.parse(Array(ours[k].utf8))
            if a == b { agreed += 1 } else { Issue.record("\(k).yml: PyYAML \(line)\noutline \(ours[k])\n\(try String(contentsOf: dir.appendingPathComponent("\(k).yml"), encoding: .utf8))") }
        }
        #expect(agreed == 300)
    }
}
