import Foundation

/// Runs test code on a fresh thread of its own, where it may run that thread's run loop freely.
///
/// Swift Testing runs tests on shared threads that must not be blocked or have their run loops
/// hijacked; this is the test suite's equivalent of the harness's own thread.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Runs the current run loop in the default mode until `condition` holds or `seconds` pass.
@discardableResult
package func runCurrentRunLoop(for seconds: TimeInterval, until condition: () -> Bool = { false }) -> Bool {
    // The deadline is monotonic; the run loop takes a Date, made from the time left.
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        let left = ContinuousClock.now.duration(to: deadline)
        if left <= .zero { return false }
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: min(left / .seconds(1), 0.002)))
    }
    return true
}
