/// Observed facts set against expected ones: each fact that differs.
public struct Comparison: Sendable, Equatable {
    /// Each fact that does not match, in the order owner, fired, after release.
    public let differences: [Difference]

    /// Compares `observed` with `expected`.
    public init(observed: Outcome, expected: Outcome) {
        differences = observed.differences(from: expected)
    }

    /// Whether all three facts match.
    public var asExpected: Bool { differences.isEmpty }
}
