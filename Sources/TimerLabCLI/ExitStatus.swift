import TimerLabHarness

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit statuses of `timerlab`, after BSD's sysexits where one fits.
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The runs completed (demonstrating a leak is success), or every check matched.
    case success = 0
    /// `--expect` or `check` found a scenario whose observation differs from what was expected.
    case mismatch = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// timerlab itself failed: a scenario that could not be run or observed (EX_SOFTWARE).
    case internalFailure = 70
    /// The system refused a resource: a thread, a process or a file descriptor (EX_OSERR).
    case systemResources = 71
    /// Standard output or the `--output` file could not be written (EX_IOERR).
    case ioError = 74
    /// A scenario did not finish within its hard time limit (as `timeout(1)` reports one).
    case timedOut = 124
    /// Interrupted by SIGHUP, SIGINT, SIGQUIT or SIGTERM: 128 plus the signal, as shells report it.
    case hangUp = 129
    case interrupted = 130
    case quit = 131
    case terminated = 143

    /// One sentence on when the program returns this status (the manual page's EXIT STATUS).
    var summary: String {
        switch self {
        case .success: return "The runs completed (demonstrating a leak is a success); for check, every scenario behaved as documented."
        case .mismatch:
            return "--expect was given and some owner did not end that way; for check, some scenario differed, crashed or timed out."
        case .usage: return "The command line was wrong; nothing was run and nothing written to standard output."
        case .internalFailure: return "timerlab could not run or read a scenario; check reports it as an error, never as an observation."
        case .systemResources:
            return
                """
                The system refused a thread, a dispatch worker or file descriptors (ulimit -u, ulimit -n); bench first prints what it \
                measured.
                """
        case .ioError: return "Standard output or the --output file could not be written."
        case .timedOut:
            return "leak: a scenario did not finish within its hard time limit; bench: a measurement did not finish within its bound."
        case .hangUp: return "Hung up (SIGHUP); check first stops and reaps every child."
        case .interrupted: return "Interrupted (SIGINT, Ctrl-C); check first stops and reaps every child."
        case .quit: return "Quit (SIGQUIT, Ctrl-\\), with no backtrace; check first stops and reaps every child."
        case .terminated: return "Terminated (SIGTERM); check first stops and reaps every child."
        }
    }

    /// The status for ending because of `signal`.
    static func forSignal(_ signal: Int32) -> ExitStatus {
        switch signal {
        case SIGHUP: return .hangUp
        case SIGQUIT: return .quit
        case SIGTERM: return .terminated
        default: return .interrupted
        }
    }
}
