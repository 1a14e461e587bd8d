import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// The stand-in keeps Apple's contract: a strong target (and userInfo) until invalidation.
@Suite struct TargetActionTimerTests {
    @Test func keepsTargetAliveWhileValidAndReleasesItOnInvalidate() async {
        let (aliveWhileValid, aliveAfterInvalidate) = await onOwnThread { () -> (Bool, Bool) in
            var target: Tracked? = Tracked()
            weak let watched = target
            let timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.005, target: target!, selector: Tracked.tick, userInfo: nil, repeats: true)
            target = nil
            runCurrentRunLoop(for: 0.02)
            let aliveWhileValid = watched != nil && timer.isValid
            timer.invalidate()
            return (aliveWhileValid, watched != nil)
        }
        #expect(aliveWhileValid)
        #expect(!aliveAfterInvalidate)
    }

    @Test func firesTheSelectorWithTheTimerAsItsArgument() async {
        let (calls, sawItself) = await onOwnThread { () -> (Int, Bool) in
            let target = Tracked()
            let timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.002, target: target, selector: Tracked.tick, userInfo: nil, repeats: true)
            runCurrentRunLoop(for: 2) { target.calls >= 3 }
            timer.invalidate()
            return (target.calls, target.receivedTimers.allSatisfy { $0 == ObjectIdentifier(timer) })
        }
        #expect(calls >= 3)
        #expect(sawItself)
    }

    @Test func releasesTargetAfterAOneShotFire() async {
        let (calls, aliveAfterFire, validAfterFire) = await onOwnThread { () -> (Int, Bool, Bool) in
            var target: Tracked? = Tracked()
            weak let watched = target
            let timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.002, target: target!, selector: Tracked.tick, userInfo: nil, repeats: false)
            let counter = target!
            target = nil
            runCurrentRunLoop(for: 2) { counter.calls >= 1 }
            runCurrentRunLoop(for: 0.02)
            let calls = counter.calls
            _ = consume counter
            return (calls, watched != nil, timer.isValid)
        }
        #expect(calls == 1)
        #expect(!aliveAfterFire)
        #expect(!validAfterFire)
    }

    @Test func keepsUserInfoUntilInvalidated() async {
        let (before, after, infoAlive) = await onOwnThread { () -> (String?, String?, Bool) in
            var info: Tracked? = Tracked()
            weak let watchedInfo = info
            let timer = TargetActionTimer(
                timeInterval: 10, target: Tracked(), selector: Tracked.tick, userInfo: ("label", info!), repeats: true)
            info = nil
            let before = (timer.userInfo as? (String, Tracked))?.0
            timer.invalidate()
            return (before, (timer.userInfo as? (String, Tracked))?.0, watchedInfo != nil)
        }
        #expect(before == "label")
        #expect(after == nil)
        #expect(!infoAlive)
    }

    @Test func invalidatingFromTheTargetsDeinitIsSafe() async {
        // The target's deinit invalidates the timer that is releasing it, as every article's dealloc does.
        final class SelfInvalidating {
            var timer: Timer?
            func tick(_ timer: Timer) {}
            deinit { timer?.invalidate() }
        }
        let freed = await onOwnThread { () -> Bool in
            var owner: SelfInvalidating? = SelfInvalidating()
            weak let watched = owner
            let timer = TargetActionTimer(
                timeInterval: 10, target: owner!, selector: SelfInvalidating.tick, userInfo: nil, repeats: true)
            owner!.timer = timer
            owner = nil
            timer.invalidate()
            return watched == nil
        }
        #expect(freed)
    }

    #if os(Linux)
    @Test func linuxNeverFreesTheTimerObjectItself() async {
        let timerAlive = await onOwnThread { () -> Bool in
            weak var watched: Timer?
            do {
                let timer = TargetActionTimer(
                    timeInterval: 10, target: Tracked(), selector: Tracked.tick, userInfo: nil, repeats: false)
                watched = timer
                timer.invalidate()
            }
            return watched != nil
        }
        // This is the Linux Foundation fact the stand-in is built around: its target must be
        // released by the stand-in, because the Timer (and its block) never will be.
        #expect(timerAlive)
    }
    #endif
}
