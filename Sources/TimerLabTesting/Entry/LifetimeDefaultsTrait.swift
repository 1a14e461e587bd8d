#if canImport(Testing)
import Testing

/// Sets the defaults every check takes in the tests under it (``LifetimeDefaults``), on top of
/// the ones in force around them: a suite's, then a test's own, each given value replacing the
/// value it names.
public struct LifetimeDefaultsTrait: TestTrait, SuiteTrait, TestScoping {
    let running: Duration?
    let grace: Duration?
    let patience: Duration?
    let timeout: Duration?
    let strict: Bool?
    let attachments: Bool?

    /// Each test of a suite gets the defaults.
    public var isRecursive: Bool { true }

    /// Runs the test with the defaults in force.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let defaults = LifetimeDefaults.current.overriding(
            running: running, grace: grace, patience: patience, timeout: timeout, strict: strict, attachments: attachments)
        try await LifetimeDefaults.$current.withValue(defaults) { try await function() }
    }
}

extension Trait where Self == LifetimeDefaultsTrait {
    /// The checks under this trait take these values where their calls leave them out.
    public static func lifetimeDefaults(
        running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
        attachments: Bool? = nil
    ) -> Self {
        LifetimeDefaultsTrait(
            running: running, grace: grace, patience: patience, timeout: timeout, strict: strict, attachments: attachments)
    }
}
#endif
