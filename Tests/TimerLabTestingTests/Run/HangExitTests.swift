import Testing

@testable import TimerLabTesting

/// The allowance a hung step's actor is given: 10 s, or the environment's, under its new name
/// first and its deprecated one still.
@Suite struct HangExitTests {
    @Test func theAllowanceIsReadUnderBothNamesTheNewOneFirst() {
        #expect(HangExit.allowance(in: [:]) == .seconds(10))
        #expect(HangExit.allowance(in: ["TIMERLAB_HANG_ALLOWANCE": "0.5"]) == .seconds(0.5))
        #expect(HangExit.allowance(in: ["TIMERLAB_HANG_PATIENCE": "2"]) == .seconds(2))
        #expect(HangExit.allowance(in: ["TIMERLAB_HANG_ALLOWANCE": "3", "TIMERLAB_HANG_PATIENCE": "2"]) == .seconds(3))
        #expect(HangExit.allowance(in: ["TIMERLAB_HANG_ALLOWANCE": "9999"]) == .seconds(10), "out of bounds: the default")
    }
}
