/// A page's translatable units outside its sections (format.md §17): the text before its first
/// heading and the front-matter values the site translates (`[translation] front-matter`, by default
/// `title`, `description` and `linkTitle`). Each is hashed by the rule of a section's content, without
/// a heading line, and its `source=` is recorded in the page record (`PageRecord`).
public enum PageUnit: Sendable, Hashable {
    case preamble
    case frontMatter(String)

    /// The unit's attribute in the page record: `preamble`, or the front-matter key.
    public var key: String {
        switch self {
        case .preamble: return CommentFormat.preambleKey
        case .frontMatter(let key): return key
        }
    }

    /// How reports and `--id` name it: `@preamble`, `@title`. No section ID holds `@`, so the two
    /// never meet.
    public var name: String { "@" + key }

    /// The unit `name` names (`@preamble`, `@KEY` of a tracked key); nil for anything else.
    public init?(name: String, keys: [String]) {
        guard name.hasPrefix("@") else { return nil }
        let key = String(name.dropFirst())
        if key == CommentFormat.preambleKey { self = .preamble } else if keys.contains(key) { self = .frontMatter(key) } else { return nil }
    }
}

/// The units one page has, each with where it stands, its hash and its lines.
public struct PageUnits: Sendable {
    public struct Unit: Sendable {
        public var unit: PageUnit
        /// 1-based line: the front-matter key's, or the preamble's first.
        public var line: Int
        public var hash: UInt32
        /// What a translator reads in `translation diff`.
        public var lines: [NumberedLine]
        public var nonBlankLines: Int { lines.filter { !$0.text.allSatisfy(ASCII.isBlank) }.count }
    }

    /// The front-matter units in the order of the keys asked for, then the preamble.
    public let units: [Unit]

    public init(_ outline: Outline, keys: [String]) {
        var units: [Unit] = []
        let front = FrontMatterValues(outline)
        for key in keys {
            guard let lines = front.lines(of: key) else { continue }
            let line = front.line(of: key) ?? 1
            var bytes: [UInt8] = []
            for text in lines { bytes += text; bytes.append(ASCII.lf) }
            units.append(Unit(unit: .frontMatter(key), line: line, hash: ContentHash.hash(bytes[...]),
                              lines: lines.enumerated().map { NumberedLine(number: line + $0.offset, text: $0.element) }))
        }
        let content = SectionContent(outline)
        if let hash = content.preambleHash {
            let lines = content.preambleDisplayLines
            units.append(Unit(unit: .preamble, line: lines.first?.number ?? outline.frontMatterLineCount + 1, hash: hash, lines: lines))
        }
        self.units = units
    }

    public subscript(_ unit: PageUnit) -> Unit? { units.first { $0.unit == unit } }
}

/// A page's front matter read as data (YAML between `---` lines, TOML between `+++` lines), never run.
public struct FrontMatterValues: Sendable {
    public let value: ConfigValue?
    private let keyLines: [String: Int]

    public init(_ outline: Outline) {
        let source = outline.source
        let count = outline.frontMatterLineCount
        guard count >= 2 else { value = nil; keyLines = [:]; return }
        let toml = source.content(0).first == UInt8(ascii: "+")
        let text = Array(source.bytes[source.lineStarts[1]..<source.lineStarts[count - 1]])
        value = try? (toml ? ConfigValue.toml(text) : ConfigValue.yaml(text))
        // Where each top-level key is written (a line that starts with it), for messages and `diff`.
        var lines: [String: Int] = [:]
        for line in 1..<(count - 1) {
            let content = source.content(line)
            guard let first = content.first, !ASCII.isBlank(first) else { continue }
            let end = content.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") || ASCII.isBlank($0) } ?? content.endIndex
            var key = String(decoding: content[content.startIndex..<end], as: UTF8.self)
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote { key = String(key.dropFirst().dropLast()) }
            if lines[key] == nil { lines[key] = line + 1 }
        }
        keyLines = lines
    }

    /// The 1-based line key `key` is written on, when it is one of the top level's.
    public func line(of key: String) -> Int? { keyLines[key] }

    /// The value of top-level key `key` as the lines §17's hash rule reads: a string's lines, each
    /// without trailing blanks, blank ones left out; a list's scalars one a line. nil when the key is
    /// absent, null, or not text.
    public func lines(of key: String) -> [[UInt8]]? {
        guard let v = value?[key], !v.isNull else { return nil }
        let texts: [String]
        if let s = v.string { texts = [s] } else if let items = v.list { texts = items.compactMap(\.string) } else { return nil }
        var out: [[UInt8]] = []
        for text in texts {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                var bytes = Array(line.utf8)
                while let last = bytes.last, ASCII.isBlank(last) || last == ASCII.cr { bytes.removeLast() }
                if !bytes.isEmpty { out.append(bytes) }
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The first word of top-level key `key`'s text: a revision recorded there (`default_lang_commit:
    /// 8c95bff… # patched` reads `8c95bff…`).
    public func word(_ key: String) -> String? {
        guard let text = value?[key]?.string else { return nil }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    }
}
