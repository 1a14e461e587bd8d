/// Why a check could not observe the object at all: no verdict, as opposed to a report.
///
/// Thrown when the system refused what a check needs (a thread, a dispatch worker, file
/// descriptors), when a positive control did not tick (so a negative fact would rest on
/// nothing), when the durations are out of bounds, when the main actor could not be reached in
/// time, and when a failing report had no test to fail (it is then on standard error too).
public struct LifetimeCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence: what went wrong.
    public let reason: String
    /// The report, for a failure that had no test to record it.
    public let report: LifetimeReport?

    init(reason: String, report: LifetimeReport? = nil) {
        self.reason = reason
        self.report = report
    }

    /// The reason, as one line.
    public var description: String { reason }
}
