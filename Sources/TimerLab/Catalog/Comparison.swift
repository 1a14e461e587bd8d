import TimerLabHarness

/// Observed facts set against expected ones: each fact that differs.
package struct Comparison: Sendable, Equatable {
    /// Each fact that does not match, in the order owner, fired, after release, helper.
    package let differences: [Difference]

    /// Compares `observed` with `expected`.
    package init(observed: Outcome, expected: Outcome) {
        differences = observed.differences(from: expected)
    }

    /// Whether every fact matches.
    package var asExpected: Bool { differences.isEmpty }
}

extension Outcome {
    /// The facts that differ from `expected`, in the order owner, fired, after release, helper
    /// (a helper made on one side only differs from the other's `-`).
    package func differences(from expected: Outcome) -> [Difference] {
        Fact.allCases.filter { value(of: $0) != expected.value(of: $0) }.map {
            Difference(fact: $0, expected: expected.value(of: $0), observed: value(of: $0))
        }
    }
}

/// One fact on which an observation and an expectation disagree.
package struct Difference: Sendable, Equatable, Codable {
    /// The fact that differs.
    package var fact: Outcome.Fact
    /// The expected value, as `Outcome.value(of:)` spells it.
    package var expected: String
    /// The observed value, spelled the same way.
    package var observed: String

    /// `after release: expected stopped, observed running`.
    package var sentence: String {
        "\(fact.displayName): expected \(expected), observed \(observed)"
    }
}

extension Bool {
    /// `yes` or `no`, as the reports spell a boolean fact.
    package var yesNo: String { self ? "yes" : "no" }
}
