import Foundation
import Testing
import TimerLabTesting

/// The verdict follows the object's fate: a timer or task that nothing stores still leaks it,
/// and the report says what was observed instead of a property path.
@Suite(.timeLimit(.minutes(2))) struct UnstoredCulpritTests {
    @Test func anUnstoredTimerLeaksAndTheRunLoopShowsIt() async throws {
        let report = try await Lifetime.check {
            FireAndForgetTimer()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.holders.isEmpty)
        #expect(report.timerScheduledByStart, "\(report)")
        // What was seen, in the headline; the hedge stays in the row that explains it (issue 66).
        let headline = "FireAndForgetTimer: LEAKED, held by nothing it stores: start scheduled a Timer no property keeps"
        #expect(report.description.hasPrefix(headline + "\n"), "\(report)")
        #expect(report.text.contains("an unstored Timer whose block captures self is the likely holder"), "\(report)")
        #expect(report.text.contains("culprit               not named: nothing stored to stop"), "\(report)")
        #expect(report.fix?.contains("[weak self]") == true, "\(report)")
    }

    @Test func anUnstoredWeakTimerIsFreedNotNothingRan() async throws {
        let report = try await Lifetime.check {
            WeakUnstoredTimer()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.timerScheduledByStart, "\(report)")
    }

    @Test func anUnstoredTaskLeaksAndIsHeldFromOutsideItsStoredProperties() async throws {
        let report = try await Lifetime.check {
            FireAndForgetTask()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(!report.timerScheduledByStart, "\(report)")
        #expect(report.heldFromOutside && report.culprit == nil, "\(report)")
        #expect(report.text.contains("held from outside its stored properties"), "\(report)")
        #expect(report.fix?.contains("a Task begun in start and not stored") == true, "\(report)")
    }

    @Test func aSuspendedSourceIsCancelledAndLeftSuspendedNeverResumed() async throws {
        let report = try await Lifetime.check {
            PausedTicker()
        } start: {
            $0.start()
            $0.pause()
        }
        // Its handler holds it, and a suspended source's cancel waits for a resume that only its
        // own code may make: still leaked, and told so.
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit == nil, "\(report)")
        #expect(report.candidates.first { $0.path == "source" }?.wasSuspended == true, "\(report)")
        #expect(report.text.contains("cancelled and left suspended, as found, so its stop proves nothing"), "\(report)")
        #expect(report.fix?.contains("resume it before you cancel") == true, "\(report)")
    }

    @Test func aRunningSourceIsNotCalledSuspended() async throws {
        let report = try await Lifetime.check {
            Dashboard()
        } start: {
            $0.start()
        }
        #expect(report.culprit?.wasSuspended == false, "\(report)")
    }
}
