#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// The streams and environment of one run. Standard output is collected and written only at the end,
/// so that a run that fails writes nothing there; standard error is collected in order too. Tests use
/// `Console.captured` and read both.
public final class Console {
    /// Standard output, in pieces: bytes, or a rewrite streamed from its original when written (a
    /// 50 MB document is never copied once more to be collected).
    public enum Piece { case bytes([UInt8]), rewrite(Rewrite) }
    public private(set) var outputPieces: [Piece] = []
    public var output: [UInt8] {
        outputPieces.flatMap { piece -> [UInt8] in
            switch piece {
            case .bytes(let b): return b
            case .rewrite(let r): return r.output
            }
        }
    }
    public private(set) var errors: [UInt8] = []
    let stdinReader: () throws -> [UInt8]
    public let outputIsTerminal: Bool
    public let environment: [String: String]
    /// The working directory, for `git` (check --since).
    public let workingDirectory: String?

    /// Standard input is a terminal (nobody is piping a document in).
    public let inputIsTerminal: Bool
    /// How long what the run parses lives: chosen by the program (`main.swift`: until the process
    /// exits), held by the run (`Run.lifetime`).
    public let lifetime: Lifetime

    public init(stdin: @escaping () throws -> [UInt8], outputIsTerminal: Bool, environment: [String: String],
                workingDirectory: String? = nil, inputIsTerminal: Bool = false, lifetime: Lifetime) {
        self.lifetime = lifetime
        self.stdinReader = stdin
        self.outputIsTerminal = outputIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// A console whose standard input is `input`, for tests.
    public static func captured(stdin input: [UInt8] = [], environment: [String: String] = [:]) -> Console {
        Console(stdin: { input }, outputIsTerminal: false, environment: environment, lifetime: .untilExit())
    }

    /// `--stdin-filename PATH`: standard input's bytes, read as the file PATH (its config, its links'
    /// base, its name in messages); set before any file is read.
    var substitutes: [String: [UInt8]] = [:]

    func out(_ bytes: [UInt8]) { outputPieces.append(.bytes(bytes)) }
    func out(_ text: String) { outputPieces.append(.bytes(Array(text.utf8))) }
    func out(_ rewrite: Rewrite) { outputPieces.append(.rewrite(rewrite)) }

    /// Writes standard output to `fd`; false when the reader went away.
    public func flushOutput(to fd: Int32) -> Bool {
        for piece in outputPieces {
            switch piece {
            case .bytes(let b): guard writeAll(b, to: fd) else { return false }
            case .rewrite(let r):
                // Gather small pieces into blocks of about 1 MB: one write(2) per edit would be slow.
                var block: [UInt8] = []
                block.reserveCapacity(1 << 20)
                let ok = r.write { chunk in
                    if block.count + chunk.count > (1 << 20) {
                        guard writeAll(block, to: fd) else { return false }
                        block.removeAll(keepingCapacity: true)
                        if chunk.count > (1 << 20) { return writeAll(chunk, to: fd) }
                    }
                    block.append(contentsOf: chunk)
                    return true
                }
                guard ok, writeAll(block, to: fd) else { return false }
            }
        }
        return true
    }
    func err(_ text: String) { errors.append(contentsOf: text.utf8) }

    /// Forget collected output (a run that fails must write nothing to standard output).
    func discardOutput() { outputPieces.removeAll() }

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
    bytes.withUnsafeBufferPointer { writeAll($0, to: fd) }
}

/// Writes all of `bytes` to `fd` (retrying after EINTR); false on an error, with `errno` saying which.
func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Bool {
    var written = 0
    let raw = UnsafeRawBufferPointer(bytes)
    return {
        while written < raw.count {
            let n = write(fd, raw.baseAddress! + written, raw.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += n
        }
        return true
    }()
}

/// All of standard input, read with read(2) (no intermediate Data copy of a large input).
public func readStandardInput() throws -> [UInt8] {
    try FileSystem.readAll(fd: 0, path: Run.standardInput)
}

/// The process environment as a dictionary (the first of duplicate names wins, as getenv(3) does).
public func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
        let text = String(cString: entry)
        if let eq = text.firstIndex(of: "="), result[String(text[..<eq])] == nil {
            result[String(text[..<eq])] = String(text[text.index(after: eq)...])
        }
        p += 1
    }
    return result
}

/// The arguments after the program's name, as bytes: a file name that is not UTF-8 keeps its bytes
/// (`PathBytes`), where `CommandLine.arguments` would replace them.
public func commandLineArguments() -> [String] {
    (1..<max(1, Int(CommandLine.argc))).map { k in
        systemPath(CommandLine.unsafeArgv[k]!)
    }
}

/// The working directory, nil when it cannot be read (deleted, or no permission on an ancestor).
public func currentDirectory() -> String? {
    guard let cwd = getcwd(nil, 0) else { return nil }
    defer { free(cwd) }
    return systemPath(cwd)
}
