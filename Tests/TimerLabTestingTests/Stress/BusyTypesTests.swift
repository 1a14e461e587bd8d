import Foundation
import Synchronization
import Testing

@testable import TimerLabTesting

/// Checks of types that replace their own state while they are read (issue #59).
@Suite(.serialized) struct BusyTypesTests {
    static var rounds: Int { Int(ProcessInfo.processInfo.environment["TIMERLAB_STRESS_ROUNDS"] ?? "") ?? 25 }

    @Test func aSensorOnItsQueueIsCheckedWithoutARace() async throws {
        for _ in 0..<Self.rounds {
            let report = try await Lifetime.check {
                BusyTypes.Sensor()
            } start: {
                $0.start()
            }
            #expect(report.fate == .freed)
        }
    }

    @Test func aLeakingSensorIsCheckedWithoutARace() async throws {
        for _ in 0..<Self.rounds {
            let kept = Mutex<BusyTypes.LeakySensor?>(nil)
            let report = try await Lifetime.check(patience: .zero) {
                BusyTypes.LeakySensor()
            } start: { sensor in
                kept.withLock { $0 = sensor }
                sensor.start()
            }
            kept.withLock { $0?.shutDown() }
            #expect(report.fate == .leaked)
        }
    }

    @Test func aModelUnderItsLockIsCheckedWithoutARace() async throws {
        for _ in 0..<Self.rounds {
            let report = try await Lifetime.check {
                BusyTypes.Model()
            } start: {
                $0.start()
            }
            #expect(report.fate == .freed)
        }
    }

    @Test func aCacheInItsTaskIsCheckedWithoutARace() async throws {
        for _ in 0..<Self.rounds {
            let report = try await Lifetime.check {
                BusyTypes.Cache()
            } start: {
                $0.start()
            }
            #expect(report.fate == .freed)
        }
    }

    @Test func aDebouncerThatReplacesItsHoldersIsCheckedWithoutARace() async throws {
        for _ in 0..<Self.rounds {
            let report = try await Lifetime.check {
                BusyTypes.Debouncer()
            } start: {
                $0.start()
            }
            #expect(report.fate == .freed)
        }
    }
}
