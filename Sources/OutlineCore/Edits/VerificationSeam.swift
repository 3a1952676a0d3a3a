#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Verification {
    /// A test-only seam (never used by the product): until `stopInjecting`, every rewrite of a
    /// document `inject` answers for gets that extra edit before it is verified, so that tests can
    /// see a wrong edit refused. Tests run in parallel: each injects into its own documents only,
    /// and stops only its own (a global one test set and another cleared made both flaky).
    public static func injectForTesting(_ inject: @escaping (Outline) -> (Range<Int>, [UInt8])?) -> Int {
        injections.add(inject)
    }
    public static func stopInjecting(_ id: Int) { injections.remove(id) }

    static let injections = Injections()
    final class Injections: @unchecked Sendable {
        private var hooks: [(id: Int, inject: (Outline) -> (Range<Int>, [UInt8])?)] = []
        private var next = 0
        private var lock = pthread_mutex_t()
        init() { pthread_mutex_init(&lock, nil) }
        func add(_ inject: @escaping (Outline) -> (Range<Int>, [UInt8])?) -> Int {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            next += 1
            hooks.append((next, inject))
            return next
        }
        func remove(_ id: Int) {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            hooks.removeAll { $0.id == id }
        }
        /// The first edit a hook gives for `outline` (none set: one load of an empty array).
        func edit(for outline: Outline) -> (Range<Int>, [UInt8])? {
            pthread_mutex_lock(&lock)
            let all = hooks
            pthread_mutex_unlock(&lock)
            for hook in all { if let edit = hook.inject(outline) { return edit } }
            return nil
        }
    }
}
