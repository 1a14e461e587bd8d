import TimerLabHarness

/// The articles' view controller, reduced to what the harness needs: lifecycle hooks and a lifetime.
///
/// Every scenario's owner subclasses it, so it reads like the Objective-C it translates:
/// `viewDidLoad()` starts the timer, a tick method does the article's "Do Something",
/// `viewWillDisappear()` is the place the "stop it before you go" fix lives, and `deinit` is the
/// `dealloc` the articles invalidate in.
///
/// Owners are `@unchecked Sendable` because Swift 6 requires it of anything a timer block, a
/// dispatch handler or a `Task` captures. The invariant that makes the claim true: every stored
/// property of an owner is written at most by one context at a time, and never while another
/// context reads it:
/// - the harness's thread writes in `viewDidLoad()` and `viewWillDisappear()`, before and after
///   the callbacks it is waiting for, and `deinit` runs only once nothing else holds the owner;
/// - callbacks (a run-loop timer on the harness's thread, a handler on the run's serial queue, a
///   `Task` or stream loop on the executor) only read the owner's properties, and count ticks
///   through the probe, which is thread-safe;
/// - the one exception, `no-runloop`, writes its `timer` once, from a dispatch worker, in the
///   block that creates it; nothing else reads that property but `deinit`, which the block's
///   strong reference orders after it.
/// This marks the classes; it does not change a single reference, so every capture and every
/// cycle is exactly what the article has.
///
/// It is `open`, and so public, only because the test fixtures and tests subclass it from other
/// modules of this package, and Swift has no `package open`; no library product exports it.
open class ViewController: ScenarioOwner, @unchecked Sendable {
    /// The run's interval, probe and queues.
    public let context: ScenarioContext

    /// Creates an owner for one run.
    public init(context: ScenarioContext) {
        self.context = context
    }

    /// Starts the owner's timer, as the articles do in `viewDidLoad` or a button action.
    open func viewDidLoad() {}

    /// Called just before the harness drops its reference: where an explicit `stop()` belongs.
    open func viewWillDisappear() {}

    /// The work each article does on a tick ("Do Something"); the harness counts it.
    public final func doSomething() {
        context.probe.recordTick()
    }

    /// The same work from a Swift concurrency loop. Once the run is over it never returns: a
    /// loop that outlived its observation (one that spins after a cancel) is parked here instead
    /// of burning a core for the rest of the process. While the run is observed it returns at once.
    public final func doSomething() async {
        await context.probe.recordTickOrPark()
    }

    deinit {
        context.probe.recordOwnerDeinit()
    }
}
