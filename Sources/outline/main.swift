#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCLI

// A closed standard output must end the run quietly, not kill it with SIGPIPE.
signal(SIGPIPE, SIG_IGN)

let console = Console(
    stdin: { try readStandardInput() },
    outputIsTerminal: isatty(1) == 1,
    environment: processEnvironment(),
    workingDirectory: currentDirectory(),
    inputIsTerminal: isatty(0) == 1,
    lifetime: .untilExit()
)
let status = OutlineCommandLine.run(commandLineArguments(), console: console)
_ = writeAll(console.errors, to: 2)
if !console.flushOutput(to: 1) { exit(status == 2 ? 2 : 0) }
exit(status)
