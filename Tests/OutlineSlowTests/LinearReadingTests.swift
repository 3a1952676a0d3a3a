import Foundation
import Testing
import OutlineTestHelpers
@testable import OutlineCLI
@testable import OutlineCore

/// format.md §11: every reader and scanner takes time linear in its input, whatever it holds: a
/// 10 MB input within 20 times a 1 MB one (a generous ratio, so that a loaded machine does not
/// fail it; absolute speed is `bench/run`'s). The inputs nest as deep as the limit lets them and
/// leave openers unclosed. And the binary's peak memory on the inputs of issue 52's table stays a
/// few times their size (an INHERIT merge of aliases took 14 GB).
@Suite("Hardening: linear reading", .serialized)
struct LinearReadingTests {
    /// `unit` repeated to about `bytes`, between `head` and `tail`.
    static func sized(_ bytes: Int, head: String = "", _ unit: String, tail: String = "") -> [UInt8] {
        let piece = Array(unit.utf8)
        var out = Array(head.utf8)
        out.reserveCapacity(bytes + piece.count)
        while out.count < bytes { out += piece }
        return out + Array(tail.utf8)
    }

    /// Lines `line(k)` for k = 0, 1, … to about `bytes`.
    static func numbered(_ bytes: Int, _ line: (Int) -> String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 1024)
        var k = 0
        while out.count < bytes { out += Array(line(k).utf8); k += 1 }
        return out
    }

    /// The seconds of this thread's CPU time `body` takes on `input` (the best of `runs`): the
    /// readers run on the calling thread, and CPU time is what another build on the machine does not
    /// inflate as it does wall time.
    static func seconds(_ input: [UInt8], runs: Int = 1, _ body: ([UInt8]) -> Void) -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            body(input)
            best = min(best, now() - start)
        }
        return best
    }

    static let deep = Nesting.limit - 2

    static var inputs: [(name: String, make: (Int) -> [UInt8], read: ([UInt8]) -> Void)] {
        let nested = String(repeating: "[", count: deep) + "x" + String(repeating: "]", count: deep)
        func parse(_ dialect: Dialect) -> ([UInt8]) -> Void { { _ = try? Outline(parsing: $0, [.links], dialect: dialect) } }
        var myst = Dialect(); myst.mystDirectives = true; myst.colonFence = true; myst.mystTargets = true
        var mkdocs = Dialect(); mkdocs.admonitions = true; mkdocs.details = true; mkdocs.tabs = true; mkdocs.markdownInHTML = true
        mkdocs.inlineAttributes = true; mkdocs.lastDefinitionWins = true
        var mdx = Dialect(); mdx.mdx = true
        let admonitions = (0..<deep).map { String(repeating: " ", count: 4 * $0) + "!!! note" }.joined(separator: "\n") + "\n"
        return [
            ("YAML, flow collections at the limit", { sized($0, "k: \(nested)\n") }, { _ = try? ConfigValue.yaml($0) }),
            ("YAML, aliases", { sized($0, head: "a: &a \(nested)\n", "b: [*a, *a, *a]\n") }, { _ = try? ConfigValue.yaml($0) }),
            ("TOML, arrays at the limit", { numbered($0) { "k\($0) = \(nested.replacingOccurrences(of: "x", with: "1"))\n" } }, { _ = try? ConfigValue.toml($0) }),
            ("JSON, arrays at the limit", { sized($0, head: "[", "\(nested.replacingOccurrences(of: "x", with: "1")),", tail: "1]") }, { _ = try? ConfigValue.json($0) }),
            ("JavaScript, objects at the limit", { sized($0, head: "module.exports = {", "a: " + String(repeating: "{a: ", count: Self.deep - 1) + "1" + String(repeating: "}", count: Self.deep - 1) + ",\n", tail: "};\n") }, { _ = JSLiterals($0) }),
            ("Python, tuples at the limit", { sized($0, head: "x = [", String(repeating: "(", count: Self.deep - 1) + "1" + String(repeating: ",)", count: Self.deep - 1) + ",\n", tail: "]\n") }, { _ = PythonLiterals($0) }),
            (".outline.toml, a line each a mistake", { sized($0, "exclude = [[[1]]]\n") }, { _ = try? Config.parse($0, path: ".outline.toml") }),
            ("MyST, unclosed directive openers", { sized($0, head: "# T\n\n", "```{note}\n[a](#t)\n") }, parse(myst)),
            ("MyST, unclosed colon fences", { sized($0, head: "# T\n\n", ":::{note}\n") }, parse(myst)),
            ("md_in_html, unclosed elements", { sized($0, head: "# T\n\n", "<div markdown=\"1\">\n\n") }, parse(mkdocs)),
            ("md_in_html, nested elements", { n in sized(n / 2, head: "# T\n\n", "<div markdown=\"1\">\n\n") + sized(n / 2, "</div>\n\n") }, parse(mkdocs)),
            ("admonitions at the limit, then text", { sized($0, head: "# T\n\n" + admonitions, String(repeating: " ", count: 4 * Self.deep) + "text [a](#t) {: #id }\n") }, parse(mkdocs)),
            ("MDX, expressions and templates", { sized($0, head: "# T\n\n", "Text {a} and {`${b}`} <X y={{z: 1}}>{`\n# no\n`}</X>\n\n") }, parse(mdx)),
            ("MDX, an unclosed template", { sized($0, head: "# T\n\nexport const a = `\n", "# no [x](#t) ${\n") }, parse(mdx)),
            ("fenced code, unclosed fences", { sized($0, head: "# T\n\n", "```\n~~~\n(label)=\n") }, { input in
                var d = Dialect(); d.mystTargets = true; d.inlineAttributes = true
                if let o = try? Outline(parsing: input, [.links], dialect: d) { _ = LinkTargets(o, profile: .myst) }
            }),
        ]
    }

    @Test(arguments: 0..<inputs.count)
    func linearInItsInput(_ k: Int) {
        let (name, make, read) = Self.inputs[k]
        let small = make(1 << 20), large = make(10 << 20)
        // The small input's best of three (a pause there would hide a quadratic reading), the large one's once.
        let t1 = Self.seconds(small, runs: 3, read), t10 = Self.seconds(large, read)
        // A floor for a reading too quick to time (a few milliseconds is noise on a busy machine).
        #expect(t10 <= 20 * max(t1, 0.01), "\(name): 10 MB \(t10) s, 1 MB \(t1) s")
    }
}
