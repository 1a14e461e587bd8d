import Foundation
import TimerLab
import TimerLabHarness

/// Test-only scenarios; they exist only in the `TimerLabFixtures` binary, never in `timerlab`.
enum Fixtures {
    static let all: [Scenario] = [wrongExpectation, crash, hang, stopped]

    /// `strong-target`'s owner with the expectation of a freed owner: `check` must report it as differing.
    static let wrongExpectation = Scenario(
        name: "wrong-expectation", family: .targetAction, articles: [],
        summary: "test-only: strong-target's owner, wrongly expected to be freed",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Scenario.strongTarget.explanation, makeOwner: Scenario.strongTarget.makeOwner)

    /// An owner that traps while starting: its child dies of a signal.
    static let crash = Scenario(
        name: "crash", family: .targetAction, articles: [], summary: "test-only: traps in viewDidLoad",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Scenario.strongTarget.explanation, makeOwner: CrashingViewController.init)

    /// An owner that never returns from `viewDidLoad`: its child gives up at its hard limit.
    static let hang = Scenario(
        name: "hang", family: .targetAction, articles: [], summary: "test-only: never returns from viewDidLoad",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Scenario.strongTarget.explanation, makeOwner: HangingViewController.init)

    /// An owner that stops its whole process: only the parent's watchdog can end the child.
    static let stopped = Scenario(
        name: "stopped", family: .targetAction, articles: [], summary: "test-only: sends itself SIGSTOP",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Scenario.strongTarget.explanation, makeOwner: StoppingViewController.init)
}

final class CrashingViewController: ViewController, @unchecked Sendable {
    override func viewDidLoad() {
        fatalError("fixture: crashes on purpose")
    }
}

final class HangingViewController: ViewController, @unchecked Sendable {
    override func viewDidLoad() {
        while true { sleep(60) }
    }
}

final class StoppingViewController: ViewController, @unchecked Sendable {
    override func viewDidLoad() {
        raise(SIGSTOP)
    }
}
