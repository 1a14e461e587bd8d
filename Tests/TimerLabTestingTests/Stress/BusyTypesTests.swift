import Dispatch
import Foundation
import Synchronization
import Testing

@testable import TimerLabTesting

/// Whether `scripts/stress.sh` runs this process: only then do the busy suites run. Busy objects
/// keep both cores of a small machine busy while they run, and the timing of the suites beside
/// them in a plain `swift test` would suffer.
let busyStressRun = ProcessInfo.processInfo.environment["TIMERLAB_STRESS_ROUNDS"] != nil

/// Checks of types that replace their own state while they are read (issue #59): each check
/// must end with the true verdict, and without a crash, while the object's own queue, lock, task
/// or actor replaced its state during it (the replacements counted are the positive control).
/// `TIMERLAB_STRESS_ROUNDS` sets how many checks of each type (`scripts/stress.sh` runs thousands).
@Suite(
    .serialized, .lifetimeDefaults(LifetimeDefaults(running: .milliseconds(10), grace: .milliseconds(10))),
    .enabled(if: busyStressRun, "run by scripts/stress.sh, which .ci/run runs under both sanitizers")
)
struct BusyTypesTests {
    static var rounds: Int { Int(ProcessInfo.processInfo.environment["TIMERLAB_STRESS_ROUNDS"] ?? "") ?? 5 }

    /// Runs `check` `rounds` times, and requires that the objects replaced their state meanwhile.
    static func stress(isolation: isolated (any Actor)? = #isolation, _ check: () async throws -> Void) async throws {
        let before = BusyTypes.replacements.load(ordering: .relaxed)
        for _ in 0..<rounds { try await check() }
        let made = BusyTypes.replacements.load(ordering: .relaxed) - before
        #expect(made >= rounds, "only \(made) replacements in \(rounds) checks: the objects did not run")
    }

    /// Checks objects `make` makes and `start` starts `rounds` times: each must be freed, and its
    /// whole tree with it.
    static func expectFreedUnderStress<Object: AnyObject>(
        isolation: isolated (any Actor)? = #isolation, _ make: @escaping () -> Object, start: @escaping (Object) -> Void
    ) async throws {
        try await stress {
            let report = try await Lifetime.check(make, start: start)
            #expect(report.fate == .freed && report.leakedChildren.isEmpty, "\(report)")
        }
    }

    @Test func aSensorOnItsQueueIsCheckedWithoutARace() async throws {
        try await Self.expectFreedUnderStress({ BusyTypes.Sensor() }, start: { $0.start() })
    }

    @Test func aLeakingSensorIsCheckedWithoutARace() async throws {
        try await Self.stress {
            // Its source, kept to end the leak once checked, as the app never does.
            let source = Mutex<(any DispatchSourceTimer)?>(nil)
            let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
                BusyTypes.LeakySensor()
            } start: { sensor in
                source.withLock { $0 = sensor.source }
                sensor.start()
            }
            source.withLock { $0?.cancel() }
            #expect(report.fate == .leaked)
            #expect(report.culprit?.path == "source", "\(report)")
        }
    }

    @Test func aModelUnderItsLockIsCheckedWithoutARace() async throws {
        try await Self.expectFreedUnderStress({ BusyTypes.Model() }, start: { $0.start() })
    }

    @Test func aCacheInItsTaskIsCheckedWithoutARace() async throws {
        try await Self.expectFreedUnderStress({ BusyTypes.Cache() }, start: { $0.start() })
    }

    @Test func aDebouncerThatReplacesItsHoldersIsCheckedWithoutARace() async throws {
        try await Self.expectFreedUnderStress({ BusyTypes.Debouncer() }, start: { $0.start() })
    }

    @Test func aTimerThatReplacesItselfIsCheckedWithoutARace() async throws {
        try await Self.expectFreedUnderStress({ BusyTypes.Rescheduler() }, start: { $0.start() })
    }

    /// Beside four boxes that go on making gears of the same class, each check's box is freed
    /// with no leak below: no other box's gear, at an address the checked box's had, is its part.
    @Test func aGearSwappedForAnotherIsNeverTakenForTheCheckedBoxsPart() async throws {
        let bystanders = (0..<4).map { _ in BusyTypes.Gearbox(keeps: 2000) }
        bystanders.forEach { $0.start() }
        defer { bystanders.forEach { $0.source.cancel() } }
        // No patience: a part still alive when the check ends is judged leaked at once, and a
        // bystander keeps each gear for 200 ms, so one taken for a part would fail the check.
        try await Self.stress {
            let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
                BusyTypes.Gearbox()
            } start: {
                $0.start()
            }
            #expect(report.fate == .freed && report.leakedChildren.isEmpty, "\(report)")
        }
    }

    @MainActor @Test func aMainActorBoardIsCheckedWithoutARace() async throws {
        try await Self.expectFreedUnderStress({ BusyTypes.Board() }, start: { $0.start() })
    }
}

/// The same cycles without timerlab (make, start, let it replace its state, release): the types
/// alone never crash, their replacements happen, and each goes once released, so a death or a
/// wrong verdict under a check is the check's.
@Suite(.serialized, .enabled(if: busyStressRun, "run by scripts/stress.sh")) struct BusyTypesControlTests {
    /// Waits, with a deadline, until `done` holds; whether it did.
    static func eventually(_ done: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !done(), ContinuousClock.now < deadline { try? await Task.sleep(for: .microseconds(200)) }
        return done()
    }

    @Test func theTypesAloneRunAndGo() async {
        for _ in 0..<BusyTypesTests.rounds {
            weak var sensor: BusyTypes.Sensor?
            weak var model: BusyTypes.Model?
            weak var cache: BusyTypes.Cache?
            weak var debouncer: BusyTypes.Debouncer?
            let before = BusyTypes.replacements.load(ordering: .relaxed)
            do {
                let objects = (BusyTypes.Sensor(), BusyTypes.Model(), BusyTypes.Cache(), BusyTypes.Debouncer())
                (sensor, model, cache, debouncer) = (objects.0, objects.1, objects.2, objects.3)
                objects.0.start()
                objects.1.start()
                objects.2.start()
                objects.3.start()
                #expect(await Self.eventually { BusyTypes.replacements.load(ordering: .relaxed) >= before + 40 })
            }
            #expect(await Self.eventually { sensor == nil && model == nil && cache == nil && debouncer == nil })
        }
    }
}
