import Testing

@testable import TimerLabTesting

/// Each spelling 0.4 deprecates still builds and forwards what it is given: its values, one by
/// one, reach the check, and its location in four parts is where the failure is recorded.
@Suite(.timeLimit(.minutes(2))) struct DeprecationsTests {
    @available(*, deprecated, message: "checks the deprecated wide entry points")
    @Test func theWideEntryPointsForwardTheirValues() async throws {
        let expected = await expectFreed(patience: .milliseconds(7)) {
            ProfileModel()
        } start: {
            $0.start()
        }
        #expect(expected?.patience == .milliseconds(7))
        let required = try await requireFreed(grace: .milliseconds(40), patience: .milliseconds(8)) {
            ProfileModel()
        } start: { _ in
        }
        #expect(required.patience == .milliseconds(8))
        let checked = try await Lifetime.check(patience: .milliseconds(9)) {
            ProfileModel()
        } start: {
            $0.start()
        }
        #expect(checked.patience == .milliseconds(9))
        let stopped = try await Lifetime.check(patience: .milliseconds(6)) {
            ProfileModel()
        } start: { _ in
        } beforeRelease: { _ in
        }
        #expect(stopped.patience == .milliseconds(6))
        await #expect(throws: LifetimeCheckError.self) {
            try await requireFreed(strict: true) {
                ProfileModel()
            } start: {
                $0.start()
            }
        }
    }

    /// Every shape of `start` and `beforeRelease` the wide spellings had forwards too.
    @available(*, deprecated, message: "checks the deprecated wide entry points")
    @Test func everyWideShapeForwards() async throws {
        let asyncStart = await expectFreed(patience: .milliseconds(1)) {
            ProfileModel()
        } start: { model in
            await Task.yield()
            model.start()
        }
        let asyncStop = await expectFreed(patience: .milliseconds(2)) {
            ProfileModel()
        } start: { _ in
        } beforeRelease: { _ in
            await Task.yield()
        }
        let requiredAsync = try await requireFreed(patience: .milliseconds(3)) {
            ProfileModel()
        } start: { model in
            await Task.yield()
            model.start()
        }
        let requiredStop = try await requireFreed(patience: .milliseconds(4)) {
            ProfileModel()
        } start: { _ in
        } beforeRelease: { _ in
            await Task.yield()
        }
        let checked = try await Lifetime.check(patience: .milliseconds(5)) {
            ProfileModel()
        } start: { model in
            await Task.yield()
            model.start()
        }
        let patiences = [asyncStart?.patience, asyncStop?.patience, requiredAsync.patience, requiredStop.patience, checked.patience]
        #expect(patiences == (1...5).map { .milliseconds($0) })
    }

    @available(*, deprecated, message: "checks the deprecated location in four parts")
    @Test func aLocationInFourPartsIsWhereTheFailureIsRecorded() async {
        await withKnownIssue {
            await expectFreed(
                patience: .zero, { Poller() }, start: { $0.start() }, fileID: "Feeds/FeedTests.swift", filePath: "/x/FeedTests.swift",
                line: 7, column: 3)
        } matching: { issue in
            issue.sourceLocation == SourceLocation(fileID: "Feeds/FeedTests.swift", filePath: "/x/FeedTests.swift", line: 7, column: 3)
        }
        withKnownIssue {
            track(ProfileModel(), fileID: "Feeds/FeedTests.swift", filePath: "/x/FeedTests.swift", line: 9, column: 1)
        } matching: { issue in
            issue.sourceLocation?.line == 9 && issue.sourceLocation?.fileID == "Feeds/FeedTests.swift"
        }
    }

    @available(*, deprecated, message: "checks the deprecated trait")
    @Test func leakCheckedTakesItsPatienceStill() {
        #expect(LeakCheckTrait.leakChecked(patience: .seconds(3)).patience == .seconds(3))
        #expect(LeakCheckTrait.leakChecked.patience == Lifetime.defaultPatience)
    }
}
