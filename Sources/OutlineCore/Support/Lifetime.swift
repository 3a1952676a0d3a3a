#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long what a program parses lives, chosen once by the program (`main.swift`: the command
/// line; `outline lsp`: a session) and held by its run.
///
/// The command line runs once and exits: freeing a model one object at a time costs about what
/// building it did (twice over with the verification's model), and the exit gives everything back
/// at once, so what a run keeps is never freed, and the parser of its last document hands all its
/// pages back instead of keeping some for a next one. A session lives on and frees what edits
/// replace.
public final class Lifetime: @unchecked Sendable {
    /// Whether the process ends with the run: what is kept is never freed.
    public let endsWithProcess: Bool
    private var kept: [Any] = []
    private var lock = pthread_mutex_t()

    private init(endsWithProcess: Bool) {
        self.endsWithProcess = endsWithProcess
        pthread_mutex_init(&lock, nil)
    }

    /// The command line's: one run, then the process exits.
    public static func untilExit() -> Lifetime { Lifetime(endsWithProcess: true) }

    /// A long-running program's (the language server): nothing is kept past its use.
    public static func session() -> Lifetime { Lifetime(endsWithProcess: false) }

    /// Keeps `value` to the end of the process (from any thread); a session keeps nothing.
    public func keep(_ value: Any) {
        guard endsWithProcess else { return }
        pthread_mutex_lock(&lock)
        kept.append(value)
        pthread_mutex_unlock(&lock)
    }
}

/// A value made on first use, once, whichever thread asks first (a run's link root may cost a git
/// process, and only a link that starts with `/` needs it).
public final class Once<Value>: @unchecked Sendable {
    private var value: Value? = nil
    private let make: () -> Value
    private var lock = pthread_mutex_t()

    public init(_ make: @escaping () -> Value) {
        self.make = make
        pthread_mutex_init(&lock, nil)
    }

    public var get: Value {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
