import Foundation

/// Waits, without blocking a thread, until `condition` holds or `seconds` pass; returns whether it held.
///
/// Tests assert on counts and states, never on durations: the limit is generous and only bounds a
/// failing test, it is not what the test checks. The wait is also a control for the executor it
/// runs on: it gives up only after `polls` looks as well, so an executor starved by a loaded
/// machine (where the awaited work runs too) stretches the wait instead of failing it.
@discardableResult
package func eventually(within seconds: TimeInterval = 5, polls: Int = 500, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var looks = 0
    while !condition() {
        looks += 1
        if ContinuousClock.now >= deadline, looks >= polls { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
