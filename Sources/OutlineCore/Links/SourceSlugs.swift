/// The slug rules of the renderers that slug a heading's text their own way, away from the
/// table of `SlugProfile`: Hugo's (goldmark's, of either version) and kramdown's.
extension SlugProfile {
    /// Hugo's `sanitizeAnchorNameWithHook` for the `github` type (markup/goldmark/autoid.go): the
    /// text trimmed of white space, then each space or `-` a `-`, each letter (lowercased), decimal
    /// digit and `_` kept, everything else (a tab, punctuation, `²`, emoji) dropped.
    static func hugoSlug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in Outline.trimmed(text).unicodeScalars {
            if scalar == " " || scalar == "-" { out.append("-"); continue }
            if scalar == "_" { out.append(scalar); continue }
            if scalar.isASCII {
                let b = UInt8(scalar.value)
                if ASCII.isDigit(b) || (b >= 97 && b <= 122) { out.append(scalar) }
                else if b >= 65 && b <= 90 { out.append(Unicode.Scalar(b + 32)) }
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
                // Go's unicode.ToLower, one rune for one: `İ` is `i` (Swift's full mapping adds U+0307).
                out.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
            default: break
            }
        }
        return String(out)
    }

    /// goldmark's typographer on a text: `---` an em dash, `--` an en dash, from the left.
    static func typographerDashes(_ text: String) -> String {
        guard text.containsBytes("--") else { return text }
        var out = ""
        var hyphens = 0
        func flush() {
            out += String(repeating: "\u{2014}", count: hyphens / 3)
            switch hyphens % 3 { case 2: out += "\u{2013}"; case 1: out += "-"; default: break }
            hyphens = 0
        }
        for c in text {
            if c == "-" { hyphens += 1; continue }
            flush()
            out.append(c)
        }
        flush()
        return out
    }

    /// kramdown's `basic_generate_id` (lib/kramdown/converter/base.rb): everything before the first
    /// ASCII letter removed, then all but ASCII letters, digits, spaces and `-`, each space made `-`,
    /// lowercased.
    static func kramdownSlug(_ text: String) -> String {
        let bytes = Array(Outline.trimmed(text).utf8)
        guard let first = bytes.firstIndex(where: { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) else { return "" }
        var out: [UInt8] = []
        for b in bytes[first...] {
            if b == ASCII.space || b == UInt8(ascii: "-") { out.append(UInt8(ascii: "-")) }
            else if ASCII.isDigit(b) || (b >= 97 && b <= 122) { out.append(b) }
            else if b >= 65 && b <= 90 { out.append(b + 32) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
