/// `outline links` as one workspace operation (format.md §8): every file read and parsed once, in
/// parallel; one repair context for the run (with the history of `--since`, read once); each file's
/// repair verified before it is returned.
extension Run {
    public struct LinksRequest {
        /// The files, as the run names them (`-`: standard input).
        public var files: [String]
        /// The one profile links resolve with.
        public var profile: SlugProfile = .github
        /// `--root`.
        public var root: String? = nil
        /// `--since REV`.
        public var since: String? = nil
        /// `--keep-aliases` (with `since`).
        public var keepAliases = false
        /// `--strict`: with `since`, links that could not be repaired at REV already are reported too.
        public var strict = false
        /// Each file's configuration, the command line applied (same order as `files`); how it is
        /// read (its site's dialect). Empty: CommonMark for all.
        public var configs: [Config] = []

        public init(files: [String]) {
            self.files = files
        }
    }

    public enum LinksReport {
        /// A file could not be read or parsed: nothing is repaired (exit 2).
        case unreadable([Diagnostic])
        /// Each file's repair in the order given, or why it was refused; warnings (links left as they
        /// are) in each result's diagnostics.
        case repaired([(path: String, result: Result<RewriteResult, Diagnostic>)])
    }

    public func links(_ request: LinksRequest) throws -> LinksReport {
        let files = request.files, profile = request.profile
        let single = files.count == 1
        let configs = request.configs
        let parsed = try each(files) { [self] k, path, bytes in
            try Run.about(path) { try Outline(parsing: bytes, [.links, .fingerprints], last: last(single),
                                              dialect: (k < configs.count ? configs[k] : Config()).dialect(for: path)) }
        }
        var current: [String: Outline] = [:]
        var errors: [Diagnostic] = []
        for (k, result) in parsed.enumerated() {
            switch result {
            case .success(let outline): current[files[k]] = outline
            case .failure(let error): errors.append(error)
            }
        }
        if !errors.isEmpty { return .unreadable(errors) }
        let resolver = self.resolver(root: request.root)
        resolver.adopt(files: files, outlines: files.map { current[$0] })
        var context: LinkRepair.Context
        if let since = request.since {
            context = try repairContext(try history(since), files: files, resolver: resolver)
            context.keepAliases = request.keepAliases
        } else {
            context = resolver.context(for: ".")
        }
        // Without --since, a link that cannot be repaired is checked against HEAD's history (read only
        // then, once): when history would repair it, the warning says to try --since HEAD.
        var asked = false, known: (revision: String, context: LinkRepair.Context)? = nil
        let hint: (() -> (revision: String, context: LinkRepair.Context)?)? = request.since != nil ? nil : { [unowned self] in
            if !asked {
                asked = true
                if let history = try? self.history("HEAD"), history.exists,
                   let context = try? self.repairContext(history, files: files, resolver: resolver) {
                    known = ("HEAD", context)
                }
            }
            return known
        }
        var results: [(path: String, result: Result<RewriteResult, Diagnostic>)] = []
        for path in files {
            guard let outline = current[path] else { continue }
            let document = path == "-" ? LinkedDocument(path: ".", outline: outline, profile: profile)
                                       : resolver.document(path) ?? LinkedDocument(path: resolver.canonical(path), outline: outline, profile: profile)
            do {
                results.append((path, .success(try Run.about(path) { try LinkRepair.apply(document, context: context, history: hint) })))
            } catch {
                // A result that did not verify: nothing is written, for any file (format.md §9).
                results.append((path, .failure(error as? Diagnostic ?? .file(Run.displayName(path), "\(error)"))))
            }
        }
        // With --since, a link that could not be repaired because it was broken at REV already is
        // existing: marked so, for the caller to count rather than list (format.md §12).
        if let since = request.since, !request.strict, results.contains(where: { (try? $0.result.get())?.diagnostics.isEmpty == false }) {
            let history = try self.history(since)
            var check = CheckRequest(files: files, configs: request.configs.isEmpty ? files.map { _ in Config() } : request.configs)
            check.root = request.root
            var warnings: [Diagnostic] = []
            for (path, result) in results { for d in (try? result.get())?.diagnostics ?? [] { warnings.append(d.located(in: Run.displayName(path))) } }
            let outlines = files.map { current[$0] }
            let marked = try markNew(warnings, request: check, history: history, resolver: resolver, outlines: outlines,
                                     localLinks: outlines.map { $0.map(LinkCheck.localLinks) ?? [] }, outcomes: false)
            var next = 0
            for k in results.indices {
                guard case .success(var result) = results[k].result else { continue }
                for j in result.diagnostics.indices { result.diagnostics[j].isNew = marked[next].isNew; next += 1 }
                results[k].result = .success(result)
            }
        }
        return .repaired(results)
    }
}
