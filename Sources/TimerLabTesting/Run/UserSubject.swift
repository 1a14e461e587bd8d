import TimerLabHarness

/// A user's type as a harness subject: its steps, called by the run.
struct UserSubject<Object: AnyObject> {
    private(set) var subject: Subject

    /// A subject that builds and starts the object on the run's thread, named `name` in errors.
    init(_ steps: UserSteps<Object>, name: String) {
        self.init(steps, name: name, started: false, object: steps.makeObject)
    }

    /// A subject whose object was built and started before the run, on the caller's actor: the
    /// run takes it from `handOver`, which then holds it no more.
    init(started handOver: HandOver<Object>, _ steps: UserSteps<Object>, name: String) {
        self.init(steps, name: name, started: true, object: handOver.take)
    }

    /// A subject whose owner is the object `object()` gives, started already or not.
    private init(_ steps: UserSteps<Object>, name: String, started: Bool, object: @escaping @Sendable () -> Object) {
        subject = Subject(name: name, kind: .userType) { context in
            UserOwner(object: object(), context: context, steps: steps, started: started)
        }
        subject.readClosures = Self.readClosures
        subject.findHeldFrom = Self.findHeldFrom
        subject.onSlice = { [progress = steps.progress] in progress.noteSlice() }
    }

    /// The stored closures that hold a leaked object, and the holders whose block does not,
    /// read from its properties; with them, its own tree, for `findHeldFrom`.
    @Sendable private static func readClosures(_ object: AnyObject) -> ClosureReading {
        let walk = PropertyWalk(object, makesHandles: false)
        var reading = walk.closureReading(of: object)
        reading.tree = OwnTree(owner: RawMemory.address(of: object), objects: walk.met)
        return reading
    }

    /// What holds the object from outside, if anything does: the chain from a global (`RootSearch`).
    @Sendable private static func findHeldFrom(_ tree: OwnTree) -> (chain: [String], notRead: String?) {
        switch RootSearch.search(for: tree.owner, own: tree.objects) {
        case .held(let chain): return (chain, nil)
        case .none: return ([], nil)
        case .notRead(let why): return ([], why)
        }
    }
}

/// Holds an object until the run takes it, so the check keeps no reference of its own.
///
/// `@unchecked Sendable`, with this invariant: filled and emptied on the caller's actor, one
/// after the other (the run takes it in its first visit there, `ActorVisits`).
final class HandOver<Object: AnyObject>: @unchecked Sendable {
    private var object: Object?

    init(_ object: Object) {
        self.object = object
    }

    /// The object, handed over once; the hand-over holds it no more.
    func take() -> Object {
        guard let taken = object else { preconditionFailure("the run takes the object once") }
        object = nil
        return taken
    }

    /// The object, before it is taken, for `start`: a synchronous read, so calling `start`
    /// with it needs no hop through another executor.
    func peek() -> Object {
        guard let object else { preconditionFailure("start runs before the run takes the object") }
        return object
    }
}
