import Dispatch
import Foundation
import Testing

@testable import TimerLabHarness

/// What a handle knows of its holder without a run: whether it may still let go of what it
/// holds, whether the harness may stop it, and the catch-up it skips for a timer long past due.
@Suite struct HolderHandleTests {
    @Test func aTimerFarPastDueHasItsCatchUpSkippedAndOneNearlyDueDoesNot() {
        let overdue = Timer(fire: .distantPast, interval: 0.01, repeats: true) { _ in }
        let handle = HolderHandle(timer: overdue)
        #expect(handle.skipCatchUp())
        #expect(abs(overdue.fireDate.timeIntervalSinceNow) < 60, "its fire date is now")
        #expect((handle.catchUpSkipped ?? 0) > 1e9)
        // Behind by fewer intervals than the limit, or not repeating: left as it is.
        let late = Timer(fire: Date(timeIntervalSinceNow: -1), interval: 0.01, repeats: true) { _ in }
        #expect(!HolderHandle(timer: late).skipCatchUp())
        let oneShot = Timer(fire: .distantPast, interval: 0, repeats: false) { _ in }
        #expect(!HolderHandle(timer: oneShot).skipCatchUp())
    }

    @Test func aHolderKeptElsewhereIsNeverStoppedByTheCleanUp() {
        let watcher = StopWatcher(probe: Probe(silent: true))
        let shared = Timer(timeInterval: 3600, repeats: true) { _ in }
        let owned = Timer(timeInterval: 3600, repeats: true) { _ in }
        RunLoop.current.add(shared, forMode: .default)
        RunLoop.current.add(owned, forMode: .default)
        let sharedHandle = HolderHandle(timer: shared)
        sharedHandle.keptElsewhere = "clock"
        #expect(!sharedHandle.mayStop && HolderHandle(timer: owned).mayStop)
        #expect(!watcher.stopForCleanUp(sharedHandle))
        #expect(shared.isValid, "the shared timer was invalidated")
        // The control: the same stop of what the owner alone keeps does stop it.
        #expect(watcher.stopForCleanUp(HolderHandle(timer: owned)))
        #expect(!owned.isValid)
        shared.invalidate()
    }

    @Test func aValidTimerMayStillReleaseAndAnInvalidatedOneMayNot() {
        let timer = Timer(timeInterval: 3600, repeats: true) { _ in }
        RunLoop.current.add(timer, forMode: .default)
        let handle = HolderHandle(timer: timer)
        #expect(handle.mayStillRelease)
        timer.invalidate()
        #expect(!handle.mayStillRelease)
    }

    @Test func aWorkItemMayStillReleaseUntilItIsPerformedCancelledOrNot() async {
        let item = DispatchWorkItem {}
        let handle = HolderHandle(workItem: item)
        #expect(handle.mayStillRelease)
        item.cancel()
        #expect(handle.mayStillRelease, "a cancelled work item's queue keeps it until its deadline")
        let performed = DispatchWorkItem {}
        let performedHandle = HolderHandle(workItem: performed)
        performed.perform()
        await Self.letInOnAThreadOfItsOwn()
        let mayStillRelease = performedHandle.mayStillRelease
        #expect(!mayStillRelease, "performed, and its notification let in")
    }

    /// A work item performed before it is watched, as a `start` that runs one at once does, reads
    /// as performed once the notifications already queued are let in, as the release does before
    /// its look, however late a loaded machine would run them.
    @Test func aWorkItemPerformedBeforeItIsWatchedIsNotGoingOnceLetIn() async {
        let handles = (0..<200).map { _ in
            let item = DispatchWorkItem {}
            item.perform()
            return HolderHandle(workItem: item)
        }
        await Self.letInOnAThreadOfItsOwn()
        // Plain values, so a failure's message never reflects the handles' closures.
        let going = handles.filter { $0.isScheduled || !$0.isStopped || $0.isWorkItemNotSeenPerformed }.count
        #expect(going == 0, "of 200 work items performed before they were watched")
    }

    /// A work item performed whose notification has not come in (its queue held, as a thread
    /// pool too busy to run it holds it) is unknown at the release, never "going"; the control:
    /// once the queue runs, the same notes say "not going".
    @Test func aWorkItemWhoseNotificationDidNotComeInIsUnknownAtRelease() {
        let held = DispatchQueue(label: "timerlab.test.held-notifications")
        held.suspend()
        let item = DispatchWorkItem {}
        let handle = HolderHandle(workItem: item, notifiedOn: held)
        item.perform()
        HolderHandle.noteStatesAtRelease(of: [handle]) {
            HolderHandle.letInWorkItemNotifications(within: .milliseconds(20), on: held)
        }
        #expect(handle.scheduledAtRelease == nil, "a state not known was told as \(String(describing: handle.scheduledAtRelease))")
        held.resume()
        HolderHandle.noteStatesAtRelease(of: [handle]) {
            HolderHandle.letInWorkItemNotifications(within: .seconds(10), on: held)
        }
        #expect(handle.scheduledAtRelease == false, "performed, and its notification let in")
    }

    /// Lets the work items' notifications in, with a bound long enough for any machine, on a
    /// thread of its own: the wait never holds one of Swift's executor threads, which the rest of
    /// the suite shares.
    static func letInOnAThreadOfItsOwn() async {
        let drained = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread {
                done.resume(returning: HolderHandle.letInWorkItemNotifications(within: .seconds(10)))
            }.start()
        }
        #expect(drained, "the notifications' queue was not drained in 10 s")
    }
}
