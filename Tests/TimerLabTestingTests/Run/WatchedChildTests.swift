import Foundation
import TestSupport
import Testing

@testable import TimerLabTesting

/// A part of the tree seen alive at the first look is freed late if it goes within the patience,
/// and leaked if not; the report and the judgement say which. Told by events, not by time: the
/// part is let go of before the watch begins, or held until it ends.
@Suite struct WatchedChildTests {
    final class Part: @unchecked Sendable {}

    @Test func aPartLetGoOfAfterTheFirstLookIsFreedLate() async {
        var part: Part? = Part()
        let alive = [WatchedChild(path: "saver", object: part!)].filter(\.isAlive)
        part = nil
        let outcomes = await WatchedChild.outcomes(ofAlive: alive, patience: .seconds(5))
        #expect(outcomes.map(\.path) == ["saver"] && outcomes.map(\.typeName) == ["Part"])
        #expect(outcomes.first?.freedLate != nil && outcomes.first?.leaked == false)
    }

    @Test func aPartHeldPastThePatienceIsALeakAndOneGoneIsNothing() async {
        let held = Part()
        let leaked = await WatchedChild.outcomes([WatchedChild(path: "poller", object: held)], patience: .milliseconds(20))
        #expect(leaked.map(\.leaked) == [true])
        withExtendedLifetime(held) {}
        let gone = await WatchedChild.outcomes([WatchedChild(path: "poller", object: Part())], patience: .seconds(5))
        #expect(gone.isEmpty, "freed before the first look: nothing to tell")
    }

    /// A freed-late part passes with a warning that names it; a strict check fails it.
    @Test func aPartFreedLateIsAWarningAndAStrictFailure() async throws {
        var report = try await Lifetime.check {
            Tree.Screen(weakPoller: true, tidies: true)
        } start: {
            $0.start()
        }
        report.children = [LifetimeReport.Child(path: "poller", typeName: "TimerPoller", freedLate: .milliseconds(300))]
        #expect(report.description.contains("`poller` (TimerPoller): freed late, 300 ms past the grace period"), "\(report)")
        guard case .warn = Judgement(report, strict: false) else {
            Issue.record("not a warning: \(report)")
            return
        }
        guard case .fail(let error) = Judgement(report, strict: true) else {
            Issue.record("a strict check passed it")
            return
        }
        #expect(error.code == .freedLate)
    }
}
