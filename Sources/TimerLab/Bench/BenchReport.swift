import Foundation
import TimerLabHarness

/// What `timerlab bench` measured, on which machine, when: every figure measured in this run.
package struct BenchReport: Sendable, Equatable, Codable {
    /// The machine the figures come from.
    package var machine: Machine
    /// When the run started, ISO 8601.
    package var date: String
    /// The measurements, in the order asked for.
    package var measurements: [Measurement]

    /// The machine: cores, memory, system and Swift version.
    package struct Machine: Sendable, Equatable, Codable {
        package var cores: Int
        package var memoryBytes: UInt64
        package var operatingSystem: String
        package var swift: String

        /// `2 cores, 23 GiB, <system>`: how the renderers name it.
        package var summary: String {
            "\(cores) cores, \(memoryBytes / 1_073_741_824) GiB, \(operatingSystem)"
        }

        /// This machine.
        package static var current: Machine {
            let info = ProcessInfo.processInfo
            #if swift(>=6.3)
            let swift = "6.3 or later"
            #elseif swift(>=6.0)
            let swift = "6.x"
            #else
            let swift = "unknown"
            #endif
            return Machine(
                cores: info.activeProcessorCount, memoryBytes: info.physicalMemory,
                operatingSystem: info.operatingSystemVersionString, swift: swift)
        }
    }
}

/// One measurement: a figure per mechanism and size.
package struct Measurement: Sendable, Equatable, Codable {
    /// Which one: `memory`, `stop`, `cpu`, `accuracy`.
    package var kind: BenchKind
    /// What a figure means, with its unit.
    package var unit: String
    /// One line per mechanism (or scenario).
    package var series: [Series]
}

/// One mechanism's figures across sizes.
package struct Series: Sendable, Equatable, Codable {
    /// The mechanism or scenario, such as `strong-target (leaked)` or `run loop, reverse order`.
    package var label: String
    /// A figure per size K, in increasing K.
    package var points: [Point]
    /// `over budget after N of K` when the measurement was cut; `null` otherwise.
    @Nullable package var cut: String?

    package init(label: String, points: [Point], cut: String? = nil) {
        self.label = label
        self.points = points
        self.cut = cut
    }
}

/// A figure at one size.
package struct Point: Sendable, Equatable, Codable {
    /// How many owners, timers or tasks.
    package var k: Int
    /// The figure, in the measurement's unit.
    package var value: Double
    /// A second figure where the measurement has one (the marginal cost per owner; the p99).
    @Nullable package var secondary: Double?
    /// A third (the share of requested ticks achieved; the maximum).
    @Nullable package var tertiary: Double?

    package init(k: Int, value: Double, secondary: Double? = nil, tertiary: Double? = nil) {
        self.k = k
        self.value = value
        self.secondary = secondary
        self.tertiary = tertiary
    }
}

/// The measurements `timerlab bench` can make.
package enum BenchKind: String, Sendable, Codable, CaseIterable {
    case memory, stop, cpu, accuracy
}
