/// Links cmark does not see, in link repair (format.md §16): a label's definition the generator
/// does not use, and Hugo's `ref` and `relref` shortcodes, each decided as a link and repaired in
/// its own form. cmark reads `[t]({{< ref "x.md" >}})` as text (a destination with
/// spaces), so the new arguments are written in a second step on the links' result and verified
/// there as shortcodes (`Verification.LinkPlan.shortcodeArguments`), not as paragraph text.
extension LinkRepair {
    /// A label defined twice where the generator uses the last: the definition it does not use is
    /// out of the view, and out of the links repair reads; it is repaired all the same, so that a
    /// moved file leaves no definition naming its old path (verified on its own line).
    static func repairShadowed(_ document: LinkedDocument, moved: [Origin], context: Context,
                               writer: inout DestinationWriter, plan: inout Verification.LinkPlan) {
        for shadow in document.outline.linkView?.shadowed ?? [] {
            guard let place = ShadowedDefinition(document.outline.source, line: shadow.line), let link = LocalLink(place.destination) else { continue }
            let origin = moved.first { $0.lines.contains(shadow.line) }
            let decision = origin.map { rebase(link, from: $0, in: document, context: context) } ?? decide(link, from: document, context: context)
            switch decision {
            case .rewrite(let destination), .pathOnly(let destination, _):
                writer.write(destination, at: place.range)
                plan.shadowedDefinitions[shadow.line - 1] = destination
            case .keep, .cannot:
                continue
            }
        }
    }

    /// The shortcodes of `document`, and the new argument of each that needs one (by index).
    static func refArguments(_ document: LinkedDocument, moved: [Origin], context: Context,
                             warnings: inout [Diagnostic]) -> (shortcodes: [RefShortcode], arguments: [(index: Int, argument: Verification.ShortcodeArgument)]) {
        guard document.outline.dialect.shortcodes else { return ([], []) }
        let shortcodes = RefShortcode.scan(document.outline.source, hiddenLines: document.outline.frontMatterLineCount)
        var arguments: [(index: Int, argument: Verification.ShortcodeArgument)] = []
        for (k, shortcode) in shortcodes.enumerated() {
            let link = LocalLink(shortcode: shortcode)
            let origin = moved.first { $0.lines.contains(shortcode.line) }
            let decision = origin.map { rebase(link, from: $0, in: document, context: context) } ?? decide(link, from: document, context: context)
            switch decision {
            case .keep: continue
            case .cannot(let why):
                warnings.append(.warning(.brokenLink, line: shortcode.line, "cannot repair link '\(link.destination)': \(why)").about(.link(link.destination)))
            case .rewrite(let written), .pathOnly(let written, _):
                // The new shortcode differs from the old in its argument's bytes only.
                let old = Array(shortcode.text.utf8), bytes = Array(written.utf8)
                let start = shortcode.range.lowerBound - shortcode.whole.lowerBound, tail = shortcode.whole.upperBound - shortcode.range.upperBound
                guard let new = RefShortcode.parse(bytes, at: 0, end: bytes.count, line: 0), bytes.count >= start + tail,
                      bytes[..<start] == old[..<start], bytes[(bytes.count - tail)...] == old[(old.count - tail)...] else {
                    warnings.append(.warning(.brokenLink, line: shortcode.line, "cannot repair link '\(link.destination)': it would read '\(written)'; make it so by hand").about(.link(link.destination)))
                    continue
                }
                if case .pathOnly(_, let why) = decision {
                    warnings.append(.warning(.brokenLink, line: shortcode.line, "repaired the path of link '\(link.destination)' to '\(written)', but \(why)").about(.link(link.destination)))
                }
                let replacement = String(decoding: bytes[start..<(bytes.count - tail)], as: UTF8.self)
                if written != shortcode.text { arguments.append((k, Verification.ShortcodeArgument(written: replacement, argument: new.argument))) }
            }
        }
        return (shortcodes, arguments)
    }

    /// `repaired` followed by the new arguments of `refs`, verified on its output.
    static func rewritingRefs(_ repaired: RewriteResult, of document: LinkedDocument,
                              _ refs: (shortcodes: [RefShortcode], arguments: [(index: Int, argument: Verification.ShortcodeArgument)])) throws -> RewriteResult {
        guard !refs.arguments.isEmpty else { return repaired }
        let middle = try Outline(parsing: repaired.output, [.links], dialect: document.outline.dialect)
        let found = RefShortcode.scan(middle.source, hiddenLines: middle.frontMatterLineCount)
        guard found.count == refs.shortcodes.count else { throw Verification.refuse(nil, "the ref shortcodes moved while links were repaired") }
        var second = EditList(), planned = Verification.LinkPlan()
        for (k, argument) in refs.arguments {
            second.replace(found[k].range, with: Array(argument.written.utf8))
            planned.shortcodeArguments[found[k].range.lowerBound] = argument
        }
        let step = try Verification.verified(middle, RewriteResult(second, on: middle.source.bytes), sections: Verification.unchanged(middle), links: planned)
        return RewriteResult(rewrite: try repaired.rewrite.followed(by: step.rewrite), diagnostics: repaired.diagnostics)
    }
}
