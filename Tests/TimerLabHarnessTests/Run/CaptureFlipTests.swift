import Dispatch
import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// The same owner code with only its capture flipped must observe the opposite fate.
///
/// This is the proof that the harness observes and does not look up: nothing but one capture
/// list differs between the two runs, and the expectation given to both is the same.
@Suite struct CaptureFlipTests {
    enum Capture: String, CaseIterable { case strong, weak }
    enum Mechanism: String, CaseIterable { case blockTimer, dispatchSource }

    final class FlippableOwner: ViewController, @unchecked Sendable {
        let capture: Capture
        let mechanism: Mechanism
        private var timer: Timer?
        private var source: DispatchSourceTimer?

        init(context: RunContext, capture: Capture, mechanism: Mechanism) {
            self.capture = capture
            self.mechanism = mechanism
            super.init(context: context)
        }

        override func viewDidLoad() {
            switch (mechanism, capture) {
            case (.blockTimer, .strong):
                timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { _ in self.doSomething() }
            case (.blockTimer, .weak):
                timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { [weak self] _ in
                    self?.doSomething()
                }
            case (.dispatchSource, _):
                let source = DispatchSource.makeTimerSource(queue: context.queue)
                let interval = DispatchTimeInterval.nanoseconds(Int(context.interval * 1e9))
                source.schedule(deadline: .now() + interval, repeating: interval)
                if capture == .strong {
                    source.setEventHandler { self.doSomething() }
                } else {
                    source.setEventHandler { [weak self] in self?.doSomething() }
                }
                source.resume()
                self.source = source
            }
            context.probe.watch(timer)
            context.probe.watch(source)
        }

        deinit {
            timer?.invalidate()
            source?.cancel()
        }
    }

    @Test(arguments: Capture.allCases, Mechanism.allCases)
    func flippingTheCaptureFlipsTheObservedFate(capture: Capture, mechanism: Mechanism) async throws {
        let scenario = Scenario(
            name: "flip-\(mechanism.rawValue)-\(capture.rawValue)", family: .blockAPI, articles: [],
            summary: "test-only", expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
            explanation: Scenario.blockWeak.explanation
        ) { FlippableOwner(context: $0, capture: capture, mechanism: mechanism) }

        let observation = try await observe(scenario, settings: .defaults)

        #expect(observation.outcome.fired)
        #expect(observation.outcome.owner == (capture == .strong ? .leaked : .freed))
        #expect(observation.outcome.afterRelease == (capture == .strong ? .running : .stopped))
        #expect(observation.asExpected == (capture == .weak))
    }
}
