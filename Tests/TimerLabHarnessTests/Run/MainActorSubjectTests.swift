import Foundation
import Testing
import TimerLabHarness

/// A subject isolated to the main actor is built, started, released and watched on it, and the
/// run loop of the thread running it is the one the harness drives; nowhere else can it run.
@Suite struct MainActorSubjectTests {
    /// A main-actor owner whose timer captures it as asked; its isolated deinit invalidates.
    @MainActor final class MainTicker: RunOwner {
        nonisolated let context: RunContext
        nonisolated let weakly: Bool
        private var timer: Timer?

        nonisolated init(context: RunContext, weakly: Bool) {
            self.context = context
            self.weakly = weakly
        }

        nonisolated func startRun() {
            // Traps off the main actor: the harness must start it there.
            MainActor.assumeIsolated {
                let interval = context.interval
                if weakly {
                    timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
                        MainActor.assumeIsolated { self?.context.probe.recordTick() }
                    }
                } else {
                    timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                        MainActor.assumeIsolated { self.context.probe.recordTick() }
                    }
                }
                context.probe.watch(timer)
            }
        }

        nonisolated func willRelease() {}

        isolated deinit {
            timer?.invalidate()
            context.probe.recordOwnerDeinit()
        }
    }

    static func subject(weakly: Bool) -> Subject {
        Subject(name: "main-ticker", machinery: [.runLoop], isolation: .mainActor) { MainTicker(context: $0, weakly: weakly) }
    }

    @Test(arguments: [true, false])
    func observeRunsItOnTheMainActorAndSeesItsFate(weakly: Bool) async throws {
        let evidence = try await Harness().observe(Self.subject(weakly: weakly), settings: .defaults)
        #expect(evidence.outcome.fired)
        #expect(evidence.outcome.owner == (weakly ? .freed : .leaked))
    }

    @Test func runFromAThreadThatIsNotMainRefusesIt() throws {
        // Swift Testing runs this test off the main thread, as a caller of `run` might.
        #expect(!Thread.isMainThread)
        let result = Harness().run([Self.subject(weakly: true)], settings: .defaults)
        guard case .failure(.couldNotStart(_, let reason)) = result.first else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(reason.contains("main actor"))
    }
}
