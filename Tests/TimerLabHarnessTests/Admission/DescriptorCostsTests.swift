import Testing

@testable import TimerLabHarness

/// Admission lets a batch in without measuring what a run loop costs when it fits at
/// `Costs.ceiling`: that is only safe while the measured costs stay under the ceiling.
@Suite struct DescriptorCostsTests {
    @Test func theMeasuredCostsStayUnderTheCeilingAdmissionAssumes() throws {
        // The count is of the whole process's descriptors, and tests beside this one open and
        // close their own: noise only adds, so the least of several measurements is the cost.
        try #require(SystemSeam.openDescriptorCount() != nil, "no procfs here: nothing is measured")
        let measured = (0..<5).map { _ in DescriptorBudget.measureCosts() }
        let defaultMode = try #require(measured.map(\.defaultMode).min())
        let commonMode = try #require(measured.map(\.commonMode).min())
        #expect(defaultMode <= DescriptorBudget.Costs.ceiling.defaultMode)
        #expect(commonMode <= DescriptorBudget.Costs.ceiling.commonMode)
    }
}
