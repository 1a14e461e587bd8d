/// The owner's work counted after the harness stopped its timer or task, over a measured time.
package struct TicksAfterStop: Sendable, Equatable, Codable {
    /// Ticks after the stop.
    package var ticks: Int
    /// Seconds between the stop and the end of clean-up.
    package var seconds: Double
    /// Ticks per second after the stop.
    package var perSecond: Double

    /// Ticks over seconds.
    package init(ticks: Int, seconds: Double) {
        self.ticks = ticks
        self.seconds = seconds
        self.perSecond = seconds > 0 ? Double(ticks) / seconds : 0
    }
}
