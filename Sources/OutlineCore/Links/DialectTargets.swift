/// The link targets a site's generator gives besides headings and raw HTML (format.md §16), read
/// from the text links are taken from (a container view's text where there is one): ids that
/// attr_list gives to inline elements and blocks, footnote ids, MyST's `(label)=` names.
enum DialectTargets {
    struct Found {
        let line: Int
        let id: String
        /// An element id the page has before headings get theirs (Python-Markdown's toc avoids it).
        let reserved: Bool
    }

    /// Whether the page holds a comment a hook of mkdocs.yml may fill (`<!-- md:option x -->`), with an
    /// id outline cannot know: a fragment no heading's slug can be (`config.x`, `+x`) is then skipped.
    static func hookComments(in source: Source, dialect: Dialect) -> Bool {
        guard dialect.hooks else { return false }
        for line in 0..<source.lineCount {
            let text = source.content(line)
            guard text.contains(UInt8(ascii: "<")) else { continue }
            if text.containsBytes("<!--") && !text.containsBytes("<!-- outline:") { return true }
        }
        return false
    }

    /// Why the page has ids outline cannot know (text a snippet includes, content a plugin makes),
    /// or nil: a fragment no target matches is then skipped, not reported.
    static func unknowable(in source: Source, dialect: Dialect) -> LinkSkip? {
        guard dialect.snippets || dialect.generatedBlocks || dialect.shortcodes else { return nil }
        var why: LinkSkip? = nil
        LineScanner.forEach(in: source) { _, text, kind in
            guard why == nil, kind == .text else { return }
            let t = text.drop(while: ASCII.isBlank)
            if dialect.snippets, t.startsWithBytes("--8<--") { why = .snippets }
            else if dialect.generatedBlocks, t.startsWithBytes("::: ") { why = .pluginContent }
            else if dialect.shortcodes, t.starts(with: [UInt8(ascii: "{"), UInt8(ascii: "{")]), let name = shortcode(in: t) {
                why = .shortcodeMarkdown(name)
            }
        }
        return why
    }

    /// attr_list's ids on elements other than headings, and footnotes' ids, in document order.
    /// `headings`: each heading's 1-based line (their own blocks are theirs).
    static func ids(in source: Source, dialect: Dialect, headings: [(line: Int, explicit: String?)], profile: SlugProfile) -> [Found] {
        guard dialect.inlineAttributes || dialect.footnoteSeparator != nil || dialect.fenceAttributes else { return [] }
        let headingLines = Set(headings.map(\.line))
        var found: [Found] = []
        var footnoteDefinitions: [(Int, String)] = []
        var references: [String: Int] = [:]
        var referenceOrder: [(Int, String)] = []
        LineScanner.forEach(in: source) { line, text, kind in
            if case .opening(let f) = kind {
                // superfences: ``` { .sh #example } gives the block an id.
                if dialect.fenceAttributes, f.info.first == UInt8(ascii: "{"), f.info.last == UInt8(ascii: "}"),
                   let id = AttributeBlock.id(in: Substring(String(decoding: f.info.dropFirst().dropLast(), as: UTF8.self))) {
                    found.append(Found(line: line + 1, id: id, reserved: true))
                }
                return
            }
            guard kind == .text, !headingLines.contains(line + 1) else { return }
            // The bytes first: a page's every line is read here, and most hold neither `{` nor `[^`
            // (a String's own search took half of a docs tree's check).
            let brace = dialect.inlineAttributes && text.contains(UInt8(ascii: "{"))
            let footnote = dialect.footnoteSeparator != nil && zip(text, text.dropFirst()).contains { $0 == UInt8(ascii: "[") && $1 == UInt8(ascii: "^") }
            guard brace || footnote else { return }
            let string = String(decoding: text, as: UTF8.self)
            if brace {
                for id in attributeIDs(in: string, after: dialect.spanMarks) { found.append(Found(line: line + 1, id: id, reserved: true)) }
            }
            if footnote {
                for (label, isDefinition) in footnotes(in: string) {
                    if isDefinition { footnoteDefinitions.append((line + 1, label)) } else {
                        references[label, default: 0] += 1
                        referenceOrder.append((line + 1, label))
                    }
                }
            }
        }
        if let separator = dialect.footnoteSeparator {
            // Python-Markdown: `fn:LABEL` on the note, `fnref:LABEL` on its first reference,
            // `fnref2:LABEL` on the second, and so on.
            let defined = Set(footnoteDefinitions.map(\.1))
            for (line, label) in footnoteDefinitions { found.append(Found(line: line, id: "fn" + separator + label, reserved: false)) }
            var seen: [String: Int] = [:]
            for (line, label) in referenceOrder where defined.contains(label) {
                seen[label, default: 0] += 1
                let n = seen[label]!
                found.append(Found(line: line, id: (n == 1 ? "fnref" : "fnref\(n)") + separator + label, reserved: false))
            }
        }
        return found
    }

    /// A term's text as goldmark's term id sees it (the rendered text, not the source, unlike
    /// headings): a link `[t](u)` is its text, entities are characters (`(&lt;nil&gt;)` is `nil`).
    static func termText(_ source: String) -> String {
        var out = ""
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let inner = rest[rest.index(after: open)...]
            if let close = inner.firstIndex(of: "]"), inner[close...].dropFirst().first == "(",
               let end = inner[close...].firstIndex(of: ")") {
                out += inner[..<close]
                rest = inner[inner.index(after: end)...]
            } else {
                out += "["
                rest = inner
            }
        }
        return HTMLAttributes.decodeEntities(out + rest)
    }

    /// The name of a Hugo shortcode on the line whose output may hold ids: one of the Markdown form
    /// (`{{% name … %}}`, not its closing `{{% /name %}}`), or `{{< include … >}}`.
    static func shortcode(in line: ArraySlice<UInt8>) -> String? {
        let brace = UInt8(ascii: "{"), percent = UInt8(ascii: "%"), less = UInt8(ascii: "<")
        var k = line.startIndex
        while k + 2 < line.endIndex {
            defer { k += 1 }
            guard line[k] == brace, line[k + 1] == brace, line[k + 2] == percent || line[k + 2] == less else { continue }
            var n = k + 3
            while n < line.endIndex, line[n] == ASCII.space || line[n] == UInt8(ascii: "-") { n += 1 }
            var end = n
            while end < line.endIndex, ASCII.isDigit(line[end]) || ((line[end] | 0x20) >= 0x61 && (line[end] | 0x20) <= 0x7A) || line[end] == UInt8(ascii: "_") || line[end] == UInt8(ascii: "-") || line[end] >= 0x80 { end += 1 }
            guard end > n else { continue }
            let name = String(decoding: line[n..<end], as: UTF8.self)
            if line[k + 2] == percent || name == "include" { return name }
        }
        return nil
    }

    /// goldmark's definition terms (`autoDefinitionTermID`): each line of a paragraph followed by a
    /// `: definition` line (one blank line between them allowed) is a term, its id the profile's slug
    /// of its text, numbered with the headings' (format.md §16). 1-based lines, in document order.
    static func definitionTerms(in source: Source, dialect: Dialect, profile: SlugProfile) -> [(line: Int, slug: String)] {
        guard dialect.definitionTermIDs else { return [] }
        var found: [(line: Int, slug: String)] = []
        let inFence = LineScanner.codeLines(in: source)
        // Each line's bytes without its leading spaces and trailing blanks (every line of a page is
        // asked whether it is a definition: no String is made for it).
        func trimmed(_ line: Int) -> ArraySlice<UInt8> {
            var rest = source.content(line).drop { $0 == ASCII.space }
            while let last = rest.last, ASCII.isBlank(last) { rest = rest.dropLast() }
            return rest
        }
        func content(_ line: Int) -> Substring { Substring(String(decoding: trimmed(line), as: UTF8.self)) }
        func isBlank(_ line: Int) -> Bool { trimmed(line).allSatisfy(ASCII.isBlank) }
        func isDefinition(_ line: Int) -> Bool {
            let text = source.content(line)
            guard text.prefix(while: { $0 == ASCII.space }).count < 4 else { return false }
            let rest = trimmed(line)
            return rest.count >= 2 && rest.first == UInt8(ascii: ":") && ASCII.isBlank(rest[rest.startIndex + 1])
        }
        // Each line's paragraph start (the first of its run of non-blank lines outside code) and
        // how many definition lines stand before it, so that no definition searches backwards.
        let count = source.lineCount
        var paragraphStart = [Int](repeating: 0, count: count)
        var definitionsBefore = [Int](repeating: 0, count: count + 1)
        var blank = [Bool](repeating: true, count: count)
        for line in 0..<count {
            blank[line] = inFence[line] || isBlank(line)
            paragraphStart[line] = line > 0 && !blank[line - 1] ? paragraphStart[line - 1] : line
            definitionsBefore[line + 1] = definitionsBefore[line] + (!inFence[line] && isDefinition(line) ? 1 : 0)
        }
        var termLines = Set<Int>()
        for line in 0..<count where definitionsBefore[line + 1] > definitionsBefore[line] {
            var end = line - 1
            if end >= 0, isBlank(end) { end -= 1 }
            guard end >= 0, !blank[end] else { continue }
            let start = paragraphStart[end]
            guard definitionsBefore[end + 1] == definitionsBefore[start] else { continue }
            for term in start...end {
                let text = content(term)
                guard let first = text.first, !"#>|<*-+".contains(first), !text.hasPrefix("{{") else { continue }
                if termLines.insert(term).inserted { found.append((term + 1, profile.slug([.text(termText(String(text)))]))) }
            }
        }
        return found.sorted { $0.line < $1.line }
    }

    /// The ids of attr_list blocks in a line of text: right after an inline element (`**x**{ #id }`,
    /// `` `x`{: #id } ``, `[t](u){ #id }`) or alone on the line (a block's attributes).
    static func attributeIDs(in line: String, after marks: String = "") -> [String] {
        attributeIDs(in: line, withPlacement: true, after: marks).map(\.id)
    }

    /// The same, each with whether its block stands alone on the line (a block's attributes) rather
    /// than after an inline element.
    static func attributeIDs(in line: String, withPlacement: Bool, after marks: String = "") -> [(id: String, alone: Bool)] {
        var ids: [(id: String, alone: Bool)] = []
        var rest = Substring(line)
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let before = open > line.startIndex ? line[line.index(before: open)] : " "
            let alone = trimmed.startIndex == open && line[line.index(after: close)...].allSatisfy { $0 == " " || $0 == "\t" }
            if alone || "*_`)]".contains(before) || marks.contains(before) {
                var inner = line[line.index(after: open)..<close]
                if inner.first == ":" { inner = inner.dropFirst() }
                if let id = AttributeBlock.id(in: inner) { ids.append((id, alone)) }
            }
            rest = line[line.index(after: close)...]
        }
        return ids
    }

    /// Footnote labels in a line: `[^label]:` at its start is a definition, `[^label]` elsewhere a
    /// reference.
    static func footnotes(in line: String) -> [(label: String, definition: Bool)] {
        var found: [(String, Bool)] = []
        var rest = Substring(line)
        let start = line.drop(while: { $0 == " " })
        while let bracket = rest.indices.first(where: { rest[$0] == "[" && rest.index(after: $0) < rest.endIndex && rest[rest.index(after: $0)] == "^" }) {
            let labelStart = rest.index(bracket, offsetBy: 2)
            guard let close = rest[labelStart...].firstIndex(of: "]") else { break }
            let label = String(rest[labelStart..<close])
            let after = rest[rest.index(after: close)...]
            let definition = bracket == start.startIndex && after.first == ":"
            if !label.isEmpty && !label.contains(" ") { found.append((label, definition)) }
            rest = after
        }
        return found
    }

    /// MyST's targets of the whole site written in the text, lowercased as Sphinx keeps labels
    /// (and as MyST matches them): `(label)=` lines; with `attrs_block`, a `{#id}` block alone on
    /// its line (before the block it gives the id), and the terms of a definition list after
    /// `{.glossary}` (its lines up to a blank line, each line right before a `: definition`, or
    /// before another term); with `attrs_inline`, an `{#id}` right after a span, a code span or a
    /// link (`[span]{#id}`). Not in code.
    static func labels(in source: Source, dialect: Dialect) -> [(line: Int, id: String)] {
        guard dialect.mystTargets else { return [] }
        var found: [(line: Int, id: String)] = []
        var glossary = false
        var terms: [(line: Int, text: String)] = []
        func endGlossary() {
            glossary = false
            terms.removeAll()
        }
        LineScanner.forEach(in: source) { line, text, kind in
            guard kind == .text else { endGlossary(); return }
            let t = text.drop(while: { $0 == ASCII.space })
            let indent = text.count - t.count
            if glossary {
                if t.allSatisfy(ASCII.isBlank) { endGlossary(); return }
                if indent < 4, t.first == UInt8(ascii: ":"), t.dropFirst().first.map(ASCII.isBlank) ?? false {
                    // The terms just above a definition are glossary terms.
                    for term in terms { found.append((term.line, term.text.lowercased())) }
                    terms.removeAll()
                } else if indent == 0 {
                    var end = t.endIndex
                    while end > t.startIndex, ASCII.isBlank(t[end - 1]) { end -= 1 }
                    terms.append((line + 1, String(decoding: t[..<end], as: UTF8.self)))
                }
                return
            }
            if (dialect.mystAttrsBlock || dialect.mystAttrsInline), t.contains(UInt8(ascii: "{")) {
                let string = String(decoding: text, as: UTF8.self)
                for (id, alone) in attributeIDs(in: string, withPlacement: true) where alone ? dialect.mystAttrsBlock : dialect.mystAttrsInline {
                    found.append((line + 1, id.lowercased()))
                }
                if dialect.mystAttrsBlock, t.first == UInt8(ascii: "{"), AttributeBlock.classes(in: t).contains("glossary") {
                    glossary = true
                    return
                }
            }
            guard t.first == UInt8(ascii: "("), indent < 4 else { return }
            var end = t.endIndex
            while end > t.startIndex, ASCII.isBlank(t[end - 1]) { end -= 1 }
            guard end - t.startIndex >= 4, t[end - 1] == UInt8(ascii: "="), t[end - 2] == UInt8(ascii: ")") else { return }
            let name = t[(t.startIndex + 1)..<(end - 2)]
            guard !name.isEmpty, !name.contains(UInt8(ascii: ")")), !name.contains(UInt8(ascii: "(")) else { return }
            found.append((line + 1, String(decoding: name, as: UTF8.self).lowercased()))
        }
        return found
    }

    /// `text` without pymdownx.emoji's `:name:` shortcodes (icons without text), as the slug sees it.
    static func withoutShortcodes(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let colon = rest.firstIndex(of: ":") {
            let after = rest[rest.index(after: colon)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "+" }
            if !name.isEmpty, name.endIndex < after.endIndex, after[name.endIndex] == ":" {
                out += rest[..<colon]
                rest = after[after.index(after: name.endIndex)...]
            } else {
                out += rest[...colon]
                rest = after
            }
        }
        return out + rest
    }
}
