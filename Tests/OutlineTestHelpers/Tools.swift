import Foundation
import OutlineCore

/// The Python tools the external tests use (pre-commit, jsonschema, mdformat, pymarkdown,
/// Python-Markdown): pre-commit from PATH, or everything installed from PyPI into
/// `.build/test-tools/venv`.
public enum PreCommit {
    public static let venv = Paths.root.appendingPathComponent(".build/test-tools/venv")

    public static var available: Bool {
        (try? shell("command -v pre-commit || python3 -m pip --version", in: Paths.root).status) == 0
    }

    /// Suites run in parallel: the venv is made (and filled) by one of them at a time.
    private static let lock = NSLock()

    /// The test venv with pre-commit, jsonschema, mdformat and pymarkdown in it, made on first use.
    public static func prepareVenv() throws {
        lock.lock()
        defer { lock.unlock() }
        let ready = venv.appendingPathComponent("bin/pre-commit").path
        let python = venv.appendingPathComponent("bin/python").path
        if FileManager.default.fileExists(atPath: ready),
           (try? shell("'\(python)' -c 'import jsonschema, mdformat, pymarkdown, markdown'", in: Paths.root).status) == 0 {
            return
        }
        let setup = try shell("python3 -m venv '\(venv.path)' && '\(venv.path)/bin/pip' install -q pre-commit jsonschema mdformat pymarkdownlnt markdown", in: Paths.root)
        guard setup.status == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: ["output": setup.output]) }
    }

    /// Runs `pip` with `arguments` in the test venv, unless `present` (a shell command) succeeds: what
    /// the suites add to the venv on first use, one suite at a time.
    private static func add(unless present: String, pip arguments: String) throws {
        try prepareVenv()
        lock.lock()
        defer { lock.unlock() }
        if (try? shell(present, in: Paths.root).status) == 0 { return }
        let setup = try shell("'\(venv.path)/bin/pip' \(arguments)", in: Paths.root)
        guard setup.status == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: ["output": setup.output]) }
    }

    /// The site generators the redirect tests build with (MkDocs with mkdocs-redirects, Sphinx with
    /// sphinx-reredirects and MyST) and pymdown-extensions' slugs, added to the test venv on first use.
    public static func prepareSiteTools() throws {
        try add(unless: "'\(venv.path)/bin/python' -c 'import mkdocs, mkdocs_redirects, sphinx, sphinx_reredirects, myst_parser, pymdownx'",
                pip: "install -q mkdocs mkdocs-redirects sphinx sphinx-reredirects myst-parser pymdown-extensions")
    }

    /// mkdocs-static-i18n, added to the test venv on first use. Pinned: 1.3.1 is the version the
    /// fixtures' expectations were read off (`I18nFixtures`).
    public static func prepareI18nTools() throws {
        try prepareSiteTools()
        try add(unless: "'\(venv.path)/bin/pip' show mkdocs-static-i18n 2>/dev/null | grep -qx 'Version: 1.3.1'", pip: "install -q mkdocs-static-i18n==1.3.1")
    }

    /// Zensical, added to the test venv on first use. Pinned: 0.0.73 is the newest PyPI serves
    /// here (0.1.x needs `zensical-ui`, which it does not), and a newer one may read links
    /// differently: that should come in as a change of this line.
    public static func prepareZensical() throws {
        try add(unless: "'\(venv.path)/bin/zensical' --version | grep -qx '0.0.73'", pip: "install -q zensical==0.0.73")
    }

    /// MyST-NB and jupytext (for `.Rmd` text notebooks), added to the test venv on first use.
    public static func prepareNotebookTools() throws {
        try prepareSiteTools()
        try add(unless: "'\(venv.path)/bin/python' -c 'import myst_nb, jupytext'", pip: "install -q myst-nb jupytext")
    }

    /// rfc3986-validator, added to the test venv on first use: with it jsonschema's `FormatChecker`
    /// checks the `uri` and `uri-reference` formats (without it, it skips them silently).
    public static func prepareURIValidator() throws {
        try add(unless: "'\(venv.path)/bin/python' -c 'import rfc3986_validator'", pip: "install -q rfc3986-validator")
    }

    /// check-jsonschema (GitHub's workflow and action schemas ship inside it: no network) and zizmor,
    /// added to the test venv on first use. Both pinned: a newer zizmor brings new audits, which
    /// should come in as a change of this line with the fixes they ask for, not as a failure of an
    /// unrelated build.
    public static func prepareWorkflowTools() throws {
        let bin = venv.appendingPathComponent("bin").path
        try add(unless: "'\(bin)/zizmor' --version | grep -qx 'zizmor 1.33.1' && '\(bin)/check-jsonschema' --version | grep -q ' 0.39.0$'",
                pip: "install -q zizmor==1.33.1 check-jsonschema==0.39.0")
    }

    /// A directory of wheels for `pip --no-index --find-links`: the build backend pyproject.toml
    /// names (setuptools), downloaded once into `.build/test-tools/wheelhouse`. The pre-commit test
    /// adds outline's wheel from dist/ beside it, so that nothing else can be what pip installs.
    public static func wheelhouse() throws -> URL {
        let dir = Paths.root.appendingPathComponent(".build/test-tools/wheelhouse")
        try add(unless: "ls '\(dir.path)'/setuptools-*.whl", pip: "download -q --no-deps --only-binary :all: -d '\(dir.path)' 'setuptools>=70.1'")
        return dir
    }

    /// The fenced YAML block of a Markdown text (README.md, docs/integration.md) whose `- repo:` line
    /// names `repo`, without the indentation of the list item it may be in.
    public static func configuration(repo: String, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.indices.first(where: { lines[$0].hasSuffix("```yaml") && $0 + 2 < lines.count && lines[$0 + 2].hasSuffix("- repo: \(repo)") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" }) else { return nil }
        let indent = lines[open].prefix { $0 == " " }.count
        return lines[(open + 1)..<close].map { $0.dropFirst(indent) + "\n" }.joined()
    }

    /// The pre-commit executable: from PATH, or the test venv's.
    public static func executable() throws -> String {
        if let found = try? shell("command -v pre-commit", in: Paths.root), found.status == 0 {
            return found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try prepareVenv()
        return venv.appendingPathComponent("bin/pre-commit").path
    }
}

/// Real documents and the renderers the slug tests compare with.
public enum Renderers {
    /// Markdown documentation installed on this machine, read in place (as the conformance run does):
    /// a fixed, sorted sample so that the run stays short.
    public static var documents: [URL] {
        let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["REAL_DOCS"] ?? "/usr/share/doc")
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "md" } ?? []
        return found.sorted { $0.path < $1.path }.filter {
            let size = (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int) ?? 0
            return size > 500 && size < 60_000
        }.prefix(60).map { $0 }
    }

    public static var pandoc: Bool { (try? shell("command -v pandoc", in: Paths.root).status) == 0 }

    /// Heading ids a renderer printed, in document order (`<h2 id="x">`).
    public static func renderedIDs(_ html: String) -> [String] {
        var ids: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<h") {
            rest = rest[open.upperBound...]
            guard let level = rest.first, ("1"..."6").contains(level) else { continue }
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[..<close]
            if let idStart = tag.range(of: " id=\"") {
                let value = tag[idStart.upperBound...]
                if let end = value.firstIndex(of: "\"") { ids.append(String(value[..<end])) }
            } else {
                ids.append("")
            }
            rest = rest[close...]
        }
        return ids.map(unescapeHTML)
    }

    public static func unescapeHTML(_ s: String) -> String {
        s.replacingAll("&quot;", with: "\"").replacingAll("&#39;", with: "'").replacingAll("&lt;", with: "<")
            .replacingAll("&gt;", with: ">").replacingAll("&amp;", with: "&")
    }

    /// outline's ids for a document's headings, in order.
    public static func ids(_ document: [UInt8], _ profile: SlugProfile) throws -> [String] {
        let outline = try Outline(parsing: document, [.links])
        let targets = LinkTargets(outline.links!, profile: profile, source: outline.source)
        return Array(targets.ordered.prefix(outline.links!.headings.count))
    }
}

/// Links among decoys (format.md §9): a document where `#install` is the ID of the section now titled
/// "Installing it", pieces of real links and of text that holds the same bytes.
public enum DecoyLinks {
    /// A document where `#install` is the ID of the section now titled "Installing it", with real links
    /// to it among decoys that hold the same bytes: each `(text, real)` piece.
    public static let pieces: [(String, Bool)] = [
        ("See `[x](#install)` literally, then [y](#install).\n", true),
        ("Code:\n\n    [code](#install)\n", false),
        ("```\n[r]: #install\n```\n", false),
        ("<!-- [c](#install) -->\n", false),
        ("<a data-href=\"#install\" HREF=\"#install\">x</a>\n", true),
        ("\\[not a link](#install) and ``[x](#install)`` and [real](#install)\n", true),
        ("See [a\nlink](#install) and [t](#install \"a\ntitle\").\n", true),
        ("> quoted\nlazy [d](#install)\n>    and [e](#install)\n", true),
        ("> [q]: #install\n> use [q]\n", true),
        ("- [l]: #install\n\n  item [l]\n", true),
        ("[r]: #install\n[s]: #install\n\nUse [r] and [s][].\n", true),
        ("<span title=\"[z](#install)\">text</span> [w](<#install>)\n", true),
    ]

    public static let head = "# Doc\n<!-- outline:doc -->\n\n## Installing it\n<!-- outline:install -->\n\n"

    /// The piece with its real links repaired, by hand: what `links` must write.
    public static func repaired(_ piece: String) -> String {
        switch piece {
        case pieces[0].0: return "See `[x](#install)` literally, then [y](#installing-it).\n"
        case pieces[4].0: return "<a data-href=\"#install\" HREF=\"#installing-it\">x</a>\n"
        case pieces[5].0: return "\\[not a link](#install) and ``[x](#install)`` and [real](#installing-it)\n"
        case pieces[6].0: return "See [a\nlink](#installing-it) and [t](#installing-it \"a\ntitle\").\n"
        case pieces[7].0: return "> quoted\nlazy [d](#installing-it)\n>    and [e](#installing-it)\n"
        case pieces[8].0: return "> [q]: #installing-it\n> use [q]\n"
        case pieces[9].0: return "- [l]: #installing-it\n\n  item [l]\n"
        case pieces[10].0: return "[r]: #installing-it\n[s]: #installing-it\n\nUse [r] and [s][].\n"
        case pieces[11].0: return "<span title=\"[z](#install)\">text</span> [w](<#installing-it>)\n"
        default: return piece
        }
    }
}

/// A docs tree committed in a fresh git repository (`docs/`), then a page renamed and a section moved
/// to another page: what `diff --since HEAD --redirects` has to say something about.
public func movedDocsTree() throws -> URL {
    let dir = try temporaryDirectory()
    let docs = dir.appendingPathComponent("docs")
    try FileManager.default.createDirectory(at: docs.appendingPathComponent("guide"), withIntermediateDirectories: true)
    func write(_ text: String, _ path: String) throws { try text.write(to: docs.appendingPathComponent(path), atomically: true, encoding: .utf8) }
    try write("# Home\n<!-- outline:home -->\n\nSee [old](guide/old.md).\n", "index.md")
    try write("# Old page\n<!-- outline:old-page -->\n\nText of the old page.\n\n## Install it\n<!-- outline:install -->\n\nRun make install.\n", "guide/old.md")
    try write("# A\n<!-- outline:a -->\n\n## Moving section\n<!-- outline:moving -->\n\nThis text moves with it.\nAnd this line too.\n", "a.md")
    try write("# B\n<!-- outline:b -->\n\nB text.\n", "b.md")
    try shell("git init -q . && git add -A && git commit -qm init && git mv docs/guide/old.md docs/guide/new.md", in: dir)
    try write("# A\n<!-- outline:a -->\n", "a.md")
    try write("# B\n<!-- outline:b -->\n\nB text.\n\n## Moving section\n<!-- outline:moving -->\n\nThis text moves with it.\nAnd this line too.\n", "b.md")
    return dir
}

/// A docs tree in a fresh git repository whose renamed pages have names a redirect file must quote
/// or encode: a quote, a double quote, a space, Unicode, `#`; and a directory whose `index.md` and
/// `README.md` (one URL) moved together. Returns the directory and the page URL pairs expected.
public func oddlyNamedMovesTree() throws -> (URL, [(from: String, to: String)]) {
    let dir = try temporaryDirectory()
    let docs = dir.appendingPathComponent("docs")
    let moves = [("guide/what's-new.md", "guide/what's-newer.md"), ("getting started.md", "setup.md"), ("say \"hi\".md", "say-hi.md"),
                 ("café.md", "crème.md"), ("c#.md", "c-sharp.md"), ("dir/index.md", "moved/index.md"), ("dir/README.md", "moved/README.md")]
    for (k, (from, _)) in moves.enumerated() {
        let url = docs.appendingPathComponent(from)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "# Page \(k)\n<!-- outline:page-\(k) -->\n\nText of page \(k), which is its own.\n".write(to: url, atomically: true, encoding: .utf8)
    }
    try shell("git init -q . && git add -A && git commit -qm init", in: dir)
    for (from, to) in moves {
        try FileManager.default.createDirectory(at: docs.appendingPathComponent(to).deletingLastPathComponent(), withIntermediateDirectories: true)
        let moved = try shell("git mv \"docs/\(from.replacingOccurrences(of: "\"", with: "\\\""))\" \"docs/\(to)\"", in: dir)
        precondition(moved.status == 0, moved.output)
    }
    let urls = [("/guide/what's-new/", "/guide/what's-newer/"), ("/getting started/", "/setup/"), ("/say \"hi\"/", "/say-hi/"),
                ("/café/", "/crème/"), ("/c#/", "/c-sharp/"), ("/dir/", "/moved/")]
    return (dir, urls.map { (from: $0.0, to: $0.1) })
}

/// A Python venv of its own under `.build/test-tools` for a real client's test suite (pytest-lsp,
/// the MCP SDK), made and filled from PyPI on first use.
public enum ClientVenv {
    /// The venv's python once `imports` import in it, after installing `packages` when they do not.
    public static func python(_ name: String, packages: String, imports: String) throws -> String {
        let venv = Paths.root.appendingPathComponent(".build/test-tools/\(name)")
        let python = venv.appendingPathComponent("bin/python").path
        if (try? shell("'\(python)' -c 'import \(imports)'", in: Paths.root).status) == 0 { return python }
        let setup = try shell("python3 -m venv '\(venv.path)' && '\(venv.path)/bin/pip' install -q \(packages)", in: Paths.root)
        guard setup.status == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: ["output": setup.output]) }
        return python
    }
}
