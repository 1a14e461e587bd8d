import Foundation

/// Waits, without blocking a thread, until `condition` holds or `seconds` pass; returns whether it held.
///
/// Tests assert on counts and states, never on durations: the limit is generous and only bounds a
/// failing test, it is not what the test checks.
@discardableResult
func eventually(within seconds: TimeInterval = 5, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
