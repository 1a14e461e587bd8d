import Synchronization
import TimerLabHarness

/// The objects one test tracked, checked once the test is over with the truth `expectFreed`
/// tells: freed passes; alive is watched for a late release; still alive is a leak, reported once
/// at the line that tracked it, with its holders found, stopped and named.
///
/// `track(_:)` (Swift Testing, with the `.leakChecked` trait) and `trackForLeaks(_:)` (XCTest,
/// `TimerLabXCTest`) gather objects here; the test library's end of the test calls `checkAll`.
package final class LeakTracker: Sendable {
    /// The tracker of the Swift Testing test running on this task, set by `.leakChecked`.
    @TaskLocal package static var current: LeakTracker?

    private let tracked = Mutex<[TrackedObject]>([])
    /// The patience given, or `nil` for each object's defaults' (`.leakChecked`).
    private let patience: Duration?

    package init(patience: Duration? = nil) {
        self.patience = patience
    }

    /// Tracks `object`, once however often it is given, to be checked with `defaults` over the
    /// defaults in force here.
    package func track(
        _ object: AnyObject, site: CallSite, isolation: (any Actor)?, defaults: LifetimeDefaults = LifetimeDefaults()
    ) {
        let identity = ObjectIdentifier(object)
        let known = { (list: [TrackedObject]) in list.contains { $0.identity == identity && $0.object != nil } }
        guard !tracked.withLock({ known($0) }) else { return }
        // Made outside the lock: it walks the object.
        let new = TrackedObject(object, site: site, isolation: isolation, settings: defaults.inForce)
        tracked.withLock { list in
            if !known(list) { list.append(new) }
        }
    }

    /// Checks every object tracked so far, in the order tracked, and records each failure (or a
    /// late release's warning) with the running test at its tracking line; `testCase`, if given,
    /// is the test's own object, whose stored properties are looked at first.
    package func checkAll(testCase: AnyObject? = nil) async {
        let all = tracked.withLock { list in
            defer { list.removeAll() }
            return list
        }
        for object in all {
            let judgement = await check(object, testCase: testCase)
            FailureReporter.record(judgement, attachments: object.settings.attachments, at: object.site)
        }
    }

    /// What a test makes of one tracked object.
    func check(_ object: TrackedObject, testCase: AnyObject?) async -> Judgement {
        guard let box = ObjectBox(object.object) else { return await Self.judgeParts(of: object, patience: patience) }
        if let testCase, let property = box.property(of: testCase) {
            return .fail(
                LifetimeCheckError(
                    code: .notFreed,
                    reason: "\(object.typeName) is still referenced by the test case (its property `\(property)`) when the test "
                        + "ends: that reference keeps it, not a timer; make it a local, or set it to nil in tearDown"))
        }
        do {
            return Judgement(
                tracked: try await Self.checkAlive(
                    box, typeName: object.typeName, of: object, patience: patience ?? object.settings.durations.patience))
        } catch {
            return .fail(error)
        }
    }

    /// The check of an object the test made and started, still alive when the test ended (the
    /// tracked object, or a part of its tree): held by `box` alone, released, and watched with
    /// the defaults in force where `tracked` was tracked, for `patience`.
    static func checkAlive(
        _ box: ObjectBox, typeName: String, of tracked: TrackedObject, patience: Duration
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        // The object ran through the whole test already: 10 ms more is a look at it running, not
        // the defaults' `running`; the grace and timeout are the defaults in force where it was tracked.
        var durations = tracked.settings.durations
        durations.running = .milliseconds(10)
        durations.patience = patience
        return try await Lifetime.run(
            durations, box.take, start: .sync { _ in }, beforeRelease: nil, isolation: tracked.isolation, typeName: typeName, tracked: true)
    }
}

/// The one strong reference the check holds to a tracked object still alive: handed to the check
/// as its `make`, so that once the check releases it, only what held it before holds it.
///
/// `@unchecked Sendable`: the object is only touched under the lock, and taken once, by the
/// check's `make`.
final class ObjectBox: @unchecked Sendable {
    private let lock = Mutex(())
    private var held: AnyObject?

    /// `nil` when the object is already gone.
    init?(_ object: AnyObject?) {
        guard let object else { return nil }
        held = object
    }

    /// The test case's property that holds the object, if one does.
    func property(of testCase: AnyObject) -> String? {
        lock.withLock { _ in held.flatMap { TestCaseReference.property(of: testCase, holding: $0) } }
    }

    /// The object, given up: the box keeps nothing.
    func take() -> AnyObject {
        lock.withLock { _ in
            defer { held = nil }
            return held ?? Gone()
        }
    }

    /// Stands in for an object freed between the look and the take: it is freed at once.
    private final class Gone {}
}
