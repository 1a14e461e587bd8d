import Foundation

/// A base class with a private `_timer`, which a subclass's `timer` must not hide in a report.
/// (In a file of its own: a subclass in the same file would see the private property.)
class ClockBase: @unchecked Sendable {
    private var _timer: Timer?
    private(set) var baseTicks = 0

    func startBase() {
        _timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in self?.baseTicks += 1 }
    }
}
