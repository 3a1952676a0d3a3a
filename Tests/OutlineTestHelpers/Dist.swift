import Foundation

/// The packages `make dist` built into `dist/`, for the tests that install them as users do: the
/// GitHub Action's tarball, the pre-commit hooks' wheel, the installed sizes the README states.
/// `make test` builds them before the tests run; a missing dist/, or one of another version than
/// this tree's outline, is a failure that says what to run, never a skip.
public enum Dist {
    public static let directory = Paths.root.appendingPathComponent("dist")

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The version of this tree's outline (`outline --version`: `outline 0.1.0 (libcmark …)`).
    public static func version() throws -> String {
        let words = try runBinary(["--version"]).text.split(separator: " ")
        guard words.count >= 2, words[0] == "outline" else { throw Missing(description: "outline --version printed no version") }
        return String(words[1])
    }

    /// The one file of dist/ whose name starts with `prefix` and ends with `suffix`.
    static func file(_ prefix: String, _ suffix: String) throws -> URL {
        let version = try version()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let found = names.filter { $0.hasPrefix(prefix + version) && $0.hasSuffix(suffix) }
        guard found.count == 1 else {
            throw Missing(description: "dist/ has no \(prefix)\(version)…\(suffix) (it holds \(names.sorted())): run `make dist` (make test does)")
        }
        return directory.appendingPathComponent(found[0])
    }

    public static func tarball() throws -> URL { try file("outline-", ".tar.gz") }
    public static func wheel() throws -> URL { try file("outline_md-", ".whl") }
    public static func deb() throws -> URL { try file("outline_", ".deb") }
    public static var sums: URL { directory.appendingPathComponent("SHA256SUMS") }
}
