import Testing
import TimerLab

@testable import TimerLabHarness

/// The one admission door, in a process that has what runs need: every subject is admitted at
/// once, and work of a caller's own that fits is not refused.
@Suite struct AdmissionTests {
    @Test func subjectsThatFitAreAdmittedTogether() throws {
        let subjects = [Scenario.gcd, .strongTarget, .proxy].map(\.subject)
        let admitted = try Admission.admit(subjects[...]).get()
        #expect(admitted == subjects.count)
    }

    @Test func workThatFitsIsNotRefused() {
        #expect(Admission.refusal(runLoops: 1, bytes: 1024, who: "this test needs") == nil)
    }
}
