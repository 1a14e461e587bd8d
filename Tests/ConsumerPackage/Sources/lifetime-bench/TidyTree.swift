import Dispatch
import Foundation

/// A screen whose whole tree goes with it (issue 60): a poller whose timer it invalidates, a
/// refresher whose source it cancels and a syncer whose task it cancels, each in its `deinit`;
/// a notifier whose stored closure takes it weakly; two partners, one keeping the other weakly.
/// What a check of a freed tree costs is measured on it.
final class TidyTree: @unchecked Sendable {
    final class Poller: @unchecked Sendable {
        var timer: Timer?
        var polls = 0
        func start() {
            let timer = Timer(timeInterval: 0.005, repeats: true) { [weak self] _ in self?.polls += 1 }
            RunLoop.current.add(timer, forMode: .default)
            self.timer = timer
        }
    }

    final class Refresher: @unchecked Sendable {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "bench.refresher"))
        var refreshes = 0
        func start() {
            source.setEventHandler { self.refreshes += 1 }
            source.schedule(deadline: .now(), repeating: .milliseconds(5))
            source.activate()
        }
    }

    final class Syncer: @unchecked Sendable {
        var task: Task<Void, Never>?
        func start() {
            task = Task {
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            }
        }
    }

    final class Notifier: @unchecked Sendable {
        var onChange: (() -> Void)?
        var changes = 0
        func start() { onChange = { [weak self] in self?.changes += 1 } }
    }

    final class Partner: @unchecked Sendable {
        var partner: Partner?
        weak var back: Partner?
    }

    let poller = Poller()
    let refresher = Refresher()
    let syncer = Syncer()
    let notifier = Notifier()
    let first = Partner()

    func start() {
        poller.start()
        refresher.start()
        syncer.start()
        notifier.start()
        let second = Partner()
        first.partner = second
        second.back = first
    }

    deinit {
        poller.timer?.invalidate()
        refresher.source.cancel()
        syncer.task?.cancel()
    }
}
