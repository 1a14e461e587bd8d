import Testing
import TimerLabTesting

/// The defaults a check takes where its own value leaves one out: the built-in ones, a suite's
/// trait, a test's trait on top of it, `withDefaults` around a call; a value the call gives wins.
@Suite(.lifetimeDefaults(LifetimeDefaults(patience: .zero, timeout: .seconds(20))))
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

    @Test(.lifetimeDefaults(LifetimeDefaults(grace: .milliseconds(40)))) func aTestsDefaultsGoOnTopOfItsSuites() {
        #expect(Lifetime.defaults == Self.inForce(grace: .milliseconds(40)))
    }

    /// Attachments are turned off as any default is, and a trait that leaves them out keeps the
    /// value around it.
    @Test(.lifetimeDefaults(LifetimeDefaults(attachments: false))) func attachmentsTurnOffAndTheOtherDefaultsStay() async throws {
        #expect(Lifetime.defaults == Self.inForce(attachments: false))
        let inner = LifetimeDefaultsTrait.lifetimeDefaults(LifetimeDefaults(grace: .milliseconds(40)))
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
                try await Lifetime.check(with: LifetimeDefaults(patience: .milliseconds(100))) {
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

    /// The suite's defaults with `grace` and `attachments`, and the built-in rest: every value given.
    static func inForce(grace: Duration = .milliseconds(20), attachments: Bool = true) -> LifetimeDefaults {
        LifetimeDefaults(
            running: .milliseconds(30), grace: grace, patience: .zero, timeout: .seconds(20), strict: false, attachments: attachments)
    }

    /// `withDefaults` inside `withDefaults` keeps each value the inner one leaves out, as a test's
    /// trait keeps its suite's.
    @Test func withDefaultsGoesOnTopOfTheDefaultsAroundIt() async {
        await Lifetime.withDefaults(LifetimeDefaults(grace: .milliseconds(40))) {
            await Lifetime.withDefaults(LifetimeDefaults(attachments: false)) {
                #expect(Lifetime.defaults == Self.inForce(grace: .milliseconds(40), attachments: false))
            }
        }
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
