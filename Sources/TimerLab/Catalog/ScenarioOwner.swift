import TimerLabHarness

/// A catalog scenario's owner, in the articles' words: `viewDidLoad()` starts its timer,
/// `viewWillDisappear()` is where an explicit stop belongs.
///
/// `ViewController` is the articles' owner; an owner isolated to a global actor (which cannot
/// subclass a nonisolated class) conforms directly and hops to its actor itself. The harness sees
/// only `RunOwner`, whose steps this maps onto the UIKit names.
package protocol ScenarioOwner: RunOwner {
    /// Starts the owner's timer, as the articles do in `viewDidLoad` or a button action.
    func viewDidLoad()
    /// Called just before the harness drops its reference: where an explicit `stop()` belongs.
    func viewWillDisappear()
}

extension ScenarioOwner {
    /// The harness's step 1 is UIKit's `viewDidLoad()`.
    package func startRun() { viewDidLoad() }

    /// The harness's step 3 is UIKit's `viewWillDisappear()`.
    package func willRelease() { viewWillDisappear() }
}
