import Dispatch
import Foundation
import Testing

@testable import TimerLabTesting

/// A calibration that failed is said: the source or task whose closures it left unread is a
/// `not examined` line, and the helper it keeps is no longer taken for its owner's in silence
/// (issue 66, item 6). The controls: the same walks with this process's calibrations say nothing.
@Suite(.timeLimit(.minutes(1))) struct CalibrationsTests {
    /// A helper its own source keeps: the handler captures it strongly.
    final class Pulse: @unchecked Sendable {
        // Changed only on the source's queue.
        var beats = 0
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tests.calibrations.pulse"))
        init() {
            source.setEventHandler { self.beats += 1 }
            source.schedule(deadline: .now() + 3600)
            source.activate()
        }
    }

    /// A helper its own running task keeps.
    final class Beat: @unchecked Sendable {
        // Changed only inside the task.
        var beats = 0
        var task: Task<Void, Never>?
        init() {
            task = Task {
                while !Task.isCancelled {
                    self.beats += 1
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
        }
    }

    final class Owner: Sendable {
        let pulse = Pulse()
        let beat = Beat()
    }

    @Test func aFailedCalibrationIsANamedLineAndItsHelperLooksKeptFromOutside() {
        let owner = Owner()
        defer {
            owner.pulse.source.cancel()
            owner.beat.task?.cancel()
        }
        let blind = PropertyWalk(owner, calibrations: Calibrations(sources: false, tasks: false)).notExamined
        #expect(blind.uncalibrated.map(\.path).sorted() == ["beat.task", "pulse.source"], "\(blind)")
        #expect(blind.variables.sorted() == ["beat", "pulse"], "\(blind)")
        let lines = blind.alwaysShown.lines
        #expect(lines.contains { $0.hasPrefix("`pulse.source`: what its handlers capture was not read") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("`beat.task`: what its closure captures was not read") }, "\(lines)")
    }

    @Test func withThisProcesssCalibrationsEachHelperIsItsOwnersAndNothingIsSaid() throws {
        try #require(Calibrations.found == Calibrations(sources: true, tasks: true), "a calibration failed in this process")
        let owner = Owner()
        defer {
            owner.pulse.source.cancel()
            owner.beat.task?.cancel()
        }
        let seen = PropertyWalk(owner).notExamined
        #expect(seen.uncalibrated.isEmpty && seen.variables.isEmpty, "\(seen)")
        #expect(seen.alwaysShown.lines.isEmpty, "\(seen)")
    }
}
