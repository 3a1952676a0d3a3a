/// `id` in a translation (format.md §17): a translated section takes its source section's ID, never
/// one made from its translated title, so `id` pins nothing there. It says which sections have no
/// anchor and what gives them one (`outline translation adopt`, or the ID copied from the source).
public enum TranslationPins {
    public static func report(_ outline: Outline) -> RewriteResult {
        var warnings: [Diagnostic] = []
        for section in outline.sections where !section.anchored || section.duplicateOf != nil {
            warnings.append(Diagnostic(.warning, .translation, line: section.heading.firstLine + 1,
                                       "\"\(section.title)\" has no anchor: in a translation, IDs come from the source; 'outline translation adopt' aligns the sections and writes them")
                .about(.heading(section.title)))
        }
        return RewriteResult(EditList(), on: outline.source.bytes, diagnostics: warnings)
    }
}
