import Foundation
import Testing
@testable import TimerLab

/// The Effective Objective-C category: the block rides in userInfo, the Timer class is the target.
@Suite struct TimerBlockSupportTests {
    @Test func runsTheBlockFromUserInfoAndRetainsNothingElse() async {
        let (calls, callerFreed) = await onOwnThread { () -> (Int, Bool) in
            let counter = Tracked()
            var caller: Tracked? = Tracked()
            weak let watchedCaller = caller
            let timer = Timer.eocScheduledTimer(withTimeInterval: 0.002, repeats: true) { [weak caller] timer in
                _ = caller
                counter.tick(timer)
            }
            runCurrentRunLoop(for: 2) { counter.calls >= 2 }
            caller = nil
            timer.invalidate()
            return (counter.calls, watchedCaller == nil)
        }
        #expect(calls >= 2)
        #expect(callerFreed)
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
