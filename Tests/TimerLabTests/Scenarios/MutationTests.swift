import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// Flipping a scenario's deciding line flips what the harness observes: the mutant, the same file
/// with that line flipped, is run beside the scenario with the scenario's own expectation, and the
/// owner's observed fate must differ. A verdict looked up instead of observed would not change.
@Suite(.serialized) struct MutationTests {
    static let mutations: [(Mutation, Scenario)] = [
        (
            Mutation(
                scenario: "task-weak-call",
                replacements: [
                    (
                        "            await self?.poll()  // ◀\n",
                        """
                                    while let interval = self?.context.interval, !Task.isCancelled {  // ◀
                                        try? await Task.sleep(for: .seconds(interval))
                                        await self?.doSomething()
                                    }

                        """
                    )
                ]),
            .taskWeakCallMutant
        ),
        (
            Mutation(
                scenario: "timer-unstored",
                replacements: [("repeats: true) { _ in", "repeats: true) { [weak self] _ in"), ("self.refresh()", "self?.refresh()")]),
            .timerUnstoredMutant
        ),
        (
            Mutation(
                scenario: "task-unstored",
                replacements: [
                    ("let task = Task {", "let task = Task { [weak self] in"), ("await self.refresh()", "await self?.refresh()"),
                ]),
            .taskUnstoredMutant
        ),
        (
            Mutation(
                scenario: "observations-strong",
                replacements: [
                    ("task = Task {", "task = Task { [weak self] in"),
                    ("Observations({ self.thermometer.reading })", "Observations({ [weak self] in self?.thermometer.reading })"),
                    ("self.render()", "self?.render()"),
                ]),
            .observationsStrongMutant
        ),
        (
            Mutation(
                scenario: "observations-weak",
                replacements: [
                    ("task = Task { [weak self] in", "task = Task {"),
                    ("Observations({ [weak self] in self?.thermometer.reading })", "Observations({ self.thermometer.reading })"),
                    ("                guard let self else { break }\n", ""),
                ]),
            .observationsWeakMutant
        ),
        (
            Mutation(
                scenario: "helper-strong",
                replacements: [("repeats: true) { _ in", "repeats: true) { [weak self] _ in"), ("self.poll()", "self?.poll()")]),
            .helperStrongMutant
        ),
        (
            Mutation(
                scenario: "helper-weak",
                replacements: [("repeats: true) { [weak self] _ in", "repeats: true) { _ in"), ("self?.poll()", "self.poll()")]),
            .helperWeakMutant
        ),
        (
            Mutation(
                scenario: "main-strong-target",
                replacements: [("repeats: true) { _ in", "repeats: true) { [weak self] _ in"), ("self.tick()", "self?.tick()")]),
            .mainStrongTargetMutant
        ),
        (
            Mutation(
                scenario: "main-isolated-deinit",
                replacements: [("repeats: true) { [weak self] _ in", "repeats: true) { _ in"), ("self?.tick()", "self.tick()")]),
            .mainIsolatedDeinitMutant
        ),
    ]

    @Test(arguments: mutations.map(\.0))
    func theMutantIsItsScenarioWithTheDecidingLineFlipped(_ mutation: Mutation) throws {
        let expected = try mutation.mutant()
        if ProcessInfo.processInfo.environment["TIMERLAB_RECORD_MUTANTS"] == "1" {
            try expected.write(to: mutation.mutantFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: mutation.mutantFile, encoding: .utf8)
        #expect(committed == expected, "run TIMERLAB_RECORD_MUTANTS=1 swift test --filter MutationTests, then the tests again")
    }

    @Test(arguments: mutations.map(\.0.scenario))
    func flippingTheDecidingLineFlipsTheObservedFate(_ name: String) async throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let mutant = try #require(Self.mutations.first { $0.0.scenario == name }?.1)
        let original = try await observe(scenario)
        let flipped = try await observe(mutant)
        #expect(original.outcome.owner == scenario.expectation.onThisPlatform.owner)
        #expect(original.outcome.helper == scenario.expectation.onThisPlatform.helper)
        // The fate that decides: the helper's, where the owner makes one, else the owner's.
        let fate = { (outcome: Outcome) in outcome.helper ?? outcome.owner }
        #expect(fate(flipped.outcome) != fate(original.outcome), "\(name): the mutant's fate was also \(fate(original.outcome))")
        // Compared with the scenario's own expectation, the mutant is seen to differ.
        #expect(!flipped.asExpected)
    }
}
