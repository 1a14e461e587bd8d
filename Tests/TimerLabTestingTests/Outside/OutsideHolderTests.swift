import Foundation
import TestSupport
import Testing
import TimerLabTesting

/// An object something outside it keeps (a registry, a singleton, a cache) is held from
/// outside: the report's first line names the chain from the global, the check stops nothing of
/// it, and the app's object still ticks after the check. The controls: an object only its own
/// source keeps, and one a block observer keeps, are still proved by the stop that frees them.
@Suite(.timeLimit(.minutes(2))) struct OutsideHolderTests {
    /// Lets a test see whether the object a check made is still alive, holding it weakly.
    final class Watch<Object: AnyObject>: @unchecked Sendable {
        weak var object: Object?
        func keep(_ object: Object) -> Object {
            self.object = object
            return object
        }
    }

    @Test func aRegisteredRefresherIsNamedByItsRegistryAndKeepsRefreshing() async throws {
        let watch = Watch<FeedRefresher>()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            watch.keep(FeedRefresher())
        } start: {
            $0.start()
        }
        #expect(report.heldBy == ["FeedRegistry.shared", "refreshers[0]"], "\(report)")
        #expect(report.description.hasPrefix("FeedRefresher: LEAKED, held by `FeedRegistry.shared` → `refreshers[0]`\n"), "\(report)")
        #expect(report.stopsTried.isEmpty && report.culprit == nil && report.candidates.isEmpty, "\(report)")
        #expect(!report.description.contains("likely"), "\(report)")
        #expect(report.fix?.contains("remove it from `FeedRegistry.shared.refreshers[0]`") == true, "\(report)")
        let before = try #require(watch.object, "the refresher is gone: nothing was holding it").refreshes
        #expect(await eventually { (watch.object?.refreshes ?? 0) > before + 2 }, "the check stopped the app's refresher: \(report)")
        // The control: the registry named is what holds it; taken out, it goes.
        FeedRegistry.shared.removeAll()
        #expect(await eventually { watch.object == nil }, "out of the registry, the refresher lives on: \(report)")
    }

    @Test func aSingletonCheckedByMistakeIsNamedAndKeepsTicking() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Metronome.shared
        } start: {
            $0.start()
        }
        #expect(report.heldBy == ["Metronome.shared"], "\(report)")
        #expect(report.description.hasPrefix("Metronome: LEAKED, held by `Metronome.shared`\n"), "\(report)")
        #expect(report.stopsTried.isEmpty, "\(report)")
        let before = Metronome.shared.beats
        #expect(await eventually { Metronome.shared.beats > before + 2 }, "the check stopped the app's clock: \(report)")
    }

    /// Its own source's handler holds it too, but cancelling that would free nothing while the
    /// cache keeps it: nothing is stopped, and the cache is named.
    @Test func aCachedThumbnailIsNamedByTheCacheAndKeepsRedrawing() async throws {
        let watch = Watch<Thumbnail>()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            watch.keep(Thumbnail(key: "avatar", cache: .avatars))
        } start: {
            $0.start()
        }
        #expect(report.heldBy == ["AvatarCache.shared", "entries[\"avatar\"]"], "\(report)")
        #expect(report.stopsTried.isEmpty && report.culprit == nil, "\(report)")
        let before = try #require(watch.object).redraws
        #expect(await eventually { (watch.object?.redraws ?? 0) > before + 2 }, "the check cancelled the thumbnail's source: \(report)")
        AvatarCache.shared.remove("avatar")
    }

    /// A static `Mutex` of a dictionary: the static is named; the entry's key, whose type nothing
    /// above the storage tells, is not.
    @Test func aThumbnailInAStaticMutexIsNamedByTheStatic() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Thumbnail(key: "banner", cache: .images)
        } start: {
            $0.start()
        }
        #expect(report.heldBy == ["ImageCache.entries", "[…]"], "\(report)")
        #expect(report.stopsTried.isEmpty, "\(report)")
        ImageCache.remove("banner")
    }

    /// Kept by an object no global reaches: no chain is named, and its source, whose handlers
    /// hold nothing of it, is neither stopped nor named (its cancel could not free it).
    @Test func aRefresherALocalKeepsIsHeldFromOutsideAndItsSourceIsLeftGoing() async throws {
        let keeper = RefresherKeeper()
        let watch = Watch<FeedRefresher>()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            watch.keep(FeedRefresher(registers: false))
        } start: {
            $0.start()
            keeper.keep($0)
        }
        #expect(report.fate == .leaked && report.heldBy.isEmpty && report.heldFromOutside, "\(report)")
        #expect(report.stopsTried.isEmpty && report.culprit == nil && report.candidates.isEmpty, "\(report)")
        // Its `Atomic` counter is storage the check does not open, so the headline names it beside the outside.
        #expect(report.description.contains("or from outside its stored properties\n"), "\(report)")
        #expect(!report.description.contains("likely") && !report.text.contains("[weak self]"), "\(report)")
        let before = try #require(watch.object, "the refresher is gone: nothing was holding it").refreshes
        #expect(await eventually { (watch.object?.refreshes ?? 0) > before + 2 }, "the check stopped the app's refresher: \(report)")
        keeper.removeAll()
        #expect(await eventually { watch.object == nil }, "out of its keeper, the refresher lives on: \(report)")
    }

    /// The control of the one above: a source whose event handler takes the object weakly but
    /// whose cancel handler captures it is still stopped, and its cancel proves it the holder.
    @Test func aSourceWhoseCancelHandlerCapturesItIsStillProvedByItsStop() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            ClosingPoller()
        } start: {
            $0.start()
        }
        #expect(report.culprit?.path == "source", "\(report)")
    }

    @Test func aLoneSourceIsStillProvedByItsStop() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            LoneSourcePoller()
        } start: {
            $0.start()
        }
        #expect(report.heldBy.isEmpty, "\(report)")
        #expect(report.culprit?.path == "source", "\(report)")
    }

    @Test func anObserverIsStillProvedByItsRemoval() async throws {
        let center = NotificationCenter()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            ObservingBadge(center: center)
        } start: {
            $0.start()
        }
        #expect(report.heldBy.isEmpty, "\(report)")
        #expect(report.culprit?.path == "token", "\(report)")
    }

    /// A registry keeps an object, then lets it go: the check sees it freed and names nothing.
    @Test func aRefresherTakenOutOfItsRegistryBeforeReleaseIsFreed() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            FeedRefresher()
        } start: {
            $0.start()
            FeedRegistry.shared.unregister($0)
        }
        #expect(report.freed && report.heldBy.isEmpty, "\(report)")
    }
}
