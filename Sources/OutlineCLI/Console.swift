#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The streams and environment of one run. Standard output is collected and written only at the end,
/// so that a run that fails writes nothing there; standard error is collected in order too. Tests use
/// `Console.captured` and read both.
public final class Console {
    /// Standard output, in pieces (a 50 MB document is not copied once more to be collected).
    public private(set) var outputChunks: [[UInt8]] = []
    public var output: [UInt8] { outputChunks.flatMap { $0 } }
    public private(set) var errors: [UInt8] = []
    let stdinReader: () throws -> [UInt8]
    public let outputIsTerminal: Bool
    public let environment: [String: String]
    /// The working directory, for `git` (check --since).
    public let workingDirectory: String?

    public init(stdin: @escaping () throws -> [UInt8], outputIsTerminal: Bool, environment: [String: String],
                workingDirectory: String? = nil) {
        self.stdinReader = stdin
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// A console whose standard input is `input`, for tests.
    public static func captured(stdin input: [UInt8] = [], environment: [String: String] = [:]) -> Console {
        Console(stdin: { input }, outputIsTerminal: false, environment: environment)
    }

    func out(_ bytes: [UInt8]) { outputChunks.append(bytes) }
    func out(_ text: String) { outputChunks.append(Array(text.utf8)) }
    func err(_ text: String) { errors.append(contentsOf: text.utf8) }

    /// Forget collected output (a run that fails must write nothing to standard output).
    func discardOutput() { outputChunks.removeAll() }

    private var stdinCache: [UInt8]?
    func readStdin() throws -> [UInt8] {
        if let cached = stdinCache { return cached }
        let bytes = try stdinReader()
        stdinCache = bytes
        return bytes
    }

    public var outputText: String { String(decoding: output, as: UTF8.self) }
    public var errorText: String { String(decoding: errors, as: UTF8.self) }
}

/// Writes collected bytes to a file descriptor. Returns false when the reader has gone away (EPIPE):
/// `outline tree big.md | head -1` then ends quietly.
public func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var written = 0
    return bytes.withUnsafeBytes { raw -> Bool in
        while written < raw.count {
            let n = write(fd, raw.baseAddress! + written, raw.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += n
        }
        return true
    }
}

/// All of standard input, read with read(2) (no intermediate Data copy of a large input).
public func readStandardInput() throws -> [UInt8] {
    try FileSystem.readAll(fd: 0, path: FileSystem.stdinName)
}
