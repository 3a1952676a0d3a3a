import Dispatch

/// Work spread over every core (Dispatch's `concurrentPerform` runs one thread per core), with the
/// results in index order, so output stays deterministic.
enum Parallel {
    /// `body(0..<count)` in parallel; the results in index order. `body` must not touch shared state.
    static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let results = Results<T>(count)
        DispatchQueue.concurrentPerform(iterations: count) { i in results.set(i, body(i)) }
        return results.values.map { $0! }
    }

    /// Slots written by exactly one iteration each, through a raw buffer (no exclusivity checks on a
    /// shared array); read only after `concurrentPerform` returns.
    private final class Results<T>: @unchecked Sendable {
        let slots: UnsafeMutablePointer<T?>
        let count: Int
        init(_ count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
        }
        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }
        func set(_ i: Int, _ value: T) { slots[i] = value }
        var values: [T?] { Array(UnsafeBufferPointer(start: slots, count: count)) }
    }
}
