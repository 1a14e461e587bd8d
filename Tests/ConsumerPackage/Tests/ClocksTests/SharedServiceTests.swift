import Clocks
import Testing
import TimerLabTesting

/// A check does no harm: the app's shared service a checked screen refers to ticks on after the
/// check, whether the screen was freed or leaked.
@Suite(.serialized) struct SharedServiceTests {
    @Test(arguments: [false, true]) func theSharedServiceStillTicksAfterTheCheck(leaks: Bool) async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            TickScreen(leaks: leaks)
        } start: {
            $0.appear()
        }
        #expect(report.freed == !leaks, "\(report)")
        #expect(report.holders.map(\.keptElsewhere) == ["service"], "\(report)")
        #expect(TickService.shared.isRunning, "the check cancelled the shared service's source: \(report)")
        // The control: it ticks on after the check.
        let before = TickService.shared.ticks
        let deadline = ContinuousClock.now + .seconds(10)
        while TickService.shared.ticks <= before + 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(TickService.shared.ticks > before + 2, "the shared service stopped ticking: \(report)")
    }
}
