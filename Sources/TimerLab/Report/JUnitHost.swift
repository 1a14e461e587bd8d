import Foundation
import TimerLabHarness

/// The host a JUnit report names: the system's host name, or `localhost` as JUnit asks when there is none.
package enum JUnitHost {
    package static var name: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}

extension CheckResult.Status {
    /// Whether JUnit reports it as an error (the run did not give an observation), not a failure.
    var isError: Bool { self == .crashed || self == .timedOut || self == .error }
}
