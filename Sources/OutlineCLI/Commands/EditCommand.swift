#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// `outline edit [--depth N] FILE` (format.md §13): fold FILE into a skeleton in a temporary file, open it in
/// `$VISUAL` or `$EDITOR` as `git commit` does, and unfold the edited skeleton back into FILE.
enum EditCommand {
    static let spec = CommandSpec(
        .edit,
        summary: "Edit a document's structure in its folded skeleton, in your editor.",
        operands: "FILE",
        overview: """
        Folds FILE to depth N (default 2) into a temporary file and opens it in $VISUAL, else $EDITOR,
        else vi (the value is run by /bin/sh, so it may carry arguments: EDITOR='code --wait'). Rename,
        reorder, delete and re-level sections there, as with 'outline unfold'. When the editor exits 0
        with a changed skeleton, FILE is rewritten atomically with every body back under its heading.
        An editor that exits non-zero leaves FILE untouched (exit 2); an unchanged skeleton leaves it
        untouched (exit 0). The temporary file is removed in every case, Ctrl-C included.
        """,
        arguments: [("FILE", "The Markdown file to edit.")],
        run: run
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.operands.count == 1, let path = arguments.operands.first, path != "-" else {
            throw UsageError(message: arguments.operands.count > 1 ? "edit takes one FILE, got \(arguments.operands.count)"
                                                                   : "edit needs a FILE (standard input cannot be edited in place)")
        }
        let depth = arguments.depth ?? 2
        let work = LocalFiles.run(console: console), bytes = try work.read(path)
        let original = try work.outline(bytes, path: path, dialect: try Settings(arguments, console: console).config(forFile: path).dialect(for: path))
        if original.isFoldedView {
            throw Diagnostic.file(path, "is a folded view already; unfold it first")
        }
        let folded = try Run.about(path) { try Fold.apply(original, selection: .init(depth: depth), name: path) }
        console.report(folded.diagnostics, about: path)
        let skeleton = folded.output

        let environment = console.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let directory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let temporary = try TemporaryFile(in: directory, suffix: original.dialect.mdx ? ".mdx" : ".md", bytes: skeleton)   // MDX stays MDX
        defer { temporary.remove() }

        // As git runs an editor: through the shell, which splits the value into words.
        let status = try Subprocess.interactive(["/bin/sh", "-c", editor + " \"$@\"", editor, temporary.path])
        guard status == 0 else {
            throw Diagnostic.file(path, "the editor '\(editor)' exited with status \(status); nothing changed")
        }
        guard FileSystem.exists(temporary.path) else {
            throw Diagnostic.file(path, "the editor removed the skeleton (\(temporary.path)); \(path) is unchanged")
        }
        let edited = try FileSystem.read(temporary.path)
        if edited == skeleton { return 0 }
        let view = try Run.about(path + " (skeleton)") { try Outline(parsing: edited, dialect: original.dialect) }
        let result = try Run.about(path + " (skeleton)") { try Unfold.apply(view, original: original) }
        console.report(result.diagnostics, about: path + " (skeleton)")
        // Someone else's change to FILE meanwhile is not overwritten.
        guard (try? FileSystem.read(path)) == bytes else {
            throw Diagnostic.file(path, "changed while the skeleton was being edited; nothing written")
        }
        let output = result.output
        if output != bytes {
            try FileSystem.writeAtomically(output, to: path)
            console.err("outline: 1 file changed\n")
        }
        return 0
    }
}

/// A file created with mkstemps(3) (mode 0600), removed by `remove()`, or by SIGTERM or SIGHUP while it
/// exists: the editor's file never outlives outline.
final class TemporaryFile {
    let path: String

    init(in directory: String, suffix: String, bytes: [UInt8]) throws {
        var template = Array("\(directory)/outline-edit-XXXXXX\(suffix)".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        guard fd >= 0 else { throw Diagnostic.file(directory, "cannot create a temporary file: \(FileSystem.describe(errno))") }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFile.arm(path)
        guard writeAll(bytes, to: fd) else {
            let e = errno
            close(fd)
            remove()
            throw Diagnostic.file(path, "cannot write: \(FileSystem.describe(e))")
        }
        close(fd)
    }

    func remove() {
        unlink(path)
        TemporaryFile.disarm()
    }

    /// The path the signal handler removes: a C string set before the handler can run.
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>? = nil

    private static func arm(_ path: String) {
        pending = strdup(path)
        for sig in [SIGTERM, SIGHUP] {
            signal(sig) { number in
                if let p = TemporaryFile.pending { unlink(p) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    private static func disarm() {
        for sig in [SIGTERM, SIGHUP] { signal(sig, SIG_DFL) }
        if let p = pending { pending = nil; free(p) }
    }
}
