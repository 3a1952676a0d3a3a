import Testing
@testable import OutlineCore

/// format.md §11: every reader of a configuration stops at one documented depth, `Nesting.limit`;
/// what nests deeper is an error at its line, never a crash (20,000 levels overflowed each of them).
@Suite("nesting limits of the readers")
struct NestingTests {
    let limit = Nesting.limit
    func open(_ n: Int, _ s: String = "[") -> String { String(repeating: s, count: n) }

    /// The message a reader gives past the limit, or nil when it read the text.
    func yamlFailure(_ text: String) -> String? {
        do { _ = try ConfigValue.yaml(Array(text.utf8)); return nil } catch let d as Diagnostic { return "\(d.line ?? 0): \(d.message)" } catch { return "\(error)" }
    }

    func tomlFailure(_ text: String) -> String? {
        do { _ = try ConfigValue.toml(Array(text.utf8)); return nil } catch let d as Diagnostic { return "\(d.line ?? 0): \(d.message)" } catch { return "\(error)" }
    }

    @Test func theLimitIsDocumentedAndAtLeast256() {
        #expect(limit >= 256)
        #expect(Nesting.tooDeep == "nesting deeper than \(limit)")
    }

    @Test func yamlFlowBlockPropertiesAndAliases() {
        // Flow collections: the limit read, one more refused at its line.
        #expect(yamlFailure("a: 1\nx: " + open(limit - 1) + open(limit - 1, "]")) == nil)
        #expect(yamlFailure("a: 1\nx: " + open(limit) + open(limit, "]")) == "2: cannot read YAML: nesting deeper than \(limit)")
        #expect(yamlFailure("x: " + open(20_000) + open(20_000, "]")) == "1: cannot read YAML: nesting deeper than \(limit)")
        // Block mappings, one more space each line.
        let block = (0..<400).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        #expect(yamlFailure(block)?.hasSuffix("cannot read YAML: nesting deeper than \(limit)") == true)
        // Properties alone on their lines nest without a collection.
        #expect(yamlFailure(open(20_000, "!t\n") + "x") != nil)
        #expect(yamlFailure(open(20_000, "&a\n") + "x")?.hasSuffix("nesting deeper than \(limit)") == true)
        // An alias counts its anchor's height where it stands: 200 + 200 is too deep, 200 + 50 is not.
        let anchor = "a: &a " + open(200) + open(200, "]") + "\n"
        #expect(yamlFailure(anchor + "b: " + open(50) + "*a" + open(50, "]")) == nil)
        #expect(yamlFailure(anchor + "b: " + open(100) + "*a" + open(100, "]")) == "2: cannot read YAML: nesting deeper than \(limit)")
        #expect(yamlFailure(anchor + "b:\n  c: *a\n") == nil)
    }

    @Test func yamlAliasesAreSharedNotCopied() throws {
        // A billion laughs: ten aliases a level, nine levels. Read in one pass over its text.
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for i in 1..<10 { lines.append("a\(i): &a\(i) [" + (0..<10).map { _ in "*a\(i - 1)" }.joined(separator: ", ") + "]") }
        let value = try ConfigValue.yaml(Array(lines.joined(separator: "\n").utf8))
        #expect(value["a9"]?.list?.count == 10 && value["a9"]?.list?[9].list?[0].list?.count == 10)
    }

    @Test func tomlArraysInlineTablesAndKeys() {
        #expect(tomlFailure("x = " + open(limit) + open(limit, "]")) == nil)
        #expect(tomlFailure("a = 1\nx = " + open(limit + 1) + open(limit + 1, "]")) == "2: cannot read TOML: nesting deeper than \(limit)")
        #expect(tomlFailure("x = " + open(20_000, "{a = ") + "1" + open(20_000, "}")) == "1: cannot read TOML: nesting deeper than \(limit)")
        // A table's name and a dotted key nest as much as brackets do.
        let deepName = (0...limit).map { _ in "a" }.joined(separator: ".")
        #expect(tomlFailure("[\(deepName)]\n") == "1: cannot read TOML: nesting deeper than \(limit)")
        #expect(tomlFailure("\(deepName) = 1\n") == nil)
        #expect(tomlFailure("\(deepName).a = 1\n") == "1: cannot read TOML: nesting deeper than \(limit)")
        let half = (0..<(limit / 2)).map { _ in "a" }.joined(separator: ".")
        #expect(tomlFailure("[\(half)]\n\(half) = " + open(2) + open(2, "]")) == "2: cannot read TOML: nesting deeper than \(limit)")
        #expect(tomlFailure("[\(half)]\nb = " + open(2) + open(2, "]")) == nil)
    }

    @Test func jsonJavaScriptAndPython() {
        #expect(throws: Diagnostic.self) { try ConfigValue.json(Array((open(20_000) + open(20_000, "]")).utf8)) }
        // JavaScript: objects, arrays and template literals' substitutions.
        for deep in ["module.exports = {a: " + open(20_000, "{b: ") + "1" + open(20_000, "}") + "}",
                     "module.exports = {a: " + open(20_000) + open(20_000, "]") + "}",
                     "const x = 1;\nmodule.exports = {a: `" + open(20_000, "${`") + open(20_000, "`}") + "`}"] {
            let literals = JSLiterals(Array(deep.utf8))
            #expect(literals.tooDeep == (deep.hasPrefix("const") ? 2 : 1), "\(deep.prefix(40))")
        }
        let shallow = JSLiterals(Array(("module.exports = {a: " + open(limit - 1) + open(limit - 1, "]") + "}").utf8))
        #expect(shallow.tooDeep == nil && shallow.exported?["a"]?.list != nil)
        // Python: lists, tuples, dicts.
        let python = PythonLiterals(Array(("extensions = ['myst_parser']\nx = " + open(20_000, "(") + open(20_000, ")") + "\n").utf8))
        #expect(python.tooDeep == 2 && python["extensions"]?.list?.count == 1)
        #expect(PythonLiterals(Array(("x = " + open(limit) + open(limit, "]")).utf8)).tooDeep == nil)
    }

    @Test func mergesSpendABudget() throws {
        // Two sides sharing aliases: a mapping of ten, each ten, nine levels: 10^9 nodes as trees.
        var lines = ["a0: &a0 {k0: x}"]
        for i in 1..<10 { lines.append("a\(i): &a\(i) {" + (0..<10).map { "k\($0): *a\(i - 1)" }.joined(separator: ", ") + "}") }
        let value = try ConfigValue.yaml(Array(lines.joined(separator: "\n").utf8))
        var budget = NodeBudget()
        #expect(value.merged(over: value, budget: &budget) == nil)
        #expect(budget.remaining < 0)
        // A real-sized merge fits, and keeps mergedeep's reading.
        var small = NodeBudget()
        let parent = try ConfigValue.yaml(Array("a: {x: 1, y: 2}\nb: [1]\n".utf8))
        let child = try ConfigValue.yaml(Array("a: {y: 3, z: 4}\nc: 5\n".utf8))
        let merged = try #require(child.merged(over: parent, budget: &small))
        #expect(merged["a"]?["x"]?.int == 1 && merged["a"]?["y"]?.int == 3 && merged["a"]?["z"]?.int == 4)
        #expect(merged["b"]?.list?.count == 1 && merged["c"]?.int == 5)
        #expect(small.remaining > Nesting.mergeBudget - 10)
    }
}
