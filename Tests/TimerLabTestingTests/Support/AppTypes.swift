import Dispatch
import Foundation

// Types from an app, not timer demos: what a user hands the check in their first week.
// `@unchecked Sendable` where a closure captures them: the check builds, starts and releases
// each on one thread, and their callbacks only read or bump a counter.

/// A plain model: no timer, task, source, work item or observer at all.
final class ProfileModel {
    var name = "Ada"
    var followers: [String] = []
    func start() { followers.append("Grace") }
}

/// Declares a refresh timer that `start` forgets to schedule.
final class FeedViewModel {
    var refreshTimer: Timer?
    var items: [String] = []
    func start() { items = ["first"] }
}

/// Polls by rescheduling itself with `asyncAfter`, taking self weakly: freed with nothing stored.
final class StatusPoller: @unchecked Sendable {
    private(set) var polls = 0
    func start() { schedule() }
    private func schedule() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { [weak self] in
            guard let self else { return }
            polls += 1
            schedule()
        }
    }
}

/// The same, capturing self: held by the block it hands `asyncAfter`, which nothing stores. It
/// stops rescheduling 30 s after start (far beyond any check), so the test process does not keep it for good.
final class GreedyStatusPoller: @unchecked Sendable {
    private(set) var polls = 0
    private var until = ContinuousClock.now
    func start() {
        until = .now + .seconds(30)
        schedule()
    }
    private func schedule() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
            self.polls += 1
            if ContinuousClock.now < self.until { self.schedule() }
        }
    }
}

/// Watches the session: a block observer that captures self (the leak) beside a block timer
/// that takes self weakly (innocent). Its deinit removes the observer, as apps do: the check
/// must not free it inside the center's lock.
final class SessionMonitor: @unchecked Sendable {
    static let expired = Notification.Name("SessionMonitor.expired")
    private var observer: NSObjectProtocol?
    private var heartbeat: Timer?
    private(set) var expiries = 0
    private(set) var beats = 0

    func start() {
        observer = NotificationCenter.default.addObserver(forName: Self.expired, object: nil, queue: nil) { _ in
            self.expiries += 1
        }
        heartbeat = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in self?.beats += 1 }
    }

    deinit {
        observer.map(NotificationCenter.default.removeObserver)
        heartbeat?.invalidate()
    }
}

/// Debounces saves with a work item it keeps, whose block captures self: a cycle that
/// cancelling does not break.
final class DraftSaver: @unchecked Sendable {
    private var pending: DispatchWorkItem?
    private(set) var saves = 0
    func start() {
        let item = DispatchWorkItem { self.saves += 1 }
        pending = item
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5), execute: item)
    }
}

/// Shows a reminder once, with a one-shot block timer it keeps, capturing self.
final class ReminderBanner: @unchecked Sendable {
    private var dismissTimer: Timer?
    private(set) var dismissed = false
    func start() {
        dismissTimer = Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in self.dismissed = true }
    }
}

/// A store that is an actor: it starts by awaiting its own setup, then keeps a polling task
/// that captures self.
actor FeedStore {
    private var task: Task<Void, Never>?
    private(set) var refreshes = 0

    func start() async throws {
        try await Task.sleep(for: .milliseconds(1))
        task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                self.bump()
            }
        }
    }

    private func bump() { refreshes += 1 }
}

/// The same store, polling with `[weak self]` and `guard let self` on each turn.
actor PoliteFeedStore {
    private var task: Task<Void, Never>?
    private(set) var refreshes = 0

    func start() async throws {
        try await Task.sleep(for: .milliseconds(1))
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                guard let self else { return }
                await self.bump()
            }
        }
    }

    private func bump() { refreshes += 1 }
}

/// Its start throws: the session cannot be opened.
final class LoginSession {
    struct NoNetwork: Error, CustomStringConvertible {
        var description: String { "no network" }
    }
    func start() throws { throw NoNetwork() }
}

/// Its start never returns in time: it waits for a reply that does not come (for 30 s, so the
/// abandoned thread does end).
final class StuckSync {
    func start() { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 30) }
}

/// Its async start never returns in time (it sleeps 30 s).
final class StuckAsync {
    func start() async throws { try await Task.sleep(for: .seconds(30)) }
}

/// A main-actor type whose async start never returns in time.
@MainActor final class StuckBanner {
    func start() async throws { try await Task.sleep(for: .seconds(30)) }
}

/// Listens on a notification center of its own, which it stores: the check removes the
/// observer from that center, not from the default one.
final class ChatRoom: @unchecked Sendable {
    static let message = Notification.Name("ChatRoom.message")
    let center = NotificationCenter()
    private var observer: NSObjectProtocol?
    private(set) var messages = 0

    func start() {
        observer = center.addObserver(forName: Self.message, object: nil, queue: nil) { _ in self.messages += 1 }
    }
}

/// Its async start throws: the feed cannot be reached.
final class OfflineFeed {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "feed unreachable" }
    }
    func start() async throws {
        try await Task.sleep(for: .milliseconds(1))
        throw Unreachable()
    }
}

/// The same, on the main actor.
@MainActor final class OfflineBanner {
    func start() async throws {
        try await Task.sleep(for: .milliseconds(1))
        throw OfflineFeed.Unreachable()
    }
}
