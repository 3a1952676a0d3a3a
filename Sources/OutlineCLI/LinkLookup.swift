import OutlineCore

/// What `check` tells the library about the paths links point to: the checked files themselves, and
/// every other path looked up once (stat, and for a Markdown file, one read and parse).
final class LinkLookup {
    private var cache: [String: LinkCheck.Destination] = [:]
    /// The checked files, parsed already: their targets are computed when a link first points there.
    private var parsed: [String: LinkInventory] = [:]
    private let profile: SlugProfile
    private let console: Console
    private let explicitRoot: String?
    private var computedRoot: String? = nil

    init(files: [String], current: [String: Outline], profile: SlugProfile, console: Console, root: String?) {
        self.profile = profile
        self.console = console
        self.explicitRoot = root
        for path in files where path != "-" {
            if let inventory = current[path]?.links { parsed[LocalLink.normalize(path)] = inventory }
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
        let found = parsed[key].map { LinkCheck.Destination.markdown(LinkTargets($0, profile: profile)) } ?? look(key)
        cache[key] = found
        return found
    }

    private func look(_ path: String) -> LinkCheck.Destination {
        switch FileSystem.kind(of: path) {
        case .missing: return .missing
        case .directory: return .directory
        case .failed(let why): return .unreadable(why)
        case .file:
            guard LocalLink.isMarkdown(path) else { return .file }
            do {
                let outline = try Outline(parsing: try FileSystem.read(path), links: true)
                return .markdown(LinkTargets(outline.links!, profile: profile))
            } catch let error as Diagnostic {
                return .unreadable(error.message)
            } catch {
                return .unreadable("\(error)")
            }
        }
    }
}
