import Foundation

/// Why the harness could not produce an observation.
package enum HarnessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The subject did not finish within its hard limit.
    case timedOut(subject: String, seconds: TimeInterval)
    /// The system refused what the run needs (a thread, a dispatch worker, descriptors).
    case couldNotStart(subject: String, reason: String)
    /// The subject ran but never registered its timer, so there is nothing to observe.
    case didNotStart(subject: String)
    /// A positive control was not seen, so the run's negative facts would be observations of nothing.
    case controlFailed(subject: String, control: Control)

    package var description: String { sentence(naming: "scenario") }

    /// The sentence, naming the subject as `noun` ("scenario 'gcd'", "type 'Poller'").
    package func sentence(naming noun: String) -> String {
        switch self {
        case .timedOut(let scenario, let seconds):
            return "\(noun) '\(scenario)' did not finish within \(String(format: "%.1f", seconds)) s"
        case .couldNotStart(let scenario, let reason):
            return "\(noun) '\(scenario)' could not be run: \(reason)"
        case .didNotStart(let scenario):
            return "\(noun) '\(scenario)' never registered its timer, so nothing was observed (did its queue or thread ever run?)"
        case .controlFailed(let subject, let control):
            return
                """
                \(noun) '\(subject)': no verdict: the \(control.what.rawValue) control did not tick \(control.phase.sentence): \
                \(control.what.likelyCause)
                """
        }
    }

    /// Whether the failure is the system refusing a resource (a thread, descriptors), not a fault of timerlab.
    package var isResourceShortage: Bool {
        switch self {
        case .couldNotStart: return true
        case .controlFailed(_, let control): return control.what.isResourceShortage
        case .timedOut, .didNotStart: return false
        }
    }
}

extension Control.Phase {
    /// When, in words: `before release`, `after release`, `after the clean-up's stop`.
    package var sentence: String {
        switch self {
        case .beforeRelease: return "before release"
        case .grace: return "after release"
        case .afterStop: return "after the clean-up's stop"
        }
    }
}
