import Foundation
import TimerLabHarness

/// Runs the `timerlab` binary that `swift test` built, as a user would, with a hard time limit.
enum BinaryRunner {
    /// What a finished process left behind.
    struct Outcome: Sendable {
        let status: Int32
        let out: String
        let err: String
        /// Whether the process ended by a signal rather than by exiting.
        let signalled: Bool
    }

    /// The binaries `swift test` builds.
    enum Binary: String, Sendable {
        /// The real command.
        case timerlab
        /// `timerlab` with test-only scenarios (`Tests/Fixtures`).
        case fixtures = "TimerLabFixtures"

        /// Its path: it sits beside the test bundle in the build folder.
        var url: URL {
            let testBundle =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            return URL(fileURLWithPath: testBundle).deletingLastPathComponent().appendingPathComponent(rawValue)
        }
    }

    /// Runs `binary arguments` on a thread of its own; kills it if it outlives `timeLimit` seconds.
    static func run(
        _ arguments: [String], binary: Binary = .timerlab, environment: [String: String]? = nil,
        timeLimit: TimeInterval = 60
    ) async -> Outcome {
        await run(arguments, executable: binary.url, environment: environment, timeLimit: timeLimit)
    }

    /// Runs any executable the same way (a script through `/bin/bash`, say).
    static func run(
        _ arguments: [String], executable: URL, environment: [String: String]? = nil, timeLimit: TimeInterval = 60
    ) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(
                    returning: runBlocking(arguments, binary: executable, environment: environment, timeLimit: timeLimit))
            }.start()
        }
    }

    /// At most this many children at once, waited for on the child's own thread: dozens of
    /// timerlab processes started together, each running scenarios, leave a two-core machine's
    /// CPU to them, and the test process's own checks then see their executor control starve.
    /// A child's time limit counts from its own start, not from its wait here.
    private static let childSlots = DispatchSemaphore(value: 2 * ProcessInfo.processInfo.activeProcessorCount)

    private static func runBlocking(
        _ arguments: [String], binary: URL, environment: [String: String]?, timeLimit: TimeInterval
    ) -> Outcome {
        childSlots.wait()
        defer { childSlots.signal() }
        let process = Process()
        // Under timeout(1), in a process group of its own: at the limit the whole group is killed,
        // so a grandchild (a shell's `cat`) cannot hold the pipes open and hang the test. timeout
        // passes on the child's exit status, and its death by a signal as its own.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", String(Int(timeLimit.rounded(.up))), binary.path] + arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            return Outcome(status: -1, out: "", err: "could not start \(binary.path): \(error)", signalled: false)
        }
        let watchdog = DispatchWorkItem { [process] in process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
        // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
        // Each blocking read gets a thread of its own: on Linux, Swift's global executor runs on
        // the dispatch worker threads, and reads parked there would starve every task.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        Thread {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }.start()
        group.enter()
        Thread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }.start()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return Outcome(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self), signalled: process.terminationReason == .uncaughtSignal)
    }
}
