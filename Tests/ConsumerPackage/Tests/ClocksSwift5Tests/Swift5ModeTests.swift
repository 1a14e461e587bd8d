import Foundation
import Testing
import TimerLabTesting

/// A stopwatch as Swift 5 code writes it: no Sendable anywhere, `self` in a timer's block.
final class Stopwatch {
    var timer: Timer?
    var elapsed = 0

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in self.elapsed += 1 }
    }
}

/// The same with `[weak self]`, and its deinit invalidating the timer.
final class CarefulStopwatch {
    var timer: Timer?
    var elapsed = 0

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in self?.elapsed += 1 }
    }

    deinit { timer?.invalidate() }
}

@Suite struct Swift5ModeTests {
    @Test func aStrongTimerBlockLeaksTheStopwatch() async throws {
        let report = try await Lifetime.check {
            Stopwatch()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.holders.map(\.path) == ["timer"], "\(report)")
    }

    @Test func aWeakTimerBlockFreesIt() async throws {
        await expectFreed {
            CarefulStopwatch()
        } start: {
            $0.start()
        }
    }
}
