/// A heading's own id as Docusaurus reads it (format.md §16). Read in `Parsing` because a heading's
/// title leaves it out in MDX (`Outline.titleParts`), and by the `docusaurus` slug profile.
enum DocusaurusHeadingID {
    /// The id a heading's text ends with as Docusaurus reads it (`parseMarkdownHeadingId` of
    /// `@docusaurus/utils`, its tests cited in format.md §16), and the text before it: `{#id}` (the
    /// classic syntax, `mdx1Compat.headingIds`; the id anything without `{#` or `}`, trimmed) or
    /// `{/* #id */}` (MDX's comment syntax; the id without blanks).
    static func parse(_ text: String) -> (id: String, before: String)? {
        var t = Substring(text)
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        guard t.hasSuffix("}") else { return nil }
        func before(_ open: Substring.Index) -> String {
            var cut = open
            while cut > t.startIndex, t[t.index(before: cut)] == " " || t[t.index(before: cut)] == "\t" { cut = t.index(before: cut) }
            return String(t[..<cut])
        }
        func lastRange(of needle: String) -> Range<Substring.Index>? {
            var found: Range<Substring.Index>? = nil
            var rest = t[...]
            while let r = rest.firstRange(of: needle) { found = r; rest = t[r.upperBound...] }
            return found
        }
        func trimmed(_ s: Substring) -> Substring {
            var s = s
            while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
            while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
            return s
        }
        if t.hasSuffix("*/}"), let open = lastRange(of: "{/*"), open.upperBound <= t.index(t.endIndex, offsetBy: -3) {
            let inner = trimmed(t[open.upperBound..<t.index(t.endIndex, offsetBy: -3)])
            guard inner.first == "#", inner.count > 1, !inner.dropFirst().contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
            return (String(inner.dropFirst()), before(open.lowerBound))
        }
        // `{#` … `}` at the end, the id holding neither `{#` nor `}`: the last `{#`.
        guard let open = lastRange(of: "{#") else { return nil }
        let inner = t[open.upperBound..<t.index(before: t.endIndex)]
        guard !inner.isEmpty, !inner.contains("}") else { return nil }
        let id = trimmed(inner)
        return id.isEmpty ? nil : (String(id), before(open.lowerBound))
    }
}
