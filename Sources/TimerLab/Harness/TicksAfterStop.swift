/// The owner's work counted after the harness stopped its timer or task, over a measured time.
public struct TicksAfterStop: Sendable, Equatable, Codable {
    /// Ticks after the stop.
    public var ticks: Int
    /// Seconds between the stop and the end of clean-up.
    public var seconds: Double
    /// Ticks per second after the stop.
    public var perSecond: Double

    /// Ticks over seconds.
    public init(ticks: Int, seconds: Double) {
        self.ticks = ticks
        self.seconds = seconds
        self.perSecond = seconds > 0 ? Double(ticks) / seconds : 0
    }
}
