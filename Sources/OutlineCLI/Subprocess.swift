#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// Runs a program found on PATH with `posix_spawnp`, feeding it `input` and collecting its standard
/// output (standard error goes to /dev/null). Input and output are pumped together with poll(2), so a
/// child that writes a lot before reading all its input cannot deadlock us. This is the only place that
/// starts processes; it replaces Foundation's `Process`, which would pull full Foundation (and ICU)
/// into the binary.
enum Subprocess {
    struct Result {
        let status: Int32
        let output: [UInt8]
    }

    static func run(_ arguments: [String], input: [UInt8] = []) throws -> Result {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw spawnError(arguments) }
        guard pipe(&fromChild) == 0 else { close(toChild[0]); close(toChild[1]); throw spawnError(arguments) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { systemPathCopy($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw spawnError(arguments)
        }

        var output: [UInt8] = []
        var written = 0
        var writeFD: Int32 = toChild[1]
        if input.isEmpty { close(writeFD); writeFD = -1 }
        _ = fcntl(fromChild[0], F_SETFL, fcntl(fromChild[0], F_GETFL) | O_NONBLOCK)
        if writeFD >= 0 { _ = fcntl(writeFD, F_SETFL, fcntl(writeFD, F_GETFL) | O_NONBLOCK) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var reading = true
        while reading {
            var fds = [pollfd(fd: fromChild[0], events: Int16(POLLIN), revents: 0)]
            if writeFD >= 0 { fds.append(pollfd(fd: writeFD, events: Int16(POLLOUT), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if writeFD >= 0, fds[1].revents != 0 {
                let n = input.withUnsafeBytes { write(writeFD, $0.baseAddress! + written, input.count - written) }
                if n > 0 { written += n }
                if n < 0 && errno != EAGAIN && errno != EINTR || written == input.count {
                    close(writeFD); writeFD = -1   // done, or the child stopped reading (EPIPE)
                }
            }
            if fds[0].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress!, $0.count) }
                if n > 0 {
                    output.append(contentsOf: buffer[0..<n])
                } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                    reading = false
                }
            }
        }
        if writeFD >= 0 { close(writeFD) }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let exited = status & 0x7F == 0
        return Result(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output: output)
    }

    /// Runs `arguments` on this process's terminal (standard input, output and error inherited) and
    /// waits: an editor. Meanwhile SIGINT and SIGQUIT are ignored here, as system(3) does, so that
    /// Ctrl-C reaches the editor and outline lives on to clean up. Returns the exit status, or 128 +
    /// the signal that ended it.
    static func interactive(_ arguments: [String]) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let oldInt = signal(SIGINT, SIG_IGN), oldQuit = signal(SIGQUIT, SIG_IGN)
        defer { signal(SIGINT, oldInt); signal(SIGQUIT, oldQuit) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { systemPathCopy($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, arguments[0], nil, &attributes, argv, environ) == 0 else { throw spawnError(arguments) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private static func spawnError(_ arguments: [String]) -> Diagnostic {
        Diagnostic.file(arguments[0], "cannot run \(arguments[0])")
    }
}
