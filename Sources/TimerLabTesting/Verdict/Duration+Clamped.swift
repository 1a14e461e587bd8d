extension Duration {
    /// `seconds` as a duration, whatever the value: one beyond `Holder.TimerShape.distant` either
    /// way (`±infinity` too) is that bound, and NaN is zero. `Duration.seconds(_:)` traps on
    /// such values, and a user's `Timer` may carry any of them.
    static func clamped(seconds: Double) -> Duration {
        guard !seconds.isNaN else { return .zero }
        let bound = LifetimeReport.Holder.TimerShape.distant
        guard seconds.magnitude < bound.seconds else { return seconds < 0 ? .zero - bound : bound }
        return .seconds(seconds)
    }
}
