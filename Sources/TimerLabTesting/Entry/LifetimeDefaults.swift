/// What a check takes where its call leaves an argument out: how long the object runs, its
/// grace period, the patience, each step's time limit, whether a weak pass fails, and whether a
/// failure attaches its evidence to the Swift Testing test. One place
/// for the defaults, set for a suite or a test with the `.lifetimeDefaults(…)` trait, or around
/// any code with ``Lifetime/withDefaults(_:operation:isolation:)``; an argument a call gives still wins.
///
/// ```swift
/// @Suite(.lifetimeDefaults(patience: .seconds(4))) struct SlowServiceTests {
///     @Test func theSyncerIsFreed() async {
///         await expectFreed { Syncer() } start: { $0.start() }  // a 4 s patience
///     }
/// }
/// ```
public struct LifetimeDefaults: Sendable, Equatable {
    /// How long the object runs before release: 30 ms built in.
    public var running: Duration
    /// How long it is watched after release before the verdict: 20 ms built in.
    public var grace: Duration
    /// How long an object still alive after the grace period is watched further: 2 s built in
    /// (``Lifetime/defaultPatience``).
    public var patience: Duration
    /// How long `make`, `start` or `beforeRelease` may take: 10 s built in.
    public var timeout: Duration
    /// Whether a freed object that proves nothing, or one freed late, fails: `false` built in.
    public var strict: Bool
    /// Whether a failing check attaches its evidence to the Swift Testing test that ran it: the
    /// whole report as text and its facts as JSON (`swift test --attachments-path DIR` writes
    /// them there): `true` built in. XCTest, and a check outside any test, attach nothing.
    public var attachments: Bool

    /// Defaults, each the built-in one unless given.
    public init(
        running: Duration = .milliseconds(30), grace: Duration = .milliseconds(20), patience: Duration = Lifetime.defaultPatience,
        timeout: Duration = .seconds(10), strict: Bool = false, attachments: Bool = true
    ) {
        (self.running, self.grace, self.patience, self.timeout) = (running, grace, patience, timeout)
        (self.strict, self.attachments) = (strict, attachments)
    }

    /// The defaults in force for the task running now: the innermost trait's or
    /// `withDefaults`', else the built-in ones.
    @TaskLocal static var current = LifetimeDefaults()

    /// These defaults with each of the given values in place of its own.
    func overriding(
        running: Duration?, grace: Duration?, patience: Duration?, timeout: Duration?, strict: Bool?, attachments: Bool?
    ) -> Self {
        LifetimeDefaults(
            running: running ?? self.running, grace: grace ?? self.grace, patience: patience ?? self.patience,
            timeout: timeout ?? self.timeout, strict: strict ?? self.strict, attachments: attachments ?? self.attachments)
    }
}

extension Lifetime {
    /// The defaults in force here: what a check's omitted arguments take.
    public static var defaults: LifetimeDefaults { LifetimeDefaults.current }

    /// Runs `operation` with `defaults` in force for every check it makes (XCTest's way to set
    /// them for a test; in Swift Testing, the `.lifetimeDefaults(…)` trait does it for a suite).
    public static func withDefaults<Result>(
        _ defaults: LifetimeDefaults, operation: () async throws -> Result, isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> Result {
        try await LifetimeDefaults.$current.withValue(defaults, operation: operation, isolation: isolation)
    }
}
