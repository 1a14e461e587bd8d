/// Every deadline of a run is an instant of the monotonic clock, so a wall clock set back or
/// forward (NTP, a user) never stretches or cuts a wait.
enum Deadline {
    /// The instant `seconds` from now.
    static func after(_ seconds: Double) -> ContinuousClock.Instant {
        ContinuousClock.now + .seconds(seconds)
    }
}
