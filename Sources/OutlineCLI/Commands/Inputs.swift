import OutlineCore

/// Reading inputs for commands: standard input, files, and their parse, with errors tied to the path.
enum Inputs {
    static func displayName(_ path: String) -> String { Workspace.displayName(path) }

    static func read(_ path: String, console: Console) throws -> [UInt8] {
        if let given = console.substitutes[path] { return given }
        if path == "-" {
            do { return try console.readStdin() } catch { throw Diagnostic.file(Workspace.standardInput, "cannot read standard input") }
        }
        return try FileSystem.read(path)
    }

    /// Parses one input. `last`: the run ends after this document is done with (a single-input
    /// command), so the parser's memory is left to the end of the process.
    /// `fingerprints`: the document will be rewritten inside its blocks, and verified (`Verification`).
    static func outline(_ bytes: [UInt8], path: String, last: Bool = false, rewriting: Bool = false, links: Bool = false, fingerprints: Bool = false) throws -> Outline {
        try about(path) { try Outline(parsing: bytes, lastInProcess: last, rewriting: rewriting, links: links, fingerprints: fingerprints) }
    }

    /// Runs `body`; a library error it throws is about `path` unless it names its own file.
    static func about<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as Diagnostic {
            throw error.located(in: displayName(path))
        }
    }

    /// Reads each of `files` and runs `body` on it, files in parallel (standard input read first, on
    /// this thread); the results in the order of `files`, each error located in its file.
    static func each<T>(_ files: [String], console: Console, _ body: @escaping @Sendable (_ index: Int, _ path: String, _ bytes: [UInt8]) throws -> T) throws -> [Result<T, Diagnostic>] {
        let stdin = files.contains("-") ? try read("-", console: console) : nil
        let substitutes = console.substitutes
        return Parallel.map(files.count) { k -> Result<T, Diagnostic> in
            let path = files[k]
            do {
                let bytes = try stdin.flatMap { path == "-" ? $0 : nil } ?? substitutes[path] ?? FileSystem.read(path)
                return .success(try body(k, path, bytes))
            } catch let error as Diagnostic {
                return .failure(error.located(in: displayName(path)))
            } catch {
                return .failure(.file(displayName(path), "\(error)"))
            }
        }
    }

    /// The one input of a single-file command: no operand or `-` for standard input.
    static func single(_ invocation: Invocation, console: Console, what: String = "FILE") throws -> (path: String, bytes: [UInt8]) {
        guard invocation.operands.count <= 1 else {
            throw UsageError(message: "one \(what) at most, got \(invocation.operands.count)")
        }
        let path = invocation.operands.first ?? "-"
        return (path, try read(path, console: console))
    }

    /// Reports a transform's warnings about the input `path`.
    static func warn(_ console: Console, path: String, _ diagnostics: [Diagnostic]) {
        for d in diagnostics { console.report(d.located(in: displayName(path))) }
    }
}

/// Sidecar files given as options (`--state`).
enum SidecarInput {
    static func read(_ path: String, console: Console) throws -> SidecarFile {
        try SidecarFile(path: Inputs.displayName(path), bytes: try Inputs.read(path, console: console))
    }
}
