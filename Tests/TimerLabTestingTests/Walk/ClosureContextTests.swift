import Testing

@testable import TimerLabTesting

private final class Target {}

/// A library's promise of a `Value`, as SwiftNIO's `EventLoopPromise<T>`: a generic value a
/// wrapper closure captures before the closure it wraps. Not private, as a library's is not: an
/// optimized build may drop what the runtime needs to make a private generic type's metadata,
/// and then a capture of it is where the reading stops.
struct Promise<Value> {
    let box: [Value]
}

/// What a library does with the closure you pass it, as SwiftNIO's `scheduleTask(in:_:)`: wraps
/// it in a closure of its own, made in a generic function, so the wrapper's context keeps the
/// generic argument's metadata first. Never specialized, so an optimized build keeps it generic.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
private func wrapping<Value>(_ task: @escaping () -> Value, promise: Promise<Value>) -> () -> Void {
    { _ = (promise.box.count, task()) }
}

/// The same, keeping a value of the generic type itself, as a protocol extension's `self`.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
private func keeping<Value>(_ value: Value, then task: @escaping () -> Void) -> () -> Void {
    { _ = (value, task()) }
}

/// A task made in a generic function: its operation's context keeps its isolation first, which
/// its capture descriptor does not list.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
private func waitingTask<Value: Sendable>(_ value: Value, until gate: AsyncStream<Void>, touching target: SendableTarget) -> Task<
    Value, Never
> {
    Task {
        for await _ in gate {}
        target.touched += 1
        return value
    }
}

private final class SendableTarget: @unchecked Sendable {
    var touched = 0
}

/// `ClosureContext` reads a closure's strong captures from its capture descriptor, and
/// `CaptureSearch` finds a target through them, never through a weak or unowned capture.
struct ClosureContextTests {
    /// Whether the closure reaches `target`, and through how many objects (closures aside: a
    /// closure passed as `Any` is wrapped in a thunk of its own).
    private func finds(_ target: Target, in closure: Any) -> [String]? {
        var search = CaptureSearch(for: target)
        return search.route(fromClosure: closure)?.filter { $0 != "a closure" }
    }

    @Test func aDirectCaptureIsFound() {
        let target = Target()
        let closure: () -> Void = { _ = target }
        #expect(finds(target, in: closure) == [])
    }

    @Test func weakAndUnownedCapturesAreNot() {
        let target = Target()
        let weakly: () -> Void = { [weak target] in _ = target }
        let unownedly: () -> Void = { [unowned target] in _ = target }
        #expect(finds(target, in: weakly) == nil)
        #expect(finds(target, in: unownedly) == nil)
    }

    @Test func anOptionalClosureIsReadAndSoIsWhatFollowsIt() {
        let target = Target()
        let inner: (() -> Void)? = { _ = target }
        let through: () -> Void = { inner?() }
        #expect(finds(target, in: through) == [])
        let empty: (() -> Void)? = nil
        let after: () -> Void = {
            empty?()
            _ = target
        }
        #expect(finds(target, in: after) == [])
    }

    @Test func anIsolatedAnyClosureIsRead() {
        let target = Target()
        let isolated: @isolated(any) () -> Void = { _ = target }
        let through: () -> Void = { _ = isolated }
        #expect(finds(target, in: through) == [])
    }

    @Test func aCapturedVarIsReadThroughItsBox() {
        let target = Target()
        var held: Target? = target
        let closure: () -> Void = { held = nil }
        #expect(finds(target, in: closure) == [])
        closure()
        #expect(held == nil)
    }

    @Test func aGenericWrappersCaptureOfTheGenericTypeIsRead() {
        let target = Target()
        let wrapper = keeping(target) {}
        #expect(finds(target, in: wrapper) == [])
    }

    @Test func aGenericWrapperIsReadPastAGenericValueToTheClosureItWraps() {
        let target = Target()
        let wrapper = wrapping({ target }, promise: Promise(box: [1, 2]))
        #expect(finds(target, in: wrapper) == [])
    }

    @Test func aValueThatIsNoClosureHasNoContext() {
        #expect(ClosureContext.context(ofFunction: 42) == nil)
        #expect(ClosureContext.context(ofFunction: Target()) == nil)
    }

    /// A context laid out otherwise than its descriptor says (a generic task's operation) is not
    /// read at all: read shifted, a capture would be taken from the wrong words.
    @Test func aGenericTasksOperationIsNotReadShifted() async throws {
        let target = SendableTarget()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let task = waitingTask(7, until: gate, touching: target)
        let job = withUnsafeBytes(of: task) { $0.load(as: UInt.self) }
        let outer = try #require(TaskOperation.context(ofJob: job, success: Int.self))
        let inner = try #require(ClosureContext.captures(of: outer)).compactMap { capture -> UInt? in
            if case .context(let context) = capture { context } else { nil }
        }
        #expect(inner.count == 1, "the thunk keeps the operation")
        for context in inner {
            #expect(ClosureContext.captures(of: context) == nil)
        }
        open.finish()
        _ = await task.value
    }
}
