import Testing
import TimerLabTesting

/// The defaults a check takes where its call leaves an argument out: the built-in ones, a
/// suite's trait, a test's trait on top of it, `withDefaults` around a call; a given argument wins.
@Suite(.lifetimeDefaults(patience: .zero, timeout: .seconds(20)))
struct LifetimeDefaultsTests {
    @Test func aSuitesDefaultsReachItsChecks() async throws {
        #expect(Lifetime.defaults.patience == .zero && Lifetime.defaults.timeout == .seconds(20))
        let report = try await Lifetime.check {
            ProfileModel()
        } start: {
            $0.start()
        }
        #expect(report.patience == .zero, "\(report)")
    }

    @Test(.lifetimeDefaults(grace: .milliseconds(40))) func aTestsDefaultsGoOnTopOfItsSuites() {
        #expect(Lifetime.defaults == LifetimeDefaults(grace: .milliseconds(40), patience: .zero, timeout: .seconds(20)))
    }

    /// Attachments are turned off as any default is, and a trait that leaves them out keeps the
    /// value around it.
    @Test(.lifetimeDefaults(attachments: false)) func attachmentsTurnOffAndTheOtherDefaultsStay() async throws {
        #expect(Lifetime.defaults == LifetimeDefaults(patience: .zero, timeout: .seconds(20), attachments: false))
        let inner = LifetimeDefaultsTrait.lifetimeDefaults(grace: .milliseconds(40))
        let test = try #require(Test.current)
        await confirmation { seen in
            try? await inner.provideScope(for: test, testCase: nil) {
                #expect(Lifetime.defaults.attachments == false && Lifetime.defaults.grace == .milliseconds(40))
                seen()
            }
        }
    }

    @Test func withDefaultsSetsThemAroundItsCallsAndAnArgumentStillWins() async throws {
        let longer = LifetimeDefaults(patience: .milliseconds(300))
        let (defaulted, given) = try await Lifetime.withDefaults(longer) {
            (
                try await Lifetime.check {
                    ProfileModel()
                } start: {
                    $0.start()
                },
                try await Lifetime.check(patience: .milliseconds(100)) {
                    ProfileModel()
                } start: {
                    $0.start()
                }
            )
        }
        #expect(defaulted.patience == .milliseconds(300), "\(defaulted)")
        #expect(given.patience == .milliseconds(100), "\(given)")
        #expect(Lifetime.defaults.patience == .zero, "the suite's again, outside withDefaults")
    }

    @Test func aStrictDefaultFailsAWeakPass() async {
        await #expect(throws: LifetimeCheckError.self) {
            try await Lifetime.withDefaults(LifetimeDefaults(strict: true)) {
                try await requireFreed {
                    ProfileModel()
                } start: {
                    $0.start()
                }
            }
        }
    }
}
