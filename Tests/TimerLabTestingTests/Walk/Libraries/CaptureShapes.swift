import Dispatch
import Foundation

/// A bag of actions, as a library keeps them, run by a source that takes the bag weakly.
final class ActionBag: @unchecked Sendable {
    private(set) var actions: [() -> Void] = []
    private let source = DispatchSource.makeTimerSource(queue: .global())

    init() {
        source.schedule(deadline: .now(), repeating: .milliseconds(5))
        source.setEventHandler { [weak self] in self?.actions.forEach { $0() } }
        source.resume()
    }

    func add(_ action: @escaping () -> Void) { actions.append(action) }

    deinit { source.cancel() }
}

/// Holds an object strongly, or (`WeakRelay`) weakly.
final class Relay: @unchecked Sendable {
    let target: AnyObject
    init(_ target: AnyObject) { self.target = target }
    func poke() {}
}

final class WeakRelay: @unchecked Sendable {
    weak var target: AnyObject?
    init(_ target: AnyObject) { self.target = target }
    func poke() {}
}

/// A value that carries an object.
struct Tagged {
    var tag = 1
    var object: AnyObject
}

/// A function with no context.
func doNothing() {}

/// Hands an `ActionBag` one action of a chosen shape: each shape either captures the object
/// strongly (a leak) or does not (freed).
final class CaptureShapeOwner: @unchecked Sendable {
    enum Shape: String, CaseIterable, Sendable {
        case direct, boxedVar, throughObject, throughValue, methodReference, throughWeakObject, unownedSelf, weakSelf,
            noContext, throughWorkItem, afterMetatypes, afterOptionalClosure, throughOptionalClosure, throughIsolatedAny
        var leaks: Bool {
            [
                .direct, .boxedVar, .throughObject, .throughValue, .methodReference, .throughWorkItem, .afterMetatypes,
                .afterOptionalClosure, .throughOptionalClosure, .throughIsolatedAny,
            ].contains(self)
        }
        /// Whether the check can see the capture: a work item's block is a C block, which
        /// `Mirror` cannot list on Linux (and traps trying), so the search stops there.
        var named: Bool { leaks && self != .throughWorkItem }
    }
    let bag = ActionBag()
    private(set) var count = 0
    func poke() { count += 1 }

    func start(_ shape: Shape) {
        switch shape {
        case .direct: bag.add { self.poke() }
        case .boxedVar:
            var me = self
            bag.add {
                me.poke()
                me = self
            }
        case .throughObject:
            let relay = Relay(self)
            bag.add { relay.poke() }
        case .throughValue:
            let tagged = Tagged(object: self)
            bag.add { _ = tagged.tag }
        case .methodReference: bag.add(poke)
        case .throughWeakObject:
            let relay = WeakRelay(self)
            bag.add { relay.poke() }
        case .unownedSelf: bag.add { [unowned self] in poke() }
        case .weakSelf: bag.add { [weak self] in self?.poke() }
        case .noContext: bag.add(doNothing)
        case .throughWorkItem:
            let item = DispatchWorkItem { self.poke() }
            bag.add { item.perform() }
        case .afterMetatypes:
            // A thick (class) and a thin (struct) metatype, a thin function, then self: the
            // capture after them is read at the offset their layouts give.
            let (kind, shape, function) = (CaptureShapeOwner.self, Tagged.self, doNothing)
            bag.add {
                _ = (kind, shape)
                function()
                self.poke()
            }
        case .afterOptionalClosure:
            // An optional closure, then self: the capture after it is read at the offset its layout gives.
            let maybe: (() -> Void)? = { doNothing() }
            bag.add {
                maybe?()
                self.poke()
            }
        case .throughOptionalClosure:
            let maybe: (() -> Void)? = { self.poke() }
            bag.add { maybe?() }
        case .throughIsolatedAny:
            let isolated: @isolated(any) () -> Void = { self.poke() }
            bag.add { _ = isolated }
        }
    }
}

/// Reschedules itself with `asyncAfter` capturing self (held from outside), beside a heartbeat
/// `Timer` whose block takes self weakly (innocent). Stops rescheduling 30 s after start, so the
/// test process does not keep it for good.
final class HeartbeatPoller: @unchecked Sendable {
    private var heartbeat: Timer?
    private(set) var polls = 0
    private var until = ContinuousClock.now

    func start() {
        heartbeat = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in self?.polls += 1 }
        until = .now + .seconds(30)
        schedule()
    }

    private func schedule() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
            self.polls += 1
            if ContinuousClock.now < self.until { self.schedule() }
        }
    }
}
