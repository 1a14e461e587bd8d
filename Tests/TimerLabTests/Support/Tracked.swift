import Foundation

/// An object whose only job is to be freed or not, with a counter for the calls it receives.
final class Tracked: @unchecked Sendable {
    var calls = 0
    var receivedTimers: [ObjectIdentifier] = []

    func tick(_ timer: Timer) {
        calls += 1
        receivedTimers.append(ObjectIdentifier(timer))
    }
}
