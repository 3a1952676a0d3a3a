/// Attributes of the start tags in a piece of raw HTML, read the forgiving way browsers read them:
/// `<a id="x">`, `<a name='x'>`, `<span id=x>`, `<a href="#install">`. Comments are skipped.
enum HTMLAttributes {
    struct Attribute: Equatable {
        let tag: String
        let name: String
        let value: String
        /// Lines from the start of the literal to the attribute.
        let lineOffset: Int
    }

    static func scan(_ html: String) -> [Attribute] {
        // Most raw HTML (outline's own comment lines among it) has no attribute at all.
        guard html.utf8.contains(UInt8(ascii: "=")) else { return [] }
        return scanWithRanges(Array(html.utf8)).map(\.attribute)
    }

    /// The attributes with where each value's bytes stand in `b` (inside its quotes), so that a value
    /// can be rewritten without touching any other byte: `data-href` is another attribute than
    /// `href`, names compare case-insensitively, a comment is no tag.
    static func scanWithRanges(_ b: [UInt8]) -> [(attribute: Attribute, value: Range<Int>)] {
        var found: [(attribute: Attribute, value: Range<Int>)] = []
        // A tag's name made once for all its attributes.
        var tagName = (range: 0..<0, name: "")
        b.withUnsafeBufferPointer { p in
            forEach(in: p) { tag, name, value, line in
                if tag != tagName.range { tagName = (tag, String(decoding: p[tag], as: UTF8.self).lowercased()) }
                found.append((Attribute(tag: tagName.name, name: String(decoding: p[name], as: UTF8.self).lowercased(),
                                        value: decodeEntities(String(decoding: p[value], as: UTF8.self)), lineOffset: line), value))
            }
        }
        return found
    }

    /// Whether the bytes `name` spell `href`, in any case: the one attribute a rewrite may change
    /// (`LinkRepair` rewrites `href`s; verification compares them against the plan).
    static func isHref(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        name.count == 4 && name.elementsEqual("href".utf8, by: { $0 | 0x20 == $1 })
    }

    /// The one reading of raw HTML's attributes, allocating nothing: for each attribute with a value,
    /// its tag's, name's and value's byte ranges in `b` (the value inside its quotes) and its line
    /// from the start of `b`. The leaf fingerprints of verification (which leave `href` values out)
    /// and the locator (which writes them) must read the same bytes as values.
    static func forEach(in b: UnsafeBufferPointer<UInt8>, _ body: (_ tag: Range<Int>, _ name: Range<Int>, _ value: Range<Int>, _ lineOffset: Int) -> Void) {
        var i = 0
        var line = 0
        func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 12 || c == 13 }
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
        func has(_ prefix: [UInt8], at offset: Int) -> Bool {
            offset + prefix.count <= b.count && prefix.indices.allSatisfy { b[offset + $0] == prefix[$0] }
        }
        while i < b.count {
            if b[i] == ASCII.lf { line += 1 }
            guard b[i] == UInt8(ascii: "<") else { i += 1; continue }
            if has(CommentFormat.open, at: i) {
                // Skip the comment, counting its lines.
                var j = i + 4
                while j < b.count && !has(CommentFormat.close, at: j) { if b[j] == ASCII.lf { line += 1 }; j += 1 }
                i = j + 3
                continue
            }
            guard i + 1 < b.count, isLetter(b[i + 1]) else { i += 1; continue }
            var j = i + 1
            while j < b.count && !isSpace(b[j]) && b[j] != UInt8(ascii: ">") && b[j] != UInt8(ascii: "/") { j += 1 }
            let tag = (i + 1)..<j
            // Attributes up to `>`.
            while j < b.count && b[j] != UInt8(ascii: ">") {
                if b[j] == ASCII.lf { line += 1 }
                if isSpace(b[j]) || b[j] == UInt8(ascii: "/") { j += 1; continue }
                let nameStart = j
                while j < b.count && !isSpace(b[j]) && b[j] != UInt8(ascii: "=") && b[j] != UInt8(ascii: ">") && b[j] != UInt8(ascii: "/") { j += 1 }
                let name = nameStart..<j
                let at = line
                while j < b.count && isSpace(b[j]) { if b[j] == ASCII.lf { line += 1 }; j += 1 }
                guard j < b.count, b[j] == UInt8(ascii: "=") else { continue }
                j += 1
                while j < b.count && isSpace(b[j]) { if b[j] == ASCII.lf { line += 1 }; j += 1 }
                guard j < b.count else { break }
                let valueStart: Int
                if b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'") {
                    let quote = b[j]
                    j += 1
                    valueStart = j
                    while j < b.count && b[j] != quote { if b[j] == ASCII.lf { line += 1 }; j += 1 }
                } else {
                    valueStart = j
                    while j < b.count && !isSpace(b[j]) && b[j] != UInt8(ascii: ">") { j += 1 }
                }
                let valueRange = valueStart..<min(j, b.count)
                if j < b.count && (b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'")) && valueStart > 0 && b[valueStart - 1] == b[j] { j += 1 }
                body(tag, name, valueRange, at)
            }
            i = j + 1
        }
    }

    /// The few character references attribute values use in practice.
    static func decodeEntities(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "&")) else { return s }
        var out = s
        for (entity, char) in [("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            out = out.replacingAll(entity, with: char)
        }
        return out
    }
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    public func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8), with = Array(replacement.utf8)
        let bytes = Array(utf8)
        guard !needle.isEmpty else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == needle[0], i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                out += with
                i += needle.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
