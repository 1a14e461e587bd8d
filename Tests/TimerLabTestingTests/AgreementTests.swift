import Dispatch
import Foundation
import Testing
import TimerLab
import TimerLabHarness
import TimerLabTesting

/// Dogfood: every catalog scenario's owner, checked through the public API as a user's type would
/// be (its timers found by walking its properties, not registered), agrees with `timerlab leak`'s
/// harness on the owner's fate, and for a leaked owner on whether stopping what holds it frees it.
@Suite(.serialized) struct AgreementTests {
    @Test(arguments: Catalog.all.map(\.name))
    func thePublicCheckAgreesWithLeak(_ name: String) async throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let observation = try await Harness().observe(scenario, settings: .defaults)
        let report = try await Lifetime.check(running: .milliseconds(30)) { () -> AnyObject in
            let context = RunContext(interval: 0.01, probe: Probe(silent: true), queue: DispatchQueue(label: "timerlab.agreement"))
            return scenario.makeOwner(context)
        } start: {
            ($0 as? any ScenarioOwner)?.viewDidLoad()
        } beforeRelease: {
            ($0 as? any ScenarioOwner)?.viewWillDisappear()
        }
        #expect(report.verdict != .nothingRan, "\(name): \(report)")
        if ProcessInfo.processInfo.environment["TIMERLAB_PEEK"] != nil { print("\(name)\n\(report)") }
        #expect(report.freed == (observation.owner == .freed), "\(name): \(report)")
        if observation.owner == .leaked {
            #expect((report.culprit != nil) == (observation.freedOnceStopped == true), "\(name): \(report)")
        }
    }
}
