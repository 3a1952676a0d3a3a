/// The attribute form of a permalink (`LinkableForm.attribute`): ` {#ID}` at the end of a section's
/// heading, outline's own bytes like a number prefix, recorded on the anchor line as
/// `permalink=heading` so that `id --strip` removes exactly them (format.md §2).
///
/// Where the bytes go, as the renderers that read them were measured (Hugo 0.111, kramdown 2.4,
/// pandoc 2.17): at the end of an ATX heading's text, before any blanks after it; at the end of the
/// last text line of a setext heading. An ATX heading with a closing sequence (`## Install ##`) gets
/// none: pandoc and kramdown read the braces only after the closing `#`s, where cmark (and so every
/// CommonMark renderer) reads them as text, and outline never writes a byte that changes a title.
enum HeadingPermalink {
    /// Why a heading cannot carry the attribute, or nil when it can (or already does).
    static func obstacle(_ section: Section, id: String, in source: Source, readers: [SlugProfile]) -> String? {
        if let explicit = section.explicitID, explicit != id {
            return "its heading names its own id '{#\(explicit)}'"
        }
        // A heading that ends in an attribute block never gets a second one (Hugo and pandoc read
        // only the last, and the author's would show as text): its id is the permalink, and one
        // without an id is for its author to complete (format.md §16).
        if let text = AttributeBlock.sourceText(of: section.heading, in: source), let block = AttributeBlock.trailing(text) {
            if let named = block.id { return named == id ? nil : "its heading names its own id '{#\(named)}'" }
            return "its heading ends in an attribute block without an id: add #\(id) to it"
        }
        if let reader = readers.first(where: { !$0.readsAttribute(id: id) }) {
            return "\(reader.rawValue) shows {#\(id)} as text (an ID there must start with a letter)"
        }
        let heading = section.heading
        if heading.style == .atx {
            let line = source.contentRange(heading.firstLine)
            if source.bytes[heading.contentEnd..<line.upperBound].contains(UInt8(ascii: "#")) {
                return "its heading ends in a closing sequence of '#'s (remove it, and the braces can follow the text)"
            }
        }
        return nil
    }

    /// Where the heading's text ends: before an ATX closing sequence and trailing blanks; at the end
    /// of the last text line of a setext heading (`contentEnd` is on its first).
    static func textEnd(_ heading: Heading, source: Source) -> Int {
        guard heading.style == .setext, heading.lastLine > heading.firstLine else { return heading.contentEnd }
        return source.bytes.trimmingBlanks(source.contentRange(heading.lastLine - 1)).upperBound
    }

    /// The range of ` {#id}` that ends the heading's text, if it does: the attribute and the one blank
    /// outline wrote before it (more blanks a person added stay).
    static func range(of id: String, in heading: Heading, source: Source) -> Range<Int>? {
        let attribute = Array("{#\(id)}".utf8)
        let bytes = source.bytes
        let end = textEnd(heading, source: source)
        let lineStart = source.lineStarts[heading.style == .setext ? heading.lastLine - 1 : heading.firstLine]
        guard end - lineStart >= attribute.count, bytes[(end - attribute.count)..<end].elementsEqual(attribute) else { return nil }
        let start = end - attribute.count
        return start > lineStart && ASCII.isBlank(bytes[start - 1]) ? start - 1..<end : start..<end
    }
}

extension EditList {
    /// ` {#ID}` at the end of the heading of `section`, unless it is there; a warning when it cannot be.
    /// Returns whether the heading carries it after the edit.
    /// `readers`: the surfaces that must read it.
    mutating func addHeadingPermalink(_ section: Section, id: String, in source: Source, readers: [SlugProfile], warnings: inout [Diagnostic]) -> Bool {
        if section.explicitID == id { return true }
        if let text = AttributeBlock.sourceText(of: section.heading, in: source), let block = AttributeBlock.trailing(text), block.id == id { return true }
        if let obstacle = HeadingPermalink.obstacle(section, id: id, in: source, readers: readers) {
            warnings.append(.warning(.permalink, line: section.heading.firstLine + 1,
                                     "section '\(section.title)' gets no {#\(id)} permalink: \(obstacle)"))
            return false
        }
        insert(CommentFormat.headingAttribute(id), at: HeadingPermalink.textEnd(section.heading, source: source))
        return true
    }

    /// Takes out the ` {#ID}` outline wrote at the end of the heading of `section` (its record says
    /// `permalink=heading`); a warning when the heading no longer ends with it. Returns whether it did.
    mutating func removeHeadingPermalink(_ section: Section, in source: Source, warnings: inout [Diagnostic]) -> Bool {
        guard let record = section.record, record.permalinkInHeading, let id = record.id else { return false }
        if let range = HeadingPermalink.range(of: id, in: section.heading, source: source) {
            delete(range)
            return true
        } else {
            warnings.append(.warning(.permalink, line: section.heading.firstLine + 1,
                                     "the heading of section '\(section.title)' no longer ends with the {#\(id)} outline wrote; left as it is"))
            return false
        }
    }
}
