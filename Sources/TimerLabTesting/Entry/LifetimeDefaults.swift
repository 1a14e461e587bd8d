/// What a check takes: how long the object runs, its grace period, the patience, each step's
/// time limit, whether a weak pass fails, and whether a failure attaches its evidence to the
/// Swift Testing test. A value gives some of them; each one it leaves out (`nil`) is the one in
/// force where the value is used: an enclosing `withDefaults`', a test's `.lifetimeDefaults`
/// trait, its suite's, else the built-in one.
///
/// The same value goes to a check, to the `.lifetimeDefaults` trait, and to
/// ``Lifetime/withDefaults(_:operation:isolation:)``:
///
/// ```swift
/// @Suite(.lifetimeDefaults(LifetimeDefaults(patience: .seconds(4)))) struct SlowServiceTests {
///     @Test func theSyncerIsFreed() async {
///         await expectFreed { Syncer() } start: { $0.start() }  // a 4 s patience
///     }
///
///     @Test func theSyncerIsFreedQuickly() async {
///         await expectFreed(with: LifetimeDefaults(patience: .zero)) { Syncer() } start: { $0.start() }
///     }
/// }
/// ```
public struct LifetimeDefaults: Sendable, Equatable {
    /// How long the object runs before release: 30 ms built in.
    public var running: Duration?
    /// How long it is watched after release before the verdict: 20 ms built in.
    public var grace: Duration?
    /// How long an object still alive after the grace period is watched further (bounded, and
    /// only then): one freed meanwhile was *freed late* and passes with a warning; one still
    /// alive is a leak. Zero: no second look. 2 s built in (``Lifetime/defaultPatience``).
    public var patience: Duration?
    /// How long `make`, `start` or `beforeRelease` may take before the check fails: 10 s built in.
    public var timeout: Duration?
    /// Whether a freed object that proves nothing, or one freed late, fails: `false` built in.
    public var strict: Bool?
    /// Whether a failing check attaches its evidence to the Swift Testing test that ran it: the
    /// whole report as text and its facts as JSON (`swift test --attachments-path DIR` writes
    /// them there): `true` built in. XCTest, and a check outside any test, attach nothing.
    public var attachments: Bool?

    /// A value giving these; each one left out is the one in force where the value is used.
    public init(
        running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
        attachments: Bool? = nil
    ) {
        (self.running, self.grace, self.patience, self.timeout) = (running, grace, patience, timeout)
        (self.strict, self.attachments) = (strict, attachments)
    }

    /// `settings`, every value given.
    init(_ settings: CheckSettings) {
        let durations = settings.durations
        self.init(
            running: durations.running, grace: durations.grace, patience: durations.patience, timeout: durations.timeout,
            strict: settings.strict, attachments: settings.attachments)
    }

    /// Every value settled: this value's, each one it leaves out the one in force here.
    var inForce: CheckSettings { CheckSettings(self, over: CheckSettings.current) }
}

extension Lifetime {
    /// The defaults in force here, every value given: what a check takes where its value leaves
    /// one out.
    public static var defaults: LifetimeDefaults { LifetimeDefaults(CheckSettings.current) }

    /// Runs `operation` with `defaults` in force for every check it makes, on top of the ones in
    /// force around it (XCTest's way to set them for a test; in Swift Testing, the
    /// `.lifetimeDefaults` trait does it for a test or a suite).
    ///
    /// ```swift
    /// func testTheSyncerIsFreed() async {
    ///     await Lifetime.withDefaults(LifetimeDefaults(patience: .seconds(4))) {
    ///         await expectFreed { Syncer() } start: { $0.start() }
    ///     }
    /// }
    /// ```
    @discardableResult
    public static func withDefaults<Result>(
        _ defaults: LifetimeDefaults, operation: () async throws -> Result, isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> Result {
        try await CheckSettings.$current.withValue(defaults.inForce, operation: operation, isolation: isolation)
    }
}
