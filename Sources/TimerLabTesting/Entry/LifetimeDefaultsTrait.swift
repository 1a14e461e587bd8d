#if canImport(Testing)
import Testing

/// Sets the defaults every check takes in the tests under it (``LifetimeDefaults``), on top of
/// the ones in force around them: a suite's, then a test's own, each value given replacing the
/// one it names.
public struct LifetimeDefaultsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The values this trait gives.
    public let defaults: LifetimeDefaults

    /// Each test of a suite gets the defaults.
    public var isRecursive: Bool { true }

    /// Runs the test with the defaults in force.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await CheckSettings.$current.withValue(defaults.inForce) { try await function() }
    }
}

extension Trait where Self == LifetimeDefaultsTrait {
    /// The checks under this trait take these values where their own leave them out:
    /// `@Suite(.lifetimeDefaults(LifetimeDefaults(patience: .seconds(4))))`.
    public static func lifetimeDefaults(_ defaults: LifetimeDefaults) -> Self {
        LifetimeDefaultsTrait(defaults: defaults)
    }
}
#endif
