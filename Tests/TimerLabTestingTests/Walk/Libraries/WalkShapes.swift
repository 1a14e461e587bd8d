import Dispatch
import Foundation

/// A subclass whose `timer` sits beside its superclass's `_timer`: both are reported.
final class WorldClock: ClockBase, @unchecked Sendable {
    var timer: Timer?
    private(set) var ticks = 0

    func start() {
        startBase()
        timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in self?.ticks += 1 }
    }
}

/// Keeps its task in an enum's payload and a work item that has already run.
final class Uploader: @unchecked Sendable {
    enum State {
        case idle
        case uploading(Task<Void, Never>)
    }
    private(set) var state = State.idle
    private var finished: DispatchWorkItem?
    private(set) var parts = 0

    func start() {
        state = .uploading(
            Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(5))
                    self?.parts += 1
                }
            })
        let item = DispatchWorkItem {}
        item.perform()
        finished = item
    }
}
