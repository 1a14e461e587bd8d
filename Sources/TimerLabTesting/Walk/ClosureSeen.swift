/// A closure the object's properties keep that captures the object, seen before its release: what
/// a freed object's check can say it saw, where no holder it knows was running.
struct ClosureSeen: Sendable, Equatable {
    /// Where it is kept: `flushTask.task`, `onChange`.
    let path: String
    /// The type whose property keeps it.
    let keptBy: String
    /// Whether it takes the object weakly (`[weak self]`), rather than strongly.
    let weakly: Bool
}

extension PropertyWalk {
    /// The stored closures, among those the walk met, that capture `owner`: strongly, else weakly
    /// (read with `CaptureSearch`); and those a library's queue, read under its lock, keeps.
    func closuresSeen(capturing owner: AnyObject) -> [ClosureSeen] {
        let target = ObjectIdentifier(owner)
        let queued = target == root ? guardedCaptures.map { ClosureSeen(path: $0.path, keptBy: $0.keptBy, weakly: $0.weakly) } : []
        return queued
            + closures.compactMap { stored in
                CaptureSearch.capture(of: target, inContext: stored.context).map {
                    ClosureSeen(path: stored.path, keptBy: stored.keptBy, weakly: $0.weakly)
                }
            }
    }
}
