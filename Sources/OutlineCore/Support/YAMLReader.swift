/// A recursive-descent reader of the YAML that configuration files use: block mappings and
/// sequences by indentation, flow collections over several lines, plain, single- and
/// double-quoted scalars, literal and folded block scalars, comments, tags, anchors and aliases.
///
/// Bounded (format.md §11): a node nested deeper than `Nesting.limit` is an error at its line. An
/// alias shares its anchor's node (a value, never copied) and counts that node's height where it
/// stands, so that `*a` inside 200 levels of an anchor 200 high is as deep as the text it stands for.
struct YAMLReader {
    typealias YAML = ConfigValue
    private let b: [UInt8]
    private var i = 0
    private var line = 0
    /// Each anchor's node and its height (how many levels it nests below itself).
    private var anchors: [String: (node: ConfigValue, height: Int)] = [:]
    private var depth = Depth()
    /// The deepest level reached so far: an anchored node's height is what it adds to it.
    private var deepest = 0

    init(_ bytes: [UInt8]) {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        b = bytes
    }

    private func fail(_ what: String) -> Diagnostic {
        .error(.site, line: line + 1, "cannot read YAML: \(what)")
    }

    /// One level deeper (a collection, or a node below properties alone on their line); the
    /// caller leaves it with `depth.leave()`.
    private mutating func deeper() throws {
        guard depth.enter() else { throw fail(Nesting.tooDeep) }
        deepest = max(deepest, depth.level)
    }

    /// The node an alias names, once it fits where it stands.
    private mutating func aliased(_ name: String) throws -> ConfigValue {
        guard let known = anchors[name] else { throw fail("the alias '*\(name)' names no anchor") }
        guard depth.level + known.height <= Nesting.limit else { throw fail(Nesting.tooDeep) }
        deepest = max(deepest, depth.level + known.height)
        return known.node
    }

    // MARK: lines

    private var atEnd: Bool { i >= b.count }
    private func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? b[i + k] : nil }

    /// Whether `c` ends a line (LF or CR).
    private static func isBreak(_ c: UInt8?) -> Bool { c == 10 || c == 13 }
    private static func isBlank(_ c: UInt8?) -> Bool { c == 32 || c == 9 }
    private static func isSpaceOrEnd(_ c: UInt8?) -> Bool { c == nil || c == 32 || c == 9 || c == 10 || c == 13 }

    private mutating func skipBreak() {
        if peek() == 13 { i += 1; if peek() == 10 { i += 1 } } else if peek() == 10 { i += 1 }
        line += 1
    }

    private mutating func skipToLineEnd() {
        while !atEnd && !YAMLReader.isBreak(peek()) { i += 1 }
    }

    /// Skips spaces and a comment to the end of the line (not the break itself).
    private mutating func skipSpacesAndComment() {
        while YAMLReader.isBlank(peek()) { i += 1 }
        if peek() == UInt8(ascii: "#") { skipToLineEnd() }
    }

    /// Skips blank and comment-only lines; leaves `i` at the start of the next line with content
    /// and returns its indentation, or nil at the end of the input (or a document marker).
    private mutating func nextContentLine() -> Int? {
        while !atEnd {
            let start = i
            var n = 0
            while peek() == 32 { i += 1; n += 1 }
            if YAMLReader.isBlank(peek()) { while YAMLReader.isBlank(peek()) { i += 1 } }
            if atEnd { return nil }
            if YAMLReader.isBreak(peek()) || peek() == UInt8(ascii: "#") { skipToLineEnd(); if !atEnd { skipBreak() }; continue }
            if n == 0 && (startsWith("---") || startsWith("...")) && YAMLReader.isSpaceOrEnd(peek(3)) { i = start; return nil }
            i = start
            return n
        }
        return nil
    }

    private func startsWith(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= b.count && Array(b[i..<i + u.count]) == u
    }

    // MARK: documents and blocks

    mutating func document() throws -> ConfigValue {
        // Directives and a `---` start line.
        while let indent = nextContentLine(), indent == 0, peek() == UInt8(ascii: "%") { skipToLineEnd(); if !atEnd { skipBreak() } }
        if nextContentLine() == nil, startsWith("---") {
            i += 3
            skipSpacesAndComment()
            if !atEnd && !YAMLReader.isBreak(peek()) {
                // `--- value` on the marker line.
                return try inlineNode(parentIndent: -1)
            }
            if !atEnd { skipBreak() }
        }
        guard let indent = nextContentLine() else { return .null }
        return try block(indent: indent, parentIndent: -1)
    }

    /// The node starting at the current position (the start of a line indented `indent`).
    private mutating func block(indent: Int, parentIndent: Int) throws -> ConfigValue {
        i += indent
        if peek() == UInt8(ascii: "-") && YAMLReader.isSpaceOrEnd(peek(1)) {
            return try sequence(indent: indent)
        }
        if try isMappingKey() { return try mapping(indent: indent) }
        return try inlineNode(parentIndent: parentIndent)
    }

    /// Whether the current line, from `i`, is `key:` (a plain or quoted key followed by `: ` or `:` at
    /// the line's end), outside flow collections.
    private mutating func isMappingKey() throws -> Bool {
        let save = (i, line)
        defer { (i, line) = save }
        if peek() == UInt8(ascii: "?") && YAMLReader.isSpaceOrEnd(peek(1)) { throw fail("complex mapping keys ('? ') are not read") }
        if peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") {
            _ = try quoted()
            while YAMLReader.isBlank(peek()) { i += 1 }
            return peek() == UInt8(ascii: ":") && YAMLReader.isSpaceOrEnd(peek(1))
        }
        if let c = peek(), c == UInt8(ascii: "[") || c == UInt8(ascii: "{") || c == UInt8(ascii: "|") || c == UInt8(ascii: ">") || c == UInt8(ascii: "!") || c == UInt8(ascii: "&") || c == UInt8(ascii: "*") { return false }
        while let c = peek(), !YAMLReader.isBreak(c) {
            if c == UInt8(ascii: ":") && YAMLReader.isSpaceOrEnd(peek(1)) { return true }
            if c == UInt8(ascii: "#") && i > 0 && YAMLReader.isBlank(b[i - 1]) { return false }
            i += 1
        }
        return false
    }

    private mutating func key() throws -> String {
        if peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") {
            let k = try quoted()
            while YAMLReader.isBlank(peek()) { i += 1 }
            return k
        }
        let start = i
        while let c = peek(), !(c == UInt8(ascii: ":") && YAMLReader.isSpaceOrEnd(peek(1))) { i += 1 }
        var end = i
        while end > start && YAMLReader.isBlank(b[end - 1]) { end -= 1 }
        return String(decoding: b[start..<end], as: UTF8.self)
    }

    private mutating func mapping(indent: Int) throws -> ConfigValue {
        try deeper()
        defer { depth.leave() }
        var pairs: [ConfigValue.Pair] = []
        while true {
            let k = try key()
            guard peek() == UInt8(ascii: ":") else { throw fail("expected ':' after the key '\(k)'") }
            i += 1
            let value = try valueAfterIndicator(indent: indent, allowSameIndentSequence: true)
            pairs.append(ConfigValue.Pair(key: k, value: value))
            guard let next = nextContentLine(), next == indent else {
                if let next = nextContentLine(), next > indent { throw fail("a line indented more than its mapping's keys") }
                break
            }
            i += next
            if peek() == UInt8(ascii: "-") && YAMLReader.isSpaceOrEnd(peek(1)) { i -= next; break }
            guard try isMappingKey() else { throw fail("expected a 'key:' line") }
        }
        return .map(pairs)
    }

    private mutating func sequence(indent: Int) throws -> ConfigValue {
        try deeper()
        defer { depth.leave() }
        var items: [ConfigValue] = []
        while true {
            i += 1   // the `-`
            items.append(try valueAfterIndicator(indent: indent, allowSameIndentSequence: false, inSequence: true))
            guard let next = nextContentLine(), next == indent else { break }
            i += next
            guard peek() == UInt8(ascii: "-") && YAMLReader.isSpaceOrEnd(peek(1)) else { i -= next; break }
        }
        return .list(items)
    }

    /// The value after `key:` or `- `: on the same line, or a block on the following lines.
    private mutating func valueAfterIndicator(indent: Int, allowSameIndentSequence: Bool, inSequence: Bool = false) throws -> ConfigValue {
        while YAMLReader.isBlank(peek()) { i += 1 }
        if atEnd || YAMLReader.isBreak(peek()) || peek() == UInt8(ascii: "#") {
            skipSpacesAndComment()
            if !atEnd { skipBreak() }
            guard let next = nextContentLine() else { return .null }
            if next > indent { return try block(indent: next, parentIndent: indent) }
            if next == indent && allowSameIndentSequence {
                // `key:` followed by `- item` lines at the key's own indentation.
                i += next
                let isItem = peek() == UInt8(ascii: "-") && YAMLReader.isSpaceOrEnd(peek(1))
                i -= next
                if isItem { i += next; return try sequence(indent: indent) }
            }
            return .null
        }
        if inSequence {
            // `- key: value` starts a mapping whose keys stand at this column, `- - x` a sequence.
            let column = i - lineStart()
            if peek() == UInt8(ascii: "-") && YAMLReader.isSpaceOrEnd(peek(1)) { return try sequence(indent: column) }
            if try isMappingKey() { return try mapping(indent: column) }
        }
        return try inlineNode(parentIndent: indent)
    }

    private func lineStart() -> Int {
        var k = i
        while k > 0 && !YAMLReader.isBreak(b[k - 1]) { k -= 1 }
        return k
    }

    /// A node that starts on the current line: properties (tag, anchor), then an alias, a flow
    /// collection, a block scalar, a quoted or a plain scalar.
    private mutating func inlineNode(parentIndent: Int) throws -> ConfigValue {
        var tag: String? = nil
        var anchor: String? = nil
        while true {
            while YAMLReader.isBlank(peek()) { i += 1 }
            if peek() == UInt8(ascii: "!") {
                let start = i
                while !YAMLReader.isSpaceOrEnd(peek()) && peek() != UInt8(ascii: ",") { i += 1 }
                tag = String(decoding: b[start..<i], as: UTF8.self)
            } else if peek() == UInt8(ascii: "&") {
                i += 1
                let start = i
                while !YAMLReader.isSpaceOrEnd(peek()) { i += 1 }
                anchor = String(decoding: b[start..<i], as: UTF8.self)
            } else { break }
        }
        // An anchored node's height: the deepest level reached inside it, from here.
        let outer = deepest
        deepest = depth.level
        var node: ConfigValue
        if atEnd || YAMLReader.isBreak(peek()) || peek() == UInt8(ascii: "#") {
            // Properties alone on their line: the node is the block below (or empty), a level
            // deeper (lines of properties alone could otherwise nest without a collection).
            skipSpacesAndComment()
            if !atEnd { skipBreak() }
            try deeper()
            defer { depth.leave() }
            if let next = nextContentLine(), next > parentIndent { node = try block(indent: next, parentIndent: parentIndent) } else { node = .null }
        } else if peek() == UInt8(ascii: "*") {
            i += 1
            let start = i
            while !YAMLReader.isSpaceOrEnd(peek()) && peek() != UInt8(ascii: ",") && peek() != UInt8(ascii: "]") && peek() != UInt8(ascii: "}") { i += 1 }
            node = try aliased(String(decoding: b[start..<i], as: UTF8.self))
            finishLine()
        } else if peek() == UInt8(ascii: "[") || peek() == UInt8(ascii: "{") {
            node = try flow()
            finishLine()
        } else if peek() == UInt8(ascii: "|") || peek() == UInt8(ascii: ">") {
            node = try blockScalar(parentIndent: parentIndent)
        } else if peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") {
            node = .scalar(try quoted(), plain: false)
            finishLine()
        } else {
            node = try plain(parentIndent: parentIndent)
        }
        if let anchor { anchors[anchor] = (node, deepest - depth.level) }
        deepest = max(outer, deepest)
        if let tag { return .tagged(tag, node) }
        return node
    }

    /// After a node on a line: spaces and a comment, then the line break.
    private mutating func finishLine() {
        skipSpacesAndComment()
        if !atEnd && YAMLReader.isBreak(peek()) { skipBreak() }
    }

    /// A plain scalar, with continuation lines indented deeper than its parent folded in.
    private mutating func plain(parentIndent: Int) throws -> ConfigValue {
        var parts: [String] = []
        while true {
            let start = i
            while let c = peek(), !YAMLReader.isBreak(c) {
                if c == UInt8(ascii: "#") && i > start && YAMLReader.isBlank(b[i - 1]) { break }
                if c == UInt8(ascii: ":") && YAMLReader.isSpaceOrEnd(peek(1)) { break }
                i += 1
            }
            var end = i
            while end > start && YAMLReader.isBlank(b[end - 1]) { end -= 1 }
            parts.append(String(decoding: b[start..<end], as: UTF8.self))
            skipSpacesAndComment()
            if atEnd { break }
            let save = (i, line)
            skipBreak()
            guard let next = nextContentLine(), next > parentIndent else { (i, line) = save; skipBreak(); break }
            // A continuation line is text whatever it starts with (`- x` is no sequence inside a
            // scalar), but a comment line ends the scalar, and `key: value` there is an error (a
            // mapping cannot start inside a scalar), as PyYAML says.
            i += next
            if peek() == UInt8(ascii: "#") {
                i -= next
                break
            }
            if (try? isMappingKey()) == true { throw fail("a mapping value is not allowed here (a line indented more than its key)") }
        }
        return .scalar(parts.joined(separator: " "), plain: true)
    }

    /// A single- or double-quoted scalar (possibly over several lines, folded).
    private mutating func quoted() throws -> String {
        let quote = b[i]
        i += 1
        var out: [UInt8] = []
        while true {
            guard let c = peek() else { throw fail("a quoted scalar is not closed") }
            if c == quote {
                if quote == UInt8(ascii: "'") && peek(1) == quote { out.append(quote); i += 2; continue }
                i += 1
                break
            }
            if YAMLReader.isBreak(c) {
                while out.last == 32 || out.last == 9 { out.removeLast() }
                skipBreak()
                var breaks = 0
                while true {
                    while YAMLReader.isBlank(peek()) { i += 1 }
                    if YAMLReader.isBreak(peek()) { skipBreak(); breaks += 1 } else { break }
                }
                if breaks == 0 { out.append(32) } else { out += [UInt8](repeating: 10, count: breaks) }
                continue
            }
            if quote == UInt8(ascii: "\""), c == UInt8(ascii: "\\") {
                i += 1
                guard let e = peek() else { throw fail("an escape at the end of the input") }
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"), 9: out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "0"): out.append(0)
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "/"), 32: out.append(e)
                case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let n = e == UInt8(ascii: "x") ? 2 : e == UInt8(ascii: "u") ? 4 : 8
                    guard i + n <= b.count, let v = UInt32(String(decoding: b[i..<i + n], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw fail("a malformed \\\(Character(Unicode.Scalar(e))) escape") }
                    out += Array(String(Character(scalar)).utf8)
                    i += n
                case 10, 13:
                    i -= 1
                    skipBreak()
                    while YAMLReader.isBlank(peek()) { i += 1 }
                default: throw fail("the escape '\\\(Character(Unicode.Scalar(e)))' is not read")
                }
                continue
            }
            out.append(c)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `|` or `>` with optional chomping (`-`, `+`) and indentation indicators.
    private mutating func blockScalar(parentIndent: Int) throws -> ConfigValue {
        let folded = b[i] == UInt8(ascii: ">")
        i += 1
        var chomp: UInt8? = nil
        var explicitIndent: Int? = nil
        while let c = peek(), !YAMLReader.isSpaceOrEnd(c) {
            if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") { chomp = c } else if ASCII.isDigit(c) { explicitIndent = Int(c - 48) } else { throw fail("a block scalar header '\(Character(Unicode.Scalar(c)))' is not read") }
            i += 1
        }
        skipSpacesAndComment()
        if !atEnd { skipBreak() }
        var lines: [String] = []
        var indent: Int? = explicitIndent.map { max(0, parentIndent) + $0 }
        // Whether the last line of text ended with a line break (a file may end without one).
        var lastBroken = true
        while !atEnd {
            let start = i
            var n = 0
            while peek() == 32 { i += 1; n += 1 }
            if YAMLReader.isBreak(peek()) || atEnd { lines.append(""); if !atEnd { skipBreak() }; continue }
            if indent == nil { indent = n }
            if n < indent! || n <= parentIndent { i = start; break }
            let contentStart = start + indent!
            skipToLineEnd()
            lines.append(String(decoding: b[contentStart..<i], as: UTF8.self))
            lastBroken = !atEnd
            if !atEnd { skipBreak() }
        }
        // Trailing empty lines, kept or chomped.
        var trailing = 0
        while lines.last == "" { lines.removeLast(); trailing += 1 }
        var text: String
        if folded {
            text = ""
            // A break between two lines of text folds to a space; an empty line is a break of its
            // own and takes the fold's place; lines indented further keep their breaks.
            for (k, l) in lines.enumerated() {
                if k > 0 {
                    let previous = lines[k - 1]
                    if l.isEmpty { text += "\n" }
                    else if previous.isEmpty { text += l.first == " " ? "\n" : "" }
                    else { text += (l.first == " " || previous.first == " ") ? "\n" : " " }
                }
                text += l
            }
        } else {
            text = lines.joined(separator: "\n")
        }
        if !lines.isEmpty {
            switch chomp {
            case UInt8(ascii: "-"): break
            case UInt8(ascii: "+"): text += String(repeating: "\n", count: trailing + (lastBroken ? 1 : 0))
            default: if lastBroken { text += "\n" }
            }
        }
        return .scalar(text, plain: false)
    }

    // MARK: flow collections

    private mutating func skipFlowSpace() {
        while true {
            while YAMLReader.isBlank(peek()) { i += 1 }
            if peek() == UInt8(ascii: "#") { skipToLineEnd() }
            if YAMLReader.isBreak(peek()) { skipBreak(); continue }
            break
        }
    }

    private mutating func flow() throws -> ConfigValue {
        try deeper()
        defer { depth.leave() }
        let open = b[i]
        i += 1
        let close: UInt8 = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        var items: [ConfigValue] = []
        var pairs: [ConfigValue.Pair] = []
        while true {
            skipFlowSpace()
            guard let c = peek() else { throw fail("a flow collection is not closed") }
            if c == close { i += 1; break }
            let first = try flowNode()
            skipFlowSpace()
            if peek() == UInt8(ascii: ":") {
                i += 1
                skipFlowSpace()
                let value = peek() == UInt8(ascii: ",") || peek() == close ? ConfigValue.null : try flowNode()
                let k = first.string ?? ""
                if open == UInt8(ascii: "{") { pairs.append(.init(key: k, value: value)) } else { items.append(.map([.init(key: k, value: value)])) }
            } else if open == UInt8(ascii: "{") {
                pairs.append(.init(key: first.string ?? "", value: .null))
            } else {
                items.append(first)
            }
            skipFlowSpace()
            if peek() == UInt8(ascii: ",") { i += 1; continue }
            if peek() == close { i += 1; break }
            throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))' in a flow collection")
        }
        return open == UInt8(ascii: "[") ? .list(items) : .map(pairs)
    }

    private mutating func flowNode() throws -> ConfigValue {
        var tag: String? = nil
        if peek() == UInt8(ascii: "!") {
            let start = i
            while !YAMLReader.isSpaceOrEnd(peek()) && peek() != UInt8(ascii: ",") { i += 1 }
            tag = String(decoding: b[start..<i], as: UTF8.self)
            skipFlowSpace()
        }
        var node: ConfigValue
        switch peek() {
        case UInt8(ascii: "["), UInt8(ascii: "{"): node = try flow()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): node = .scalar(try quoted(), plain: false)
        case UInt8(ascii: "*"):
            i += 1
            let start = i
            while let c = peek(), !YAMLReader.isSpaceOrEnd(c), c != UInt8(ascii: ","), c != UInt8(ascii: "]"), c != UInt8(ascii: "}") { i += 1 }
            node = try aliased(String(decoding: b[start..<i], as: UTF8.self))
        default:
            let start = i
            while let c = peek(), !YAMLReader.isBreak(c), c != UInt8(ascii: ","), c != UInt8(ascii: "]"), c != UInt8(ascii: "}") {
                if c == UInt8(ascii: ":") && (YAMLReader.isSpaceOrEnd(peek(1)) || peek(1) == UInt8(ascii: ",")) { break }
                i += 1
            }
            var end = i
            while end > start && YAMLReader.isBlank(b[end - 1]) { end -= 1 }
            node = .scalar(String(decoding: b[start..<end], as: UTF8.self), plain: true)
        }
        if let tag { return .tagged(tag, node) }
        return node
    }
}
