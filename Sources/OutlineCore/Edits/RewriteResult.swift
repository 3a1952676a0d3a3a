/// What every rewriting transform returns (`id`, `number`, their `--strip` forms, `fold`, `unfold`):
/// the checked rewrite of one input and the warnings made on the way.
public struct RewriteResult: Sendable {
    public let rewrite: Rewrite
    /// Warnings about the input (duplicates repaired, orphans left, a stale fold), with their lines.
    public internal(set) var diagnostics: [Diagnostic]
    /// `fold` only: the sidecar describing what the output has folded (`--save-state`).
    public let foldState: Sidecar?

    public init(_ edits: EditList, on original: [UInt8], diagnostics: [Diagnostic] = [], foldState: Sidecar? = nil) {
        self.rewrite = edits.rewrite(original)
        self.diagnostics = diagnostics
        self.foldState = foldState
    }

    /// A rewrite made in steps (`Rewrite.followed(by:)`), with its warnings.
    init(rewrite: Rewrite, diagnostics: [Diagnostic]) {
        self.rewrite = rewrite
        self.diagnostics = diagnostics
        self.foldState = nil
    }

    /// The edited bytes.
    public var output: [UInt8] { rewrite.output }
}
