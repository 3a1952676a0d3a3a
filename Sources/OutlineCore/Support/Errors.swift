/// What stops outline from working on one input. The CLI prefixes the path and picks the exit code.
public enum OutlineError: Error, Equatable, Sendable {
    /// The input contains NUL bytes.
    case binaryInput
    /// Anything else wrong with one input or its companion files; the message says what.
    case invalid(String)

    public var message: String {
        switch self {
        case .binaryInput: return "binary file (contains NUL bytes)"
        case .invalid(let message): return message
        }
    }
}

/// A warning or a finding about one place in a document, reported as a value (the library never prints).
public struct Diagnostic: Sendable, Equatable {
    /// 1-based line, when the message is about one.
    public let line: Int?
    public let message: String

    public init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }
}
