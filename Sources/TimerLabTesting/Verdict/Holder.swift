import Foundation
import TimerLabHarness

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
            /// How far past due a repeating timer was when found, if so far that its run loop would
            /// have spent long stepping through every missed interval before firing it (a fire date
            /// in the distant past): the check then moved its fire date to now, where that catch-up
            /// ends, and it ran from there. `nil` otherwise.
            public var catchUpSkipped: Duration? = nil

            /// How far off a `Timer`'s interval or fire date can be and still be said in time:
            /// 100 years. One further off (`Date.distantFuture`, an interval of
            /// `.greatestFiniteMagnitude`: a timer a scheduler fires by hand) is reported as
            /// this, and said to be in the distant future.
            public static let distant: Duration = .seconds(3_155_760_000)

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
        /// Where it sits inside an object that something besides the checked object keeps too
        /// (`clock`, for `clock.source` of a shared service the object refers to): the path of
        /// that object; its own `path` for a holder the object keeps only in a `weak` property.
        /// The check never stops such a holder, which is not the object's alone. `nil` for what
        /// the object alone keeps.
        public var keptElsewhere: String? = nil

        /// Whether it sits inside an object something else keeps too (not merely kept weakly).
        var insideSharedObject: Bool { keptElsewhere.map { $0 != path } ?? false }

        /// `Timer, one-shot, due 50 ms after start`, `Task`…: the kind, with a timer's shape. A
        /// tracked object's one-shot is due after the check began: no `start` of the check's ran.
        func label(tracked: Bool) -> String {
            guard let timer else { return kind.name }
            if timer.due >= TimerShape.distant {
                return "Timer, due in the distant future: it never fires on its own (only fire() fires it)"
            }
            if timer.repeats, timer.interval >= TimerShape.distant {
                return "Timer, repeating at an interval beyond 100 years: after its first fire, never again"
            }
            if let skipped = timer.catchUpSkipped {
                return "Timer, repeating every \(Self.words(timer.interval)), found \(Self.words(skipped)) past due: its run loop "
                    + "would step through every missed interval before firing it, holding its thread that long; the check moved "
                    + "its fire date to now, where that catch-up ends"
            }
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
            var state = goingAfterRelease ? "\(going) after release" : "\(ended) after release"
            if keptElsewhere == path {
                state += "; not stopped: the object keeps it only weakly, so it is not the object's to stop"
            } else if let keptElsewhere {
                state += "; not stopped: `\(keptElsewhere)` is kept elsewhere too, so it is not the object's alone"
            }
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
