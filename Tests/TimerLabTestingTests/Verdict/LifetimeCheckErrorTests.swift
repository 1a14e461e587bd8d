import TestSupport
import Testing

@testable import TimerLabTesting

/// What a thrown `LifetimeCheckError` reads as: the whole report, or, where XCTest already
/// recorded that report at the calling line, one line pointing back to it.
@Suite struct LifetimeCheckErrorTests {
    /// A leak's error, as `requireFreed` throws it.
    private func leaksError() async throws -> LifetimeCheckError {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Poller()
        } start: {
            $0.start()
        }
        return LifetimeCheckError(code: .notFreed, reason: "Poller was not freed", report: report)
    }

    @Test func aLeaksErrorIsItsWholeReport() async throws {
        let error = try await leaksError()
        let report = try #require(error.report)
        #expect(error.description == report.description)
        #expect(error.description.contains("\n  culprit"))
    }

    @Test func anErrorRecordedAtItsLineOnlyPointsBackToIt() async throws {
        var error = try await leaksError()
        let report = try #require(error.report)
        error.recordedAt = "Clocks/PollerTests.swift:12"
        let headline = try #require(report.description.split(separator: "\n").first)
        #expect(error.description == "\(headline); see the failure recorded at Clocks/PollerTests.swift:12")
        #expect(error.report == report, "the error still carries the report for a caller that catches it")
    }

    @Test func aFailureWithoutAReportPointsBackWithItsReason() {
        var error = LifetimeCheckError(code: .timedOut, reason: "Poller: start did not return within 1 s")
        #expect(error.description == "Poller: start did not return within 1 s")
        error.recordedAt = "Clocks/PollerTests.swift:7"
        #expect(error.description == "Poller: start did not return within 1 s; see the failure recorded at Clocks/PollerTests.swift:7")
    }
}
