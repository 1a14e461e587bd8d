import Dispatch
import Foundation
import TestSupport
import Testing
import TimerLabTesting

/// Helpers the checked object alone keeps, but that keep themselves too: through their own
/// source's handler, their own task, a closure they store, or a partner they keep (issue #60,
/// item 2). What the tree itself keeps counts as inside, so each is judged: a leak below fails,
/// named by its path and by what keeps it; the same shape fixed goes and passes. The truth of
/// each is measured without timerlab in `TreeShapeTruthTests`.
@Suite(.timeLimit(.minutes(2))) struct TreeShapeTests {
    /// One shape: its root, made and started, the helper that leaks, and the headline's start.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let check: @Sendable () async throws -> LifetimeReport
        let leaked: [String]
        let headline: String
        /// The holder inside the leak whose stop freed it: the culprit search's proof.
        var culprit: String? = nil
        var testDescription: String { name }
    }

    static let patience = Duration.milliseconds(300)

    /// A report's text with its rows' wrapping undone, to look for a phrase in.
    static func unwrapped(_ report: LifetimeReport) -> String {
        report.description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func checked<Root: AnyObject>(_ make: @escaping () -> Root, _ start: @escaping (Root) -> Void) async throws -> LifetimeReport {
        try await Lifetime.check(with: LifetimeDefaults(patience: patience), make, start: start)
    }

    static let leaks: [Shape] = [
        Shape(
            name: "a refresher its source's handler keeps",
            check: { try await checked({ Tree.ViewModel(tearsDown: false) }, { $0.start() }) },
            leaked: ["refresher"],
            headline: "ViewModel: freed, but `refresher` (Refresher) LEAKED, held by `refresher.source` (DispatchSourceTimer)",
            culprit: "refresher.source"),
        Shape(
            name: "a syncer its task keeps", check: { try await checked({ Tree.Store(tearsDown: false) }, { $0.start() }) },
            leaked: ["syncer"], headline: "Store: freed, but `syncer` (Syncer) LEAKED, held by `syncer.task` (Task)",
            culprit: "syncer.task"),
        Shape(
            name: "the third of five widgets", check: { try await checked({ Tree.Dashboard() }, { $0.start() }) },
            leaked: ["widgets[2]"],
            headline: "Dashboard: freed, but `widgets[2]` (Widget) LEAKED, held by `widgets[2].source` (DispatchSourceTimer)",
            culprit: "widgets[2].source"),
        Shape(
            name: "a notifier its own stored closure keeps",
            check: { try await checked({ Tree.Form(weakNotifier: false) }, { $0.start() }) },
            leaked: ["notifier"],
            headline: "Form: freed, but `notifier` (Notifier) LEAKED, held by `notifier.onChange`, a closure that captures it"),
        Shape(
            name: "two partners that keep each other", check: { try await checked({ Tree.Sheet(weakly: false) }, { $0.start() }) },
            leaked: ["first", "first.partner"],
            headline: "Sheet: freed, but `first` (Partner) and 1 more LEAKED, held by `first.partner.partner`, a cycle"),
    ]

    @Test(arguments: leaks) func aHelperThatKeepsItselfLeaksBelowItsRoot(_ shape: Shape) async throws {
        let report = try await shape.check()
        #expect(report.freed && report.leakedChildren.map(\.path) == shape.leaked, "\(report)")
        #expect(report.description.hasPrefix(shape.headline), "\(report)")
        #expect(report.leakedChildren.first?.culprit == shape.culprit, "\(report)")
        if let culprit = shape.culprit {
            #expect(Self.unwrapped(report).contains("cancelling `\(culprit)` freed it"), "\(report)")
        }
    }

    static let fixed: [Shape] = [
        Shape(
            name: "a refresher stopped in deinit", check: { try await checked({ Tree.ViewModel(tearsDown: true) }, { $0.start() }) },
            leaked: [], headline: "ViewModel: FREED"),
        Shape(
            name: "a syncer cancelled in deinit", check: { try await checked({ Tree.Store(tearsDown: true) }, { $0.start() }) },
            leaked: [], headline: "Store: FREED"),
        Shape(
            name: "a notifier whose closure is weak", check: { try await checked({ Tree.Form(weakNotifier: true) }, { $0.start() }) },
            leaked: [], headline: "Form: FREED"),
        Shape(
            name: "partners, one weak", check: { try await checked({ Tree.Sheet(weakly: true) }, { $0.start() }) },
            leaked: [], headline: "Sheet: FREED"),
    ]

    @Test(arguments: fixed) func theSameShapeFixedGoesWithItsRoot(_ shape: Shape) async throws {
        let report = try await shape.check()
        #expect(report.freed && report.leakedChildren.isEmpty, "\(report)")
        #expect(report.description.hasPrefix(shape.headline), "\(report)")
    }

    /// Every fix agrees with its own rows, for every leak shape here and two the rows once
    /// contradicted (#67): a poller kept by its block `Timer` (stopping it frees nothing on
    /// Linux, so the fix never says to stop it) and a channel an autosaver's task waits on
    /// forever (dropping a `Task`'s handle stops nothing, so the fix never says to drop it).
    @Test(arguments: leaks + agreementShapes) func eachFixAgreesWithItsRows(_ shape: Shape) async throws {
        let report = try await shape.check()
        #expect(!report.leakedChildren.isEmpty, "\(report)")
        #expect(Self.contradictions(report).isEmpty, "\(Self.contradictions(report)): \(report)")
    }

    static let agreementShapes: [Shape] = [
        Shape(
            name: "a poller its block Timer keeps", check: { try await checked({ Tree.Screen(weakPoller: false) }, { $0.start() }) },
            leaked: ["poller"], headline: "Screen: freed, but `poller`"),
        Shape(
            name: "a channel its autosaver's task waits on", check: { try await checked({ Autosaver() }, { $0.start() }) },
            leaked: ["channel"], headline: "Autosaver: freed, but `channel`"),
    ]

    /// What a report's fix says against its own rows: a stop of a holder whose stop freed
    /// nothing, and a handle of a task set to nil as though that ended the task.
    static func contradictions(_ report: LifetimeReport) -> [String] {
        let text = unwrapped(report)
        let fixes = text.components(separatedBy: " fix ").dropFirst().map { $0 }
        var found: [String] = []
        for holder in report.holders {
            let path = "`\(holder.path)`"
            let stoppedInVain = text.contains("stopping \(path) freed nothing") || text.contains("\(path) freed nothing")
            for fix in fixes {
                if stoppedInVain, ["stop \(path)", "cancel \(path)", "invalidate \(path)"].contains(where: fix.contains) {
                    found.append("the fix stops \(path), whose stop freed nothing")
                }
                if holder.kind == .task, fix.contains("set \(path) to nil") {
                    found.append("the fix drops the task \(path)'s handle")
                }
            }
        }
        return found
    }

    /// A helper held by its own closure names it, and the fix says how to let go of it.
    @Test func aLeakBelowThroughAStoredClosureTellsTheFix() async throws {
        let report = try await Self.checked({ Tree.Form(weakNotifier: false) }, { $0.start() })
        let child = try #require(report.leakedChildren.first)
        #expect(child.keptBy == [.closure("notifier.onChange")], "\(report)")
        #expect(report.description.contains("take Notifier weakly in `notifier.onChange`"), "\(report)")
    }

    /// A helper a shared clock keeps is not the screen's: what the clock's own handler keeps is
    /// the clock's, and nothing of it is judged or stopped.
    @Test func aHelperSomethingElseKeepsIsNeitherJudgedNorStopped() async throws {
        let shared = Tree.Refresher()
        shared.start()
        defer { shared.stop() }
        let report = try await Self.checked({ Tree.SharedRefresherScreen(refresher: shared) }, { _ in })
        #expect(report.freed && report.children.isEmpty, "\(report)")
        #expect(!shared.source.isCancelled, "the shared refresher keeps refreshing")
    }
}

/// Each shape's truth without timerlab (`TreeTruthTests.helperOutlives`): the leaking helper is
/// still alive 3 s after its root was freed, and the fixed one is gone.
@Suite(.timeLimit(.minutes(1))) struct TreeShapeTruthTests {
    static func outlives<Root: AnyObject>(
        _ make: @escaping @Sendable () -> Root, _ helper: @escaping @Sendable (Root) -> AnyObject, start: @escaping @Sendable (Root) -> Void
    ) async -> Bool {
        await TreeTruthTests.helperOutlives(make, start: start, helper: helper)
    }

    @Test func aRefresherItsSourceKeepsOutlivesItsViewModel() async {
        #expect(await Self.outlives({ Tree.ViewModel(tearsDown: false) }, { $0.refresher }, start: { $0.start() }))
        #expect(!(await Self.outlives({ Tree.ViewModel(tearsDown: true) }, { $0.refresher }, start: { $0.start() })), "the control")
    }

    @Test func aSyncerItsTaskKeepsOutlivesItsStore() async {
        #expect(await Self.outlives({ Tree.Store(tearsDown: false) }, { $0.syncer }, start: { $0.start() }))
        #expect(!(await Self.outlives({ Tree.Store(tearsDown: true) }, { $0.syncer }, start: { $0.start() })), "the control")
    }

    @Test func theThirdWidgetOutlivesItsDashboardAndTheOthersDoNot() async {
        #expect(await Self.outlives({ Tree.Dashboard() }, { $0.widgets[2] }, start: { $0.start() }))
        #expect(!(await Self.outlives({ Tree.Dashboard() }, { $0.widgets[1] }, start: { $0.start() })), "the control")
    }

    @Test func aNotifierItsClosureKeepsOutlivesItsForm() async {
        #expect(await Self.outlives({ Tree.Form(weakNotifier: false) }, { $0.notifier }, start: { $0.start() }))
        #expect(!(await Self.outlives({ Tree.Form(weakNotifier: true) }, { $0.notifier }, start: { $0.start() })), "the control")
    }

    @Test func partnersThatKeepEachOtherOutliveTheirSheet() async {
        #expect(await Self.outlives({ Tree.Sheet(weakly: false) }, { $0.first }, start: { $0.start() }))
        #expect(!(await Self.outlives({ Tree.Sheet(weakly: true) }, { $0.first }, start: { $0.start() })), "the control")
    }
}

/// An autosaver whose task waits for drafts on a channel it captured, forever: the autosaver
/// goes, the task and the channel stay (#67 item 4).
final class Autosaver: @unchecked Sendable {
    final class Channel: @unchecked Sendable {
        let (drafts, continuation) = AsyncStream.makeStream(of: String.self)
    }
    let channel = Channel()
    private(set) var saver: Task<Void, Never>?
    func start() {
        saver = Task { [channel] in
            for await _ in channel.drafts {}
        }
    }
}
