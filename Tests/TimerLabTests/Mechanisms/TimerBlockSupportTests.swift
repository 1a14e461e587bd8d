import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// The Effective Objective-C category: the block rides in userInfo, the Timer class is the target.
@Suite struct TimerBlockSupportTests {
    @Test func holdsTheBlockAndWhatItCapturesUntilInvalidatedThenLetsGo() async {
        let (calls, aliveWhileScheduled, freedOnceInvalidated) = await onOwnThread { () -> (Int, Bool, Bool) in
            let counter = Tracked()
            var caller: Tracked? = Tracked()
            weak let watchedCaller = caller
            // A strong capture on purpose: the category's claim is that the block is all it keeps.
            let timer = Timer.eocScheduledTimer(withTimeInterval: 0.002, repeats: true) { [caller] timer in
                _ = caller
                counter.tick(timer)
            }
            caller = nil
            runCurrentRunLoop(for: 2) { counter.calls >= 2 }
            let aliveWhileScheduled = watchedCaller != nil
            timer.invalidate()
            return (counter.calls, aliveWhileScheduled, watchedCaller == nil)
        }
        #expect(calls >= 2)
        #expect(aliveWhileScheduled)
        #expect(freedOnceInvalidated)
    }

    @Test func theTargetIsTheTimerClass() async {
        let targetIsTimerClass = await onOwnThread { () -> Bool in
            let timer = Timer.eocScheduledTimer(withTimeInterval: 10, repeats: false) { _ in }
            defer { timer.invalidate() }
            return (timer as? TargetActionTimer<Timer.Type>)?.target.map { $0 == Timer.self } == true
        }
        #expect(targetIsTimerClass)
    }
}
