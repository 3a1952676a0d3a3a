/// Which version of a source file a translated section was made from (format.md §17): the newest
/// whose section with the same ID hashes to the recorded `source=`. The section had that content from
/// that commit until the file's next change, so the translation was made against it.
public enum TranslationHistory {
    /// The version (of `versions`, newest first) and that version's section lines; nil when no
    /// version in the history read has the section as recorded.
    public static func translatedVersion(id: String, recorded: UInt32, versions: [FileLog.Version],
                                         outline: (String) -> Outline?) -> (FileLog.Version, [NumberedLine])? {
        for version in versions {
            guard let old = outline(version.blob), let k = old.indexByID()[id] else { continue }
            let content = SectionContent(old)
            if content.hash(of: k) == recorded { return (version, content.displayLines(of: k)) }
        }
        return nil
    }

    /// The same for a page unit (the preamble, a front-matter value): the newest version whose unit
    /// hashes to the recorded `source=`.
    public static func translatedVersion(unit: PageUnit, keys: [String], recorded: UInt32, versions: [FileLog.Version],
                                         outline: (String) -> Outline?) -> (FileLog.Version, [NumberedLine])? {
        for version in versions {
            guard let old = outline(version.blob), let then = PageUnits(old, keys: keys)[unit], then.hash == recorded else { continue }
            return (version, then.lines)
        }
        return nil
    }
}
