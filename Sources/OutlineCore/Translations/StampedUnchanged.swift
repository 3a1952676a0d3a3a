/// `check --since REV` in a translation (format.md §17): a section whose `source=` changed since REV
/// while its own text did not. That is the lockstep bump that defeats every per-file guard (a
/// translator, or a script, marking a section translated without translating it).
public enum StampedUnchanged {
    /// The findings of one translated file: `old` at REV, `new` now; `allowed`: `allow-stamp`.
    public static func of(old: Outline, new: Outline, allowed: [Glob], revision: String) -> [Diagnostic] {
        let then = SectionContent(old), now = SectionContent(new)
        var before: [String: Int] = [:]
        for (k, section) in old.sections.enumerated() where section.anchored && section.duplicateOf == nil { before[section.id] = k }
        var found: [Diagnostic] = []
        for (k, section) in new.sections.enumerated() where section.anchored && section.duplicateOf == nil {
            guard case .hash(let stamp)? = section.record?.source, let j = before[section.id],
                  case .hash(let earlier)? = old.sections[j].record?.source, earlier != stamp,
                  !allowed.contains(where: { $0.matches(section.id) }),
                  then.hash(of: j) == now.hash(of: k) else { continue }
            let line = (section.record?.line ?? section.heading.firstLine) + 1
            found.append(Diagnostic(.finding, .stampedUnchanged, line: line,
                                    "'\(section.id)': source= changed since \(revision) (\(ContentHash.hex(earlier)) → \(ContentHash.hex(stamp))) while the translated text did not; stamp a section after translating it, or accept it with --allow-stamp \(section.id)")
                .about(.section(section.id)))
        }
        return found
    }
}
