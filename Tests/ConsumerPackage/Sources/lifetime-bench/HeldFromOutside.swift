import Dispatch
import Foundation
import TimerLabTesting

/// A refresher with a correct source (`[weak self]`, cancelled in `deinit`) that the app also
/// registers (issue 66): what a check costs to name the registry as its holder.
final class RegisteredRefresher: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global())
    func start() {
        source.schedule(deadline: .now(), repeating: .milliseconds(5))
        source.setEventHandler { [weak self] in _ = self }
        source.resume()
        RefresherRegistry.shared.register(self)
    }
    deinit { source.cancel() }
}

/// The app-wide list of refreshers: the global the chain starts from.
final class RefresherRegistry: @unchecked Sendable {
    static let shared = RefresherRegistry()
    private let lock = NSLock()
    private var refreshers: [RegisteredRefresher] = []
    func register(_ refresher: RegisteredRefresher) { lock.withLock { refreshers.append(refresher) } }
    func removeAll() { lock.withLock { refreshers.removeAll() } }
}

/// A node of the heap the process keeps meanwhile: 200 MB of them, each page written, so a
/// still copy of the process has that much to share and the writes to copy.
final class Ballast {
    var bytes = [UInt8](repeating: 1, count: 1_000)
}

/// How long past its running + grace + patience one check of a registered refresher took, in a
/// process that keeps `megabytes` of heap; the registry named on its report's first row.
func heldFromOutsideBeyondPatience(heapMegabytes megabytes: Int) async throws -> Double {
    let ballast = (0..<(megabytes * 1_000)).map { _ in Ballast() }
    let patience = Duration.milliseconds(100)
    let start = ContinuousClock.now
    let report = try await Lifetime.check(with: LifetimeDefaults(running: running, grace: grace, patience: patience)) {
        RegisteredRefresher()
    } start: {
        $0.start()
    }
    let took = start.duration(to: .now).seconds - nominal - patience.seconds
    RefresherRegistry.shared.removeAll()
    precondition(report.heldBy.first == "RefresherRegistry.shared", "\(report)")
    withExtendedLifetime(ballast) {}
    return took
}
