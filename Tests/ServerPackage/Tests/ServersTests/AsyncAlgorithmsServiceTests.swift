import Servers
import Testing
import TimerLabTesting

/// Services on swift-async-algorithms' sequences, consumed by a stored task: the verdict, and the
/// task the report names.
@Suite(.timeLimit(.minutes(2))) struct AsyncAlgorithmsServiceTests {
    // docs: server-heartbeat
    @Test func aHeartbeatTaskTakingTheSenderStronglyLeaksAndItsTaskIsTheCulprit() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            HeartbeatSender(weakly: false)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
    }
    // docs: end

    @Test func aHeartbeatTaskBindingTheSenderWeaklyOnEachTickFrees() async throws {
        let report = try await Lifetime.check {
            HeartbeatSender(weakly: true)
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
    }

    @Test func aDebouncedSearchTaskBindingSelfBeforeItsLoopLeaksUnlessClosed() async throws {
        let leaked = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            SearchAsYouType()
        } start: {
            $0.start()
            await $0.type("tim")
        }
        #expect(leaked.fate == .leaked, "\(leaked)")
        #expect(leaked.culprit?.path == "task", "\(leaked)")
        let closed = try await Lifetime.check {
            SearchAsYouType()
        } start: {
            $0.start()
            await $0.type("tim")
        } beforeRelease: {
            $0.close()
        }
        #expect(closed.fate == .freed, "\(closed)")
    }
}
