import Foundation
import TimerLab
import TimerLabHarness

/// Runs each scenario in a child process of its own, all at once, and turns each child's end into a result.
///
/// A child is `timerlab leak <scenario> --format json`: the same binary, the same harness. A crash,
/// a trap or a hang in one scenario ends only its child. One thread supervises every child with
/// `poll`: no thread per child, every wait bounded by the children's quiet limits. Children that
/// cannot be started for want of processes or descriptors wait until others end, and a child that
/// found no thread to run on is started again with fewer children beside it; when nothing is left
/// to wait for, what still cannot run is reported as an error of the tool, never as an observation.
/// A child is judged by its progress: one silent for `quietLimit` is killed and reported timed
/// out, one that keeps beating is never killed. SIGINT, SIGTERM or SIGHUP make it kill and reap
/// every child before it returns; a parent killed outright takes its children with it (`ChildLink`).
struct IsolatedRunner {
    /// The binary to run as the child.
    let executablePath: String
    /// The scenarios and the settings every child runs with.
    let options: CheckOptions
    /// The environment every child gets (colour off, crash backtraces off: the parent reports crashes).
    let environment: [String: String]

    /// How long a child may go without a sign of progress before the parent kills it and
    /// reports it timed out: the one figure that bounds a stopped or hung child. A working
    /// child's harness beats ten times a second, however long its run, however loaded the machine.
    /// Counted from its start until its first beat (its loading and start-up come first).
    static let quietLimit: TimeInterval = 8

    /// How often a child that found no thread to run on is started again, with fewer beside it.
    static let retries = 3

    /// After this many children in a row are refused a thread although they ran alone, the
    /// scenarios still waiting are reported as not run.
    static let loneRefusalLimit = 2

    /// How the run ended.
    enum Ending {
        /// Every scenario has a result, in the order of the options.
        case finished([CheckResult])
        /// A signal asked timerlab to stop; every child was killed and reaped.
        case interrupted(signal: Int32)
    }

    init(executablePath: String, options: CheckOptions, environment: [String: String]) {
        self.executablePath = executablePath
        self.options = options
        var environment = environment
        environment["NO_COLOR"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        self.environment = environment
    }

    /// Runs every scenario; returns when all have ended or a signal says stop.
    func run() -> Ending {
        POSIX.defaultChildSignal()
        let interrupts = InterruptPipe()
        defer { interrupts?.close() }
        var supervision = Supervision(runner: self)
        while !supervision.isOver {
            supervision.startWhatFits()
            if let signal = wait(for: supervision.children, until: supervision.nextDeadline, interrupts) {
                supervision.stopAll()
                return .interrupted(signal: signal)
            }
            supervision.killOverdue()
            supervision.collectEnded()
        }
        return .finished(supervision.results.map { $0! })
    }

    /// Starts `scenario`'s child: the same binary, `leak <scenario> --format json`, tied to this
    /// process (`ChildLink`).
    func startChild(for scenario: Scenario) throws(ChildProcess.StartFailure) -> ChildProcess {
        try ChildProcess(executable: executablePath, arguments: options.childArguments(for: scenario), environment: environment)
    }

    /// Polls the children's streams until one has something, a deadline passes, or a signal comes;
    /// returns the signal if one came. Never blocks for more than a tenth of a second.
    private func wait(for children: [ChildProcess], until deadline: ContinuousClock.Instant?, _ interrupts: InterruptPipe?) -> Int32? {
        var descriptors = children.flatMap(\.openDescriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        if let interrupts {
            descriptors.append(pollfd(fd: interrupts.readEnd, events: Int16(POLLIN), revents: 0))
        }
        let untilDeadline = deadline.map { max(0, ContinuousClock.now.duration(to: $0).seconds * 1000) } ?? 100
        let timeout = Int32(min(100, untilDeadline.rounded(.up)))
        if POSIX.poll(&descriptors, milliseconds: timeout) > 0 {
            for descriptor in descriptors where descriptor.revents != 0 {
                if let interrupts, descriptor.fd == interrupts.readEnd {
                    return interrupts.signal()
                }
                children.first { $0.openDescriptors.contains(descriptor.fd) }?.drain(descriptor.fd)
            }
        }
        return nil
    }

    /// The result of a child that has ended.
    static func result(of child: ChildProcess, scenario: Scenario) -> CheckResult {
        let seconds = child.started.duration(to: .now).seconds
        func ended(_ status: CheckResult.Status, _ detail: String) -> CheckResult {
            CheckResult(scenario: scenario, status: status, detail: detail, seconds: seconds)
        }
        if child.killedForTime {
            return ended(.timedOut, "killed after \(String(format: "%.1f", quietLimit)) s without progress (stopped or hung)")
        }
        if let signal = child.terminatingSignal {
            return ended(.crashed, "killed by signal \(signal) (\(signalName(signal)))")
        }
        let firstError =
            child.errorText.split(separator: "\n").first.map { line in
                String(line.hasPrefix("error: ") ? line.dropFirst("error: ".count) : line)
            } ?? ""
        switch child.exitCode {
        case ExitStatus.success.rawValue?:
            guard let observation = try? JSONReport.decode(child.outputText).first, observation.scenario == scenario.name else {
                return ended(.error, "its output was not a timerlab result")
            }
            // The child says what it saw; whether that was expected is decided here, against
            // the parent's own catalog.
            return CheckResult(observation: observation.compared(with: scenario), seconds: seconds)
        case ExitStatus.timedOut.rawValue?:
            return ended(.timedOut, firstError)
        default:
            return ended(.error, "\(exitedPrefix(child.exitCode ?? -1))\(firstError.isEmpty ? "" : ": \(firstError)")")
        }
    }

    /// How the detail of a child that exited with `code` (other than 0 or 124) begins.
    static func exitedPrefix(_ code: Int32) -> String { "exited \(code)" }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
            SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP",
            SIGPIPE: "SIGPIPE", SIGQUIT: "SIGQUIT", SIGXFSZ: "SIGXFSZ", SIGXCPU: "SIGXCPU", SIGALRM: "SIGALRM",
            SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2", SIGSYS: "SIGSYS", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP",
            SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGIO: "SIGIO",
        ]
        return names[signal] ?? linuxSignalNames[signal] ?? "signal \(signal)"
    }

    /// Signals only Linux has.
    private static var linuxSignalNames: [Int32: String] {
        #if os(Linux)
        return [SIGPWR: "SIGPWR", SIGSTKFLT: "SIGSTKFLT"]
        #else
        return [:]
        #endif
    }
}
