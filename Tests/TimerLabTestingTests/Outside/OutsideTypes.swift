import Dispatch
import Foundation
import Synchronization

// App types that something outside them keeps: a registry's array, a singleton's static, a
// cache's dictionary. Each runs its own source, as real app objects do, and must still tick
// after a check. `@unchecked Sendable`: each handler only bumps an `Atomic` counter.

/// A refresher with a correct source (`[weak self]`, cancelled in `deinit`) that the app also
/// registers: the registry's array is what keeps it. `registers: false`: whoever made it keeps
/// it instead (a `RefresherKeeper`, which no global reaches).
final class FeedRefresher: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let count = Atomic<Int>(0)
    private let registers: Bool
    init(registers: Bool = true) { self.registers = registers }
    /// How many times it refreshed.
    var refreshes: Int { count.load(ordering: .relaxed) }
    func start() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { [weak self] in self?.count.add(1, ordering: .relaxed) }
        source.resume()
        if registers { FeedRegistry.shared.register(self) }
    }
    deinit { source.cancel() }
}

/// The app-wide list of refreshers.
final class FeedRegistry: @unchecked Sendable {
    static let shared = FeedRegistry()
    private let lock = NSLock()
    private var refreshers: [FeedRefresher] = []
    func register(_ refresher: FeedRefresher) { lock.withLock { refreshers.append(refresher) } }
    func unregister(_ refresher: FeedRefresher) { lock.withLock { refreshers.removeAll { $0 === refresher } } }
    func removeAll() { lock.withLock { refreshers.removeAll() } }
}

/// The app-wide clock, checked by mistake: `expectFreed { Metronome.shared }`.
final class Metronome: @unchecked Sendable {
    static let shared = Metronome()
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let count = Atomic<Int>(0)
    var beats: Int { count.load(ordering: .relaxed) }
    private init() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { [weak self] in self?.count.add(1, ordering: .relaxed) }
        source.resume()
    }
    func start() {}
}

/// A thumbnail whose source's handler takes it strongly, and which the image cache keeps too:
/// cancelling the source frees nothing while the cache has it.
final class Thumbnail: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let count = Atomic<Int>(0)
    var redraws: Int { count.load(ordering: .relaxed) }
    let key: String
    /// Which of the app's two caches keeps it.
    enum Cache { case avatars, images }
    let cache: Cache
    init(key: String, cache: Cache) {
        self.key = key
        self.cache = cache
    }
    func start() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { self.count.add(1, ordering: .relaxed) }
        source.resume()
        switch cache {
        case .avatars: AvatarCache.shared.store(self, as: key)
        case .images: ImageCache.store(self, as: key)
        }
    }
}

/// A static cache, keyed by name.
enum ImageCache {
    private static let entries = Mutex<[String: Thumbnail]>([:])
    static func store(_ thumbnail: Thumbnail, as key: String) { entries.withLock { $0[key] = thumbnail } }
    static func remove(_ key: String) { entries.withLock { $0[key] = nil } }
}

/// The cache, kept as a plain static dictionary behind a lock of its own: what most apps write.
final class AvatarCache: @unchecked Sendable {
    static let shared = AvatarCache()
    private let lock = NSLock()
    private var entries: [String: Thumbnail] = [:]
    func store(_ thumbnail: Thumbnail, as key: String) { lock.withLock { entries[key] = thumbnail } }
    func remove(_ key: String) { lock.withLock { entries[key] = nil } }
}

/// The proof control: an object only its own source's strong handler keeps.
final class LoneSourcePoller: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let count = Atomic<Int>(0)
    func start() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { self.count.add(1, ordering: .relaxed) }
        source.resume()
    }
}

/// The proof control: an object NotificationCenter keeps through a block observer that captures it.
final class ObservingBadge: @unchecked Sendable {
    private var token: NSObjectProtocol?
    private let count = Atomic<Int>(0)
    let center: NotificationCenter
    init(center: NotificationCenter) { self.center = center }
    func start() {
        token = center.addObserver(forName: Notification.Name("badge"), object: nil, queue: nil) { _ in
            self.count.add(1, ordering: .relaxed)
        }
    }
}

/// What keeps refreshers, held by the code that made it, not by a global.
final class RefresherKeeper: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [FeedRefresher] = []
    func keep(_ refresher: FeedRefresher) { lock.withLock { kept.append(refresher) } }
    func removeAll() { lock.withLock { kept.removeAll() } }
}

/// The control of a source told innocent by its event handler alone: its event handler takes
/// it weakly, but its cancel handler captures it, so the source keeps it until cancelled.
final class ClosingPoller: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let count = Atomic<Int>(0)
    func start() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { [weak self] in self?.count.add(1, ordering: .relaxed) }
        source.setCancelHandler { self.count.store(-1, ordering: .relaxed) }
        source.resume()
    }
}
