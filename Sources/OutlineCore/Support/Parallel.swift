#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSystem

/// Work spread over the cores (one POSIX thread per core, each taking the next index), with the
/// results in index order, so output stays deterministic. Plain pthreads rather than Dispatch:
/// libdispatch initialises itself when the process starts, which a hook calling outline on one small
/// file pays for every time.
public enum Parallel {
    /// The cores online: how many threads `map` runs.
    /// (Asked once: glibc reads `/sys/devices/system/cpu/online` each time, and a run maps often.)
    public static let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `body(0..<count)` in parallel; the results in index order. `body` must not touch shared state.
    public static func map<T>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let cores = self.cores
        guard cores > 1 else { return (0..<count).map(body) }
        let work = Work(count: count, body: body)
        let threads = min(cores, count)
        // Each thread's malloc heap grows 16 MB at a time while they run, not a page at a time: every
        // step is an mprotect(2), which holds the process's memory map against the other threads' page
        // faults.
        // Set back afterwards: a single-threaded run keeps giving memory back as it frees it.
        _ = outline_malloc_top_pad(16 << 20)
        defer { _ = outline_malloc_top_pad(128 << 10) }
        var ids: [pthread_t] = []
        for _ in 1..<threads {
            var id = pthread_t()
            // A C thread function cannot capture the generic context: it gets a type-erased job.
            let context = Unmanaged.passRetained(Job { work.run() }).toOpaque()
            if pthread_create(&id, nil, { raw in
                Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, context) == 0 {
                ids.append(id)
            } else {
                Unmanaged<Job>.fromOpaque(context).release()
            }
        }
        work.run()   // this thread works too
        for id in ids { pthread_join(id, nil) }
        return work.results()
    }

    private final class Job: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// The shared state of one `map`: the next index (under a mutex) and one result slot per index,
    /// each written by exactly one thread and read only after every thread has been joined.
    private final class Work<T>: @unchecked Sendable {
        let count: Int
        let body: @Sendable (Int) -> T
        private var next = 0
        private var lock = pthread_mutex_t()
        private let slots: UnsafeMutablePointer<T?>

        init(count: Int, body: @escaping @Sendable (Int) -> T) {
            self.count = count
            self.body = body
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
            pthread_mutex_init(&lock, nil)
        }

        deinit {
            pthread_mutex_destroy(&lock)
            slots.deinitialize(count: count)
            slots.deallocate()
        }

        func run() {
            while true {
                pthread_mutex_lock(&lock)
                let i = next
                next += 1
                pthread_mutex_unlock(&lock)
                guard i < count else { return }
                slots[i] = body(i)
            }
        }

        /// Moved out, not copied (a copy retains what each result holds, and the slots' release then
        /// undoes it: for tens of thousands of parses, time the other cores wait for).
        func results() -> [T] {
            let out = (0..<count).map { (slots + $0).move()! }
            slots.initialize(repeating: nil, count: count)
            return out
        }
    }
}
