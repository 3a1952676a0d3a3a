import OutlineCore

/// The option values several commands share, read one way everywhere: `--slugs`, `--levels`,
/// `--format`, `--depth`, `--allow-removed`.
extension Invocation {
    /// `--slugs NAME`; nil when not given (the config's, else github). With several (`github,hugo`),
    /// the first: the one commands that write links write for.
    func slugs() throws -> SlugProfile? {
        try slugList()?.first
    }

    /// `--slugs NAME[,NAME...]`: every surface the documents are published on; nil when not given.
    func slugList() throws -> [SlugProfile]? {
        guard let raw = value("slugs") else { return nil }
        let names = SlugProfile.allCases.map(\.rawValue)
        var profiles: [SlugProfile] = []
        for name in raw.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let profile = SlugProfile(rawValue: name) else {
                throw UsageError(message: "--slugs must be \(names.dropLast().joined(separator: ", ")) or \(names.last!) (or several, comma-separated), not '\(name)'" + Suggestion.hint(name, among: names))
            }
            if !profiles.contains(profile) { profiles.append(profile) }
        }
        return profiles
    }

    /// `--levels A-B` (or a single level A).
    func levels() throws -> ClosedRange<Int>? {
        guard let raw = value("levels") else { return nil }
        guard let levels = Config.levels(raw) else {
            throw UsageError(message: "--levels needs a level A or a range A-B with 1 ≤ A ≤ B ≤ 6, not '\(raw)'")
        }
        return levels
    }

    /// `--format FORMAT`: each command has its own formats (`check`'s `Report.Format`, `diff`'s
    /// `Report.DiffFormat`); text when not given.
    func format<F: RawRepresentable & CaseIterable>(_ type: F.Type = Report.Format.self) throws -> F where F.RawValue == String {
        let names = F.allCases.map(\.rawValue)
        guard let raw = value("format") else { return F(rawValue: names[0])! }
        guard let format = F(rawValue: raw) else {
            throw UsageError(message: "--format must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), not '\(raw)'" + Suggestion.hint(raw, among: names))
        }
        return format
    }

    /// `diff`'s format: `--format`, or `--json`, which is `--format json`.
    func diffFormat() throws -> Report.DiffFormat {
        let format = try self.format(Report.DiffFormat.self)
        guard has("json") else { return format }
        if value("format") != nil && format != .json { throw UsageError(message: "--json is --format json: give one of them") }
        return .json
    }

    /// `--linkable[=FORM]`: the form named, nil for none (chosen for the surfaces).
    func linkableForm() throws -> LinkableForm? {
        guard let raw = value("linkable") else { return nil }
        guard let form = LinkableForm(rawValue: raw) else {
            throw UsageError(message: "--linkable must be element or attribute, not '\(raw)'" + Suggestion.hint(raw, among: LinkableForm.allCases.map(\.rawValue)))
        }
        return form
    }

    /// `--redirects[=FORMAT]`: JSON unless a site generator is named.
    func redirectFormat() throws -> Report.RedirectFormat {
        guard let raw = value("redirects") else { return .json }
        guard let format = Report.RedirectFormat(rawValue: raw) else {
            let names = Report.RedirectFormat.allCases.map(\.rawValue)
            throw UsageError(message: "--redirects must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), not '\(raw)'" + Suggestion.hint(raw, among: names))
        }
        return format
    }

    /// `--depth N`: a whole number of at least 1.
    func depth() throws -> Int? {
        guard let raw = value("depth") else { return nil }
        if !raw.isEmpty, raw.allSatisfy(\.isASCII), raw.allSatisfy(\.isNumber), Int(raw) == nil {
            throw UsageError(message: "--depth \(raw) is out of range (at most \(Int.max))")
        }
        guard let n = Int(raw), n >= 1 else { throw UsageError(message: "--depth needs a whole number of at least 1, not '\(raw)'") }
        return n
    }

    /// `--allow-removed PATTERN`...: IDs or globs.
    func allowedRemovals(_ option: String = "allow-removed") throws -> [Glob] {
        try all(option).map { pattern in
            guard let glob = Glob(pattern) else {
                throw UsageError(message: "--\(option) needs an ID or a glob, not '\(pattern)'")
            }
            return glob
        }
    }
}
