import OutlineCore

/// What `check` and `links` tell the library about the paths links point to: the given files
/// themselves, and every other path looked up once (stat, and for a Markdown file, one read and parse).
final class LinkLookup {
    private var cache: [String: LinkCheck.Destination] = [:]
    /// The given files, parsed already; as links see them once a link first points there.
    private var parsed: [String: Outline] = [:]
    private var documents: [String: LinkedDocument] = [:]
    let profile: SlugProfile
    private let console: Console
    private let explicitRoot: String?
    private var computedRoot: String? = nil

    init(files: [String], current: [String: Outline], profile: SlugProfile, console: Console, root: String?) {
        self.profile = profile
        self.console = console
        self.explicitRoot = root
        for path in files where path != "-" {
            if let outline = current[path] { parsed[LocalLink.normalize(path)] = outline }
        }
    }

    /// What a leading `/` in a link path stands for: `--root`, else the git work tree's top level
    /// (as a path relative to the current directory), else the current directory.
    var root: String {
        if let explicitRoot { return explicitRoot }
        if let computedRoot { return computedRoot }
        var root = "."
        if let git = try? Git(directory: console.workingDirectory ?? "."), let here = git.relativeDirectory(of: ".") {
            root = here.isEmpty ? "." : here.split(separator: "/").map { _ in ".." }.joined(separator: "/")
        }
        computedRoot = root
        return root
    }

    func lookup(_ path: String) -> LinkCheck.Destination {
        let key = LocalLink.normalize(path)
        if let known = cache[key] { return known }
        var found: LinkCheck.Destination
        if let document = document(key) {
            found = .markdown(document.targets)
        } else {
            found = look(key)
        }
        cache[key] = found
        return found
    }

    /// The Markdown file at `path` as links see it, or nil when there is none (or it cannot be read).
    func document(_ path: String) -> LinkedDocument? {
        let key = LocalLink.normalize(path)
        if let known = documents[key] { return known }
        var outline = parsed[key]
        if outline == nil, LocalLink.isMarkdown(key), case .file = FileSystem.kind(of: key) {
            outline = try? Outline(parsing: try FileSystem.read(key), links: true)
        }
        guard let outline, outline.links != nil else { return nil }
        let document = LinkedDocument(path: key, outline: outline, profile: profile)
        documents[key] = document
        return document
    }

    private func look(_ path: String) -> LinkCheck.Destination {
        switch FileSystem.kind(of: path) {
        case .missing: return .missing
        case .directory: return .directory
        case .failed(let why): return .unreadable(why)
        case .file:
            guard LocalLink.isMarkdown(path) else { return .file }
            do {
                _ = try Outline(parsing: try FileSystem.read(path), links: true)
                return .unreadable("not parsed")
            } catch let error as Diagnostic {
                return .unreadable(error.message)
            } catch {
                return .unreadable("\(error)")
            }
        }
    }
}
