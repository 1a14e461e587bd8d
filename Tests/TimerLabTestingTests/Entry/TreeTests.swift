import Dispatch
import Foundation
import TestSupport
import Testing
import TimerLabTesting

/// A freed object's tree must go with it (issue #60): what it alone kept and that stays alive
/// after the patience fails the check, named by its path, with what still runs inside it; a tree
/// that goes passes; what something else keeps is never judged; a part freed late passes with
/// a warning. The truth of each shape is measured without timerlab in `TreeTruthTests`.
@Suite(.timeLimit(.minutes(2))) struct TreeTests {
    static let patience = Duration.milliseconds(300)

    @Test func aScreensPollerLeakingThroughItsTimerIsALeakBelowIt() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: Self.patience)) {
            Tree.Screen(weakPoller: false)
        } start: {
            $0.start()
        }
        #expect(report.freed)
        #expect(report.leakedChildren.map(\.path) == ["poller"], "\(report)")
        #expect(report.description.hasPrefix("Screen: freed, but `poller` (TimerPoller) LEAKED, held by `poller.timer` (Timer)"))
        #expect(report.description.contains("take TimerPoller weakly in what `poller.timer` runs"), "\(report)")
        // Invalidating the poller's block timer frees nothing on Linux: the block is never released.
        #expect(report.leakedChildren.first?.stopsTried == ["poller.timer"], "\(report)")
        #expect(
            TreeShapeTests.unwrapped(report).contains("stopping `poller.timer` freed nothing (a block Timer's closure is never released"))
    }

    @Test func aPollerTwoLevelsDownIsNamedByItsPath() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: Self.patience)) {
            Tree.Page()
        } start: {
            $0.start()
        }
        #expect(report.freed)
        #expect(report.leakedChildren.map(\.path) == ["screen.poller"], "\(report)")
        #expect(
            report.description.hasPrefix("Page: freed, but `screen.poller` (TimerPoller) LEAKED, held by `screen.poller.timer` (Timer)"))
    }

    @Test func aLeakBelowFailsExpectFreed() async {
        await withKnownIssue {
            await expectFreed(with: LifetimeDefaults(patience: Self.patience)) {
                Tree.Screen(weakPoller: false)
            } start: {
                $0.start()
            }
        } matching: { issue in
            "\(issue)".contains("Screen: freed, but `poller` (TimerPoller) LEAKED")
        }
    }

    @Test func aPollerWhoseBlockTakesItWeaklyGoesWithItsScreen() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: Self.patience)) {
            Tree.Screen(weakPoller: true)
        } start: {
            $0.start()
        }
        #expect(report.freed && report.children.isEmpty, "\(report)")
        #expect(report.description == "Screen: FREED" || report.description.hasPrefix("Screen: FREED\n"))
    }

    /// A freed screen whose poller's timer, taking it weakly, goes on firing into nothing: a
    /// caution that names it, and the pass is a warning; one that invalidates it in `deinit` has none.
    @Test func whatAFreedObjectLeftRunningIsTold() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: Self.patience)) {
            Tree.Screen(weakPoller: true)
        } start: {
            $0.start()
        }
        #expect(report.freed && report.leftRunning.map(\.path) == ["poller.timer"], "\(report)")
        #expect(
            report.caution == "left running: `poller.timer` (Timer, repeating every 5 ms) fires into nothing after release; "
                + "invalidate it in deinit", "\(report)")
        let tidy = try await Lifetime.check(with: LifetimeDefaults(patience: Self.patience)) {
            Tree.Screen(weakPoller: true, tidies: true)
        } start: {
            $0.start()
        }
        #expect(tidy.freed && tidy.leftRunning.isEmpty && tidy.caution == nil, "\(tidy)")
    }

    /// A strict check fails what a freed object left running; the same object that stops its
    /// poller in `deinit` passes it.
    @Test func aStrictCheckFailsWhatAFreedObjectLeftRunning() async throws {
        do {
            _ = try await requireFreed(with: LifetimeDefaults(patience: Self.patience, strict: true)) {
                Tree.Screen(weakPoller: true)
            } start: {
                $0.start()
            }
            Issue.record("a strict check passed a screen that left its poller's timer running")
        } catch {
            #expect(error.code == .leftRunning, "\(error)")
            #expect(error.reason == "Screen was freed, but left `poller.timer` running after release (a strict check)")
        }
        let tidy = try await requireFreed(with: LifetimeDefaults(patience: Self.patience, strict: true)) {
            Tree.Screen(weakPoller: true, tidies: true)
        } start: {
            $0.start()
        }
        #expect(tidy.leftRunning.isEmpty, "\(tidy)")
    }

    @Test func whatSomethingElseKeepsIsNeverJudged() async throws {
        let clock = Tree.Clock()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: Self.patience)) {
            Tree.ClockScreen(clock: clock)
        } start: {
            $0.start()
        }
        #expect(report.freed && report.children.isEmpty, "\(report)")
        #expect(!clock.source.isCancelled, "the app's clock keeps ticking")
    }
}

/// What a truth test watches, weakly. `@unchecked Sendable`, with this invariant: set once on
/// the root's thread before it signals, read after.
final class TreeWatch: @unchecked Sendable {
    weak var root: AnyObject?
    weak var helper: AnyObject?
}

/// Each shape's truth without timerlab: the root released and seen freed, then its helper
/// watched by a plain weak reference for up to 3 s; each control's helper (the same shape,
/// fixed) is seen freed within that time, which is what makes "still alive" mean something.
@Suite(.timeLimit(.minutes(1))) struct TreeTruthTests {
    /// Releases a root made and started on a thread with a run loop of its own (as the check
    /// does), and says whether its helper was still alive 3 s after the root was freed.
    static func helperOutlives<Root: AnyObject>(
        _ make: @escaping @Sendable () -> Root, start: @escaping @Sendable (Root) -> Void,
        helper: @escaping @Sendable (Root) -> AnyObject
    ) async -> Bool {
        let watch = TreeWatch()
        // The root lives on a thread of its own, never on one of the two the executor has: a
        // wait there would starve every other test's task.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                do {
                    let root = make()
                    start(root)
                    (watch.root, watch.helper) = (root, helper(root))
                    RunLoop.current.run(until: Date() + 0.03)
                }
                RunLoop.current.run(until: Date() + 0.05)
                done.resume()
            }
        }
        let deadline = ContinuousClock.now + .seconds(3)
        while watch.helper != nil, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        return watch.root == nil && watch.helper != nil
    }

    @Test func aPollerWhoseBlockCapturesItOutlivesItsScreenAndAWeakOneDoesNot() async {
        let weakOutlives = await Self.helperOutlives({ Tree.Screen(weakPoller: true) }, start: { $0.start() }, helper: { $0.poller })
        let strongOutlives = await Self.helperOutlives({ Tree.Screen(weakPoller: false) }, start: { $0.start() }, helper: { $0.poller })
        #expect(!weakOutlives, "the control: a weak block, gone")
        #expect(strongOutlives)
    }

}
