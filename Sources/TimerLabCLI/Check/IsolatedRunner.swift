import Dispatch
import Foundation
import Synchronization
import TimerLab

/// Runs each scenario in a child process of its own, all at once, and turns each child's end into a result.
///
/// A child is `timerlab leak <scenario> --format json`: the same binary, the same harness. A crash,
/// a trap or a hang in one scenario ends only its child; the parent reports it and goes on.
struct IsolatedRunner {
    /// The binary to run as the child.
    let executablePath: String
    /// The settings every child runs with.
    let settings: RunSettings
    /// The environment every child gets (colour off, crash backtraces off: the parent reports crashes).
    let environment: [String: String]

    /// Extra time the parent allows beyond the child's own hard limit before it kills the child.
    static let killSlack: TimeInterval = 2

    init(executablePath: String, settings: RunSettings, environment: [String: String]) {
        self.executablePath = executablePath
        self.settings = settings
        var environment = environment
        environment["NO_COLOR"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        self.environment = environment
    }

    /// Runs every scenario in its own child; results keep the order of `scenarios`.
    func run(_ scenarios: [Scenario]) -> [CheckResult] {
        let results = Mutex([CheckResult?](repeating: nil, count: scenarios.count))
        let group = DispatchGroup()
        for (index, scenario) in scenarios.enumerated() {
            // One plain thread per child: each blocks reading its pipes, and there are only a few dozen.
            group.enter()
            Thread {
                let result = runChild(scenario)
                results.withLock { $0[index] = result }
                group.leave()
            }.start()
        }
        group.wait()
        return results.withLock { $0.map { $0! } }
    }

    private func runChild(_ scenario: Scenario) -> CheckResult {
        let started = ContinuousClock.now
        let elapsed = { started.duration(to: .now).seconds }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = [
            "leak", scenario.name, "--format", "json", "--ticks", String(settings.ticks),
            "--interval", String(settings.interval), "--grace", String(settings.grace),
        ]
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return CheckResult(
                scenario: scenario.name, status: .failed, detail: "could not start \(executablePath): \(error)",
                seconds: elapsed())
        }

        let limit = settings.hardLimit(target: scenario.tickTarget(requested: settings.ticks)) + Self.killSlack
        let killed = Atomic<Bool>(false)
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem {
            killed.store(true, ordering: .relaxed)
            // SIGKILL, not SIGTERM: it also ends a child that is stopped or ignores signals.
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        let (outText, errText) = Self.readToEnd(out, err)
        process.waitUntilExit()
        watchdog.cancel()

        let seconds = elapsed()
        if killed.load(ordering: .relaxed) {
            return CheckResult(
                scenario: scenario.name, status: .timedOut,
                detail: "killed after \(String(format: "%.1f", limit)) s without finishing", seconds: seconds)
        }
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return CheckResult(
                scenario: scenario.name, status: .crashed, detail: "killed by signal \(signal) (\(Self.signalName(signal)))",
                seconds: seconds)
        }
        let firstError = errText.split(separator: "\n").first.map { line in
            String(line.hasPrefix("error: ") ? line.dropFirst("error: ".count) : line)
        } ?? ""
        if process.terminationStatus == ExitStatus.internalFailure.rawValue, firstError.contains("did not finish within") {
            return CheckResult(scenario: scenario.name, status: .timedOut, detail: firstError, seconds: seconds)
        }
        guard process.terminationStatus == 0, let record = try? JSONReport.decode(outText).first else {
            return CheckResult(
                scenario: scenario.name, status: .failed,
                detail: "exited \(process.terminationStatus)\(firstError.isEmpty ? "" : ": \(firstError)")",
                seconds: seconds)
        }
        return CheckResult(record: record, seconds: seconds)
    }

    /// Reads both pipes to their end at once, so a child never blocks on a full pipe.
    private static func readToEnd(_ out: Pipe, _ err: Pipe) -> (String, String) {
        let errData = Mutex(Data())
        let group = DispatchGroup()
        group.enter()
        Thread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
            group.leave()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGABRT: return "SIGABRT"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}
