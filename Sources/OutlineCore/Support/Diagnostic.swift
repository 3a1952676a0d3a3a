/// Every error, warning and finding outline reports: a value with a kind, a severity, a place (file and
/// 1-based line) and a message. The library never prints; the CLI renders every diagnostic in one place,
/// as `PATH:LINE: message` (format.md §12), as JSON, or as GitHub Actions workflow commands.
///
/// Errors are thrown (`Diagnostic` is an `Error`); warnings come back with a rewrite; findings are what
/// `check` returns. The library often does not know what the caller calls a file: `path` is then nil
/// and the caller fills it in (`located(in:)`).
public struct Diagnostic: Error, Sendable, Equatable {
    public enum Severity: String, Sendable {
        /// Stops the work on one input: exit 2, nothing written.
        case error
        /// Said on stderr; the exit status does not change.
        case warning
        /// A `check` finding: exit 1.
        case finding
    }

    /// What a diagnostic is about, as a stable name (`check --format json` prints it as `kind`).
    public enum Kind: String, Sendable, CaseIterable {
        // Findings of `check`.
        case missingAnchor = "missing-anchor"
        case duplicateID = "duplicate-id"
        case malformedAnchor = "malformed-anchor"
        case orphanAnchor = "orphan-anchor"
        case staleNumber = "stale-number"
        case foldMarker = "fold-marker"
        case malformedFoldMarker = "malformed-fold-marker"
        case orphanFoldMarker = "orphan-fold-marker"
        case missingFolded = "missing-folded"
        case removedAnchor = "removed-anchor"
        case brokenLink = "broken-link"
        /// A fragment that matches a target only ignoring case: github.com finds it (its anchors match
        /// case-insensitively), other renderers do not. A warning under the `github` profile.
        case fragmentCase = "fragment-case"
        case aliasCollision = "alias-collision"
        case idShadowed = "id-shadowed"
        case slugTakeover = "slug-takeover"
        case staleTOC = "stale-toc"
        case malformedTOC = "malformed-toc"
        // Errors and warnings of the commands.
        case binaryInput = "binary-input"
        case malformedSidecar = "malformed-sidecar"
        case unknownID = "unknown-id"
        case foldedView = "folded-view"
        case changedOriginal = "changed-original"
        case parser = "parser"
        /// A rewrite whose result did not verify (format.md §9): nothing is written.
        case refused = "refused"
        /// A `.outline.toml` that cannot be read: unknown key, wrong type, unsupported TOML.
        case config = "config"
        /// A file that cannot be read or written, or a path of the wrong kind.
        case file = "file"
    }

    /// The file, as the caller names it; nil until the caller says.
    public var path: String?
    /// 1-based line, when the message is about one.
    public var line: Int?
    public let severity: Severity
    public let kind: Kind
    public let message: String

    public init(_ severity: Severity, _ kind: Kind, path: String? = nil, line: Int? = nil, _ message: String) {
        self.severity = severity
        self.kind = kind
        self.path = path
        self.line = line
        self.message = message
    }

    public static func error(_ kind: Kind, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.error, kind, line: line, message)
    }
    public static func warning(_ kind: Kind, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, kind, line: line, message)
    }
    public static func finding(_ kind: Kind, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.finding, kind, line: line, message)
    }

    /// A file that cannot be read or written, or a path of the wrong kind.
    public static func file(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(.error, .file, path: path, message)
    }

    /// This diagnostic, about `path` unless it already names a file.
    public func located(in path: String) -> Diagnostic {
        var copy = self
        if copy.path == nil { copy.path = path }
        return copy
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `PATH:LINE: message` (a warning: `PATH:LINE: warning: message`).
    public var description: String {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `description` to `bytes`, with no String in between (`check` writes thousands): the
    /// place as compilers and problem matchers write it (`PATH:LINE`, `PATH`, `line N`), then the message.
    public func write(into bytes: inout [UInt8]) {
        if let path {
            Diagnostic.appendEscaped(path, to: &bytes)
            if let line { bytes.append(UInt8(ascii: ":")); bytes.append(contentsOf: String(line).utf8) }
            bytes.append(contentsOf: ": ".utf8)
        } else if let line {
            bytes.append(contentsOf: "line ".utf8)
            bytes.append(contentsOf: String(line).utf8)
            bytes.append(contentsOf: ": ".utf8)
        }
        if severity == .warning { bytes.append(contentsOf: "warning: ".utf8) }
        Diagnostic.appendEscaped(message, to: &bytes)
    }

    /// Text with its control characters written as escapes (`\x1B`, `\u{9B}`): a heading or a file
    /// name crafted with terminal escape sequences cannot rewrite the terminal of whoever reads a CI
    /// log (`--format json` escapes them as JSON does). A tab stays a tab.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let clean = text.withUTF8 { b in !b.contains { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xF4 } }
        if clean { bytes.append(contentsOf: text.utf8); return }
        let hex = Array("0123456789ABCDEF".utf8)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 && v != 0x09 || v == 0x7F {
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(v >> 4)], hex[Int(v & 0xF)]])
            } else if let byte = PathBytes.rawByte(scalar) {
                // A byte of a file name that is not UTF-8.
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            } else if v >= 0x80 && v < 0xA0 {
                bytes.append(contentsOf: "\\u{".utf8)
                bytes.append(contentsOf: [hex[Int(v >> 4)], hex[Int(v & 0xF)], UInt8(ascii: "}")])
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}

/// Several errors found in one pass over one input (a configuration file with two mistakes): each is
/// reported, in order, and the run stops as for one.
public struct Diagnostics: Error, Sendable {
    public let all: [Diagnostic]
    public init(_ all: [Diagnostic]) { self.all = all }
}
