/// The tree of a tracked object found freed when its test ends: the parts it alone kept when it
/// was tracked (`TrackedObject.parts`) must have gone with it, as `expectFreed` judges a tree.
///
/// Why read at `track`: by the end of a test its locals are gone, the object with them, and no
/// walk can read a freed object; `track` runs where the test does, while the object is alive.
/// A part the object makes after that (in `start`) is judged only if the object is still
/// alive when the check begins, whose own walk reads it then.
extension LeakTracker {
    /// Each part still alive is watched for the patience; one alive after it is checked on its
    /// own, as a tracked object still alive is (its holders found, stopped where that frees it),
    /// and the report tells it from the object. One a global's chain keeps is the app's, not
    /// judged, and nothing of it is stopped.
    static func judgeParts(of object: TrackedObject, patience: Duration?) async -> Judgement {
        let alive = object.parts.filter(\.isAlive)
        guard !alive.isEmpty else { return .pass }
        let waited = patience ?? object.settings.durations.patience
        let outcomes = await WatchedChild.outcomes(ofAlive: alive, patience: waited)
        var leaked: [(path: String, report: LifetimeReport)] = []
        for outcome in outcomes where outcome.leaked {
            guard let part = alive.first(where: { $0.path == outcome.path }), let box = ObjectBox(part.object) else { continue }
            do {
                // Its patience was the wait above.
                let report = try await checkAlive(box, typeName: part.typeName, of: object, patience: .zero)
                // A part the app keeps elsewhere by now (a registry its `start` added it to, named
                // by its chain) is the app's, as `expectFreed` leaves a part kept elsewhere.
                if !report.freed, report.heldBy.isEmpty { leaked.append((part.path, report)) }
            } catch {
                return .fail(error)
            }
        }
        guard !leaked.isEmpty else { return .pass }
        return Judgement(tracked: LifetimeReport(freed: object.typeName, leakedParts: leaked, patience: waited))
    }
}
