/// How a renderer turns a heading into its `id`: each profile follows its renderer's own rules, and
/// `SlugIndex` numbers duplicates the renderer's way.
///
/// | profile | renderer | text | kept | spaces | duplicates |
/// | --- | --- | --- | --- | --- | --- |
/// | `github` | GitHub (its documentation; html-pipeline) | text content (no image alt), trimmed, ASCII lowercased | letters, marks, numbers, `_`, `-` | each `-` | `-1`, `-2` |
/// | `gitlab` | GitLab | text content | letters, marks, numbers, `_`, `-`; runs of `-` squeezed | each `-` | `-1`, `-2` (by base) |
/// | `pandoc` | pandoc `markdown` reader (`auto_identifiers`, `smart`) | stringify (alt kept, `--` `...` smartened) | letters, numbers, `_`, `-`, `.`; up to the first letter dropped | runs `-` | `-1`, `-2`; empty: `section` |
/// | `mkdocs` | Python-Markdown `toc` | text content, NFKD folded to ASCII | `[A-Za-z0-9_-]` | runs of `-`/space → `-` | `_1`, `_2`; empty: `_1` |
/// | `hugo` | Hugo 0.144 and later (goldmark, `autoHeadingIDType = "github"`) | the heading's rendered text (a link's text, entities decoded, raw HTML's tags gone, `--` and `---` dashes), trimmed | letters (lowercased), decimal digits, `_`, `-` | each space `-` | `-1`, `-2`; empty: `heading` |
/// | `hugo-0.111` | Hugo 0.60 to 0.143 (goldmark, `autoHeadingIDType = "github"`) | the heading's source text (markup and all), trimmed | as `hugo` | as `hugo` | as `hugo` |
/// | `docusaurus` | Docusaurus (github-slugger) | as `github` | | | |
/// | `kramdown` | kramdown 2.4, its own parser (Jekyll without `input: GFM`) | the heading's source text | ASCII letters and digits, `-`, after the first letter | each space `-` | `-1`, `-2` (by base); empty: `section` |
/// | `mkdocs-material` | Python-Markdown `toc` with `pymdownx.slugs.slugify(case="lower")` (Material for MkDocs' advice) | text content, trimmed, lowercased | letters, numbers, `_`, `-` (no marks) | each space `-` | `_1`, `_2` |
/// | `myst` | MyST-Parser's `myst_heading_anchors` (Sphinx), and the docutils section id it also resolves | text and code, no line breaks, not trimmed, lowercased | letters, numbers, `_`, `-` (no marks) | each space `-` | `-1`, `-2`; empty: none |
public enum SlugProfile: String, Sendable, CaseIterable {
    case github, gitlab, pandoc, mkdocs, hugo, docusaurus, kramdown
    case mkdocsMaterial = "mkdocs-material"
    case myst
    case hugo0111 = "hugo-0.111"

    /// The renderer and version each profile follows (for `--help` and the man page).
    public var follows: String {
        switch self {
        case .github: return "GitHub's heading anchors (github-slugger 2.0 / html-pipeline rules)"
        case .gitlab: return "GitLab's heading IDs (GitLab Flavored Markdown docs)"
        case .pandoc: return "pandoc 2.17 auto_identifiers of its markdown reader, smart on"
        case .mkdocs: return "Python-Markdown 3.11 toc extension (the MkDocs default)"
        case .hugo: return "Hugo 0.168 (goldmark auto heading IDs, type github: the heading's rendered text, typographer on; Hugo 0.144 and later)"
        case .hugo0111: return "Hugo 0.111 (goldmark auto heading IDs, type github: the heading's source text; Hugo 0.60 to 0.143)"
        case .docusaurus: return "Docusaurus (github-slugger: the github rules)"
        case .kramdown: return "kramdown 2.4 with its own parser (auto_ids: the heading's source text)"
        case .mkdocsMaterial: return "Python-Markdown 3.11 toc with pymdownx.slugs.slugify(case=lower), as Material for MkDocs advises"
        case .myst: return "MyST-Parser 5.2 on Sphinx 9.0 (myst_heading_anchors = 6: its github slugs, and docutils' section ids)"
        }
    }

    /// Whether the renderer slugs the heading's Markdown source rather than its rendered text (Hugo
    /// before 0.144: goldmark handed its ID generator the heading's last source line, backticks and
    /// brackets included).
    public var slugsSource: Bool { self == .hugo0111 || self == .kramdown }

    /// Whether the renderer reads a heading's `{#id}` from its source line, whatever its text is
    /// slugged from (goldmark: an escaped `\{` is text, which the rendered text no longer shows).
    var readsSourceAttribute: Bool { self == .hugo || slugsSource }

    /// The rules duplicates and text follow: Docusaurus slugs with github-slugger, as GitHub does;
    /// both Hugos number and keep the same characters.
    var rules: SlugProfile { self == .docusaurus ? .github : self == .hugo0111 ? .hugo : self }

    /// Hugo (goldmark) itself, of whichever version.
    public var isHugo: Bool { rules == .hugo }

    /// The heading's explicit `{#id}` when this profile's renderer honours it (pandoc), and the text
    /// pieces left for the slug.
    func explicitID(_ pieces: [LinkInventory.HeadingText.Piece]) -> (id: String?, pieces: [LinkInventory.HeadingText.Piece]) {
        if self == .docusaurus, case .text(let last)? = pieces.last, let (id, before) = DocusaurusHeadingID.parse(last) {
            return (id, Array(pieces.dropLast()) + (before.isEmpty ? [] : [.text(before)]))
        }
        guard self == .pandoc || isHugo || self == .kramdown, case .text(let last)? = pieces.last else { return (nil, pieces) }
        let trimmed = Substring(last)
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[trimmed.index(before: end)].isWhitespace { end = trimmed.index(before: end) }
        guard end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == "}",
              let open = trimmed[..<end].lastIndex(of: "{") else { return (nil, pieces) }
        // `\{#x}` is text (an odd run of backslashes escapes the brace; `\\{#x}` is an id, but
        // to Hugo 0.111, which reads any backslash before it as text).
        let backslashes = trimmed[..<open].reversed().prefix { $0 == "\\" }.count
        if backslashes % 2 == 1 || (self == .hugo0111 && backslashes > 0) { return (nil, pieces) }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: end)]
        var id: String? = nil
        for token in inner.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if token.first == "#", token.count > 1 { id = String(token.dropFirst()) }
            else if token == "-" || token.first == "." || token.contains("=") { continue }
            else { return (nil, pieces) }   // not an attribute block: plain text
        }
        var rest = Array(pieces.dropLast())
        let before = String(trimmed[..<open])
        if !before.isEmpty { rest.append(.text(before)) }
        return (id, rest)
    }

    /// GitHub's and GitLab's slug of an ASCII text, byte by byte (the common case; nil for any other
    /// text): trimmed, lowercased, a space made `-`, only letters, digits, `_` and `-` kept, and for
    /// GitLab runs of `-` squeezed.
    private static func asciiSlug(_ text: String, squeezing: Bool, trimming: Bool) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0, end = bytes.count
            for b in bytes where b >= 0x80 { return nil }
            while trimming, start < end, bytes[start] == 32 || (bytes[start] >= 9 && bytes[start] <= 13) { start += 1 }
            while trimming, end > start, bytes[end - 1] == 32 || (bytes[end - 1] >= 9 && bytes[end - 1] <= 13) { end -= 1 }
            return String(unsafeUninitializedCapacity: end - start) { out in
                var n = 0
                var previousHyphen = false
                for i in start..<end {
                    var c = bytes[i]
                    if c >= 65 && c <= 90 { c += 32 }
                    if c == 32 { c = UInt8(ascii: "-") }
                    guard c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || ASCII.isDigit(c) || (c >= 97 && c <= 122) else { continue }
                    if squeezing && c == UInt8(ascii: "-") && previousHyphen { continue }
                    previousHyphen = c == UInt8(ascii: "-")
                    out[n] = c
                    n += 1
                }
                return n
            }
        }
    }

    /// The slug of a heading's text, before duplicates are numbered.
    public func slug(_ pieces: [LinkInventory.HeadingText.Piece]) -> String {
        switch rules {
        case .hugo where self == .hugo:
            // Hugo 0.144 and later: the rendered text of the heading's last line (a setext heading's
            // earlier lines are left out), `--` and `---` made dashes by goldmark's typographer
            // (on by default), which the slug then drops; code is never typographed.
            var text = ""
            for piece in pieces {
                switch piece {
                case .text(let s), .imageAlt(let s): text += SlugProfile.typographerDashes(s)
                case .code(let s): text += s
                case .lineBreak: text = ""
                }
            }
            return SlugProfile.hugoSlug(text)
        case .hugo, .hugo0111, .kramdown:
            // Without the source at hand: the rendered text, which is the source for plain headings.
            let text = SlugProfile.text(of: pieces, lineBreak: "\n", imageAlt: true)
            return rules == .hugo ? SlugProfile.hugoSlug(text) : SlugProfile.kramdownSlug(text)
        case .github, .gitlab, .docusaurus:
            let text = SlugProfile.text(of: pieces, lineBreak: "\n", imageAlt: false)
            // GitHub as measured (github-slugger 2.0, whose fixtures were rendered on GitHub): every
            // letter lowercased as JavaScript's toLowerCase does (`Θ` too, whatever its documentation
            // shows), nothing trimmed (cmark has trimmed the heading already), then what
            // `githubKeeps` says is dropped and each space made `-`. GitLab trims and squeezes hyphens.
            if let slug = SlugProfile.asciiSlug(text, squeezing: rules == .gitlab, trimming: rules == .gitlab) { return slug }
            let cased = rules == .gitlab ? Outline.trimmed(text).lowercased() : text.lowercased()
            var out = String.UnicodeScalarView()
            for scalar in cased.unicodeScalars {
                if scalar == " " { out.append("-") }
                else if rules == .github ? SlugProfile.githubKeeps(scalar) : (SlugProfile.isWordScalar(scalar) || scalar == "-") { out.append(scalar) }
            }
            var slug = String(out)
            if rules == .gitlab { slug = SlugProfile.squeezingHyphens(slug) }
            return slug
        case .pandoc:
            var text = ""
            for piece in pieces {
                switch piece {
                case .text(let s): text += SlugProfile.smart(s)
                case .code(let s): text += s
                case .imageAlt(let s): text += SlugProfile.smart(s)
                case .lineBreak: text += " "
                }
            }
            // lowercase; keep alphanumerics, spaces, `_`, `-`, `.`; words joined by `-`; drop up to the
            // first letter.
            var kept = String.UnicodeScalarView()
            for scalar in text.lowercased().unicodeScalars {
                if SlugProfile.isHaskellSpace(scalar) { kept.append(" ") }
                else if SlugProfile.isHaskellAlphaNum(scalar) || scalar == "_" || scalar == "-" || scalar == "." { kept.append(scalar) }
            }
            let joined = String(kept).split(separator: " ").joined(separator: "-")
            let scalars = joined.unicodeScalars
            guard let first = scalars.firstIndex(where: SlugProfile.isHaskellAlpha) else { return "" }
            return String(scalars[first...])
        case .myst:
            // myst_parser/slugs.py `github_slugify` over what `compute_unique_slug` joins: the text and
            // code children of the heading's inline token (a line break and an image's alt are
            // neither); nothing trimmed; lowercased, each space a `-`, and only Python's `\w`, CJK
            // ideographs (U+4E00–U+9FFF) and `-` kept.
            let text = SlugProfile.text(of: pieces, lineBreak: "", imageAlt: false)
            var out = String.UnicodeScalarView()
            for scalar in PythonText.lower(text).unicodeScalars {
                if scalar == " " || scalar == "-" || scalar == "_" { out.append(scalar == " " ? "-" : scalar) }
                else if SlugProfile.isPythonWord(scalar) || (0x4E00...0x9FFF).contains(scalar.value) { out.append(scalar) }
            }
            return String(out)
        case .mkdocsMaterial:
            // The text as toc hands it over (`strip_tags`: `' '.join(text.split())`, so that runs of
            // Python's whitespace, a literal U+00A0 among it, are one space), in NFC. (An entity,
            // `&nbsp;`, is stashed, not text: `LinkTargets` hands it over as U+FFFF, dropped here.)
            let text = PythonText.nfc(String(String.UnicodeScalarView(SlugProfile.text(of: pieces, lineBreak: "\n", imageAlt: false).unicodeScalars
                .split(whereSeparator: SlugProfile.isPythonSpace).joined(separator: [" "]))))
            // _uslugify: what looks like a tag removed (`</?[^>]*>`, code spans' text included), strip,
            // lower, remove [^\w\- ] (Python's \w: letters, numbers, `_`; no marks), each space a `-`.
            var untagged = String.UnicodeScalarView()
            var scalars = text.unicodeScalars[...]
            while let c = scalars.first {
                if c == "<", let close = scalars.dropFirst().firstIndex(of: ">") {
                    scalars = scalars[scalars.index(after: close)...]
                } else {
                    untagged.append(c)
                    scalars = scalars.dropFirst()
                }
            }
            var out = String.UnicodeScalarView()
            for scalar in PythonText.lower(Outline.trimmed(String(untagged))).unicodeScalars {
                if scalar == " " || scalar == "-" { out.append("-"); continue }
                if scalar == "_" { out.append(scalar); continue }
                if scalar.isASCII {
                    let b = UInt8(scalar.value)
                    if ASCII.isDigit(b) || (b >= 97 && b <= 122) || (b >= 65 && b <= 90) { out.append(scalar) }
                    continue
                }
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber:
                    out.append(scalar)
                default: break
                }
            }
            return String(out)
        case .mkdocs:
            var folded = ""
            for piece in pieces {
                switch piece {
                case .text(let s), .code(let s):
                    for scalar in s.unicodeScalars {
                        if scalar.isASCII { folded.unicodeScalars.append(scalar) } else if let ascii = ASCIIFolding.fold(scalar) { folded += ascii }
                    }
                case .lineBreak: folded += "\n"
                case .imageAlt: break
                }
            }
            // re.sub(r'[^\w\s-]', '', value).strip().lower(), then re.sub(r'[-\s]+', '-', value).
            func isSpace(_ b: UInt8) -> Bool { b == 32 || (b >= 9 && b <= 13) }
            var kept = folded.utf8.filter { b in
                isSpace(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || ASCII.isDigit(b) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122)
            }[...]
            while let b = kept.first, isSpace(b) { kept = kept.dropFirst() }
            while let b = kept.last, isSpace(b) { kept = kept.dropLast() }
            var out: [UInt8] = []
            var inRun = false
            for b in kept {
                if isSpace(b) || b == UInt8(ascii: "-") {
                    if !inRun { out.append(UInt8(ascii: "-")) }
                    inRun = true
                } else {
                    out.append(b >= 65 && b <= 90 ? b + 32 : b)
                    inRun = false
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A heading's text as a renderer reads it for its slug: text and code, a line break as
    /// `lineBreak`, an image's alt text or not.
    static func text(of pieces: [LinkInventory.HeadingText.Piece], lineBreak: String, imageAlt: Bool) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let s), .code(let s): text += s
            case .lineBreak: text += lineBreak
            case .imageAlt(let s): if imageAlt { text += s }
            }
        }
        return text
    }

    /// Python's `\w` beyond `_`: `str.isalnum()`, a letter (any `L` category) or a character with a
    /// numeric value (`²`, `½`, `Ⅷ` too); marks are not word characters.
    static func isPythonWord(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            let b = UInt8(s.value)
            return ASCII.isDigit(b) || (b >= 97 && b <= 122) || (b >= 65 && b <= 90)
        }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return s.properties.numericType != nil
        }
    }

    /// The id docutils gives a section (`docutils.nodes.make_id` of the title's text, a line break a
    /// space, an image nothing), which MyST resolves a fragment to when no slug matches: lowercased,
    /// ß æ œ ȸ ȹ and stroked Latin letters spelled in ASCII, the rest NFKD-folded to ASCII, each run of
    /// other than `[a-z0-9]` one `-`, leading digits and `-` and trailing `-` dropped.
    func docutilsID(_ pieces: [LinkInventory.HeadingText.Piece]) -> String {
        let text = SlugProfile.text(of: pieces, lineBreak: " ", imageAlt: false)
        var out: [UInt8] = []
        var pendingHyphen = false
        func emit(_ b: UInt8) {
            if ASCII.isDigit(b) || (b >= 97 && b <= 122) {
                if pendingHyphen { out.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                if !(out.isEmpty && ASCII.isDigit(b)) { out.append(b) }
            } else if !out.isEmpty {
                pendingHyphen = true
            }
        }
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII { emit(UInt8(scalar.value)) }
            else if let spelled = SlugProfile.docutilsSpelled[scalar.value] { spelled.utf8.forEach(emit) }
            else if let folded = ASCIIFolding.fold(scalar) { folded.utf8.forEach(emit) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// docutils' `_non_id_translate_digraphs` and `_non_id_translate`: letters NFKD does not fold.
    static let docutilsSpelled: [UInt32: String] = [
        0xDF: "sz", 0xE6: "ae", 0x153: "oe", 0x238: "db", 0x239: "qp",
        0xF8: "o", 0x111: "d", 0x127: "h", 0x131: "i", 0x142: "l", 0x167: "t", 0x180: "b", 0x183: "b",
        0x188: "c", 0x18C: "d", 0x192: "f", 0x199: "k", 0x19A: "l", 0x19E: "n", 0x1A5: "p", 0x1AB: "t",
        0x1AD: "t", 0x1B4: "y", 0x1B6: "z", 0x1E5: "g", 0x225: "z", 0x234: "l", 0x235: "n", 0x236: "t",
        0x237: "j", 0x23C: "c", 0x23F: "s", 0x240: "z", 0x247: "e", 0x249: "j", 0x24B: "q", 0x24D: "r", 0x24F: "y",
    ]

    /// What github-slugger 2.0 keeps of a lowercased heading text (its `regex.js`, generated from
    /// Unicode 13.0): everything but other numbers, punctuation other than `-` and connectors,
    /// symbols, controls, format and private-use characters, separators other than the space, and
    /// what Unicode 13.0 had not assigned yet; an alphabetic character is kept whatever its category
    /// (circled letters are symbols).
    static func githubKeeps(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            let b = UInt8(s.value)
            return ASCII.isDigit(b) || (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
        let properties = s.properties
        guard let age = properties.age, age.major < 13 || (age.major == 13 && age.minor == 0) else { return false }
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .otherNumber, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .dashPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .control, .privateUse, .format,
             .unassigned, .surrogate, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }

    /// Letters, marks, numbers and connector punctuation: what `\p{Word}` keeps.
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            let b = UInt8(s.value)
            return ASCII.isDigit(b) || (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || b == UInt8(ascii: "_")
        }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    static func isHaskellAlpha(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return (s.value | 0x20) >= 97 && (s.value | 0x20) <= 122 }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    static func isHaskellAlphaNum(_ s: Unicode.Scalar) -> Bool {
        if isHaskellAlpha(s) { return true }
        if s.isASCII { return s.value >= 48 && s.value <= 57 }
        switch s.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Python's `str.isspace()`, what `str.split()` splits on: the ASCII whitespace, the
    /// separators U+001C to U+001F, U+0085, and Unicode's space separators, line and paragraph
    /// separators (U+00A0 among them).
    static func isPythonSpace(_ s: Unicode.Scalar) -> Bool {
        if s.value <= 0x7F { return s == " " || (s.value >= 9 && s.value <= 13) || (s.value >= 0x1C && s.value <= 0x1F) }
        if s.value == 0x85 { return true }
        switch s.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Haskell's `isSpace`: the ASCII spaces, NBSP, and Unicode space separators.
    static func isHaskellSpace(_ s: Unicode.Scalar) -> Bool {
        if s == " " || (s.value >= 9 && s.value <= 13) || s.value == 0xA0 { return true }
        return s.properties.generalCategory == .spaceSeparator
    }

    /// pandoc's `smart` extension as it changes a slug: `---`, `--` and `...` become dashes and an
    /// ellipsis, which the slug then drops (straight quotes are dropped either way).
    static func smart(_ s: String) -> String {
        guard s.containsBytes("--") || s.containsBytes("...") else { return s }
        var out = ""
        var scalars = s.unicodeScalars[...]
        while let c = scalars.first {
            if c == "-" && scalars.dropFirst().first == "-" {
                scalars = scalars.drop(while: { $0 == "-" })   // -- and --- (and longer runs) are dashes
                out += "\u{2013}"
            } else if c == "." && scalars.starts(with: "...".unicodeScalars) {
                scalars = scalars.dropFirst(3)
                out += "\u{2026}"
            } else {
                out.unicodeScalars.append(c)
                scalars = scalars.dropFirst()
            }
        }
        return out
    }

    static func squeezingHyphens(_ s: String) -> String {
        guard s.containsBytes("--") else { return s }
        var out = ""
        var previous: Character? = nil
        for c in s where !(c == "-" && previous == "-") { out.append(c); previous = c }
        return out
    }
}

/// The ids a document's headings get, numbered as the profile's renderer numbers duplicates.
public struct SlugIndex: Sendable {
    public let profile: SlugProfile
    private var used: [String: Int] = [:]
    /// Python-Markdown's cache: for a stem, the `n` up to which `stem_1` … `stem_n` are all taken.
    private var counters: [String: Int] = [:]

    /// `capacity`: how many ids it will hold, if known (a document's heading count).
    public init(_ profile: SlugProfile, capacity: Int = 0) {
        self.profile = profile
        used.reserveCapacity(capacity)
    }

    /// The id of the next heading whose slug (before numbering) is `base`.
    public mutating func add(_ base: String) -> String {
        switch profile.rules {
        case .github, .docusaurus:
            // github-slugger: `base-N` with N counted per base, skipping ids already taken.
            var result = base
            while used[result] != nil {
                used[base, default: 0] += 1
                result = base + "-" + String(used[base]!)
            }
            used[result] = 0
            return result
        case .gitlab, .kramdown:
            // GitLab, and kramdown's generate_id (`section` for nothing): a count per base only.
            let start = base.isEmpty && profile == .kramdown ? "section" : base
            let count = used[start, default: 0]
            used[start] = count + 1
            return count > 0 ? start + "-" + String(count) : start
        case .myst:
            // myst's unique_slug: the first free `-N`; an empty slug is no anchor and takes no part.
            guard !base.isEmpty else { return "" }
            var result = base
            var n = 0
            while used[result] != nil { n += 1; result = base + "-" + String(n) }
            used[result] = 1
            return result
        case .pandoc, .hugo, .hugo0111:
            // The first free `-N`; nothing is `section` for pandoc, `heading` for Hugo's idFactory
            // before 0.144; since, an empty heading gets no id.
            if base.isEmpty && profile == .hugo { return "" }
            let start = base.isEmpty ? (profile.isHugo ? "heading" : "section") : base
            var result = start
            var n = 0
            while used[result] != nil { n += 1; result = start + "-" + String(n) }
            used[result] = 1
            return result
        case .mkdocs, .mkdocsMaterial:
            // Python-Markdown's unique(): `id_N`, counting on from a trailing `_N`, never empty;
            // with its cache of how far each stem's suffixes are known to be taken, so that a
            // thousand equal headings are numbered in linear time.
            var result = base
            if used[result] != nil || result.isEmpty {
                var stem = result, count = 0
                if let underscore = result.lastIndex(of: "_") {
                    let digits = result[result.index(after: underscore)...]
                    if !digits.isEmpty, digits.utf8.allSatisfy(ASCII.isDigit), let n = Int(digits) { stem = String(result[..<underscore]); count = n }
                }
                let known = counters[stem, default: 0]
                let skip = count <= known || result == stem + "_" + String(known + 1)
                if skip { count = max(count, known) }
                count += 1
                while used[stem + "_" + String(count)] != nil { count += 1 }
                result = stem + "_" + String(count)
                if skip { counters[stem] = count }
            }
            used[result] = 1
            return result
        }
    }

    /// An id given explicitly (pandoc's `{#id}`): taken as it is, and reserved.
    public mutating func reserve(_ id: String) {
        used[id] = profile == .gitlab ? max(used[id] ?? 0, 1) : (used[id] ?? 0)
    }
}
