import TimerLabHarness

/// timerlab's own global actor, standing in for `@MainActor` in the actor scenarios.
///
/// The main actor only runs while the main thread runs its run loop, which the command line's
/// main thread never does (it waits) and Swift Testing's threads are not; a global actor of our
/// own behaves the same from both.
@globalActor
package actor ScenarioActor {
    package static let shared = ScenarioActor()
}
