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
    @Test(arguments: Catalog.all.filter { $0.subject.isolation == .ownThread }.map(\.name))
    func thePublicCheckAgreesWithLeak(_ name: String) async throws {
        try await Self.agree(name)
    }

    /// A main-actor owner is checked as a user checks a main-actor type: from a `@MainActor` test.
    @MainActor
    @Test(arguments: Catalog.all.filter { $0.subject.isolation == .mainActor }.map(\.name))
    func thePublicCheckAgreesWithLeakOnTheMainActor(_ name: String) async throws {
        try await Self.agree(name)
    }

    private static func agree(_ name: String, isolation: isolated (any Actor)? = #isolation) async throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let observation = try await Harness().observe(scenario, settings: .defaults)
        let report = try await Lifetime.check(with: LifetimeDefaults(running: .milliseconds(30))) { () -> AnyObject in
            let context = RunContext(interval: 0.01, probe: Probe(silent: true), queue: DispatchQueue(label: "timerlab.agreement"))
            return scenario.makeOwner(context)
        } start: {
            // Capturing the isolated parameter makes the closure run on the caller's actor, as a
            // closure written in a `@MainActor` test does: a main-queue scenario asserts it.
            _ = isolation
            ($0 as? any ScenarioOwner)?.viewDidLoad()
        } beforeRelease: {
            ($0 as? any ScenarioOwner)?.viewWillDisappear()
        }
        #expect(!report.freed || report.sawSomethingRunning, "\(name): \(report)")
        if ProcessInfo.processInfo.environment["TIMERLAB_PEEK"] != nil { print("\(name)\n\(report)") }
        #expect(report.freed == (observation.owner == .freed), "\(name): \(report)")
        guard observation.owner == .leaked else { return }
        // A culprit no property holds (a timer or task started and not stored) cannot be stopped
        // by the public check, which knows the object only by its properties: it is not named.
        // Nor can one a property holds only weakly: the check never stops what the object does not own.
        let ownerStoresIt = scenario.explanation.graph.edges.contains { $0.from == ReferenceGraph.Node.owner.id && $0.kind != .weak }
        #expect((report.culprit != nil) == (ownerStoresIt && observation.freedOnceStopped == true), "\(name): \(report)")
    }
}
