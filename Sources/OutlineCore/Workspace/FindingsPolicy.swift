/// Which findings a document has and how they count (format.md §10, §12), shared by `check` and the
/// language server so that the gate and the editor say the same: a link checked under every surface
/// the documents are published on (`slugs = ["github", "hugo"]`), one finding each, naming where it
/// breaks; a fragment that differs only in case promoted from warning to finding where the
/// configuration says `fragment-case = "error"`; links a site's rules skip counted, never shown.
public enum FindingsPolicy {
    /// A broken link is the same link under every profile when its file, line and destination are.
    struct SurfaceKey: Hashable {
        let path: String?
        let line: Int?
        let subject: Diagnostic.Subject
        init?(_ d: Diagnostic) {
            guard d.kind == .brokenLink, let subject = d.subject else { return nil }
            self.path = d.path; self.line = d.line; self.subject = subject
        }
    }

    /// The findings under the first surface of `surfaces` (`findings`) with the broken links of the
    /// further ones (`further`, one list each, in order): a link broken on every surface keeps its
    /// one finding; one broken on some only is reported once, naming where it breaks and where it
    /// resolves (`brokenUnder`). Those only the further surfaces have come after, in their order.
    static func merged(_ findings: [Diagnostic], further: [(profile: SlugProfile, findings: [Diagnostic])], surfaces: [SlugProfile]) -> [Diagnostic] {
        guard let first = surfaces.first, !further.isEmpty else { return findings }
        var brokenUnder: [SurfaceKey: [SlugProfile]] = [:]
        for d in findings { if let k = SurfaceKey(d) { brokenUnder[k, default: []].append(first) } }
        var added: [Diagnostic] = []
        for (profile, theirs) in further {
            for d in theirs {
                guard let k = SurfaceKey(d) else { continue }
                if brokenUnder[k] == nil { added.append(d) }
                brokenUnder[k, default: []].append(profile)
            }
        }
        func named(_ d: Diagnostic) -> Diagnostic {
            guard let k = SurfaceKey(d), let under = brokenUnder[k], under.count < surfaces.count else { return d }
            let resolves = surfaces.filter { !under.contains($0) }
            var named = d
            named.message += " (breaks under \(under.map(\.rawValue).joined(separator: ", ")); resolves under \(resolves.map(\.rawValue).joined(separator: ", ")))"
            named.brokenUnder = under.map(\.rawValue)
            return named
        }
        return findings.map(named) + added.map(named)
    }

    /// `fragment-case = "error"`: a case-only fragment fails as a broken link does.
    static func promoted(_ findings: [Diagnostic], fragmentCaseIsError: Bool) -> [Diagnostic] {
        guard fragmentCaseIsError else { return findings }
        return findings.map { d in
            guard d.kind == .fragmentCase && d.severity == .warning else { return d }
            var d = d
            d.severity = .finding
            return d
        }
    }

    /// The links a site's rules skipped, counted by why (in the order first met), and the findings
    /// without them: what `--verbose` says and what is shown.
    static func skips(_ findings: [Diagnostic]) -> (shown: [Diagnostic], skipped: [(reason: LinkSkip, count: Int)]) {
        guard findings.contains(where: { $0.kind == .linkSkipped }) else { return (findings, []) }
        var counts: [LinkSkip: Int] = [:]
        var order: [LinkSkip] = []
        for d in findings where d.kind == .linkSkipped {
            guard case .skipped(let reason)? = d.subject else { continue }
            if counts[reason] == nil { order.append(reason) }
            counts[reason, default: 0] += 1
        }
        return (findings.filter { $0.kind != .linkSkipped }, order.map { ($0, counts[$0]!) })
    }
}
