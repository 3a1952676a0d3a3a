/// `.outline.toml`'s `[translation]` table (format.md §17), as written: directories relative to the
/// file's own directory.
///
/// ```toml
/// [translation]
/// source = "docs/en"
/// targets = ["docs/fr", "docs/zh-cn"]     # a directory per language (its name is the language)
/// # or, a suffix per language (page.fr.md beside page.md):
/// # source = "docs"
/// # layout = "suffix"
/// # languages = ["fr", "de"]
/// allow-stamp = ["changelog-*"]
/// base-key = "default_lang_commit"        # the front-matter key recording the source revision
/// front-matter = ["title", "description"] # the front-matter keys the site translates
/// ```
public struct TranslationSettings: Sendable, Equatable {
    public var source: String?
    public var targets: [String] = []
    public var suffixLayout = false
    public var languages: [String] = []
    /// The source's own language, for a suffix layout whose source files are `page.LANG.md`.
    public var sourceLanguage: String?
    public var allowStamp: [String] = []
    public var baseKey: String?
    public var frontMatter: [String]?

    static let keys = ["source", "targets", "layout", "languages", "source-language", "allow-stamp", "base-key", "front-matter"]

    /// Reads one key of the table; a wrong value throws the message.
    mutating func read(_ key: String, _ value: ConfigEntries.Value) throws(TranslationConfigError) {
        func strings() throws(TranslationConfigError) -> [String] {
            switch value {
            case .strings(let list): return list
            case .string(let one): return [one]
            default: throw TranslationConfigError("'translation.\(key)' needs an array of strings, not \(value.typeName)")
            }
        }
        func directory(_ raw: String) throws(TranslationConfigError) -> String {
            guard !raw.isEmpty, !raw.hasPrefix("/") else {
                throw TranslationConfigError("'translation.\(key)' needs directories relative to this file, not '\(raw)'")
            }
            return raw
        }
        switch key {
        case "source":
            guard case .string(let raw) = value else { throw TranslationConfigError("'translation.source' needs a directory, not \(value.typeName)") }
            source = try directory(raw)
        case "targets":
            targets = []
            for raw in try strings() { targets.append(try directory(raw)) }
        case "layout":
            guard case .string(let raw) = value, raw == "directory" || raw == "suffix" else {
                throw TranslationConfigError("'translation.layout' must be \"directory\" or \"suffix\"")
            }
            suffixLayout = raw == "suffix"
        case "languages":
            languages = try strings()
            for language in languages where language.isEmpty || language.contains(where: { $0 == "/" || $0 == "." || $0 == " " }) {
                throw TranslationConfigError("'translation.languages' needs language codes (fr, zh-cn), not '\(language)'")
            }
        case "source-language":
            guard case .string(let raw) = value, !raw.isEmpty else { throw TranslationConfigError("'translation.source-language' needs a language code") }
            sourceLanguage = raw
        case "base-key":
            guard case .string(let raw) = value, TranslationSettings.isKey(raw) else {
                throw TranslationConfigError("'translation.base-key' needs a front-matter key (letters, digits, '_', '-')")
            }
            baseKey = raw
        case "front-matter":
            let list = try strings()
            for key in list where !TranslationSettings.isKey(key) || key == CommentFormat.preambleKey {
                throw TranslationConfigError("'translation.front-matter' needs front-matter keys (letters, digits, '_', '-'; not 'preamble'), not '\(key)'")
            }
            frontMatter = list
        case "allow-stamp":
            allowStamp = try strings()
            for glob in allowStamp where Glob(glob) == nil { throw TranslationConfigError("'translation.allow-stamp' has a bad glob '\(glob)'") }
        default:
            throw TranslationConfigError("unknown key '\(key)' in [translation]" + Suggestion.hint(key, among: TranslationSettings.keys))
        }
    }

    /// A front-matter key as the page record can name it: ASCII letters, digits, `_` and `-`.
    static func isKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { ASCII.isDigit($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z")) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// The table's page settings over a layout (a site's, or the table's own).
    public func apply(to layout: inout TranslationLayout) {
        layout.allowStamp = allowStamp
        if let baseKey { layout.baseKey = baseKey }
        if let frontMatter { layout.frontMatter = frontMatter }
    }

    /// What is missing once the table is read, if anything.
    var problem: String? {
        if source == nil && (!targets.isEmpty || !languages.isEmpty) { return "[translation] needs 'source', the directory of the source language" }
        if source != nil && suffixLayout && languages.isEmpty { return "[translation] with layout = \"suffix\" needs 'languages'" }
        if source != nil && !suffixLayout && targets.isEmpty { return "[translation] needs 'targets', the directories of the translations" }
        return nil
    }

    /// The layout with directories made absolute against `directory` (the configuration's own).
    public func layout(in directory: String) -> TranslationLayout? {
        guard let source else { return nil }
        let root = FilePath.normalize(directory + "/" + source)
        var layout: TranslationLayout
        if suffixLayout {
            layout = TranslationLayout(source: .init(language: sourceLanguage ?? "", directory: root, suffixed: sourceLanguage != nil),
                                       targets: languages.map { .init(language: $0, directory: root, suffixed: true) })
        } else {
            layout = TranslationLayout(source: .init(language: sourceLanguage ?? TranslationSettings.lastComponent(source), directory: root),
                                       targets: targets.map { .init(language: TranslationSettings.lastComponent($0), directory: directory + "/" + $0) })
        }
        apply(to: &layout)
        return layout
    }

    /// A directory's name: the language of a directory-per-language tree (`content/zh-cn`).
    public static func lastComponent(_ path: String) -> String {
        String(FilePath.normalize(path).split(separator: "/").last ?? "")
    }
}

struct TranslationConfigError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension Config {
    /// Where this file's translations live: `[translation]`, else the site's i18n configuration.
    public var translations: TranslationLayout? {
        if let directory, let layout = translation.layout(in: directory) { return layout }
        if var layout = site?.translations {
            translation.apply(to: &layout)
            return layout
        }
        return nil
    }
}
