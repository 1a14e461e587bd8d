import Foundation
import TimerLabHarness

/// Renamed `LifetimeReport.Holder`: one word, *holder*, for what can keep an object alive.
@available(*, deprecated, renamed: "LifetimeReport.Holder")
public typealias Finding = LifetimeReport.Holder

extension LifetimeReport {
    /// A holder found in the object's stored properties: a timer, dispatch source, task, work item
    /// or `NotificationCenter` observer token.
    public struct Holder: Sendable, Equatable {
        /// What was found.
        public enum Kind: Sendable, Equatable {
            /// A Foundation `Timer`.
            case timer
            /// A `DispatchSourceTimer`.
            case dispatchSource
            /// A `Task`.
            case task
            /// A `DispatchWorkItem`.
            case workItem
            /// The token of a `NotificationCenter` block observer.
            case notificationObserver

            /// The type's name, as reports write it.
            public var name: String {
                switch self {
                case .timer: return "Timer"
                case .dispatchSource: return "DispatchSourceTimer"
                case .task: return "Task"
                case .workItem: return "DispatchWorkItem"
                case .notificationObserver: return "NotificationCenter observer"
                }
            }

            /// What stopping it is called, as reports say it: "invalidating", "removing"…
            var stopVerb: String {
                switch self {
                case .timer: return "invalidating"
                case .dispatchSource, .task, .workItem: return "cancelling"
                case .notificationObserver: return "removing"
                }
            }
        }

        /// A `Timer`'s shape, as found after `start`.
        public struct TimerShape: Sendable, Equatable {
            /// Whether it repeats; a one-shot fires once and is then invalidated.
            public let repeats: Bool
            /// Its interval (zero for a one-shot).
            public let interval: Duration
            /// How long after `start` returned it was first due (zero: at once).
            public let due: Duration
            /// How long past due it was at the end of the grace period (zero: not past due, or no
            /// longer valid). Long past due, no run loop was running it: a tracked object's timer
            /// on a run loop the test never ran.
            public let overdue: Duration

            /// Whether it was found so long past due that its run loop was not running it: more
            /// than two intervals and a tenth of a second, past any delay a loaded machine adds.
            var notRunByItsRunLoop: Bool {
                overdue > max(interval * 2, .milliseconds(100))
            }
        }

        /// Where the object keeps it: `ticker.source`, `timers["utc"]`, `task`.
        public let path: String
        /// What it is.
        public let kind: Kind
        /// Whether it was still going when the object was released, in the kind's own terms (a
        /// `Timer` valid, a source or work item not cancelled, a task running, an observer
        /// registered as far as the check knows; a work item neither cancelled nor performed); `nil` if that was not seen.
        public let goingAtRelease: Bool?
        /// Whether it was still going at the end of the grace period, in the same terms.
        public let goingAfterRelease: Bool
        /// For a dispatch source the check stopped: whether it was suspended (or never resumed) then;
        /// the check cancelled it and left it so, never resuming a source your code suspended.
        /// `nil` when it was not stopped, or its state could not be read.
        public let wasSuspended: Bool?
        /// For a `Timer`: one-shot or repeating, and when it was due.
        public let timer: TimerShape?

        /// `Timer, one-shot, due 50 ms after start`, `Task`…: the kind, with a timer's shape. A
        /// tracked object's one-shot is due after the check began: no `start` of the check's ran.
        func label(tracked: Bool) -> String {
            guard let timer else { return kind.name }
            guard !timer.repeats else { return "Timer, repeating every \(Self.words(timer.interval))" }
            guard timer.due >= .milliseconds(1) else { return "Timer, one-shot, due at once" }
            return "Timer, one-shot, due \(Self.words(timer.due)) after \(tracked ? "the check began" : "start")"
        }

        private static func words(_ duration: Duration) -> String { ReportText.words(duration) }

        /// What became of it, as reports say it: `still valid after release`, `fired before release`…
        var state: String {
            if goingAtRelease == false {
                return kind == .timer && timer?.repeats == false ? "fired before release" : "already \(ended) before release"
            }
            let state = goingAfterRelease ? "\(going) after release" : "\(ended) after release"
            guard let timer, timer.notRunByItsRunLoop else { return state }
            return state + "; \(Self.words(timer.overdue)) past due then: the run loop it is on was not running it "
                + "(a run loop the test never ran), yet it keeps what it holds"
        }

        private var going: String {
            switch kind {
            case .timer: return "still valid"
            case .dispatchSource, .workItem: return "not cancelled"
            case .task: return "still running"
            case .notificationObserver: return "still registered"
            }
        }

        private var ended: String {
            switch kind {
            case .timer: return "invalidated"
            case .dispatchSource: return "cancelled"
            case .workItem: return "cancelled or performed"
            case .task: return "cancelled or returned"
            case .notificationObserver: return "removed"
            }
        }
    }
}
