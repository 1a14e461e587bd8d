import TimerLabHarness

/// A library's repeating work the checked object kept at its release (`LibraryRepeats`: a
/// SwiftNIO `RepeatedTask`), watched by a weak reference: once the object is freed, one still
/// set to run again is work it left running.
///
/// `@unchecked Sendable`, with this invariant: `path` and `rule` are constants, and `object` is
/// a `weak` reference, whose loads and its clearing by the runtime are atomic.
final class RepeatingWork: @unchecked Sendable {
    let path: String
    let rule: LibraryRepeats.Rule
    private weak var object: AnyObject?

    init(path: String, rule: LibraryRepeats.Rule, object: AnyObject) {
        self.path = path
        self.rule = rule
        self.object = object
    }

    /// Weak watches of the repeating work a walk met, each taken by a claim whose way still stands.
    static func watching(_ found: [PropertyWalk.Repeater]) -> [RepeatingWork] {
        found.compactMap { repeater in
            repeater.way.claim(repeater.address, isa: repeater.isa).map {
                RepeatingWork(path: repeater.path, rule: repeater.rule, object: $0)
            }
        }
    }

    /// Whether it will run again: alive, and its pending property (`task`) not `nil`. The word is
    /// read as bytes, never as a value: its loop's thread sets it to `nil` when it is cancelled,
    /// and a word read either side of that tells the truth of one instant.
    var stillRepeats: Bool {
        guard let object else { return false }
        return withExtendedLifetime(object) {
            let address = RawMemory.address(of: object)
            guard let read = RawObject.read(address),
                let field = read.fields().first(where: { $0.name == rule.pendingField })
            else { return false }
            // An optional closure is `nil` where its function's word is 0.
            return field.value.word(at: 0) != 0
        }
    }

    /// The work still set to run again once `patience` (at least 100 ms, for a cancel from a
    /// `deinit` that its loop carries out a moment later) has passed since the object was freed,
    /// polled every 2 ms: what the freed object left running.
    static func leftRunning(_ works: [RepeatingWork], patience: Duration) async -> [LifetimeReport.LibraryWork] {
        guard works.contains(where: \.stillRepeats) else { return [] }
        let deadline = ContinuousClock.now + max(patience, .milliseconds(100))
        while works.contains(where: \.stillRepeats), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return works.filter(\.stillRepeats).map { LifetimeReport.LibraryWork(path: $0.path, name: $0.rule.name) }
    }
}
