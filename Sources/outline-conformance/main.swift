// The conformance run (format.md §14): round trips, idempotence and rendering safety over the CommonMark spec
// examples and over real-world Markdown read in place, each also with CRLF line endings, a BOM and
// without its final newline. HTML is what `cmark --unsafe` prints: rendered in-process with the same
// libcmark call the cmark command makes (spawning it thousands of times took minutes), and checked
// against the cmark command itself on a sample of cases at the start of the run.
//
//   outline-conformance [--corpus FILE.json] [--docs DIR]... [--cmark PATH] [--verbose]
import Foundation
import OutlineCore
import CCmark
import OutlineTestSupport

struct Case {
    let name: String
    let bytes: [UInt8]
}

var corpusPath: String? = nil
var docDirectories: [String] = []
var cmarkPath = "cmark"
var verbose = false
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let a = arguments.removeFirst()
    switch a {
    case "--corpus": corpusPath = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--docs": if !arguments.isEmpty { docDirectories.append(arguments.removeFirst()) }
    case "--cmark": if !arguments.isEmpty { cmarkPath = arguments.removeFirst() }
    case "--verbose": verbose = true
    default:
        FileHandle.standardError.write("outline-conformance: unknown argument '\(a)'\n".data(using: .utf8)!)
        exit(2)
    }
}

// MARK: Inputs

var cases: [Case] = []
if let corpusPath {
    guard let data = FileManager.default.contents(atPath: corpusPath),
          let examples = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
        print("outline-conformance: cannot read the corpus \(corpusPath)")
        exit(2)
    }
    for example in examples {
        guard let markdown = example["markdown"] as? String, let number = example["example"] as? Int else { continue }
        cases.append(Case(name: "spec example \(number)", bytes: Array(markdown.utf8)))
    }
}
var realDocuments = 0
for directory in docDirectories {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
    var paths: [String] = []
    while let relative = walker.nextObject() as? String {
        if relative.hasSuffix(".md") || relative.hasSuffix(".markdown") || relative.hasSuffix(".md.gz") { paths.append(relative) }
    }
    for relative in paths.sorted() {
        let path = directory + "/" + relative
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
        var bytes: [UInt8]
        if path.hasSuffix(".gz") {
            guard let out = run("/bin/gzip", ["-dc", path]) else { continue }
            bytes = out
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            bytes = [UInt8](data)
        }
        if bytes.contains(0) { continue }
        cases.append(Case(name: path, bytes: bytes))
        realDocuments += 1
    }
}

func run(_ executable: String, _ args: [String], input: [UInt8]? = nil) -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? args : [executable] + args
    let out = Pipe()
    process.standardOutput = out
    var inputFile: String? = nil
    if let input {
        let path = NSTemporaryDirectory() + "outline-conformance-\(getpid()).md"
        guard FileManager.default.createFile(atPath: path, contents: Data(input)) else { return nil }
        process.arguments! += [path]
        inputFile = path
    }
    defer { if let inputFile { try? FileManager.default.removeItem(atPath: inputFile) } }
    do { try process.run() } catch { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? [UInt8](data) : nil
}

// MARK: Variants (shared with the unit tests)

let variants: [(String, ([UInt8]) -> [UInt8])] = Variant.allCases.map { v in (v.rawValue, { v.apply($0) }) }

// MARK: Properties

func outline(_ b: [UInt8]) throws -> Outline { Outline(try Document(b)) }

/// Every local link destination, raw HTML literal holding `=`, and heading count, in document order,
/// from cmark's own iterator over the whole tree (front matter lines blanked as outline feeds them).
func plainWalk(hidingLines hidden: Int, of bytes: [UInt8]) -> (links: [String], html: [String], headings: Int) {
    var input: [UInt8] = []
    var i = 0
    for _ in 0..<hidden {
        input.append(32)
        while i < bytes.count && bytes[i] != 10 && bytes[i] != 13 { i += 1 }
        if i < bytes.count && bytes[i] == 13 { input.append(13); i += 1 }
        if i < bytes.count && bytes[i] == 10 { input.append(10); i += 1 }
    }
    input += bytes[i...]
    var links: [String] = [], html: [String] = [], headings = 0
    input.withUnsafeBufferPointer { p in
        p.baseAddress.map { base in
            base.withMemoryRebound(to: CChar.self, capacity: p.count) { chars in
                guard let document = cmark_parse_document(chars, p.count, CMARK_OPT_DEFAULT) else { return }
                defer { cmark_node_free(document) }
                let iterator = cmark_iter_new(document)
                defer { cmark_iter_free(iterator) }
                while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                    guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                    switch cmark_node_get_type(node) {
                    case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                        let url = String(cString: cmark_node_get_url(node))
                        let footnote = cmark_node_get_type(node) == CMARK_NODE_LINK && Footnotes.isReference(node)
                        if LocalLink(url) != nil && !footnote { links.append(url) }
                    case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                        let literal = String(cString: cmark_node_get_literal(node))
                        if literal.contains("=") { html.append(literal) }
                    case CMARK_NODE_HEADING:
                        headings += 1
                    default:
                        break
                    }
                }
            }
        }
    }
    return (links, html, headings)
}
func id(_ b: [UInt8]) throws -> [UInt8] { try PinIDs.apply(try outline(b)).output }
func stripIDs(_ b: [UInt8]) throws -> [UInt8] { try PinIDs.strip(try outline(b)).output }
func number(_ b: [UInt8]) throws -> [UInt8] { try NumberHeadings.apply(try outline(b)).output }
func stripNumbers(_ b: [UInt8]) throws -> [UInt8] { try NumberHeadings.strip(try outline(b)).output }

/// HTML with every heading's content emptied: what must not change when only heading text does.
func blocksOnly(_ html: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(html.count)
    var i = 0
    let n = html.count
    while i < n {
        // `<hN>` … `</hN>` becomes `<hN></hN>`.
        if html[i] == 60, i + 3 < n, html[i + 1] == 104, (49...54).contains(html[i + 2]), html[i + 3] == 62 {
            let level = html[i + 2]
            var j = i + 4
            var found: Int? = nil
            while j + 4 < n + 1 {
                if j + 4 < n, html[j] == 60, html[j + 1] == 47, html[j + 2] == 104, html[j + 3] == level, html[j + 4] == 62 { found = j; break }
                j += 1
            }
            if let close = found {
                out += html[i..<(i + 4)]
                out += html[close..<(close + 5)]
                i = close + 5
                continue
            }
        }
        out.append(html[i])
        i += 1
    }
    return out
}
func headingCount(_ html: [UInt8]) -> Int {
    var count = 0
    var i = 0
    while i + 3 < html.count {
        if html[i] == 60, html[i + 1] == 104, (49...54).contains(html[i + 2]), html[i + 3] == 62 { count += 1 }
        i += 1
    }
    return count
}

/// cmark's HTML (`cmark --unsafe`): cmark_markdown_to_html with CMARK_OPT_UNSAFE.
func renderHTML(_ b: [UInt8]) -> [UInt8]? {
    b.withUnsafeBufferPointer { p -> [UInt8]? in
        p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(p.count, 1)) { chars in
            guard let rendered = cmark_markdown_to_html(chars, p.count, CMARK_OPT_UNSAFE) else { return nil }
            defer { free(rendered) }
            return [UInt8](UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered)))
        }
    }
}
func htmlFromCommand(_ b: [UInt8], cmark: String) -> [UInt8]? { run(cmark, ["--unsafe"], input: b) }
func withoutOutlineLines(_ html: [UInt8]) -> [UInt8] {
    let open = Array("<!-- outline".utf8), close = Array("-->".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(html.count)
    var start = 0
    while start < html.count {
        var end = start
        while end < html.count && html[end] != 10 { end += 1 }
        var a = start, b = end
        while a < b && (html[a] == 32 || html[a] == 9) { a += 1 }
        while b > a && (html[b - 1] == 32 || html[b - 1] == 9 || html[b - 1] == 13) { b -= 1 }
        let line = html[a..<b]
        let isOurs = line.starts(with: open) && line.count >= open.count + close.count && line.suffix(3).elementsEqual(close)
            && (html[a + open.count] == 58 || html[a + open.count] == 45)
        if !isOurs { out.append(contentsOf: html[start..<min(end + 1, html.count)]) }
        start = end + 1
    }
    return out
}
func headings(_ b: [UInt8]) throws -> [String] {
    try Document(b).headings.map { "\($0.level) \($0.text)" }
}

/// Results computed once per input and shared by the properties.
final class Memo {
    let x: [UInt8]
    init(_ x: [UInt8]) { self.x = x }
    private var cache: [String: [UInt8]] = [:]
    func get(_ key: String, _ make: () throws -> [UInt8]) rethrows -> [UInt8] {
        if let v = cache[key] { return v }
        let v = try make()
        cache[key] = v
        return v
    }
    var outlineOfX: Outline?
}

struct Property {
    let name: String
    /// nil when the property holds, otherwise what went wrong.
    let check: (Memo) throws -> String?
}

extension Memo {
    func idX() throws -> [UInt8] { try get("id") { try id(x) } }
    func numberX() throws -> [UInt8] { try get("number") { try number(x) } }
    func htmlX() -> [UInt8]? { get("html") { renderHTML(x) ?? [] } }
    func html(of key: String, _ value: [UInt8]) -> [UInt8] { get("html " + key) { renderHTML(value) ?? [] } }
    func parsed() throws -> Outline {
        if let o = outlineOfX { return o }
        let o = try outline(x)
        outlineOfX = o
        return o
    }
}

func differ(_ a: [UInt8], _ b: [UInt8]) -> String? {
    if a == b { return nil }
    let n = zip(a, b).prefixLength(while: { $0 == $1 })
    let context = { (x: [UInt8]) in String(decoding: x[max(0, n - 20)..<min(x.count, n + 40)], as: UTF8.self).debugDescription }
    return "first difference at byte \(n): \(context(a)) vs \(context(b))"
}

extension Zip2Sequence {
    func prefixLength(while predicate: ((Sequence1.Element, Sequence2.Element)) -> Bool) -> Int {
        var n = 0
        for pair in self { if predicate(pair) { n += 1 } else { break } }
        return n
    }
}

func hasOutlineLines(_ b: [UInt8]) -> Bool {
    let doc = try? Document(b)
    return !(doc?.records.isEmpty ?? true) || !(doc?.markers.isEmpty ?? true)
}

var properties: [Property] = [
    Property(name: "id --strip ∘ id = identity") { m in
        guard !hasOutlineLines(m.x) else { return nil }
        return differ(try stripIDs(try m.idX()), m.x)
    },
    Property(name: "id ∘ id = id") { m in
        let once = try m.idX()
        return differ(try id(once), once)
    },
    Property(name: "cmark HTML of id, anchors removed = cmark HTML of input") { m in
        let once = try m.idX()
        return differ(withoutOutlineLines(m.html(of: "id", once)), withoutOutlineLines(m.htmlX()!))
    },
    Property(name: "headings (level, text) unchanged by id") { m in
        try headings(try m.idX()) == headings(m.x) ? nil : "headings differ"
    },
    Property(name: "number --strip ∘ number = identity") { m in
        guard !NumberHeadings.isNumbered(try m.parsed()) else { return nil }
        return differ(try stripNumbers(try m.numberX()), m.x)
    },
    Property(name: "number ∘ number = number") { m in
        let once = try m.numberX()
        return differ(try number(once), once)
    },
    Property(name: "id ∘ number = number ∘ id") { m in
        differ(try id(try m.numberX()), try number(try m.idX()))
    },
    Property(name: "unfold ∘ fold --depth N = identity, N = 1…6, and fold is idempotent") { m in
        let original = try m.parsed()
        guard !original.sections.contains(where: { $0.duplicateOf != nil }) else { return nil }
        for depth in 1...6 {
            let folded = try Fold.apply(original, selection: .init(depth: depth)).output
            let view = try outline(folded)
            let again = try Fold.apply(view, selection: .init(depth: depth)).output
            if let problem = differ(again, folded) { return "fold --depth \(depth) twice: \(problem)" }
            let restored = try Unfold.apply(view, original: original).output
            if let problem = differ(restored, m.x) { return "depth \(depth): \(problem)" }
        }
        return nil
    },
    // Every section by --id: sections of one depth are disjoint, so all of them are folded at once (one
    // fold and unfold per depth, not per section: changelogs have thousands), and the first 20 sections
    // are also folded each on its own.
    Property(name: "unfold ∘ fold --id ID = identity for every section") { m in
        let original = try m.parsed()
        guard !original.sections.contains(where: { $0.duplicateOf != nil }) else { return nil }
        var selections: [[String]] = original.sections.prefix(20).map { [$0.id] }
        for depth in Set(original.sections.map(\.depth)).sorted() {
            selections.append(original.sections.filter { $0.depth == depth }.map(\.id))
        }
        for ids in selections {
            let folded = try Fold.apply(original, selection: .init(ids: ids)).output
            let restored = try Unfold.apply(try outline(folded), original: original).output
            if let problem = differ(restored, m.x) { return "--id \(ids.prefix(3).joined(separator: " --id "))…: \(problem)" }
        }
        return nil
    },
    // (Heading text may render differently: a hidden link reference definition no longer resolves.)
    Property(name: "a folded view is valid CommonMark: cmark sees every visible heading, with its ID") { m in
        let original = try m.parsed()
        guard !original.sections.contains(where: { $0.duplicateOf != nil }) else { return nil }
        let view = try outline(try Fold.apply(original, selection: .init(depth: 1)).output)
        let expected = original.sections.filter { $0.depth == 1 }.map { "\($0.heading.level) \($0.id)" }
        return view.sections.map({ "\($0.heading.level) \($0.id)" }) == expected ? nil : "visible headings differ"
    },
    // format.md §5: `toc --insert` adds one block and changes no other byte; `toc` of that changes nothing;
    // every link in the block resolves under check's own link rules (cmark's reading of the links).
    Property(name: "toc --insert: bytes outside the block kept, idempotent, every TOC link resolves") { m in
        let original = try m.parsed()
        guard original.tocMarkers.isEmpty, !original.isFoldedView else { return nil }
        let options = TableOfContents.Options(insert: true)
        let once = try TableOfContents.apply(try Outline(parsing: m.x, [.links]), options: options).output
        let prefix = zip(once, m.x).prefixLength(while: { $0 == $1 })
        let suffix = zip(once.reversed(), m.x.reversed()).prefixLength(while: { $0 == $1 })
        if prefix + suffix < m.x.count { return "bytes outside the inserted block changed" }
        let parsed = try Outline(parsing: once, [.links])
        guard parsed.tocMarkers.count == 2 else { return "the inserted markers are not markers (\(parsed.tocMarkers.count) found)" }
        if let problem = differ(try TableOfContents.apply(parsed, options: options).output, once) { return "not idempotent: \(problem)" }
        let first = parsed.tocMarkers[0].line + 1, last = parsed.tocMarkers[1].line + 1
        let broken = LinkCheck.brokenLinks(parsed, path: "doc.md", profile: .github, root: ".", lookup: { _ in .file })
            .filter { ($0.line ?? 0) > first && ($0.line ?? 0) < last }
        return broken.first.map { "TOC link broken: \($0.message)" }
    },
    // `number` keeps an up-to-date TOC up to date, and `number --strip` gives every byte back.
    Property(name: "number keeps an inserted TOC fresh; number --strip of it = identity") { m in
        let original = try m.parsed()
        guard original.tocMarkers.isEmpty, !original.isFoldedView, !NumberHeadings.isNumbered(original) else { return nil }
        let withTOC = try TableOfContents.apply(try Outline(parsing: m.x, [.links]), options: .init(insert: true)).output
        let numbered = try NumberHeadings.apply(try Outline(parsing: withTOC, [.links]), links: .github).output
        let parsed = try Outline(parsing: numbered, [.links])
        if let stale = TableOfContents.staleTOCs(parsed, options: .init()).first { return "after number: \(stale.message)" }
        return differ(try NumberHeadings.strip(parsed, links: .github).output, withTOC)
    },
    // The link inventory skips what cannot matter (external links, attribute-free HTML, paragraphs
    // without `[` or `<`): it must still hold exactly what a plain walk of cmark's whole tree finds.
    // Trusted rewrites: every local link of every document located within its block and rewritten,
    // and the result verified (no refusal), with exactly the links changed. A destination that spans
    // lines (an href value with a line break) is not rewritten in place: it may be left.
    Property(name: "every local link located, rewritten and verified") { m in
        let parsed = try Outline(parsing: m.x, [.links])
        let (result, unlocated) = try LinkRepair.rewriteAll(parsed) { $0.contains("#") ? $0 + "-z" : $0 + "#z" }
        let missed = unlocated.filter { !$0.contains("\n") }
        if let first = missed.first { return "\(missed.count) not located, first \(first)" }
        if !unlocated.isEmpty { return nil }
        let after = try Outline(parsing: result.output, [.links])
        let want = parsed.links!.links.map { $0.destination.contains("#") ? $0.destination + "-z" : $0.destination + "#z" }
        return after.links!.links.map(\.destination) == want ? nil : "destinations differ after the rewrite"
    },
    Property(name: "link inventory = every local link and attribute-bearing raw HTML of cmark's tree") { m in
        let parsed = try Outline(parsing: m.x, [.links])
        // The text cmark parses for links: the document, or its view where a table's cells are read
        // on their own (format.md §9).
        let expected = plainWalk(hidingLines: parsed.frontMatterLineCount, of: parsed.linkSource.bytes)
        let got = parsed.links!
        if got.links.map(\.destination) != expected.links { return "links \(got.links.map(\.destination)) vs \(expected.links)" }
        if got.html.map(\.literal) != expected.html { return "raw HTML \(got.html.count) vs \(expected.html.count) pieces" }
        return got.headings.count == expected.headings ? nil : "headings \(got.headings.count) vs \(expected.headings)"
    },
    Property(name: "number keeps the blocks and the heading count of cmark's rendering") { m in
        let before = withoutOutlineLines(m.htmlX()!), after = withoutOutlineLines(m.html(of: "number", try m.numberX()))
        if headingCount(before) != headingCount(after) { return "heading count \(headingCount(before)) became \(headingCount(after))" }
        return blocksOnly(after) == blocksOnly(before) ? nil : "blocks differ outside heading text"
    },
]

// MARK: Run

// The in-process rendering must be the cmark command's: compare on a sample spread over the cases.
let stride = max(1, cases.count / 40)
for c in Swift.stride(from: 0, to: cases.count, by: stride).map({ cases[$0] }) where !c.bytes.isEmpty {
    guard let fromCommand = htmlFromCommand(c.bytes, cmark: cmarkPath) else {
        print("outline-conformance: cannot run '\(cmarkPath) --unsafe' (install the cmark package)")
        exit(2)
    }
    if renderHTML(c.bytes) != fromCommand {
        print("outline-conformance: in-process HTML differs from '\(cmarkPath) --unsafe' for \(c.name)")
        exit(2)
    }
}

var timePerProperty: [String: Double] = [:]
var runCount = 0
var failures: [String: Int] = [:]
var failureCount = 0
let started = Date()
for c in cases {
    for (variantName, variant) in variants {
        let memo = Memo(variant(c.bytes))
        for property in properties {
            runCount += 1
            var problem: String?
            let t0 = Date()
            do { problem = try property.check(memo) } catch { problem = "threw \(error)" }
            timePerProperty[property.name, default: 0] += Date().timeIntervalSince(t0)
            if let problem {
                failureCount += 1
                failures[property.name, default: 0] += 1
                if verbose || failureCount <= 20 {
                    print("FAIL \(c.name) [\(variantName)] \(property.name): \(problem)")
                }
            }
        }
    }
}
// Tens of thousands of parses in one process: each document's tree must go back to its thread's
// parse arena (a parse whose arena is never reset, as when the parser and cmark's allocator find
// different arenas, leaks every tree; an optimized build is where that can happen).
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let peakMB = usage.ru_maxrss / 1024
if peakMB > 1024 {
    print("FAIL memory: the run's peak resident size is \(peakMB) MB (at most 1024): parses are not freed")
    failureCount += 1
    failures["memory stays bounded across every parse", default: 0] += 1
}
let elapsed = Date().timeIntervalSince(started)
print("conformance: \(cases.count - realDocuments) spec examples, \(realDocuments) real documents, \(variants.count) variants each, \(properties.count) properties")
print(String(format: "conformance: %d checks run, %d failed (%.1f s)", runCount, failureCount, elapsed))
for (name, count) in failures.sorted(by: { $0.key < $1.key }) { print("  \(count) failed: \(name)") }
if verbose {
    for (name, seconds) in timePerProperty.sorted(by: { $0.value > $1.value }) { print(String(format: "  %6.1f s  %@", seconds, name)) }
}
exit(failureCount == 0 && runCount > 0 ? 0 : 1)
