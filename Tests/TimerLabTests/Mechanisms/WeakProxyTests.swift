import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// One proxy, two configurations: forward while the target lives; then do nothing, or invalidate.
@Suite struct WeakProxyTests {
    @Test func forwardsWhileTheTargetLivesWithoutKeepingItAlive() async {
        let (calls, freed) = await onOwnThread { () -> (Int, Bool) in
            var target: Tracked? = Tracked()
            weak let watched = target
            let proxy = WeakProxy(target: target!, action: Tracked.tick)
            let timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.002, target: proxy, selector: WeakProxy<Tracked>.forward, userInfo: nil,
                repeats: true)
            runCurrentRunLoop(for: 2) { target!.calls >= 2 }
            let calls = target!.calls
            target = nil
            let freed = watched == nil
            timer.invalidate()
            return (calls, freed)
        }
        #expect(calls >= 2)
        #expect(freed)
    }

    @Test(arguments: [false, true])
    func onceTheTargetIsGoneTheTimerRunsOnOnlyIfNotConfiguredToStop(invalidates: Bool) async {
        let stillValid = await onOwnThread { () -> Bool in
            var target: Tracked? = Tracked()
            let proxy = WeakProxy(target: target!, action: Tracked.tick, invalidatesTimerWhenTargetIsGone: invalidates)
            let timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.002, target: proxy, selector: WeakProxy<Tracked>.forward, userInfo: nil,
                repeats: true)
            proxy.timer = timer
            target = nil
            runCurrentRunLoop(for: 0.03)
            defer { timer.invalidate() }
            return timer.isValid
        }
        #expect(stillValid == !invalidates)
    }

    @Test func tempTargetWiresAWeakSelfInvalidatingIntermediate() async {
        let (wired, stoppedAfterTargetLeft) = await onOwnThread { () -> (Bool, Bool) in
            var target: Tracked? = Tracked()
            let timer = TempTarget.scheduledTimer(
                withTimeInterval: 0.002, target: target!, selector: Tracked.tick, userInfo: nil, repeats: true)
            let proxy = timer.target
            let wired = proxy?.invalidatesTimerWhenTargetIsGone == true && proxy?.timer === timer
            target = nil
            runCurrentRunLoop(for: 2) { !timer.isValid }
            return (wired, !timer.isValid)
        }
        #expect(wired)
        #expect(stoppedAfterTargetLeft)
    }
}
